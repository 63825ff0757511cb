/**
 * The access domain's door (DESIGN §2): who is calling and what they may do. Other
 * domains import from here only, never access's internals or tables.
 */
export { effectiveScopes, keyActorOf, orgWideKeyRequired, requireScope, type KeyActor } from "./principal";
