/** Error codes of end-user sign-in (spec 4.1); docs/end-users.md lists when each is given. */
import { defineErrors } from "../../../platform/http/error-catalog";

export const endUserErrors = defineErrors({
  invalidToken: { code: "invalid_token", status: 400, message: "a single-use token (magic link, exchange code, MFA token, social state) that was never issued or was tampered with" },
  tokenExpired: { code: "token_expired", status: 400, message: "the token existed but its time is over" },
  tokenUsed: { code: "token_used", status: 400, message: "the token was already used once (a replay)" },
  tokenApplicationMismatch: { code: "token_application_mismatch", status: 400, message: "the token belongs to another application" },
  endUserDisabled: { code: "end_user_disabled", status: 403, message: "the end user was disabled by the organization" },
  methodDisabled: { code: "method_disabled", status: 403, message: "the sign-in method is switched off for this app group" },
  redirectNotAllowed: { code: "redirect_not_allowed", status: 400, message: "a redirect that is neither the portal's verify route nor one of the application's Callback URLs" },
  invalidRefreshToken: { code: "invalid_refresh_token", status: 401, message: "a refresh token that is unknown, expired or revoked" },
  refreshTokenReused: { code: "refresh_token_reused", status: 401, message: "a refresh token that was already exchanged: the session is ended, as the token may be stolen" },
  invalidAccessToken: { code: "invalid_access_token", status: 401, message: "a missing, invalid or expired end-user access token" },
  signingKeyMissing: { code: "signing_key_missing", status: 503, message: "the organization cannot sign end-user tokens yet (no Org Master Seal, so no signing key)" },
  botCheckFailed: { code: "bot_check_failed", status: 400, message: "bot protection is on and the turnstileToken is missing or refused" },
});

export const EndUserErrors = endUserErrors.codes;
