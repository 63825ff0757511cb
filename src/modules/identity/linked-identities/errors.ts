/** Error codes of linked identities (spec 4.4, 5.6, §7), with their statuses (DESIGN §7). */
import { defineErrors } from "../../../platform/http/error-catalog";

export const linkErrors = defineErrors({
  cannotLinkSelf: { code: "cannot_link_self", status: 400, message: "this is your own address" },
  alreadyLinked: { code: "already_linked", status: 409, message: "you are already linked to this account" },
  /** Spec §7, §8: once a minute. */
  rateLimited: { code: "rate_limited", status: 429, message: "one link request a minute; retry after Retry-After seconds" },
  linkInvalid: { code: "link_invalid", status: 400, message: "this confirmation link was never issued" },
  linkExpired: { code: "link_expired", status: 400, message: "this confirmation link has expired (15 minutes)" },
  linkUsed: { code: "link_used", status: 400, message: "this confirmation link was already used" },
  linkNotFound: { code: "link_not_found", status: 404, message: "no such link of yours" },
  /** Revocation is recorded once. */
  alreadyRevoked: { code: "link_already_revoked", status: 409, message: "the link is already revoked (revokedAt)" },
  /** Spec 5.6. */
  notLinked: { code: "not_linked", status: 404, message: "you have no active link to this account" },
});

export const LinkErrors = linkErrors.codes;
