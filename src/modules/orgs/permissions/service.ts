/**
 * The permission kernel: `can(actor, scope, resource?)` and, for list queries,
 * `grantFor(actor, scope)`. Every module asks these; none matches scopes itself.
 *
 * Semantics:
 * - A grant covers a scope when its path covers it (exact, or a trailing `*` covering
 *   every scope under its prefix, by whole segments) and its constraint admits the
 *   resource. Grants add up: any one covering grant is enough.
 * - Unconstrained grant: covers every resource, and the question without a resource.
 * - `creator=self`: covers a resource whose creatorId is the actor (its userId or its
 *   connectedId). `actor=self`: covers an event whose actorId is the actor.
 *   `system=<key>`: covers a resource of that system (given as `system`, or derived
 *   from an audit `eventType` through SYSTEM_EVENT_PREFIXES).
 * - A constrained grant never answers without the attribute it constrains: with no
 *   resource, or a resource that lacks the attribute, `can` is false. "May this actor
 *   list at all?" is `grantFor(actor, scope) !== null`; the list query then filters
 *   by the Grant it returns. This keeps a forgotten resource argument failing closed.
 * - Granted scopes that are malformed grant nothing (stored data never widens access);
 *   a malformed, wildcard or constrained *asked* scope is a programming error and throws.
 */
import { permissionErrors } from "./errors";
import { parseScope, scopeCovers, scopeOrNull, pathCovers, systemOfEventType, type Scope, type ScopeConstraint, type SystemKey } from "./scopes";

export interface PermissionActor {
  userId?: string | null;
  /** The caller's badge in the organization (ConnectedId); resources may record either id. */
  connectedId?: string | null;
  role?: string | null;
  /** Granted scopes: the role's (see roles.ts), a custom role's, an API key's, a token's. */
  scopes: readonly string[];
}

export interface PermissionResource {
  /** Who created the resource (userId or connectedId), for `creator=self`. */
  creatorId?: string | null;
  /** Who performed the event, for `actor=self`. */
  actorId?: string | null;
  /** The system the resource belongs to, for `system=<key>`. */
  system?: string | null;
  /** An audit event type; its system is derived from the prefix when `system` is absent. */
  eventType?: string | null;
}

/**
 * What a list query may return for one scope: everything, or the union of the
 * constrained parts (own creations, own events, the listed systems). null: nothing.
 */
export type Grant = { all: true } | { all: false; creatorSelf: boolean; actorSelf: boolean; systems: SystemKey[] };

export function can(actor: PermissionActor, scope: string, resource?: PermissionResource): boolean {
  const wanted = askedScope(scope);
  for (const text of actor.scopes) {
    const grant = scopeOrNull(text);
    if (!grant || !pathCovers(grant, wanted)) continue;
    if (!grant.constraint) return true;
    if (resource && constraintAdmits(grant, actor, resource)) return true;
  }
  return false;
}

/** can(), or 403 PERMISSION_DENIED naming the scope. */
export function assertCan(actor: PermissionActor, scope: string, resource?: PermissionResource): void {
  if (!can(actor, scope, resource)) throw permissionErrors.error("permissionDenied", { scope });
}

export function grantFor(actor: PermissionActor, scope: string): Grant | null {
  const wanted = askedScope(scope);
  let creatorSelf = false;
  let actorSelf = false;
  const systems = new Set<SystemKey>();
  let any = false;
  for (const text of actor.scopes) {
    const grant = scopeOrNull(text);
    if (!grant || !pathCovers(grant, wanted)) continue;
    const c = grant.constraint;
    if (!c) return { all: true };
    any = true;
    if (c.kind === "creator_self") creatorSelf = true;
    else if (c.kind === "actor_self") actorSelf = true;
    else systems.add(c.system);
  }
  return any ? { all: false, creatorSelf, actorSelf, systems: [...systems].sort() } : null;
}

/** Whether a Grant from grantFor admits one resource (the in-memory form of the list filter). */
export function grantAdmits(grant: Grant | null, actor: PermissionActor, resource: PermissionResource): boolean {
  if (!grant) return false;
  if (grant.all) return true;
  if (grant.creatorSelf && isSelf(actor, resource.creatorId)) return true;
  if (grant.actorSelf && isSelf(actor, resource.actorId)) return true;
  const system = resourceSystem(resource);
  return system !== null && grant.systems.includes(system as SystemKey);
}

