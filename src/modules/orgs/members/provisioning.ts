/**
 * Members and roles as an identity provider changes them (SCIM, the provisioning domain;
 * just-in-time membership at an IdP sign-in, the federation domain):
 * the door through which a domain above orgs adds, suspends, renames and removes members
 * and creates, renames and deletes custom roles, in the caller's transaction, each change
 * with the same org.* event a dashboard change writes (members' roles and custom roles
 * are sealed records). The caller records its own events beside them.
 *
 * Rules (docs/scim.md): a provisioned person is a Person badge with membership type
 * `scim` and the built-in Member role; the owner and admins are never suspended, removed
 * or moved to another role this way (403), as an admin may not do it to them either
 * (only the owner changes an admin); AI badges and service accounts are not members here.
 */
import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Queryable, Tx } from "../../../platform/db/database";
import { auditEvent } from "../../../platform/audit/catalog";
import { newId } from "../../../platform/ids";
import { emailsOf, findOrCreateUser } from "../../identity/index";
import { orgAccessErrors, type Organization } from "../access";
import { ORG_EVENTS } from "../events";
import { addMembership } from "../membership";
import { BUILTIN_ROLES, parseBuiltinRole, ROLE_SCOPES } from "../permissions/roles";
import { connectedIds, invitations, memberships, orgRoles, serviceAccounts } from "../schema";
import { assertEmailDomainAllowed } from "../security-policy";
import { recordEvent, type EventOrigin } from "./caller";
import { memberErrors } from "./errors";
import { endMembership, setBadgeStatus } from "./lifecycle";
import { ROLE_NAME_MAX } from "./roles";

export type { EventOrigin } from "./caller";

/** The role a provisioned person gets, and returns to when they leave a custom role. */
export const PROVISIONED_DEFAULT_ROLE = "member";
/** The membership type of the badge a provisioned person gets. */
export const PROVISIONED_MEMBERSHIP_TYPE = "scim";

/** A member as provisioning sees them: a live (active or suspended) Person badge with a membership. */
export interface ProvisionableMember {
  connectedId: string;
  userId: string;
  email: string;
  /** A built-in role key or a custom role id. */
  role: string;
  status: "active" | "suspended";
  displayName: string;
  membershipType: string;
  isOwner: boolean;
  createdAt: number;
  updatedAt: number;
}

type OrgRef = Pick<Organization, "id" | "name" | "ownerUserId">;

/**
 * The organization's members that an identity provider sees: live Person badges of
 * people (no AI badge, no service account, no group), with their membership's role and
 * e-mail, oldest first; optionally only some badges.
 */
export async function provisionableMembers(reader: Queryable, org: OrgRef, filter: { connectedIds?: readonly string[]; userId?: string } = {}): Promise<ProvisionableMember[]> {
  if (filter.connectedIds && filter.connectedIds.length === 0) return [];
  const where = [
    eq(connectedIds.orgId, org.id),
    eq(connectedIds.type, "person"),
    ne(connectedIds.status, "revoked"),
    isNull(connectedIds.serviceAccountId),
  ];
  if (filter.connectedIds) where.push(inArray(connectedIds.id, [...filter.connectedIds]));
  if (filter.userId !== undefined) where.push(eq(connectedIds.userId, filter.userId));
  const rows = await reader
    .select({ badge: connectedIds, role: memberships.role })
    .from(connectedIds)
    .innerJoin(memberships, and(eq(memberships.orgId, connectedIds.orgId), eq(memberships.userId, connectedIds.userId)))
    .where(and(...where))
    .orderBy(asc(connectedIds.createdAt), asc(connectedIds.id));
  const emails = await emailsOf(reader, rows.map((r) => r.badge.userId!));
  return rows.flatMap(({ badge, role }) => {
    const email = emails.get(badge.userId!);
    if (email === undefined) return [];
    return [
      {
        connectedId: badge.id,
        userId: badge.userId!,
        email,
        role,
        status: badge.status as "active" | "suspended",
        displayName: badge.displayName,
        membershipType: badge.membershipType,
        isOwner: badge.userId === org.ownerUserId,
        createdAt: badge.createdAt,
        updatedAt: badge.updatedAt,
      },
    ];
  });
}

