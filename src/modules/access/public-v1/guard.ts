/**
 * The public v1 guard (spec 4.2, 5.1): an org API key in `X-Api-Key: ah_live_…` or
 * `Authorization: Bearer ah_live_…`. Missing, invalid or revoked: 401; a key bound to a
 * service account that is no longer active: 401.
 *
 * Every route says what the key must hold in `detail["x-required-scope"]` (DESIGN §5;
 * also its OpenAPI documentation), and the guard checks it before the handler runs, so a
 * key never does more than its scopes:
 * - `{ apiKey: true }`: any key of the organization, app-group-scoped ones included (the
 *   route narrows its answer to the key's group);
 * - `{ orgWideKey: true }`: an org-wide key; an app-group-scoped key is refused with
 *   401 org_wide_key_required, as the spec answers it on file routes;
 * - a scope of "none": the route acts only on the key itself or its own organization's
 *   public view (the key's description, its organization's lookups).
 *
 * The handler gets `keyOrg` (the organization behind the key), `apiKey` (the key) and
 * `keyActor` (its effective scopes, principal.ts). Every request reads the key afresh,
 * so a revocation applies to the next one.
 */
import { Elysia } from "elysia";
import type { AppContext } from "../../../context";
import { bearerToken } from "../../identity/index";
import { findApiKeyBySecret, type ApiKey } from "../machine/api-keys";
import { machineErrors } from "../machine/errors";
import { activeServiceAccount, type Caller, callerOf, type Organization, orgById, orgWideKeyRequired } from "../../orgs/index";
import { keyActorOf, requireScope, type KeyActor } from "../principal";

export interface PublicApiAccess {
  keyOrg: Organization;
  apiKey: ApiKey;
  keyActor: KeyActor;
}

/**
 * What a public v1 service receives (the key's counterpart of orgs' Caller): the key's
 * organization, the key, what it may do, and the request's id and origin for audit.
 */
export interface KeyCaller extends Caller<KeyActor> {
  key: ApiKey;
}

/** The KeyCaller of a request, from what the guard resolved and the kernel's request info. */
export function keyCallerOf(access: PublicApiAccess, request: Request): KeyCaller {
  return { ...callerOf(access.keyOrg, access.keyActor, request), key: access.apiKey };
}

/** What a public v1 route demands of the key: a scope, or `true` for the key's own view. */
export type KeyRequirement = string | true;

/** The OpenAPI extension that records a route's required scope ("none": the key's own view). */
export const REQUIRED_SCOPE_KEY = "x-required-scope";


/** The key a request presents: X-Api-Key first, else a bearer credential. */
function presentedKey(request: Request): string | null {
  return request.headers.get("x-api-key")?.trim() || bearerToken(request);
}

export async function resolvePublicApiKey(deps: Pick<AppContext, "db">, request: Request, options: { orgWide: boolean; scope: KeyRequirement }): Promise<PublicApiAccess> {
  const secret = presentedKey(request);
  if (!secret) throw machineErrors.error("apiKeyRequired", { message: "send an org API key in X-Api-Key (or Authorization: Bearer)" });
  const key = await findApiKeyBySecret(deps.db.read, secret);
  if (!key) throw machineErrors.error("invalidApiKey", { message: "the API key is not valid" });
  // Spec 5.1: a revoked key answers 401; callers treat it as an outage, not as "no organization".
  if (key.revokedAt !== null) throw machineErrors.error("apiKeyRevoked", { message: "the API key has been revoked" });
  const account = key.serviceAccountId ? await activeServiceAccount(deps.db.read, key.orgId, key.serviceAccountId) : null;
  if (key.serviceAccountId && !account) throw machineErrors.error("serviceAccountInactive", { message: "the key's service account is suspended or deleted" });
  if (options.orgWide && key.appGroupId !== null) throw orgWideKeyRequired();
  const org = await orgById(deps.db.read, key.orgId);
  if (!org) throw machineErrors.error("invalidApiKey", { message: "the API key is not valid" });
  const keyActor = keyActorOf(key, account);
  if (options.scope !== true) requireScope(keyActor, options.scope);
  return { keyOrg: org, apiKey: key, keyActor };
}

/** METHOD + " " + route pattern → what the route demands of the key; filled once the app's routes exist. */
const requiredScopes = new Map<string, KeyRequirement>();

/**
 * Reads each public v1 route's `detail["x-required-scope"]` once the app's routes exist.
 * A route of the family that declares none stops the app from starting: no route can be
 * added without saying what a key needs to call it.
 */
export function collectRequiredScopes(routes: ReadonlyArray<{ method: string; path: string; hooks: unknown }>): void {
  for (const route of routes) {
    const declared = (route.hooks as { detail?: Record<string, unknown> } | undefined)?.detail?.[REQUIRED_SCOPE_KEY];
    if (typeof declared === "string") requiredScopes.set(`${route.method} ${route.path}`, declared === "none" ? true : declared);
    else if (route.path.startsWith("/api/public/v1/")) throw new Error(`${route.method} ${route.path} declares no ${REQUIRED_SCOPE_KEY}`);
  }
}

/** The `detail` entry a key-guarded route declares: the scope it needs, or "none" (the key's own view). */
export function requiresScope(scope: string | "none"): { [REQUIRED_SCOPE_KEY]: string } {
  return { [REQUIRED_SCOPE_KEY]: scope };
}

function requirementOf(request: Request, route: string): KeyRequirement {
  const found = requiredScopes.get(`${request.method} ${route}`) ?? (request.method === "HEAD" ? requiredScopes.get(`GET ${route}`) : undefined);
  // Fail closed: a route the assembly never saw must not run unchecked.
  if (found === undefined) throw new Error(`${request.method} ${route} has no required scope`);
  return found;
}

export function publicApiGuard(ctx: Pick<AppContext, "db">) {
  return new Elysia({ name: "public-v1.guard" }).macro({
    apiKey: {
      async resolve({ request, route }) {
        const { keyOrg, apiKey, keyActor } = await resolvePublicApiKey(ctx, request, { orgWide: false, scope: requirementOf(request, route) });
        return { keyOrg, apiKey, keyActor };
      },
    },
    orgWideKey: {
      async resolve({ request, route }) {
        const { keyOrg, apiKey, keyActor } = await resolvePublicApiKey(ctx, request, { orgWide: true, scope: requirementOf(request, route) });
        return { keyOrg, apiKey, keyActor };
      },
    },
  });
}
