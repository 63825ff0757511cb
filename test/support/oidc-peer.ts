/**
 * A real OpenID Provider for tests: the `oidc-provider` package served on 127.0.0.1 over
 * node:http, with registered clients and accounts. Tests drive its authorization
 * endpoint over HTTP with a cookie jar (`authorize`), so the code and id_token that come
 * back are the provider's own: signed with its keys, published at its JWKS, PKCE and
 * nonce checked by it.
 *
 * The login and consent interaction is a one-step page (`/interaction/{uid}?login=<account>`)
 * that signs the named account in and grants the requested scopes, so a test picks the
 * person who "signs in at the provider".
 *
 * `appleClientSecret` makes one client authenticate as Sign in with Apple does: the
 * client_secret posted to the token endpoint is an ES256 JWT (iss = team id, sub = client
 * id, kid = key id) signed with the developer's .p8 key; the peer verifies it with the
 * public key before oidc-provider sees the request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, exportJWK, generateKeyPair, importSPKI, jwtVerify, SignJWT, type KeyObject } from "jose";
// @ts-expect-error oidc-provider ships no type declarations (and no @types package is installed).
import Provider from "oidc-provider";

export interface PeerClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** client_secret_basic (default, as Google and Microsoft accept) or client_secret_post. */
  tokenAuth?: "client_secret_basic" | "client_secret_post";
  /** Requires PKCE at the authorization endpoint (default true). */
  pkce?: boolean;
}

export interface PeerAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  [claim: string]: unknown;
}

export interface OidcPeerOptions {
  clients: PeerClient[];
  accounts: Record<string, PeerAccount>;
  appleClientSecret?: { clientId: string; teamId: string; keyId: string; publicKeyPem: string };
  /** The account a browser that reaches the login page without ?login= signs in as (a browser test's person). */
  defaultAccount?: string;
}

export interface OidcPeer {
  issuer: string;
  /** authorize, token, userinfo and jwks URLs, shaped as SIGNET_SOCIAL_ENDPOINTS wants them. */
  endpoints: { authorize: string; token: string; userinfo: string; jwks: string; issuer: string };
  /**
   * Follows an authorization URL through the provider as `account`: the peer's login and
   * consent, then the redirect back. Returns the parameters the provider sent to the
   * redirect URI (query for the default mode, the auto-submitted form for form_post).
   */
  authorize(url: string, account: string): Promise<{ redirectUri: string; params: Record<string, string>; method: "GET" | "POST" }>;
  /**
   * An id_token the provider issues to a registered client for `account`, as a native SDK
   * would hold it: runs the code flow (PKCE) as that client and returns the token response.
   */
  issueTokens(client: PeerClient, account: string, nonce?: string): Promise<{ id_token: string; access_token: string }>;
  /**
   * Replaces the token endpoint's next answers: `rewrite` gets the JSON the provider
   * would send and returns what is sent instead (null: back to the provider's own).
   * For id_tokens the provider would never issue (another issuer, audience, nonce, an
   * expired or wrongly signed one), built with `signIdToken`.
   */
  rewriteTokenResponse(rewrite: ((body: Record<string, any>) => Promise<Record<string, any>> | Record<string, any>) | null): void;
  /** Signs claims as an id_token with the provider's own key (kid peer-1), or with a key the JWKS does not hold. */
  signIdToken(claims: Record<string, unknown>, options?: { foreignKey?: boolean }): Promise<string>;
  close(): Promise<void>;
}

/** Starts the provider on a free loopback port. */
export async function startOidcPeer(options: OidcPeerOptions): Promise<OidcPeer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: "peer-1", alg: "RS256", use: "sig" };
  const noPkce = new Set(options.clients.filter((c) => c.pkce === false).map((c) => c.clientId));

  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      response_types: ["code"],
      grant_types: ["authorization_code"],
      token_endpoint_auth_method: c.tokenAuth ?? "client_secret_basic",
    })),
    jwks: { keys: [signingKey as any] },
    cookies: { keys: ["oidc-peer-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    // Google and Apple put email claims in the id_token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: (_ctx: unknown, client: { clientId: string }) => !noPkce.has(client.clientId) },
    // Short lives, said out loud (oidc-provider notices the defaults otherwise).
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Grant: 600, Session: 600 },
    findAccount: async (_ctx: unknown, id: string) => {
      const account = options.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
  } as any);
  const callback = provider.callback();
  const appleKey = options.appleClientSecret ? await importSPKI(options.appleClientSecret.publicKeyPem, "ES256") : null;

  let rewrite: ((body: Record<string, any>) => Promise<Record<string, any>> | Record<string, any>) | null = null;
  const foreign = (await generateKeyPair("RS256")).privateKey;
  server.on("request", async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const url = new URL(req.url ?? "/", issuer);
      if (rewrite && req.method === "POST" && url.pathname === "/token") interceptJson(res, rewrite);
      if (url.pathname.startsWith("/interaction/")) {
        if (!url.searchParams.has("login") && options.defaultAccount) url.searchParams.set("login", options.defaultAccount);
        return await finishInteraction(provider, req, res, url, options.accounts);
      }
      if (appleKey && req.method === "POST" && url.pathname === "/token") await checkAppleSecret(req, appleKey, options.appleClientSecret!, options.clients);
      callback(req, res);
    } catch (e) {
      res.statusCode = 400;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ error: "invalid_client", error_description: (e as Error).message }));
    }
  });

  const endpoints = { authorize: `${issuer}/auth`, token: `${issuer}/token`, userinfo: `${issuer}/me`, jwks: `${issuer}/jwks`, issuer };
  return {
    issuer,
    endpoints,
    authorize: (url, account) => followAuthorization(url, account, issuer),
    issueTokens: async (client, account, nonce) => {
      const verifier = "native-sdk-verifier-".padEnd(64, "x");
      const challenge = Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))).toString("base64url");
      const start = new URL(endpoints.authorize);
      const query = { response_type: "code", client_id: client.clientId, redirect_uri: client.redirectUris[0]!, scope: "openid email profile", state: "native", code_challenge: challenge, code_challenge_method: "S256", ...(nonce ? { nonce } : {}) };
      for (const [k, v] of Object.entries(query)) start.searchParams.set(k, v);
      const back = await followAuthorization(start.href, account, issuer);
      if (!back.params.code) throw new Error(`no code: ${JSON.stringify(back.params)}`);
      const response = await fetch(endpoints.token, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}` },
        body: new URLSearchParams({ grant_type: "authorization_code", code: back.params.code, redirect_uri: client.redirectUris[0]!, code_verifier: verifier }),
      });
      if (response.status !== 200) throw new Error(`token: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id_token: string; access_token: string };
    },
    rewriteTokenResponse: (fn) => {
      rewrite = fn;
    },
    signIdToken: (claims, opts = {}) => new SignJWT(claims as any).setProtectedHeader({ alg: "RS256", kid: "peer-1", typ: "JWT" }).sign(opts.foreignKey ? foreign : privateKey),
    close: () => closeServer(server),
  };
}

