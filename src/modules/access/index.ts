/**
 * The access domain's door (DESIGN §2): who is calling and what they may do. Other
 * domains import from here only, never access's internals or tables.
 */
export { type AgentRefusal, agentGate, type AgentStanding, effectiveScopes, keyActorOf, requireScope, type KeyActor } from "./principal";
export {
  AGENT_CREDENTIAL_PREFIX,
  type AgentAccess,
  type AgentCredentialView,
  type AgentFacts,
  type AgentRoster,
  findAgentCredential,
  issueAgentCredential,
  liveAgentCredentials,
  looksLikeAgentCredential,
  resolveAgentCredential,
  revokeAgentCredentials,
} from "./machine/agent-credentials";
export { type ApiKey } from "./machine/api-keys";
export { webhookSigningSecrets } from "./machine/webhook-secret";
export { KeyErrors, MACHINE_TOKEN_ERRORS } from "./machine/errors";
export { looksLikeM2mToken, type M2mClaims } from "./machine/m2m-token";
export { authenticateMachineToken, machineInOrg, resolveMachineAccess } from "./machine/m2m";
export { type KeyCaller, keyCallerOf, publicApiGuard, requiresScope } from "./public-v1/guard";
export { matchOrg } from "./public-v1/service";
