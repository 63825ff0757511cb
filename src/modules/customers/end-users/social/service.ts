/**
 * Social sign-in for end users (spec 4.1), in two shapes:
 *
 * - Redirect flow (browsers): `startSocialSignIn` stores a `social_state` flow token (10
 *   minutes: provider, PKCE verifier, nonce, the validated redirect) and sends the browser
 *   to the provider; `finishSocialCallback` consumes that state once, proves the identity
 *   with the provider, finds or creates the end user and hands the redirect a one-time
 *   exchange code (60 s); `exchangeSocialCode` trades the code for the sign-in.
 * - Native SDKs (`nativeSocialSignIn`): the app already holds the provider's id_token (or
 *   access token for providers without one) and signs in with it directly.
 *
 * Identity → end user: an identity already linked (provider + subject in the app group)
 * signs in as its end user; otherwise an address the provider vouches for finds or
 * creates the end user by e-mail; an address it does not vouch for is never trusted: the
 * new end user is created without one, so it cannot take over (or later be taken over by)
 * the account that owns the address.
 */
import { portalOf } from "../portal";
import { and, eq } from "drizzle-orm";
import { generateCodeVerifier } from "arctic";
import type { AppContext } from "../../../../context";
import { randomSecret, sha256Hex } from "../../../../platform/crypto/hash";
import type { Queryable, Tx } from "../../../../platform/db/database";
import { ApiError } from "../../../../platform/http/errors";
import { newId } from "../../../../platform/ids";
import type { AppGroupRow, ApplicationRow } from "../../apps/schema";
import { findActiveApplication, socialProviderCredentials } from "../../apps/service";
import { callbackAllowed, SOCIAL_PROVIDERS, strictUrl, type SocialProvider } from "../../apps/validation";
import { EndUserErrors, endUserErrors } from "../errors";
import { consumeFlowToken, createFlowToken } from "../flow-tokens";
import { EXCHANGE_CODE_TTL_MS, withCode } from "../portal";
import { endUserFlowTokens, endUserIdentities, type EndUserRow } from "../schema";
import { assertCanSignIn, findEndUserById, findOrCreateEndUser } from "../service";
import { openSignIn, recordFailedSignIn, type OpenedSignIn, type SignInClient } from "../sign-in";
import { requireTokenSigner } from "../tokens";
import { SocialErrors, socialErrors } from "./errors";
import { authorizationUrl, identityFromAccessToken, identityFromCode, identityFromIdToken, isOpenIdProvider, type ProviderCredentials, type SocialIdentity } from "./providers";
import { kernelErrors } from "../../../../platform/http/error-catalog";

type Deps = Pick<AppContext, "db" | "clock" | "config" | "secrets" | "keyring">;

/** How long a browser may spend at the provider between start and callback. */
export const SOCIAL_STATE_TTL_MS = 10 * 60_000;
/** RFC 8176: federated authentication. */
const SOCIAL_AMR = ["fed"];

/** What the social_state flow token carries from start to callback. */
interface SocialStateData {
  provider: SocialProvider;
  codeVerifier: string;
  nonce: string;
  /** The validated post-sign-in redirect, or null (the portal page is the fallback). */
  redirectUrl: string | null;
  /** The portal origin asked for, when it is the configured portal's. */
  portalOrigin: string | null;
  clientKey: string;
}

/** What a social exchange code carries to exchangeSocialCode. */
interface SocialExchangeData {
  source: "social";
  provider: SocialProvider;
  created: boolean;
  redirectUrl: string | null;
}

function notEnabled(provider: string): ApiError {
  return socialErrors.error("providerNotEnabled", { message: `sign-in with ${provider} is not enabled for this application` });
}

/** The provider's credentials for the group; 404 provider_not_enabled when unknown, off or unconfigured. */
export async function enabledProvider(deps: Pick<AppContext, "secrets">, group: Pick<AppGroupRow, "id" | "socialProviders">, provider: string): Promise<{ provider: SocialProvider; credentials: ProviderCredentials }> {
  if (!(SOCIAL_PROVIDERS as readonly string[]).includes(provider)) throw notEnabled(provider);
  const known = provider as SocialProvider;
  const credentials = await socialProviderCredentials(deps, group, known);
  if (!credentials) throw notEnabled(provider);
  return { provider: known, credentials };
}

