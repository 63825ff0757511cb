/**
 * Teams (spec 2.10, 4.7): create, list, change, the lead, and members. A team is a group
 * badge issued by orgs plus its row here. Every change takes the organization's graph
 * lock, checks the rules on the graph as it stands, and writes the change with its
 * audit event in one transaction. docs/governance.md gives the rules in prose.
 */
import { and, eq, inArray } from "drizzle-orm";
import { auditEvent } from "../../platform/audit/catalog";
import { newId } from "../../platform/ids";
import { assertCan, createGroupBadge, renameGroupBadge } from "../orgs/index";
import { type GovernanceCaller, type GovernanceDeps, madeBy, recordEvent } from "./caller";
import { governanceErrors } from "./errors";
import { GOVERNANCE_EVENTS } from "./events";
import { assertNoReportingCycle, badgeFor, descendantTeams, type GraphState, loadGraph, lockGraph, managersOf, stopFollowingLeads, teamOr404 } from "./graph";
import { TEAM_NAME_MAX, type ManagerView, type TeamCreate, type TeamChange, type TeamMemberAdd, type TeamMemberView, type TeamView } from "./model";
import { orgRelationships, teamMembers, teams, type TeamRow } from "./schema";
import { GOVERNANCE_SCOPES } from "./scopes";
import { managerViews, memberView, teamView } from "./views";

export const DEFAULT_TEAM_KIND = "team";

function cleanName(value: string): string {
  const name = value.trim();
  if (name.length < 1 || name.length > TEAM_NAME_MAX) throw governanceErrors.error("invalidName", { field: "Name", message: `1 to ${TEAM_NAME_MAX} characters, not only spaces` });
  return name;
}

function cleanKind(value: string | undefined): string {
  const kind = value ?? DEFAULT_TEAM_KIND;
  if (kind === "board") throw governanceErrors.error("reservedTeamKind", { field: "Kind", message: "the board is created through /board, not as a team" });
  return kind;
}

function requireFreeName(state: GraphState, name: string, except?: string): void {
  const taken = state.teams.some((team) => team.id !== except && state.badges.get(team.id)!.displayName.toLowerCase() === name.toLowerCase());
  if (taken) throw governanceErrors.error("teamNameTaken", { field: "Name", message: "another team of this organization has that name" });
}

export async function listTeams(deps: GovernanceDeps, caller: GovernanceCaller): Promise<TeamView[]> {
  assertCan(caller.actor, GOVERNANCE_SCOPES.teamList);
  const state = await loadGraph(deps.db.read, caller.org.id);
  return state.teams.map((team) => teamView(state, team));
}

export async function createTeam(deps: GovernanceDeps, caller: GovernanceCaller, input: typeof TeamCreate.static): Promise<TeamView> {
  assertCan(caller.actor, GOVERNANCE_SCOPES.teamCreate);
  const name = cleanName(input.Name);
  const kind = cleanKind(input.Kind);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    await lockGraph(tx, caller.org.id);
    const state = await loadGraph(tx, caller.org.id);
    requireFreeName(state, name);
    const parentTeamId = input.ParentTeamId ? teamOr404(state, input.ParentTeamId, "ParentTeamId").id : null;
    const leadConnectedId = input.LeadConnectedId ? badgeFor(state, input.LeadConnectedId, "LeadConnectedId").id : null;
    const badge = await createGroupBadge(tx, { orgId: caller.org.id, displayName: name, membershipType: "team", at: now });
    const [row] = await tx
      .insert(teams)
      .values({ id: badge.id, orgId: caller.org.id, kind, parentTeamId, leadConnectedId, createdBy: madeBy(caller.actor), createdAt: now, updatedAt: now })
      .returning();
    await recordEvent(tx, caller, auditEvent(GOVERNANCE_EVENTS.teamCreated, { teamId: badge.id, name, kind, parentTeamId, leadConnectedId }), now);
    const after: GraphState = { ...state, badges: new Map(state.badges).set(badge.id, badge), teams: [...state.teams, row!], teamById: new Map(state.teamById).set(badge.id, row!) };
    return teamView(after, row!);
  });
}

