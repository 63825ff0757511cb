/**
 * The prepaid credit (docs/billing.md "The ledger"): one account per organization in one
 * currency, and an append-only ledger of every move. The tables began with the add-on
 * door (migration 0010); billing took them over and added the currency, the refId and
 * the invoice period, carrying the earlier rows (the migration fills their refId).
 *
 * Amounts are integer minor units of the account's currency (cents for USD, won for
 * KRW); the SQL columns keep their first names (`*_cents`).
 */
import { col, table } from "../../../platform/db/kit";
import { organizations } from "../../orgs/schema";

export const orgCreditAccounts = table("org_credit_accounts", {
  /** The organization's id. */
  id: col.id().references(() => organizations.id, { onDelete: "cascade" }),
  /** ISO 4217; fixed by the account's first entry (USD before then). */
  currency: col.text().notNull().default("USD"),
  /** Never negative: every debit is a conditional update under the account's lock. */
  balanceMinor: col.bigint("balance_cents").notNull(),
  updatedAt: col.time().notNull(),
});

export const orgCreditLedger = table(
  "org_credit_ledger",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** Positive: credit in (top-up, bonus, refund); negative: a charge or money out. */
    amountMinor: col.bigint("amount_cents").notNull(),
    balanceAfterMinor: col.bigint("balance_after_cents").notNull(),
    currency: col.text().notNull().default("USD"),
    /**
     * What the entry is for, unique per organization, so a retried charge or a replayed
     * payment never posts twice. Its prefix is the invoice line's category (spec 2.6):
     * plan:, proration:, addon:, sso:, usage:, anything else is other (ledger/ref-ids.ts).
     */
    refId: col.text().notNull().default(""),
    /** A short human description (the invoice line's memo). Earlier rows: top_up | addon:<key>. */
    reason: col.text().notNull(),
    /** The invoice period (yyyyMM, UTC) the entry accrues to: its month, or an earlier one for a correction. */
    period: col.text().notNull().default(""),
    actorId: col.text(),
    at: col.time().notNull(),
  },
  [
    { name: "org_credit_ledger_org_at_idx", on: ["orgId", "at"] },
    { name: "org_credit_ledger_org_ref_uq", on: ["orgId", "refId"], unique: true },
    { name: "org_credit_ledger_org_period_idx", on: ["orgId", "period"] },
  ],
);

/** Payments that fund the credit (a top-up through the payment gateway, or an operator's grant). */
export const billingPayments = table(
  "billing_payments",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** dev | stripe | operator */
    provider: col.text().notNull(),
    /** The processor's id (Stripe's PaymentIntent id); null for the dev gateway and operators. */
    providerRef: col.text(),
    amountMinor: col.bigint().notNull(),
    /** Promotional credit that came with it (an operator's grant); clawed back in proportion on withdrawal. */
    bonusMinor: col.bigint().notNull(),
    currency: col.text().notNull(),
    /** pending | succeeded | failed */
    status: col.text().notNull(),
    /** What of amountMinor has been refunded by withdrawals. */
    refundedMinor: col.bigint().notNull(),
    createdBy: col.text(),
    createdAt: col.time().notNull(),
    settledAt: col.time(),
  },
  [
    { name: "billing_payments_provider_ref_uq", on: ["provider", "providerRef"], unique: true },
    { name: "billing_payments_org_idx", on: ["orgId", "createdAt"] },
  ],
);

/** Webhook events applied, by the processor's event id: each is applied once. */
export const billingWebhookEvents = table("billing_webhook_events", {
  /** provider:eventId */
  id: col.id(),
  type: col.text().notNull(),
  orgId: col.text(),
  receivedAt: col.time().notNull(),
});

/** Withdrawals of paid credit back to the card (§8: 2.9% + $0.30, bonus clawed back in proportion). */
export const billingWithdrawals = table(
  "billing_withdrawals",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    currency: col.text().notNull(),
    amountMinor: col.bigint().notNull(),
    feeMinor: col.bigint().notNull(),
    payoutMinor: col.bigint().notNull(),
    clawbackMinor: col.bigint().notNull(),
    /** pending | paid | failed */
    status: col.text().notNull(),
    /** [{paymentId, providerRef, amountMinor, refundRef}] */
    refunds: col.json<Array<{ paymentId: string; providerRef: string | null; amountMinor: number; refundRef: string | null }>>().notNull(),
    failure: col.text(),
    createdBy: col.text(),
    createdAt: col.time().notNull(),
  },
  [{ name: "billing_withdrawals_org_idx", on: ["orgId", "createdAt"] }],
);
