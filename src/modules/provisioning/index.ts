/**
 * The provisioning domain's door (DESIGN §2): what other domains may use. Other domains
 * import from here only, never its internals or tables. Nothing is handed out yet.
 */
export { PROVISIONING_EVENTS } from "./events";
