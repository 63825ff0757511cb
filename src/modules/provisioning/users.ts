/**
 * SCIM Users (RFC 7644 §3.3–3.6; spec 4.10): the organization's members. A User is a
 * member's live Person badge: its id is the ConnectedId, `active` is the badge being
 * active (false suspends it), DELETE revokes it and ends the membership. AI badges and
 * service accounts are never Users (spec 4.8 rule 8).
 *
 * POST finds or creates the dashboard account of the User's e-mail (the primary address,
 * else the first work one, else the first, else a userName that is an address) through
 * orgs' door and makes it a member with the Member role and a `scim` badge, as an
 * accepted invitation would (docs/scim.md). A person who is already a member and whom no
 * User manages yet is adopted: the User now manages them (membership, role and badge
 * kept). userName is unique in the organization without regard to case (a member no User
 * manages has their e-mail as userName), externalId exactly: 409 uniqueness.
 *
 * Every change is one transaction: the org.* events orgs writes for the membership and
 * badge, and org.scim.user_* for what SCIM asked.
 */
import { and, eq, inArray } from "drizzle-orm";
import { auditEvent } from "../../platform/audit/catalog";
import type { Tx } from "../../platform/db/database";
import { appendAudit } from "../../platform/audit/append";
import { canonicalJson } from "../../platform/crypto/canonical-json";
import { normaliseEmail } from "../identity/index";
import { customRolesOf, endProvisionedMember, isBuiltinRole, provisionableMembers, provisionMember, renameMemberBadge, setMemberActive, type ProvisionableMember } from "../orgs/index";
import { auditActorOfToken, listResponse, meta, originOf, projectionOf, type ListQuery, type ProvisioningDeps, type ScimCaller, type ScimJson } from "./caller";
import { provisioningErrors } from "./errors";
import { PROVISIONING_EVENTS } from "./events";
import { accountEmailOf, readUser, type UserInput } from "./input";
import { applyPatch, readPatch } from "./patch";
import { project } from "./projection";
import { scimUsers } from "./schema";
import { SCHEMA } from "./scim-schemas";

type Json = Record<string, unknown>;
type UserRow = typeof scimUsers.$inferSelect;
type Reader = Parameters<typeof provisionableMembers>[0];

/** A badge's display name is at most this long. */
const DISPLAY_NAME_MAX = 200;

interface Loaded {
  member: ProvisionableMember;
  row: UserRow | null;
}

async function loadUsers(reader: Reader, caller: ScimCaller, ids?: readonly string[]): Promise<{ users: Loaded[]; roleNames: Map<string, string>; orphans: UserRow[] }> {
  const members = await provisionableMembers(reader, caller.org, ids ? { connectedIds: ids } : {});
  const where = [eq(scimUsers.orgId, caller.org.id)];
  if (ids) where.push(inArray(scimUsers.id, [...ids]));
  const rows = ids && ids.length === 0 ? [] : await reader.select().from(scimUsers).where(and(...where));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const live = new Set(members.map((m) => m.connectedId));
  const roles = await customRolesOf(reader, caller.org.id);
  return {
    users: members.map((member) => ({ member, row: byId.get(member.connectedId) ?? null })),
    roleNames: new Map(roles.map((r) => [r.id, r.name])),
    // Rows of members who left through the dashboard: they hold a userName no User shows.
    orphans: rows.filter((r) => !live.has(r.id)),
  };
}

/** The stored, writable form of a User: what PATCH applies its operations to. */
function storedForm(user: Loaded): Json {
  const { member, row } = user;
  const attributes = row?.attributes ?? { emails: [{ value: member.email, type: "work", primary: true }], displayName: member.displayName };
  return {
    userName: row?.userName ?? member.email,
    ...(row?.externalId ? { externalId: row.externalId } : {}),
    active: member.status === "active",
    ...attributes,
    // The name shown is the badge's when SCIM never set one.
    displayName: (attributes.displayName as string | undefined) ?? member.displayName,
  };
}

function userResource(caller: ScimCaller, user: Loaded, roleNames: Map<string, string>): ScimJson {
  const { member, row } = user;
  const stored = storedForm(user);
  const hasEnterprise = SCHEMA.enterpriseUser in stored;
  const role = !isBuiltinRole(member.role) ? roleNames.get(member.role) : undefined;
  const lastModified = Math.max(member.updatedAt, row?.updatedAt ?? 0);
  const { userName, externalId, active, ...rest } = stored;
  return {
    schemas: hasEnterprise ? [SCHEMA.user, SCHEMA.enterpriseUser] : [SCHEMA.user],
    id: member.connectedId,
    ...(externalId ? { externalId } : {}),
    userName,
    ...rest,
    displayName: (rest.displayName as string | undefined) ?? member.displayName,
    active,
    ...(role !== undefined ? { groups: [{ value: member.role, display: role, $ref: `${caller.base}/Groups/${member.role}`, type: "direct" }] } : {}),
    meta: meta(caller, "User", member.connectedId, member.createdAt, lastModified),
  };
}

