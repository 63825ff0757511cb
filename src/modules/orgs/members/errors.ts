/** Error codes of the members module (members, badges, invitations, roles, service accounts). */
export const MemberErrors = {
  /** The caller is neither the owner nor an admin (role changes, badges, roles, service accounts). */
  adminRequired: "admin_required",
  /** The owner's role, membership and badge are not changed through these routes. */
  ownerProtected: "owner_protected",
  /** A role value that is not assignable here: unknown, another organization's, or owner. */
  invalidRole: "invalid_role",
  /** A role (or role edit) would grant scopes the caller does not hold. */
  scopesNotHeld: "scopes_not_held",
  alreadyMember: "already_member",
  badgeRevoked: "badge_revoked",
  invitationEmailMismatch: "invitation_email_mismatch",
  invitationExpired: "invitation_expired",
  invitationUsed: "invitation_used",
  invitationRevoked: "invitation_revoked",
  reservedRoleKey: "reserved_role_key",
  roleKeyTaken: "role_key_taken",
  builtinRole: "builtin_role",
  roleInUse: "role_in_use",
  nameTaken: "name_taken",
  invalidName: "invalid_name",
  rateLimited: "rate_limited",
  notFound: "not_found",
} as const;
