/**
 * Wire shapes of billing (they are also the API reference). Money is an integer of
 * minor units of `currency` (cents for USD, won for KRW), never a decimal.
 */
import { t } from "elysia";
import { OrgSlug } from "../orgs/index";
import { CURRENCY_CODES } from "./ledger/currency";

const Time = t.String({ format: "date-time" });
const Minor = (description: string) => t.Integer({ description });
export const INVOICE_LIST = { default: 24, max: 120 } as const;
export const LEDGER_LIST = { default: 50, max: 500 } as const;

const Currency = t.String({ minLength: 3, maxLength: 3, description: `ISO 4217: ${CURRENCY_CODES.join(" or ")}; the account's currency is fixed by its first entry (default USD)` });
/** Amounts are checked by the service (400 invalid_amount names the field), so a fractional or absurd number gets the billing code, not a schema error. */
const Amount = t.Number({ description: "Whole minor units (cents; won for KRW), at least 1; fractions are refused, never rounded" });

export const Delinquency = t.Object({ since: Time, graceEndsAt: Time, failedAttempts: t.Integer() });

export const BillingSummary = t.Object({
  plan: t.String(),
  monthlyPrice: t.Nullable(Minor("The plan's monthly price in the account's currency; null: per contract")),
  planPaidThrough: t.Nullable(Time),
  scheduledPlan: t.Nullable(t.String({ description: "A downgrade waiting for the end of the paid period" })),
  scheduledAt: t.Nullable(Time),
  currency: t.String(),
  balance: Minor("Prepaid credit"),
  reserve: Minor("§8 service reserve, held back from withdrawals while a paid plan or add-on is on"),
  delinquency: t.Nullable(Delinquency),
});

export const PlanChange = t.Object({ plan: t.String({ maxLength: 40, description: "free, pro, pro_plus (Pro+), business; Enterprise is set by an operator" }) }, { additionalProperties: false });
export const PlanChangeResult = t.Composite([
  BillingSummary,
  t.Object({ change: t.Union([t.Literal("upgraded"), t.Literal("scheduled"), t.Literal("unchanged"), t.Literal("cancelled")]), charged: Minor("Taken from the credit now (upgrades)") }),
]);

export const LedgerEntryView = t.Object({
  id: t.String(),
  amount: Minor("Signed: negative is a charge or money out"),
  balanceAfter: Minor("The balance after this entry"),
  currency: t.String(),
  refId: t.String({ description: "Unique per organization; its prefix is the invoice line category" }),
  category: t.String({ description: "plan, proration, addon, sso, usage or other" }),
  memo: t.String(),
  period: t.String({ description: "yyyyMM the entry accrues to" }),
  at: Time,
});
export const LedgerQuery = t.Object({ limit: t.Optional(t.Integer({ minimum: 1, maximum: LEDGER_LIST.max, description: `Default ${LEDGER_LIST.default}` })) });

export const MoneyRequest = t.Object({ amount: Amount, currency: t.Optional(Currency) }, { additionalProperties: false });

export const TopUpResult = t.Object({
  paymentId: t.String(),
  provider: t.String({ description: "dev (offline, settles at once) or stripe" }),
  status: t.Union([t.Literal("succeeded"), t.Literal("pending")], { description: "pending: the credit arrives with Stripe's payment_intent.succeeded webhook" }),
  amount: t.Integer(),
  currency: t.String(),
  clientSecret: t.Nullable(t.String({ description: "Stripe's client_secret, to confirm the payment in the browser; shown once, never stored" })),
  balance: t.Integer(),
});

export const WithdrawalQuote = t.Object({
  currency: t.String(),
  balance: t.Integer(),
  paidLeft: Minor("Paid credit not yet refunded or used by fees"),
  bonusLeft: Minor("Bonus credit not yet clawed back"),
  reserve: Minor("Held back while a paid plan or add-on is on"),
  withdrawable: Minor("The most a withdrawal may take now"),
});

export const WithdrawalResult = t.Object({
  id: t.String(),
  status: t.Literal("paid"),
  currency: t.String(),
  amount: Minor("Taken from the credit"),
  fee: Minor("§8 cost-recovery fee: 2.9% (rounded up) plus $0.30 (₩400)"),
  payout: Minor("Refunded to the card: amount − fee"),
  clawback: Minor("Bonus credit removed in proportion: bonusLeft × amount ÷ paidLeft, rounded down"),
  balance: t.Integer(),
  refunds: t.Array(t.Object({ paymentId: t.String(), amount: t.Integer() })),
  createdAt: Time,
});

