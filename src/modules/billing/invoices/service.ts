/**
 * Invoices (spec 2.6, 3.5; docs/billing.md "Invoices" and "Verifying an invoice").
 *
 * - Each organization has one Open statement per period (yyyyMM, UTC) from the first
 *   invoice line of that period on; its lines are read from the ledger (and the dues that
 *   found the credit short) whenever it is shown.
 * - The period-close job issues every Open statement whose period has ended: it gets its
 *   number INV-{yyyyMM}-{seq} (one sequence per period across organizations), its lines
 *   and totals are frozen, and it is sealed: selfHash = SHA-256 of the canonical JSON
 *   (RFC 8785) of the invoice without status, seal and supersededBy; that hash is
 *   appended to the organization's audit chain as payment.invoice.issued, whose record
 *   hash becomes seal.recordHash.
 * - An issued invoice is never edited. A correction issues a new invoice for the same
 *   period (the ledger read again, adjustments included) and marks the old one Superseded.
 */
import { and, desc, eq, max } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { appendAudit, type AuditActor } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { auditEvents } from "../../../platform/audit/schema";
import { toIso } from "../../../platform/clock";
import { recordHash } from "../../../platform/crypto/canonical-json";
import type { Queryable, Tx } from "../../../platform/db/database";
import { newId } from "../../../platform/ids";
import { orgById, planAtLeast, upgradeRequired } from "../../orgs/index";
import { billingErrors } from "../errors";
import { BILLING_EVENTS } from "../events";
import { type CurrencyCode, parseCurrency } from "../ledger/currency";
import { creditLock, entriesOfPeriod, postEntry } from "../ledger/ledger";
import { categoryOf, isInvoiceLine, isPeriod, periodBounds, periodOf, refIds } from "../ledger/ref-ids";
import { billingDues } from "../plans/schema";
import { billingInvoices, type InvoiceRow, type StoredInvoiceLine } from "./schema";
export { ensureOpenInvoice } from "./open";

export type Settlement = "settled" | "partial" | "awaiting_credit" | "none";

/** Exactly the fields selfHash covers (docs/billing.md), in the order they are served. */
export interface SealedInvoice {
  id: string;
  orgId: string;
  number: string | null;
  period: string;
  periodStart: string;
  periodEnd: string;
  settlement: Settlement;
  currency: string;
  subtotal: number;
  settled: number;
  unsettled: number;
  issuedAt: string | null;
  lines: StoredInvoiceLine[];
  supersedes: string | null;
}

export interface InvoiceView extends SealedInvoice {
  status: "Open" | "Issued" | "Superseded";
  supersededBy: string | null;
  seal: { selfHash: string | null; recordHash: string | null; sealedAt: string | null };
}

/** The lines of a period as the ledger and the dues have them now. */
async function linesOf(reader: Queryable, orgId: string, period: string): Promise<StoredInvoiceLine[]> {
  const entries = await entriesOfPeriod(reader, orgId, period);
  const lines: StoredInvoiceLine[] = entries
    .filter((e) => isInvoiceLine(e.refId))
    .map((e) => ({ category: categoryOf(e.refId), memo: e.reason, amount: -e.amountMinor, refId: e.refId, outcome: "ok" as const }));
  const posted = new Set(entries.map((e) => e.refId));
  const dues = await reader.select().from(billingDues).where(and(eq(billingDues.orgId, orgId), eq(billingDues.period, period)));
  for (const due of dues) {
    if (posted.has(due.refId) || due.status === "paid") continue;
    lines.push({ category: categoryOf(due.refId), memo: due.memo, amount: due.amountMinor, refId: due.refId, outcome: due.lastOutcome === "error" ? "error" : "insufficient" });
  }
  return lines;
}

export function totalsOf(lines: readonly StoredInvoiceLine[]): { subtotal: number; settled: number; unsettled: number; settlement: Settlement } {
  const subtotal = lines.reduce((s, l) => s + l.amount, 0);
  const settled = lines.filter((l) => l.outcome === "ok").reduce((s, l) => s + l.amount, 0);
  const unsettled = subtotal - settled;
  const settlement: Settlement = lines.length === 0 || subtotal === 0 ? "none" : unsettled === 0 ? "settled" : settled > 0 ? "partial" : "awaiting_credit";
  return { subtotal, settled, unsettled, settlement };
}

/** The sealed part of an issued row, exactly as stored. */
export function sealedRecordOf(row: InvoiceRow): SealedInvoice {
  return {
    id: row.id,
    orgId: row.orgId,
    number: row.number,
    period: row.period,
    periodStart: toIso(row.periodStart),
    periodEnd: toIso(row.periodEnd),
    settlement: row.settlement as Settlement,
    currency: row.currency,
    subtotal: row.subtotal,
    settled: row.settled,
    unsettled: row.unsettled,
    issuedAt: row.issuedAt === null ? null : toIso(row.issuedAt),
    lines: row.lines,
    supersedes: row.supersedesId,
  };
}