/** Whether `held` implies every scope of `wanted` (a key or token may only narrow). */
export function coversAll(held: readonly string[], wanted: readonly string[]): boolean {
  const grants = held.map(scopeOrNull).filter((s): s is Scope => s !== null);
  return wanted.every((w) => {
    const scope = scopeOrNull(w);
    return scope !== null && grants.some((g) => scopeCovers(g, scope));
  });
}

export const SCOPE_LIST_MAX = 200;

/**
 * Validates a scope list from a request (API keys, custom roles, token narrowing):
 * every entry must follow the grammar. Returns the list without duplicates, in order.
 * Refusal: 400 invalid_scope naming the entry, e.g. field "scopes[2]".
 */
export function validateScopes(list: unknown, field = "scopes"): string[] {
  if (!Array.isArray(list)) throw permissionErrors.error("invalidScope", { field, message: "a list of scope strings" });
  if (list.length > SCOPE_LIST_MAX) throw permissionErrors.error("invalidScope", { field, message: `at most ${SCOPE_LIST_MAX} scopes` });
  list.forEach((entry, i) => {
    const r = parseScope(entry);
    if (!r.ok) throw permissionErrors.error("invalidScope", { field: `${field}[${i}]`, message: r.reason });
  });
  return [...new Set(list as string[])];
}

function askedScope(scope: string): Scope {
  const parsed = scopeOrNull(scope);
  if (!parsed) throw new TypeError(`malformed scope asked: ${JSON.stringify(scope)}`);
  if (parsed.wildcard || parsed.constraint) throw new TypeError(`ask for a concrete scope, without wildcard or constraint: ${scope}`);
  return parsed;
}

function constraintAdmits(grant: Scope, actor: PermissionActor, resource: PermissionResource): boolean {
  const c = grant.constraint!;
  switch (c.kind) {
    case "creator_self":
      return isSelf(actor, resource.creatorId);
    case "actor_self":
      return isSelf(actor, resource.actorId);
    case "system":
      return resourceSystem(resource) === c.system;
  }
}

function isSelf(actor: PermissionActor, id: string | null | undefined): boolean {
  if (!id) return false;
  return id === actor.userId || id === actor.connectedId;
}

function resourceSystem(resource: PermissionResource): string | null {
  if (resource.system) return resource.system;
  return resource.eventType ? systemOfEventType(resource.eventType) : null;
}

/**
 * The scopes held under both lists: what a holder of `a` who is also limited to `b` may do
 * (an agent's badge snapshot clamped by its operator's permissions, a requested narrowing
 * of a template). Each pair contributes its meet: the narrower path (a wildcard meets
 * what it covers) with the constraint either side sets (two different constraints meet
 * in nothing). Malformed entries grant nothing; the answer has no duplicates and no entry
 * another entry already covers, in the order first met.
 */
export function intersectScopes(a: readonly string[], b: readonly string[]): string[] {
  const left = a.map(scopeOrNull).filter((s): s is Scope => s !== null);
  const right = b.map(scopeOrNull).filter((s): s is Scope => s !== null);
  const met: string[] = [];
  for (const x of left) {
    for (const y of right) {
      const meet = scopeMeet(x, y);
      if (meet !== null && !met.includes(meet)) met.push(meet);
    }
  }
  return met.filter((scope, i) => !met.some((other, j) => j !== i && other !== scope && coversAll([other], [scope])));
}

function scopeMeet(x: Scope, y: Scope): string | null {
  if (x.namespace !== y.namespace) return null;
  const path = pathCovers(x, y) ? y : pathCovers(y, x) ? x : null;
  if (!path) return null;
  let constraint: ScopeConstraint | null;
  if (!x.constraint) constraint = y.constraint;
  else if (!y.constraint) constraint = x.constraint;
  else if (constraintText(x.constraint) === constraintText(y.constraint)) constraint = x.constraint;
  else return null;
  const body = path.text.split(":")[0]!;
  return constraint ? `${body}:${constraintText(constraint)}` : body;
}

function constraintText(c: ScopeConstraint): string {
  switch (c.kind) {
    case "creator_self":
      return "creator=self";
    case "actor_self":
      return "actor=self";
    case "system":
      return `system=${c.system}`;
  }
}
