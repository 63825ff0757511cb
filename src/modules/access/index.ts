/**
 * The access domain's door (DESIGN §2): who is calling and what they may do. Other
 * domains import from here only, never access's internals or tables.
 */
export { effectiveScopes, keyActorOf, requireScope, type KeyActor } from "./principal";
export { type ApiKey } from "./machine/api-keys";
export { KeyErrors, MACHINE_TOKEN_ERRORS } from "./machine/errors";
export { looksLikeM2mToken, type M2mClaims } from "./machine/m2m-token";
export { authenticateMachineToken, machineInOrg, resolveMachineAccess } from "./machine/m2m";
export { type KeyCaller, keyCallerOf, publicApiGuard, requiresScope } from "./public-v1/guard";
export { matchOrg } from "./public-v1/service";
