/**
 * Service accounts: machine badges (ConnectedId type "ai", membershipType
 * "service_account") with a role, which API keys are bound to. Owner and admins
 * manage them; a key bound to one may never exceed its role's scopes, and stops
 * working when the account's badge is suspended or the account is deleted.
 */
import { and, asc, eq, ne } from "drizzle-orm";
import type { AppContext } from "../../../context";
import type { Queryable, Tx } from "../../../platform/db/database";
import { kernelErrors } from "../../../platform/http/error-catalog";
import { newId } from "../../../platform/ids";
import { requireOwner } from "../access";
import { connectedIds, serviceAccounts } from "../schema";
import { auditEvent } from "../../../platform/audit/catalog";
import { ORG_EVENTS } from "../events";
import { recordEvent, requireAdmin, type MemberCaller } from "./caller";
import { memberErrors } from "./errors";
import { endServiceAccount, type Badge, type ServiceAccount } from "./lifecycle";
import { directScopesOf, withDirectGrants } from "../permissions/direct-grants";
import { resolveAssignableRole, roleNamer, scopesOfRole, type RoleNamer } from "./roles";

export const SERVICE_ACCOUNT_NAME_MAX = 100;
export const SERVICE_ACCOUNT_DESCRIPTION_MAX = 500;

export interface ServiceAccountView {
  id: string;
  name: string;
  description: string | null;
  role: string;
  roleName: string;
  connectedId: string | null;
  /** The badge's status: active or suspended (a deleted account is gone). */
  status: Badge["status"] | null;
  createdBy: string | null;
  createdAt: string;
}

interface AccountRow {
  account: ServiceAccount;
  badge: Badge | null;
}

function view(row: AccountRow, nameOf: RoleNamer): ServiceAccountView {
  const { account, badge } = row;
  return {
    id: account.id,
    name: account.name,
    description: account.description,
    role: account.role,
    roleName: nameOf(account.role),
    connectedId: badge?.id ?? null,
    status: badge?.status ?? null,
    createdBy: account.createdBy,
    createdAt: new Date(account.createdAt).toISOString(),
  };
}

function accountRows(reader: Queryable, orgId: string, id?: string): Promise<AccountRow[]> {
  return reader
    .select({ account: serviceAccounts, badge: connectedIds })
    .from(serviceAccounts)
    .leftJoin(connectedIds, and(eq(connectedIds.serviceAccountId, serviceAccounts.id), ne(connectedIds.status, "revoked")))
    .where(id ? and(eq(serviceAccounts.orgId, orgId), eq(serviceAccounts.id, id)) : eq(serviceAccounts.orgId, orgId))
    .orderBy(asc(serviceAccounts.createdAt), asc(serviceAccounts.name));
}

async function accountOr404(reader: Queryable, orgId: string, id: string): Promise<AccountRow> {
  const [row] = await accountRows(reader, orgId, id);
  if (!row) throw memberErrors.error("notFound", { message: "no such service account" });
  return row;
}

function cleanName(name: string): string {
  const clean = name.trim();
  if (!clean || clean.length > SERVICE_ACCOUNT_NAME_MAX) {
    throw memberErrors.error("invalidName", { field: "name", message: `1 to ${SERVICE_ACCOUNT_NAME_MAX} characters` });
  }
  return clean;
}

function cleanDescription(description: string | null | undefined): string | null {
  const clean = description?.trim() || null;
  if (clean && clean.length > SERVICE_ACCOUNT_DESCRIPTION_MAX) {
    throw kernelErrors.error("invalidRequest", { field: "description", message: `at most ${SERVICE_ACCOUNT_DESCRIPTION_MAX} characters` });
  }
  return clean;
}

async function requireFreeName(tx: Tx, orgId: string, name: string, exceptId?: string): Promise<void> {
  await tx.lock(`service-account-name:${orgId}:${name}`);
  const [taken] = await tx.select({ id: serviceAccounts.id }).from(serviceAccounts).where(and(eq(serviceAccounts.orgId, orgId), eq(serviceAccounts.name, name)));
  if (taken && taken.id !== exceptId) throw memberErrors.error("nameTaken", { field: "name", message: `a service account named "${name}" exists` });
}

export async function listServiceAccounts(deps: Pick<AppContext, "db">, caller: MemberCaller): Promise<ServiceAccountView[]> {
  requireAdmin(caller.actor);
  const [rows, nameOf] = await Promise.all([accountRows(deps.db.read, caller.org.id), roleNamer(deps.db.read, caller.org.id)]);
  return rows.map((row) => view(row, nameOf));
}

export async function getServiceAccount(deps: Pick<AppContext, "db">, caller: MemberCaller, id: string): Promise<ServiceAccountView> {
  requireAdmin(caller.actor);
  const row = await accountOr404(deps.db.read, caller.org.id, id);
  return view(row, await roleNamer(deps.db.read, caller.org.id));
}

export interface ServiceAccountInput {
  name: string;
  description?: string | null;
  role: string;
}