export async function listUsers(deps: ProvisioningDeps, caller: ScimCaller, query: ListQuery) {
  const { users, roleNames } = await loadUsers(deps.db.read, caller);
  return listResponse(
    "User",
    users.map((u) => userResource(caller, u, roleNames)),
    query,
  );
}

async function oneUser(reader: Reader, caller: ScimCaller, id: string) {
  const loaded = await loadUsers(reader, caller, [id]);
  const user = loaded.users[0];
  if (!user) return null;
  return { user, roleNames: loaded.roleNames };
}

export async function getUser(deps: ProvisioningDeps, caller: ScimCaller, id: string, query: { attributes?: string; excludedAttributes?: string }) {
  const found = await oneUser(deps.db.read, caller, id);
  if (!found) throw userNotFound(id);
  return project("User", userResource(caller, found.user, found.roleNames), projectionOf(query)) as ScimJson;
}

function userNotFound(id: string) {
  return provisioningErrors.error("resourceNotFound", { message: `no User ${id.slice(0, 100)} in this organization` });
}

function displayNameOf(input: UserInput): string {
  const name = input.attributes.name as { formatted?: string; givenName?: string; familyName?: string } | undefined;
  const given = [name?.givenName, name?.familyName].filter(Boolean).join(" ");
  const chosen = (input.attributes.displayName as string | undefined) ?? name?.formatted ?? (given || input.userName);
  return chosen.trim().slice(0, DISPLAY_NAME_MAX) || input.userName.slice(0, DISPLAY_NAME_MAX);
}

/**
 * 409 uniqueness unless userName (any case) and externalId are free in the organization.
 * Rows left behind by members who left through the dashboard are erased first: they
 * name no User any more.
 */
async function requireUnique(tx: Tx, caller: ScimCaller, input: UserInput, exceptId: string | null): Promise<void> {
  const { users, orphans } = await loadUsers(tx, caller);
  if (orphans.length > 0) await tx.delete(scimUsers).where(inArray(scimUsers.id, orphans.map((o) => o.id)));
  const key = input.userName.toLowerCase();
  for (const user of users) {
    if (user.member.connectedId === exceptId) continue;
    const userName = user.row?.userName ?? user.member.email;
    if (userName.toLowerCase() === key) throw provisioningErrors.error("uniqueness", { message: `another User of this organization has the userName ${input.userName.slice(0, 200)}` });
    if (input.externalId !== null && user.row?.externalId === input.externalId) {
      throw provisioningErrors.error("uniqueness", { message: `another User of this organization has the externalId ${input.externalId.slice(0, 200)}` });
    }
  }
}

async function record(tx: Tx, caller: ScimCaller, event: { type: string; payload: Record<string, unknown> }, at: number): Promise<void> {
  await appendAudit(tx, { orgId: caller.org.id, ...event, actor: auditActorOfToken(caller), requestId: caller.requestId, ip: caller.ip, userAgent: caller.userAgent, at });
}

async function saveRow(tx: Tx, caller: ScimCaller, member: ProvisionableMember, input: UserInput, at: number, existing: UserRow | null): Promise<void> {
  const values = { userName: input.userName, userNameKey: input.userName.toLowerCase(), externalId: input.externalId, attributes: input.attributes, updatedAt: at };
  if (existing) await tx.update(scimUsers).set(values).where(eq(scimUsers.id, existing.id));
  else await tx.insert(scimUsers).values({ id: member.connectedId, orgId: caller.org.id, userId: member.userId, createdAt: at, ...values });
}

async function lockUsers(tx: Tx, caller: ScimCaller): Promise<void> {
  await tx.lock(`scim-users:${caller.org.id}`);
}

