/** Error codes of the add-on door and the prepaid credit, with their statuses (DESIGN §7). */
import { defineErrors } from "../../../platform/http/error-catalog";

export const addonErrors = defineErrors({
  unknownAddon: { code: "unknown_addon", status: 404, message: "no add-on with that key (known lists them)" },
  /** Spec §7 gives no code. */
  insufficientCredit: { code: "insufficient_credit", status: 402, message: "the prepaid credit does not cover the prorated charge (balanceCents, requiredCents)" },
  invalidAmount: { code: "invalid_amount", status: 400, message: "a top-up is a whole number of cents from 1 to $100,000" },
});

export const AddonErrors = addonErrors.codes;
