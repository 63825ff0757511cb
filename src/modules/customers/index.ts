/**
 * The customers domain's door (DESIGN §2): what other domains may use. Other domains import
 * from here only, never its internals or tables.
 */
export { applyCors, PUBLIC_APP_PREFIX } from "./apps/cors";
export { APP_SCOPES } from "./apps/scopes";
export { activeApplicationByClientKey, allAppGroups, collectionOfGroups, appGroupOf, appGroupsOf, type AppGroupSummary } from "./apps/directory";
export { hasSignInAttempts, signInAttemptsOfGroup, signInSummaryOfOrg, type SignInAttempt, type SignInWindow } from "./end-users/sign-in-ledger";
export { getAppGroup, getApplication, listApplications } from "./apps/service";
export { type AppGroupView, type ApplicationView } from "./apps/model";
export { type MonetizationLimits, monetizationLimits } from "./apps/monetization-limits";
export { type AlimtalkCodes, type MfaChannel } from "./end-users/mfa/codes";
