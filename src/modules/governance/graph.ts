/**
 * The organization's graph as one state: its badges, live teams, team members
 * (member_of) and reporting and reference edges, read in one go. Organizations are
 * small enough (hundreds to a few thousand badges) that every rule is checked on this
 * in-memory picture, inside the writing transaction, under the graph lock.
 *
 * "Live" leaves history out: a revoked badge (a person who left, a team whose badge was
 * revoked) and every edge that touches it stay stored but take no part in views or in
 * the cycle check.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/database";
import { badgesOfOrg, type BadgeSummary } from "../orgs/index";
import { governanceErrors } from "./errors";
import { orgRelationships, type RelationshipRow, teamMembers, type TeamMemberRow, teams, type TeamRow } from "./schema";

export interface GraphState {
  /** Every badge of the organization, revoked ones included. */
  badges: Map<string, BadgeSummary>;
  /** Live teams, oldest first; a lead whose badge is revoked reads as no lead. */
  teams: TeamRow[];
  teamById: Map<string, TeamRow>;
  /** Memberships of live members in live teams, oldest first. */
  members: TeamMemberRow[];
  /** Reporting and reference edges between live badges (automatic ones of live teams), oldest first. */
  relationships: RelationshipRow[];
}

/** Serialises every change to one organization's graph (the cycle checks read, then write). */
export async function lockGraph(tx: Tx, orgId: string): Promise<void> {
  await tx.lock(`governance.graph:${orgId}`);
}

export const isLive = (badge: BadgeSummary | undefined): badge is BadgeSummary => badge !== undefined && badge.status !== "revoked";

export async function loadGraph(reader: Queryable, orgId: string): Promise<GraphState> {
  // One after another: a transaction is one connection.
  const badgeList = await badgesOfOrg(reader, orgId);
  const teamRows = await reader.select().from(teams).where(eq(teams.orgId, orgId)).orderBy(asc(teams.createdAt), asc(teams.id));
  const memberRows = await reader.select().from(teamMembers).where(eq(teamMembers.orgId, orgId)).orderBy(asc(teamMembers.addedAt), asc(teamMembers.id));
  const relationshipRows = await reader
    .select()
    .from(orgRelationships)
    .where(eq(orgRelationships.orgId, orgId))
    .orderBy(asc(orgRelationships.createdAt), asc(orgRelationships.id));
  const badges = new Map(badgeList.map((b) => [b.id, b]));
  const live = (id: string | null) => id !== null && isLive(badges.get(id));
  const liveTeams = teamRows.filter((team) => live(team.id)).map((team) => (team.leadConnectedId && !live(team.leadConnectedId) ? { ...team, leadConnectedId: null } : team));
  const teamById = new Map(liveTeams.map((team) => [team.id, team]));
  return {
    badges,
    teams: liveTeams,
    teamById,
    members: memberRows.filter((m) => teamById.has(m.teamId) && live(m.connectedId)),
    relationships: relationshipRows.filter((r) => live(r.sourceId) && live(r.targetId) && (r.teamId === null || teamById.has(r.teamId))),
  };
}

/** The team, or 404 team_not_found naming the field the id came from. */
export function teamOr404(state: GraphState, teamId: string, field = "teamId"): TeamRow {
  const team = state.teamById.get(teamId);
  if (!team) throw governanceErrors.error("teamNotFound", { field, message: "no such team in this organization" });
  return team;
}

/**
 * A live badge of the organization that may stand in a reporting line or a team (a person
 * or an AI; a group too where `allowGroup`): 404 connected_id_not_found for an unknown id
 * or another organization's, 400 badge_not_eligible otherwise.
 */
export function badgeFor(state: GraphState, id: string, field: string, options: { allowGroup?: boolean } = {}): BadgeSummary {
  const badge = state.badges.get(id);
  if (!badge) throw governanceErrors.error("connectedIdNotFound", { field, message: "no such ConnectedId in this organization" });
  if (badge.status === "revoked") throw governanceErrors.error("badgeNotEligible", { field, message: "the badge is revoked" });
  if (badge.type === "group" && !options.allowGroup) throw governanceErrors.error("badgeNotEligible", { field, message: "a team (group badge) cannot stand here; a person or AI is needed" });
  return badge;
}

