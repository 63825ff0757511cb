/**
 * The guards of the redirect flow: the `state` (tampered, missing, replayed, expired),
 * redirect_url and portal_origin (open-redirect attempts are dropped, never followed),
 * the exchange code (single-use, 60 s, bound to its application), disabled providers,
 * and malformed requests. Nothing here needs the provider to be reached, except where a
 * full sign-in is the point.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { endUserSessions, endUserSignIns, endUsers } from "../../../../../src/modules/customers/end-users/schema";
import { orgApi } from "../../apps/support";
import { CALLBACK, createSignInFixture } from "../support";
import { MINUTE, SECOND } from "../../../../support/clock";
import type { TestResponse } from "../../../../support/harness";
import { BASE_URL, BENCH_START_TIMEOUT_MS, createSocialBench, GOOGLE, redirectParams, type SocialBench } from "./support";

let b: SocialBench;
beforeAll(async () => {
  b = await createSocialBench();
  b.oauth.accounts.github.octo = {
    profile: { id: 7, login: "octo", name: "Octo" },
    emails: [{ email: "octo@example.com", primary: true, verified: true }],
  };
}, BENCH_START_TIMEOUT_MS);
afterAll(async () => {
  await b.close();
});

const PORTAL_PAGE = () => `${BASE_URL}/login/${b.fx.clientKey}`;

/** The state the start redirect carries, and the `redirect_uri` sent to the provider. */
async function startedState(provider = "github", query: Record<string, string> = { redirect_url: CALLBACK }): Promise<string> {
  const started = await b.start(provider, query);
  expect(started.status).toBe(302);
  return new URL(started.headers.get("location")!).searchParams.get("state")!;
}

/** Where the flow ends for a start with `query`: the provider's error sent back shows the destination without signing in. */
async function destinationFor(query: Record<string, string>): Promise<string> {
  const state = await startedState("github", query);
  return redirectParams(await b.callback({ state, error: "access_denied" })).target;
}

describe("state", () => {
  test("missing, unknown or tampered state is 400 invalid_state, answered as JSON with no Location", async () => {
    const state = await startedState();
    const tampered = state.slice(0, -2) + (state.endsWith("AA") ? "BB" : "AA");
    const attempts: Record<string, string>[] = [{ code: "c" }, { code: "c", state: tampered }, { code: "c", state: "" }, { code: "c", state: "x".repeat(5000) }];
    for (const params of attempts) {
      const r = await b.callback(params);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("invalid_state");
      expect(r.headers.get("location")).toBeNull();
    }
    const posted = await b.callback({ code: "c", state: tampered }, "POST");
    expect(posted.status).toBe(400);
    expect(posted.body.error).toBe("invalid_state");
    // The genuine state is still good after all that.
    expect(redirectParams(await b.callback({ state, error: "access_denied" })).target).toBe(CALLBACK);
  });

  test("a replayed state is 400 token_used; nothing is signed in twice", async () => {
    const state = await startedState();
    const params = await b.oauth.authorize((await b.start("github", { redirect_url: CALLBACK })).headers.get("location")!, "octo");
    const first = redirectParams(await b.callback(params));
    expect(first.code).toBeTruthy();
    const replay = await b.callback(params);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("token_used");
    expect(replay.headers.get("location")).toBeNull();
    // A state used by a cancelled attempt cannot be used again either.
    await b.callback({ state, error: "access_denied" });
    expect((await b.callback({ state, code: "late" })).body.error).toBe("token_used");
  });

  test("two callbacks racing with one state: one sign-in, one token_used", async () => {
    const params = await b.oauth.authorize((await b.start("github", { redirect_url: CALLBACK })).headers.get("location")!, "octo");
    const answers = await Promise.all([b.callback(params), b.callback(params)]);
    expect(answers.map((r) => r.status).sort()).toEqual([302, 400]);
    expect(answers.find((r) => r.status === 400)!.body.error).toBe("token_used");
  });

  test("a state older than 10 minutes is 400 token_expired, and the refusal is recorded", async () => {
    const state = await startedState();
    b.t.clock.advance(10 * MINUTE + SECOND);
    try {
      const r = await b.callback({ state, code: "c" });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("token_expired");
      expect(r.headers.get("location")).toBeNull();
    } finally {
      b.t.clock.advance(-(10 * MINUTE + SECOND));
    }
    const recorded = await b.t.ctx.db.read.select().from(endUserSignIns).where(eq(endUserSignIns.failureReason, "token_expired"));
    expect(recorded.map((r) => r.method)).toEqual(["social:github"]);
  });

  test("the provider's error is passed on only when it looks like an error code", async () => {
    const state = await startedState();
    const landed = redirectParams(await b.callback({ state, error: "<script>alert(1)</script>" }));
    expect(landed.error).toBe("provider_error");
    const noCode = redirectParams(await b.callback({ state: await startedState() }));
    expect(noCode.error).toBe("missing_code");
  });
});

