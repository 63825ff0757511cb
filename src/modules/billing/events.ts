/** The audit events this domain appends (DESIGN §3, §6): add-ons and prepaid credit. Declared as its module's `events`. */
import { defineEvent } from "../../platform/audit/catalog";

type Iso = string;

export const BILLING_EVENTS = {
  addonEnabled: defineEvent<{ addonKey: string; chargedCents: number; balanceAfterCents: number; paidThrough: Iso }>()(
    "org.addon.enabled",
    "An add-on is switched on; the prorated charge taken from the prepaid credit (0 when the month was already paid)",
  ),
  addonDisabled: defineEvent<{ addonKey: string }>()("org.addon.disabled", "An add-on is switched off (no refund; it stays paid through the month)"),
  creditToppedUp: defineEvent<{ amountCents: number; balanceAfterCents: number }>()("org.credit.topped_up", "Prepaid credit is added by an operator (the seam billing replaces)"),
} as const;
