/**
 * Plans and add-ons as data (spec §8), and the helpers that gate on them with the
 * exact error bodies of spec §7. The tiers are kernel vocabulary (platform/plans.ts); the
 * limits belong to the modules that enforce them, each a family declared in its module.ts
 * (`limits`): storage and lifecycle (storage), audit (trust), monetization (customers),
 * SSO connections (federation). Modules read them through limitsOf and never compare plan
 * names themselves.
 *
 * Conventions:
 * - null means "no limit": Enterprise's unlimited storage and SSO, its audit retention
 *   "per contract". A contract's numbers are per-organization overrides (PlanOverrides,
 *   by family) passed in with the org; a later billing/contract table stores them, and
 *   limitsOf already honours them.
 * - The spec calls the lowest plan "Basic" in the SSO row; that is Free.
 * - "GB" in §8 is read as GiB (2^30 bytes), the generous reading.
 */
import type { ApiError } from "../../platform/http/errors";
import { type LimitOverride, PLAN_KEYS, PLAN_TIERS, type PlanKey, type PlanLimitFamily, withOverride } from "../../platform/plans";
import { planErrors } from "./errors";

export { PLAN_KEYS, PLAN_TIERS, type PlanKey };

/**
 * Features gated by a minimum plan. The keys are the `feature` values of the 403
 * UPGRADE_REQUIRED body (spec §7 names sso and feature.audit.view_all).
 */
export const FEATURE_MIN_PLAN = {
  /** Enterprise SSO connections (their count is capped by ssoLimits). */
  sso: "pro",
  /** Audit scope=all (5.4). */
  "feature.audit.view_all": "pro",
  /** Custom login domain (5.8). */
  custom_login_domain: "pro",
  /** Meetings (4.6). */
  meetings: "pro",
  /** Consolidated billing roll-up and the verify API. */
  "billing.consolidated": "business",
  /** GET /api/public/v1/invoices/{id}/verify: the issuing organization's plan (§8 "verify API from Business"). */
  "billing.verify": "business",
} as const satisfies Record<string, PlanKey>;

export type PlanFeature = keyof typeof FEATURE_MIN_PLAN;

/** Per-organization exceptions to its plan's limits (an Enterprise contract), by family name. */
export type PlanOverrides = Readonly<Record<string, LimitOverride<object>>>;

/** What the gates need to know about an organization. */
export interface PlanSubject {
  plan: string;
  overrides?: PlanOverrides | null;
}

/** Accepts a key or a display name ("Pro+", "pro_plus", "PRO-PLUS"). */
export function parsePlan(value: string): PlanKey | null {
  const v = value.trim().toLowerCase().replace(/\+/g, "_plus").replace(/[\s-]+/g, "_");
  return Object.hasOwn(PLAN_TIERS, v) ? (v as PlanKey) : null;
}

/** The plan of a stored value; anything unknown is treated as Free so a bad row never widens access. */
export function planOf(plan: string): PlanKey {
  return Object.hasOwn(PLAN_TIERS, plan) ? (plan as PlanKey) : "free";
}

export function planAtLeast(plan: string, minimum: PlanKey): boolean {
  return PLAN_TIERS[planOf(plan)].rank >= PLAN_TIERS[minimum].rank;
}

/** A family's limits for a plan key, or for an organization (its plan's, with its overrides applied). */
export function limitsOf<T extends object>(subject: PlanKey | PlanSubject, family: PlanLimitFamily<T>): T {
  const org = typeof subject === "string" ? { plan: subject } : subject;
  return withOverride(family.perPlan[planOf(org.plan)], org.overrides?.[family.name] as LimitOverride<T> | undefined);
}

/** The minimum plan of a feature: `upgrade_required` bodies can say what to buy. */
export function minimumPlanFor(feature: PlanFeature): PlanKey {
  return FEATURE_MIN_PLAN[feature];
}

/** 403 UPGRADE_REQUIRED with the feature (and, for counted limits, limit and current). */
export function upgradeRequired(feature: string, extra: Record<string, unknown> = {}): ApiError {
  return planErrors.error("upgradeRequired", { feature, ...extra });
}

/** Throws 403 {error: "UPGRADE_REQUIRED", feature} when the org's plan is below the feature's. */
export function requirePlan(org: PlanSubject, feature: PlanFeature): void {
  if (!planAtLeast(org.plan, FEATURE_MIN_PLAN[feature])) throw upgradeRequired(feature);
}

