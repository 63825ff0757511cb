/**
 * Roles as members see them: the built-in roles (scopes from permissions/roles.ts) and
 * an organization's custom roles (named scope lists in org_roles), who may assign
 * which, and the custom-role routes' rules.
 */
import { and, asc, count, eq, gt, isNull } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { appendAudit, type AuditActor } from "../../../platform/audit/append";
import type { Queryable, Tx } from "../../../platform/db/database";
import { kernelErrors } from "../../../platform/http/error-catalog";
import { newId } from "../../../platform/ids";
import { requireOwner, type OrgActor } from "../access";
import { invitations, memberships, orgRoles, serviceAccounts } from "../schema";
import { BUILTIN_ROLES, KNOWN_SCOPES, parseBuiltinRole, ROLE_SCOPES, type BuiltinRole } from "../permissions/roles";
import { assertCan, coversAll, validateScopes } from "../permissions/service";
import { auditEvent } from "../../../platform/audit/catalog";
import { ORG_EVENTS } from "../events";
import { recordEvent, requireAdmin, type MemberCaller } from "./caller";
import { memberErrors } from "./errors";

const BUILTIN_ROLE_INFO: Record<BuiltinRole, { name: string; description: string }> = {
  owner: { name: "Owner", description: "Owns the organization; every scope. Held by exactly one person and never assigned." },
  admin: { name: "Admin", description: "Every org scope and view.business; only the owner appoints admins." },
  member: { name: "Member", description: "Lists members, manages their own files, reads their own audit events." },
  org_director: { name: "Director", description: "A member who also reaches meeting screens and business views (ORG_DIRECTOR)." },
};

export const ROLE_KEY_PATTERN = "^[a-z0-9_]{1,40}$";
export const ROLE_NAME_MAX = 100;
export const ROLE_DESCRIPTION_MAX = 500;

export type CustomRole = typeof orgRoles.$inferSelect;

export interface RoleView {
  id: string;
  key: string;
  name: string;
  description: string | null;
  scopes: string[];
  builtin: boolean;
  createdAt: string | null;
  updatedAt: string | null;
}

/** Maps stored role values (a built-in key or a custom role id) to display names for one organization. */
export type RoleNamer = (role: string) => string;

export async function roleNamer(reader: Queryable, orgId: string): Promise<RoleNamer> {
  const rows = await reader.select({ id: orgRoles.id, name: orgRoles.name }).from(orgRoles).where(eq(orgRoles.orgId, orgId));
  const custom = new Map(rows.map((r) => [r.id, r.name]));
  return (role) => {
    const builtin = parseBuiltinRole(role);
    return builtin ? BUILTIN_ROLE_INFO[builtin].name : (custom.get(role) ?? role);
  };
}

/** The scopes a custom role grants that `held` does not cover (empty when it may grant them all). */
function scopesBeyond(held: readonly string[], scopes: readonly string[]): string[] {
  return scopes.filter((s) => !coversAll(held, [s]));
}

function requireScopesHeld(actor: OrgActor, scopes: readonly string[], field: string): void {
  const missing = scopesBeyond(actor.scopes, scopes);
  if (missing.length > 0) {
    throw memberErrors.error("scopesNotHeld", { field, scopes: missing, message: "a role may not grant scopes you do not hold" });
  }
}

export interface AssignableRole {
  /** What memberships, invitations and service accounts store: a built-in key or a custom role id. */
  role: string;
  name: string;
}

/**
 * Checks that the caller may hand out `value` in this organization, and normalises it.
 * Refused: owner (ownership is not a role one is given), admin unless the caller is the
 * owner, an id that is not one of this organization's custom roles (400, the same for
 * another organization's), and any role whose scopes the caller does not hold (403).
 * Locks a custom role so it cannot be deleted while being assigned.
 */
export async function resolveAssignableRole(tx: Tx, caller: MemberCaller, value: string, field = "role"): Promise<AssignableRole> {
  const builtin = parseBuiltinRole(value);
  if (builtin === "owner") throw memberErrors.error("invalidRole", { field, message: "ownership is not assigned through roles" });
  if (builtin === "admin") requireOwner(caller.actor);
  if (builtin) {
    requireScopesHeld(caller.actor, ROLE_SCOPES[builtin], field);
    return { role: builtin, name: BUILTIN_ROLE_INFO[builtin].name };
  }
  await tx.lock(`org-role:${value}`);
  const [custom] = await tx.select().from(orgRoles).where(and(eq(orgRoles.id, value), eq(orgRoles.orgId, caller.org.id)));
  if (!custom) {
    throw memberErrors.error("invalidRole", { field, message: `one of ${BUILTIN_ROLES.filter((r) => r !== "owner").join(", ")} or a custom role id of this organization` });
  }
  requireScopesHeld(caller.actor, custom.scopes, field);
  return { role: custom.id, name: custom.name };
}

function builtinView(role: BuiltinRole): RoleView {
  return { id: role, key: role, ...BUILTIN_ROLE_INFO[role], scopes: [...ROLE_SCOPES[role]], builtin: true, createdAt: null, updatedAt: null };
}

