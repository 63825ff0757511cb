/**
 * The audit events this domain appends (DESIGN §3, §6): add-ons, the prepaid credit,
 * renewals, the delinquency clock, invoices and metered SMS. Declared as its module's
 * `events`. Money moves carry minor units of `currency`; the newer events use the
 * `payment.` prefix, the payment system of audit visibility (orgs' SYSTEM_EVENT_PREFIXES).
 */
import { defineEvent } from "../../platform/audit/catalog";

type Iso = string;

export const BILLING_EVENTS = {
  addonEnabled: defineEvent<{ addonKey: string; chargedCents: number; balanceAfterCents: number; paidThrough: Iso }>()(
    "org.addon.enabled",
    "An add-on is switched on; the prorated charge taken from the prepaid credit (0 when the month was already paid)",
  ),
  addonDisabled: defineEvent<{ addonKey: string; reason?: "owner" | "delinquency" | "plan_below_floor" }>()(
    "org.addon.disabled",
    "An add-on is switched off (no refund; it stays paid through the month); by the owner, or by the delinquency clock",
  ),
  creditToppedUp: defineEvent<{ amountCents: number; balanceAfterCents: number; currency?: string; paymentId?: string; provider?: string; bonusCents?: number }>()(
    "org.credit.topped_up",
    "Prepaid credit is added: a payment settled (dev gateway, Stripe webhook) or an operator's grant; amounts in minor units of currency",
  ),
  creditWithdrawn: defineEvent<{ withdrawalId: string; amount: number; fee: number; payout: number; clawback: number; currency: string; balanceAfter: number }>()(
    "payment.credit.withdrawn",
    "Paid credit is withdrawn back to the card: the §8 fee kept and the bonus clawed back in proportion",
  ),
  topUpStarted: defineEvent<{ paymentId: string; amount: number; currency: string; provider: string }>()(
    "payment.top_up.started",
    "A top-up payment is opened with the processor; credit follows its succeeded webhook",
  ),
  chargePosted: defineEvent<{ refId: string; amount: number; currency: string; balanceAfter: number }>()(
    "payment.charge.posted",
    "A renewal charge (plan or add-on month) is taken from the credit",
  ),
  chargeFailed: defineEvent<{ refId: string; amount: number; currency: string; balance: number; attempts: number }>()(
    "payment.charge.failed",
    "A renewal charge found the credit short; it is retried while the grace lasts",
  ),
  planUpgraded: defineEvent<{ from: string; to: string; chargedMinor: number; currency: string; paidThrough: Iso }>()(
    "payment.plan.upgraded",
    "The owner moves to a higher plan; the rest of the month is charged prorated (the plan change itself is org.plan_changed)",
  ),
  planDowngradeScheduled: defineEvent<{ from: string; to: string; effectiveAt: Iso }>()(
    "payment.plan.downgrade_scheduled",
    "The owner asks for a lower plan; it applies at the end of the paid period",
  ),
  planDowngradeCancelled: defineEvent<{ plan: string; cancelled: string }>()("payment.plan.downgrade_cancelled", "The owner keeps the current plan: a scheduled downgrade is dropped"),
  delinquencyOpened: defineEvent<{ graceEndsAt: Iso; refIds: string[] }>()("payment.delinquency.opened", "A renewal charge failed: the 3-day grace starts (spec 3.7)"),
  delinquencyCleared: defineEvent<{ by: "top_up" | "charges_paid" }>()("payment.delinquency.cleared", "The grace is over in good standing: a top-up, or the charges were paid"),
  delinquencyEnforced: defineEvent<{ fromPlan: string; toPlan: string; addonsOff: string[]; voided: string[] }>()(
    "payment.delinquency.enforced",
    "Still unpaid after the grace: the paid plan drops to Free and paid add-ons switch off; managed databases are told to suspend",
  ),
  invoiceIssued: defineEvent<{ invoiceId: string; number: string; period: string; selfHash: string; supersedes: string | null }>()(
    "payment.invoice.issued",
    "An invoice is issued and sealed: its selfHash enters the audit chain",
  ),
  invoiceSuperseded: defineEvent<{ invoiceId: string; number: string; byInvoiceId: string; byNumber: string; reason: string }>()(
    "payment.invoice.superseded",
    "A correction invoice replaces an issued one for the same period",
  ),
  smsCharged: defineEvent<{ sendId: string; country: string; group: string; kind: string; price: number; currency: string }>()(
    "payment.sms.charged",
    "A text sent through /api/public/sms/send is charged to the credit (given back if the provider refuses it)",
  ),
} as const;
