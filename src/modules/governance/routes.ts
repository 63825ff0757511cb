/**
 * Teams and the reporting graph: /api/org/{slug}/teams, /reporting/graph and
 * /relationships (spec 4.7). People signed in to the dashboard, or M2M tokens of an
 * org-wide key holding the scope. The rules live in teams.ts and relationships.ts;
 * docs/governance.md describes the routes and the choices the spec leaves open.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { declaresErrors } from "../../platform/http/error-catalog";
import { strictBody } from "../../platform/http/strict-body";
import { MACHINE_TOKEN_ERRORS } from "../access/index";
import { callerOf, ORG_GUARD_ERRORS, type Organization, type OrgCaller, orgGuard, SlugParams } from "../orgs/index";
import type { GovernanceCaller } from "./caller";
import * as M from "./model";
import { addRelationship, readGraph, removeRelationship } from "./relationships";
import { addTeamMember, createTeam, listTeamMembers, listTeams, removeTeamMember, setTeamLead, updateTeam } from "./teams";

const TEAMS = ["Teams"];
const GRAPH = ["Reporting graph"];
const WHO =
  " A member's session, or an M2M token of an org-wide key holding the scope (a key scoped to one app group: 401 org_wide_key_required). " +
  "Owner and Admin hold every team and reporting scope; every built-in Member holds org.team.list and org.reporting.read.";
const GUARD = [...ORG_GUARD_ERRORS, "org_wide_key_required", ...MACHINE_TOKEN_ERRORS, "PERMISSION_DENIED"];

function caller(context: { org: Organization; orgCaller: OrgCaller; request: Request }): GovernanceCaller {
  return callerOf(context.org, context.orgCaller, context.request);
}

export function governanceRoutes(ctx: AppContext) {
  return new Elysia({ name: "governance", prefix: "/api/org/:slug" })
    .use(orgGuard(ctx))
    .get("/teams", (c) => listTeams(ctx, caller(c)), {
      orgOrMachine: true,
      params: SlugParams,
      response: t.Array(M.Team),
      detail: { tags: TEAMS, summary: "List teams", description: `Every team of the organization, oldest first. Needs org.team.list.${WHO}`, ...declaresErrors(...GUARD) },
    })
    .post("/teams", async (c) => c.status(201, await createTeam(ctx, caller(c), c.body)), {
      orgOrMachine: true,
      params: SlugParams,
      ...strictBody(M.TeamCreate),
      response: { 201: M.Team },
      detail: {
        tags: TEAMS,
        summary: "Create a team",
        description:
          "A team is a ConnectedId of type group (its id) with a kind, an optional parent team and an optional lead. Name: 1 to 200 characters, unique among the teams " +
          "(case-insensitive; else 409 team_name_taken). Kind: a-z, 0-9 and _ (default team; board is 400 reserved_team_kind). LeadConnectedId: a person or AI badge of this " +
          "organization; ParentTeamId: one of its teams (unknown ids 404 connected_id_not_found or team_not_found, a revoked or group badge as lead 400 badge_not_eligible). " +
          `Emits reporting.team.created. Needs org.team.create.${WHO}`,
        ...declaresErrors(...GUARD, "invalid_name", "reserved_team_kind", "team_name_taken", "team_not_found", "connected_id_not_found", "badge_not_eligible"),
      },
    })
    .patch("/teams/:teamId", (c) => updateTeam(ctx, caller(c), c.params.teamId, c.body), {
      orgOrMachine: true,
      params: M.TeamParams,
      ...strictBody(M.TeamChange),
      response: M.Team,
      detail: {
        tags: TEAMS,
        summary: "Rename a team, change its kind or parent",
        description:
          "Fields left out keep their value; ParentTeamId null makes it a top-level team. A parent that is the team itself or one of its sub-teams is 400 team_cycle. " +
          `Emits reporting.team.updated when something changed. Needs org.team.update.${WHO}`,
        ...declaresErrors(...GUARD, "invalid_name", "reserved_team_kind", "team_name_taken", "team_not_found", "team_cycle"),
      },
    })
    .put("/teams/:teamId/lead", (c) => setTeamLead(ctx, caller(c), c.params.teamId, c.body.LeadConnectedId), {
      orgOrMachine: true,
      params: M.TeamParams,
      ...strictBody(M.LeadChange),
      response: M.Team,
      detail: {
        tags: TEAMS,
        summary: "Set or clear a team's lead",
        description:
          "LeadConnectedId: a person or AI badge, or null to clear. The team's automatic reporting edges are replaced: each member who follows the lead (reportsToLead) " +
          "reports to the new lead (the lead themselves excepted); clearing removes them. A lead under whom the edges would close a reporting cycle is 400 reporting_cycle, " +
          `nothing changed. Emits reporting.team.lead_changed (not when the lead is unchanged). Needs org.team.update.${WHO}`,
        ...declaresErrors(...GUARD, "team_not_found", "connected_id_not_found", "badge_not_eligible", "reporting_cycle"),
      },
    })
    .get("/teams/:teamId/members", (c) => listTeamMembers(ctx, caller(c), c.params.teamId, { includeSubTeams: c.query.includeSubTeams }), {
      orgOrMachine: true,
      params: M.TeamParams,
      query: M.MembersQuery,
      response: t.Array(M.TeamMember),
      detail: {
        tags: TEAMS,
        summary: "List a team's members",
        description:
          "Direct members, oldest first; with ?includeSubTeams=true also those of every team below it, each row naming its own team (a person in two of them appears twice). " +
          `Revoked badges are left out. Needs org.team.list.${WHO}`,
        ...declaresErrors(...GUARD, "team_not_found"),
      },
    })
    .post("/teams/:teamId/members", async (c) => c.status(201, await addTeamMember(ctx, caller(c), c.params.teamId, c.body)), {
      orgOrMachine: true,
      params: M.TeamParams,
      ...strictBody(M.TeamMemberAdd),
      response: { 201: M.TeamMemberAdded },
      detail: {
        tags: TEAMS,
        summary: "Add a member to a team",
        description:
          "ConnectedIdId: a person or AI badge. The member reports to the team's lead through an automatic reporting edge. When the team has a lead and the member already " +
          "reports to someone else, nothing changes: 409 needs_resolution with needsResolution true and existingManagers; send again with Resolution add (keep them and add the lead), " +
          "replace (remove those reporting edges, add the lead) or none (join without a reporting edge). 409 already_in_team; 400 reporting_cycle when the member's line to the lead " +
          `would close a cycle. Emits reporting.team.member_added. Needs org.team.update.${WHO}`,
        ...declaresErrors(...GUARD, "team_not_found", "connected_id_not_found", "badge_not_eligible", "already_in_team", "needs_resolution", "reporting_cycle"),
      },
    })
    .delete("/teams/:teamId/members/:memberId", (c) => removeTeamMember(ctx, caller(c), c.params.teamId, c.params.memberId), {
      orgOrMachine: true,
      params: M.TeamMemberParams,
      response: M.TeamMemberRemoved,
      detail: {
        tags: TEAMS,
        summary: "Remove a member from a team",
        description: `The membership and its automatic reporting edge to the lead go; hand-made edges stay. Emits reporting.team.member_removed. Needs org.team.update.${WHO}`,
        ...declaresErrors(...GUARD, "team_not_found", "team_member_not_found"),
      },
    })
    .get("/reporting/graph", (c) => readGraph(ctx, caller(c)), {
      orgOrMachine: true,
      params: SlugParams,
      response: M.Graph,
      detail: {
        tags: GRAPH,
        summary: "The reporting graph",
        description:
          "People (person and AI badges, revoked ones left out), teams, and every edge: member_of (member → team), reporting (who reports → manager; manual, and viaTeamIds " +
          `for the teams whose lead sync made it) and reference. Needs org.reporting.read.${WHO}`,
        ...declaresErrors(...GUARD),
      },
    })
    .post("/relationships", async (c) => c.status(201, await addRelationship(ctx, caller(c), c.body)), {
      orgOrMachine: true,
      params: SlugParams,
      ...strictBody(M.RelationshipCreate),
      response: { 201: M.Edge },
      detail: {
        tags: GRAPH,
        summary: "Add a reporting or reference edge",
        description:
          "Type reporting (the source reports to the target; both a person or an AI) or reference (any two badges, teams included); member_of is 400 " +
          "relationship_type_not_allowed (use team members). Two equal ids: 400 self_relationship. A reporting edge that would close a cycle: 400 reporting_cycle with cycle. " +
          `An edge already added by hand: 409 relationship_exists. Emits reporting.relationship.added. Needs org.reporting.update.${WHO}`,
        ...declaresErrors(...GUARD, "relationship_type_not_allowed", "self_relationship", "connected_id_not_found", "badge_not_eligible", "relationship_exists", "reporting_cycle"),
      },
    })
    .delete("/relationships", (c) => removeRelationship(ctx, caller(c), c.query), {
      orgOrMachine: true,
      params: SlugParams,
      query: M.RelationshipQuery,
      response: M.RelationshipRemoved,
      detail: {
        tags: GRAPH,
        summary: "Remove a reporting or reference edge",
        description:
          "?sourceId=&targetId=&type=reporting|reference (member_of: 400 relationship_type_not_allowed). Removes the hand-made edge and any automatic one; the member then " +
          "stops following that team's lead (reportsToLead false), so a later lead change does not restore the line. " +
          `No such edge: 404 relationship_not_found. Emits reporting.relationship.removed. Needs org.reporting.update.${WHO}`,
        ...declaresErrors(...GUARD, "relationship_type_not_allowed", "relationship_not_found"),
      },
    });
}
