/**
 * The orgs domain's door (DESIGN §2): what other domains may use. Other domains import
 * from here only, never orgs' internals or tables.
 */
export { assertCan, can, coversAll, grantFor, type PermissionActor } from "./permissions/service";
export { PermissionErrors } from "./permissions/errors";
