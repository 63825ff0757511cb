/**
 * Materializing an org structure that comes from elsewhere (an HR directory connector,
 * spec 4.9) as teams, team members and reporting edges, inside the caller's transaction,
 * so the whole tree is created in one transaction or not at all. The calling domain checks
 * its own scope (Owner or Admin); the rules of the graph are this domain's and are kept:
 * team names are unique (an existing team of the same name is reused), members are live
 * person or AI badges, and an edge that would close a reporting cycle is skipped and
 * reported rather than written. Every change is audited as the hand-made one is.
 */
import { auditEvent } from "../../platform/audit/catalog";
import type { Tx } from "../../platform/db/database";
import { newId } from "../../platform/ids";
import { createGroupBadge } from "../orgs/index";
import { type GovernanceCaller, madeBy, recordEvent } from "./caller";
import { GOVERNANCE_EVENTS } from "./events";
import { assertNoReportingCycle, type GraphState, isLive, loadGraph, lockGraph } from "./graph";
import { TEAM_NAME_MAX } from "./model";
import { orgRelationships, teamMembers, teams } from "./schema";
import { DEFAULT_TEAM_KIND } from "./teams";

export interface StructurePlan {
  /** Parents before their children; `key` is the caller's name for a unit. */
  units: ReadonlyArray<{ key: string; name: string; parentKey: string | null }>;
  placements: ReadonlyArray<{ unitKey: string; connectedId: string }>;
  edges: ReadonlyArray<{ sourceId: string; targetId: string }>;
}

export interface MaterializedStructure {
  teams: Array<{ key: string; teamId: string; name: string; created: boolean }>;
  membersPlaced: number;
  edgesAdded: number;
  edgesSkipped: Array<{ sourceId: string; targetId: string; reason: "cycle" | "exists" | "not_a_member" }>;
}

export async function materializeStructureInTx(tx: Tx, caller: GovernanceCaller, plan: StructurePlan, at: number): Promise<MaterializedStructure> {
  await lockGraph(tx, caller.org.id);
  const state: GraphState = await loadGraph(tx, caller.org.id);
  const teamByName = new Map(state.teams.map((team) => [state.badges.get(team.id)!.displayName.toLowerCase(), team.id]));
  const teamOfKey = new Map<string, string>();
  const result: MaterializedStructure = { teams: [], membersPlaced: 0, edgesAdded: 0, edgesSkipped: [] };

  for (const unit of plan.units) {
    const name = unit.name.trim().slice(0, TEAM_NAME_MAX);
    const existing = teamByName.get(name.toLowerCase());
    if (existing) {
      teamOfKey.set(unit.key, existing);
      result.teams.push({ key: unit.key, teamId: existing, name, created: false });
      continue;
    }
    const parentTeamId = unit.parentKey === null ? null : (teamOfKey.get(unit.parentKey) ?? null);
    const badge = await createGroupBadge(tx, { orgId: caller.org.id, displayName: name, membershipType: "team", at });
    await tx.insert(teams).values({ id: badge.id, orgId: caller.org.id, kind: DEFAULT_TEAM_KIND, parentTeamId, leadConnectedId: null, createdBy: madeBy(caller.actor), createdAt: at, updatedAt: at });
    await recordEvent(tx, caller, auditEvent(GOVERNANCE_EVENTS.teamCreated, { teamId: badge.id, name, kind: DEFAULT_TEAM_KIND, parentTeamId, leadConnectedId: null }), at);
    teamByName.set(name.toLowerCase(), badge.id);
    teamOfKey.set(unit.key, badge.id);
    result.teams.push({ key: unit.key, teamId: badge.id, name, created: true });
  }

  const placed = new Set(state.members.map((m) => `${m.teamId}|${m.connectedId}`));
  for (const placement of plan.placements) {
    const teamId = teamOfKey.get(placement.unitKey);
    const badge = state.badges.get(placement.connectedId);
    if (!teamId || !isLive(badge) || badge.type === "group" || placed.has(`${teamId}|${badge.id}`)) continue;
    await tx.insert(teamMembers).values({ id: newId(), orgId: caller.org.id, teamId, connectedId: badge.id, reportsToLead: false, addedBy: madeBy(caller.actor), addedAt: at });
    await recordEvent(tx, caller, auditEvent(GOVERNANCE_EVENTS.teamMemberAdded, { teamId, connectedId: badge.id, resolution: null, reportsToLead: false, removedManagers: [] }), at);
    placed.add(`${teamId}|${badge.id}`);
    result.membersPlaced++;
  }

  for (const edge of plan.edges) {
    const source = state.badges.get(edge.sourceId);
    const target = state.badges.get(edge.targetId);
    if (!isLive(source) || !isLive(target) || source.type === "group" || target.type === "group" || source.id === target.id) {
      result.edgesSkipped.push({ ...edge, reason: "not_a_member" });
      continue;
    }
    if (state.relationships.some((r) => r.type === "reporting" && r.sourceId === source.id && r.targetId === target.id)) {
      result.edgesSkipped.push({ ...edge, reason: "exists" });
      continue;
    }
    try {
      assertNoReportingCycle(state, { added: [{ sourceId: source.id, targetId: target.id }] });
    } catch {
      result.edgesSkipped.push({ ...edge, reason: "cycle" });
      continue;
    }
    const [row] = await tx
      .insert(orgRelationships)
      .values({ id: newId(), orgId: caller.org.id, type: "reporting", sourceId: source.id, targetId: target.id, teamId: null, createdBy: madeBy(caller.actor), createdAt: at })
      .returning();
    state.relationships.push(row!);
    await recordEvent(tx, caller, auditEvent(GOVERNANCE_EVENTS.relationshipAdded, { type: "reporting", sourceConnectedId: source.id, targetConnectedId: target.id }), at);
    result.edgesAdded++;
  }
  return result;
}
