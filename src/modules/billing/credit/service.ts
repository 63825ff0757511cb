/**
 * Money in and out of the prepaid credit (docs/billing.md "Top-ups", "Withdrawals").
 *
 * - A top-up opens a payment with the gateway. The dev gateway settles at once; with
 *   Stripe the credit arrives only with the signed `payment_intent.succeeded` webhook,
 *   applied once per event id and once per payment (its ledger refId is topup:<id>).
 * - An operator adds credit without a payment (`signet admin credit`), with an optional
 *   promotional bonus.
 * - A withdrawal refunds paid credit to the card (the newest payments first): §8 keeps a
 *   2.9% + fixed fee of the withdrawn amount, claws back the bonus in proportion
 *   (bonus left × withdrawn ÷ paid credit left, rounded down), and holds back the $5
 *   service reserve while the organization has a paid plan or add-on.
 * - Credit arriving clears a running delinquency grace (spec 3.7).
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { appendAudit, type AuditActor } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { toIso } from "../../../platform/clock";
import type { Queryable, Tx } from "../../../platform/db/database";
import { newId } from "../../../platform/ids";
import { assertCan, auditActorOf, type Caller, orgById, planOf } from "../../orgs/index";
import { orgAddons } from "../addons/schema";
import { billingErrors } from "../errors";
import { BILLING_EVENTS } from "../events";
import { CURRENCIES, type CurrencyCode, formatMoney, parseCurrency, requireAmount, WITHDRAWAL_FEE_BPS } from "../ledger/currency";
import { creditAccount, creditLock, postEntry } from "../ledger/ledger";
import { refIds } from "../ledger/ref-ids";
import { billingPayments, billingWebhookEvents, billingWithdrawals, orgCreditLedger } from "../ledger/schema";
import { deliverNotices, type Notice } from "../notices";
import { composeMail, withdrawalMail } from "../../messaging/index";
import { PaymentGatewayError } from "../payments/gateway";
import { stripeSignatureProblem } from "../payments/stripe";
import { afterCreditAdded, BILLING_SCOPE } from "../plans/service";

type Deps = Pick<AppContext, "db" | "clock" | "mail" | "logger" | "payments">;
export type Payment = typeof billingPayments.$inferSelect;

/** The account's currency once money has moved; before that any supported currency may open it. */
async function requireAccountCurrency(reader: Queryable, orgId: string, currency: CurrencyCode): Promise<void> {
  const account = await creditAccount(reader, orgId);
  if (account.currency === currency) return;
  const [any] = await reader.select({ id: orgCreditLedger.id }).from(orgCreditLedger).where(eq(orgCreditLedger.orgId, orgId)).limit(1);
  if (any || account.balance !== 0) throw billingErrors.error("currencyMismatch", { field: "currency", currency, accountCurrency: account.currency });
  // A payment still on its way fixes the currency too, so its webhook can always be applied.
  const [pending] = await reader
    .select({ currency: billingPayments.currency })
    .from(billingPayments)
    .where(and(eq(billingPayments.orgId, orgId), eq(billingPayments.status, "pending"), sql`${billingPayments.currency} <> ${currency}`))
    .limit(1);
  if (pending) throw billingErrors.error("currencyMismatch", { field: "currency", currency, accountCurrency: pending.currency });
}

/**
 * Applies a settled payment in the caller's transaction: its top-up (and bonus) entries,
 * the payment marked succeeded, org.credit.topped_up, and a running grace cleared. A
 * payment already applied changes nothing (returns false).
 */
