/** The Open statement of a period, created where its first invoice line is posted (ledger, dues). */
import { recordHash } from "../../../platform/crypto/canonical-json";
import type { Tx } from "../../../platform/db/database";
import { periodBounds } from "../ledger/ref-ids";
import { billingInvoices } from "./schema";

/** The id of an organization's Open statement for a period: one per (org, period), whoever creates it first. */
function openInvoiceId(orgId: string, period: string): string {
  return `inv_${recordHash({ orgId, period }).slice(0, 32)}`;
}

/** Makes sure the period's Open statement exists (called where invoice lines are posted). */
export async function ensureOpenInvoice(tx: Tx, orgId: string, period: string, currency: string, at: number): Promise<void> {
  const { start, end } = periodBounds(period);
  await tx
    .insert(billingInvoices)
    .values({ id: openInvoiceId(orgId, period), orgId, number: null, period, periodStart: start, periodEnd: end, status: "Open", currency, lines: [], subtotal: 0, settled: 0, unsettled: 0, settlement: "none", issuedAt: null, selfHash: null, recordHash: null, sealedAt: null, supersedesId: null, supersededById: null, seq: null, createdAt: at })
    .onConflictDoNothing();
}

