/**
 * Error codes of social sign-in (spec 4.1); docs/end-users.md "Social sign-in" lists when
 * each is given. The single-use codes (token_used, token_expired, invalid_token,
 * token_application_mismatch) come from end-users/flow-tokens.ts.
 */
import { defineErrors } from "../../../../platform/http/error-catalog";

export const socialErrors = defineErrors({
  providerNotEnabled: { code: "provider_not_enabled", status: 404, message: "the provider is unknown, or not configured and switched on for the app group" },
  invalidState: { code: "invalid_state", status: 400, message: "a callback whose `state` was never issued (missing, tampered or forged)" },
  invalidIdToken: { code: "invalid_id_token", status: 401, message: "an id_token that does not verify (signature, issuer, audience, expiry or nonce)" },
  providerTokenRejected: { code: "provider_token_rejected", status: 401, message: "the provider refused the code or the access token" },
  providerUnavailable: { code: "provider_unavailable", status: 502, message: "the provider could not be reached or answered something unusable" },
  idTokenRequired: { code: "id_token_required", status: 400, message: "the native sign-in of an OpenID provider needs `idToken`" },
  accessTokenRequired: { code: "access_token_required", status: 400, message: "the native sign-in of a provider without id tokens needs `accessToken`" },
  missingCode: { code: "missing_code", status: 400, message: "Redirect only (`?error=`): the provider gave no code and no error" },
});

export const SocialErrors = socialErrors.codes;
