/**
 * Error codes of social sign-in (spec 4.1); docs/end-users.md "Social sign-in" lists when
 * each is given. The single-use codes (token_used, token_expired, invalid_token,
 * token_application_mismatch) come from end-users/flow-tokens.ts.
 */
export const SocialErrors = {
  /** 404: the provider is unknown, or not configured and switched on for the app group. */
  providerNotEnabled: "provider_not_enabled",
  /** 400: a callback whose `state` was never issued (missing, tampered or forged). */
  invalidState: "invalid_state",
  /** 401: an id_token that does not verify (signature, issuer, audience, expiry or nonce). */
  invalidIdToken: "invalid_id_token",
  /** 401: the provider refused the code or the access token. */
  providerTokenRejected: "provider_token_rejected",
  /** 502: the provider could not be reached or answered something unusable. */
  providerUnavailable: "provider_unavailable",
  /** 400: the native sign-in of an OpenID provider needs `idToken`. */
  idTokenRequired: "id_token_required",
  /** 400: the native sign-in of a provider without id tokens needs `accessToken`. */
  accessTokenRequired: "access_token_required",
  /** Redirect only (`?error=`): the provider gave no code and no error. */
  missingCode: "missing_code",
} as const;
