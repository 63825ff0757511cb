/**
 * Permits (spec 2.7, 5.5): a short-lived RS256 statement, signed with the organization's
 * permit key, that one badge (ConnectedId) holds one scope. Anyone verifies it with the
 * organization's JWKS; a signing-key rotation voids every permit signed before it.
 *
 * issuePermit runs the checks of 5.5 in their order, each with its own answer:
 *   1. resolve the organization            400 no_organization_context
 *   2. resolve the caller's ConnectedId    404 badge_not_found
 *   3. badge active                        403 badge_suspended
 *   4. not revoked                         403 badge_revoked
 *   5. scope held (wildcards allowed)      403 scope_not_held
 *   6. seal tier from the SecurityMode     403 personal_seal_required / step_up_required / step_up_failed
 *   7. sign RS256 with the permit key      500 signing_key_missing
 * The caller is authenticated before any of them (401 for a missing or bad credential).
 */
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { canonicalJson } from "../../../platform/crypto/canonical-json";
import { sha256Hex } from "../../../platform/crypto/hash";
import { signRs256 } from "../../../platform/crypto/rs256";
import { defineErrors } from "../../../platform/http/error-catalog";
import { newId } from "../../../platform/ids";
import { machineInOrg } from "../machine/m2m";
import type { M2mClaims } from "../machine/m2m-token";
import { coversAll, enforceSessionPolicy, hasRevokedBadge, type Organization, orgBySlug, parseScope, resolveOrgAccess, type SecurityMode, securityModeOf } from "../../orgs/index";
import { orgSigner } from "../../trust/index";
import { hasPersonalSeal, verifyPersonalSeal } from "../../identity/index";
import { permitIdempotency } from "./schema";


/** ttlSeconds (spec §8): default 30, clamped to 1..300. */
export const PERMIT_TTL = { default: 30, min: 1, max: 300 } as const;
/** The largest `context` object a permit carries, serialized. */
export const PERMIT_CONTEXT_MAX_BYTES = 4096;

/** The permit checks' answers (spec 5.5), with their statuses (DESIGN §7). */
export const permitErrors = defineErrors({
  noOrganizationContext: { code: "no_organization_context", status: 400, message: "no such organization: a permit is issued in an organization's context" },
  badgeNotFound: { code: "badge_not_found", status: 404, message: "the caller holds no badge in this organization" },
  badgeRevoked: { code: "badge_revoked", status: 403, message: "the caller's badge in this organization has been revoked" },
  scopeNotHeld: { code: "scope_not_held", status: 403, message: "the caller does not hold this scope" },
  invalidScope: { code: "invalid_scope", status: 400, message: "requestedScope is not a well-formed scope" },
  personalSealRequired: { code: "personal_seal_required", status: 403, message: "the organization's security mode needs a Personal Seal (a registered passkey), which machines cannot give" },
  stepUpRequired: { code: "step_up_required", status: 403, message: "seal this request with your passkey" },
  signingKeyMissing: { code: "signing_key_missing", status: 500, message: "the organization has no permit signing key: its Org Master Seal has not been made" },
  idempotencyKeyReused: { code: "idempotency_key_reused", status: 409, message: "this idempotencyKey was used for another request within the permit's lifetime" },
  contextTooLarge: { code: "context_too_large", status: 400, message: `context is at most ${PERMIT_CONTEXT_MAX_BYTES} bytes as JSON` },
});

export const PermitErrors = permitErrors.codes;
export const PERMIT_TOKEN_TYPE = "permit+jwt";
/** The personal seal a person presents for a permit in a strict organization; subject = the org slug. */
export const PERMIT_SEAL_PURPOSE = "permit.issue";

/**
 * The seal tier a permit records, derived from the organization's SecurityMode:
 * - standard → `credential`: the caller's session or M2M token is enough;
 * - elevated → `personal_seal`: a person must have a Personal Seal (a passkey); machines pass;
 * - strict   → `sealed_request`: a person seals each permit request with a passkey
 *   assertion (purpose permit.issue, subject the org slug); machines cannot, and are refused.
 */
export const SEAL_TIERS: Record<SecurityMode, "credential" | "personal_seal" | "sealed_request"> = {
  standard: "credential",
  elevated: "personal_seal",
  strict: "sealed_request",
};

