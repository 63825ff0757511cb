/**
 * Partner assertions (spec 4.1: POST /api/public/orgs/{slug}/partner-assertion): an org
 * API key is exchanged for a short-lived RS256 JWT in which the organization vouches for
 * the caller to one partner (the audience). The partner verifies it with the
 * organization's JWKS; nothing else is shared between them.
 *
 * It is signed with the organization's current token key (orgSigner, kept opened in the
 * keyring and dropped on rotation), so it stays verifiable for its few minutes after a
 * rotation: the rotated token key stays published far longer than MAX_TTL. The header's
 * `typ` (partner-assertion+jwt) and the issuer tell it apart from anything else the
 * token key signs. The fields are described in docs/machine-access.md.
 */
import type { AppContext } from "../../../context";
import { appendAuditCommitted } from "../../../platform/audit/group-commit";
import { auditEvent } from "../../../platform/audit/catalog";
import { ACCESS_EVENTS } from "../events";
import { toIso } from "../../../platform/clock";
import { signRs256 } from "../../../platform/crypto/rs256";
import { newId } from "../../../platform/ids";
import { activeServiceAccount, coversAll, type Organization } from "../../orgs/index";
import type { ApiKey } from "./api-keys";
import { machineErrors } from "./errors";
import { orgSigner, signingKeyErrors } from "../../trust/index";

export const PARTNER_ASSERTION_TYPE = "partner-assertion+jwt";
/**
 * Lifetimes in seconds: out-of-range asks are clamped, never refused. The longest is far
 * below MAX_SIGNED_TOKEN_LIFETIME_SECONDS, the contract of everything the token key signs.
 */
export const PARTNER_ASSERTION_TTL = { default: 60, min: 10, max: 300 } as const;
export const AUDIENCE_MAX_LENGTH = 500;

export interface PartnerAssertionInput {
  audience: string;
  ttlSeconds?: number;
  requestId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

export interface PartnerAssertion {
  assertion: string;
  tokenType: typeof PARTNER_ASSERTION_TYPE;
  /** Seconds: the lifetime actually issued. */
  expiresIn: number;
  expiresAt: string;
  issuer: string;
  /** Where the partner fetches the keys that verify it. */
  jwksUri: string;
}

/** The claims of a partner assertion (payload), as docs/machine-access.md lists them. */
export interface PartnerAssertionClaims {
  iss: string;
  sub: string;
  aud: string;
  org: string;
  org_slug: string;
  key_id: string;
  scope: string;
  iat: number;
  nbf: number;
  exp: number;
  jti: string;
  service_account?: string;
  connected_id?: string;
  app_group?: string;
}

/**
 * The lifetime issued: ttlSeconds in whole seconds, clamped to 10..300 and to the key's
 * token ceiling (a key never yields a credential that outlives what it may be exchanged
 * for); omitted → 60 (every ceiling is at least 60).
 */
export function assertionLifetime(requested: number | undefined, keyCeilingSeconds: number): number {
  if (requested === undefined) return PARTNER_ASSERTION_TTL.default;
  return Math.max(PARTNER_ASSERTION_TTL.min, Math.min(Math.floor(requested), PARTNER_ASSERTION_TTL.max, keyCeilingSeconds));
}

/** The issuer an organization's assertions carry: the deployment's base URL and the org. */
export function partnerAssertionIssuer(baseUrl: string, slug: string): string {
  return `${baseUrl}/orgs/${slug}`;
}


/**
 * POST /api/public/orgs/{slug}/partner-assertion, for a key the public API guard has
 * already accepted (present, known, not revoked, its service account active).
 */
export async function issuePartnerAssertion(
  deps: Pick<AppContext, "db" | "clock" | "config" | "secrets" | "keyring">,
  access: { keyOrg: Organization; apiKey: ApiKey },
  slug: string,
  input: PartnerAssertionInput,
): Promise<PartnerAssertion> {
  const { keyOrg: org, apiKey: key } = access;
  // Another organization's key is as unknown here as a made-up one (and an unknown slug too).
  if (org.slug !== slug.toLowerCase()) throw machineErrors.error("invalidApiKey", { message: "the API key is not valid for this organization" });
  let scopes: readonly string[] = key.scopes;
  let connectedId: string | null = null;
  if (key.serviceAccountId) {
    const account = await activeServiceAccount(deps.db.read, org.id, key.serviceAccountId);
    if (!account) throw machineErrors.error("serviceAccountInactive", { message: "the key's service account is suspended or deleted" });
    connectedId = account.connectedId;
    // As for M2M tokens: the account's role as it is now caps the key's scopes.
    scopes = scopes.filter((scope) => coversAll(account.scopes, [scope]));
  }
  const signer = await orgSigner(deps, "token", org.id);
  if (!signer) throw signingKeyErrors.error("orgSealRequired", { message: "the organization has no Org Master Seal yet, so nothing can sign for it" });

  const expiresIn = assertionLifetime(input.ttlSeconds, key.maxTokenLifetimeSeconds);
  const now = deps.clock.now();
  const iat = Math.floor(now / 1000);
  const issuer = partnerAssertionIssuer(deps.config.baseUrl, org.slug);
  const claims: PartnerAssertionClaims = {
    iss: issuer,
    sub: org.id,
    aud: input.audience,
    org: org.id,
    org_slug: org.slug,
    key_id: key.id,
    scope: scopes.join(" "),
    iat,
    nbf: iat,
    exp: iat + expiresIn,
    jti: newId(),
    ...(key.serviceAccountId ? { service_account: key.serviceAccountId } : {}),
    ...(connectedId ? { connected_id: connectedId } : {}),
    ...(key.appGroupId ? { app_group: key.appGroupId } : {}),
  };
  const assertion = await signRs256(signer, { typ: PARTNER_ASSERTION_TYPE }, claims as unknown as Record<string, unknown>);
  // Shares a commit with concurrent exchanges and assertions; answered once it is in the chain.
  await appendAuditCommitted(deps.db, {
    orgId: org.id,
    ...auditEvent(ACCESS_EVENTS.partnerAssertionIssued, {
      keyId: key.id,
      assertionId: claims.jti,
      kid: signer.kid,
      audience: claims.aud,
      subject: claims.sub,
      scopes: [...scopes],
      expiresIn,
    }),
    actor: { kind: "api_key", id: key.id, connectedId },
    appGroupId: key.appGroupId,
    requestId: input.requestId,
    ip: input.ip,
    userAgent: input.userAgent,
    at: now,
  });
  return {
    assertion,
    tokenType: PARTNER_ASSERTION_TYPE,
    expiresIn,
    expiresAt: toIso(claims.exp * 1000),
    issuer,
    jwksUri: `${deps.config.baseUrl}/api/public/orgs/${org.slug}/jwks.json`,
  };
}
