/**
 * The agent scopes of spec 4.8. Owner and Admin hold them through org.*; no other built-in
 * role does (a custom role may be given them). Listing a group's agents and the kind
 * templates needs membership only (spec 4.8: "membership"). `org.agent.hire` is refused to
 * agents whatever their gate says (rule 2), as is every other change to agents.
 */
export const AGENT_SCOPES = {
  hire: "org.agent.hire",
  update: "org.agent.update",
  suspend: "org.agent.suspend",
  revoke: "org.agent.revoke",
} as const;