/** The teams under `teamId`, nearest first (not the team itself). */
export function descendantTeams(state: GraphState, teamId: string): string[] {
  const found: string[] = [];
  const queue = [teamId];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const team of state.teams) {
      if (team.parentTeamId === parent && !found.includes(team.id) && team.id !== teamId) {
        found.push(team.id);
        queue.push(team.id);
      }
    }
  }
  return found;
}

type Arc = { sourceId: string; targetId: string };

/**
 * A reporting cycle in these edges (source reports to target), as the ConnectedIds
 * along it with the first repeated at the end, or null.
 */
export function findCycle(edges: readonly Arc[]): string[] | null {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.sourceId, [...(next.get(e.sourceId) ?? []), e.targetId]);
  const state = new Map<string, "open" | "done">();
  for (const start of next.keys()) {
    if (state.has(start)) continue;
    // Iterative depth-first search; `path` is the open chain.
    const path: string[] = [start];
    const cursors: number[] = [0];
    state.set(start, "open");
    while (path.length) {
      const node = path[path.length - 1]!;
      const targets = next.get(node) ?? [];
      const i = cursors[cursors.length - 1]!;
      if (i >= targets.length) {
        state.set(node, "done");
        path.pop();
        cursors.pop();
        continue;
      }
      cursors[cursors.length - 1] = i + 1;
      const target = targets[i]!;
      const seen = state.get(target);
      if (seen === "open") return [...path.slice(path.indexOf(target)), target];
      if (seen === undefined) {
        state.set(target, "open");
        path.push(target);
        cursors.push(0);
      }
    }
  }
  return null;
}

/**
 * 400 reporting_cycle when the organization's reporting edges, less `removed` (row ids)
 * and plus `added`, would cycle. The graph has none before (this check guards every
 * change), so any cycle found runs through an added edge.
 */
export function assertNoReportingCycle(state: GraphState, change: { removed?: ReadonlySet<string>; added?: readonly Arc[] }): void {
  const edges: Arc[] = state.relationships.filter((r) => r.type === "reporting" && !change.removed?.has(r.id));
  edges.push(...(change.added ?? []));
  const found = findCycle(edges);
  if (found) {
    const cycle = startingAtAddedEdge(found, change.added ?? []);
    throw governanceErrors.error("reportingCycle", {
      cycle,
      message: `the change would close a reporting cycle: ${cycle.map((id) => state.badges.get(id)?.displayName ?? id).join(" → ")}`,
    });
  }
}

/** The cycle read from the added edge that closes it (the source of the new line first), when one does. */
function startingAtAddedEdge(cycle: string[], added: readonly Arc[]): string[] {
  const ring = cycle.slice(0, -1);
  const at = ring.findIndex((id, i) => added.some((e) => e.sourceId === id && e.targetId === ring[(i + 1) % ring.length]));
  if (at <= 0) return cycle;
  const rotated = [...ring.slice(at), ...ring.slice(0, at)];
  return [...rotated, rotated[0]!];
}

/** Whom a badge reports to: one entry per manager, with whether a hand-made edge exists and the teams whose lead sync made one. */
export function managersOf(state: GraphState, connectedId: string, rows: readonly RelationshipRow[] = state.relationships): Array<{ connectedId: string; manual: boolean; viaTeamIds: string[] }> {
  const byTarget = new Map<string, { connectedId: string; manual: boolean; viaTeamIds: string[] }>();
  for (const r of rows) {
    if (r.type !== "reporting" || r.sourceId !== connectedId) continue;
    const entry = byTarget.get(r.targetId) ?? { connectedId: r.targetId, manual: false, viaTeamIds: [] };
    if (r.teamId === null) entry.manual = true;
    else if (!entry.viaTeamIds.includes(r.teamId)) entry.viaTeamIds.push(r.teamId);
    byTarget.set(r.targetId, entry);
  }
  return [...byTarget.values()];
}

/** Sets reportsToLead off for these (team, member) pairs: the member stops following that team's lead. */
export async function stopFollowingLeads(tx: Tx, pairs: ReadonlyArray<{ teamId: string; connectedId: string }>): Promise<void> {
  for (const { teamId, connectedId } of pairs) {
    await tx.update(teamMembers).set({ reportsToLead: false }).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.connectedId, connectedId)));
  }
}
