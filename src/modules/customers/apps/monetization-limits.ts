/**
 * What each plan allows when app groups charge their own end users (spec §8): the take
 * rate, how many app groups may collect, and the Free plan's monthly volume cap.
 */
import { definePlanLimits } from "../../../platform/plans";
import { limitsOf, type PlanSubject } from "../../orgs/index";
import { appErrors } from "./errors";

export interface MonetizationLimits {
  takeRateBasisPoints: number;
  collectingAppGroups: number | null;
  /** Collected volume per calendar month; charges past it are refused (upgrade_required). */
  monthlyVolumeCapCents: number | null;
}

export const monetizationLimits = definePlanLimits<MonetizationLimits>("monetization", {
  free: { takeRateBasisPoints: 70, collectingAppGroups: 1, monthlyVolumeCapCents: 5_000_00 },
  pro: { takeRateBasisPoints: 70, collectingAppGroups: 1, monthlyVolumeCapCents: null },
  pro_plus: { takeRateBasisPoints: 60, collectingAppGroups: null, monthlyVolumeCapCents: null },
  business: { takeRateBasisPoints: 50, collectingAppGroups: null, monthlyVolumeCapCents: null },
  // "From 0.4%": the list rate; a contract lowers it through an override.
  enterprise: { takeRateBasisPoints: 40, collectingAppGroups: null, monthlyVolumeCapCents: null },
});

/**
 * Payment engine: a charge that would take this month's collected volume past the
 * plan's cap is refused with `upgrade_required` (§7; the spec gives no status, 403 is
 * the plan-gate status). The body carries the cap and what was collected before.
 */
export function requireVolumeRoom(org: PlanSubject, collectedThisMonthCents: number, chargeCents: number): void {
  const cap = limitsOf(org, monetizationLimits).monthlyVolumeCapCents;
  if (cap !== null && collectedThisMonthCents + chargeCents > cap) {
    throw appErrors.error("upgradeRequired", { feature: "billing.volume", limitCents: cap, usedCents: collectedThisMonthCents });
  }
}
