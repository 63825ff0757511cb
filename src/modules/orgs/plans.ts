/**
 * Plans and add-ons as data (spec §8), and the helpers that gate on them with the
 * exact error bodies of spec §7. Every plan-dependent limit lives in PLANS; modules
 * read it through limitFor / requirePlan / requireLifecycleWrite / requireAddon and
 * never compare plan names themselves.
 *
 * Conventions:
 * - null means "no limit": Enterprise's unlimited storage and SSO, its audit retention
 *   "per contract". A contract's numbers are per-organization overrides
 *   (PlanOverrides) passed in with the org; a later billing/contract table stores them,
 *   and every helper here already honours them.
 * - Money is integer cents; take rates are basis points (0.7% = 70); sizes are bytes.
 * - The spec calls the lowest plan "Basic" in the SSO row; that is Free.
 * - "GB" in §8 is read as GiB (2^30 bytes), the generous reading.
 */
import { ApiError } from "../../platform/http/errors";

const GiB = 1024 ** 3;

export interface LifecycleLimits {
  /** Whether lifecycle rules may be written at all (else plan_upgrade_required, feature lifecycle). */
  allowed: boolean;
  /** Rules an organization may hold (feature lifecycle_rules, with limit and used). */
  maxRules: number | null;
  /** Whether rules other than the preset may be written (feature lifecycle_custom). */
  custom: boolean;
}

/** The one lifecycle rule Pro+ may hold: 90 days unaccessed, transition_ia, all files. */
export const LIFECYCLE_PRESET = { action: "transition_ia", unaccessedDays: 90, scope: null } as const;
export const LIFECYCLE_DAYS = { min: 30, max: 3650 } as const;

export interface PlanLimits {
  includedStorageBytes: number | null;
  trashRetentionDays: number;
  auditRetentionDays: number | null;
  lifecycle: LifecycleLimits;
  ssoConnections: number | null;
  billing: {
    takeRateBasisPoints: number;
    collectingAppGroups: number | null;
    /** Collected volume per calendar month; charges past it are refused (upgrade_required). */
    monthlyVolumeCapCents: number | null;
  };
}

export interface Plan {
  name: string;
  /** Order for "X or higher" gates. */
  rank: number;
  limits: PlanLimits;
}

const NOT_ALLOWED: LifecycleLimits = { allowed: false, maxRules: 0, custom: false };

export const PLANS = {
  free: {
    name: "Free",
    rank: 0,
    limits: {
      includedStorageBytes: 2 * GiB,
      trashRetentionDays: 7,
      auditRetentionDays: 1,
      lifecycle: NOT_ALLOWED,
      ssoConnections: 0,
      billing: { takeRateBasisPoints: 70, collectingAppGroups: 1, monthlyVolumeCapCents: 5_000_00 },
    },
  },
  pro: {
    name: "Pro",
    rank: 1,
    limits: {
      includedStorageBytes: 30 * GiB,
      trashRetentionDays: 30,
      auditRetentionDays: 7,
      lifecycle: NOT_ALLOWED,
      ssoConnections: 1,
      billing: { takeRateBasisPoints: 70, collectingAppGroups: 1, monthlyVolumeCapCents: null },
    },
  },
  pro_plus: {
    name: "Pro+",
    rank: 2,
    limits: {
      includedStorageBytes: 100 * GiB,
      trashRetentionDays: 30,
      auditRetentionDays: 30,
      // Only the preset: one rule, and nothing custom.
      lifecycle: { allowed: true, maxRules: 1, custom: false },
      ssoConnections: 3,
      billing: { takeRateBasisPoints: 60, collectingAppGroups: null, monthlyVolumeCapCents: null },
    },
  },
  business: {
    name: "Business",
    rank: 3,
    limits: {
      includedStorageBytes: 200 * GiB,
      trashRetentionDays: 30,
      auditRetentionDays: 90,
      lifecycle: { allowed: true, maxRules: 10, custom: true },
      ssoConnections: 10,
      billing: { takeRateBasisPoints: 50, collectingAppGroups: null, monthlyVolumeCapCents: null },
    },
  },
  enterprise: {
    name: "Enterprise",
    rank: 4,
    limits: {
      includedStorageBytes: null,
      trashRetentionDays: 30,
      auditRetentionDays: null,
      lifecycle: { allowed: true, maxRules: 10, custom: true },
      ssoConnections: null,
      // "From 0.4%": the list rate; a contract lowers it through an override.
      billing: { takeRateBasisPoints: 40, collectingAppGroups: null, monthlyVolumeCapCents: null },
    },
  },
} as const satisfies Record<string, Plan>;

export type PlanKey = keyof typeof PLANS;
export const PLAN_KEYS = Object.keys(PLANS) as PlanKey[];

/**
 * Features gated by a minimum plan. The keys are the `feature` values of the 403
 * UPGRADE_REQUIRED body (spec §7 names sso and feature.audit.view_all).
 */
export const FEATURE_MIN_PLAN = {
  /** Enterprise SSO connections (their count is capped by ssoConnections). */
  sso: "pro",
  /** Audit scope=all (5.4). */
  "feature.audit.view_all": "pro",
  /** Custom login domain (5.8). */
  custom_login_domain: "pro",
  /** Meetings (4.6). */
  meetings: "pro",
  /** Consolidated billing roll-up and the verify API. */
  "billing.consolidated": "business",
} as const satisfies Record<string, PlanKey>;

export type PlanFeature = keyof typeof FEATURE_MIN_PLAN;