export function clampTtl(requested: number | undefined): number {
  if (requested === undefined) return PERMIT_TTL.default;
  return Math.min(PERMIT_TTL.max, Math.max(PERMIT_TTL.min, Math.floor(requested)));
}

/** Who asks for a permit, authenticated but not yet placed in the organization. */
export type PermitCaller =
  | { kind: "user"; userId: string; email: string; sessionToken: string }
  | { kind: "m2m"; claims: M2mClaims };

export interface PermitRequest {
  slug: string;
  requestedScope: string;
  ttlSeconds?: number;
  idempotencyKey?: string;
  context?: Record<string, unknown>;
  sealAssertion?: unknown;
}

export interface IssuedPermit {
  permit: string;
  permitId: string;
  tokenType: typeof PERMIT_TOKEN_TYPE;
  connectedId: string;
  scope: string;
  sealTier: (typeof SEAL_TIERS)[SecurityMode];
  expiresIn: number;
  expiresAt: string;
  kid: string;
  jwksUri: string;
}

type Deps = Pick<AppContext, "db" | "clock" | "config" | "secrets" | "keyring">;

/** The caller as 5.5 needs it: a badge and the scopes it holds. */
interface BadgeHolder {
  connectedId: string;
  scopes: readonly string[];
  userId: string | null;
}

/** Checks 2–4: the caller's badge in the organization, active and not revoked. */
async function badgeHolder(deps: Deps, org: Organization, caller: PermitCaller): Promise<BadgeHolder> {
  if (caller.kind === "m2m") {
    const machine = await machineInOrg(deps, caller.claims, org);
    if (!machine.connectedId) {
      throw permitErrors.error("badgeNotFound", { message: "the API key acts as no service account, so the caller has no badge in this organization" });
    }
    return { connectedId: machine.connectedId, scopes: machine.scopes, userId: null };
  }
  // A suspended badge is refused here with 403 badge_suspended (check 3), as on every org route.
  const access = await resolveOrgAccess(deps.db.read, org.slug, { userId: caller.userId, email: caller.email });
  if (access?.actor.connectedId) {
    await enforceSessionPolicy(deps.db.read, access.org, access.actor, caller.sessionToken, deps.clock.now());
    return { connectedId: access.actor.connectedId, scopes: access.actor.scopes, userId: caller.userId };
  }
  if (await hasRevokedBadge(deps.db.read, org.id, caller.userId)) throw permitErrors.error("badgeRevoked", { message: "your badge in this organization has been revoked" });
  throw permitErrors.error("badgeNotFound", { message: "you hold no badge in this organization" });
}

/** Check 5: the requested scope, well-formed and covered by what the badge holds. */
function requireScope(holder: BadgeHolder, requestedScope: string): void {
  const parsed = parseScope(requestedScope);
  if (!parsed.ok) throw permitErrors.error("invalidScope", { field: "requestedScope", message: parsed.reason });
  if (!coversAll(holder.scopes, [requestedScope])) {
    throw permitErrors.error("scopeNotHeld", { scope: requestedScope, message: "the caller does not hold this scope" });
  }
}

/** Check 6, before anything is signed; a strict organization's seal is verified later, in the transaction that consumes it. */
async function requireSealTier(deps: Deps, tier: IssuedPermit["sealTier"], holder: BadgeHolder, sealAssertion: unknown): Promise<void> {
  if (tier === "credential") return;
  if (holder.userId === null) {
    if (tier === "personal_seal") return;
    throw permitErrors.error("personalSealRequired", { sealTier: tier, message: "this organization is in strict mode: every permit is sealed by a person's passkey, so machines cannot ask for one" });
  }
  if (!(await hasPersonalSeal(deps.db.read, holder.userId))) {
    throw permitErrors.error("personalSealRequired", { sealTier: tier, message: "this organization requires a Personal Seal: register a passkey first" });
  }
  if (tier === "sealed_request" && (sealAssertion === undefined || sealAssertion === null || sealAssertion === "")) {
    throw permitErrors.error("stepUpRequired", { purpose: PERMIT_SEAL_PURPOSE, subject: "the organization slug", message: "seal this request with your passkey" });
  }
}

function validContext(context: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (context === undefined) return undefined;
  if (Buffer.byteLength(JSON.stringify(context)) > PERMIT_CONTEXT_MAX_BYTES) {
    throw permitErrors.error("contextTooLarge", { field: "context", limitBytes: PERMIT_CONTEXT_MAX_BYTES, message: `context is at most ${PERMIT_CONTEXT_MAX_BYTES} bytes as JSON` });
  }
  return context;
}

