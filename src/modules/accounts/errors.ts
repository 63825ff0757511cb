/** Error codes of dashboard accounts (sign-in, sessions). */
import { ApiError } from "../../platform/http/errors";

export const AccountErrors = {
  invalidEmail: "invalid_email",
  /** Too many sign-in mails for one address or one client IP; carries retryAfterSeconds and Retry-After. */
  rateLimited: "rate_limited",
  magicLinkInvalid: "magic_link_invalid",
  magicLinkExpired: "magic_link_expired",
  magicLinkUsed: "magic_link_used",
  sessionNotFound: "session_not_found",
} as const;

/** 429 `rate_limited`; routes copy `retryAfterSeconds` into the Retry-After header. */
export class RateLimitedError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, AccountErrors.rateLimited, { retryAfterSeconds });
  }
}