/** POST /Users. */
export async function createUser(deps: ProvisioningDeps, caller: ScimCaller, body: unknown): Promise<ScimJson> {
  const input = readUser(body);
  const address = accountEmailOf(input);
  if (address === null) throw provisioningErrors.error("invalidValue", { message: "a User needs an e-mail address: emails, or a userName that is one" });
  const email = normaliseEmail(address);
  return deps.db.write(async (tx) => {
    await lockUsers(tx, caller);
    await requireUnique(tx, caller, input, null);
    const now = deps.clock.now();
    const { member, created, accountCreated } = await provisionMember(tx, originOf(caller), { org: caller.org, email, displayName: displayNameOf(input), active: input.active, at: now });
    let current = member;
    if (!created) {
      const [managed] = await tx.select({ id: scimUsers.id }).from(scimUsers).where(eq(scimUsers.id, member.connectedId));
      if (managed) throw provisioningErrors.error("uniqueness", { message: "another User of this organization has this e-mail address" });
      // Adopted: the User now manages a member who joined another way.
      current = await setMemberActive(tx, originOf(caller), caller.org, member.connectedId, input.active, now);
      await renameMemberBadge(tx, caller.org, member.connectedId, displayNameOf(input), now);
    }
    await saveRow(tx, caller, current, input, now, null);
    await record(
      tx,
      caller,
      auditEvent(PROVISIONING_EVENTS.userCreated, { connectedId: member.connectedId, userId: member.userId, userName: input.userName, externalId: input.externalId, adopted: !created, accountCreated }),
      now,
    );
    const found = await oneUser(tx, caller, member.connectedId);
    return userResource(caller, found!.user, found!.roleNames);
  });
}

/** The attribute names whose stored value differs between two stored forms (key order aside: PostgreSQL's jsonb reorders keys). */
function changedAttributes(before: Json, after: Json): string[] {
  const same = (a: unknown, b: unknown) => (a === undefined || b === undefined ? a === b : canonicalJson(a) === canonicalJson(b));
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => !same(before[k], after[k])).sort();
}

/** Saves a User as `input` describes it (PUT, and PATCH once applied). */
async function replaceWith(tx: Tx, deps: ProvisioningDeps, caller: ScimCaller, user: Loaded, input: UserInput): Promise<ScimJson> {
  const id = user.member.connectedId;
  await requireUnique(tx, caller, input, id);
  const now = deps.clock.now();
  const before = storedForm(user);
  const after: Json = { userName: input.userName, ...(input.externalId ? { externalId: input.externalId } : {}), active: input.active, ...input.attributes, displayName: displayNameOf(input) };
  const changed = changedAttributes(before, after);
  if (changed.length > 0) {
    if (input.active !== (user.member.status === "active")) await setMemberActive(tx, originOf(caller), caller.org, id, input.active, now);
    const displayName = displayNameOf(input);
    if (displayName !== user.member.displayName) await renameMemberBadge(tx, caller.org, id, displayName, now);
    await saveRow(tx, caller, user.member, input, now, user.row);
    await record(tx, caller, auditEvent(PROVISIONING_EVENTS.userUpdated, { connectedId: id, userId: user.member.userId, attributes: changed }), now);
  }
  const found = await oneUser(tx, caller, id);
  return userResource(caller, found!.user, found!.roleNames);
}

async function lockedUser(tx: Tx, caller: ScimCaller, id: string): Promise<Loaded> {
  await lockUsers(tx, caller);
  const found = await oneUser(tx, caller, id);
  if (!found) throw userNotFound(id);
  return found.user;
}

/** PUT /Users/{id}: the User becomes what the body says; attributes it leaves out are cleared. */
export async function replaceUser(deps: ProvisioningDeps, caller: ScimCaller, id: string, body: unknown): Promise<ScimJson> {
  const input = readUser(body);
  return deps.db.write(async (tx) => replaceWith(tx, deps, caller, await lockedUser(tx, caller, id), input));
}

/** PATCH /Users/{id}. */
export async function patchUser(deps: ProvisioningDeps, caller: ScimCaller, id: string, body: unknown): Promise<ScimJson> {
  const operations = readPatch("User", body);
  return deps.db.write(async (tx) => {
    const user = await lockedUser(tx, caller, id);
    const patched = applyPatch(storedForm(user), operations);
    return replaceWith(tx, deps, caller, user, readUser(patched));
  });
}

/** DELETE /Users/{id}: the badge is revoked and the membership ends; the dashboard account stays. */
export async function deleteUser(deps: ProvisioningDeps, caller: ScimCaller, id: string): Promise<void> {
  await deps.db.write(async (tx) => {
    const user = await lockedUser(tx, caller, id);
    const now = deps.clock.now();
    await endProvisionedMember(tx, originOf(caller), caller.org, id, now);
    await tx.delete(scimUsers).where(eq(scimUsers.id, id));
    await record(tx, caller, auditEvent(PROVISIONING_EVENTS.userDeleted, { connectedId: id, userId: user.member.userId, userName: (storedForm(user).userName as string) ?? user.member.email }), now);
  });
}