/** Creates the account and its active machine badge, with org.service_account.created. */
export async function createServiceAccount(deps: Pick<AppContext, "db" | "clock">, caller: MemberCaller, input: ServiceAccountInput): Promise<ServiceAccountView> {
  requireAdmin(caller.actor);
  const name = cleanName(input.name);
  const description = cleanDescription(input.description);
  return deps.db.write(async (tx) => {
    const role = await resolveAssignableRole(tx, caller, input.role);
    await requireFreeName(tx, caller.org.id, name);
    const now = deps.clock.now();
    const id = newId();
    await tx.insert(serviceAccounts).values({ id, orgId: caller.org.id, name, description, role: role.role, createdBy: caller.actor.userId, createdAt: now });
    const connectedId = newId();
    await tx.insert(connectedIds).values({
      id: connectedId,
      orgId: caller.org.id,
      type: "ai",
      membershipType: "service_account",
      status: "active",
      serviceAccountId: id,
      displayName: name,
      createdAt: now,
      updatedAt: now,
    });
    await recordEvent(tx, caller, auditEvent(ORG_EVENTS.serviceAccountCreated, { serviceAccountId: id, connectedId, name, role: role.role }), now);
    return view(await accountOr404(tx, caller.org.id, id), await roleNamer(tx, caller.org.id));
  });
}

/**
 * Renames (the badge's display name follows), re-describes or re-roles an account, with
 * org.service_account.updated listing what changed. An admin-role account is changed
 * only by the owner, as an admin member is.
 */
export async function updateServiceAccount(
  deps: Pick<AppContext, "db" | "clock">,
  caller: MemberCaller,
  id: string,
  input: Partial<ServiceAccountInput>,
): Promise<ServiceAccountView> {
  requireAdmin(caller.actor);
  if (input.name === undefined && input.description === undefined && input.role === undefined) {
    throw kernelErrors.error("invalidRequest", { field: "name", message: "give name, description or role" });
  }
  const name = input.name === undefined ? undefined : cleanName(input.name);
  const description = input.description === undefined ? undefined : cleanDescription(input.description);
  return deps.db.write(async (tx) => {
    await tx.lock(`service-account:${id}`);
    const { account, badge } = await accountOr404(tx, caller.org.id, id);
    if (account.role === "admin") requireOwner(caller.actor);
    const changes: Record<string, { from: string | null; to: string | null }> = {};
    if (name !== undefined && name !== account.name) {
      await requireFreeName(tx, caller.org.id, name, id);
      changes.name = { from: account.name, to: name };
    }
    if (description !== undefined && description !== account.description) changes.description = { from: account.description, to: description };
    if (input.role !== undefined) {
      const role = await resolveAssignableRole(tx, caller, input.role);
      if (role.role !== account.role) changes.role = { from: account.role, to: role.role };
    }
    if (Object.keys(changes).length > 0) {
      const now = deps.clock.now();
      await tx
        .update(serviceAccounts)
        .set({ name: changes.name?.to ?? account.name, description: changes.description ? changes.description.to : account.description, role: changes.role?.to ?? account.role })
        .where(eq(serviceAccounts.id, id));
      if (changes.name && badge) await tx.update(connectedIds).set({ displayName: changes.name.to!, updatedAt: now }).where(eq(connectedIds.id, badge.id));
      await recordEvent(tx, caller, auditEvent(ORG_EVENTS.serviceAccountUpdated, { serviceAccountId: id, changes }), now);
    }
    return view(await accountOr404(tx, caller.org.id, id), await roleNamer(tx, caller.org.id));
  });
}

/** Deletes the account and revokes its badge (kept as history), with org.service_account.deleted. */
export async function deleteServiceAccount(deps: Pick<AppContext, "db" | "clock">, caller: MemberCaller, id: string): Promise<{ id: string; deleted: true }> {
  requireAdmin(caller.actor);
  return deps.db.write(async (tx) => {
    await tx.lock(`service-account:${id}`);
    const { account } = await accountOr404(tx, caller.org.id, id);
    if (account.role === "admin") requireOwner(caller.actor);
    await endServiceAccount(tx, caller, account, deps.clock.now());
    return { id, deleted: true as const };
  });
}

export interface ActiveServiceAccount {
  id: string;
  orgId: string;
  name: string;
  /** A built-in role key or a custom role id. */
  role: string;
  connectedId: string;
  /** What the role grants now, with the badge's direct grants: a bound key or token may only narrow these. */
  scopes: readonly string[];
}

/**
 * For the keys module: the service account `id` of organization `orgId` when it exists
 * and its badge is active, with its current scopes; null otherwise (unknown, another
 * organization's, deleted, badge suspended or revoked). Read fresh on every request.
 */
export async function activeServiceAccount(reader: Queryable, orgId: string, id: string): Promise<ActiveServiceAccount | null> {
  const [row] = await reader
    .select({ account: serviceAccounts, connectedId: connectedIds.id })
    .from(serviceAccounts)
    .innerJoin(connectedIds, and(eq(connectedIds.serviceAccountId, serviceAccounts.id), eq(connectedIds.status, "active")))
    .where(and(eq(serviceAccounts.id, id), eq(serviceAccounts.orgId, orgId)));
  if (!row) return null;
  const { account } = row;
  // The account's cap is its role's scopes plus those granted to its badge directly (an approved permission request).
  const scopes = withDirectGrants(await scopesOfRole(reader, orgId, account.role), await directScopesOf(reader, row.connectedId));
  return { id: account.id, orgId: account.orgId, name: account.name, role: account.role, connectedId: row.connectedId, scopes };
}
