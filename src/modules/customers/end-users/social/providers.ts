/**
 * The six social providers (Google, GitHub, Microsoft Entra ID, Apple, Kakao, Naver):
 * where their endpoints are, how a code becomes tokens (arctic), and how tokens become
 * an identity we trust: an OpenID id_token verified against the provider's JWKS (Google,
 * Microsoft, Apple), or the provider's user API read with the access token (GitHub,
 * Kakao, Naver).
 *
 * Every endpoint can be replaced by deployment config (SIGNET_SOCIAL_ENDPOINTS), which is
 * how a deployment without direct egress goes through a proxy, and how the tests point
 * the providers at local peers. Arctic's provider classes carry fixed URLs, so the code
 * exchange uses its generic OAuth2Client (client_secret_basic, PKCE) and, for providers
 * that want the secret in the form (Kakao, Naver, Apple), the same request with the
 * secret posted; Apple's client secret is an ES256 JWT signed with its .p8 key.
 */
import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError, OAuth2Tokens } from "arctic";
import { createRemoteJWKSet, decodeJwt, errors as joseErrors, importPKCS8, jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { Config, SocialEndpointOverrides } from "../../../../config";
import { sha256Hex } from "../../../../platform/crypto/hash";
import { ApiError } from "../../../../platform/http/errors";
import type { SocialProvider } from "../../apps/validation";
import { socialErrors } from "./errors";

export interface ProviderEndpoints {
  authorize: string;
  token: string;
  /** The user API (GitHub, Kakao, Naver). */
  userinfo?: string;
  /** GitHub's list of the user's addresses with their verified flag. */
  emails?: string;
  /** GitHub's check that an access token was issued to our OAuth app (`{client_id}` filled in). */
  tokenCheck?: string;
  /** OpenID providers: the keys their id_tokens are signed with. */
  jwks?: string;
  /** OpenID providers: the `iss` their id_tokens carry. */
  issuer?: string;
}

/** What a provider proved about the person. */
export interface SocialIdentity {
  provider: SocialProvider;
  /** The provider's stable id of the user. */
  subject: string;
  email: string | null;
  /** The provider vouches that the person controls `email`. */
  emailVerified: boolean;
  displayName: string | null;
}

/** A provider's credentials for one app group, as socialProviderCredentials opens them. */
export interface ProviderCredentials {
  clientId: string;
  clientSecret: string | null;
  tenant?: string | null;
  teamId?: string | null;
  keyId?: string | null;
}

interface ProviderDefinition {
  /** OpenID providers prove identity with an id_token; the others with their user API. */
  openId: boolean;
  /** PKCE (S256) at the authorization endpoint. */
  pkce: boolean;
  scopes: string[];
  /** How the token endpoint authenticates the client. */
  clientAuth: "basic" | "post" | "apple";
  /** Extra authorization parameters (Apple returns name and e-mail only with form_post). */
  authorizeParams?: Record<string, string>;
  endpoints: ProviderEndpoints;
  /** Accepted `iss` values unless config replaces the issuer. Microsoft's names the tenant. */
  issuers?: string[];
}

const MICROSOFT = "https://login.microsoftonline.com";
const APPLE_AUDIENCE = "https://appleid.apple.com";

const PROVIDERS: Record<SocialProvider, ProviderDefinition> = {
  google: {
    openId: true,
    pkce: true,
    scopes: ["openid", "email", "profile"],
    clientAuth: "basic",
    endpoints: {
      authorize: "https://accounts.google.com/o/oauth2/v2/auth",
      token: "https://oauth2.googleapis.com/token",
      jwks: "https://www.googleapis.com/oauth2/v3/certs",
    },
    issuers: ["https://accounts.google.com", "accounts.google.com"],
  },
  microsoft: {
    openId: true,
    pkce: true,
    scopes: ["openid", "email", "profile"],
    clientAuth: "basic",
    endpoints: {
      authorize: `${MICROSOFT}/{tenant}/oauth2/v2.0/authorize`,
      token: `${MICROSOFT}/{tenant}/oauth2/v2.0/token`,
      jwks: `${MICROSOFT}/{tenant}/discovery/v2.0/keys`,
    },
    issuers: [`${MICROSOFT}/{tid}/v2.0`],
  },
  apple: {
    openId: true,
    pkce: false,
    scopes: ["openid", "name", "email"],
    clientAuth: "apple",
    authorizeParams: { response_mode: "form_post" },
    endpoints: {
      authorize: "https://appleid.apple.com/auth/authorize",
      token: "https://appleid.apple.com/auth/token",
      jwks: "https://appleid.apple.com/auth/keys",
    },
    issuers: ["https://appleid.apple.com"],
  },
  github: {
    openId: false,
    pkce: false,
    scopes: ["read:user", "user:email"],
    clientAuth: "basic",
    endpoints: {
      authorize: "https://github.com/login/oauth/authorize",
      token: "https://github.com/login/oauth/access_token",
      userinfo: "https://api.github.com/user",
      emails: "https://api.github.com/user/emails",
      tokenCheck: "https://api.github.com/applications/{client_id}/token",
    },
  },
  kakao: {
    openId: false,
    pkce: false,
    scopes: ["account_email", "profile_nickname"],
    clientAuth: "post",
    endpoints: {
      authorize: "https://kauth.kakao.com/oauth/authorize",
      token: "https://kauth.kakao.com/oauth/token",
      userinfo: "https://kapi.kakao.com/v2/user/me",
    },
  },
  naver: {
    openId: false,
    pkce: false,
    scopes: [],
    clientAuth: "post",
    endpoints: {
      authorize: "https://nid.naver.com/oauth2.0/authorize",
      token: "https://nid.naver.com/oauth2.0/token",
      userinfo: "https://openapi.naver.com/v1/nid/me",
    },
  },
};

/** How long we wait for a provider's user API before answering 502. */
const PROVIDER_TIMEOUT_MS = 10_000;
/** Microsoft tenants that are not one directory: the id_token's `tid` names the real one. */
const MICROSOFT_SHARED_TENANTS = new Set(["common", "organizations", "consumers"]);

export function isOpenIdProvider(provider: SocialProvider): boolean {
  return PROVIDERS[provider].openId;
}

/** The provider's endpoints after config overrides, with Microsoft's tenant filled in. */
export function providerEndpoints(overrides: SocialEndpointOverrides, provider: SocialProvider, credentials: Pick<ProviderCredentials, "tenant">): ProviderEndpoints {
  const merged: Record<string, string> = { ...PROVIDERS[provider].endpoints, ...(overrides[provider] ?? {}) };
  const tenant = encodeURIComponent(credentials.tenant || "common");
  for (const key of Object.keys(merged)) merged[key] = merged[key]!.replace("{tenant}", tenant);
  return merged as unknown as ProviderEndpoints;
}

/** The callback every provider sends the browser back to; registered with each provider. */
export function socialCallbackUrl(config: Pick<Config, "baseUrl">): string {
  return `${config.baseUrl}/api/public/auth/social/callback`;
}

export interface AuthorizationRequest {
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** The URL the browser is sent to at the provider. */
export function authorizationUrl(config: Pick<Config, "baseUrl" | "socialEndpoints">, provider: SocialProvider, credentials: ProviderCredentials, request: AuthorizationRequest): string {
  const definition = PROVIDERS[provider];
  const endpoints = providerEndpoints(config.socialEndpoints, provider, credentials);
  const client = new OAuth2Client(credentials.clientId, null, socialCallbackUrl(config));
  const url = definition.pkce
    ? client.createAuthorizationURLWithPKCE(endpoints.authorize, request.state, CodeChallengeMethod.S256, request.codeVerifier, definition.scopes)
    : client.createAuthorizationURL(endpoints.authorize, request.state, definition.scopes);
  if (definition.openId) url.searchParams.set("nonce", request.nonce);
  for (const [name, value] of Object.entries(definition.authorizeParams ?? {})) url.searchParams.set(name, value);
  return url.href;
}

/** Trades the authorization code for the provider's tokens (502 or 401 when that fails). */
async function exchangeCode(
  config: Pick<Config, "baseUrl" | "socialEndpoints">,
  now: number,
  provider: SocialProvider,
  credentials: ProviderCredentials,
  code: string,
  codeVerifier: string,
): Promise<OAuth2Tokens> {
  const definition = PROVIDERS[provider];
  const endpoints = providerEndpoints(config.socialEndpoints, provider, credentials);
  const redirectUri = socialCallbackUrl(config);
  try {
    if (definition.clientAuth === "basic") {
      const client = new OAuth2Client(credentials.clientId, credentials.clientSecret, redirectUri);
      return await client.validateAuthorizationCode(endpoints.token, code, definition.pkce ? codeVerifier : null);
    }
    const clientSecret = definition.clientAuth === "apple" ? await appleClientSecret(credentials, now) : credentials.clientSecret;
    const form: Record<string, string> = { grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: credentials.clientId };
    // Kakao's client secret is optional (an app setting); sent only when the group has one.
    if (clientSecret) form.client_secret = clientSecret;
    return await postTokenRequest(endpoints.token, form);
  } catch (error) {
    throw providerFailure(error);
  }
}

/** Lifetime of Apple's client secret JWT: one token request. */
const APPLE_SECRET_TTL_SECONDS = 300;

/**
 * Apple's client secret: a short ES256 JWT (iss team id, sub client id, kid key id, aud
 * Apple) signed with the developer's .p8 key, which the group stores sealed as its client
 * secret. Signed with jose: arctic keeps its Apple class's signer private.
 */
async function appleClientSecret(credentials: ProviderCredentials, now: number): Promise<string> {
  let key: CryptoKey;
  try {
    key = await importPKCS8(credentials.clientSecret ?? "", "ES256");
  } catch {
    throw socialErrors.error("providerUnavailable", { message: "the app group's Apple signing key is not a PKCS #8 P-256 key (.p8)" });
  }
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: credentials.keyId ?? "" })
    .setIssuer(credentials.teamId ?? "")
    .setSubject(credentials.clientId)
    .setAudience(APPLE_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + APPLE_SECRET_TTL_SECONDS)
    .sign(key);
}

