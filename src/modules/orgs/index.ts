/**
 * The orgs domain's door (DESIGN §2): what other domains may use. Other domains import
 * from here only, never orgs' internals or tables.
 */
export { assertCan, can, coversAll, grantFor, intersectScopes, type PermissionActor } from "./permissions/service";
export { permissionErrors, PermissionErrors } from "./permissions/errors";
export { directScopesOf, grantDirectScope, isRoleOfOrg, type MemberAuthority, memberAuthorityOf } from "./permissions/direct-grants";
export { auditActorOf, type MachineOrgActor, badgeIdsOf, type Caller, callerOf, hasRevokedBadge, memberUserIds, type MachineTokens, ORG_GUARD_ERRORS, orgAccessErrors, OrgAccessErrors, type OrgActor, type Organization, type OrgCaller, orgWideKeyRequired, type PersonAuthority, personAuthorityOf, requireOwner, resolveOrgAccess } from "./access";
export { orgGuard } from "./guard";
export { AGENT_MEMBERSHIP_TYPE, badgeOfOrg, badgesOfOrg, type BadgeStatus, type BadgeSummary, type BadgeType, createGroupBadge, issueAgentBadge, renameGroupBadge, updateAgentBadge } from "./badge-directory";
export { allOrgIds, orgById, orgByIdOrSlug, orgBySlug, orgIdsWhere } from "./hot-queries";
export { requireAdmin } from "./members/caller";
export { activeServiceAccount } from "./members/service-accounts";
export { ensureSharedRole, scopesOfRole, type SharedRole } from "./members/roles";
export { codeHash, randomCode, sameHash } from "./otp";
export { OtpErrors, planErrors } from "./errors";
export { ownerEmailOf, ownerStatus, type OwnerStatus } from "./owner-status";
export { orgMailLanguage, orgRecipientLanguage } from "./mail-language";
export { KNOWN_SCOPES } from "./permissions/roles";
export { parseScope, SCOPE_MAX_LENGTH, SYSTEM_EVENT_PREFIXES, type SystemKey, systemOfEventType } from "./permissions/scopes";
export { validateScopes } from "./permissions/service";
export { type AddonKey, ADDONS, ANALYTICS_DAYS, analyticsDays, limitsOf, parseAddon, parsePlan, planAtLeast, type PlanKey, PLAN_KEYS, PLAN_TIERS, planOf, type PlanSubject, prorateAt, prorateCents, requireAddonPlan, requirePlan, requireRoomFor, upgradeRequired } from "./plans";
export { publicOrgView, type Readiness, readinessOf } from "./readiness";
export { enforceSessionPolicy } from "./security-policy";
export { changePlanInTx, validName } from "./service";
export { OrgSlug, SlugParams } from "./slugs";
export { duplicateValue, orgSettingsSection, readSettingsSection, sectionOfOtherOrganizations, uniqueValues, validHostname } from "./settings";
export { orgLocaleOf, type SecurityMode, securityModeOf, securitySettings } from "./settings-sections";
export { masterSealOf, recordMasterSeal, type MasterSealRecord } from "./master-seal-record";
export {
  createProvisionedRole,
  customRolesOf,
  type CustomRoleSummary,
  deleteProvisionedRole,
  endProvisionedMember,
  type EventOrigin,
  isBuiltinRole,
  PROVISIONED_DEFAULT_ROLE,
  provisionableMembers,
  type ProvisionableMember,
  provisionMember,
  renameMemberBadge,
  renameProvisionedRole,
  setMemberActive,
  setMemberRole,
} from "./members/provisioning";
export { memberErrors } from "./members/errors";