/** Renames a team, changes its kind or moves it under another team (never under itself or one of its sub-teams). */
export async function updateTeam(deps: GovernanceDeps, caller: GovernanceCaller, teamId: string, input: typeof TeamChange.static): Promise<TeamView> {
  assertCan(caller.actor, GOVERNANCE_SCOPES.teamUpdate);
  const name = input.Name === undefined ? undefined : cleanName(input.Name);
  const kind = input.Kind === undefined ? undefined : cleanKind(input.Kind);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    await lockGraph(tx, caller.org.id);
    const state = await loadGraph(tx, caller.org.id);
    const team = teamOr404(state, teamId);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const currentName = state.badges.get(team.id)!.displayName;
    if (name !== undefined && name !== currentName) {
      requireFreeName(state, name, team.id);
      await renameGroupBadge(tx, { orgId: caller.org.id, id: team.id, displayName: name, at: now });
      state.badges.set(team.id, { ...state.badges.get(team.id)!, displayName: name, updatedAt: now });
      changes.name = { from: currentName, to: name };
    }
    const set: Partial<TeamRow> = {};
    if (kind !== undefined && kind !== team.kind) {
      set.kind = kind;
      changes.kind = { from: team.kind, to: kind };
    }
    if (input.ParentTeamId !== undefined && input.ParentTeamId !== team.parentTeamId) {
      const parent = input.ParentTeamId === null ? null : teamOr404(state, input.ParentTeamId, "ParentTeamId").id;
      if (parent !== null && (parent === team.id || descendantTeams(state, team.id).includes(parent))) {
        throw governanceErrors.error("teamCycle", { field: "ParentTeamId", message: "a team cannot be placed under itself or one of its sub-teams" });
      }
      set.parentTeamId = parent;
      changes.parentTeamId = { from: team.parentTeamId, to: parent };
    }
    if (Object.keys(changes).length === 0) return teamView(state, team);
    const [row] = await tx
      .update(teams)
      .set({ ...set, updatedAt: now })
      .where(eq(teams.id, team.id))
      .returning();
    await recordEvent(tx, caller, auditEvent(GOVERNANCE_EVENTS.teamUpdated, { teamId: team.id, changes }), now);
    state.teamById.set(team.id, row!);
    state.teams = state.teams.map((t) => (t.id === team.id ? row! : t));
    return teamView(state, row!);
  });
}

/**
 * Sets or clears the lead. The team's automatic reporting edges are replaced: every
 * member who follows the lead (reportsToLead) reports to the new one, the lead
 * themselves excepted; none when cleared. A change that would close a reporting cycle is
 * refused whole. Setting the lead it already has changes nothing and records nothing.
 */
export async function setTeamLead(deps: GovernanceDeps, caller: GovernanceCaller, teamId: string, leadConnectedId: string | null): Promise<TeamView> {
  assertCan(caller.actor, GOVERNANCE_SCOPES.teamUpdate);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    await lockGraph(tx, caller.org.id);
    const state = await loadGraph(tx, caller.org.id);
    const team = teamOr404(state, teamId);
    const lead = leadConnectedId === null ? null : badgeFor(state, leadConnectedId, "LeadConnectedId").id;
    if (lead === team.leadConnectedId) return teamView(state, team);
    const removed = new Set(state.relationships.filter((r) => r.teamId === team.id).map((r) => r.id));
    const followers = lead === null ? [] : state.members.filter((m) => m.teamId === team.id && m.reportsToLead && m.connectedId !== lead);
    const added = followers.map((m) => ({ sourceId: m.connectedId, targetId: lead! }));
    assertNoReportingCycle(state, { removed, added });

    await tx.delete(orgRelationships).where(eq(orgRelationships.teamId, team.id));
    if (added.length) {
      await tx.insert(orgRelationships).values(
        added.map((edge) => ({ id: newId(), orgId: caller.org.id, type: "reporting" as const, ...edge, teamId: team.id, createdBy: madeBy(caller.actor), createdAt: now })),
      );
    }
    const [row] = await tx.update(teams).set({ leadConnectedId: lead, updatedAt: now }).where(eq(teams.id, team.id)).returning();
    await recordEvent(tx, caller, auditEvent(GOVERNANCE_EVENTS.teamLeadChanged, { teamId: team.id, from: team.leadConnectedId, to: lead }), now);
    return teamView({ ...state, teamById: new Map(state.teamById).set(team.id, row!) }, { ...row!, leadConnectedId: lead });
  });
}

export async function listTeamMembers(deps: GovernanceDeps, caller: GovernanceCaller, teamId: string, options: { includeSubTeams?: boolean }): Promise<TeamMemberView[]> {
  assertCan(caller.actor, GOVERNANCE_SCOPES.teamList);
  const state = await loadGraph(deps.db.read, caller.org.id);
  const team = teamOr404(state, teamId);
  const teamIds = [team.id, ...(options.includeSubTeams ? descendantTeams(state, team.id) : [])];
  return teamIds.flatMap((id) => state.members.filter((m) => m.teamId === id).map((m) => memberView(state, m)));
}

export type MemberAddResult = { needsResolution: false; member: TeamMemberView; managers: ManagerView[] };

