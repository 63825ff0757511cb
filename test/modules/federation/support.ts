/**
 * The federation test bench: a real OpenID Provider (oidc-provider, test/support/oidc-peer.ts)
 * and a real SAML IdP (samlify, test/support/saml-idp.ts) on loopback, and the test app
 * allowed to reach them (SIGNET_FEDERATION_ALLOW_PRIVATE_NETWORKS, as an operator would
 * for an IdP inside their network). The test clock starts at the real time, because the
 * peers sign with it. Requests go through the app like a browser: the flow cookie from
 * /login rides along to the callback, and the session cookie comes back.
 */
import { createOrg, type TestOrg } from "../../support/accounts";
import { TestClock } from "../../support/clock";
import { createTestApp, type TestApp, type TestResponse } from "../../support/harness";
import { startOidcPeer, type OidcPeer, type PeerClient } from "../../support/oidc-peer";
import { type SamlIdpPeer, type SamlUser, type RespondOptions, startSamlIdp } from "../../support/saml-idp";

export const BASE_URL = "http://localhost:8080";
export const SLUG = "acme";
export const CALLBACK = `${BASE_URL}/idp/${SLUG}/callback`;
export const CLIENT: PeerClient = { clientId: "signet-acme", clientSecret: "acme-oidc-client-secret", redirectUris: [CALLBACK] };

export const OIDC_ACCOUNTS = {
  alice: { email: "alice@acme.example", email_verified: true, name: "Alice Acme", groups: ["engineering"] },
  bob: { email: "bob@acme.example", email_verified: true, name: "Bob Acme", groups: ["directors"] },
  outsider: { email: "eve@elsewhere.example", email_verified: true, name: "Eve Elsewhere" },
  unverified: { email: "carol@acme.example", email_verified: false, name: "Carol" },
  nomail: { name: "No Mail" },
};

export interface FedBench {
  t: TestApp;
  org: TestOrg;
  oidc: OidcPeer;
  saml: SamlIdpPeer;
  /** POST /idp-connections as the owner. */
  create(body: Record<string, unknown>, token?: string): Promise<TestResponse>;
  /** An OIDC connection at the peer (201 expected). */
  oidcConnection(extra?: Record<string, unknown>): Promise<any>;
  /** A SAML connection at the peer (by metadata URL unless given otherwise). */
  samlConnection(extra?: Record<string, unknown>): Promise<any>;
  /** GET /idp/{slug}/login: the IdP's URL and the flow cookie. */
  login(query?: Record<string, string>, slug?: string): Promise<{ response: TestResponse; location: string; cookie: string }>;
  callback(params: Record<string, string>, cookie: string, slug?: string): Promise<TestResponse>;
  acs(form: { SAMLResponse: string; RelayState?: string }, cookie: string, slug?: string): Promise<TestResponse>;
  /** login → the OIDC peer as `account` → callback. */
  signInOidc(account: string, query?: Record<string, string>): Promise<TestResponse>;
  /** login → the SAML peer as `user` → ACS. */
  signInSaml(user: SamlUser, options?: RespondOptions, query?: Record<string, string>): Promise<TestResponse>;
  spMetadata(slug?: string): Promise<string>;
  close(): Promise<void>;
}

export const BENCH_TIMEOUT_MS = 60_000;

export function cookieFrom(response: TestResponse, name: string): string | null {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    if (pair!.startsWith(`${name}=`)) return pair!.slice(name.length + 1);
  }
  return null;
}

export async function createFedBench(options: { plan?: string } = {}): Promise<FedBench> {
  const oidc = await startOidcPeer({ clients: [CLIENT], accounts: OIDC_ACCOUNTS });
  const saml = await startSamlIdp();
  const t = await createTestApp({ clock: new TestClock(Date.now()), env: { SIGNET_BASE_URL: BASE_URL, SIGNET_FEDERATION_ALLOW_PRIVATE_NETWORKS: "1" } });
  const org = await createOrg(t, "owner@acme.example", "Acme", { slug: SLUG, plan: options.plan ?? "enterprise" });
  const create = (body: Record<string, unknown>, token = org.owner.token) => t.request("POST", `/api/org/${SLUG}/idp-connections`, { token, json: body });
  const login = async (query: Record<string, string> = {}, slug = SLUG) => {
    const response = await t.request("GET", `/idp/${slug}/login?${new URLSearchParams(query)}`);
    return { response, location: response.headers.get("location") ?? "", cookie: `signet_idp_flow=${cookieFrom(response, "signet_idp_flow") ?? ""}` };
  };
  const callback = (params: Record<string, string>, cookie: string, slug = SLUG) => t.request("GET", `/idp/${slug}/callback?${new URLSearchParams(params)}`, { headers: { cookie } });
  const acs = (form: { SAMLResponse: string; RelayState?: string }, cookie: string, slug = SLUG) =>
    t.request("POST", `/idp/${slug}/callback`, { body: new URLSearchParams(form as Record<string, string>).toString(), headers: { cookie, "content-type": "application/x-www-form-urlencoded" } });
  const spMetadata = async (slug = SLUG) => (await t.request("GET", `/idp/${slug}/saml/metadata`)).text;
  return {
    t,
    org,
    oidc,
    saml,
    create,
    async oidcConnection(extra = {}) {
      const r = await create({ type: "custom-oidc", oidc_issuer: oidc.issuer, oidc_client_id: CLIENT.clientId, oidc_client_secret: CLIENT.clientSecret, ...extra });
      if (r.status !== 201) throw new Error(`oidc connection: ${r.status} ${r.text}`);
      return r.body;
    },
    async samlConnection(extra = {}) {
      const r = await create({ type: "custom-saml", saml_metadata_url: saml.metadataUrl, ...extra });
      if (r.status !== 201) throw new Error(`saml connection: ${r.status} ${r.text}`);
      return r.body;
    },
    login,
    callback,
    acs,
    async signInOidc(account, query = {}) {
      const started = await login(query);
      if (started.response.status !== 302) throw new Error(`login: ${started.response.status} ${started.response.text}`);
      const back = await oidc.authorize(started.location, account);
      return callback(back.params, started.cookie);
    },
    async signInSaml(user, respondOptions = {}, query = {}) {
      const started = await login(query);
      if (started.response.status !== 302) throw new Error(`login: ${started.response.status} ${started.response.text}`);
      const form = await saml.respond(started.location, await spMetadata(), user, respondOptions);
      return acs({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState }, started.cookie);
    },
    spMetadata,
    async close() {
      await t.close();
      await oidc.close();
      await saml.close();
    },
  };
}

/** The signed-in user behind a callback's session cookie (GET /api/auth/session with it). */
export async function sessionOf(t: TestApp, response: TestResponse): Promise<{ id: string; email: string } | null> {
  const token = cookieFrom(response, "signet_session");
  if (!token) return null;
  const r = await t.request("GET", "/api/auth/session", { headers: { cookie: `signet_session=${token}` } });
  return r.status === 200 ? r.body.user : null;
}
