/**
 * Plans and their renewal (docs/billing.md "Plans and renewal", "The delinquency clock").
 *
 * - An owner changes the plan (view.billing). Upgrades take effect at once and charge the
 *   new plan's §8 proration for the rest of the UTC month less the old plan's for the same
 *   days (when the old one was paid for this month), at least one minor unit; 402 when the
 *   credit is short, nothing changed. Downgrades wait for the end of the paid period.
 * - The renewal job charges each month's plan and every active paid add-on (one due per
 *   refId, `plan:pro:202602`, `addon:audit_analytics:202602`), retrying open dues on
 *   every run.
 * - The delinquency clock (spec 3.7): the first failed charge opens a 3-day grace; still
 *   unpaid after it, a paid plan drops to Free, paid add-ons switch off, the dues are
 *   voided and the delinquency port is told (managed databases suspend). A top-up at any
 *   time clears the grace. The owner is mailed at each step.
 */
import { and, eq, inArray, lte } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { appendAudit, type AuditActor } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { toIso } from "../../../platform/clock";
import type { Queryable, Tx } from "../../../platform/db/database";
import { ApiError } from "../../../platform/http/errors";
import { ADDONS, allOrgIds, assertCan, auditActorOf, type Caller, changePlanInTx, KNOWN_SCOPES, orgById, type Organization, parseAddon, parsePlan, planAtLeast, type PlanKey, PLAN_TIERS, planOf, prorateAt } from "../../orgs/index";
import { orgAddons } from "../addons/schema";
import { billingErrors } from "../errors";
import { BILLING_EVENTS } from "../events";
import { CURRENCIES, type CurrencyCode, formatMoney } from "../ledger/currency";
import { creditAccount, creditLock, debit } from "../ledger/ledger";
import { periodBounds, periodOf, refIds } from "../ledger/ref-ids";
import { ensureOpenInvoice } from "../invoices/open";
import { deliverNotices, type Notice } from "../notices";
import { composeMail, paymentFailedMail, paymentReceivedMail, planEnforcedMail, planUpgradedMail } from "../../messaging/index";
import { translator } from "../../../platform/languages";
import { addonMonthlyPrice, planMonthlyPrice } from "./prices";
import { billingDues, billingSubscriptions } from "./schema";

export const GRACE_MS = 3 * 24 * 60 * 60 * 1000;
export const BILLING_SCOPE = KNOWN_SCOPES.viewBilling;

type Deps = Pick<AppContext, "db" | "clock" | "mail" | "logger">;
export type Subscription = typeof billingSubscriptions.$inferSelect;

export function startOfNextMonth(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export async function subscriptionOf(reader: Queryable, orgId: string): Promise<Subscription | null> {
  const [row] = await reader.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, orgId));
  return row ?? null;
}

async function ensureSubscription(tx: Tx, orgId: string, at: number): Promise<Subscription> {
  await tx.insert(billingSubscriptions).values({ id: orgId, failedAttempts: 0, updatedAt: at }).onConflictDoNothing();
  return (await subscriptionOf(tx, orgId))!;
}

async function updateSubscription(tx: Tx, orgId: string, values: Partial<Subscription>, at: number): Promise<void> {
  await tx.update(billingSubscriptions).set({ ...values, updatedAt: at }).where(eq(billingSubscriptions.id, orgId));
}

const PLAN_NAMES = Object.fromEntries(Object.entries(PLAN_TIERS).map(([k, v]) => [k, v.name])) as Record<PlanKey, string>;

function monthLabel(period: string): string {
  return `${period.slice(0, 4)}-${period.slice(4)}`;
}

// ---------------------------------------------------------------------------
// The summary and the owner's plan change

export interface BillingSummary {
  plan: string;
  monthlyPrice: number | null;
  planPaidThrough: string | null;
  scheduledPlan: string | null;
  scheduledAt: string | null;
  currency: string;
  balance: number;
  reserve: number;
  delinquency: { since: string; graceEndsAt: string; failedAttempts: number } | null;
}