/**
 * Adds a person or AI to a team. When the team has a lead and the member already reports
 * to someone else, nothing changes until the caller says how: 409 needs_resolution with
 * existingManagers; then Resolution add (keep them, report to the lead too), replace
 * (drop those reporting edges, report to the lead) or none (join without following the
 * lead). A replaced edge that another team's lead sync made stops that membership
 * following its lead, so the next lead change there does not bring it back.
 */
export async function addTeamMember(deps: GovernanceDeps, caller: GovernanceCaller, teamId: string, input: typeof TeamMemberAdd.static): Promise<MemberAddResult> {
  assertCan(caller.actor, GOVERNANCE_SCOPES.teamUpdate);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    await lockGraph(tx, caller.org.id);
    const state = await loadGraph(tx, caller.org.id);
    const team = teamOr404(state, teamId);
    const member = badgeFor(state, input.ConnectedIdId, "ConnectedIdId");
    if (state.members.some((m) => m.teamId === team.id && m.connectedId === member.id)) {
      throw governanceErrors.error("alreadyInTeam", { field: "ConnectedIdId", message: "that ConnectedId is already a member of this team" });
    }
    const lead = team.leadConnectedId;
    const resolution = input.Resolution ?? null;
    const existing = managersOf(state, member.id).filter((m) => m.connectedId !== lead);
    const leadApplies = lead !== null && lead !== member.id;
    if (leadApplies && existing.length > 0 && resolution === null) {
      throw governanceErrors.error("needsResolution", {
        needsResolution: true,
        existingManagers: managerViews(state, member.id).filter((m) => m.connectedId !== lead),
        message: "the member already reports to someone other than the team's lead; send again with Resolution add, replace or none",
      });
    }
    const reportsToLead = resolution !== "none";
    const replaced = resolution === "replace" ? state.relationships.filter((r) => r.type === "reporting" && r.sourceId === member.id && r.targetId !== lead) : [];
    const added = leadApplies && reportsToLead ? [{ sourceId: member.id, targetId: lead! }] : [];
    assertNoReportingCycle(state, { removed: new Set(replaced.map((r) => r.id)), added });

    if (replaced.length) {
      await tx.delete(orgRelationships).where(inArray(orgRelationships.id, replaced.map((r) => r.id)));
      await stopFollowingLeads(tx, replaced.flatMap((r) => (r.teamId ? [{ teamId: r.teamId, connectedId: member.id }] : [])));
    }
    const [row] = await tx
      .insert(teamMembers)
      .values({ id: newId(), orgId: caller.org.id, teamId: team.id, connectedId: member.id, reportsToLead, addedBy: madeBy(caller.actor), addedAt: now })
      .returning();
    const insertedEdges = added.map((edge) => ({ id: newId(), orgId: caller.org.id, type: "reporting" as const, ...edge, teamId: team.id, createdBy: madeBy(caller.actor), createdAt: now }));
    if (insertedEdges.length) await tx.insert(orgRelationships).values(insertedEdges);
    const removedManagers = [...new Set(replaced.map((r) => r.targetId))];
    await recordEvent(tx, caller, auditEvent(GOVERNANCE_EVENTS.teamMemberAdded, { teamId: team.id, connectedId: member.id, resolution, reportsToLead, removedManagers }), now);
    const rowsAfter = [...state.relationships.filter((r) => !replaced.includes(r)), ...insertedEdges];
    return { needsResolution: false as const, member: memberView(state, row!), managers: managerViews(state, member.id, rowsAfter) };
  });
}

/** Removes a member from a team, with the automatic reporting edge to its lead. */
export async function removeTeamMember(deps: GovernanceDeps, caller: GovernanceCaller, teamId: string, memberId: string): Promise<{ teamId: string; connectedId: string; removed: true }> {
  assertCan(caller.actor, GOVERNANCE_SCOPES.teamUpdate);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    await lockGraph(tx, caller.org.id);
    const state = await loadGraph(tx, caller.org.id);
    const team = teamOr404(state, teamId);
    const membership = state.members.find((m) => m.teamId === team.id && m.connectedId === memberId);
    if (!membership) throw governanceErrors.error("teamMemberNotFound", { field: "memberId", message: "that ConnectedId is not a member of this team" });
    await tx.delete(teamMembers).where(eq(teamMembers.id, membership.id));
    await tx.delete(orgRelationships).where(and(eq(orgRelationships.teamId, team.id), eq(orgRelationships.sourceId, memberId)));
    await recordEvent(tx, caller, auditEvent(GOVERNANCE_EVENTS.teamMemberRemoved, { teamId: team.id, connectedId: memberId }), now);
    return { teamId: team.id, connectedId: memberId, removed: true as const };
  });
}
