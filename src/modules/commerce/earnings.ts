/**
 * End users' charges and the organization's earnings (spec 2.12 "Earnings: configured,
 * cashBalance, brands[{brand, cashBalance, lines}]").
 *
 * A charge arrives as the gateway's signed webhook (Stripe Connect's
 * payment_intent.succeeded on a connected account). It is applied once: by the event id
 * (a replayed event answers duplicate and changes nothing) and by the charge id. The
 * plan's take rate (§8) is fixed when it settles and recorded in the organization's
 * ledger through billing (recordTakeRate), in the same transaction as the charge, so the
 * month's statement shows every fee.
 *
 * cashBalance is what end users paid less the take rate: what the organization has
 * collected through Signet, per brand (an app group without a brand is reported under its
 * groupKey).
 */
import { and, desc, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { toIso } from "../../platform/clock";
import { auditEvent } from "../../platform/audit/catalog";
import { appendAudit } from "../../platform/audit/append";
import { newId } from "../../platform/ids";
import { creditAccount, type CurrencyCode, CURRENCY_CODES, recordTakeRate, stripeSignatureProblem } from "../billing/index";
import { collectionOfGroups, monetizationLimits } from "../customers/index";
import { limitsOf, orgById } from "../orgs/index";
import { type CommerceCaller, type CommerceDeps, requireBillingScope } from "./caller";
import { commerceErrors } from "./errors";
import { COMMERCE_EVENTS } from "./events";
import { periodOfNow } from "./period";
import { takeRateOf } from "./policy";
import { brandOfGroup } from "./payouts";
import { commerceCharges, commerceGatewayAccounts, commerceGatewayEvents } from "./schema";

/** Lines listed per brand, newest first. */
export const EARNINGS_LINES = 50;

export interface EarningsLine {
  chargeId: string;
  chargeRef: string;
  productId: string | null;
  amount: number;
  takeRate: number;
  net: number;
  currency: string;
  at: string;
}

export interface Earnings {
  configured: boolean;
  currency: string;
  cashBalance: number;
  brands: Array<{ brand: string; appGroupKey: string; cashBalance: number; lines: EarningsLine[] }>;
}

export async function earningsOf(deps: CommerceDeps, caller: CommerceCaller): Promise<Earnings> {
  requireBillingScope(caller);
  const reader = deps.db.read;
  const orgId = caller.org.id;
  const { currency } = await creditAccount(reader, orgId);
  const [account] = await reader.select({ id: commerceGatewayAccounts.id }).from(commerceGatewayAccounts).where(eq(commerceGatewayAccounts.orgId, orgId)).limit(1);
  const groups = await collectionOfGroups(reader, orgId);
  const brands: Earnings["brands"] = [];
  let cashBalance = 0;
  for (const group of groups) {
    const rows = await reader
      .select()
      .from(commerceCharges)
      .where(and(eq(commerceCharges.appGroupId, group.id), eq(commerceCharges.currency, currency)))
      .orderBy(desc(commerceCharges.at), desc(commerceCharges.id));
    if (rows.length === 0) continue;
    const balance = rows.reduce((sum, r) => sum + r.netMinor, 0);
    cashBalance += balance;
    brands.push({
      brand: (await brandOfGroup(reader, group.id)) ?? group.key,
      appGroupKey: group.key,
      cashBalance: balance,
      lines: rows.slice(0, EARNINGS_LINES).map((r) => ({ chargeId: r.id, chargeRef: r.chargeRef, productId: r.productId, amount: r.amountMinor, takeRate: r.takeRateMinor, net: r.netMinor, currency: r.currency, at: toIso(r.at) })),
    });
  }
  return { configured: account !== undefined, currency, cashBalance, brands };
}

export type WebhookOutcome = { received: true; outcome: "applied" | "duplicate" | "ignored" };

interface ChargeEvent {
  id: string;
  type: string;
  account: string | null;
  object: { id: string; amount: number; currency: string; productId: string | null } | null;
}

function parseEvent(payload: string): ChargeEvent | null {
  let event: any;
  try {
    event = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof event?.id !== "string" || typeof event?.type !== "string") return null;
  const o = event.data?.object;
  const amount = typeof o?.amount_received === "number" ? o.amount_received : o?.amount;
  const object =
    typeof o?.id === "string" && Number.isSafeInteger(amount) && amount > 0 && typeof o?.currency === "string"
      ? { id: o.id, amount, currency: o.currency.toUpperCase(), productId: typeof o.metadata?.signet_product_id === "string" ? o.metadata.signet_product_id : null }
      : null;
  return { id: event.id, type: event.type, account: typeof event.account === "string" ? event.account : null, object };
}

/** POST /api/public/commerce/stripe/webhook: a connected account's settled charge, applied once. */
export async function handleConnectWebhook(deps: Pick<AppContext, "db" | "clock" | "config" | "logger">, payload: string, signature: string | null): Promise<WebhookOutcome> {
  const secret = deps.config.commerce.connectWebhookSecret;
  if (!secret) throw commerceErrors.error("webhooksNotConfigured", { message: "no Stripe Connect webhook secret is configured" });
  const problem = stripeSignatureProblem(signature, payload, secret, deps.clock.now());
  if (problem) throw commerceErrors.error("invalidSignature", { message: problem });
  const event = parseEvent(payload);
  if (!event) throw commerceErrors.error("invalidSignature", { message: "the signed body is not a Stripe event" });
  if (event.type !== "payment_intent.succeeded" || !event.account || !event.object) return { received: true, outcome: "ignored" };
  const charge = event.object;
  const accountRef = event.account;
  return deps.db.write(async (tx): Promise<WebhookOutcome> => {
    const eventKey = `stripe:${event.id}`;
    await tx.lock(`commerce.webhook:${eventKey}`);
    const [seen] = await tx.select({ id: commerceGatewayEvents.id }).from(commerceGatewayEvents).where(eq(commerceGatewayEvents.id, eventKey));
    if (seen) return { received: true, outcome: "duplicate" };
    const [account] = await tx.select().from(commerceGatewayAccounts).where(and(eq(commerceGatewayAccounts.provider, "stripe"), eq(commerceGatewayAccounts.accountRef, accountRef)));
    const at = deps.clock.now();
    await tx.insert(commerceGatewayEvents).values({ id: eventKey, type: event.type, orgId: account?.orgId ?? null, receivedAt: at });
    if (!account) return { received: true, outcome: "ignored" };
    const [already] = await tx.select({ id: commerceCharges.id }).from(commerceCharges).where(and(eq(commerceCharges.provider, "stripe"), eq(commerceCharges.chargeRef, charge.id)));
    if (already) return { received: true, outcome: "duplicate" };
    const org = await orgById(tx, account.orgId);
    if (!org) return { received: true, outcome: "ignored" };
    const bps = limitsOf(org, monetizationLimits).takeRateBasisPoints;
    const takeRate = takeRateOf(charge.amount, bps);
    const id = newId();
    const period = periodOfNow(at);
    await tx.insert(commerceCharges).values({
      id,
      orgId: org.id,
      appGroupId: account.appGroupId,
      brandSlug: await brandOfGroup(tx, account.appGroupId),
      productId: charge.productId,
      provider: "stripe",
      chargeRef: charge.id,
      amountMinor: charge.amount,
      currency: charge.currency,
      takeRateBps: bps,
      takeRateMinor: takeRate,
      netMinor: charge.amount - takeRate,
      period,
      at,
    });
    const { currency: ledgerCurrency } = await creditAccount(tx, org.id);
    if (charge.currency === ledgerCurrency && (CURRENCY_CODES as string[]).includes(charge.currency)) {
      await recordTakeRate(tx, { orgId: org.id, chargeId: id, currency: charge.currency as CurrencyCode, chargeMinor: charge.amount, takeRateMinor: takeRate, takeRateBps: bps, at });
    } else {
      // Products are priced in the ledger's currency only; a charge in another one came from outside Signet's catalog.
      deps.logger.warn("commerce charge in another currency than the ledger's: take rate not posted", { orgId: org.id, chargeId: id, currency: charge.currency, ledgerCurrency });
    }
    await appendAudit(tx, {
      orgId: org.id,
      ...auditEvent(COMMERCE_EVENTS.chargeSettled, { appGroupId: account.appGroupId, chargeId: id, amount: charge.amount, currency: charge.currency, takeRate }),
      actor: { kind: "system", id: "stripe" },
      appGroupId: account.appGroupId,
      at,
    });
    return { received: true, outcome: "applied" };
  });
}