/**
 * Counted limits gated with UPGRADE_REQUIRED: adding one more when `current` already
 * exist and the plan allows `limit` (null: no limit). 403 {error, feature, limit, current}.
 */
export function requireRoomFor(feature: string, limit: number | null, current: number): void {
  if (limit !== null && current >= limit) throw upgradeRequired(feature, { limit, current });
}

// ---------------------------------------------------------------------------
// Add-ons

export interface Addon {
  name: string;
  monthlyPriceCents: number;
  /** The plan an organization needs before it may enable the add-on. */
  minimumPlan: PlanKey;
}

export const ADDONS = {
  /** Audit analytics: longer /analytics windows (§8 "Audit add-on"). */
  audit_analytics: { name: "Audit Analytics", monthlyPriceCents: 99_00, minimumPlan: "pro" },
  /** Board meetings after the first, which is free for the org's lifetime (§8 "Meetings"). */
  board_meetings: { name: "Board Meetings", monthlyPriceCents: 99_00, minimumPlan: "pro" },
} as const satisfies Record<string, Addon>;

export type AddonKey = keyof typeof ADDONS;

export function parseAddon(value: string): AddonKey | null {
  return Object.hasOwn(ADDONS, value) ? (value as AddonKey) : null;
}

/** Throws 402 {error: "ADDON_REQUIRED", addon} when the add-on is not enabled. */
export function requireAddon(enabled: Iterable<string>, addon: AddonKey): void {
  for (const key of enabled) if (key === addon) return;
  throw planErrors.error("addonRequired", { addon });
}

/** The plan floor of an add-on: 403 UPGRADE_REQUIRED with the add-on key as feature. */
export function requireAddonPlan(org: PlanSubject, addon: AddonKey): void {
  if (!planAtLeast(org.plan, ADDONS[addon].minimumPlan)) throw upgradeRequired(addon);
}

/**
 * Proration of a monthly price for an add-on enabled on `dayOfMonth` (1-based; the
 * enabling day counts): price × remaining days / days in month, rounded down to the
 * cent, at least 1 cent (for a priced add-on).
 */
export function prorateCents(monthlyPriceCents: number, dayOfMonth: number, daysInMonth: number): number {
  if (!Number.isSafeInteger(monthlyPriceCents) || monthlyPriceCents < 0) throw new RangeError("monthlyPriceCents must be a non-negative integer");
  if (!Number.isInteger(daysInMonth) || daysInMonth < 28 || daysInMonth > 31) throw new RangeError("daysInMonth must be 28 to 31");
  if (!Number.isInteger(dayOfMonth) || dayOfMonth < 1 || dayOfMonth > daysInMonth) throw new RangeError("dayOfMonth must be within the month");
  if (monthlyPriceCents === 0) return 0;
  const remainingDays = daysInMonth - dayOfMonth + 1;
  return Math.max(1, Math.floor((monthlyPriceCents * remainingDays) / daysInMonth));
}

/** prorateCents for an instant, on the UTC calendar (billing months are UTC months). */
export function prorateAt(monthlyPriceCents: number, atMs: number): number {
  const d = new Date(atMs);
  const daysInMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  return prorateCents(monthlyPriceCents, d.getUTCDate(), daysInMonth);
}

/** The first board meeting is free for the org's lifetime; later ones need board_meetings (402). */
export function requireBoardMeetingAllowed(boardMeetingsSoFar: number, enabledAddons: Iterable<string>): void {
  if (boardMeetingsSoFar >= 1) requireAddon(enabledAddons, "board_meetings");
}

export const ANALYTICS_DAYS = { min: 1, max: 90, default: 30, withoutAddon: 3 } as const;

/** Analytics window in days: 1 to 90, clamped to 3 without audit_analytics, silently (§8). */
export function analyticsDays(requested: number | undefined, enabledAddons: Iterable<string>): number {
  const days = Math.min(ANALYTICS_DAYS.max, Math.max(ANALYTICS_DAYS.min, Math.trunc(requested ?? ANALYTICS_DAYS.default)));
  for (const key of enabledAddons) if (key === "audit_analytics") return days;
  return Math.min(days, ANALYTICS_DAYS.withoutAddon);
}