/** A token request with the client's credentials in the form (client_secret_post). */
async function postTokenRequest(endpoint: string, form: Record<string, string>): Promise<OAuth2Tokens> {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", "user-agent": "signet" },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (data && typeof data.error === "string") throw new OAuth2RequestError(data.error, typeof data.error_description === "string" ? data.error_description : null, null, null);
  if (response.status !== 200 || !data) throw socialErrors.error("providerUnavailable", { message: `the provider's token endpoint answered ${response.status}` });
  return new OAuth2Tokens(data);
}

/** A refusal by the provider is 401; anything else (unreachable, nonsense) is 502. */
function providerFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof OAuth2RequestError) return socialErrors.error("providerTokenRejected", { message: `the provider refused: ${error.code}` });
  return socialErrors.error("providerUnavailable", { message: "the provider could not be reached or gave an unusable answer" });
}

/**
 * The redirect flow's second half: code → tokens → identity. OpenID providers must
 * return an id_token carrying the nonce we sent; the others are asked for the user.
 */
export async function identityFromCode(
  deps: { config: Pick<Config, "baseUrl" | "socialEndpoints">; now: number },
  provider: SocialProvider,
  credentials: ProviderCredentials,
  input: { code: string; codeVerifier: string; nonce: string },
): Promise<SocialIdentity> {
  const tokens = await exchangeCode(deps.config, deps.now, provider, credentials, input.code, input.codeVerifier);
  if (isOpenIdProvider(provider)) {
    const idToken = "id_token" in tokens.data && typeof tokens.data.id_token === "string" ? tokens.data.id_token : null;
    if (!idToken) throw socialErrors.error("providerUnavailable", { message: "the provider returned no id_token" });
    return identityFromIdToken(deps, provider, credentials, idToken, { nonce: input.nonce, hashedNonceAllowed: false });
  }
  let accessToken: string;
  try {
    accessToken = tokens.accessToken();
  } catch {
    // GitHub answers 200 with an error body for a bad code.
    const error = (tokens.data as Record<string, unknown>).error;
    throw socialErrors.error("providerTokenRejected", { message: `the provider refused: ${typeof error === "string" ? error : "no access token"}` });
  }
  return identityFromAccessToken(deps, provider, credentials, accessToken, { fromOwnExchange: true });
}