function customView(row: CustomRole): RoleView {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    scopes: row.scopes,
    builtin: false,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Built-in roles first, then custom ones; needs org.member.list (every built-in role holds it). */
export async function listRoles(deps: Pick<AppContext, "db">, caller: MemberCaller): Promise<RoleView[]> {
  assertCan(caller.actor, KNOWN_SCOPES.memberList);
  const custom = await deps.db.read.select().from(orgRoles).where(eq(orgRoles.orgId, caller.org.id)).orderBy(asc(orgRoles.createdAt), asc(orgRoles.key));
  return [...BUILTIN_ROLES.map(builtinView), ...custom.map(customView)];
}

export interface RoleInput {
  key: string;
  name: string;
  description?: string | null;
  scopes: unknown;
}

interface CleanRoleInput {
  key: string;
  name: string;
  description: string | null;
  scopes: string[];
}

function cleanRoleInput(input: RoleInput): CleanRoleInput {
  if (!new RegExp(ROLE_KEY_PATTERN).test(input.key)) throw kernelErrors.error("invalidRequest", { field: "key", message: "1 to 40 of a-z, 0-9 and _" });
  if (parseBuiltinRole(input.key)) throw memberErrors.error("reservedRoleKey", { field: "key", message: `"${input.key}" is a built-in role` });
  const name = input.name.trim();
  if (!name || name.length > ROLE_NAME_MAX) throw memberErrors.error("invalidName", { field: "name", message: `1 to ${ROLE_NAME_MAX} characters` });
  const description = input.description?.trim() || null;
  if (description && description.length > ROLE_DESCRIPTION_MAX) {
    throw kernelErrors.error("invalidRequest", { field: "description", message: `at most ${ROLE_DESCRIPTION_MAX} characters` });
  }
  return { key: input.key, name, description, scopes: validateScopes(input.scopes, "scopes") };
}

async function requireFreeKey(tx: Tx, orgId: string, key: string, exceptRoleId?: string): Promise<void> {
  await tx.lock(`org-role-key:${orgId}:${key}`);
  const [taken] = await tx.select({ id: orgRoles.id }).from(orgRoles).where(and(eq(orgRoles.orgId, orgId), eq(orgRoles.key, key)));
  if (taken && taken.id !== exceptRoleId) throw memberErrors.error("roleKeyTaken", { field: "key", message: `a role with the key "${key}" exists` });
}

/** This organization's custom role, or 400 for a built-in key and 404 for anything else. */
async function customRoleOf(tx: Tx, caller: MemberCaller, roleId: string): Promise<CustomRole> {
  if (parseBuiltinRole(roleId)) throw memberErrors.error("builtinRole", { field: "roleId", message: "built-in roles cannot be changed or deleted" });
  await tx.lock(`org-role:${roleId}`);
  const [row] = await tx.select().from(orgRoles).where(and(eq(orgRoles.id, roleId), eq(orgRoles.orgId, caller.org.id)));
  if (!row) throw memberErrors.error("notFound", { message: "no such role" });
  return row;
}

export async function createCustomRole(deps: Pick<AppContext, "db" | "clock">, caller: MemberCaller, input: RoleInput): Promise<RoleView> {
  requireAdmin(caller.actor);
  const clean = cleanRoleInput(input);
  requireScopesHeld(caller.actor, clean.scopes, "scopes");
  return deps.db.write(async (tx) => {
    await requireFreeKey(tx, caller.org.id, clean.key);
    const now = deps.clock.now();
    const [row] = await tx
      .insert(orgRoles)
      .values({ id: newId(), orgId: caller.org.id, ...clean, createdAt: now, updatedAt: now })
      .returning();
    await recordEvent(tx, caller, auditEvent(ORG_EVENTS.roleCreated, { roleId: row!.id, key: clean.key, name: clean.name, scopes: clean.scopes }), now);
    return customView(row!);
  });
}

/**
 * Replaces a custom role. Its holders get the new scopes on their next request (the
 * guard reads them per request). The caller must hold both the old and the new
 * scopes: nobody edits a role more powerful than themselves.
 */
export async function replaceCustomRole(deps: Pick<AppContext, "db" | "clock">, caller: MemberCaller, roleId: string, input: RoleInput): Promise<RoleView> {
  requireAdmin(caller.actor);
  const clean = cleanRoleInput(input);
  return deps.db.write(async (tx) => {
    const current = await customRoleOf(tx, caller, roleId);
    requireScopesHeld(caller.actor, current.scopes, "roleId");
    requireScopesHeld(caller.actor, clean.scopes, "scopes");
    if (clean.key !== current.key) await requireFreeKey(tx, caller.org.id, clean.key, roleId);
    const now = deps.clock.now();
    const [row] = await tx
      .update(orgRoles)
      .set({ ...clean, updatedAt: now })
      .where(eq(orgRoles.id, roleId))
      .returning();
    const summary = (r: CleanRoleInput) => ({ key: r.key, name: r.name, description: r.description, scopes: r.scopes });
    await recordEvent(tx, caller, auditEvent(ORG_EVENTS.roleUpdated, { roleId, before: summary(current), after: summary(clean) }), now);
    return customView(row!);
  });
}

/** Who still holds a custom role: members, pending (unexpired) invitations, service accounts. */
async function roleUsage(tx: Tx, orgId: string, roleId: string, now: number) {
  const [m] = await tx.select({ n: count() }).from(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.role, roleId)));
  const [i] = await tx
    .select({ n: count() })
    .from(invitations)
    .where(and(eq(invitations.orgId, orgId), eq(invitations.role, roleId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now)));
  const [s] = await tx.select({ n: count() }).from(serviceAccounts).where(and(eq(serviceAccounts.orgId, orgId), eq(serviceAccounts.role, roleId)));
  return { members: Number(m!.n), invitations: Number(i!.n), serviceAccounts: Number(s!.n) };
}

