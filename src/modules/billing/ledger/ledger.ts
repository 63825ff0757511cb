/**
 * The credit ledger (docs/billing.md "The ledger"): append-only, one account per
 * organization in one currency, integer minor units. `postEntry` is the only writer:
 *
 * - it runs inside the caller's `db.write` and takes the account's lock first
 *   (`creditLock`), so entries of one organization are ordered on both dialects;
 * - the balance moves by a conditional UPDATE (`balance + amount >= floor`), so a debit
 *   that the balance does not cover changes nothing and answers 402, whatever runs in
 *   parallel;
 * - an entry whose refId the organization already has is not posted again: the first
 *   one is returned (`duplicate: true`), so retried charges and replayed payments are
 *   applied once;
 * - an entry in another currency than the account's is 400 currency_mismatch.
 */
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../../platform/db/database";
import { billingErrors } from "../errors";
import { CURRENCIES, type CurrencyCode, DEFAULT_CURRENCY } from "./currency";
import { ensureOpenInvoice } from "../invoices/open";
import { isInvoiceLine, periodOf } from "./ref-ids";
import { orgCreditAccounts, orgCreditLedger } from "./schema";

export type LedgerEntry = typeof orgCreditLedger.$inferSelect;

export function creditLock(orgId: string): string {
  return `credit:${orgId}`;
}

export interface CreditAccount {
  currency: CurrencyCode;
  balance: number;
}

export async function creditAccount(reader: Queryable, orgId: string): Promise<CreditAccount> {
  const [row] = await reader.select({ currency: orgCreditAccounts.currency, balance: orgCreditAccounts.balanceMinor }).from(orgCreditAccounts).where(eq(orgCreditAccounts.id, orgId));
  return { currency: (row?.currency ?? DEFAULT_CURRENCY) as CurrencyCode, balance: row?.balance ?? 0 };
}

export async function creditBalance(reader: Queryable, orgId: string): Promise<number> {
  return (await creditAccount(reader, orgId)).balance;
}

export interface PostInput {
  orgId: string;
  currency: CurrencyCode;
  /** Signed minor units: negative is a debit. Never zero. */
  amount: number;
  refId: string;
  reason: string;
  actorId?: string | null;
  at: number;
  /** The invoice period it accrues to (default: the month of `at`). */
  period?: string;
  /** The balance a debit must leave (default 0); the reserve for withdrawals. */
  floor?: number;
}

export interface Posted {
  entry: LedgerEntry;
  balance: number;
  duplicate: boolean;
}

/** The account, created empty in `currency` when the organization has none yet. */
async function openAccount(tx: Tx, orgId: string, currency: CurrencyCode, at: number): Promise<CreditAccount> {
  await tx.insert(orgCreditAccounts).values({ id: orgId, currency, balanceMinor: 0, updatedAt: at }).onConflictDoNothing();
  return creditAccount(tx, orgId);
}

/** Fixes an empty, entry-less account's currency to the first money that arrives. */
async function adoptCurrency(tx: Tx, orgId: string, account: CreditAccount, currency: CurrencyCode): Promise<CreditAccount> {
  if (account.currency === currency || account.balance !== 0) return account;
  const [any] = await tx.select({ id: orgCreditLedger.id }).from(orgCreditLedger).where(eq(orgCreditLedger.orgId, orgId)).limit(1);
  if (any) return account;
  await tx.update(orgCreditAccounts).set({ currency }).where(eq(orgCreditAccounts.id, orgId));
  return { ...account, currency };
}

export async function postEntry(tx: Tx, input: PostInput): Promise<Posted> {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) throw new RangeError(`ledger amount must be a non-zero whole number, got ${input.amount}`);
  if (!input.refId) throw new RangeError("a ledger entry needs a refId");
  await tx.lock(creditLock(input.orgId));
  const [existing] = await tx.select().from(orgCreditLedger).where(and(eq(orgCreditLedger.orgId, input.orgId), eq(orgCreditLedger.refId, input.refId)));
  if (existing) return { entry: existing, balance: await creditBalance(tx, input.orgId), duplicate: true };
  let account = await openAccount(tx, input.orgId, input.currency, input.at);
  if (input.amount > 0) account = await adoptCurrency(tx, input.orgId, account, input.currency);
  if (account.currency !== input.currency) {
    throw billingErrors.error("currencyMismatch", { field: "currency", currency: input.currency, accountCurrency: account.currency });
  }
  const floor = input.floor ?? 0;
  const [moved] = await tx
    .update(orgCreditAccounts)
    .set({ balanceMinor: sql`${orgCreditAccounts.balanceMinor} + ${input.amount}`, updatedAt: input.at })
    .where(and(eq(orgCreditAccounts.id, input.orgId), gte(sql`${orgCreditAccounts.balanceMinor} + ${input.amount}`, floor)))
    .returning({ balance: orgCreditAccounts.balanceMinor });
  if (!moved) {
    throw billingErrors.error("insufficientCredit", { balance: account.balance, required: -input.amount + floor, currency: account.currency, ...(floor ? { reserve: floor } : {}) });
  }
  const [entry] = await tx
    .insert(orgCreditLedger)
    .values({
      // Time-ordered (v7), so entries of the same instant list in the order they were posted.
      id: Bun.randomUUIDv7(),
      orgId: input.orgId,
      amountMinor: input.amount,
      balanceAfterMinor: moved.balance,
      currency: input.currency,
      refId: input.refId,
      reason: input.reason,
      period: input.period ?? periodOf(input.at),
      actorId: input.actorId ?? null,
      at: input.at,
    })
    .returning();
  if (isInvoiceLine(input.refId)) await ensureOpenInvoice(tx, input.orgId, entry!.period, input.currency, input.at);
  return { entry: entry!, balance: moved.balance, duplicate: false };
}

/** A debit of `amount` (positive) in the account's own currency; 402 when the balance is short. */
export async function debit(tx: Tx, input: Omit<PostInput, "amount" | "currency"> & { amount: number; currency?: CurrencyCode }): Promise<Posted> {
  const currency = input.currency ?? (await creditAccount(tx, input.orgId)).currency;
  return postEntry(tx, { ...input, currency, amount: -input.amount });
}

export async function entryByRef(reader: Queryable, orgId: string, refId: string): Promise<LedgerEntry | null> {
  const [row] = await reader.select().from(orgCreditLedger).where(and(eq(orgCreditLedger.orgId, orgId), eq(orgCreditLedger.refId, refId)));
  return row ?? null;
}

/** The newest entries first. */
export async function ledgerEntries(reader: Queryable, orgId: string, options: { limit: number; before?: number }): Promise<LedgerEntry[]> {
  const where = options.before === undefined ? eq(orgCreditLedger.orgId, orgId) : and(eq(orgCreditLedger.orgId, orgId), lt(orgCreditLedger.at, options.before));
  return reader.select().from(orgCreditLedger).where(where).orderBy(desc(orgCreditLedger.at), desc(orgCreditLedger.id)).limit(options.limit);
}

export async function entriesOfPeriod(reader: Queryable, orgId: string, period: string): Promise<LedgerEntry[]> {
  return reader.select().from(orgCreditLedger).where(and(eq(orgCreditLedger.orgId, orgId), eq(orgCreditLedger.period, period))).orderBy(orgCreditLedger.at, orgCreditLedger.id);
}

/** The §8 service reserve of the account's currency. */
export function reserveOf(currency: CurrencyCode): number {
  return CURRENCIES[currency].reserveMinor;
}
