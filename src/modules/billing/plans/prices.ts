/**
 * What billing charges, as data (docs/billing.md "Prices"). Plan prices are a plan limit
 * family (`billing`, declared in billing's module.ts), so they sit in the one plan table
 * beside every other per-plan number and an Enterprise contract overrides them like any
 * limit. Add-on prices come from orgs' ADDONS (USD, spec §8) with the KRW list here.
 *
 * The spec fixes no plan prices: these are the product's list prices. null: priced per
 * contract (Enterprise), never self-serve.
 */
import { definePlanLimits } from "../../../platform/plans";
import { type AddonKey, ADDONS, limitsOf, type PlanSubject } from "../../orgs/index";
import type { CurrencyCode } from "../ledger/currency";

type Prices = Record<CurrencyCode, number>;

export const planPrices = definePlanLimits<{ monthly: Prices | null }>("billing", {
  free: { monthly: { USD: 0, KRW: 0 } },
  pro: { monthly: { USD: 29_00, KRW: 39_000 } },
  pro_plus: { monthly: { USD: 79_00, KRW: 105_000 } },
  business: { monthly: { USD: 299_00, KRW: 399_000 } },
  enterprise: { monthly: null },
});

/** The monthly price of an organization's plan (its contract's when it has one); null: per contract. */
export function planMonthlyPrice(subject: PlanSubject, currency: CurrencyCode): number | null {
  const monthly = limitsOf(subject, planPrices).monthly;
  return monthly ? (monthly[currency] ?? null) : null;
}

const ADDON_PRICES_KRW: Record<AddonKey, number> = { audit_analytics: 129_000, board_meetings: 129_000 };

export function addonMonthlyPrice(key: AddonKey, currency: CurrencyCode): number {
  return currency === "USD" ? ADDONS[key].monthlyPriceCents : ADDON_PRICES_KRW[key];
}

/**
 * Metered SMS through POST /api/public/sms/send, per text, by the §8 coverage group of
 * the number (a number outside coverage is refused at no cost).
 */
export const SMS_PRICES: Record<"standard" | "limited" | "restricted", Prices> = {
  standard: { USD: 2, KRW: 25 },
  limited: { USD: 5, KRW: 65 },
  restricted: { USD: 8, KRW: 105 },
};