async function viewOf(reader: Queryable, row: InvoiceRow): Promise<InvoiceView> {
  let record = sealedRecordOf(row);
  if (row.status === "Open") {
    const lines = await linesOf(reader, row.orgId, row.period);
    record = { ...record, lines, ...totalsOf(lines) };
  }
  return {
    ...record,
    status: row.status as InvoiceView["status"],
    supersededBy: row.supersededById,
    seal: { selfHash: row.selfHash, recordHash: row.recordHash, sealedAt: row.sealedAt === null ? null : toIso(row.sealedAt) },
  };
}

export async function listInvoices(reader: Queryable, orgId: string, limit: number): Promise<InvoiceView[]> {
  const rows = await reader.select().from(billingInvoices).where(eq(billingInvoices.orgId, orgId)).orderBy(desc(billingInvoices.period), desc(billingInvoices.createdAt)).limit(limit);
  return Promise.all(rows.map((r) => viewOf(reader, r)));
}

async function invoiceRow(reader: Queryable, id: string): Promise<InvoiceRow | null> {
  const [row] = await reader.select().from(billingInvoices).where(eq(billingInvoices.id, id));
  return row ?? null;
}

/** One invoice of the organization; another organization's answers 404 as if it did not exist. */
export async function invoiceOf(reader: Queryable, orgId: string, id: string): Promise<InvoiceView> {
  const row = await invoiceRow(reader, id);
  if (!row || row.orgId !== orgId) throw billingErrors.error("invoiceNotFound");
  return viewOf(reader, row);
}

export async function issuedInvoiceRow(reader: Queryable, orgId: string, id: string): Promise<InvoiceRow> {
  const row = await invoiceRow(reader, id);
  if (!row || row.orgId !== orgId) throw billingErrors.error("invoiceNotFound");
  if (row.status === "Open") throw billingErrors.error("invoiceNotIssued", { invoiceStatus: row.status });
  return row;
}

/**
 * Issues a row (an Open statement, or a fresh correction) in the caller's transaction:
 * number, lines and totals frozen, sealed, its hash appended to the audit chain.
 */
async function issue(tx: Tx, row: InvoiceRow, actor: AuditActor, now: number): Promise<InvoiceRow> {
  await tx.lock(`invoice-number:${row.period}`);
  const [top] = await tx.select({ seq: max(billingInvoices.seq) }).from(billingInvoices).where(eq(billingInvoices.period, row.period));
  const seq = (top?.seq ?? 0) + 1;
  const number = `INV-${row.period}-${String(seq).padStart(4, "0")}`;
  const lines = await linesOf(tx, row.orgId, row.period);
  const issued: InvoiceRow = { ...row, number, seq, lines, ...totalsOf(lines), status: "Issued", issuedAt: now };
  const selfHash = recordHash(sealedRecordOf(issued));
  const appended = await appendAudit(tx, {
    ...auditEvent(BILLING_EVENTS.invoiceIssued, { invoiceId: row.id, number, period: row.period, selfHash, supersedes: row.supersedesId }),
    orgId: row.orgId,
    actor,
    at: now,
  });
  const [stored] = await tx
    .update(billingInvoices)
    .set({ number, seq, lines, subtotal: issued.subtotal, settled: issued.settled, unsettled: issued.unsettled, settlement: issued.settlement, status: "Issued", issuedAt: now, selfHash, recordHash: appended.recordHash, sealedAt: now })
    .where(eq(billingInvoices.id, row.id))
    .returning();
  return stored!;
}

/** The period-close job: every Open statement whose period has ended is issued, each in its own transaction. */
export async function closePeriods(deps: Pick<AppContext, "db" | "clock">, now: number): Promise<{ issued: number }> {
  const due = await deps.db.read.select({ id: billingInvoices.id, orgId: billingInvoices.orgId }).from(billingInvoices).where(eq(billingInvoices.status, "Open"));
  let issued = 0;
  for (const { id, orgId } of due) {
    const done = await deps.db.write(async (tx) => {
      await tx.lock(creditLock(orgId));
      const row = await invoiceRow(tx, id);
      if (!row || row.status !== "Open" || row.periodEnd > now) return false;
      await issue(tx, row, { kind: "system" }, now);
      return true;
    });
    if (done) issued++;
  }
  return { issued };
}

