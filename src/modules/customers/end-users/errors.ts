/** Error codes of end-user sign-in (spec 4.1); docs/end-users.md lists when each is given. */
export const EndUserErrors = {
  /** 400: a single-use token (magic link, exchange code, MFA token, social state) that was never issued or was tampered with. */
  invalidToken: "invalid_token",
  /** 400: the token existed but its time is over. */
  tokenExpired: "token_expired",
  /** 400: the token was already used once (a replay). */
  tokenUsed: "token_used",
  /** 400: the token belongs to another application. */
  tokenApplicationMismatch: "token_application_mismatch",
  /** 403: the end user was disabled by the organization. */
  endUserDisabled: "end_user_disabled",
  /** 403: the sign-in method is switched off for this app group. */
  methodDisabled: "method_disabled",
  /** 400: a redirect that is neither the portal's verify route nor one of the application's Callback URLs. */
  redirectNotAllowed: "redirect_not_allowed",
  /** 401: a refresh token that is unknown, expired or revoked. */
  invalidRefreshToken: "invalid_refresh_token",
  /** 401: a refresh token that was already exchanged: the session is ended, as the token may be stolen. */
  refreshTokenReused: "refresh_token_reused",
  /** 401: a missing, invalid or expired end-user access token. */
  invalidAccessToken: "invalid_access_token",
  /** 503: the organization cannot sign end-user tokens yet (no Org Master Seal, so no signing key). */
  signingKeyMissing: "signing_key_missing",
  /** 400: bot protection is on and the turnstileToken is missing or refused. */
  botCheckFailed: "bot_check_failed",
} as const;
