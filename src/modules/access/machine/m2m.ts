/**
 * M2M access (spec 4.3, 5.2): exchanging an org API key for a short-lived access token
 * (POST /api/m2m/token), and resolving such a token on every `/api/org/{slug}` request.
 *
 * Every request re-checks what 5.2 asks: the token's organization is the route's, its
 * key is not revoked (from the keyring's memory, in step on every node), and a bound
 * service account is still active (read fresh, with its role's current scopes).
 */
import type { AppContext } from "../../../context";
import { auditEvent } from "../../../platform/audit/catalog";
import { ACCESS_EVENTS } from "../events";
import { appendAuditCommitted } from "../../../platform/audit/group-commit";
import { newId } from "../../../platform/ids";
import { activeServiceAccount, coversAll, type MachineOrgActor, type Organization, orgBySlug, type OrgCaller, parseScope } from "../../orgs/index";
import { effectiveScopes } from "../principal";
import { findApiKeyBySecret } from "./api-keys";
import { machineErrors } from "./errors";
import { signM2mToken, verifyM2mToken, type M2mClaims } from "./m2m-token";

/** Issued lifetimes (spec 5.2, §8): 300 when none is asked for, never under 60 or over 7 days. */
export const M2M_LIFETIME = { default: 300, min: 60, max: 604_800 } as const;

/**
 * The lifetime 5.2 issues: min(requested, key ceiling, 7 days), floor 60; omitted → 300.
 * The spec's table says "omitted, any ceiling → 300", so an omitted lifetime is 300
 * even for a key whose ceiling is lower (see docs/machine-access.md).
 */
export function issuedLifetime(requestedSeconds: number | undefined, ceilingSeconds: number): number {
  if (requestedSeconds === undefined) return M2M_LIFETIME.default;
  return Math.max(M2M_LIFETIME.min, Math.min(Math.floor(requestedSeconds), ceilingSeconds, M2M_LIFETIME.max));
}

