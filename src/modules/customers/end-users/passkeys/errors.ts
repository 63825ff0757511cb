/**
 * Error codes of the end-user passkey routes (docs/end-users.md "Passkeys"). The flow
 * token codes (invalid_token, token_used, token_expired, token_application_mismatch),
 * invalid_access_token, end_user_disabled and method_disabled come from EndUserErrors.
 */
import { defineErrors } from "../../../../platform/http/error-catalog";

export const endUserPasskeyErrors = defineErrors({
  verificationFailed: { code: "passkey_verification_failed", status: 400, message: "the response does not verify (signature, relying-party id, flags, unreadable client data)" },
  originNotAllowed: { code: "passkey_origin_not_allowed", status: 400, message: "the authenticator ran on an origin that is neither an Allowed Origin of the application nor the portal" },
  counterRegressed: { code: "passkey_counter_regressed", status: 400, message: "the signature counter did not increase: the authenticator may have been cloned" },
  unknown: { code: "passkey_unknown", status: 400, message: "a login assertion names a credential that is not registered in this app group" },
  alreadyRegistered: { code: "passkey_already_registered", status: 409, message: "the credential is already registered" },
  limitReached: { code: "passkey_limit_reached", status: 409, message: "the end user already has the most passkeys one may register" },
  notFound: { code: "passkey_not_found", status: 404, message: "no passkey with that id belongs to the signed-in end user" },
});

export const EndUserPasskeyErrors = endUserPasskeyErrors.codes;