export async function billingSummary(deps: Pick<AppContext, "db">, caller: Caller): Promise<BillingSummary> {
  assertCan(caller.actor, BILLING_SCOPE);
  const org = (await orgById(deps.db.read, caller.org.id)) ?? caller.org;
  return summaryOf(deps.db.read, org);
}

async function summaryOf(reader: Queryable, org: Organization): Promise<BillingSummary> {
  const account = await creditAccount(reader, org.id);
  const sub = await subscriptionOf(reader, org.id);
  return {
    plan: org.plan,
    monthlyPrice: planMonthlyPrice(org, account.currency),
    planPaidThrough: sub?.planPaidThrough ? toIso(sub.planPaidThrough) : null,
    scheduledPlan: sub?.scheduledPlan ?? null,
    scheduledAt: sub?.scheduledAt ? toIso(sub.scheduledAt) : null,
    currency: account.currency,
    balance: account.balance,
    reserve: CURRENCIES[account.currency].reserveMinor,
    delinquency: sub?.delinquentSince ? { since: toIso(sub.delinquentSince), graceEndsAt: toIso(sub.graceEndsAt!), failedAttempts: sub.failedAttempts } : null,
  };
}

export interface PlanChangeResult extends BillingSummary {
  /** upgraded: now, charged; scheduled: at scheduledAt; unchanged; cancelled: a scheduled downgrade dropped. */
  change: "upgraded" | "scheduled" | "unchanged" | "cancelled";
  charged: number;
}

export async function changeOrgPlan(deps: Deps, caller: Caller, planInput: string): Promise<PlanChangeResult> {
  assertCan(caller.actor, BILLING_SCOPE);
  const to = parsePlan(planInput);
  if (!to) throw billingErrors.error("unknownPlan", { field: "plan", plan: planInput, known: Object.keys(PLAN_TIERS) });
  if (to === "enterprise") throw billingErrors.error("planNotSelfServe", { field: "plan" });
  if (caller.org.parentOrgId) throw billingErrors.error("planFollowsParent", { field: "plan" });
  const now = deps.clock.now();
  const actor = auditActorOf(caller.actor);
  const notices: Notice[] = [];
  const result = await deps.db.write(async (tx) => {
    await tx.lock(creditLock(caller.org.id));
    const org = (await orgById(tx, caller.org.id))!;
    const from = planOf(org.plan);
    const sub = await ensureSubscription(tx, org.id, now);
    const account = await creditAccount(tx, org.id);
    let change: PlanChangeResult["change"] = "unchanged";
    let charged = 0;
    if (to === from) {
      if (sub.scheduledPlan) {
        await updateSubscription(tx, org.id, { scheduledPlan: null, scheduledAt: null }, now);
        await appendAudit(tx, { ...auditEvent(BILLING_EVENTS.planDowngradeCancelled, { plan: from, cancelled: sub.scheduledPlan }), orgId: org.id, actor, requestId: caller.requestId, at: now });
        change = "cancelled";
      }
    } else if (PLAN_TIERS[to].rank > PLAN_TIERS[from].rank) {
      const newPrice = planMonthlyPrice({ plan: to }, account.currency) ?? 0;
      const oldPrice = planMonthlyPrice(org, account.currency) ?? 0;
      const oldPaid = sub.planPaidThrough !== null && sub.planPaidThrough > now;
      const credit = oldPaid ? prorateAt(oldPrice, now) : 0;
      charged = newPrice > 0 ? Math.max(1, prorateAt(newPrice, now) - credit) : 0;
      if (charged > 0) {
        await debit(tx, { orgId: org.id, currency: account.currency, amount: charged, refId: refIds.planProration(from, to, now), reason: `${PLAN_NAMES[from]} → ${PLAN_NAMES[to]}, rest of ${monthLabel(periodOf(now))} prorated`, actorId: actor.id ?? null, at: now });
      }
      await changePlanInTx(tx, actor, org.id, to, now);
      const paidThrough = startOfNextMonth(now);
      await updateSubscription(tx, org.id, { planPaidThrough: paidThrough, scheduledPlan: null, scheduledAt: null }, now);
      await appendAudit(tx, { ...auditEvent(BILLING_EVENTS.planUpgraded, { from, to, chargedMinor: charged, currency: account.currency, paidThrough: toIso(paidThrough) }), orgId: org.id, actor, requestId: caller.requestId, at: now });
      change = "upgraded";
      const amount = formatMoney(charged, account.currency);
      notices.push({ orgId: org.id, mail: (language) => composeMail(planUpgradedMail, language, { plan: PLAN_NAMES[to], from: PLAN_NAMES[from], to: PLAN_NAMES[to], amount }) });
    } else {
      const effectiveAt = sub.planPaidThrough !== null && sub.planPaidThrough > now ? sub.planPaidThrough : startOfNextMonth(now);
      await updateSubscription(tx, org.id, { scheduledPlan: to, scheduledAt: effectiveAt }, now);
      await appendAudit(tx, { ...auditEvent(BILLING_EVENTS.planDowngradeScheduled, { from, to, effectiveAt: toIso(effectiveAt) }), orgId: org.id, actor, requestId: caller.requestId, at: now });
      change = "scheduled";
    }
    const fresh = (await orgById(tx, org.id))!;
    return { ...(await summaryOf(tx, fresh)), change, charged };
  });
  await deliverNotices(deps, notices);
  return result;
}

