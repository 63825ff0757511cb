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
 * - An agent's credential (spec 4.8 rule 6) may do what its gate allows: the scopes its
 *   badge holds (the snapshot of its kind's role, and what approvals granted it directly)
 *   intersected with what its operator may do now. A suspended or expired agent, or one
 *   whose operator's badge is suspended or gone, may do nothing (`agentGate`).
 */
import { coversAll, grantFor, intersectScopes, type PermissionActor, permissionErrors } from "../orgs";
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


/** What the agents domain knows of an agent, as of now, for its credential's gate. */
export interface AgentStanding {
  /** The roster's state. */
  status: "active" | "suspended" | "revoked";
  /** The agent's badge: suspended or revoked there (by an Admin on the badge) stops it too; null when gone. */
  badgeStatus: "active" | "suspended" | "revoked" | null;
  /** Epoch ms; from then on the agent may do nothing, before the TTL job has suspended it. */
  expiresAt: number;
}

/** Why an agent may do nothing now: the 403 its credential answers. */
export type AgentRefusal = "agent_suspended" | "agent_expired" | "operator_inactive";

/**
 * The agent's gate (spec 4.8 rule 6): the scopes its badge holds (`held`: the snapshot of
 * its kind's role plus its direct grants) intersected with its operator's current scopes
 * (null: no operator, or one whose badge is not an active member's). Empty, with the
 * reason, when the agent is suspended, revoked or expired, or has no acting operator.
 */
export function agentGate(standing: AgentStanding, held: readonly string[], operatorScopes: readonly string[] | null, now: number): { scopes: string[]; refusal: AgentRefusal | null } {
  if (standing.status !== "active" || standing.badgeStatus !== "active") return { scopes: [], refusal: "agent_suspended" };
  if (standing.expiresAt <= now) return { scopes: [], refusal: "agent_expired" };
  if (operatorScopes === null) return { scopes: [], refusal: "operator_inactive" };
  return { scopes: intersectScopes(held, operatorScopes), refusal: null };
}