/**
 * A post-sign-in redirect we may follow: one of the application's Callback URLs (exact or
 * same origin) or a page of the hosted portal. Anything else is dropped (null), never
 * rewritten: the portal's own page is then the fallback.
 */
export function allowedRedirect(config: Pick<AppContext["config"], "portalBase">, app: Pick<ApplicationRow, "callbackUrls">, value: string | undefined): string | null {
  if (!value) return null;
  const url = strictUrl(value);
  if (!url || url.hash) return null;
  if (callbackAllowed(app, value)) return url.href;
  return (url.protocol === "https:" || url.protocol === "http:") && url.origin === new URL(config.portalBase).origin ? url.href : null;
}

/** The hosted portal's sign-in page of the application: where a flow without a redirect ends. */
function portalLoginUrl(config: Pick<AppContext["config"], "portalBase">, clientKey: string, portalOrigin: string | null): string {
  const base = portalOrigin ?? config.portalBase;
  return `${base}/login/${clientKey}`;
}

/** Step 1: the authorization URL at the provider, with a fresh state. */
export async function startSocialSignIn(deps: Deps, client: SignInClient, providerName: string, input: { redirectUrl?: string; portalOrigin?: string }): Promise<string> {
  const { provider, credentials } = await enabledProvider(deps, client.appGroup, providerName);
  const portalBase = portalOf(deps.config, client);
  const portal = new URL(portalBase.portalBase).origin;
  const data: SocialStateData = {
    provider,
    codeVerifier: generateCodeVerifier(),
    nonce: randomSecret(16),
    redirectUrl: allowedRedirect(portalBase, client.application, input.redirectUrl),
    portalOrigin: input.portalOrigin === portal ? portal : null,
    clientKey: client.application.clientKey,
  };
  const now = deps.clock.now();
  const state = await deps.db.write((tx) =>
    createFlowToken(
      tx,
      { kind: "social_state", orgId: client.appGroup.orgId, appGroupId: client.appGroup.id, applicationId: client.application.id, data: { ...data }, ttlMs: SOCIAL_STATE_TTL_MS },
      now,
    ),
  );
  return authorizationUrl(deps.config, provider, credentials, { state, codeVerifier: data.codeVerifier, nonce: data.nonce });
}

/** The state row behind a secret, without its app group (the callback is not under an application's path). */
async function findState(reader: Queryable, state: string) {
  const [row] = await reader.select().from(endUserFlowTokens).where(eq(endUserFlowTokens.id, sha256Hex(state)));
  return row && row.kind === "social_state" ? row : null;
}

function invalidState(): ApiError {
  return socialErrors.error("invalidState", { message: "this sign-in link is not valid: start the sign-in again" });
}

export interface CallbackInput {
  state?: string;
  code?: string;
  error?: string;
  /** Apple's form_post sends the name (first sign-in only) as JSON in `user`. */
  user?: string;
}

/** A provider's error code passed on to the application, or a generic one when it looks odd. */
function safeErrorCode(value: string): string {
  return /^[a-z0-9_.-]{1,64}$/i.test(value) ? value : "provider_error";
}

function withError(destination: string, code: string): string {
  const url = new URL(destination);
  url.searchParams.set("error", code);
  return url.href;
}

/**
 * Step 2: the provider sent the browser back. A state that was never issued is 400
 * invalid_state; a used or expired one 400 token_used / token_expired: these answers
 * redirect nowhere. Past the state, the browser always goes to the validated redirect
 * (or the portal page): with `?code=` on success, `?error=` otherwise.
 */