async function applyPayment(tx: Tx, payment: Payment, actor: AuditActor, now: number, requestId: string | null, notices: Notice[]): Promise<boolean> {
  await tx.lock(creditLock(payment.orgId));
  const [fresh] = await tx.select().from(billingPayments).where(eq(billingPayments.id, payment.id));
  if (!fresh || fresh.status === "succeeded") return false;
  const currency = fresh.currency as CurrencyCode;
  let posted = await postEntry(tx, { orgId: fresh.orgId, currency, amount: fresh.amountMinor, refId: refIds.topUp(fresh.id), reason: fresh.provider === "operator" ? "Credit added by an operator" : "Top-up", actorId: fresh.createdBy, at: now });
  if (fresh.bonusMinor > 0) posted = await postEntry(tx, { orgId: fresh.orgId, currency, amount: fresh.bonusMinor, refId: refIds.bonus(fresh.id), reason: "Bonus credit", actorId: fresh.createdBy, at: now });
  await tx.update(billingPayments).set({ status: "succeeded", settledAt: now }).where(eq(billingPayments.id, fresh.id));
  await appendAudit(tx, {
    ...auditEvent(BILLING_EVENTS.creditToppedUp, { amountCents: fresh.amountMinor, balanceAfterCents: posted.balance, currency, paymentId: fresh.id, provider: fresh.provider, ...(fresh.bonusMinor ? { bonusCents: fresh.bonusMinor } : {}) }),
    orgId: fresh.orgId,
    actor,
    requestId,
    at: now,
  });
  await afterCreditAdded(tx, fresh.orgId, actor, now, notices);
  return true;
}

async function insertPayment(tx: Tx, values: Omit<Payment, "refundedMinor" | "settledAt">): Promise<Payment> {
  const [row] = await tx.insert(billingPayments).values({ ...values, refundedMinor: 0, settledAt: null }).returning();
  return row!;
}

export interface TopUpResult {
  paymentId: string;
  provider: string;
  status: "succeeded" | "pending";
  amount: number;
  currency: string;
  /** Stripe's client_secret to confirm the payment in the browser; null for the dev gateway. */
  clientSecret: string | null;
  balance: number;
}

/** The owner's top-up through the payment gateway. */
export async function startTopUp(deps: Deps, caller: Caller, input: { amount: unknown; currency?: string }): Promise<TopUpResult> {
  assertCan(caller.actor, BILLING_SCOPE);
  const currency = parseCurrency(input.currency);
  const amount = requireAmount(input.amount, CURRENCIES[currency].maxTopUpMinor);
  const gateway = deps.payments;
  if (!gateway) throw billingErrors.error("paymentsNotConfigured");
  await requireAccountCurrency(deps.db.read, caller.org.id, currency);
  const actor = auditActorOf(caller.actor);
  const now = deps.clock.now();
  const payment = await deps.db.write(async (tx) => {
    await requireAccountCurrency(tx, caller.org.id, currency);
    const row = await insertPayment(tx, { id: newId("pay"), orgId: caller.org.id, provider: gateway.provider, providerRef: null, amountMinor: amount, bonusMinor: 0, currency, status: "pending", createdBy: actor.id ?? null, createdAt: now });
    await appendAudit(tx, { ...auditEvent(BILLING_EVENTS.topUpStarted, { paymentId: row.id, amount, currency, provider: gateway.provider }), orgId: caller.org.id, actor, requestId: caller.requestId, at: now });
    return row;
  });
  let intent;
  try {
    intent = await gateway.createPayment({ paymentId: payment.id, orgId: caller.org.id, amountMinor: amount, currency, description: `Signet prepaid credit (${caller.org.slug})` });
  } catch (e) {
    if (!(e instanceof PaymentGatewayError)) throw e;
    await deps.db.write((tx) => tx.update(billingPayments).set({ status: "failed" }).where(eq(billingPayments.id, payment.id)));
    deps.logger.warn("top-up refused by the payment gateway", { orgId: caller.org.id, paymentId: payment.id, error: e.message, status: e.status });
    throw billingErrors.error("paymentFailed", { providerCode: e.providerCode, message: "the payment processor refused the payment; nothing was charged" });
  }
  const notices: Notice[] = [];
  const balance = await deps.db.write(async (tx) => {
    if (intent.providerRef) await tx.update(billingPayments).set({ providerRef: intent.providerRef }).where(eq(billingPayments.id, payment.id));
    if (intent.status === "succeeded") await applyPayment(tx, { ...payment, providerRef: intent.providerRef }, actorOf(caller), deps.clock.now(), caller.requestId, notices);
    return (await creditAccount(tx, caller.org.id)).balance;
  });
  await deliverNotices(deps, notices);
  return { paymentId: payment.id, provider: gateway.provider, status: intent.status, amount, currency, clientSecret: intent.clientSecret, balance };
}

