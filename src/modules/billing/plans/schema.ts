/**
 * The billing state of an organization's plan (docs/billing.md "Plans and renewal"):
 * what the plan is paid through, a downgrade waiting for the period end, and the
 * delinquency clock of spec 3.7. The plan itself stays on the organization (orgs).
 */
import { col, table } from "../../../platform/db/kit";
import { organizations } from "../../orgs/schema";

export const billingSubscriptions = table("billing_subscriptions", {
  /** The organization's id. */
  id: col.id().references(() => organizations.id, { onDelete: "cascade" }),
  /** End (exclusive) of the last month the current plan is paid for; null: never charged (Free, or set by an operator). */
  planPaidThrough: col.time(),
  /** A downgrade the owner asked for, applied at the period end (planChangeAt). */
  scheduledPlan: col.text(),
  scheduledAt: col.time(),
  /** Spec 3.7: the first failed charge; null when in good standing. */
  delinquentSince: col.time(),
  graceEndsAt: col.time(),
  failedAttempts: col.int().notNull(),
  lastAttemptAt: col.time(),
  updatedAt: col.time().notNull(),
});

/**
 * Charges the renewal owes: one per organization and refId (plan:pro:202602,
 * addon:audit_analytics:202602). Paid when its ledger entry is posted (same refId);
 * retried while open; void when the grace ran out and the plan or add-on was dropped.
 */
export const billingDues = table(
  "billing_dues",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    refId: col.text().notNull(),
    memo: col.text().notNull(),
    period: col.text().notNull(),
    amountMinor: col.bigint().notNull(),
    currency: col.text().notNull(),
    /** open | paid | void */
    status: col.text().notNull(),
    /** insufficient | error | ok: the outcome of the last attempt */
    lastOutcome: col.text().notNull(),
    attempts: col.int().notNull(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [
    { name: "billing_dues_org_ref_uq", on: ["orgId", "refId"], unique: true },
    { name: "billing_dues_status_idx", on: ["status", "orgId"] },
  ],
);