// ---------------------------------------------------------------------------
// Renewal and the delinquency clock

interface OrgRun {
  renewed: string[];
  failed: string[];
  graceOpened: boolean;
  enforced: boolean;
  cleared: boolean;
}

/** Tries every open due of the organization, oldest first; the caller holds the credit lock. */
async function attemptDues(tx: Tx, orgId: string, actor: AuditActor, now: number): Promise<{ paid: string[]; failed: string[] }> {
  const open = await tx.select().from(billingDues).where(and(eq(billingDues.orgId, orgId), eq(billingDues.status, "open"))).orderBy(billingDues.period, billingDues.createdAt);
  const paid: string[] = [];
  const failed: string[] = [];
  for (const due of open) {
    const attempts = due.attempts + 1;
    try {
      const posted = await debit(tx, { orgId, currency: due.currency as CurrencyCode, amount: due.amountMinor, refId: due.refId, reason: due.memo, period: due.period, at: now });
      await tx.update(billingDues).set({ status: "paid", lastOutcome: "ok", attempts, updatedAt: now }).where(eq(billingDues.id, due.id));
      await markPaidThrough(tx, orgId, due.refId, periodBounds(due.period).end, now);
      await appendAudit(tx, { ...auditEvent(BILLING_EVENTS.chargePosted, { refId: due.refId, amount: due.amountMinor, currency: due.currency, balanceAfter: posted.balance }), orgId, actor, at: now });
      paid.push(due.refId);
    } catch (e) {
      const outcome = e instanceof ApiError && e.status === 402 ? "insufficient" : "error";
      if (!(e instanceof ApiError)) throw e;
      await tx.update(billingDues).set({ lastOutcome: outcome, attempts, updatedAt: now }).where(eq(billingDues.id, due.id));
      const balance = (await creditAccount(tx, orgId)).balance;
      await appendAudit(tx, { ...auditEvent(BILLING_EVENTS.chargeFailed, { refId: due.refId, amount: due.amountMinor, currency: due.currency, balance, attempts }), orgId, actor, at: now });
      failed.push(due.refId);
    }
  }
  return { paid, failed };
}