export interface ExchangeInput {
  orgSlug: string;
  apiKey: string;
  /** Space-separated scopes (or a list) narrowing the key's. */
  scope?: string | string[];
  lifetimeSeconds?: number;
  requestId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

export interface ExchangeResult {
  accessToken: string;
  tokenType: "Bearer";
  /** Seconds: the lifetime actually issued. */
  expiresIn: number;
  org: { id: string; name: string; slug: string };
  /** The scopes the token carries, space-separated. */
  scope: string;
}


/** The requested scopes, each within the key's: 400 invalid_scope otherwise (RFC 6749's code). */
function narrowedScopes(requested: string | string[] | undefined, held: readonly string[]): string[] {
  if (requested === undefined) return [...held];
  const list = (Array.isArray(requested) ? requested : requested.split(/\s+/)).filter((s) => s !== "");
  if (list.length === 0) throw machineErrors.error("invalidScope", { field: "scope", message: "name at least one scope, or leave scope out for all of the key's" });
  for (const scope of list) {
    const parsed = parseScope(scope);
    if (!parsed.ok) throw machineErrors.error("invalidScope", { field: "scope", scope, message: parsed.reason });
    if (!coversAll(held, [scope])) throw machineErrors.error("invalidScope", { field: "scope", scope, message: "a token's scope may only narrow the key's scopes" });
  }
  return [...new Set(list)];
}

/** POST /api/m2m/token. */
export async function exchangeApiKey(deps: Pick<AppContext, "db" | "clock" | "config" | "secrets" | "keyring">, input: ExchangeInput): Promise<ExchangeResult> {
  const key = await findApiKeyBySecret(deps.db.read, input.apiKey);
  const org = key && (await orgBySlug(deps.db.read, input.orgSlug));
  // A key for another organization is as unknown here as a made-up one.
  if (!key || !org || org.id !== key.orgId) throw machineErrors.error("invalidApiKey", { message: "the API key is not valid for this organization" });
  if (key.revokedAt !== null) throw machineErrors.error("apiKeyRevoked", { message: "the API key has been revoked" });
  const account = key.serviceAccountId ? await activeServiceAccount(deps.db.read, org.id, key.serviceAccountId) : null;
  if (key.serviceAccountId && !account) throw machineErrors.error("serviceAccountInactive", { message: "the key's service account is suspended or deleted" });
  const connectedId = account?.connectedId ?? null;
  const scopes = narrowedScopes(input.scope, effectiveScopes(key.scopes, account));
  const expiresIn = issuedLifetime(input.lifetimeSeconds, key.maxTokenLifetimeSeconds);
  const now = deps.clock.now();
  const iat = Math.floor(now / 1000);
  const claims: M2mClaims = {
    iss: deps.config.baseUrl,
    sub: key.id,
    org: org.id,
    scope: scopes.join(" "),
    iat,
    exp: iat + expiresIn,
    jti: newId(),
    ...(key.serviceAccountId ? { sa: key.serviceAccountId } : {}),
    ...(key.appGroupId ? { ag: key.appGroupId } : {}),
  };
  const accessToken = await signM2mToken(deps, claims);
  // The token is answered only once its issuance is in the chain; concurrent exchanges share a commit.
  await appendAuditCommitted(deps.db, {
    orgId: org.id,
    ...auditEvent(ACCESS_EVENTS.m2mTokenIssued, { keyId: key.id, tokenId: claims.jti, scopes, expiresIn }),
    actor: { kind: "api_key", id: key.id, connectedId },
    appGroupId: key.appGroupId,
    requestId: input.requestId,
    ip: input.ip,
    userAgent: input.userAgent,
    at: now,
  });
  return { accessToken, tokenType: "Bearer", expiresIn, org: { id: org.id, name: org.name, slug: org.slug }, scope: claims.scope };
}

export interface MachineAccess {
  org: Organization;
  actor: MachineOrgActor;
}

type MachineDeps = Pick<AppContext, "db" | "clock" | "config" | "secrets" | "keyring">;

/**
 * The claims of a live M2M token, or 401: not a token Signet issued (malformed,
 * `alg: none`, another key or algorithm), expired, or its key revoked.
 */
export async function authenticateMachineToken(deps: MachineDeps, token: string): Promise<M2mClaims> {
  const claims = await verifyM2mToken(deps, token, deps.config.baseUrl);
  if (!claims) throw machineErrors.error("invalidToken", { message: "the access token is not valid" });
  if (claims.exp * 1000 <= deps.clock.now()) throw machineErrors.error("tokenExpired", { message: "the access token has expired; exchange the API key again" });
  if (await deps.keyring.isRevoked(claims.sub)) throw machineErrors.error("apiKeyRevoked", { message: "the API key behind this token has been revoked" });
  return claims;
}

/**
 * The machine behind authenticated claims, acting in `org` (null: no such organization),
 * or 401: another organization's token, or its service account no longer active.
 */
export async function machineInOrg(deps: Pick<AppContext, "db">, claims: M2mClaims, org: Organization | null): Promise<MachineOrgActor> {
  if (!org || org.id !== claims.org) throw machineErrors.error("wrongOrganization", { message: "the access token belongs to another organization" });
  const account = claims.sa ? await activeServiceAccount(deps.db.read, org.id, claims.sa) : null;
  if (claims.sa && !account) throw machineErrors.error("serviceAccountInactive", { message: "the key's service account is suspended or deleted" });
  const connectedId = account?.connectedId ?? null;
  const scopes = effectiveScopes(claims.scope.split(" ").filter((s) => s !== ""), account);
  return {
    kind: "m2m",
    userId: null,
    role: null,
    isOwner: false,
    keyId: claims.sub,
    tokenId: claims.jti,
    serviceAccountId: claims.sa ?? null,
    connectedId,
    appGroupId: claims.ag ?? null,
    scopes,
    expiresAt: claims.exp * 1000,
    agentId: null,
  };
}

/**
 * The organization and the machine behind an M2M token on `/api/org/{slug}/*`, or 401
 * (see authenticateMachineToken and machineInOrg).
 */
export async function resolveMachineAccess(deps: MachineDeps, token: string, slug: string): Promise<MachineAccess> {
  const claims = await authenticateMachineToken(deps, token);
  const org = await orgBySlug(deps.db.read, slug);
  return { org: org!, actor: await machineInOrg(deps, claims, org) };
}

/** GET /api/org/{slug}/me: who is calling, as the guard resolved it. */
export function callerView(org: Organization, caller: OrgCaller) {
  const machine = caller.kind === "m2m" ? caller : null;
  return {
    kind: caller.kind,
    org: { id: org.id, slug: org.slug, name: org.name },
    userId: caller.userId,
    role: caller.role,
    isOwner: caller.isOwner,
    connectedId: caller.connectedId,
    scopes: [...caller.scopes],
    keyId: machine?.keyId ?? null,
    serviceAccountId: machine?.serviceAccountId ?? null,
    appGroupId: machine?.appGroupId ?? null,
    expiresAt: machine ? new Date(machine.expiresAt).toISOString() : null,
    agentId: machine?.agentId ?? null,
  };
}