async function memberOf(tx: Tx, org: OrgRef, connectedId: string): Promise<ProvisionableMember> {
  await tx.lock(`badge:${connectedId}`);
  const [member] = await provisionableMembers(tx, org, { connectedIds: [connectedId] });
  if (!member) throw memberErrors.error("notFound", { message: "no such member" });
  return member;
}

/** 403 for the owner and for admins: only the owner changes an admin, and nobody the owner, this way. */
function refuseProtected(member: ProvisionableMember, what: string): void {
  if (member.isOwner) throw orgAccessErrors.error("ownerRequired", { message: `the owner's ${what} is not changed by provisioning` });
  if (member.role === "admin") throw orgAccessErrors.error("ownerRequired", { message: `an admin's ${what} is changed by the owner in the dashboard, not by provisioning` });
}

export interface ProvisionMemberInput {
  org: OrgRef;
  email: string;
  displayName: string;
  active: boolean;
  at: number;
  /** The new member's role (default PROVISIONED_DEFAULT_ROLE): a built-in role key or a custom role id. */
  role?: string;
  /** The new badge's membership type (default PROVISIONED_MEMBERSHIP_TYPE; federation's sign-ins use sso). */
  membershipType?: string;
}

/**
 * Finds or creates the dashboard account of `email` and makes it a member: a Person
 * badge of membership type scim (or `membershipType`) with the Member role (or `role`) and org.member.added, as an
 * accepted invitation does (the organization's allowed e-mail domains apply). A person
 * who is already a member keeps their membership, role and badge (`created` false).
 * `active` false suspends the new badge (org.badge.status_changed).
 */
export async function provisionMember(
  tx: Tx,
  origin: EventOrigin,
  input: ProvisionMemberInput,
): Promise<{ member: ProvisionableMember; created: boolean; accountCreated: boolean }> {
  await assertEmailDomainAllowed(tx, input.org, input.email, "emails");
  const { user, created: accountCreated } = await findOrCreateUser(tx, input.email, input.at);
  await tx.lock(`membership:${input.org.id}:${user.id}`);
  const joined = await addMembership(tx, {
    orgId: input.org.id,
    user: { id: user.id, email: user.email, displayName: input.displayName },
    role: input.role ?? PROVISIONED_DEFAULT_ROLE,
    membershipType: input.membershipType ?? PROVISIONED_MEMBERSHIP_TYPE,
    actor: origin.auditActor,
    requestId: origin.requestId,
    at: input.at,
  });
  let member = await memberOf(tx, input.org, joined.connectedId);
  if (joined.created && !input.active) {
    await setMemberActive(tx, origin, input.org, member.connectedId, false, input.at);
    member = await memberOf(tx, input.org, joined.connectedId);
  }
  return { member, created: joined.created, accountCreated };
}

/** Suspends or reactivates a member's badge (org.badge.status_changed); nothing when it already is. */
export async function setMemberActive(tx: Tx, origin: EventOrigin, org: OrgRef, connectedId: string, active: boolean, at: number): Promise<ProvisionableMember> {
  const member = await memberOf(tx, org, connectedId);
  const status = active ? "active" : "suspended";
  if (member.status === status) return member;
  refuseProtected(member, "badge");
  const [badge] = await tx.select().from(connectedIds).where(eq(connectedIds.id, connectedId));
  await setBadgeStatus(tx, origin, badge!, status, at);
  return { ...member, status, updatedAt: at };
}

/** Sets the display name of a member's badge (what member lists and the org chart show). */
export async function renameMemberBadge(tx: Tx, org: OrgRef, connectedId: string, displayName: string, at: number): Promise<void> {
  await tx
    .update(connectedIds)
    .set({ displayName, updatedAt: at })
    .where(and(eq(connectedIds.id, connectedId), eq(connectedIds.orgId, org.id), eq(connectedIds.type, "person")));
}

