/**
 * The provisioning domain's door (DESIGN §2): what other domains may use. Other domains
 * import from here only, never its internals or tables. Only its event definitions are
 * handed out (an audit reader may name them); its services serve its own routes.
 */
export { PROVISIONING_EVENTS } from "./events";
