/**
 * End-user access tokens (spec 2.7, 5.1): RS256 JWTs signed with the organization's
 * token key, verifiable by anyone through the organization's JWKS. The claims are
 * documented in docs/end-users.md; `typ` end-user+jwt tells them apart from everything
 * else the same key signs (partner assertions).
 */
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import type { AppContext } from "../../../context";
import { signRs256, type Rs256Signer } from "../../../platform/crypto/rs256";
import { newId } from "../../../platform/ids";
import { jwksOf, orgSigner } from "../../trust/index";
import { endUserErrors } from "./errors";

export const END_USER_TOKEN_TYPE = "end-user+jwt";
/** Access tokens live 15 minutes; the refresh token (sessions.ts) keeps the sign-in. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface EndUserClaims {
  /** `{baseUrl}/orgs/{slug}`: the organization that signs. */
  iss: string;
  /** The end user's id. */
  sub: string;
  /** The application's key (`client_<id>`). */
  aud: string;
  /** The organization's id. */
  org: string;
  /** The app group's key (`appgroup_<id>`). */
  appGroup: string;
  /** How the person signed in (RFC 8176). */
  amr: string[];
  /** The session: revoked at sign-out, and then no longer refreshed. */
  sid: string;
  email?: string;
  email_verified?: boolean;
  iat: number;
  exp: number;
  jti: string;
}

export function endUserTokenIssuer(baseUrl: string, slug: string): string {
  return `${baseUrl}/orgs/${slug}`;
}

export interface AccessTokenSubject {
  org: { id: string; slug: string };
  appGroupKey: string;
  applicationKey: string;
  endUser: { id: string; email: string | null; emailVerified: boolean };
  sessionId: string;
  amr: string[];
}

/**
 * The organization's token signer; 503 signing_key_missing when it has none yet. Sign-in
 * routes call it before their write, so that no session opens that cannot be delivered.
 */
export async function requireTokenSigner(deps: Pick<AppContext, "db" | "secrets" | "keyring">, orgId: string): Promise<Rs256Signer> {
  const signer = await orgSigner(deps, "token", orgId);
  if (!signer) {
    throw endUserErrors.error("signingKeyMissing", { message: "this organization cannot sign end-user tokens yet: its owner has to create the Org Master Seal" });
  }
  return signer;
}

/** Signs an access token (requireTokenSigner's 503 when there is no key). */
export async function signAccessToken(
  deps: Pick<AppContext, "db" | "secrets" | "keyring" | "config">,
  subject: AccessTokenSubject,
  now: number,
): Promise<{ accessToken: string; expiresIn: number; claims: EndUserClaims }> {
  const signer = await requireTokenSigner(deps, subject.org.id);
  const iat = Math.floor(now / 1000);
  const claims: EndUserClaims = {
    iss: endUserTokenIssuer(deps.config.baseUrl, subject.org.slug),
    sub: subject.endUser.id,
    aud: subject.applicationKey,
    org: subject.org.id,
    appGroup: subject.appGroupKey,
    amr: subject.amr,
    sid: subject.sessionId,
    ...(subject.endUser.email ? { email: subject.endUser.email, email_verified: subject.endUser.emailVerified } : {}),
    iat,
    exp: iat + ACCESS_TOKEN_TTL_SECONDS,
    jti: newId(),
  };
  const accessToken = await signRs256(signer, { typ: END_USER_TOKEN_TYPE }, claims as unknown as Record<string, unknown>);
  return { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, claims };
}

/**
 * Verifies an end-user access token the organization `slug` signed, against its JWKS
 * (the same keys anyone else sees) and our clock. Throws 401 invalid_access_token.
 * The session is not checked here: callers that must see a sign-out at once also check
 * it (sessions.ts liveSession).
 */
export async function verifyAccessToken(
  deps: Pick<AppContext, "db" | "clock" | "keyring" | "config">,
  slug: string,
  token: string,
  options: { audience?: string } = {},
): Promise<EndUserClaims> {
  const entry = await jwksOf(deps, slug);
  const invalid = () => endUserErrors.error("invalidAccessToken", { message: "the end-user token is missing, invalid or expired" });
  if (!entry) throw invalid();
  const jwks = JSON.parse(new TextDecoder().decode(entry.bytes)) as JSONWebKeySet;
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      algorithms: ["RS256"],
      typ: END_USER_TOKEN_TYPE,
      issuer: endUserTokenIssuer(deps.config.baseUrl, slug.toLowerCase()),
      currentDate: new Date(deps.clock.now()),
      ...(options.audience ? { audience: options.audience } : {}),
    });
    return payload as unknown as EndUserClaims;
  } catch {
    throw invalid();
  }
}
