/**
 * SCIM Groups (spec 4.10): the organization's custom roles. A Group's id is the role's id,
 * its displayName the role's name, its members the Users who hold the role with an active
 * badge. POST creates a custom role holding the built-in Member's scopes and gives it to
 * the members named; PUT and PATCH rename the role and reconcile its holders; DELETE
 * deletes the role. Built-in roles (Owner, Admin, Member, Director) are not Groups.
 *
 * A member holds one role, so a User is in at most one Group: adding a User to a Group
 * moves them out of the one they were in, and removing them gives them the Member role
 * back (docs/scim.md). The owner and admins are never moved (403). Scopes are never
 * changed here: an admin sets a role's scopes in the dashboard.
 */
import { and, eq, inArray } from "drizzle-orm";
import { appendAudit } from "../../platform/audit/append";
import { auditEvent } from "../../platform/audit/catalog";
import type { Tx } from "../../platform/db/database";
import {
  createProvisionedRole,
  customRolesOf,
  deleteProvisionedRole,
  PROVISIONED_DEFAULT_ROLE,
  provisionableMembers,
  renameProvisionedRole,
  setMemberRole,
  type CustomRoleSummary,
  type ProvisionableMember,
} from "../orgs/index";
import { auditActorOfToken, listResponse, meta, originOf, projectionOf, type ListQuery, type ProvisioningDeps, type ScimCaller, type ScimJson } from "./caller";
import { provisioningErrors } from "./errors";
import { PROVISIONING_EVENTS } from "./events";
import { readGroup, type GroupInput } from "./input";
import { applyPatch, readPatch } from "./patch";
import { project } from "./projection";
import { scimGroups } from "./schema";
import { SCHEMA } from "./scim-schemas";

type Json = Record<string, unknown>;
type GroupRow = typeof scimGroups.$inferSelect;
type Reader = Parameters<typeof provisionableMembers>[0];

interface Loaded {
  role: CustomRoleSummary;
  row: GroupRow | null;
  /** Active holders, oldest first. */
  holders: ProvisionableMember[];
}

async function loadGroups(reader: Reader, caller: ScimCaller, ids?: readonly string[]): Promise<{ groups: Loaded[]; members: ProvisionableMember[] }> {
  const roles = await customRolesOf(reader, caller.org.id, ids ? { ids } : {});
  const members = await provisionableMembers(reader, caller.org);
  const rows = roles.length === 0 ? [] : await reader.select().from(scimGroups).where(and(eq(scimGroups.orgId, caller.org.id), inArray(scimGroups.id, roles.map((r) => r.id))));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    groups: roles.map((role) => ({ role, row: byId.get(role.id) ?? null, holders: members.filter((m) => m.role === role.id && m.status === "active") })),
    members,
  };
}

function groupResource(caller: ScimCaller, group: Loaded): ScimJson {
  const { role, row, holders } = group;
  return {
    schemas: [SCHEMA.group],
    id: role.id,
    ...(row?.externalId ? { externalId: row.externalId } : {}),
    displayName: role.name,
    members: holders.map((m) => ({ value: m.connectedId, display: m.displayName, $ref: `${caller.base}/Users/${m.connectedId}`, type: "User" })),
    meta: meta(caller, "Group", role.id, role.createdAt, Math.max(role.updatedAt, row?.updatedAt ?? 0)),
  };
}

export async function listGroups(deps: ProvisioningDeps, caller: ScimCaller, query: ListQuery) {
  const { groups } = await loadGroups(deps.db.read, caller);
  return listResponse(
    "Group",
    groups.map((g) => groupResource(caller, g)),
    query,
  );
}

function groupNotFound(id: string) {
  return provisioningErrors.error("resourceNotFound", { message: `no Group ${id.slice(0, 100)} in this organization` });
}

async function oneGroup(reader: Reader, caller: ScimCaller, id: string): Promise<{ group: Loaded; members: ProvisionableMember[] } | null> {
  const { groups, members } = await loadGroups(reader, caller, [id]);
  return groups[0] ? { group: groups[0], members } : null;
}

export async function getGroup(deps: ProvisioningDeps, caller: ScimCaller, id: string, query: { attributes?: string; excludedAttributes?: string }) {
  const found = await oneGroup(deps.db.read, caller, id);
  if (!found) throw groupNotFound(id);
  return project("Group", groupResource(caller, found.group), projectionOf(query)) as ScimJson;
}

async function record(tx: Tx, caller: ScimCaller, event: { type: string; payload: Record<string, unknown> }, at: number): Promise<void> {
  await appendAudit(tx, { orgId: caller.org.id, ...event, actor: auditActorOfToken(caller), requestId: caller.requestId, ip: caller.ip, userAgent: caller.userAgent, at });
}

/** 400 invalidValue unless every id is a User of this organization. */
function requireUsers(ids: readonly string[], members: ProvisionableMember[]): void {
  const known = new Set(members.map((m) => m.connectedId));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw provisioningErrors.error("invalidValue", { message: `no User ${unknown[0]!.slice(0, 100)} in this organization (members)` });
}