function actorOf(caller: Caller): AuditActor {
  return auditActorOf(caller.actor);
}

/**
 * Credit added without a payment: an operator's grant (`signet admin credit`) or the
 * dev-mode route. `bonus` is promotional credit that a withdrawal claws back in proportion.
 */
export async function grantCredit(
  deps: Pick<AppContext, "db" | "clock" | "mail" | "logger">,
  actor: AuditActor,
  input: { orgId: string; amount: unknown; bonus?: unknown; currency?: string; provider: "operator" | "dev"; requestId?: string | null },
): Promise<{ paymentId: string; balance: number; currency: string }> {
  const currency = parseCurrency(input.currency);
  const amount = requireAmount(input.amount, CURRENCIES[currency].maxTopUpMinor);
  const bonus = input.bonus === undefined || input.bonus === 0 ? 0 : requireAmount(input.bonus, CURRENCIES[currency].maxTopUpMinor, "bonus");
  const now = deps.clock.now();
  const notices: Notice[] = [];
  const result = await deps.db.write(async (tx) => {
    await tx.lock(creditLock(input.orgId));
    await requireAccountCurrency(tx, input.orgId, currency);
    const payment = await insertPayment(tx, { id: newId("pay"), orgId: input.orgId, provider: input.provider, providerRef: null, amountMinor: amount, bonusMinor: bonus, currency, status: "pending", createdBy: actor.id ?? null, createdAt: now });
    await applyPayment(tx, payment, actor, now, input.requestId ?? null, notices);
    return { paymentId: payment.id, balance: (await creditAccount(tx, input.orgId)).balance, currency };
  });
  await deliverNotices(deps, notices);
  return result;
}

// ---------------------------------------------------------------------------
// Stripe webhooks

export interface WebhookOutcome {
  received: true;
  /** applied: credit moved; duplicate: this event id was applied before; ignored: nothing to do for it. */
  outcome: "applied" | "duplicate" | "ignored";
}

/**
 * A Stripe event, verified by its signature over the raw body (400 invalid_signature,
 * nothing changed, when it does not verify), applied once by event id:
 * payment_intent.succeeded credits the payment named in its metadata;
 * payment_intent.payment_failed marks it failed. Other types are acknowledged.
 */
