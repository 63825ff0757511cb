/**
 * Add-ons (spec 4.4 settings/addons, §8) and the prepaid credit they are charged
 * against.
 *
 * - Enabling needs the add-on's plan (Pro or higher: 403 UPGRADE_REQUIRED, feature the
 *   add-on key) and charges the §8 proration of the monthly price for the rest of the
 *   UTC month (enabling day counted, rounded down to the cent, at least 1 cent), or 402
 *   insufficient_credit. It is paid through the end of the month: switching it off and
 *   on again within the month charges nothing more.
 * - The charge goes through the credit ledger (ledger/ledger.ts) with the refId
 *   proration:addon:<key>:<at>; the renewal job (plans/service.ts) charges the following
 *   months (addon:<key>:<yyyyMM>). Prices are in the account's currency (plans/prices.ts).
 *   In dev mode the route POST /api/org/{slug}/settings/credit adds credit without a
 *   payment (topUpCredit); elsewhere credit comes from top-ups and operators.
 * - Managing add-ons spends the organization's money: it needs view.billing (the
 *   Owner's by default, grantable to a custom role); listing needs org.setting.read.
 */
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { appendAudit } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { BILLING_EVENTS } from "../events";
import { toIso } from "../../../platform/clock";
import type { Queryable, Tx } from "../../../platform/db/database";
import { type AddonKey, ADDONS, assertCan, type Caller, KNOWN_SCOPES, type OrgActor, type Organization, parseAddon, planAtLeast, prorateAt, requireAddonPlan } from "../../orgs/index";
import { startOfNextMonth } from "../plans/service";
export { creditBalance, startOfNextMonth };
import { addonErrors } from "./errors";
import { orgAddons } from "./schema";
import { creditAccount, creditBalance, creditLock, debit } from "../ledger/ledger";
import { refIds } from "../ledger/ref-ids";
import { addonMonthlyPrice } from "../plans/prices";
import { grantCredit } from "../credit/service";

export const ADDON_MANAGE_SCOPE = KNOWN_SCOPES.viewBilling;
export const ADDON_LIST_SCOPE = "org.setting.read";
/** The most one top-up may add: $100,000. */
export const MAX_TOP_UP_CENTS = 10_000_000;

export type AddonCaller = Caller<OrgActor>;

type Deps = Pick<AppContext, "db" | "clock" | "mail" | "logger">;

/** The keys of the add-ons an organization has on. */
export async function enabledAddons(reader: Queryable, orgId: string): Promise<AddonKey[]> {
  const rows = await reader.select({ key: orgAddons.addonKey }).from(orgAddons).where(and(eq(orgAddons.orgId, orgId), eq(orgAddons.status, "active")));
  return rows.map((r) => parseAddon(r.key)).filter((k) => k !== null);
}

function addonKeyOf(value: string): AddonKey {
  const key = parseAddon(value);
  if (!key) throw addonErrors.error("unknownAddon", { field: "addonKey", known: Object.keys(ADDONS) });
  return key;
}

export interface AddonView {
  key: string;
  name: string;
  monthlyPriceCents: number;
  minimumPlan: string;
  planAllows: boolean;
  active: boolean;
  enabledAt: string | null;
  paidThrough: string | null;
}

export async function listAddons(deps: Deps, caller: AddonCaller): Promise<{ addons: AddonView[]; creditBalanceCents: number }> {
  assertCan(caller.actor, ADDON_LIST_SCOPE);
  const rows = await deps.db.read.select().from(orgAddons).where(eq(orgAddons.orgId, caller.org.id));
  const byKey = new Map(rows.map((r) => [r.addonKey, r]));
  const addons = (Object.keys(ADDONS) as AddonKey[]).map((key) => addonView(caller.org, key, byKey.get(key) ?? null));
  return { addons, creditBalanceCents: await creditBalance(deps.db.read, caller.org.id) };
}

function addonView(org: Organization, key: AddonKey, row: typeof orgAddons.$inferSelect | null): AddonView {
  const addon = ADDONS[key];
  return {
    key,
    name: addon.name,
    monthlyPriceCents: addon.monthlyPriceCents,
    minimumPlan: addon.minimumPlan,
    planAllows: planAtLeast(org.plan, addon.minimumPlan),
    active: row?.status === "active",
    enabledAt: row?.status === "active" ? toIso(row.enabledAt) : null,
    paidThrough: row ? toIso(row.paidThrough) : null,
  };
}

