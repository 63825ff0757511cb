/** Error codes of teams and the reporting graph, with their statuses (DESIGN §7; docs/governance.md). */
import { defineErrors } from "../../platform/http/error-catalog";

export const governanceErrors = defineErrors({
  teamNotFound: { code: "team_not_found", status: 404, message: "no such team in this organization (field names which id)" },
  connectedIdNotFound: { code: "connected_id_not_found", status: 404, message: "no such ConnectedId (badge) in this organization (field names which id)" },
  teamMemberNotFound: { code: "team_member_not_found", status: 404, message: "that ConnectedId is not a member of this team" },
  relationshipNotFound: { code: "relationship_not_found", status: 404, message: "no edge of that type from sourceId to targetId" },
  badgeNotEligible: { code: "badge_not_eligible", status: 400, message: "the badge cannot take this place: a revoked badge, or a team where a person or AI is needed (field names which id)" },
  reportingCycle: { code: "reporting_cycle", status: 400, message: "the change would close a reporting cycle (cycle lists the ConnectedIds, each reporting to the next)" },
  teamCycle: { code: "team_cycle", status: 400, message: "the parent team would be the team itself or one of its sub-teams" },
  selfRelationship: { code: "self_relationship", status: 400, message: "an edge needs two different ConnectedIds" },
  relationshipTypeNotAllowed: { code: "relationship_type_not_allowed", status: 400, message: "only reporting and reference edges are added or removed here; member_of is managed through team members" },
  reservedTeamKind: { code: "reserved_team_kind", status: 400, message: "the board is not a team kind; it has its own routes" },
  invalidName: { code: "invalid_name", status: 400, message: "a team name is 1 to 200 characters, not only spaces" },
  teamNameTaken: { code: "team_name_taken", status: 409, message: "another team of this organization has that name" },
  alreadyInTeam: { code: "already_in_team", status: 409, message: "that ConnectedId is already a member of this team" },
  relationshipExists: { code: "relationship_exists", status: 409, message: "that edge was already added by hand" },
  needsResolution: {
    code: "needs_resolution",
    status: 409,
    message: "the member already reports to someone other than the team's lead; nothing changed. Send again with Resolution add, replace or none (existingManagers lists them)",
  },
});

export const GovernanceErrors = governanceErrors.codes;
