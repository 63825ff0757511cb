/** Error codes of end-user import and the partner routes; docs/end-users.md ("Import") lists when each is given. */
export const ImportErrors = {
  /** 400: more rows than one import takes (500); nothing is written. */
  tooManyRows: "too_many_rows",
  /** 409: sendInvites asked, but the app group has no active application whose hosted login the invitation could link to. */
  noActiveApplication: "no_active_application",
  /** 403: the route needs a platform partner's key (one the operator issued), and this key is not one. */
  platformPartnerRequired: "platform_partner_required",
  /** 403: the person behind the end-user token does not own the organization named by orgId. */
  ownerRequired: "owner_required",
  /** 403: the end-user token carries no verified e-mail address, so it names no dashboard person (spec 5.7). */
  verifiedEmailRequired: "verified_email_required",
} as const;

/** Per-row codes of an import: the row answers `invalid` with one of these and the field at fault. */
export const ImportRowErrors = {
  invalidRow: "invalid_row",
  unknownField: "unknown_field",
  invalidEmail: "invalid_email",
  invalidDisplayName: "invalid_display_name",
  invalidEmailVerified: "invalid_email_verified",
  invalidPasswordHash: "invalid_password_hash",
  invalidPasswordAlgorithm: "invalid_password_algorithm",
  invalidExternalId: "invalid_external_id",
} as const;