/** Buffers a JSON answer oidc-provider writes and sends `rewrite`'s version instead. */
function interceptJson(res: ServerResponse, rewrite: (body: Record<string, any>) => Promise<Record<string, any>> | Record<string, any>): void {
  const end = res.end.bind(res);
  res.write = () => true;
  (res as any).end = (chunk?: unknown) => {
    const text = typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? chunk.toString() : "";
    let body: Record<string, any>;
    try {
      body = JSON.parse(text);
    } catch {
      return end(chunk as any);
    }
    Promise.resolve(body.id_token ? rewrite({ ...body, claims: decodeJwt(body.id_token) }) : body).then((out) => {
      const { claims: _claims, ...rest } = out as Record<string, any>;
      const replaced = JSON.stringify(rest);
      if (!res.headersSent) res.setHeader("content-length", Buffer.byteLength(replaced));
      end(replaced);
    });
    return res;
  };
}

/** The one-step login and consent page: `?login=<account>` signs in and grants what was asked. */
async function finishInteraction(provider: Provider, req: IncomingMessage, res: ServerResponse, url: URL, accounts: Record<string, PeerAccount>): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const accountId = url.searchParams.get("login") ?? "";
  if (!accounts[accountId]) {
    await provider.interactionFinished(req, res, { error: "access_denied", error_description: "the user cancelled" }, { mergeWithLastSubmission: false });
    return;
  }
  const params = details.params as Record<string, string>;
  const grant = new provider.Grant({ accountId, clientId: params.client_id! });
  grant.addOIDCScope(params.scope ?? "openid");
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
}

/** Sign in with Apple's client authentication: the posted client_secret is a JWT signed with the .p8 key. */
async function checkAppleSecret(req: IncomingMessage, key: KeyObject | CryptoKey, apple: NonNullable<OidcPeerOptions["appleClientSecret"]>, clients: PeerClient[]): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const form = new URLSearchParams(Buffer.concat(chunks).toString());
  if (form.get("client_id") === apple.clientId) {
    const { protectedHeader } = await jwtVerify(form.get("client_secret") ?? "", key, { issuer: apple.teamId, subject: apple.clientId, audience: "https://appleid.apple.com" });
    if (protectedHeader.kid !== apple.keyId) throw new Error("client_secret signed with another key");
    // The JWT proved the client; oidc-provider then sees the registered secret.
    form.set("client_secret", clients.find((c) => c.clientId === apple.clientId)!.clientSecret);
  }
  // oidc-provider reads an already consumed body from req.body.
  (req as any).body = Object.fromEntries(form);
}

type Jar = Map<string, string>;

function remember(jar: Jar, response: Response): void {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const eq = pair!.indexOf("=");
    jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
  }
}

function cookieHeader(jar: Jar): string {
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

async function followAuthorization(start: string, account: string, issuer: string): Promise<{ redirectUri: string; params: Record<string, string>; method: "GET" | "POST" }> {
  const jar: Jar = new Map();
  let url = start;
  for (let hop = 0; hop < 10; hop++) {
    const target = new URL(url, issuer);
    if (target.origin !== issuer) {
      // Left the provider: this is the redirect back to the client.
      return { redirectUri: `${target.origin}${target.pathname}`, params: Object.fromEntries(target.searchParams), method: "GET" };
    }
    if (target.pathname.startsWith("/interaction/")) target.searchParams.set("login", account);
    const response = await fetch(target, { redirect: "manual", headers: { cookie: cookieHeader(jar) } });
    remember(jar, response);
    const location = response.headers.get("location");
    if (location) {
      url = location;
      continue;
    }
    const html = await response.text();
    const form = /<form[^>]*action="([^"]+)"/.exec(html);
    if (!form) throw new Error(`the provider answered ${response.status} without a redirect: ${html.slice(0, 300)}`);
    const params: Record<string, string> = {};
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) params[m[1]!] = decodeEntities(m[2]!);
    return { redirectUri: decodeEntities(form[1]!), params, method: "POST" };
  }
  throw new Error("too many redirects at the provider");
}

function decodeEntities(value: string): string {
  return value.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections?.();
  return new Promise((resolve) => server.close(() => resolve()));
}
