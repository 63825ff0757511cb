/**
 * The federation domain's door (DESIGN §2): what other domains may use. Other domains
 * import from here only, never its internals or tables. Only its event definitions and
 * plan limits are handed out; its services serve its own routes.
 */
export { FEDERATION_EVENTS } from "./events";
export { ssoLimits } from "./limits";