/** Switches an add-on on, charging the prorated month unless it is already paid through it. */
export async function enableAddon(deps: Deps, caller: AddonCaller, addonKey: string): Promise<AddonView & { chargedCents: number; creditBalanceCents: number }> {
  const key = addonKeyOf(addonKey);
  assertCan(caller.actor, ADDON_MANAGE_SCOPE);
  requireAddonPlan(caller.org, key);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    await tx.lock(creditLock(caller.org.id));
    const [row] = await tx.select().from(orgAddons).where(and(eq(orgAddons.orgId, caller.org.id), eq(orgAddons.addonKey, key)));
    if (row?.status === "active") {
      return { ...addonView(caller.org, key, row), chargedCents: 0, creditBalanceCents: await creditBalance(tx, caller.org.id) };
    }
    const paid = row !== undefined && row.paidThrough > now;
    const account = await creditAccount(tx, caller.org.id);
    const charge = paid ? 0 : prorateAt(addonMonthlyPrice(key, account.currency), now);
    const balance = account.balance;
    if (balance < charge) throw addonErrors.error("insufficientCredit", { addon: key, balanceCents: balance, requiredCents: charge, currency: account.currency });
    const balanceAfter =
      charge > 0
        ? (await debit(tx, { orgId: caller.org.id, currency: account.currency, amount: charge, refId: refIds.addonProration(key, now), reason: `addon:${key}`, actorId: caller.actor.userId, at: now })).balance
        : balance;
    const paidThrough = paid ? row!.paidThrough : startOfNextMonth(now);
    const values = { status: "active", enabledAt: now, enabledBy: caller.actor.userId, disabledAt: null, paidThrough, updatedAt: now };
    const [stored] = row
      ? await tx.update(orgAddons).set(values).where(eq(orgAddons.id, row.id)).returning()
      : await tx.insert(orgAddons).values({ id: crypto.randomUUID(), orgId: caller.org.id, addonKey: key, ...values }).returning();
    await appendAudit(tx, {
      ...auditEvent(BILLING_EVENTS.addonEnabled, { addonKey: key, chargedCents: charge, balanceAfterCents: balanceAfter, paidThrough: toIso(paidThrough) }),
      orgId: caller.org.id,
      actor: { kind: "user", id: caller.actor.userId, connectedId: caller.actor.connectedId },
      requestId: caller.requestId,
      at: now,
    });
    return { ...addonView(caller.org, key, stored!), chargedCents: charge, creditBalanceCents: balanceAfter };
  });
}

/** Switches an add-on off. No refund: it stays paid through the month, so re-enabling then is free. */
export async function disableAddon(deps: Deps, caller: AddonCaller, addonKey: string): Promise<AddonView> {
  const key = addonKeyOf(addonKey);
  assertCan(caller.actor, ADDON_MANAGE_SCOPE);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    const [row] = await tx.select().from(orgAddons).where(and(eq(orgAddons.orgId, caller.org.id), eq(orgAddons.addonKey, key)));
    if (!row || row.status !== "active") return addonView(caller.org, key, row ?? null);
    const [stored] = await tx.update(orgAddons).set({ status: "disabled", disabledAt: now, updatedAt: now }).where(eq(orgAddons.id, row.id)).returning();
    await appendAudit(tx, {
      ...auditEvent(BILLING_EVENTS.addonDisabled, { addonKey: key }),
      orgId: caller.org.id,
      actor: { kind: "user", id: caller.actor.userId, connectedId: caller.actor.connectedId },
      requestId: caller.requestId,
      at: now,
    });
    return addonView(caller.org, key, stored!);
  });
}

/** Adds prepaid credit without a payment: the dev-mode route (an operator uses `signet admin credit`). */
export async function topUpCredit(deps: Deps, caller: AddonCaller, amountCents: number): Promise<{ creditBalanceCents: number }> {
  assertCan(caller.actor, ADDON_MANAGE_SCOPE);
  if (!Number.isSafeInteger(amountCents) || amountCents < 1 || amountCents > MAX_TOP_UP_CENTS) {
    throw addonErrors.error("invalidAmount", { field: "amountCents", message: `a whole number of cents from 1 to ${MAX_TOP_UP_CENTS}` });
  }
  const account = await creditAccount(deps.db.read, caller.org.id);
  const granted = await grantCredit(deps, { kind: "user", id: caller.actor.userId, connectedId: caller.actor.connectedId }, { orgId: caller.org.id, amount: amountCents, currency: account.currency, provider: "dev", requestId: caller.requestId });
  return { creditBalanceCents: granted.balance };
}
