/**
 * The reporting graph (spec 4.7): the whole picture, and the reporting and reference
 * edges added and removed by hand. member_of edges are team memberships (teams.ts).
 */
import { inArray } from "drizzle-orm";
import { auditEvent } from "../../platform/audit/catalog";
import type { Tx } from "../../platform/db/database";
import { newId } from "../../platform/ids";
import { assertCan } from "../orgs/index";
import { type GovernanceCaller, type GovernanceDeps, madeBy, recordEvent } from "./caller";
import { governanceErrors } from "./errors";
import { GOVERNANCE_EVENTS } from "./events";
import { assertNoReportingCycle, badgeFor, isLive, loadGraph, lockGraph, stopFollowingLeads } from "./graph";
import type { EdgeView, GraphView, RelationshipCreate, RelationshipQuery } from "./model";
import { orgRelationships } from "./schema";
import { GOVERNANCE_SCOPES } from "./scopes";
import { edgeViews, teamView } from "./views";

type EdgeType = "member_of" | "reporting" | "reference";

function handMadeType(type: EdgeType): "reporting" | "reference" {
  if (type === "member_of") {
    throw governanceErrors.error("relationshipTypeNotAllowed", { field: "type", message: "member_of edges are managed through POST and DELETE /teams/{teamId}/members" });
  }
  return type;
}

/** People (person and AI badges that are not revoked), live teams and every edge between them. */
export async function readGraph(deps: GovernanceDeps, caller: GovernanceCaller): Promise<GraphView> {
  assertCan(caller.actor, GOVERNANCE_SCOPES.reportingRead);
  const state = await loadGraph(deps.db.read, caller.org.id);
  const people = [...state.badges.values()]
    .filter((b) => isLive(b) && b.type !== "group")
    .map((b) => ({ connectedId: b.id, displayName: b.displayName, type: b.type as "person" | "ai", status: b.status as "active" | "suspended", userId: b.userId }));
  const memberOf: EdgeView[] = state.members.map((m) => ({ type: "member_of", sourceConnectedId: m.connectedId, targetConnectedId: m.teamId, manual: true, viaTeamIds: [] }));
  return { people, teams: state.teams.map((team) => teamView(state, team)), edges: [...memberOf, ...edgeViews(state.relationships)] };
}

/**
 * Adds a reporting edge (the source reports to the target; both a person or an AI) or a
 * reference edge (any two live badges, teams included). A reporting edge that would close
 * a cycle is 400 reporting_cycle. An edge already added by hand is 409; one that only a
 * team's lead sync made gains a hand-made row, so it outlives that lead.
 */
export async function addRelationship(deps: GovernanceDeps, caller: GovernanceCaller, input: typeof RelationshipCreate.static): Promise<EdgeView> {
  assertCan(caller.actor, GOVERNANCE_SCOPES.reportingUpdate);
  const type = handMadeType(input.Type);
  if (input.SourceConnectedId === input.TargetConnectedId) throw governanceErrors.error("selfRelationship", { field: "TargetConnectedId", message: "an edge needs two different ConnectedIds" });
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    await lockGraph(tx, caller.org.id);
    const state = await loadGraph(tx, caller.org.id);
    const allowGroup = type === "reference";
    const source = badgeFor(state, input.SourceConnectedId, "SourceConnectedId", { allowGroup });
    const target = badgeFor(state, input.TargetConnectedId, "TargetConnectedId", { allowGroup });
    const same = state.relationships.filter((r) => r.type === type && r.sourceId === source.id && r.targetId === target.id);
    if (same.some((r) => r.teamId === null)) throw governanceErrors.error("relationshipExists", { message: "that edge was already added by hand" });
    if (type === "reporting") assertNoReportingCycle(state, { added: [{ sourceId: source.id, targetId: target.id }] });
    const [row] = await tx
      .insert(orgRelationships)
      .values({ id: newId(), orgId: caller.org.id, type, sourceId: source.id, targetId: target.id, teamId: null, createdBy: madeBy(caller.actor), createdAt: now })
      .returning();
    await recordEvent(tx, caller, auditEvent(GOVERNANCE_EVENTS.relationshipAdded, { type, sourceConnectedId: source.id, targetConnectedId: target.id }), now);
    return edgeViews([...same, row!])[0]!;
  });
}

