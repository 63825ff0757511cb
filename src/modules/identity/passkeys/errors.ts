/** Error codes of the passkey and personal-seal routes, with their statuses (DESIGN §7). */
import { defineErrors } from "../../../platform/http/error-catalog";

export const passkeyErrors = defineErrors({
  challengeExpired: { code: "challenge_expired", status: 400, message: "the ceremony's challenge is unknown, expired (5 minutes) or already used: ask for new options" },
  verificationFailed: { code: "passkey_verification_failed", status: 400, message: "the authenticator's response did not verify (signature, origin, relying party, flags)" },
  unknownPasskey: { code: "unknown_passkey", status: 400, message: "the assertion names a credential this deployment does not know (deleted, or never registered)" },
  alreadyRegistered: { code: "passkey_already_registered", status: 409, message: "the credential is already registered, to this or another account" },
  notFound: { code: "passkey_not_found", status: 404, message: "no passkey with that id belongs to the caller" },
  noPersonalSeal: { code: "no_personal_seal", status: 400, message: "the caller has registered no passkey, so has no Personal Seal" },
  stepUpRequired: { code: "step_up_required", status: 403, message: "a sealed action called without a passkey assertion (spec §7)" },
  stepUpFailed: { code: "step_up_failed", status: 403, message: "the sealed action's assertion was refused; `reason` says why (spec §7)" },
  rateLimited: { code: "rate_limited", status: 429, message: "too many ceremonies; retry after Retry-After seconds" },
});

export const PasskeyErrors = passkeyErrors.codes;

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
