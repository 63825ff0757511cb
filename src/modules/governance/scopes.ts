/**
 * The scopes of teams and the reporting graph. Owner and Admin hold them through org.*;
 * every built-in Member (and so every Director) reads teams and the graph: the org chart
 * is what a member looks up to find a colleague or their manager. Changing it is not
 * theirs. M2M tokens hold them when their key was given them.
 */
export const GOVERNANCE_SCOPES = {
  teamList: "org.team.list",
  teamCreate: "org.team.create",
  teamUpdate: "org.team.update",
  reportingRead: "org.reporting.read",
  reportingUpdate: "org.reporting.update",
} as const;

export const GOVERNANCE_ROLE_SCOPES = {
  member: [GOVERNANCE_SCOPES.teamList, GOVERNANCE_SCOPES.reportingRead],
} as const;