describe("redirect_url and portal_origin", () => {
  test("a registered Callback URL (exact or same origin) and a portal page are kept", async () => {
    expect(await destinationFor({ redirect_url: CALLBACK })).toBe(CALLBACK);
    expect(await destinationFor({ redirect_url: "https://app.example.com/other/page" })).toBe("https://app.example.com/other/page");
    expect(await destinationFor({ redirect_url: `${BASE_URL}/login/${b.fx.clientKey}/done` })).toBe(`${BASE_URL}/login/${b.fx.clientKey}/done`);
  });

  test("open-redirect attempts are dropped: the flow ends on the portal's own page", async () => {
    const attempts = [
      "//evil.com",
      "https://evil.com",
      "https://evil.com@app.example.com/auth/callback",
      "https://app.example.com@evil.com/auth/callback",
      "https://app.example.com.evil.com/auth/callback",
      "https:%2F%2Fevil.com",
      "%2F%2Fevil.com",
      "https://evil.com%2F@app.example.com",
      "https:\\\\evil.com",
      "/\\evil.com",
      "javascript:alert(1)",
      "JavaScript:alert(document.domain)//https://app.example.com/",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "http://app.example.com/auth/callback",
      "https://app.example.com/auth/callback#@evil.com",
      " https://evil.com",
    ];
    for (const attempt of attempts) {
      expect({ attempt, target: await destinationFor({ redirect_url: attempt }) }).toEqual({ attempt, target: PORTAL_PAGE() });
    }
  });

  test("portal_origin is honoured only when it is the configured portal's", async () => {
    expect(await destinationFor({ portal_origin: BASE_URL })).toBe(PORTAL_PAGE());
    expect(await destinationFor({ portal_origin: "https://evil.com" })).toBe(PORTAL_PAGE());
  });

  test("a successful sign-in without a redirect lands on the portal page with the code", async () => {
    const location = (await b.start("github", { redirect_url: "https://evil.com/steal" })).headers.get("location")!;
    const landed = redirectParams(await b.callback(await b.oauth.authorize(location, "octo")));
    expect(landed.target).toBe(PORTAL_PAGE());
    const r = await b.call("POST", "/auth/social/exchange", { code: landed.code });
    expect(r.status).toBe(200);
    expect(r.body.redirectUrl).toBeNull();
  });
});

describe("start", () => {
  test("unknown, unconfigured or disabled providers are 404 provider_not_enabled; an unknown application 404", async () => {
    const other = await createSignInFixture(b.t, "other@brand.example", "Other");
    for (const [provider, fixture] of [["myspace", b.fx], ["google", other], ["GOOGLE", b.fx]] as const) {
      const r = await b.start(provider, {}, fixture);
      expect(r.status).toBe(404);
      expect(r.body.error).toBe("provider_not_enabled");
      expect(r.headers.get("location")).toBeNull();
    }
    await b.fx.updateGroup({ socialProviders: { google: { enabled: false, clientId: GOOGLE.clientId } } });
    try {
      const r = await b.start("google");
      expect(r.status).toBe(404);
      expect(r.body.error).toBe("provider_not_enabled");
    } finally {
      await b.fx.updateGroup({ socialProviders: { google: { enabled: true, clientId: GOOGLE.clientId } } });
    }
    expect((await b.t.request("GET", "/api/public/apps/client_unknown/auth/social/google/start")).status).toBe(404);
  });

  test("a provider switched off between start and callback ends with ?error=provider_not_enabled", async () => {
    const location = (await b.start("github", { redirect_url: CALLBACK })).headers.get("location")!;
    const params = await b.oauth.authorize(location, "octo");
    await b.fx.updateGroup({ socialProviders: { github: { enabled: false, clientId: "gh-client" } } });
    try {
      expect(redirectParams(await b.callback(params)).error).toBe("provider_not_enabled");
    } finally {
      await b.fx.updateGroup({ socialProviders: { github: { enabled: true, clientId: "gh-client" } } });
    }
  });
});

