/**
 * The datasources domain's door (DESIGN §2): what other domains may use. Other domains
 * import from here only, never its internals or tables.
 */
export { DATASOURCE_SCOPES } from "./scopes";
export { REGIONS, type Region } from "./model";