const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function remoteJwks(url: string): ReturnType<typeof createRemoteJWKSet> {
  let jwks = jwksCache.get(url);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(url), { timeoutDuration: PROVIDER_TIMEOUT_MS });
    jwksCache.set(url, jwks);
  }
  return jwks;
}

/** Leeway for clocks that disagree with the provider's. */
const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * Verifies an id_token: signature against the provider's JWKS, issuer, audience (the
 * app group's client id), expiry, and the nonce when one is expected. A native SDK may
 * have given the provider the SHA-256 of its nonce (Sign in with Apple on iOS does), so
 * there the hex digest is accepted too. A token that carries a nonce needs one presented.
 */
export async function identityFromIdToken(
  deps: { config: Pick<Config, "socialEndpoints">; now: number },
  provider: SocialProvider,
  credentials: ProviderCredentials,
  idToken: string,
  expected: { nonce: string | null; hashedNonceAllowed: boolean },
): Promise<SocialIdentity> {
  const endpoints = providerEndpoints(deps.config.socialEndpoints, provider, credentials);
  const refuse = (message: string) => socialErrors.error("invalidIdToken", { message });
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(idToken);
  } catch {
    throw refuse("not a JWT");
  }
  const issuers = endpoints.issuer ? [endpoints.issuer] : expectedIssuers(provider, credentials, unverified);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, remoteJwks(endpoints.jwks!), {
      issuer: issuers,
      audience: credentials.clientId,
      currentDate: new Date(deps.now),
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      algorithms: ["RS256", "ES256"],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) throw refuse(`the id_token does not verify (${error.code})`);
    throw socialErrors.error("providerUnavailable", { message: "the provider's signing keys could not be fetched" });
  }
  const nonce = typeof payload.nonce === "string" ? payload.nonce : null;
  if (expected.nonce !== null) {
    const matches = nonce === expected.nonce || (expected.hashedNonceAllowed && nonce === sha256Hex(expected.nonce));
    if (!matches) throw refuse("the id_token's nonce does not match");
  } else if (nonce !== null) {
    throw refuse("this id_token carries a nonce: present it as nonce");
  }
  if (typeof payload.sub !== "string" || payload.sub.length === 0) throw refuse("the id_token has no subject");
  const email = typeof payload.email === "string" && payload.email.includes("@") ? payload.email.trim().toLowerCase() : null;
  const emailVerified = email !== null && (payload.email_verified === true || payload.email_verified === "true");
  const name = typeof payload.name === "string" && payload.name.trim() ? payload.name.trim() : null;
  return { provider, subject: payload.sub, email, emailVerified, displayName: name };
}

