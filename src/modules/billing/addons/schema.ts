/**
 * Add-ons an organization has switched on, and the minimal prepaid credit they are
 * charged against. The credit account and its ledger are the seam the billing module
 * will take over (docs/analytics.md "Add-ons and credit"): it will fund the balance
 * through payments; today an operator tops it up.
 */
import { col, table } from "../../../platform/db/kit";
import { organizations } from "../../orgs/schema";

export const orgAddons = table(
  "org_addons",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** A key of ADDONS (src/modules/orgs/plans.ts). */
    addonKey: col.text().notNull(),
    /** active | disabled */
    status: col.text().notNull(),
    enabledAt: col.time().notNull(),
    enabledBy: col.text(),
    disabledAt: col.time(),
    /** End of the last month paid for (exclusive): re-enabling before it charges nothing. */
    paidThrough: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [{ name: "org_addons_org_key_uq", on: ["orgId", "addonKey"], unique: true }],
);

export const orgCreditAccounts = table("org_credit_accounts", {
  /** The organization's id. */
  id: col.id().references(() => organizations.id, { onDelete: "cascade" }),
  balanceCents: col.bigint().notNull(),
  updatedAt: col.time().notNull(),
});

export const orgCreditLedger = table(
  "org_credit_ledger",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** Positive: a top-up; negative: a charge. */
    amountCents: col.bigint().notNull(),
    balanceAfterCents: col.bigint().notNull(),
    /** top_up | addon:<key> */
    reason: col.text().notNull(),
    actorId: col.text(),
    at: col.time().notNull(),
  },
  [{ name: "org_credit_ledger_org_at_idx", on: ["orgId", "at"] }],
);

export type OrgAddonRow = typeof orgAddons.$inferSelect;
