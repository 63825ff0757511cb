/**
 * The monetization policy (spec 2.12) with the §8 take rates: what the platform takes from
 * an organization's charges to its own end users, how many app groups may collect, the
 * Free plan's monthly volume cap and the consolidated roll-up from Business. The limits
 * are customers' plan family (the collection switch lives on the app group there); this
 * reads them with the groups' switches and the month's collected volume.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/database";
import { creditAccount, type CurrencyCode } from "../billing/index";
import { collectionOfGroups, monetizationLimits } from "../customers/index";
import { limitsOf, type Organization, planAtLeast } from "../orgs/index";
import { commerceCharges } from "./schema";

export interface MonetizationPolicy {
  takeRatePercent: number;
  currency: CurrencyCode;
  perInvoiceFixedFeeUsd: number;
  monthlyVolumeCapUsd: number | null;
  collectingAppGroups: { limit: number; enabled: number };
  consolidatedEnabled: boolean;
  appGroups: Array<{ key: string; name: string; monetizationEnabled: boolean }>;
}

/**
 * The Free cap is $5,000; an organization whose ledger keeps won counts it at the rate
 * billing fixed its KRW amounts with (the $5 reserve is ₩7,000: ₩14 a cent).
 */
const MINOR_PER_USD_CENT: Record<CurrencyCode, number> = { USD: 1, KRW: 14 };

export function volumeCapMinor(org: Organization, currency: CurrencyCode): number | null {
  const cents = limitsOf(org, monetizationLimits).monthlyVolumeCapCents;
  return cents === null ? null : cents * MINOR_PER_USD_CENT[currency];
}

/** The take rate of an amount in basis points, rounded half up to a whole minor unit (never a float in the ledger). */
export function takeRateOf(amountMinor: number, bps: number): number {
  return Math.floor((amountMinor * bps + 5_000) / 10_000);
}

/** What end users paid the organization in `period` (yyyyMM), in the ledger's currency: what the Free cap counts. */
export async function collectedInPeriod(reader: Queryable, orgId: string, currency: string, period: string): Promise<number> {
  const [row] = await reader
    .select({ total: sql<string | number | null>`sum(${commerceCharges.amountMinor})` })
    .from(commerceCharges)
    .where(and(eq(commerceCharges.orgId, orgId), eq(commerceCharges.period, period), eq(commerceCharges.currency, currency)));
  return Number(row?.total ?? 0);
}

export async function monetizationPolicy(reader: Queryable, org: Organization): Promise<MonetizationPolicy> {
  const limits = limitsOf(org, monetizationLimits);
  const { currency } = await creditAccount(reader, org.id);
  const groups = await collectionOfGroups(reader, org.id);
  return {
    takeRatePercent: limits.takeRateBasisPoints / 100,
    currency,
    // §8 names no fixed fee per invoice: the take rate is the whole price.
    perInvoiceFixedFeeUsd: 0,
    monthlyVolumeCapUsd: limits.monthlyVolumeCapCents === null ? null : limits.monthlyVolumeCapCents / 100,
    collectingAppGroups: { limit: limits.collectingAppGroups ?? -1, enabled: groups.filter((g) => g.billingCollection).length },
    consolidatedEnabled: planAtLeast(org.plan, "business"),
    appGroups: groups.map((g) => ({ key: g.key, name: g.name, monetizationEnabled: g.billingCollection })),
  };
}
