/**
 * Event type patterns of a subscription: an exact type (`agent.hired`) or a prefix ending
 * in `.*` (`agent.*`, `business.meeting.*`); `*` alone or an empty list means every event.
 */
const PATTERN = /^(\*|[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*(\.\*)?)$/;
export const PATTERN_MAX = 100;

export function validPattern(pattern: string): boolean {
  return pattern.length <= PATTERN_MAX && PATTERN.test(pattern);
}

export function matchesPatterns(patterns: readonly string[], type: string): boolean {
  if (patterns.length === 0) return true;
  return patterns.some((p) => p === "*" || p === type || (p.endsWith(".*") && type.startsWith(p.slice(0, -1))));
}
