/**
 * Invoices (spec 2.6, 3.5): one Open statement per organization and period accrues
 * lines from the ledger; the period-close job issues it, sealed (docs/billing.md
 * "Invoices"). Issued rows are never edited except for the move to Superseded.
 */
import { col, table } from "../../../platform/db/kit";
import { organizations } from "../../orgs/schema";

export interface StoredInvoiceLine {
  category: "plan" | "proration" | "addon" | "sso" | "usage" | "other";
  memo: string;
  amount: number;
  refId: string;
  outcome: "ok" | "insufficient" | "error";
}

export const billingInvoices = table(
  "billing_invoices",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** INV-{yyyyMM}-{seq}; null while open. */
    number: col.text(),
    /** yyyyMM (UTC) */
    period: col.text().notNull(),
    periodStart: col.time().notNull(),
    periodEnd: col.time().notNull(),
    /** Open | Issued | Superseded */
    status: col.text().notNull(),
    currency: col.text().notNull(),
    /** The lines and totals as issued (empty while open: an open statement is computed from the ledger). */
    lines: col.json<StoredInvoiceLine[]>().notNull(),
    subtotal: col.bigint().notNull(),
    settled: col.bigint().notNull(),
    unsettled: col.bigint().notNull(),
    settlement: col.text().notNull(),
    issuedAt: col.time(),
    selfHash: col.text(),
    recordHash: col.text(),
    sealedAt: col.time(),
    /** The invoice this one corrects, and the one that corrected this one. */
    supersedesId: col.text(),
    supersededById: col.text(),
    /** The number's sequence within its period (every organization together). */
    seq: col.int(),
    createdAt: col.time().notNull(),
  },
  [
    { name: "billing_invoices_number_uq", on: ["number"], unique: true },
    { name: "billing_invoices_org_period_idx", on: ["orgId", "period"] },
    { name: "billing_invoices_status_idx", on: ["status", "periodEnd"] },
  ],
);

export type InvoiceRow = typeof billingInvoices.$inferSelect;