/** Gives the role to `wanted` and takes it from the active holders not in it; returns who was added and removed. */
async function reconcile(tx: Tx, caller: ScimCaller, group: Loaded, wanted: readonly string[], members: ProvisionableMember[], at: number) {
  requireUsers(wanted, members);
  const current = new Set(group.holders.map((m) => m.connectedId));
  const want = new Set(wanted);
  const removed = [...current].filter((id) => !want.has(id));
  const added = wanted.filter((id) => !current.has(id));
  for (const id of removed) await setMemberRole(tx, originOf(caller), caller.org, id, PROVISIONED_DEFAULT_ROLE, at);
  for (const id of added) await setMemberRole(tx, originOf(caller), caller.org, id, group.role.id, at);
  return { added, removed };
}

async function lockGroups(tx: Tx, caller: ScimCaller): Promise<void> {
  await tx.lock(`scim-groups:${caller.org.id}`);
}

/** POST /Groups. */
export async function createGroup(deps: ProvisioningDeps, caller: ScimCaller, body: unknown): Promise<ScimJson> {
  const input = readGroup(body);
  return deps.db.write(async (tx) => {
    await lockGroups(tx, caller);
    const now = deps.clock.now();
    const members = await provisionableMembers(tx, caller.org);
    requireUsers(input.members ?? [], members);
    const role = await createProvisionedRole(tx, originOf(caller), caller.org, input.displayName, now);
    await tx.insert(scimGroups).values({ id: role.id, orgId: caller.org.id, externalId: input.externalId, createdAt: now, updatedAt: now });
    const group: Loaded = { role, row: null, holders: [] };
    const { added } = await reconcile(tx, caller, group, input.members ?? [], members, now);
    await record(tx, caller, auditEvent(PROVISIONING_EVENTS.groupCreated, { roleId: role.id, displayName: role.name, externalId: input.externalId, members: added }), now);
    const found = await oneGroup(tx, caller, role.id);
    return groupResource(caller, found!.group);
  });
}

/** Saves a Group as `input` says (PUT, and PATCH once applied): its name, externalId and holders. */
async function replaceWith(tx: Tx, deps: ProvisioningDeps, caller: ScimCaller, found: { group: Loaded; members: ProvisionableMember[] }, input: GroupInput): Promise<ScimJson> {
  const { group, members } = found;
  const now = deps.clock.now();
  const renamedFrom = input.displayName !== group.role.name ? group.role.name : null;
  const role = renamedFrom !== null ? await renameProvisionedRole(tx, originOf(caller), caller.org, group.role.id, input.displayName, now) : group.role;
  const { added, removed } = await reconcile(tx, caller, group, input.members ?? [], members, now);
  const externalChanged = (group.row?.externalId ?? null) !== input.externalId;
  if (externalChanged || !group.row) {
    if (group.row) await tx.update(scimGroups).set({ externalId: input.externalId, updatedAt: now }).where(eq(scimGroups.id, group.row.id));
    else await tx.insert(scimGroups).values({ id: role.id, orgId: caller.org.id, externalId: input.externalId, createdAt: now, updatedAt: now });
  }
  if (renamedFrom !== null || added.length > 0 || removed.length > 0 || externalChanged) {
    await record(tx, caller, auditEvent(PROVISIONING_EVENTS.groupUpdated, { roleId: role.id, displayName: role.name, renamedFrom, added, removed }), now);
  }
  const after = await oneGroup(tx, caller, role.id);
  return groupResource(caller, after!.group);
}

async function lockedGroup(tx: Tx, caller: ScimCaller, id: string) {
  await lockGroups(tx, caller);
  const found = await oneGroup(tx, caller, id);
  if (!found) throw groupNotFound(id);
  return found;
}

/** PUT /Groups/{id}: members left out of the body lose the role. */
export async function replaceGroup(deps: ProvisioningDeps, caller: ScimCaller, id: string, body: unknown): Promise<ScimJson> {
  const input = readGroup(body, { membersGiven: true });
  return deps.db.write(async (tx) => replaceWith(tx, deps, caller, await lockedGroup(tx, caller, id), input));
}

/** The stored, writable form of a Group, for PATCH: members as `{ value }`. */
function storedForm(group: Loaded): Json {
  return {
    displayName: group.role.name,
    ...(group.row?.externalId ? { externalId: group.row.externalId } : {}),
    members: group.holders.map((m) => ({ value: m.connectedId })),
  };
}

/** PATCH /Groups/{id}: rename, add and remove members (`members[value eq "…"]`, a value list, or all). */
export async function patchGroup(deps: ProvisioningDeps, caller: ScimCaller, id: string, body: unknown): Promise<ScimJson> {
  const operations = readPatch("Group", body);
  return deps.db.write(async (tx) => {
    const found = await lockedGroup(tx, caller, id);
    const patched = applyPatch(storedForm(found.group), operations);
    return replaceWith(tx, deps, caller, found, readGroup(patched, { membersGiven: true }));
  });
}

/** DELETE /Groups/{id}: the custom role goes; its holders return to Member. */
export async function deleteGroup(deps: ProvisioningDeps, caller: ScimCaller, id: string): Promise<void> {
  await deps.db.write(async (tx) => {
    const { group } = await lockedGroup(tx, caller, id);
    const now = deps.clock.now();
    const { released } = await deleteProvisionedRole(tx, originOf(caller), caller.org, id, now);
    await tx.delete(scimGroups).where(eq(scimGroups.id, id));
    await record(tx, caller, auditEvent(PROVISIONING_EVENTS.groupDeleted, { roleId: id, displayName: group.role.name, released }), now);
  });
}
