/** Error codes of dashboard accounts (sign-in, sessions). */
export const AccountErrors = {
  invalidEmail: "invalid_email",
  /** Too many sign-in mails for one address or one client IP; carries retryAfterSeconds and Retry-After. */
  rateLimited: "rate_limited",
  magicLinkInvalid: "magic_link_invalid",
  magicLinkExpired: "magic_link_expired",
  magicLinkUsed: "magic_link_used",
  sessionNotFound: "session_not_found",
} as const;

export { RateLimitedError } from "../../platform/http/errors";