export interface CorrectionInput {
  invoiceId: string;
  reason: string;
  /** A ledger adjustment for the invoice's period posted with the correction: positive gives credit back (a negative line). */
  adjustment?: { amount: number; memo: string };
}

/**
 * A correction (an operator's): an optional adjustment posted to the period, then a new
 * invoice for the same period issued from the ledger as it is now; the old one becomes
 * Superseded. Returns the new invoice.
 */
export async function correctInvoice(deps: Pick<AppContext, "db" | "clock">, actor: AuditActor, input: CorrectionInput): Promise<InvoiceView> {
  const reason = input.reason.trim();
  if (!reason || reason.length > 500) throw billingErrors.error("invalidAmount", { field: "reason", message: "a reason of 1 to 500 characters" });
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    const old = await invoiceRow(tx, input.invoiceId);
    if (!old) throw billingErrors.error("invoiceNotFound");
    await tx.lock(creditLock(old.orgId));
    const current = (await invoiceRow(tx, old.id))!;
    if (current.status !== "Issued") throw billingErrors.error("invoiceNotIssued", { invoiceStatus: current.status });
    if (input.adjustment) {
      const { amount, memo } = input.adjustment;
      if (!Number.isSafeInteger(amount) || amount === 0) throw billingErrors.error("invalidAmount", { field: "adjustment", message: "a non-zero whole number of minor units" });
      await postEntry(tx, { orgId: old.orgId, currency: parseCurrency(current.currency) as CurrencyCode, amount, refId: refIds.adjustment(newId("adj")), reason: memo.slice(0, 200) || "Adjustment", period: old.period, actorId: actor.id ?? null, at: now });
    }
    const { start, end } = periodBounds(old.period);
    const [fresh] = await tx
      .insert(billingInvoices)
      .values({ id: newId("inv"), orgId: old.orgId, number: null, period: old.period, periodStart: start, periodEnd: end, status: "Open", currency: current.currency, lines: [], subtotal: 0, settled: 0, unsettled: 0, settlement: "none", issuedAt: null, selfHash: null, recordHash: null, sealedAt: null, supersedesId: old.id, supersededById: null, seq: null, createdAt: now })
      .returning();
    const issued = await issue(tx, fresh!, actor, now);
    await tx.update(billingInvoices).set({ status: "Superseded", supersededById: issued.id }).where(eq(billingInvoices.id, old.id));
    await appendAudit(tx, {
      ...auditEvent(BILLING_EVENTS.invoiceSuperseded, { invoiceId: old.id, number: current.number!, byInvoiceId: issued.id, byNumber: issued.number!, reason }),
      orgId: old.orgId,
      actor,
      at: now,
    });
    return viewOf(tx, issued);
  });
}

export interface Verification {
  id: string;
  number: string | null;
  status: "open" | "issued" | "superseded";
  /** valid: the stored invoice hashes to its selfHash and the audit chain holds that hash; mismatch otherwise; open: not sealed yet. */
  verdict: "valid" | "mismatch" | "open";
  selfHash: string | null;
  recomputedHash: string | null;
  recordHash: string | null;
  sealedAt: string | null;
  supersededBy: string | null;
}

/** GET …/verify: no key, no account; 404 unknown; 403 UPGRADE_REQUIRED when the issuing organization is below Business. */
export async function verifyInvoice(reader: Queryable, id: string): Promise<Verification> {
  const row = await invoiceRow(reader, id);
  if (!row) throw billingErrors.error("invoiceNotFound");
  const org = await orgById(reader, row.orgId);
  if (!org || !planAtLeast(org.plan, "business")) throw upgradeRequired("billing.verify");
  const status = row.status.toLowerCase() as Verification["status"];
  if (row.status === "Open") return { id, number: null, status, verdict: "open", selfHash: null, recomputedHash: null, recordHash: null, sealedAt: null, supersededBy: null };
  const recomputed = recordHash(sealedRecordOf(row));
  const [event] = row.recordHash
    ? await reader.select().from(auditEvents).where(and(eq(auditEvents.orgId, row.orgId), eq(auditEvents.recordHash, row.recordHash), eq(auditEvents.type, BILLING_EVENTS.invoiceIssued.type)))
    : [];
  const anchored = event !== undefined && (event.payload as { selfHash?: string }).selfHash === row.selfHash && (event.payload as { invoiceId?: string }).invoiceId === row.id;
  return {
    id,
    number: row.number,
    status,
    verdict: recomputed === row.selfHash && anchored ? "valid" : "mismatch",
    selfHash: row.selfHash,
    recomputedHash: recomputed,
    recordHash: row.recordHash,
    sealedAt: row.sealedAt === null ? null : toIso(row.sealedAt),
    supersededBy: row.supersededById,
  };
}

export { isPeriod, periodOf };