export async function handleStripeWebhook(deps: Deps, rawBody: string, signature: string | null): Promise<WebhookOutcome> {
  const secret = deps.payments?.provider === "stripe" ? deps.payments.webhookSecret : null;
  if (!secret) throw billingErrors.error("webhooksNotConfigured");
  const now = deps.clock.now();
  const problem = stripeSignatureProblem(signature, rawBody, secret, now);
  if (problem) throw billingErrors.error("invalidSignature", { message: problem });
  let event: any;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw billingErrors.error("invalidSignature", { message: "the signed body is not JSON" });
  }
  if (typeof event?.id !== "string" || typeof event?.type !== "string") return { received: true, outcome: "ignored" };
  const object = event.data?.object ?? {};
  const paymentId = typeof object.metadata?.signet_payment_id === "string" ? object.metadata.signet_payment_id : null;
  const notices: Notice[] = [];
  const outcome = await deps.db.write(async (tx): Promise<WebhookOutcome["outcome"]> => {
    const [payment] = paymentId ? await tx.select().from(billingPayments).where(and(eq(billingPayments.id, paymentId), eq(billingPayments.provider, "stripe"))) : [];
    const inserted = await tx
      .insert(billingWebhookEvents)
      .values({ id: `stripe:${event.id}`, type: event.type, orgId: payment?.orgId ?? null, receivedAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return "duplicate";
    if (!payment) return "ignored";
    // The intent must be the one opened for this payment, for the amount and currency asked.
    const matches = object.id === (payment.providerRef ?? object.id) && object.amount === payment.amountMinor && String(object.currency).toUpperCase() === payment.currency;
    if (!matches) return "ignored";
    if (!payment.providerRef) await tx.update(billingPayments).set({ providerRef: object.id }).where(eq(billingPayments.id, payment.id));
    if (event.type === "payment_intent.succeeded") {
      return (await applyPayment(tx, payment, { kind: "system", id: "stripe" }, now, null, notices)) ? "applied" : "duplicate";
    }
    if (event.type === "payment_intent.payment_failed" && payment.status === "pending") {
      await tx.update(billingPayments).set({ status: "failed" }).where(eq(billingPayments.id, payment.id));
      return "applied";
    }
    return "ignored";
  });
  await deliverNotices(deps, notices);
  return { received: true, outcome };
}

// ---------------------------------------------------------------------------
// Withdrawals

/** The §8 fee on a withdrawn amount: 2.9% (rounded up to the minor unit) plus the fixed part. */
export function withdrawalFee(amount: number, currency: CurrencyCode): number {
  return Math.ceil((amount * WITHDRAWAL_FEE_BPS) / 10_000) + CURRENCIES[currency].withdrawalFixedFeeMinor;
}

async function hasPaidCommitment(reader: Queryable, orgId: string): Promise<boolean> {
  const org = await orgById(reader, orgId);
  if (org && planOf(org.plan) !== "free") return true;
  const [addon] = await reader.select({ id: orgAddons.id }).from(orgAddons).where(and(eq(orgAddons.orgId, orgId), eq(orgAddons.status, "active"))).limit(1);
  return addon !== undefined;
}

export interface WithdrawalQuote {
  currency: string;
  balance: number;
  /** Paid credit not yet refunded, and bonus credit not yet clawed back. */
  paidLeft: number;
  bonusLeft: number;
  /** Held back while a paid plan or add-on is on. */
  reserve: number;
  /** The most that can be withdrawn now. */
  withdrawable: number;
}

async function quote(reader: Queryable, orgId: string): Promise<WithdrawalQuote> {
  const account = await creditAccount(reader, orgId);
  const payments = await reader.select().from(billingPayments).where(and(eq(billingPayments.orgId, orgId), eq(billingPayments.status, "succeeded")));
  const refundable = payments.filter((p) => p.provider !== "operator");
  // The fee of a withdrawal is paid credit used up too, though no card gets it back.
  const [fees] = await reader
    .select({ total: sql<number>`coalesce(sum(${billingWithdrawals.feeMinor}), 0)` })
    .from(billingWithdrawals)
    .where(and(eq(billingWithdrawals.orgId, orgId), sql`${billingWithdrawals.status} <> 'failed'`));
  const paidLeft = Math.max(0, refundable.reduce((sum, p) => sum + p.amountMinor - p.refundedMinor, 0) - Number(fees?.total ?? 0));
  const [claw] = await reader
    .select({ total: sql<number>`coalesce(sum(${orgCreditLedger.amountMinor}), 0)` })
    .from(orgCreditLedger)
    .where(and(eq(orgCreditLedger.orgId, orgId), sql`(${orgCreditLedger.refId} like 'bonus:%' or ${orgCreditLedger.refId} like 'clawback:%')`));
  const bonusLeft = Math.max(0, Number(claw?.total ?? 0));
  const reserve = (await hasPaidCommitment(reader, orgId)) ? CURRENCIES[account.currency].reserveMinor : 0;
  const withdrawable = Math.max(0, Math.min(paidLeft, account.balance - reserve - bonusLeft));
  return { currency: account.currency, balance: account.balance, paidLeft, bonusLeft, reserve, withdrawable };
}

export async function withdrawalQuote(deps: Pick<AppContext, "db">, caller: Caller): Promise<WithdrawalQuote> {
  assertCan(caller.actor, BILLING_SCOPE);
  return quote(deps.db.read, caller.org.id);
}

export interface WithdrawalResult {
  id: string;
  status: "paid";
  currency: string;
  amount: number;
  fee: number;
  payout: number;
  clawback: number;
  balance: number;
  refunds: Array<{ paymentId: string; amount: number }>;
  createdAt: string;
}

/**
 * Withdraws `amount` of paid credit: the ledger moves first (withdrawal, fee, clawback in
 * one transaction, under the credit lock), then the refunds go to the gateway; a refused
 * refund puts the money back (reversal entries) and answers 502 payment_failed.
 */
export async function withdraw(deps: Deps, caller: Caller, input: { amount: unknown; currency?: string }): Promise<WithdrawalResult> {
  assertCan(caller.actor, BILLING_SCOPE);
  const currency = parseCurrency(input.currency);
  const amount = requireAmount(input.amount, CURRENCIES[currency].maxTopUpMinor);
  const gateway = deps.payments;
  if (!gateway) throw billingErrors.error("paymentsNotConfigured");
  const actor = auditActorOf(caller.actor);
  const now = deps.clock.now();
  const id = newId("wd");
  const planned = await deps.db.write(async (tx) => {
    await tx.lock(creditLock(caller.org.id));
    const account = await creditAccount(tx, caller.org.id);
    if (account.currency !== currency) throw billingErrors.error("currencyMismatch", { field: "currency", currency, accountCurrency: account.currency });
    const q = await quote(tx, caller.org.id);
    if (amount > q.withdrawable) throw billingErrors.error("nothingToWithdraw", { field: "amount", withdrawable: q.withdrawable, reserve: q.reserve, balance: q.balance });
    const fee = withdrawalFee(amount, currency);
    if (fee >= amount) throw billingErrors.error("withdrawalTooSmall", { field: "amount", fee });
    const payout = amount - fee;
    const clawback = q.paidLeft > 0 ? Math.floor((q.bonusLeft * amount) / q.paidLeft) : 0;
    // Refunds come from the newest succeeded payments first.
    const payments = await tx
      .select()
      .from(billingPayments)
      .where(and(eq(billingPayments.orgId, caller.org.id), eq(billingPayments.status, "succeeded"), gt(sql`${billingPayments.amountMinor} - ${billingPayments.refundedMinor}`, 0)))
      .orderBy(desc(billingPayments.createdAt));
    const refunds: Array<{ paymentId: string; providerRef: string | null; amountMinor: number; refundRef: string | null }> = [];
    let left = payout;
    for (const p of payments) {
      if (left === 0 || p.provider === "operator") continue;
      const take = Math.min(left, p.amountMinor - p.refundedMinor);
      refunds.push({ paymentId: p.id, providerRef: p.providerRef, amountMinor: take, refundRef: null });
      await tx.update(billingPayments).set({ refundedMinor: p.refundedMinor + take }).where(eq(billingPayments.id, p.id));
      left -= take;
    }
    await postEntry(tx, { orgId: caller.org.id, currency, amount: -payout, refId: refIds.withdrawal(id), reason: "Withdrawal to card", actorId: actor.id ?? null, at: now });
    await postEntry(tx, { orgId: caller.org.id, currency, amount: -fee, refId: refIds.withdrawalFee(id), reason: "Withdrawal fee (2.9% + fixed)", actorId: actor.id ?? null, at: now });
    let balance = (await creditAccount(tx, caller.org.id)).balance;
    if (clawback > 0) balance = (await postEntry(tx, { orgId: caller.org.id, currency, amount: -clawback, refId: refIds.clawback(id), reason: "Bonus clawback", actorId: actor.id ?? null, at: now })).balance;
    await tx.insert(billingWithdrawals).values({ id, orgId: caller.org.id, currency, amountMinor: amount, feeMinor: fee, payoutMinor: payout, clawbackMinor: clawback, status: "pending", refunds, failure: null, createdBy: actor.id ?? null, createdAt: now });
    await appendAudit(tx, { ...auditEvent(BILLING_EVENTS.creditWithdrawn, { withdrawalId: id, amount, fee, payout, clawback, currency, balanceAfter: balance }), orgId: caller.org.id, actor, requestId: caller.requestId, at: now });
    return { fee, payout, clawback, refunds, balance };
  });
  const done: typeof planned.refunds = [];
  try {
    for (const r of planned.refunds) done.push({ ...r, refundRef: (await gateway.refund({ providerRef: r.providerRef, amountMinor: r.amountMinor, idempotencyKey: `${id}-${r.paymentId}` })).refundRef });
  } catch (e) {
    if (!(e instanceof PaymentGatewayError)) throw e;
    deps.logger.error("withdrawal refund refused", { orgId: caller.org.id, withdrawalId: id, error: e.message });
    await reverseWithdrawal(deps, caller.org.id, id, currency as CurrencyCode, planned, done, e.message);
    throw billingErrors.error("paymentFailed", { providerCode: e.providerCode, message: "the refund was refused; the credit was put back" });
  }
  await deps.db.write((tx) => tx.update(billingWithdrawals).set({ status: "paid", refunds: done }).where(eq(billingWithdrawals.id, id)));
  const amounts = { payout: formatMoney(planned.payout, currency), fee: formatMoney(planned.fee, currency) };
  const notices: Notice[] = [{ orgId: caller.org.id, mail: (language) => composeMail(withdrawalMail, language, amounts) }];
  await deliverNotices(deps, notices);
  return { id, status: "paid", currency, amount, fee: planned.fee, payout: planned.payout, clawback: planned.clawback, balance: planned.balance, refunds: done.map((r) => ({ paymentId: r.paymentId, amount: r.amountMinor })), createdAt: toIso(now) };
}

/** Puts a refused withdrawal's money back: reversal entries, the payments' refunded amounts restored except what was refunded. */
async function reverseWithdrawal(deps: Deps, orgId: string, id: string, currency: CurrencyCode, planned: { fee: number; payout: number; clawback: number; refunds: Array<{ paymentId: string; amountMinor: number }> }, done: Array<{ paymentId: string; amountMinor: number }>, failure: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.write(async (tx) => {
    const refunded = done.reduce((s, r) => s + r.amountMinor, 0);
    const back = planned.payout - refunded + planned.fee + planned.clawback;
    if (back > 0) await postEntry(tx, { orgId, currency, amount: back, refId: refIds.reversal(refIds.withdrawal(id)), reason: "Withdrawal refused by the card processor: credit put back", at: now });
    const undone = new Map<string, number>();
    for (const r of planned.refunds) undone.set(r.paymentId, (undone.get(r.paymentId) ?? 0) + r.amountMinor);
    for (const r of done) undone.set(r.paymentId, (undone.get(r.paymentId) ?? 0) - r.amountMinor);
    for (const [paymentId, amount] of undone) {
      if (amount > 0) await tx.update(billingPayments).set({ refundedMinor: sql`${billingPayments.refundedMinor} - ${amount}` }).where(eq(billingPayments.id, paymentId));
    }
    await tx.update(billingWithdrawals).set({ status: "failed", failure, refunds: done.map((r) => ({ ...r, providerRef: null, refundRef: null })) }).where(eq(billingWithdrawals.id, id));
  });
}