/** A paid due extends what it paid for: the plan's month or the add-on's. */
async function markPaidThrough(tx: Tx, orgId: string, refId: string, through: number, now: number): Promise<void> {
  const [kind, key] = refId.split(":");
  if (kind === "plan") {
    const sub = await subscriptionOf(tx, orgId);
    if (!sub?.planPaidThrough || sub.planPaidThrough < through) await updateSubscription(tx, orgId, { planPaidThrough: through }, now);
  } else if (kind === "addon" && key) {
    const [row] = await tx.select().from(orgAddons).where(and(eq(orgAddons.orgId, orgId), eq(orgAddons.addonKey, key)));
    if (row && row.paidThrough < through) await tx.update(orgAddons).set({ paidThrough: through, updatedAt: now }).where(eq(orgAddons.id, row.id));
  }
}

async function addDue(tx: Tx, orgId: string, refId: string, memo: string, period: string, amount: number, currency: string, now: number): Promise<void> {
  await tx
    .insert(billingDues)
    .values({ id: crypto.randomUUID(), orgId, refId, memo, period, amountMinor: amount, currency, status: "open", lastOutcome: "insufficient", attempts: 0, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  await ensureOpenInvoice(tx, orgId, period, currency, now);
}

/**
 * One organization's renewal at `now`, in one transaction: a scheduled downgrade that is
 * due, this month's plan and add-on dues, every open due tried, and the clock moved.
 */
export async function renewOrganization(deps: Deps, orgId: string, now: number): Promise<OrgRun> {
  const actor: AuditActor = { kind: "system" };
  const notices: Notice[] = [];
  const run = await deps.db.write(async (tx): Promise<OrgRun> => {
    const out: OrgRun = { renewed: [], failed: [], graceOpened: false, enforced: false, cleared: false };
    await tx.lock(creditLock(orgId));
    let org = await orgById(tx, orgId);
    if (!org) return out;
    const sub = await ensureSubscription(tx, orgId, now);
    const account = await creditAccount(tx, orgId);
    const period = periodOf(now);

    // A downgrade the owner asked for, once its period has ended.
    if (sub.scheduledPlan && sub.scheduledAt !== null && sub.scheduledAt <= now) {
      await changePlanInTx(tx, actor, orgId, planOf(sub.scheduledPlan), now);
      await updateSubscription(tx, orgId, { scheduledPlan: null, scheduledAt: null }, now);
      await switchOffBelowFloor(tx, orgId, planOf(sub.scheduledPlan), actor, now);
      org = (await orgById(tx, orgId))!;
    }

    // This month's plan: a plan an operator set (never charged) is taken as paid through the month it was first seen.
    const price = org.parentOrgId ? 0 : (planMonthlyPrice(org, account.currency) ?? 0);
    const fresh = (await subscriptionOf(tx, orgId))!;
    if (price > 0 && fresh.planPaidThrough === null) {
      await updateSubscription(tx, orgId, { planPaidThrough: startOfNextMonth(now) }, now);
    } else if (price > 0 && fresh.planPaidThrough! <= now) {
      await addDue(tx, orgId, refIds.plan(org.plan, period), `${PLAN_NAMES[planOf(org.plan)]} plan, ${monthLabel(period)}`, period, price, account.currency, now);
    }
    // Every active paid add-on (before billing, add-ons never renewed).
    const addons = await tx.select().from(orgAddons).where(and(eq(orgAddons.orgId, orgId), eq(orgAddons.status, "active"), lte(orgAddons.paidThrough, now)));
    for (const row of addons) {
      const key = parseAddon(row.addonKey);
      if (!key) continue;
      const addonPrice = addonMonthlyPrice(key, account.currency);
      if (addonPrice > 0) await addDue(tx, orgId, refIds.addon(key, period), `${ADDONS[key].name}, ${monthLabel(period)}`, period, addonPrice, account.currency, now);
    }

    const { paid, failed } = await attemptDues(tx, orgId, actor, now);
    out.renewed = paid;
    out.failed = failed;
    const current = (await subscriptionOf(tx, orgId))!;
    if (failed.length > 0) {
      if (current.delinquentSince === null) {
        const graceEndsAt = now + GRACE_MS;
        await updateSubscription(tx, orgId, { delinquentSince: now, graceEndsAt, failedAttempts: 1, lastAttemptAt: now }, now);
        await appendAudit(tx, { ...auditEvent(BILLING_EVENTS.delinquencyOpened, { graceEndsAt: toIso(graceEndsAt), refIds: failed }), orgId, actor, at: now });
        const values = { balance: formatMoney(account.balance, account.currency), charges: failed.join(", "), graceEndsAt: toIso(graceEndsAt) };
        notices.push({ orgId, mail: (language) => composeMail(paymentFailedMail, language, values), delinquency: { orgId, stage: "grace_opened", at: now, graceEndsAt } });
        out.graceOpened = true;
      } else if (current.graceEndsAt !== null && current.graceEndsAt <= now) {
        await enforce(tx, org, actor, now, notices);
        out.enforced = true;
      } else {
        await updateSubscription(tx, orgId, { failedAttempts: current.failedAttempts + 1, lastAttemptAt: now }, now);
      }
    } else if (current.delinquentSince !== null) {
      await clearDelinquency(tx, orgId, "charges_paid", actor, now, notices);
      out.cleared = true;
    }
    return out;
  });
  await deliverNotices(deps, notices);
  return run;
}

/** Add-ons whose plan floor the organization no longer meets switch off with the plan. */
async function switchOffBelowFloor(tx: Tx, orgId: string, plan: PlanKey, actor: AuditActor, now: number): Promise<string[]> {
  const active = await tx.select().from(orgAddons).where(and(eq(orgAddons.orgId, orgId), eq(orgAddons.status, "active")));
  const off: string[] = [];
  for (const row of active) {
    const key = parseAddon(row.addonKey);
    if (!key || planAtLeast(plan, ADDONS[key].minimumPlan)) continue;
    await tx.update(orgAddons).set({ status: "disabled", disabledAt: now, updatedAt: now }).where(eq(orgAddons.id, row.id));
    await appendAudit(tx, { ...auditEvent(BILLING_EVENTS.addonDisabled, { addonKey: key, reason: "plan_below_floor" }), orgId, actor, at: now });
    off.push(key);
  }
  return off;
}

/** The grace ran out: Free, paid add-ons off, dues voided, the port told. */
async function enforce(tx: Tx, org: Organization, actor: AuditActor, now: number, notices: Notice[]): Promise<void> {
  const fromPlan = org.plan;
  if (!org.parentOrgId && planOf(fromPlan) !== "free") await changePlanInTx(tx, actor, org.id, "free", now);
  const active = await tx.select().from(orgAddons).where(and(eq(orgAddons.orgId, org.id), eq(orgAddons.status, "active")));
  const addonsOff: string[] = [];
  for (const row of active) {
    const key = parseAddon(row.addonKey);
    if (key && (ADDONS[key].monthlyPriceCents as number) === 0) continue;
    await tx.update(orgAddons).set({ status: "disabled", disabledAt: now, updatedAt: now }).where(eq(orgAddons.id, row.id));
    await appendAudit(tx, { ...auditEvent(BILLING_EVENTS.addonDisabled, { addonKey: row.addonKey, reason: "delinquency" }), orgId: org.id, actor, at: now });
    addonsOff.push(row.addonKey);
  }
  const open = await tx.select({ id: billingDues.id, refId: billingDues.refId }).from(billingDues).where(and(eq(billingDues.orgId, org.id), eq(billingDues.status, "open")));
  if (open.length) await tx.update(billingDues).set({ status: "void", updatedAt: now }).where(inArray(billingDues.id, open.map((d) => d.id)));
  await updateSubscription(tx, org.id, { delinquentSince: null, graceEndsAt: null, failedAttempts: 0, lastAttemptAt: now, planPaidThrough: null, scheduledPlan: null, scheduledAt: null }, now);
  await appendAudit(tx, { ...auditEvent(BILLING_EVENTS.delinquencyEnforced, { fromPlan, toPlan: "free", addonsOff, voided: open.map((d) => d.refId) }), orgId: org.id, actor, at: now });
  notices.push({
    orgId: org.id,
    mail: (language) => {
      const addons = addonsOff.length ? translator(planEnforcedMail, language)("addonsOff", { list: addonsOff.join(", ") }) : "";
      return composeMail(planEnforcedMail, language, { from: PLAN_NAMES[planOf(fromPlan)], addons });
    },
    delinquency: { orgId: org.id, stage: "enforced", at: now },
  });
}

async function clearDelinquency(tx: Tx, orgId: string, by: "top_up" | "charges_paid", actor: AuditActor, now: number, notices: Notice[]): Promise<void> {
  await updateSubscription(tx, orgId, { delinquentSince: null, graceEndsAt: null, failedAttempts: 0 }, now);
  await appendAudit(tx, { ...auditEvent(BILLING_EVENTS.delinquencyCleared, { by }), orgId, actor, at: now });
  notices.push({ orgId, mail: (language) => composeMail(paymentReceivedMail, language, {}), delinquency: { orgId, stage: "cleared", at: now } });
}

/**
 * After credit arrives (a top-up, an operator's grant), in its transaction: open dues are
 * tried at once and a running grace is cleared (spec 3.7: a top-up at any time clears it).
 */
export async function afterCreditAdded(tx: Tx, orgId: string, actor: AuditActor, now: number, notices: Notice[]): Promise<void> {
  const sub = await subscriptionOf(tx, orgId);
  if (!sub?.delinquentSince) return;
  await attemptDues(tx, orgId, actor, now);
  await clearDelinquency(tx, orgId, "top_up", actor, now, notices);
}

/**
 * Whether an organization has anything for the renewal to do (read outside any
 * transaction): a paid plan, an active add-on whose month has ended, an open due, a
 * scheduled downgrade or a running grace. A Free organization with none costs no write.
 */
async function needsRenewal(reader: Queryable, orgId: string, now: number): Promise<boolean> {
  const org = await orgById(reader, orgId);
  if (!org) return false;
  if (planOf(org.plan) !== "free") return true;
  const sub = await subscriptionOf(reader, orgId);
  if (sub && (sub.scheduledPlan !== null || sub.delinquentSince !== null)) return true;
  const [addon] = await reader.select({ id: orgAddons.id }).from(orgAddons).where(and(eq(orgAddons.orgId, orgId), eq(orgAddons.status, "active"), lte(orgAddons.paidThrough, now))).limit(1);
  if (addon) return true;
  const [due] = await reader.select({ id: billingDues.id }).from(billingDues).where(and(eq(billingDues.orgId, orgId), eq(billingDues.status, "open"))).limit(1);
  return due !== undefined;
}

/** The renewal job's run: every organization with something to renew, each in its own transaction. */
export async function runRenewals(deps: Deps, now: number): Promise<{ organizations: number; renewed: number; failed: number; graceOpened: number; enforced: number; cleared: number }> {
  const totals = { organizations: 0, renewed: 0, failed: 0, graceOpened: 0, enforced: 0, cleared: 0 };
  for (const orgId of await allOrgIds(deps.db.read)) {
    if (!(await needsRenewal(deps.db.read, orgId, now))) continue;
    const run = await renewOrganization(deps, orgId, now);
    totals.organizations++;
    totals.renewed += run.renewed.length;
    totals.failed += run.failed.length;
    totals.graceOpened += Number(run.graceOpened);
    totals.enforced += Number(run.enforced);
    totals.cleared += Number(run.cleared);
  }
  return totals;
}

export type { Organization };