/**
 * Removes the edge: the hand-made row and, for reporting, any automatic ones; the member
 * then stops following that team's lead (reportsToLead off), so a later lead change does
 * not bring the line back.
 */
export async function removeRelationship(deps: GovernanceDeps, caller: GovernanceCaller, query: typeof RelationshipQuery.static): Promise<{ type: EdgeType; sourceConnectedId: string; targetConnectedId: string; removed: true }> {
  assertCan(caller.actor, GOVERNANCE_SCOPES.reportingUpdate);
  const type = handMadeType(query.type);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    await lockGraph(tx, caller.org.id);
    const state = await loadGraph(tx, caller.org.id);
    const rows = state.relationships.filter((r) => r.type === type && r.sourceId === query.sourceId && r.targetId === query.targetId);
    if (rows.length === 0) throw governanceErrors.error("relationshipNotFound", { message: "no edge of that type from sourceId to targetId" });
    await tx.delete(orgRelationships).where(inArray(orgRelationships.id, rows.map((r) => r.id)));
    const viaTeamIds = [...new Set(rows.flatMap((r) => (r.teamId ? [r.teamId] : [])))];
    await stopFollowingLeads(tx, viaTeamIds.map((teamId) => ({ teamId, connectedId: query.sourceId })));
    const manual = rows.some((r) => r.teamId === null);
    await recordEvent(tx, caller, auditEvent(GOVERNANCE_EVENTS.relationshipRemoved, { type, sourceConnectedId: query.sourceId, targetConnectedId: query.targetId, manual, viaTeamIds }), now);
    return { type, sourceConnectedId: query.sourceId, targetConnectedId: query.targetId, removed: true as const };
  });
}

/**
 * Adds a hand-made reporting edge `sourceId` → `targetId` in the caller's transaction, with
 * reporting.relationship.added: for a domain that places a badge it issued under a person
 * (agents: a hired agent reports to its hirer, spec 4.8 rule 3). Same rules as
 * POST /relationships (live person or AI badges, no cycle, an existing hand-made edge
 * is left as it is), but no scope is asked: the calling domain has checked its own.
 */
export async function addReportingEdgeInTx(tx: Tx, caller: GovernanceCaller, input: { sourceId: string; targetId: string; at: number }): Promise<EdgeView> {
  await lockGraph(tx, caller.org.id);
  const state = await loadGraph(tx, caller.org.id);
  const source = badgeFor(state, input.sourceId, "SourceConnectedId");
  const target = badgeFor(state, input.targetId, "TargetConnectedId");
  if (source.id === target.id) throw governanceErrors.error("selfRelationship", { field: "TargetConnectedId", message: "an edge needs two different ConnectedIds" });
  const same = state.relationships.filter((r) => r.type === "reporting" && r.sourceId === source.id && r.targetId === target.id);
  if (same.some((r) => r.teamId === null)) return edgeViews(same)[0]!;
  assertNoReportingCycle(state, { added: [{ sourceId: source.id, targetId: target.id }] });
  const [row] = await tx
    .insert(orgRelationships)
    .values({ id: newId(), orgId: caller.org.id, type: "reporting", sourceId: source.id, targetId: target.id, teamId: null, createdBy: madeBy(caller.actor), createdAt: input.at })
    .returning();
  await recordEvent(tx, caller, auditEvent(GOVERNANCE_EVENTS.relationshipAdded, { type: "reporting", sourceConnectedId: source.id, targetConnectedId: target.id }), input.at);
  return edgeViews([...same, row!])[0]!;
}