export async function deleteCustomRole(deps: Pick<AppContext, "db" | "clock">, caller: MemberCaller, roleId: string): Promise<{ id: string; deleted: true }> {
  requireAdmin(caller.actor);
  return deps.db.write(async (tx) => {
    const role = await customRoleOf(tx, caller, roleId);
    const now = deps.clock.now();
    const usage = await roleUsage(tx, caller.org.id, roleId, now);
    if (usage.members + usage.invitations + usage.serviceAccounts > 0) {
      throw memberErrors.error("roleInUse", { ...usage, message: "reassign the role's holders (and revoke its pending invitations) first" });
    }
    await tx.delete(orgRoles).where(eq(orgRoles.id, roleId));
    await recordEvent(tx, caller, auditEvent(ORG_EVENTS.roleDeleted, { roleId, key: role.key, name: role.name, scopes: role.scopes }), now);
    return { id: roleId, deleted: true as const };
  });
}

/** The scopes a stored role value grants in an organization (a deleted custom role grants none). */
export async function scopesOfRole(reader: Queryable, orgId: string, role: string): Promise<readonly string[]> {
  const builtin = parseBuiltinRole(role);
  if (builtin) return ROLE_SCOPES[builtin];
  const [row] = await reader.select({ scopes: orgRoles.scopes }).from(orgRoles).where(and(eq(orgRoles.id, role), eq(orgRoles.orgId, orgId)));
  return row?.scopes ?? [];
}

export interface SharedRole {
  id: string;
  key: string;
  name: string;
  scopes: string[];
  /** True when this call created the role. */
  created: boolean;
  /** The template scopes this call added to an existing role (none when it already held them). */
  added: string[];
}

/**
 * Finds the organization's custom role `key`, or creates it, and brings it up to
 * `template`: scopes it lacks are added, none is ever removed (an Admin may have given it
 * more). For a domain that issues badges sharing one role (agents' AGENT_{KIND}), in the
 * caller's transaction, under the role's key lock; org.role.created or org.role.updated
 * is recorded with the caller's actor when something changed.
 */
export async function ensureSharedRole(
  tx: Tx,
  input: { orgId: string; key: string; name: string; description: string; template: readonly string[]; actor: AuditActor; requestId?: string | null; at: number },
): Promise<SharedRole> {
  await tx.lock(`org-role-key:${input.orgId}:${input.key}`);
  const [existing] = await tx.select().from(orgRoles).where(and(eq(orgRoles.orgId, input.orgId), eq(orgRoles.key, input.key)));
  const event = (e: { type: string; payload: Record<string, unknown> }) => appendAudit(tx, { orgId: input.orgId, ...e, actor: input.actor, requestId: input.requestId ?? null, at: input.at });
  if (!existing) {
    const scopes = [...new Set(input.template)];
    const id = newId();
    await tx.insert(orgRoles).values({ id, orgId: input.orgId, key: input.key, name: input.name, description: input.description, scopes, createdAt: input.at, updatedAt: input.at });
    await event(auditEvent(ORG_EVENTS.roleCreated, { roleId: id, key: input.key, name: input.name, scopes }));
    return { id, key: input.key, name: input.name, scopes, created: true, added: [] };
  }
  const added = input.template.filter((scope) => !existing.scopes.includes(scope));
  if (added.length === 0) return { id: existing.id, key: existing.key, name: existing.name, scopes: existing.scopes, created: false, added };
  const scopes = [...existing.scopes, ...new Set(added)];
  await tx.update(orgRoles).set({ scopes, updatedAt: input.at }).where(eq(orgRoles.id, existing.id));
  const summary = (s: string[]) => ({ key: existing.key, name: existing.name, description: existing.description, scopes: s });
  await event(auditEvent(ORG_EVENTS.roleUpdated, { roleId: existing.id, before: summary(existing.scopes), after: summary(scopes) }));
  return { id: existing.id, key: existing.key, name: existing.name, scopes, created: false, added: [...new Set(added)] };
}
