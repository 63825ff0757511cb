/**
 * OpenID Connect sign-in through `openid-client` 6 (on oauth4webapi): the authorization
 * code flow with PKCE (S256), state and nonce; the id_token is checked for issuer,
 * audience, expiry (on the injected Clock, 60 s tolerance), nonce, and its signature
 * against the IdP's JWKS (enableNonRepudiationChecks: openid-client otherwise trusts an
 * id_token for having come over TLS from the token endpoint).
 *
 * Every request the library makes goes through the guarded outbound fetch
 * (platform/outbound/http.ts) as its customFetch. Discovery documents are fetched by
 * Signet itself (so a document whose issuer is not the configured one is refused in plain
 * words) and kept 10 minutes per connection version.
 */
import * as client from "openid-client";
import type { AppContext } from "../../context";
import { ApiError } from "../../platform/http/errors";
import type { GuardedFetch } from "../../platform/outbound/http";
import { OutboundRefusedError } from "../../platform/outbound/http";
import type { ConnectionRow } from "./connections";
import { federationErrors } from "./errors";

const DISCOVERY_TTL_MS = 10 * 60_000;
const discovered = new Map<string, { at: number; metadata: client.ServerMetadata }>();

export class OidcSetupError extends Error {}

function requireString(doc: Record<string, unknown>, field: string): string {
  const value = doc[field];
  if (typeof value !== "string" || value === "") throw new OidcSetupError(`the discovery document has no ${field}`);
  return value;
}

/** Fetches and checks a discovery document (issuer, authorization, token and JWKS endpoints). */
export async function fetchDiscovery(fetcher: GuardedFetch, url: string, expectedIssuer: string | null): Promise<client.ServerMetadata> {
  let response: Response;
  try {
    response = await fetcher(url, { headers: { accept: "application/json" } });
  } catch (e) {
    if (e instanceof OutboundRefusedError) throw new OidcSetupError(`the discovery URL was not fetched: ${e.message}`);
    throw e;
  }
  if (response.status !== 200) throw new OidcSetupError(`the discovery URL answered ${response.status}${response.status >= 300 && response.status < 400 ? " (a redirect; give the final URL)" : ""}`);
  let doc: Record<string, unknown>;
  try {
    doc = (await response.json()) as Record<string, unknown>;
  } catch {
    throw new OidcSetupError("the discovery URL did not answer JSON");
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) throw new OidcSetupError("the discovery document is not a JSON object");
  const issuer = requireString(doc, "issuer");
  if (expectedIssuer !== null && issuer !== expectedIssuer) throw new OidcSetupError(`the discovery document names the issuer ${issuer}, not the configured ${expectedIssuer}`);
  requireString(doc, "authorization_endpoint");
  requireString(doc, "token_endpoint");
  requireString(doc, "jwks_uri");
  return doc as client.ServerMetadata;
}

/** The IdP's metadata: discovered (cached), or the endpoints the connection names. */
export async function serverMetadataOf(fetcher: GuardedFetch, row: ConnectionRow, now: number): Promise<client.ServerMetadata> {
  if (!row.oidcDiscoveryUrl) {
    return { issuer: row.oidcIssuer!, authorization_endpoint: row.oidcAuthorizationEndpoint!, token_endpoint: row.oidcTokenEndpoint!, jwks_uri: row.oidcJwksUri! };
  }
  const key = `${row.id}:${row.updatedAt}`;
  const hit = discovered.get(key);
  if (hit && now - hit.at < DISCOVERY_TTL_MS && now >= hit.at) return hit.metadata;
  try {
    const metadata = await fetchDiscovery(fetcher, row.oidcDiscoveryUrl, row.oidcIssuer);
    discovered.set(key, { at: now, metadata });
    return metadata;
  } catch (e) {
    if (e instanceof OidcSetupError) throw federationErrors.error("idpUnavailable", { message: e.message });
    throw e;
  }
}

/** openid-client's Configuration for a connection, on the application's clock and the guarded fetch. */
export function configurationOf(
  deps: Pick<AppContext, "clock" | "config">,
  fetcher: GuardedFetch,
  metadata: client.ServerMetadata,
  row: ConnectionRow,
  clientSecret: string | null,
): client.Configuration {
  const skewSeconds = Math.round((deps.clock.now() - Date.now()) / 1000);
  const config = new client.Configuration(
    metadata,
    row.oidcClientId!,
    { [client.clockSkew]: skewSeconds, [client.clockTolerance]: 60 },
    clientSecret === null ? client.None() : client.ClientSecretBasic(clientSecret),
  );
  config[client.customFetch] = (url, options) => fetcher(url, options as RequestInit);
  // The guard still refuses plain http to any public address; this only lets the library try.
  if (deps.config.federationAllowPrivateNetworks) client.allowInsecureRequests(config);
  client.enableNonRepudiationChecks(config);
  return config;
}

export interface OidcStart {
  url: string;
  codeVerifier: string;
  nonce: string;
}

export const OIDC_SCOPES = "openid email profile";

/** The authorization URL (code flow, PKCE S256, state, nonce). */
export async function authorizationRequest(config: client.Configuration, redirectUri: string, state: string): Promise<OidcStart> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: OIDC_SCOPES,
    response_type: "code",
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url: url.href, codeVerifier, nonce };
}

/**
 * Trades the code for tokens and returns the id_token's verified claims. A refusal at the
 * IdP (error on the callback, or the token endpoint refusing the code) is 400 idp_error;
 * an id_token that does not verify is 401 invalid_id_token; an IdP that cannot be
 * reached or answers nonsense is 502 idp_unavailable.
 */
export async function finishAuthorization(
  config: client.Configuration,
  callback: URL,
  checks: { state: string; codeVerifier: string; nonce: string },
): Promise<Record<string, unknown>> {
  try {
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw federationErrors.error("invalidIdToken", { message: "the IdP returned no id_token" });
    return claims as Record<string, unknown>;
  } catch (e) {
    throw oidcFailure(e);
  }
}

function oidcFailure(e: unknown) {
  if (e instanceof ApiError) return e;
  if (e instanceof client.AuthorizationResponseError) return federationErrors.error("idpError", { idpError: e.error, message: e.error_description ?? `the IdP answered ${e.error}` });
  if (e instanceof client.ResponseBodyError) return federationErrors.error("idpError", { idpError: e.error, message: `the IdP's token endpoint refused the code (${e.error})` });
  if (e instanceof OutboundRefusedError) return federationErrors.error("idpUnavailable", { message: e.message });
  const cause = (e as { cause?: unknown })?.cause;
  if (cause instanceof OutboundRefusedError) return federationErrors.error("idpUnavailable", { message: cause.message });
  const code = String((e as { code?: unknown })?.code ?? "");
  const detail = (cause instanceof Error ? cause.message : null) ?? (e as Error)?.message ?? "unknown failure";
  if (/JWT|JWS|JWK/.test(code) || /JWT|ID Token|signature/i.test(detail)) return federationErrors.error("invalidIdToken", { message: `the id_token did not verify: ${detail}` });
  return federationErrors.error("idpUnavailable", { message: `the IdP gave an answer that cannot be used: ${detail}` });
}