/** Per-organization exceptions to its plan's limits (an Enterprise contract). */
export type PlanOverrides = {
  [K in keyof PlanLimits]?: PlanLimits[K] extends object ? Partial<PlanLimits[K]> : PlanLimits[K];
};

/** What the gates need to know about an organization. */
export interface PlanSubject {
  plan: string;
  overrides?: PlanOverrides | null;
}

/** Accepts a key or a display name ("Pro+", "pro_plus", "PRO-PLUS"). */
export function parsePlan(value: string): PlanKey | null {
  const v = value.trim().toLowerCase().replace(/\+/g, "_plus").replace(/[\s-]+/g, "_");
  return Object.hasOwn(PLANS, v) ? (v as PlanKey) : null;
}

/** The plan of a stored value; anything unknown is treated as Free so a bad row never widens access. */
export function planOf(plan: string): PlanKey {
  return Object.hasOwn(PLANS, plan) ? (plan as PlanKey) : "free";
}

export function planAtLeast(plan: string, minimum: PlanKey): boolean {
  return PLANS[planOf(plan)].rank >= PLANS[minimum].rank;
}

/** The organization's limits: its plan's, with its overrides applied. */
export function limitsOf(org: PlanSubject): PlanLimits {
  const base: PlanLimits = PLANS[planOf(org.plan)].limits;
  const o = org.overrides;
  if (!o) return base;
  return {
    ...base,
    ...o,
    lifecycle: { ...base.lifecycle, ...o.lifecycle },
    billing: { ...base.billing, ...o.billing },
  } as PlanLimits;
}

/** One limit of a plan key or an organization (with its overrides). */
export function limitFor<K extends keyof PlanLimits>(subject: PlanKey | PlanSubject, key: K): PlanLimits[K] {
  return limitsOf(typeof subject === "string" ? { plan: subject } : subject)[key];
}

/** The minimum plan of a feature: `upgrade_required` bodies can say what to buy. */
export function minimumPlanFor(feature: PlanFeature): PlanKey {
  return FEATURE_MIN_PLAN[feature];
}

/** 403 UPGRADE_REQUIRED with the feature (and, for counted limits, limit and current). */
export function upgradeRequired(feature: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(403, "UPGRADE_REQUIRED", { feature, ...extra });
}

/** Throws 403 {error: "UPGRADE_REQUIRED", feature} when the org's plan is below the feature's. */
export function requirePlan(org: PlanSubject, feature: PlanFeature): void {
  if (!planAtLeast(org.plan, FEATURE_MIN_PLAN[feature])) throw upgradeRequired(feature);
}

/**
 * Counted limits gated with UPGRADE_REQUIRED: adding one more when `current` already
 * exist. 403 {error, feature, limit, current}.
 */
export const COUNTED_LIMITS = {
  sso_connections: (l: PlanLimits) => l.ssoConnections,
  "billing.collect": (l: PlanLimits) => l.billing.collectingAppGroups,
} as const;

export function requireRoomFor(org: PlanSubject, feature: keyof typeof COUNTED_LIMITS, current: number): void {
  const limit = COUNTED_LIMITS[feature](limitsOf(org));
  if (limit !== null && current >= limit) throw upgradeRequired(feature, { limit, current });
}

/** 402 UPGRADE_REQUIRED: an audit query range entirely outside the retention window. */
export function auditRetentionExceeded(): ApiError {
  return new ApiError(402, "UPGRADE_REQUIRED", { feature: "audit.retention" });
}

/**
 * Lifecycle writes (spec §7): 403 {error: "plan_upgrade_required", feature} with
 * feature lifecycle (not on this plan), lifecycle_custom (anything but the preset
 * where only the preset is allowed) or lifecycle_rules (limit, used) when adding a
 * rule would exceed maxRules. `rulesUsed` counts the org's rules before this one;
 * omit it for an update of an existing rule.
 */
export function requireLifecycleWrite(org: PlanSubject, write: { custom: boolean; rulesUsed?: number }): void {
  const l = limitsOf(org).lifecycle;
  if (!l.allowed) throw new ApiError(403, "plan_upgrade_required", { feature: "lifecycle" });
  if (write.custom && !l.custom) throw new ApiError(403, "plan_upgrade_required", { feature: "lifecycle_custom" });
  if (write.rulesUsed !== undefined && l.maxRules !== null && write.rulesUsed >= l.maxRules) {
    throw new ApiError(403, "plan_upgrade_required", { feature: "lifecycle_rules", limit: l.maxRules, used: write.rulesUsed });
  }
}

/** Whether a lifecycle rule is the preset (the only rule Pro+ may hold). */
export function isLifecyclePreset(rule: { action: string; unaccessedDays: number; scope?: string | null }): boolean {
  return rule.action === LIFECYCLE_PRESET.action && rule.unaccessedDays === LIFECYCLE_PRESET.unaccessedDays && (rule.scope ?? null) === null;
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
  throw new ApiError(402, "ADDON_REQUIRED", { addon });
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

/**
 * Payment engine: a charge that would take this month's collected volume past the
 * plan's cap is refused with `upgrade_required` (§7; the spec gives no status, 403 is
 * the plan-gate status). The body carries the cap and what was collected before.
 */
export function requireVolumeRoom(org: PlanSubject, collectedThisMonthCents: number, chargeCents: number): void {
  const cap = limitsOf(org).billing.monthlyVolumeCapCents;
  if (cap !== null && collectedThisMonthCents + chargeCents > cap) {
    throw new ApiError(403, "upgrade_required", { feature: "billing.volume", limitCents: cap, usedCents: collectedThisMonthCents });
  }
}
