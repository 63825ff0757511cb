/**
 * The social sign-in test bench: a real OpenID Provider (oidc-provider) standing in for
 * Google, Microsoft and Apple, the recorded GitHub/Kakao/Naver fake, and the test app
 * pointed at both through SIGNET_SOCIAL_ENDPOINTS, with an app group that has all six
 * providers configured. The test clock starts at the real time, because the peers sign
 * their tokens with it.
 */
import { exportPKCS8, exportSPKI, generateKeyPair } from "jose";
import { socialCallbackUrl } from "../../../../../src/modules/customers/end-users/social/providers";
import { TestClock } from "../../../../support/clock";
import { createTestApp, type TestApp, type TestResponse } from "../../../../support/harness";
import { startOidcPeer, type OidcPeer, type PeerClient } from "../../../../support/oidc-peer";
import { createSignInFixture, type SignInFixture } from "../support";
import { startOAuthPeer, type FakeProvider, type OAuthPeer } from "./oauth-peer";

/** The service's public address (and the portal's): where providers send the browser back. */
export const BASE_URL = "http://localhost:8080";
export const GOOGLE: PeerClient = { clientId: "google-client.apps.example", clientSecret: "google-secret", redirectUris: [] };
export const MICROSOFT: PeerClient = { clientId: "9f1c1c5e-microsoft-client", clientSecret: "microsoft-secret", redirectUris: [] };
export const APPLE: PeerClient = { clientId: "com.example.web", clientSecret: "registered-at-peer", redirectUris: [], tokenAuth: "client_secret_post", pkce: false };
export const APPLE_TEAM = "TEAM123456";
export const APPLE_KEY_ID = "KEY1234567";
export const FAKE_CLIENTS = {
  github: { clientId: "gh-client", clientSecret: "gh-secret" },
  kakao: { clientId: "kakao-rest-key", clientSecret: "kakao-secret" },
  naver: { clientId: "naver-client", clientSecret: "naver-secret" },
};

/** People at the OpenID peer: alice's address is vouched for, mallory's is not. */
export const OIDC_ACCOUNTS = {
  alice: { email: "alice@example.com", email_verified: true, name: "Alice Kim" },
  mallory: { email: "victim@example.com", email_verified: false, name: "Mallory" },
  noemail: { name: "No Mail" },
};

export interface SocialBench {
  t: TestApp;
  fx: SignInFixture;
  oidc: OidcPeer;
  oauth: OAuthPeer;
  /** The fixture application's public routes, as a browser on its origin (typed loosely, as the tests read bodies). */
  call(method: string, path: string, json?: unknown): Promise<TestResponse<any>>;
  /** GET start for a provider (query as given), returning the raw answer. */
  start(provider: string, query?: Record<string, string>, fixture?: SignInFixture): Promise<TestResponse>;
  /** Start → provider (as `account`) → callback; returns the callback's answer. */
  signInAt(provider: string, account: string, query?: Record<string, string>): Promise<TestResponse>;
  /** Sends the provider's answer to the callback as the browser would (GET query or POST form). */
  callback(params: Record<string, string>, method?: "GET" | "POST"): Promise<TestResponse>;
  close(): Promise<void>;
}

/** Two peers, an app, a sealed org and an app group: more than bun's 5 s default on a busy machine. */
export const BENCH_START_TIMEOUT_MS = 60_000;

export async function createSocialBench(): Promise<SocialBench> {
  const apple = await generateKeyPair("ES256", { extractable: true });
  const applePkcs8 = await exportPKCS8(apple.privateKey);
  const callbackUrl = socialCallbackUrl({ baseUrl: BASE_URL });
  const withCallback = (c: PeerClient): PeerClient => ({ ...c, redirectUris: [callbackUrl] });
  const oidc = await startOidcPeer({
    clients: [withCallback(GOOGLE), withCallback(MICROSOFT), withCallback(APPLE)],
    accounts: OIDC_ACCOUNTS,
    appleClientSecret: { clientId: APPLE.clientId, teamId: APPLE_TEAM, keyId: APPLE_KEY_ID, publicKeyPem: await exportSPKI(apple.publicKey) },
  });
  const oauth = startOAuthPeer(FAKE_CLIENTS);
  const endpoints = {
    google: oidc.endpoints,
    microsoft: oidc.endpoints,
    apple: oidc.endpoints,
    github: oauth.endpoints("github"),
    kakao: oauth.endpoints("kakao"),
    naver: oauth.endpoints("naver"),
  };
  const t = await createTestApp({ clock: new TestClock(Date.now()), env: { SIGNET_BASE_URL: BASE_URL, SIGNET_SOCIAL_ENDPOINTS: JSON.stringify(endpoints) } });
  const fx = await createSignInFixture(t, "owner@brand.example", "Brand", {
    socialProviders: {
      google: { clientId: GOOGLE.clientId, clientSecret: GOOGLE.clientSecret },
      microsoft: { clientId: MICROSOFT.clientId, clientSecret: MICROSOFT.clientSecret, tenant: "common" },
      apple: { clientId: APPLE.clientId, clientSecret: applePkcs8, teamId: APPLE_TEAM, keyId: APPLE_KEY_ID },
      github: FAKE_CLIENTS.github,
      kakao: FAKE_CLIENTS.kakao,
      naver: FAKE_CLIENTS.naver,
    },
  });

  const callback = (params: Record<string, string>, method: "GET" | "POST" = "GET") =>
    method === "GET"
      ? t.request("GET", `/api/public/auth/social/callback?${new URLSearchParams(params)}`)
      : t.request("POST", "/api/public/auth/social/callback", { body: new URLSearchParams(params).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
  const start = (provider: string, query: Record<string, string> = {}, fixture = fx) =>
    t.request("GET", `/api/public/apps/${fixture.clientKey}/auth/social/${provider}/start?${new URLSearchParams(query)}`);

  return {
    t,
    fx,
    oidc,
    oauth,
    start,
    callback,
    call: (method, path, json) => fx.call(method, path, json) as Promise<TestResponse<any>>,
    async signInAt(provider, account, query = { redirect_url: "https://app.example.com/auth/callback" }) {
      const started = await start(provider, query);
      if (started.status !== 302) throw new Error(`start: ${started.status} ${started.text}`);
      const location = started.headers.get("location")!;
      if (["github", "kakao", "naver"].includes(provider)) return callback(await oauth.authorize(location, account));
      const back = await oidc.authorize(location, account);
      return callback(back.params, back.method);
    },
    async close() {
      await t.close();
      await oidc.close();
      oauth.stop();
    },
  };
}

/** The `code` (or `error`) on a callback's redirect. */
export function redirectParams(response: TestResponse): { target: string; code: string | null; error: string | null } {
  const location = response.headers.get("location");
  if (response.status !== 302 || !location) throw new Error(`expected a redirect, got ${response.status} ${response.text}`);
  const url = new URL(location);
  return { target: `${url.origin}${url.pathname}`, code: url.searchParams.get("code"), error: url.searchParams.get("error") };
}

export type { FakeProvider };
