/** Lifecycle rules per plan (spec §8) and the plan gate on writing them, with the bodies of spec §7. */
import { definePlanLimits } from "../../../platform/plans";
import { limitsOf, type PlanSubject } from "../../orgs/index";
import { lifecycleErrors } from "./errors";

export interface LifecycleLimits {
  /** Whether lifecycle rules may be written at all (else plan_upgrade_required, feature lifecycle). */
  allowed: boolean;
  /** Rules an organization may hold (feature lifecycle_rules, with limit and used). */
  maxRules: number | null;
  /** Whether rules other than the preset may be written (feature lifecycle_custom). */
  custom: boolean;
}

const NOT_ALLOWED: LifecycleLimits = { allowed: false, maxRules: 0, custom: false };

export const lifecycleLimits = definePlanLimits<LifecycleLimits>("lifecycle", {
  free: NOT_ALLOWED,
  pro: NOT_ALLOWED,
  // Only the preset: one rule, and nothing custom.
  pro_plus: { allowed: true, maxRules: 1, custom: false },
  business: { allowed: true, maxRules: 10, custom: true },
  enterprise: { allowed: true, maxRules: 10, custom: true },
});

/** The one lifecycle rule Pro+ may hold: 90 days unaccessed, transition_ia, all files. */
export const LIFECYCLE_PRESET = { action: "transition_ia", unaccessedDays: 90, scope: null } as const;
export const LIFECYCLE_DAYS = { min: 30, max: 3650 } as const;

/**
 * Lifecycle writes (spec §7): 403 {error: "plan_upgrade_required", feature} with
 * feature lifecycle (not on this plan), lifecycle_custom (anything but the preset
 * where only the preset is allowed) or lifecycle_rules (limit, used) when adding a
 * rule would exceed maxRules. `rulesUsed` counts the org's rules before this one;
 * omit it for an update of an existing rule.
 */
export function requireLifecycleWrite(org: PlanSubject, write: { custom: boolean; rulesUsed?: number }): void {
  const l = limitsOf(org, lifecycleLimits);
  if (!l.allowed) throw lifecycleErrors.error("planUpgradeRequired", { feature: "lifecycle" });
  if (write.custom && !l.custom) throw lifecycleErrors.error("planUpgradeRequired", { feature: "lifecycle_custom" });
  if (write.rulesUsed !== undefined && l.maxRules !== null && write.rulesUsed >= l.maxRules) {
    throw lifecycleErrors.error("planUpgradeRequired", { feature: "lifecycle_rules", limit: l.maxRules, used: write.rulesUsed });
  }
}

/** Whether a lifecycle rule is the preset (the only rule Pro+ may hold). */
export function isLifecyclePreset(rule: { action: string; unaccessedDays: number; scope?: string | null }): boolean {
  return rule.action === LIFECYCLE_PRESET.action && rule.unaccessedDays === LIFECYCLE_PRESET.unaccessedDays && (rule.scope ?? null) === null;
}
