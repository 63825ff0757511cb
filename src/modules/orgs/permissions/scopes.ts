/**
 * Scope strings: grammar, parsing and matching. Pure functions, no I/O.
 *
 * Grammar (case-sensitive, lower case only, no surrounding whitespace):
 *
 *   scope       = "org." path [ ":" constraint ]  |  "view." area
 *   path        = segment *( "." segment ) "." action      (at least resource + action)
 *               | *( segment "." ) "*"                     (wildcard: "org.*", "org.agent.*")
 *   action      = segment
 *   area        = segment | "*"                             ("view.billing", "view.*")
 *   segment     = [a-z] *[a-z0-9_]                          (at most 64 characters)
 *   constraint  = "creator=self" | "actor=self" | "system=" system-key
 *
 * - The last segment is the action, the ones before it name the resource, which may
 *   have sub-resources (`org.reporting_instance.approval_step.approve`).
 * - `*` stands only as the last segment and covers every scope that continues the
 *   segments before it: `org.agent.*` covers `org.agent.hire` and
 *   `org.agent.x.y`, never `org.agent_x.hire` (matching is by whole segments, never by
 *   string prefix). `org.*` covers every org scope; it is what the Owner and Admin hold.
 * - `view.<area>` scopes gate dashboard areas the spec names (`view.business`,
 *   `view.billing`); they take no constraint.
 * - At most one constraint per scope; a role that needs two holds two scopes.
 * - Whole scopes are at most 200 characters.
 */

/** System keys of `system=<key>` and the audit event-type prefixes they cover (spec 5.4). */
export const SYSTEM_EVENT_PREFIXES = {
  agent: ["agent."],
  project_mgmt: ["org.project."],
  reporting: ["reporting."],
  payment: ["payment."],
} as const satisfies Record<string, readonly string[]>;

export type SystemKey = keyof typeof SYSTEM_EVENT_PREFIXES;

/** The system an audit event type belongs to, or null when it belongs to none. */
export function systemOfEventType(eventType: string): SystemKey | null {
  for (const [system, prefixes] of Object.entries(SYSTEM_EVENT_PREFIXES)) {
    if (prefixes.some((p) => eventType.startsWith(p))) return system as SystemKey;
  }
  return null;
}

export type ScopeConstraint = { kind: "creator_self" } | { kind: "actor_self" } | { kind: "system"; system: SystemKey };

export interface Scope {
  /** The text as given (already canonical: the grammar admits one spelling per scope). */
  text: string;
  namespace: "org" | "view";
  /** Segments after the namespace, without a trailing `*`. */
  path: readonly string[];
  /** True when the scope ended in `*`. */
  wildcard: boolean;
  constraint: ScopeConstraint | null;
}

export type ParseResult = { ok: true; scope: Scope } | { ok: false; reason: string };

export const SCOPE_MAX_LENGTH = 200;
const SEGMENT = /^[a-z][a-z0-9_]{0,63}$/;

export function parseScope(text: unknown): ParseResult {
  if (typeof text !== "string") return fail("a scope is a string");
  if (text.length === 0) return fail("a scope cannot be empty");
  if (text.length > SCOPE_MAX_LENGTH) return fail(`a scope is at most ${SCOPE_MAX_LENGTH} characters`);
  const colon = text.indexOf(":");
  const body = colon < 0 ? text : text.slice(0, colon);
  const constraintText = colon < 0 ? null : text.slice(colon + 1);
  const parts = body.split(".");
  const namespace = parts[0];
  if (namespace !== "org" && namespace !== "view") return fail('a scope starts with "org." or "view."');
  const rest = parts.slice(1);
  const wildcard = rest[rest.length - 1] === "*";
  const path = wildcard ? rest.slice(0, -1) : rest;
  for (const segment of path) {
    if (segment === "*") return fail('"*" may only be the last segment');
    if (!SEGMENT.test(segment)) return fail(`"${segment}" is not a valid segment (lower-case letters, digits and _, starting with a letter)`);
  }
  if (namespace === "org") {
    if (!wildcard && path.length < 2) return fail('an org scope names a resource and an action: "org.<resource>.<action>"');
  } else {
    if (wildcard ? path.length !== 0 : path.length !== 1) return fail('a view scope is "view.<area>" or "view.*"');
    if (constraintText !== null) return fail("a view scope takes no constraint");
  }
  let constraint: ScopeConstraint | null = null;
  if (constraintText !== null) {
    const parsed = parseConstraint(constraintText);
    if (typeof parsed === "string") return fail(parsed);
    constraint = parsed;
  }
  return { ok: true, scope: { text, namespace, path, wildcard, constraint } };
}

function parseConstraint(text: string): ScopeConstraint | string {
  const eq = text.indexOf("=");
  if (eq < 0) return 'a constraint is "key=value"';
  const key = text.slice(0, eq);
  const value = text.slice(eq + 1);
  switch (key) {
    case "creator":
      return value === "self" ? { kind: "creator_self" } : 'the creator constraint is "creator=self"';
    case "actor":
      return value === "self" ? { kind: "actor_self" } : 'the actor constraint is "actor=self"';
    case "system":
      return value in SYSTEM_EVENT_PREFIXES
        ? { kind: "system", system: value as SystemKey }
        : `unknown system "${value}" (one of ${Object.keys(SYSTEM_EVENT_PREFIXES).join(", ")})`;
    default:
      return `unknown constraint "${key}" (one of creator, actor, system)`;
  }
}

function fail(reason: string): ParseResult {
  return { ok: false, reason };
}

// Grants are parsed on every permission check; the distinct strings are few, so keep them.
const parsedCache = new Map<string, Scope | null>();
const PARSED_CACHE_MAX = 10_000;

/** The parsed scope, or null when the text is malformed. Memoized. */
export function scopeOrNull(text: string): Scope | null {
  let scope = parsedCache.get(text);
  if (scope === undefined) {
    const r = parseScope(text);
    scope = r.ok ? r.scope : null;
    if (parsedCache.size >= PARSED_CACHE_MAX) parsedCache.clear();
    parsedCache.set(text, scope);
  }
  return scope;
}

/** Whether the grant's namespace and path cover the wanted scope's (constraints aside). */
export function pathCovers(grant: Scope, wanted: Scope): boolean {
  if (grant.namespace !== wanted.namespace) return false;
  if (!grant.wildcard) return !wanted.wildcard && sameSegments(grant.path, wanted.path);
  if (!startsWith(wanted.path, grant.path)) return false;
  // A wildcard covers what continues its prefix: `org.agent.*` covers `org.agent.*` and
  // `org.agent.hire`, but the bare resource `org.agent` is not a scope anyway.
  return wanted.wildcard || wanted.path.length > grant.path.length;
}

/**
 * Whether holding `grant` implies holding `wanted` for every resource: used to check
 * that a scope list only narrows another (token exchange, API keys, custom roles).
 * An unconstrained grant covers any constraint; a constrained one only the same one.
 */
export function scopeCovers(grant: Scope, wanted: Scope): boolean {
  if (!pathCovers(grant, wanted)) return false;
  if (!grant.constraint) return true;
  return !!wanted.constraint && sameConstraint(grant.constraint, wanted.constraint);
}

function sameConstraint(a: ScopeConstraint, b: ScopeConstraint): boolean {
  return a.kind === b.kind && (a.kind !== "system" || a.system === (b as { system: SystemKey }).system);
}

function sameSegments(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

function startsWith(whole: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= whole.length && prefix.every((s, i) => s === whole[i]);
}
