/**
 * The governance domain's door (DESIGN §2): what other domains may use. Other domains
 * import from here only, never its internals or tables.
 */
export { GOVERNANCE_SCOPES } from "./scopes";
export { APPROVAL_SCOPES } from "./approvals/scopes";
export { type ConsumedApproval, consumeOneTimeApproval } from "./approvals/consume";
