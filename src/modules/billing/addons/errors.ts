/** Error codes of the add-on door and the prepaid credit. */
export const AddonErrors = {
  /** 404: no add-on with that key. */
  unknownAddon: "unknown_addon",
  /** 402: the prepaid credit does not cover the prorated charge (spec §7 gives no code); body balanceCents, requiredCents. */
  insufficientCredit: "insufficient_credit",
  /** 400: a top-up amount outside 1 cent to $100,000. */
  invalidAmount: "invalid_amount",
} as const;
