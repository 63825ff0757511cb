/** Error codes of end-user import and the partner routes; docs/end-users.md ("Import") lists when each is given. */
import { defineErrors } from "../../../../platform/http/error-catalog";

export const importErrors = defineErrors({
  tooManyRows: { code: "too_many_rows", status: 400, message: "more rows than one import takes (500); nothing is written" },
  noActiveApplication: { code: "no_active_application", status: 409, message: "sendInvites asked, but the app group has no active application whose hosted login the invitation could link to" },
  platformPartnerRequired: { code: "platform_partner_required", status: 403, message: "the route needs a platform partner's key (one the operator issued), and this key is not one" },
  ownerRequired: { code: "owner_required", status: 403, message: "the person behind the end-user token does not own the organization named by orgId" },
  verifiedEmailRequired: { code: "verified_email_required", status: 403, message: "the end-user token carries no verified e-mail address, so it names no dashboard person (spec 5.7)" },
});

export const ImportErrors = importErrors.codes;

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