/** Ends a membership: the badge is revoked (final) and the membership removed, with their org.* events. */
export async function endProvisionedMember(tx: Tx, origin: EventOrigin, org: OrgRef, connectedId: string, at: number): Promise<ProvisionableMember> {
  const member = await memberOf(tx, org, connectedId);
  refuseProtected(member, "membership");
  const [membership] = await tx.select().from(memberships).where(and(eq(memberships.orgId, org.id), eq(memberships.userId, member.userId)));
  await endMembership(tx, origin, membership!, { left: false, at });
  return member;
}

/** Gives a member a role (a custom role id, or the default role), with org.member.role_changed. */
export async function setMemberRole(tx: Tx, origin: EventOrigin, org: OrgRef, connectedId: string, role: string, at: number): Promise<void> {
  const member = await memberOf(tx, org, connectedId);
  if (member.role === role) return;
  refuseProtected(member, "role");
  await tx.update(memberships).set({ role }).where(and(eq(memberships.orgId, org.id), eq(memberships.userId, member.userId)));
  await recordEvent(tx, origin, auditEvent(ORG_EVENTS.memberRoleChanged, { userId: member.userId, connectedId, from: member.role, to: role }), at);
}

/** A custom role as provisioning sees it. */
export interface CustomRoleSummary {
  id: string;
  key: string;
  name: string;
  createdAt: number;
  updatedAt: number;
}

function roleColumns() {
  return { id: orgRoles.id, key: orgRoles.key, name: orgRoles.name, createdAt: orgRoles.createdAt, updatedAt: orgRoles.updatedAt };
}

/** The organization's custom roles (built-in roles are not among them), oldest first; optionally only some ids. */
export async function customRolesOf(reader: Queryable, orgId: string, filter: { ids?: readonly string[] } = {}): Promise<CustomRoleSummary[]> {
  if (filter.ids && filter.ids.length === 0) return [];
  const where = [eq(orgRoles.orgId, orgId)];
  if (filter.ids) where.push(inArray(orgRoles.id, [...filter.ids]));
  return reader.select(roleColumns()).from(orgRoles).where(and(...where)).orderBy(asc(orgRoles.createdAt), asc(orgRoles.id));
}

async function customRoleOf(tx: Tx, orgId: string, roleId: string): Promise<typeof orgRoles.$inferSelect> {
  await tx.lock(`org-role:${roleId}`);
  const [row] = await tx.select().from(orgRoles).where(and(eq(orgRoles.id, roleId), eq(orgRoles.orgId, orgId)));
  if (!row) throw memberErrors.error("notFound", { message: "no such role" });
  return row;
}

function cleanRoleName(name: string): string {
  const clean = name.trim();
  // eslint-disable-next-line no-control-regex
  if (!clean || clean.length > ROLE_NAME_MAX || /[\u0000-\u001f\u007f]/.test(clean)) {
    throw memberErrors.error("invalidName", { field: "displayName", message: `1 to ${ROLE_NAME_MAX} characters, no control characters` });
  }
  return clean;
}

/** A free role key made from the name: a-z, 0-9 and _, at most 40 characters, never a built-in role's. */
async function freeRoleKey(tx: Tx, orgId: string, name: string): Promise<string> {
  const base = (name.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "") || "group").slice(0, 32);
  const stem = (BUILTIN_ROLES as readonly string[]).includes(base) ? `${base}_group` : base;
  const taken = new Set((await tx.select({ key: orgRoles.key }).from(orgRoles).where(eq(orgRoles.orgId, orgId))).map((r) => r.key));
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) {
    const key = `${stem.slice(0, 40 - String(n).length - 1)}_${n}`;
    if (!taken.has(key)) return key;
  }
}

/**
 * Creates a custom role named `name` holding the built-in Member's scopes (so joining it
 * takes nothing a member had), with org.role.created. Its scopes are changed in the
 * dashboard; provisioning never changes scopes.
 */
