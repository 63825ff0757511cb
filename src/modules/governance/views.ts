/** From the graph state to the wire shapes of model.ts. */
import { toIso } from "../../platform/clock";
import type { GraphState } from "./graph";
import { managersOf } from "./graph";
import type { EdgeView, ManagerView, TeamMemberView, TeamView } from "./model";
import type { RelationshipRow, TeamMemberRow, TeamRow } from "./schema";

export function teamView(state: GraphState, team: TeamRow): TeamView {
  const badge = state.badges.get(team.id)!;
  return {
    id: team.id,
    name: badge.displayName,
    kind: team.kind,
    parentTeamId: team.parentTeamId && state.teamById.has(team.parentTeamId) ? team.parentTeamId : null,
    leadConnectedId: team.leadConnectedId,
    memberCount: state.members.filter((m) => m.teamId === team.id).length,
    createdAt: toIso(team.createdAt),
    updatedAt: toIso(Math.max(team.updatedAt, badge.updatedAt)),
  };
}

export function memberView(state: GraphState, member: TeamMemberRow): TeamMemberView {
  const badge = state.badges.get(member.connectedId)!;
  return {
    connectedId: member.connectedId,
    displayName: badge.displayName,
    type: badge.type,
    status: badge.status,
    teamId: member.teamId,
    reportsToLead: member.reportsToLead,
    addedAt: toIso(member.addedAt),
  };
}

export function managerViews(state: GraphState, connectedId: string, rows?: readonly RelationshipRow[]): ManagerView[] {
  return managersOf(state, connectedId, rows).map((m) => {
    const badge = state.badges.get(m.connectedId)!;
    return { connectedId: m.connectedId, displayName: badge.displayName, type: badge.type, manual: m.manual, viaTeamIds: m.viaTeamIds };
  });
}

/** Reporting and reference edges, one per (type, source, target) however many rows stand behind it. */
export function edgeViews(rows: readonly RelationshipRow[]): EdgeView[] {
  const edges = new Map<string, EdgeView>();
  for (const r of rows) {
    const key = `${r.type}|${r.sourceId}|${r.targetId}`;
    const edge = edges.get(key) ?? { type: r.type, sourceConnectedId: r.sourceId, targetConnectedId: r.targetId, manual: false, viaTeamIds: [] };
    if (r.teamId === null) edge.manual = true;
    else if (!edge.viaTeamIds.includes(r.teamId)) edge.viaTeamIds.push(r.teamId);
    edges.set(key, edge);
  }
  return [...edges.values()];
}
