/**
 * Error codes of the end-user passkey routes (docs/end-users.md "Passkeys"). The flow
 * token codes (invalid_token, token_used, token_expired, token_application_mismatch),
 * invalid_access_token, end_user_disabled and method_disabled come from EndUserErrors.
 */
export const EndUserPasskeyErrors = {
  /** 400: the response does not verify (signature, relying-party id, flags, unreadable client data). */
  verificationFailed: "passkey_verification_failed",
  /** 400: the authenticator ran on an origin that is neither an Allowed Origin of the application nor the portal. */
  originNotAllowed: "passkey_origin_not_allowed",
  /** 400: the signature counter did not increase: the authenticator may have been cloned. */
  counterRegressed: "passkey_counter_regressed",
  /** 400: a login assertion names a credential that is not registered in this app group. */
  unknown: "passkey_unknown",
  /** 409: the credential is already registered. */
  alreadyRegistered: "passkey_already_registered",
  /** 409: the end user already has the most passkeys one may register. */
  limitReached: "passkey_limit_reached",
  /** 404: no passkey with that id belongs to the signed-in end user. */
  notFound: "passkey_not_found",
} as const;