export async function createProvisionedRole(tx: Tx, origin: EventOrigin, org: OrgRef, name: string, at: number): Promise<CustomRoleSummary> {
  const clean = cleanRoleName(name);
  await tx.lock(`org-roles:${org.id}`);
  const key = await freeRoleKey(tx, org.id, clean);
  const scopes = [...ROLE_SCOPES.member];
  const description = "Created by SCIM provisioning";
  const [row] = await tx
    .insert(orgRoles)
    .values({ id: newId(), orgId: org.id, key, name: clean, description, scopes, createdAt: at, updatedAt: at })
    .returning(roleColumns());
  await recordEvent(tx, origin, auditEvent(ORG_EVENTS.roleCreated, { roleId: row!.id, key, name: clean, scopes }), at);
  return row!;
}

/** Renames a custom role (its key and scopes stay), with org.role.updated; nothing when the name is the same. */
export async function renameProvisionedRole(tx: Tx, origin: EventOrigin, org: OrgRef, roleId: string, name: string, at: number): Promise<CustomRoleSummary> {
  const clean = cleanRoleName(name);
  const current = await customRoleOf(tx, org.id, roleId);
  if (current.name !== clean) {
    await tx.update(orgRoles).set({ name: clean, updatedAt: at }).where(eq(orgRoles.id, roleId));
    const summary = (r: { key: string; name: string; description: string | null; scopes: string[] }) => ({ key: r.key, name: r.name, description: r.description, scopes: r.scopes });
    await recordEvent(tx, origin, auditEvent(ORG_EVENTS.roleUpdated, { roleId, before: summary(current), after: summary({ ...current, name: clean }) }), at);
  }
  return { id: current.id, key: current.key, name: clean, createdAt: current.createdAt, updatedAt: current.name !== clean ? at : current.updatedAt };
}

/**
 * Deletes a custom role, with org.role.deleted. Its member holders go back to the default
 * role first (org.member.role_changed each; the owner and admins never hold a custom
 * role); a role still held by a pending invitation or a service account is 409
 * role_in_use, nothing changed.
 */
export async function deleteProvisionedRole(tx: Tx, origin: EventOrigin, org: OrgRef, roleId: string, at: number): Promise<{ released: string[] }> {
  const role = await customRoleOf(tx, org.id, roleId);
  const [invited] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.orgId, org.id), eq(invitations.role, roleId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .limit(1);
  const [account] = await tx.select({ id: serviceAccounts.id }).from(serviceAccounts).where(and(eq(serviceAccounts.orgId, org.id), eq(serviceAccounts.role, roleId))).limit(1);
  if (invited || account) {
    throw memberErrors.error("roleInUse", { message: "a pending invitation or a service account holds this role; change them in the dashboard first" });
  }
  const holders = await tx.select({ userId: memberships.userId }).from(memberships).where(and(eq(memberships.orgId, org.id), eq(memberships.role, roleId)));
  const released: string[] = [];
  for (const { userId } of holders) {
    const [badge] = await tx
      .select({ id: connectedIds.id })
      .from(connectedIds)
      .where(and(eq(connectedIds.orgId, org.id), eq(connectedIds.userId, userId), ne(connectedIds.status, "revoked")));
    await tx.update(memberships).set({ role: PROVISIONED_DEFAULT_ROLE }).where(and(eq(memberships.orgId, org.id), eq(memberships.userId, userId)));
    await recordEvent(tx, origin, auditEvent(ORG_EVENTS.memberRoleChanged, { userId, connectedId: badge?.id ?? null, from: roleId, to: PROVISIONED_DEFAULT_ROLE }), at);
    if (badge) released.push(badge.id);
  }
  await tx.delete(orgRoles).where(eq(orgRoles.id, roleId));
  await recordEvent(tx, origin, auditEvent(ORG_EVENTS.roleDeleted, { roleId, key: role.key, name: role.name, scopes: role.scopes }), at);
  return { released };
}

/** Whether a stored role value is a built-in role (provisioning leaves those alone). */
export function isBuiltinRole(role: string): boolean {
  return parseBuiltinRole(role) !== null;
}
