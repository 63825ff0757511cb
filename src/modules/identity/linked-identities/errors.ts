/** Error codes of linked identities (spec 4.4, 5.6, §7). */
export const LinkErrors = {
  /** initiate with the caller's own address (400, field email). */
  cannotLinkSelf: "cannot_link_self",
  /** initiate for an account the caller already has an active link to (409). */
  alreadyLinked: "already_linked",
  /** initiate more than once a minute (429, Retry-After; spec §7, §8). */
  rateLimited: "rate_limited",
  /** confirm with a token that was never issued (400, field token). */
  linkInvalid: "link_invalid",
  /** confirm after the 15-minute TTL (400, field token). */
  linkExpired: "link_expired",
  /** confirm with a token already used (400, field token). */
  linkUsed: "link_used",
  /** revoke of a link id that is not one of the caller's (404). */
  linkNotFound: "link_not_found",
  /** revoke of a link already revoked (409): revocation is recorded once. */
  alreadyRevoked: "link_already_revoked",
  /** switch to an account the caller has no active link to (404; spec 5.6). */
  notLinked: "not_linked",
} as const;