/** Microsoft's issuer names the directory (`tid`); a configured tenant id must be that directory. */
function expectedIssuers(provider: SocialProvider, credentials: ProviderCredentials, unverified: JWTPayload): string[] {
  const issuers = PROVIDERS[provider].issuers ?? [];
  if (provider !== "microsoft") return issuers;
  const tenant = credentials.tenant || "common";
  const tid = MICROSOFT_SHARED_TENANTS.has(tenant) ? unverified.tid : tenant;
  if (typeof tid !== "string" || !/^[0-9a-f-]{36}$/i.test(tid)) return [];
  return issuers.map((issuer) => issuer.replace("{tid}", tid.toLowerCase()));
}

async function getJson(url: string, accessToken: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json", "user-agent": "signet" },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch {
    throw socialErrors.error("providerUnavailable", { message: "the provider's user API could not be reached" });
  }
  if (response.status === 401 || response.status === 403) throw socialErrors.error("providerTokenRejected", { message: "the provider refused the access token" });
  if (response.status !== 200) throw socialErrors.error("providerUnavailable", { message: `the provider's user API answered ${response.status}` });
  try {
    return await response.json();
  } catch {
    throw socialErrors.error("providerUnavailable", { message: "the provider's user API answered something other than JSON" });
  }
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);
const idText = (value: unknown): string | null => (typeof value === "number" && Number.isSafeInteger(value) ? String(value) : text(value));
const address = (value: unknown): string | null => {
  const v = text(value);
  return v && v.includes("@") ? v.toLowerCase() : null;
};

