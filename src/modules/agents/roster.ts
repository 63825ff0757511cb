/**
 * The roster as others read it: the app group an agent belongs to, one agent or a group's
 * agents with their badges and credentials, the gate an agent's credential has now, and
 * the facts machine access checks a credential against (`rosterFacts`, handed down to the
 * access domain at init as `agentRoster`).
 */
import { and, asc, eq, ne } from "drizzle-orm";
import { toIso } from "../../platform/clock";
import type { Queryable, Tx } from "../../platform/db/database";
import { type AgentFacts, agentGate, liveAgentCredentials } from "../access/index";
import { badgesOfOrg, directScopesOf, type Organization, personAuthorityOf } from "../orgs/index";
import type { AgentsCaller, AgentsDeps } from "./caller";
import { agentErrors } from "./errors";
import { roleNameOf } from "./kinds";
import type { AgentDetailView, AgentView } from "./model";
import { type AgentRow, agents } from "./schema";

/** The MCP server of an organization's agents (docs/agents.md). */
export function mcpUrlOf(deps: Pick<AgentsDeps, "config">, org: Organization): string {
  return `${deps.config.baseUrl.replace(/\/+$/, "")}/mcp/${org.slug}`;
}

/**
 * The live app group `groupId` (id or groupKey) of the caller's organization, or 404
 * app_group_not_found: unknown, deleted, another organization's, or (for a machine bound to
 * one app group, an agent included) another group than its own.
 */
export async function groupOr404(deps: Pick<AgentsDeps, "db" | "appGroups">, caller: AgentsCaller, groupId: string): Promise<{ id: string; key: string }> {
  const group = await deps.appGroups.find(deps.db.read, caller.org.id, groupId);
  const bound = caller.actor.kind === "m2m" ? caller.actor.appGroupId : null;
  if (!group || (bound !== null && bound !== group.id && bound !== group.key)) {
    throw agentErrors.error("appGroupNotFound", { field: "groupId", message: "no live app group with this id or groupKey in the organization" });
  }
  return group;
}

/** The agent `agentId` of the group (revoked ones included), or 404 agent_not_found (unknown, another group's or organization's). */
export async function agentOr404(reader: Queryable, orgId: string, groupId: string, agentId: string): Promise<AgentRow> {
  const [row] = await reader.select().from(agents).where(and(eq(agents.id, agentId), eq(agents.orgId, orgId), eq(agents.appGroupId, groupId)));
  if (!row) throw agentErrors.error("agentNotFound", { field: "agentId", message: "no such agent in this app group" });
  return row;
}

/** The agent, locked for a change (its lifecycle, operator and credential are serialised per agent). */
export async function lockedAgent(tx: Tx, orgId: string, groupId: string, agentId: string): Promise<AgentRow> {
  await tx.lock(`agents.agent:${agentId}`);
  return agentOr404(tx, orgId, groupId, agentId);
}

/** 409 agent_revoked for a retired agent: revoked is final. */
export function refuseRevoked(row: AgentRow): void {
  if (row.status === "revoked") throw agentErrors.error("agentRevoked", { message: "the agent is revoked; revoked is final" });
}

