/**
 * What a machine credential may do (DESIGN §5): its effective scopes and its app-group
 * bound, decided here once for API keys on the public v1 family and for the M2M tokens
 * issued from them on `/api/org/{slug}`.
 *
 * - A key's scopes never exceed what its holder may do: a key bound to a service account
 *   is capped by that account's role as it is now (a role narrowed later narrows the key).
 * - A key scoped to one app group reaches that group only. Routes that serve one app
 *   group's resources narrow their answers to it; every other route refuses such a key
 *   (401 org_wide_key_required, as spec 4.2 answers it on the file routes).
 */
import { coversAll, grantFor, type PermissionActor, permissionErrors } from "../orgs";
import type { ApiKey } from "./machine/api-keys";

/** The scopes a credential holds, capped by the role of the service account it acts as. */
export function effectiveScopes(scopes: readonly string[], serviceAccount: { scopes: readonly string[] } | null): readonly string[] {
  if (!serviceAccount) return scopes;
  return scopes.filter((scope) => coversAll(serviceAccount.scopes, [scope]));
}

/** An org API key acting on the public v1 family: no user, no role, never the owner. */
export interface KeyActor extends PermissionActor {
  kind: "api_key";
  userId: null;
  role: null;
  isOwner: false;
  keyId: string;
  serviceAccountId: string | null;
  /** The service account's badge, when the key acts as one. */
  connectedId: string | null;
  /** Set when the key is scoped to one app group. */
  appGroupId: string | null;
  scopes: readonly string[];
}

export function keyActorOf(key: ApiKey, serviceAccount: { connectedId: string; scopes: readonly string[] } | null): KeyActor {
  return {
    kind: "api_key",
    userId: null,
    role: null,
    isOwner: false,
    keyId: key.id,
    serviceAccountId: key.serviceAccountId,
    connectedId: serviceAccount?.connectedId ?? null,
    appGroupId: key.appGroupId,
    scopes: effectiveScopes(key.scopes, serviceAccount),
  };
}

/**
 * The route-level scope check: the credential holds `scope` in some form (a constrained
 * grant such as `creator=self` counts; the service then applies the constraint to each
 * resource), or 403 PERMISSION_DENIED naming the scope.
 */
export function requireScope(actor: PermissionActor, scope: string): void {
  if (!grantFor(actor, scope)) throw permissionErrors.error("permissionDenied", { scope });
}

