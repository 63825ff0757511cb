/** Error codes of dashboard accounts (sign-in, sessions), with their statuses (DESIGN §7). */
import { defineErrors } from "../../platform/http/error-catalog";

export const accountErrors = defineErrors({
  invalidEmail: { code: "invalid_email", status: 400, message: "not an e-mail address" },
  /** Too many sign-in mails for one address or one client IP; carries retryAfterSeconds and Retry-After. */
  rateLimited: { code: "rate_limited", status: 429, message: "too many sign-in mails; retry after Retry-After seconds" },
  magicLinkInvalid: { code: "magic_link_invalid", status: 400, message: "this sign-in link was never issued" },
  magicLinkExpired: { code: "magic_link_expired", status: 400, message: "this sign-in link has expired; ask for a new one" },
  magicLinkUsed: { code: "magic_link_used", status: 400, message: "this sign-in link was already used" },
  sessionNotFound: { code: "session_not_found", status: 404, message: "no such session of yours" },
  unauthorized: { code: "unauthorized", status: 401, message: "sign in first" },
});

export const AccountErrors = accountErrors.codes;

export { RateLimitedError } from "../../platform/http/errors";
