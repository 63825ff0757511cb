/**
 * Direct permission grants (org_direct_grants): scopes a badge holds on top of its
 * role's. A domain above orgs writes one in its own transaction (governance's approvals
 * turn an approved permission request into one, spec 4.7 rule 5); orgs adds them to the
 * caller's scopes wherever it computes them (resolveOrgAccess for a member, the service
 * account behind an M2M token), so a grant takes effect on the next request.
 *
 * Grants are keyed by the badge: a revoked badge matches no member or account any more,
 * so its grants end with it, and someone who rejoins starts without them.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../../platform/db/database";
import { preparedQuery } from "../../../platform/db/prepared";
import { newId } from "../../../platform/ids";
import { connectedIds, memberships, orgDirectGrants, orgRoles } from "../schema";
import { parseBuiltinRole, scopesForRole } from "./roles";
import { parseScope } from "./scopes";

const directScopesQuery = preparedQuery((db) =>
  db.select({ scope: orgDirectGrants.scope }).from(orgDirectGrants).where(eq(orgDirectGrants.connectedId, sql.placeholder("connectedId"))).prepare(),
);

/** The scopes granted directly to a badge (none for null). */
export async function directScopesOf(reader: Queryable, connectedId: string | null): Promise<string[]> {
  if (!connectedId) return [];
  const rows = await directScopesQuery(reader).execute({ connectedId });
  return rows.map((r) => r.scope);
}

/** A role's scopes and the badge's direct grants, without duplicates. */
export function withDirectGrants(roleScopes: readonly string[], direct: readonly string[]): readonly string[] {
  if (direct.length === 0) return roleScopes;
  return [...new Set([...roleScopes, ...direct])];
}

/**
 * Grants `scope` to a badge of the organization, in the caller's transaction (the caller
 * records the audit event that says why). Granting a scope the badge already holds
 * directly changes nothing: `created` is false and `id` names the grant in place.
 */
export async function grantDirectScope(tx: Tx, input: { orgId: string; connectedId: string; scope: string; source: string; at: number }): Promise<{ id: string; created: boolean }> {
  if (!parseScope(input.scope).ok) throw new TypeError(`not a scope: ${input.scope}`);
  const [row] = await tx
    .insert(orgDirectGrants)
    .values({ id: newId(), orgId: input.orgId, connectedId: input.connectedId, scope: input.scope, source: input.source, grantedAt: input.at })
    .onConflictDoNothing()
    .returning({ id: orgDirectGrants.id });
  if (row) return { id: row.id, created: true };
  const [existing] = await tx
    .select({ id: orgDirectGrants.id })
    .from(orgDirectGrants)
    .where(and(eq(orgDirectGrants.connectedId, input.connectedId), eq(orgDirectGrants.scope, input.scope)));
  return { id: existing!.id, created: false };
}

/** What a member may do in the organization: their role and their scopes (the role's and their badge's direct grants). */
export interface MemberAuthority {
  role: string;
  scopes: readonly string[];
}

/**
 * Every member's role and scopes, by user id, read in three queries: for a domain that
 * weighs many members at once (an approval line checks each approver's ceiling).
 */
export async function memberAuthorityOf(reader: Queryable, orgId: string): Promise<Map<string, MemberAuthority>> {
  const members = await reader.select({ userId: memberships.userId, role: memberships.role }).from(memberships).where(eq(memberships.orgId, orgId));
  const custom = await reader.select({ id: orgRoles.id, scopes: orgRoles.scopes }).from(orgRoles).where(eq(orgRoles.orgId, orgId));
  const grants = await reader
    .select({ userId: connectedIds.userId, scope: orgDirectGrants.scope })
    .from(orgDirectGrants)
    .innerJoin(connectedIds, and(eq(connectedIds.id, orgDirectGrants.connectedId), ne(connectedIds.status, "revoked")))
    .where(eq(orgDirectGrants.orgId, orgId));
  const customScopes = new Map(custom.map((r) => [r.id, r.scopes]));
  const direct = new Map<string, string[]>();
  for (const g of grants) if (g.userId) direct.set(g.userId, [...(direct.get(g.userId) ?? []), g.scope]);
  return new Map(
    members.map((m) => [m.userId, { role: m.role, scopes: withDirectGrants(scopesForRole(m.role, parseBuiltinRole(m.role) ? undefined : (customScopes.get(m.role) ?? [])), direct.get(m.userId) ?? []) }]),
  );
}

/** Whether `role` names a role of the organization: a built-in key, or one of its custom roles' ids. */
export async function isRoleOfOrg(reader: Queryable, orgId: string, role: string): Promise<boolean> {
  if (parseBuiltinRole(role) === role) return true;
  const [row] = await reader.select({ id: orgRoles.id }).from(orgRoles).where(and(eq(orgRoles.id, role), eq(orgRoles.orgId, orgId)));
  return row !== undefined;
}