export async function finishSocialCallback(deps: Deps, requestClient: Pick<SignInClient, "ip" | "userAgent">, input: CallbackInput): Promise<string> {
  if (!input.state) throw invalidState();
  const row = await findState(deps.db.read, input.state);
  if (!row) throw invalidState();
  const data = row.data as unknown as SocialStateData;
  const found = await findActiveApplication(deps.db.read, data.clientKey);
  if (!found || found.application.id !== row.applicationId) throw kernelErrors.error("notFound", { message: "no such application" });
  // The callback is on the service's own address; the browser returns to the portal it started from (data.portalOrigin).
  const client: SignInClient = { ...found, ...requestClient, portal: null };
  const method = `social:${data.provider}` as const;
  try {
    await deps.db.write((tx) => consumeFlowToken(tx, "social_state", input.state!, { appGroupId: row.appGroupId, applicationId: row.applicationId }, deps.clock.now()));
  } catch (error) {
    if (error instanceof ApiError) await recordFailedSignIn(deps, client, { method, reason: error.code });
    throw error instanceof ApiError && error.code === EndUserErrors.invalidToken ? invalidState() : error;
  }

  const destination = data.redirectUrl ?? portalLoginUrl(deps.config, data.clientKey, data.portalOrigin);
  const refuse = async (reason: string, endUserId?: string) => {
    await recordFailedSignIn(deps, client, { method, reason, endUserId });
    return withError(destination, reason);
  };
  if (input.error) return refuse(safeErrorCode(input.error));
  if (!input.code) return refuse(SocialErrors.missingCode);
  try {
    const { provider, credentials } = await enabledProvider(deps, client.appGroup, data.provider);
    const identity = await identityFromCode({ config: deps.config, now: deps.clock.now() }, provider, credentials, { code: input.code, codeVerifier: data.codeVerifier, nonce: data.nonce });
    identity.displayName ??= appleName(input.user);
    const now = deps.clock.now();
    const code = await deps.db.write(async (tx) => {
      const { endUser, created } = await endUserForIdentity(tx, client.appGroup, identity, now);
      const exchange: SocialExchangeData = { source: "social", provider, created, redirectUrl: data.redirectUrl };
      return createFlowToken(
        tx,
        { kind: "exchange_code", orgId: client.appGroup.orgId, appGroupId: client.appGroup.id, applicationId: client.application.id, endUserId: endUser.id, data: { ...exchange }, ttlMs: EXCHANGE_CODE_TTL_MS },
        now,
      );
    });
    return withCode(destination, code)!;
  } catch (error) {
    if (error instanceof ApiError) return refuse(error.code);
    throw error;
  }
}

/** Apple's `user` form field: {"name":{"firstName","lastName"}} on the first sign-in only. */
function appleName(user: string | undefined): string | null {
  if (!user) return null;
  try {
    const name = (JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } }).name;
    const full = [name?.firstName, name?.lastName].filter((part) => typeof part === "string" && part.trim()).join(" ").trim();
    return full ? full.slice(0, 200) : null;
  } catch {
    return null;
  }
}

/**
 * The end user an identity signs in as (see the header): linked identity first, then a
 * vouched-for address, else a new end user (without the address when it is not vouched for).
 */
export async function endUserForIdentity(tx: Tx, group: Pick<AppGroupRow, "id" | "orgId">, identity: SocialIdentity, now: number): Promise<{ endUser: EndUserRow; created: boolean }> {
  await tx.lock(`end-user-identity:${group.id}:${identity.provider}:${identity.subject}`);
  const [linked] = await tx
    .select()
    .from(endUserIdentities)
    .where(and(eq(endUserIdentities.appGroupId, group.id), eq(endUserIdentities.provider, identity.provider), eq(endUserIdentities.subject, identity.subject)));
  if (linked) {
    const endUser = await findEndUserById(tx, group.id, linked.endUserId);
    if (!endUser) throw endUserErrors.error("invalidToken", { message: "this identity's account no longer exists" });
    assertCanSignIn(endUser);
    await tx.update(endUserIdentities).set({ email: identity.email, lastUsedAt: now }).where(eq(endUserIdentities.id, linked.id));
    return { endUser, created: false };
  }
  const vouched = identity.emailVerified && identity.email !== null;
  const found = await findOrCreateEndUser(tx, group, { email: vouched ? identity.email : null, emailVerified: vouched, displayName: identity.displayName }, now);
  await tx.insert(endUserIdentities).values({
    id: newId(),
    endUserId: found.endUser.id,
    appGroupId: group.id,
    provider: identity.provider,
    subject: identity.subject,
    email: identity.email,
    createdAt: now,
    lastUsedAt: now,
  });
  return found;
}

