/** Error codes of the passkey and personal-seal routes (DESIGN §7: lower_snake_case, listed per module). */
export const PasskeyErrors = {
  /** The ceremony's challenge is unknown, expired (5 minutes) or already used: fetch new options. */
  challengeExpired: "challenge_expired",
  /** The authenticator's response did not verify (signature, origin, relying party, flags). */
  verificationFailed: "passkey_verification_failed",
  /** A sign-in assertion names a credential this deployment does not know (deleted, or never registered). */
  unknownPasskey: "unknown_passkey",
  /** The credential is already registered (to this or another account). */
  alreadyRegistered: "passkey_already_registered",
  /** No passkey with that id belongs to the caller. */
  notFound: "passkey_not_found",
  /** A seal was requested by a user who has registered no passkey. */
  noPersonalSeal: "no_personal_seal",
  /** A sealed action was called without an assertion (spec §7). */
  stepUpRequired: "step_up_required",
  /** A sealed action's assertion was refused; the body's `reason` says why (spec §7). */
  stepUpFailed: "step_up_failed",
  rateLimited: "rate_limited",
} as const;

/** Why a personal seal was refused: the `reason` of a 403 `step_up_failed`. */
export const SealRefusal = {
  /** Not JSON, or not an AuthenticationResponseJSON. */
  malformed: "malformed_assertion",
  /** No seal challenge with the assertion's challenge exists. */
  unknownChallenge: "unknown_challenge",
  /** The challenge was issued to another user. */
  userMismatch: "user_mismatch",
  /** The challenge was issued for another purpose. */
  purposeMismatch: "purpose_mismatch",
  /** The challenge was issued for another subject. */
  subjectMismatch: "subject_mismatch",
  /** The challenge was already used by a committed sealed action. */
  replayed: "challenge_replayed",
  /** The challenge is older than 5 minutes. */
  expired: "challenge_expired",
  /** The assertion was made for another origin than the dashboard's. */
  wrongOrigin: "wrong_origin",
  /** The credential is not registered here. */
  unknownCredential: "unknown_credential",
  /** The credential belongs to another user. */
  foreignCredential: "foreign_credential",
  /** The signature does not verify against the registered public key. */
  badSignature: "bad_signature",
  /** Any other WebAuthn check failed (relying party, user verification, counter). */
  verificationFailed: "verification_failed",
} as const;

export type SealRefusalReason = (typeof SealRefusal)[keyof typeof SealRefusal];
