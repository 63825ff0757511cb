/**
 * The agents domain's door (DESIGN §2): what other domains may use. Other domains import
 * from here only, never its internals or tables. The project story flow wakes agents
 * with `wakeAgent` (story_start, story_passed, story_revise, story_redo, story_hold).
 */
export { AGENT_SCOPES } from "./scopes";
export { AGENT_KINDS, kindTemplate } from "./kinds";
export { type WakeReason, WAKE_REASONS } from "./events";
export { wakeAgent } from "./wake";
export { type AgentKind } from "./schema";
