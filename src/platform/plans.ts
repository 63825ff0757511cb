/**
 * Plan tiers (spec §8) are kernel vocabulary; plan limits are part of the module contract
 * (DESIGN §3): each module declares the limit families it enforces (`limits` in its
 * module.ts), one value per tier, and reads an organization's through orgs' `limitsOf`,
 * which applies the organization's contract overrides.
 *
 * Conventions: null means "no limit"; money is integer cents, take rates basis points
 * (0.7% = 70), sizes bytes.
 */

export const PLAN_TIERS = {
  free: { name: "Free", rank: 0 },
  pro: { name: "Pro", rank: 1 },
  pro_plus: { name: "Pro+", rank: 2 },
  business: { name: "Business", rank: 3 },
  enterprise: { name: "Enterprise", rank: 4 },
} as const;

export type PlanKey = keyof typeof PLAN_TIERS;
export const PLAN_KEYS = Object.keys(PLAN_TIERS) as PlanKey[];

/** One module's limits, a value for every tier. */
export interface PlanLimitFamily<T extends object = object> {
  /** Unique across modules: the key of its overrides in an organization's contract. */
  name: string;
  perPlan: Readonly<Record<PlanKey, T>>;
}

export function definePlanLimits<T extends object>(name: string, perPlan: Record<PlanKey, T>): PlanLimitFamily<T> {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`plan limit family "${name}" is not a lower_snake_case name`);
  return { name, perPlan };
}

/** An override of a family: any field, and any field of a nested group (lifecycle.maxRules). */
export type LimitOverride<T> = { [K in keyof T]?: T[K] extends object | null ? (T[K] extends object ? Partial<T[K]> : T[K]) : T[K] };

/** A family's value with an override applied, one level deep (a nested group is merged, not replaced). */
export function withOverride<T extends object>(base: T, override: LimitOverride<T> | undefined): T {
  if (!override) return base;
  const merged = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    const nested = value !== null && typeof value === "object" && current !== null && typeof current === "object";
    merged[key] = nested ? { ...(current as object), ...(value as object) } : value;
  }
  return merged as T;
}
