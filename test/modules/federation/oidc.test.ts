/**
 * Dashboard sign-in through an OIDC identity provider (spec 4.4 /idp/{slug}/login and
 * /callback) against a real OpenID Provider: the happy path ends in a dashboard session,
 * and each way a callback can be wrong is refused.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { BENCH_TIMEOUT_MS, CLIENT, cookieFrom, createFedBench, type FedBench, sessionOf } from "./support";

let b: FedBench;
let connection: any;

beforeAll(async () => {
  b = await createFedBench();
  connection = await b.oidcConnection({ email_domain: "acme.example", attribute_mapping: { role: { attribute: "groups", values: { directors: "org_director" } } } });
}, BENCH_TIMEOUT_MS);
afterAll(() => b.close());

describe("the happy path", () => {
  test("login redirects to the IdP with PKCE (S256), state and nonce, and sets the flow cookie", async () => {
    const { response, location, cookie } = await b.login({ email: "alice@acme.example" });
    expect(response.status).toBe(302);
    const url = new URL(location);
    expect(`${url.origin}`).toBe(b.oidc.issuer);
    expect(url.searchParams.get("client_id")).toBe(CLIENT.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:8080/idp/acme/callback");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("state")!.length).toBeGreaterThanOrEqual(43);
    expect(url.searchParams.get("nonce")!.length).toBeGreaterThanOrEqual(20);
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(cookie).toMatch(/^signet_idp_flow=.{43}$/);
    const line = response.headers.getSetCookie().find((c) => c.startsWith("signet_idp_flow="))!;
    expect(line).toContain("HttpOnly");
    expect(line).toContain("Path=/idp/acme");
  });

  test("the callback creates the account and the membership, opens a session and redirects to the dashboard", async () => {
    const r = await b.signInOidc("alice");
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe("http://localhost:8080/");
    expect(await sessionOf(b.t, r)).toMatchObject({ email: "alice@acme.example" });
    const members = await b.t.request("GET", `/api/org/acme/members`, { token: b.org.owner.token });
    const alice = (members.body as any[]).find((m) => m.email === "alice@acme.example");
    expect(alice).toMatchObject({ role: "member" });
    // The session cookie is the dashboard's, like a magic link's.
    const line = r.headers.getSetCookie().find((c) => c.startsWith("signet_session="))!;
    expect(line).toContain("HttpOnly");
    expect(line).toContain("SameSite=Lax");
  });

  test("a second sign-in finds the same account and membership", async () => {
    const first = await sessionOf(b.t, await b.signInOidc("alice"));
    const second = await sessionOf(b.t, await b.signInOidc("alice"));
    expect(second!.id).toBe(first!.id);
  });

  test("the returnUrl is honoured when it is on this deployment, dropped otherwise", async () => {
    expect((await b.signInOidc("alice", { returnUrl: "/orgs/acme" })).headers.get("location")).toBe("http://localhost:8080/orgs/acme");
    expect((await b.signInOidc("alice", { returnUrl: "https://evil.example/" })).headers.get("location")).toBe("http://localhost:8080/");
  });

  test("the role mapping gives a mapped group its role", async () => {
    const r = await b.signInOidc("bob");
    expect(r.status).toBe(303);
    const members = await b.t.request("GET", `/api/org/acme/members`, { token: b.org.owner.token });
    expect((members.body as any[]).find((m) => m.email === "bob@acme.example")).toMatchObject({ role: "org_director" });
  });
});

describe("refused callbacks", () => {
  test("an unknown or tampered state is 400 invalid_state", async () => {
    const { location, cookie } = await b.login();
    const back = await b.oidc.authorize(location, "alice");
    expect((await b.callback({ ...back.params, state: "x".repeat(43) }, cookie)).body).toMatchObject({ error: "invalid_state" });
    expect((await b.callback({ code: back.params.code! }, cookie)).body).toMatchObject({ error: "invalid_state" });
  });

  test("the callback in another browser (no flow cookie, or another one) is 400 invalid_state", async () => {
    const { location } = await b.login();
    const back = await b.oidc.authorize(location, "alice");
    const other = await b.login();
    const r = await b.callback(back.params, other.cookie);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invalid_state");
    expect((await b.callback(back.params, "")).body.error).toBe("invalid_state");
  });

  test("a state used once is 400 state_used", async () => {
    const { location, cookie } = await b.login();
    const back = await b.oidc.authorize(location, "alice");
    expect((await b.callback(back.params, cookie)).status).toBe(303);
    const again = await b.callback(back.params, cookie);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("state_used");
  });

  test("a flow older than 10 minutes is 400 state_expired", async () => {
    const { location, cookie } = await b.login();
    const back = await b.oidc.authorize(location, "alice");
    b.t.clock.advance(10 * 60_000 + 1);
    try {
      const r = await b.callback(back.params, cookie);
      expect(r.body.error).toBe("state_expired");
    } finally {
      b.t.clock.advance(-(10 * 60_000 + 1));
    }
  });

  test("the IdP's error on the callback is 400 idp_error", async () => {
    const { location, cookie } = await b.login();
    const back = await b.oidc.authorize(location, "nobody-at-the-peer");
    const r = await b.callback(back.params, cookie);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "idp_error", idpError: "access_denied" });
  });

  const forged = (name: string, change: (claims: Record<string, any>) => Record<string, any>, options: { foreignKey?: boolean } = {}) =>
    test(`an id_token with ${name} is 401 invalid_id_token`, async () => {
      b.oidc.rewriteTokenResponse(async (body) => ({ ...body, id_token: await b.oidc.signIdToken(change(body.claims), options) }));
      try {
        const r = await b.signInOidc("alice");
        expect(r.status).toBe(401);
        expect(r.body.error).toBe("invalid_id_token");
        expect(cookieFrom(r, "signet_session")).toBeNull();
      } finally {
        b.oidc.rewriteTokenResponse(null);
      }
    });
  forged("another nonce", (c) => ({ ...c, nonce: "not-the-one-we-sent" }));
  forged("another issuer", (c) => ({ ...c, iss: "https://evil.example" }));
  forged("another audience", (c) => ({ ...c, aud: "someone-else" }));
  forged("an expiry in the past", (c) => ({ ...c, iat: c.iat - 3600, exp: Math.floor(Date.now() / 1000) - 120 }));
  forged("a signature by a key the JWKS does not hold", (c) => c, { foreignKey: true });

  test("an id_token whose signature bytes were changed is 401 invalid_id_token", async () => {
    b.oidc.rewriteTokenResponse((body) => {
      const [h, p, s] = (body.id_token as string).split(".");
      const flipped = Buffer.from(s!, "base64url");
      flipped[10] = flipped[10]! ^ 0xff;
      return { ...body, id_token: `${h}.${p}.${flipped.toString("base64url")}` };
    });
    try {
      const r = await b.signInOidc("alice");
      expect(r.body.error).toBe("invalid_id_token");
    } finally {
      b.oidc.rewriteTokenResponse(null);
    }
  });
});