describe("exchange", () => {
  async function freshCode(): Promise<string> {
    const location = (await b.start("github", { redirect_url: CALLBACK })).headers.get("location")!;
    return redirectParams(await b.callback(await b.oauth.authorize(location, "octo"))).code!;
  }

  test("a code is bound to its application: another application of the group gets token_application_mismatch, another group invalid_token", async () => {
    const code = await freshCode();
    const api = orgApi(b.t, b.fx.org);
    const ios = await api("POST", `/app-groups/${b.fx.group.id}/apps`, b.fx.org.owner.token, { name: "iOS", platform: "ios", environment: "production", allowedOrigins: [], callbackUrls: ["com.example.brand:/cb"] });
    expect(ios.status).toBe(201);
    const sibling = await b.t.request("POST", `/api/public/apps/${ios.body.clientKey}/auth/social/exchange`, { json: { code } });
    expect(sibling.status).toBe(400);
    expect(sibling.body.error).toBe("token_application_mismatch");
    const other = await createSignInFixture(b.t, "third@brand.example", "Third");
    const foreign: TestResponse<any> = await other.call("POST", "/auth/social/exchange", { code });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe("invalid_token");
    // Still good for its own application.
    expect((await b.call("POST", "/auth/social/exchange", { code })).status).toBe(200);
  });

  test("a code expires after 60 seconds; an unknown code is invalid_token; no session is opened", async () => {
    const code = await freshCode();
    const sessionsBefore = (await b.t.ctx.db.read.select().from(endUserSessions)).length;
    b.t.clock.advance(61 * SECOND);
    try {
      const late = await b.call("POST", "/auth/social/exchange", { code });
      expect(late.status).toBe(400);
      expect(late.body.error).toBe("token_expired");
    } finally {
      b.t.clock.advance(-61 * SECOND);
    }
    const unknown = await b.call("POST", "/auth/social/exchange", { code: "made-up" });
    expect(unknown.body.error).toBe("invalid_token");
    expect((await b.t.ctx.db.read.select().from(endUserSessions)).length).toBe(sessionsBefore);
  });

  test("from the hosted portal the exchange keeps the refresh token in the portal cookie and hands out a code for the application", async () => {
    const code = await freshCode();
    const r = await b.t.request("POST", `/api/public/apps/${b.fx.clientKey}/auth/social/exchange`, { json: { code }, headers: { origin: BASE_URL } });
    expect(r.status).toBe(200);
    expect(r.body.refreshToken).toBeUndefined();
    expect(r.body.code).toBeTruthy();
    expect(r.body.redirectTo).toStartWith(`${CALLBACK}?code=`);
    expect(r.headers.get("set-cookie")).toContain(`signet_portal_${b.fx.group.groupKey}=`);
    expect(r.headers.get("set-cookie")).toContain("HttpOnly");
  });

  test("malformed exchange bodies are 400 naming the field", async () => {
    for (const [body, field] of [[{}, "code"], [{ code: "" }, "code"], [{ code: 5 }, "code"], [{ code: "x".repeat(201) }, "code"]] as const) {
      const r = await b.call("POST", "/auth/social/exchange", body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_request", field });
    }
    const notJson = await b.t.request("POST", `/api/public/apps/${b.fx.clientKey}/auth/social/exchange`, { body: "code=1", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
  });

  test("a disabled end user gets 403 end_user_disabled at the exchange", async () => {
    const code = await freshCode();
    const [user] = await b.t.ctx.db.read.select().from(endUsers).where(eq(endUsers.email, "octo@example.com"));
    await b.t.ctx.db.write((tx) => tx.update(endUsers).set({ status: "disabled" }).where(eq(endUsers.id, user!.id)));
    try {
      const r = await b.call("POST", "/auth/social/exchange", { code });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("end_user_disabled");
      const location = (await b.start("github", { redirect_url: CALLBACK })).headers.get("location")!;
      expect(redirectParams(await b.callback(await b.oauth.authorize(location, "octo"))).error).toBe("end_user_disabled");
    } finally {
      await b.t.ctx.db.write((tx) => tx.update(endUsers).set({ status: "active" }).where(eq(endUsers.id, user!.id)));
    }
  });
});
