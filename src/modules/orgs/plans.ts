/** The plans, by key. Their limits (spec §8) join this table as the modules that enforce them land. */
export const PLANS = {
  free: { name: "Free" },
  pro: { name: "Pro" },
  pro_plus: { name: "Pro+" },
  business: { name: "Business" },
  enterprise: { name: "Enterprise" },
} as const;

export type PlanKey = keyof typeof PLANS;

/** Accepts a key or a display name ("Pro+", "pro_plus", "PRO-PLUS"). */
export function parsePlan(value: string): PlanKey | null {
  const v = value.trim().toLowerCase().replace(/\+/g, "_plus").replace(/[\s-]+/g, "_");
  return v in PLANS ? (v as PlanKey) : null;
}