function permitSealContext(orgId: string, connectedId: string, idempotencyKey: string): string {
  return `permit_idempotency:${orgId}:${connectedId}:${idempotencyKey}`;
}

/** POST /api/org/{slug}/permits/issue. */
export async function issuePermit(deps: Deps, caller: PermitCaller, input: PermitRequest): Promise<IssuedPermit> {
  const context = validContext(input.context);
  const org = await orgBySlug(deps.db.read, input.slug);
  if (!org) throw permitErrors.error("noOrganizationContext", { message: `no organization "${input.slug}": a permit is issued in an organization's context` });
  const holder = await badgeHolder(deps, org, caller);
  requireScope(holder, input.requestedScope);
  const sealTier = SEAL_TIERS[await securityModeOf(deps.db.read, org.id)];
  await requireSealTier(deps, sealTier, holder, input.sealAssertion);
  const signer = await orgSigner(deps, "permit", org.id);
  if (!signer) throw permitErrors.error("signingKeyMissing", { message: "the organization has no permit signing key: its Org Master Seal has not been made" });

  const ttl = clampTtl(input.ttlSeconds);
  const now = deps.clock.now();
  const iat = Math.floor(now / 1000);
  const permitId = newId();
  const claims = {
    iss: deps.config.baseUrl,
    sub: holder.connectedId,
    org: org.id,
    org_slug: org.slug,
    scope: input.requestedScope,
    seal_tier: sealTier,
    iat,
    nbf: iat,
    exp: iat + ttl,
    jti: permitId,
    ...(context ? { ctx: context } : {}),
  };
  const permit = await signRs256(signer, { typ: PERMIT_TOKEN_TYPE }, claims);
  const issued: IssuedPermit = {
    permit,
    permitId,
    tokenType: PERMIT_TOKEN_TYPE,
    connectedId: holder.connectedId,
    scope: input.requestedScope,
    sealTier,
    expiresIn: ttl,
    expiresAt: new Date((iat + ttl) * 1000).toISOString(),
    kid: signer.kid,
    jwksUri: `${deps.config.baseUrl}/api/public/orgs/${org.slug}/jwks.json`,
  };
  if (sealTier !== "sealed_request" && input.idempotencyKey === undefined) return issued;

  return deps.db.write(async (tx) => {
    if (sealTier === "sealed_request") {
      await verifyPersonalSeal(tx, deps, { userId: holder.userId!, purpose: PERMIT_SEAL_PURPOSE, subject: org.slug, assertion: input.sealAssertion });
    }
    if (input.idempotencyKey === undefined) return issued;
    const key = input.idempotencyKey;
    const requestHash = sha256Hex(canonicalJson({ scope: input.requestedScope, ttl, context: context ?? null }));
    await tx.lock(`permit-idempotency:${org.id}:${holder.connectedId}:${key}`);
    const where = and(eq(permitIdempotency.orgId, org.id), eq(permitIdempotency.connectedId, holder.connectedId), eq(permitIdempotency.idempotencyKey, key));
    const [earlier] = await tx.select().from(permitIdempotency).where(where);
    // A permit signed with a key rotated out since no longer verifies: a fresh one replaces it.
    if (earlier && earlier.expiresAt > now && earlier.permitKeyId === signer.kid) {
      if (earlier.requestHash !== requestHash) {
        throw permitErrors.error("idempotencyKeyReused", { field: "idempotencyKey", message: "this idempotencyKey was used for another request within the permit's lifetime" });
      }
      return JSON.parse(await deps.secrets.open(earlier.permitSealed, permitSealContext(org.id, holder.connectedId, key))) as IssuedPermit;
    }
    if (earlier) await tx.delete(permitIdempotency).where(where);
    await tx.insert(permitIdempotency).values({
      id: permitId,
      orgId: org.id,
      connectedId: holder.connectedId,
      idempotencyKey: key,
      requestHash,
      permitSealed: await deps.secrets.seal(JSON.stringify(issued), permitSealContext(org.id, holder.connectedId, key)),
      permitKeyId: signer.kid,
      expiresAt: (iat + ttl) * 1000,
      createdAt: now,
    });
    return issued;
  });
}