/**
 * GitHub says whether an access token belongs to our OAuth app; without this, a token
 * some other app obtained from the user would sign in here as that user. (Kakao and
 * Naver offer no such check against the client id: docs/end-users.md says so.)
 */
async function assertGitHubTokenIsOurs(url: string, credentials: ProviderCredentials, accessToken: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url.replace("{client_id}", encodeURIComponent(credentials.clientId)), {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa(`${credentials.clientId}:${credentials.clientSecret ?? ""}`)}`,
        accept: "application/vnd.github+json",
        "content-type": "application/json",
        "user-agent": "signet",
      },
      body: JSON.stringify({ access_token: accessToken }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch {
    throw socialErrors.error("providerUnavailable", { message: "GitHub's token check could not be reached" });
  }
  await response.body?.cancel();
  if (response.status === 404 || response.status === 422) throw socialErrors.error("providerTokenRejected", { message: "this access token was not issued to the app group's GitHub app" });
  if (response.status !== 200) throw socialErrors.error("providerUnavailable", { message: `GitHub's token check answered ${response.status}` });
}

/**
 * The user behind an access token, from the provider's user API (GitHub, Kakao, Naver).
 * A token an app presents (not one our own code exchange just obtained) is first checked
 * to be ours where the provider can tell (GitHub).
 */
export async function identityFromAccessToken(
  deps: { config: Pick<Config, "socialEndpoints"> },
  provider: SocialProvider,
  credentials: ProviderCredentials,
  accessToken: string,
  origin: { fromOwnExchange: boolean },
): Promise<SocialIdentity> {
  const endpoints = providerEndpoints(deps.config.socialEndpoints, provider, credentials);
  if (provider === "github" && !origin.fromOwnExchange) await assertGitHubTokenIsOurs(endpoints.tokenCheck!, credentials, accessToken);
  const unusable = () => socialErrors.error("providerUnavailable", { message: "the provider's user API gave no user id" });
  const user = (await getJson(endpoints.userinfo!, accessToken)) as Record<string, any> | null;
  if (provider === "github") {
    const subject = idText(user?.id);
    if (!subject) throw unusable();
    // Only the primary address GitHub marks verified is vouched for; the profile's public e-mail is not.
    // A token without the user:email scope gets 404 here: no vouched address, still a sign-in.
    const emails = await getJson(endpoints.emails!, accessToken).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 502) return [];
      throw error;
    });
    const primary = Array.isArray(emails) ? emails.find((e) => e && e.primary === true && e.verified === true) : undefined;
    const email = address(primary?.email);
    return { provider, subject, email, emailVerified: email !== null, displayName: text(user?.name) ?? text(user?.login) };
  }
  if (provider === "kakao") {
    const subject = idText(user?.id);
    if (!subject) throw unusable();
    const account = user?.kakao_account ?? {};
    const email = address(account.email);
    return { provider, subject, email, emailVerified: email !== null && account.is_email_verified === true && account.is_email_valid === true, displayName: text(account.profile?.nickname) };
  }
  if (provider === "naver") {
    const profile = user?.resultcode === "00" ? user.response : null;
    const subject = idText(profile?.id);
    if (!subject) throw unusable();
    // Naver does not say whether the contact address was proven: never vouched for.
    return { provider, subject, email: address(profile.email), emailVerified: false, displayName: text(profile.name) ?? text(profile.nickname) };
  }
  throw socialErrors.error("idTokenRequired", { field: "idToken", message: `${provider} signs in with an id_token` });
}