/** Roster views of rows of one organization, with their badges' names and statuses and their live credentials. */
export async function agentViews(reader: Queryable, deps: Pick<AgentsDeps, "config">, org: Organization, rows: readonly AgentRow[]): Promise<AgentView[]> {
  if (rows.length === 0) return [];
  const badges = new Map((await badgesOfOrg(reader, org.id, { ids: rows.map((r) => r.id) })).map((b) => [b.id, b]));
  const credentials = await liveAgentCredentials(reader, org.id);
  const at = (ms: number | null) => (ms === null ? null : toIso(ms));
  return rows.map((row) => {
    const badge = badges.get(row.id);
    return {
      id: row.id,
      connectedId: row.id,
      appGroupId: row.appGroupId,
      kind: row.kind,
      displayName: badge?.displayName ?? "",
      description: row.description,
      systemPrompt: row.systemPrompt,
      model: row.model,
      status: row.status,
      suspendedReason: row.status === "suspended" ? row.suspendedReason : null,
      badgeStatus: badge?.status ?? null,
      expiresAt: toIso(row.expiresAt),
      role: { id: row.roleId, name: roleNameOf(row.kind) },
      requestedScopes: row.requestedScopes,
      snapshot: row.snapshot,
      snapshotAt: toIso(row.snapshotAt),
      hiredByConnectedId: row.hiredByConnectedId,
      operatorConnectedId: row.operatorConnectedId,
      operatorAssignedAt: at(row.operatorAssignedAt),
      credential: row.status === "revoked" ? null : (credentials.get(row.id) ?? null),
      mcpUrl: mcpUrlOf(deps, org),
      createdAt: toIso(row.createdAt),
      updatedAt: toIso(row.updatedAt),
      suspendedAt: row.status === "suspended" ? at(row.suspendedAt) : null,
      revokedAt: at(row.revokedAt),
    };
  });
}

export async function agentView(reader: Queryable, deps: Pick<AgentsDeps, "config">, org: Organization, row: AgentRow): Promise<AgentView> {
  return (await agentViews(reader, deps, org, [row]))[0]!;
}

/** GET /: the group's agents, oldest first; revoked ones with ?includeRevoked=true. Membership is enough (spec 4.8). */
export async function listAgents(deps: AgentsDeps, caller: AgentsCaller, groupId: string, query: { includeRevoked?: boolean }): Promise<AgentView[]> {
  const group = await groupOr404(deps, caller, groupId);
  const where = query.includeRevoked
    ? and(eq(agents.orgId, caller.org.id), eq(agents.appGroupId, group.id))
    : and(eq(agents.orgId, caller.org.id), eq(agents.appGroupId, group.id), ne(agents.status, "revoked"));
  const rows = await deps.db.read.select().from(agents).where(where).orderBy(asc(agents.createdAt), asc(agents.id));
  return agentViews(deps.db.read, deps, caller.org, rows);
}

/** The facts machine access checks an agent's credential against, read fresh (the `agentRoster` port). */
export async function rosterFacts(reader: Queryable, orgId: string, agentId: string): Promise<AgentFacts | null> {
  const [row] = await reader.select().from(agents).where(and(eq(agents.id, agentId), eq(agents.orgId, orgId)));
  if (!row) return null;
  const [badge] = await badgesOfOrg(reader, orgId, { ids: [agentId] });
  return {
    agentId: row.id,
    orgId: row.orgId,
    appGroupId: row.appGroupId,
    status: row.status,
    badgeStatus: badge?.status ?? null,
    expiresAt: row.expiresAt,
    snapshot: row.snapshot,
    operatorConnectedId: row.operatorConnectedId,
  };
}

/** What the agent's credential may do now (spec 4.8 rule 6), as principal.ts decides it for each request. */
export async function gateOf(reader: Queryable, orgId: string, row: AgentRow, badgeStatus: AgentView["badgeStatus"], now: number) {
  const operator = row.operatorConnectedId ? await personAuthorityOf(reader, orgId, row.operatorConnectedId) : null;
  const held = [...new Set([...row.snapshot, ...(await directScopesOf(reader, row.id))])];
  return agentGate({ status: row.status, badgeStatus, expiresAt: row.expiresAt }, held, operator?.scopes ?? null, now);
}

/** GET /{agentId}: the roster view with the gate its credential has now. */
export async function getAgent(deps: AgentsDeps, caller: AgentsCaller, groupId: string, agentId: string): Promise<AgentDetailView> {
  const group = await groupOr404(deps, caller, groupId);
  const row = await agentOr404(deps.db.read, caller.org.id, group.id, agentId);
  const view = await agentView(deps.db.read, deps, caller.org, row);
  const gate = await gateOf(deps.db.read, caller.org.id, row, view.badgeStatus, deps.clock.now());
  return { ...view, gate: gate.scopes, gateRefusal: gate.refusal };
}