/** Runs a sign-in step; a refusal is recorded for analytics (with its code as the reason) and rethrown. */
async function recordingRefusals<T>(deps: Deps, client: SignInClient, method: () => Promise<`social:${string}`>, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ApiError) await recordFailedSignIn(deps, client, { method: await method(), reason: error.code });
    throw error;
  }
}

/** The sign-in method of a refused exchange: the provider its code named, when it names one. */
async function exchangeMethod(reader: Queryable, code: string): Promise<`social:${string}`> {
  const [row] = await reader.select({ data: endUserFlowTokens.data }).from(endUserFlowTokens).where(eq(endUserFlowTokens.id, sha256Hex(code)));
  const provider = (row?.data as Partial<SocialExchangeData> | undefined)?.provider;
  return `social:${provider ?? "unknown"}`;
}

/**
 * Step 3: the exchange code from the callback becomes the sign-in. Single-use, bound to
 * the application it was issued for (another application of the group: 400
 * token_application_mismatch; of another group: 400 invalid_token).
 */
export async function exchangeSocialCode(deps: Deps, client: SignInClient, code: string): Promise<OpenedSignIn> {
  return recordingRefusals(deps, client, () => exchangeMethod(deps.db.read, code), async () => {
    await requireTokenSigner(deps, client.appGroup.orgId);
    const now = deps.clock.now();
    return deps.db.write(async (tx) => {
      const row = await consumeFlowToken(tx, "exchange_code", code, { appGroupId: client.appGroup.id, applicationId: client.application.id }, now);
      const data = row.data as unknown as Partial<SocialExchangeData>;
      // Exchange codes of the portal session are for auth/session/exchange, not this route.
      if (data.source !== "social" || !data.provider || !row.endUserId) throw endUserErrors.error("invalidToken", { message: "this link or code is not valid" });
      const endUser = await findEndUserById(tx, client.appGroup.id, row.endUserId);
      if (!endUser) throw endUserErrors.error("invalidToken", { message: "this link or code is not valid" });
      assertCanSignIn(endUser);
      return openSignIn(tx, client, { endUser, created: data.created === true, method: `social:${data.provider}`, amr: SOCIAL_AMR, redirectUrl: data.redirectUrl ?? null }, now);
    });
  });
}

export interface NativeSocialInput {
  provider: string;
  idToken?: string;
  accessToken?: string;
  nonce?: string;
}

/**
 * The native SDK sign-in (AppSocialLoginRequest): an id_token for OpenID providers,
 * verified against the provider's JWKS with the group's client id as audience; an access
 * token for the others, checked by reading the user from the provider's API.
 */
export async function nativeSocialSignIn(deps: Deps, client: SignInClient, input: NativeSocialInput): Promise<OpenedSignIn> {
  return recordingRefusals(deps, client, async () => `social:${input.provider}`, async () => {
    const { provider, credentials } = await enabledProvider(deps, client.appGroup, input.provider);
    let identity: SocialIdentity;
    if (isOpenIdProvider(provider)) {
      if (!input.idToken) throw socialErrors.error("idTokenRequired", { field: "idToken", message: `${provider} signs in with the id_token the provider gave the app` });
      identity = await identityFromIdToken({ config: deps.config, now: deps.clock.now() }, provider, credentials, input.idToken, { nonce: input.nonce ?? null, hashedNonceAllowed: true });
    } else {
      if (!input.accessToken) throw socialErrors.error("accessTokenRequired", { field: "accessToken", message: `${provider} signs in with the access token the provider gave the app` });
      identity = await identityFromAccessToken(deps, provider, credentials, input.accessToken, { fromOwnExchange: false });
    }
    await requireTokenSigner(deps, client.appGroup.orgId);
    const now = deps.clock.now();
    return deps.db.write(async (tx) => {
      const { endUser, created } = await endUserForIdentity(tx, client.appGroup, identity, now);
      return openSignIn(tx, client, { endUser, created, method: `social:${provider}`, amr: SOCIAL_AMR }, now);
    });
  });
}
