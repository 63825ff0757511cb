/** Error codes of the organization's signing keys. */
export const SigningKeyErrors = {
  /** The organization has no Org Master Seal, so no signing keys (spec §7's code). */
  orgSealRequired: "ORG_SEAL_REQUIRED",
  /** A rotation while the JWKS already carries the most retiring keys it may. */
  tooManySigningKeys: "too_many_signing_keys",
} as const;