export const InvoiceLine = t.Object({
  category: t.Union([t.Literal("plan"), t.Literal("proration"), t.Literal("addon"), t.Literal("sso"), t.Literal("usage"), t.Literal("other")]),
  memo: t.String(),
  amount: Minor("Charged (negative: given back)"),
  refId: t.String({ description: "The credit-ledger reference" }),
  outcome: t.Union([t.Literal("ok"), t.Literal("insufficient"), t.Literal("error")]),
});

export const Invoice = t.Object({
  id: t.String(),
  orgId: t.String(),
  number: t.Nullable(t.String({ description: "INV-{yyyyMM}-{seq}; null while open" })),
  period: t.String({ description: "yyyyMM (UTC)" }),
  periodStart: Time,
  periodEnd: t.String({ format: "date-time", description: "Exclusive" }),
  status: t.Union([t.Literal("Open"), t.Literal("Issued"), t.Literal("Superseded")]),
  settlement: t.Union([t.Literal("settled"), t.Literal("partial"), t.Literal("awaiting_credit"), t.Literal("none")]),
  currency: t.String(),
  subtotal: t.Integer(),
  settled: t.Integer(),
  unsettled: Minor("subtotal − settled; not a debt"),
  issuedAt: t.Nullable(Time),
  lines: t.Array(InvoiceLine),
  supersedes: t.Nullable(t.String({ description: "The invoice this correction replaces" })),
  supersededBy: t.Nullable(t.String()),
  seal: t.Object({ selfHash: t.Nullable(t.String()), recordHash: t.Nullable(t.String()), sealedAt: t.Nullable(Time) }),
});
export const InvoiceQuery = t.Object({ limit: t.Optional(t.Integer({ minimum: 1, maximum: INVOICE_LIST.max, description: `Default ${INVOICE_LIST.default}, at most ${INVOICE_LIST.max}` })) });
export const InvoiceParams = t.Object({ id: t.String({ minLength: 1, maxLength: 100 }) });
export const OrgInvoiceParams = t.Object({ slug: OrgSlug, id: InvoiceParams.properties.id });

export const Verification = t.Object({
  id: t.String(),
  number: t.Nullable(t.String()),
  status: t.Union([t.Literal("open"), t.Literal("issued"), t.Literal("superseded")]),
  verdict: t.Union([t.Literal("valid"), t.Literal("mismatch"), t.Literal("open")], {
    description: "valid: the stored invoice hashes to selfHash and the organization's audit chain holds it; open: not sealed yet",
  }),
  selfHash: t.Nullable(t.String()),
  recomputedHash: t.Nullable(t.String()),
  recordHash: t.Nullable(t.String({ description: "The record hash of the payment.invoice.issued audit event that anchors selfHash" })),
  sealedAt: t.Nullable(Time),
  supersededBy: t.Nullable(t.String()),
});

export const SmsSendRequest = t.Object(
  {
    to: t.String({ minLength: 1, maxLength: 32, description: "E.164: + and the country code" }),
    text: t.String({ minLength: 1, maxLength: 640 }),
    kind: t.Optional(t.Union([t.Literal("code"), t.Literal("message")], { description: "code: counts toward the §8 per-number caps; message (default): needs optedIn" })),
    optedIn: t.Optional(t.Boolean({ description: "The recipient opted in to texts other than codes (required true for kind message)" })),
  },
  { additionalProperties: false },
);
export const SmsSendResult = t.Object({
  id: t.String(),
  status: t.Literal("sent"),
  to: t.String(),
  country: t.String(),
  group: t.String({ description: "standard, limited or restricted (spec §8)" }),
  kind: t.String(),
  price: t.Integer(),
  currency: t.String(),
  balance: t.Integer(),
  sentAt: Time,
});

export const WebhookResult = t.Object({ received: t.Literal(true), outcome: t.Union([t.Literal("applied"), t.Literal("duplicate"), t.Literal("ignored")]) });

export { OrgSlug };
