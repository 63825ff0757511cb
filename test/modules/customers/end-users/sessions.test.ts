/**
 * End-user sessions (docs/end-users.md "Tokens and sessions"): the hosted portal's cookie
 * and exchange codes, handshake for a second application of the brand, refresh rotation
 * with reuse detection, lifetimes, sign-out seen at once by GET auth/session, and the
 * end-users.prune job.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { endUserFlowTokens, endUserSessions, endUsers } from "../../../../src/modules/customers/end-users/schema";
import { DAY, MINUTE, SECOND } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { orgApi } from "../apps/support";
import { createFixture, mailedLink, signInByMagicLink, type Fixture } from "./flows-support";
import { CALLBACK, ORIGIN } from "./support";

// Fresh apps and sealed organizations take a few seconds on a busy PostgreSQL.
setDefaultTimeout(30_000);

let t: TestApp;
let fx: Fixture;
let portalOrigin: string;
beforeAll(async () => {
  t = await createTestApp();
  fx = await createFixture(t, "owner@sessions.example", "Session Co");
  portalOrigin = new URL(t.config.portalBase).origin;
});
afterAll(() => t.close());

function cookieOf(response: { headers: Headers }): { name: string; value: string; attributes: string } {
  const header = response.headers.get("set-cookie");
  if (!header) throw new Error("no Set-Cookie");
  const [pair, ...attributes] = header.split(";").map((s) => s.trim());
  const [name, value] = pair!.split("=") as [string, string];
  return { name, value, attributes: attributes.join("; ").toLowerCase() };
}

/** A sign-in on the hosted portal: the verify call comes from the portal's origin. */
async function portalSignIn(f: Fixture, email: string, send: Record<string, unknown> = {}) {
  expect((await f.call("POST", "/auth/magic-link/send", { email, ...send })).status).toBe(200);
  const link = await mailedLink(t, email);
  return f.call("POST", "/auth/magic-link/verify", { token: link.searchParams.get("token"), redirectUrl: link.searchParams.get("redirect_url") ?? undefined }, { origin: portalOrigin });
}

const exchange = (f: Fixture, json: unknown) => f.call("POST", "/auth/session/exchange", json);

describe("portal sign-in and the exchange code", () => {
  test("from the portal: refresh token in an HttpOnly cookie, not the body; a one-time code and redirectTo", async () => {
    const r = await portalSignIn(fx, "portal@example.com", { postSignInRedirectUrl: CALLBACK });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe("signed_in");
    expect(r.body.refreshToken).toBeUndefined();
    expect(r.body.code).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(r.body.redirectTo).toBe(`${CALLBACK}?code=${r.body.code}`);
    const cookie = cookieOf(r);
    expect(cookie.name).toBe(`signet_portal_${fx.group.groupKey}`);
    expect(cookie.value).toMatch(/^eurt_/);
    expect(cookie.attributes).toContain("httponly");
    expect(cookie.attributes).toContain("samesite=lax");
    expect(cookie.attributes).toContain("path=/api/public/apps/");
    // The test portal is http://localhost: no Secure there (it is set for any other portal).
    expect(cookie.attributes).not.toContain("secure");

    const traded = await exchange(fx, { code: r.body.code });
    expect(traded.status).toBe(200);
    expect(traded.body).toMatchObject({ status: "signed_in", tokenType: "Bearer", newUser: false, redirectUrl: null });
    expect(traded.body.refreshToken).toMatch(/^eurt_/);
    expect(traded.body.sessionId).not.toBe(r.body.sessionId);
    expect(traded.body.endUser.id).toBe(r.body.endUser.id);
    const [session] = await t.ctx.db.read.select().from(endUserSessions).where(eq(endUserSessions.id, traded.body.sessionId));
    expect(session!.amr).toEqual(["otp"]);

    const replay = await exchange(fx, { code: r.body.code });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("token_used");
  });

  test("a portal sign-in without a redirect: redirectTo null; the code lives 60 seconds", async () => {
    const r = await portalSignIn(fx, "slow@example.com");
    expect(r.body.redirectTo).toBeNull();
    t.clock.advance(61 * SECOND);
    const late = await exchange(fx, { code: r.body.code });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe("token_expired");
  });

  test("a code is bound to its application: token_application_mismatch elsewhere in the group, invalid_token in another org", async () => {
    const r = await portalSignIn(fx, "bound@example.com");
    const api = orgApi(t, fx.org);
    const second = await api("POST", `/app-groups/${fx.group.id}/apps`, fx.org.owner.token, { name: "iOS", platform: "ios", environment: "production", allowedOrigins: [], callbackUrls: ["com.example.app:/cb"] });
    expect(second.status).toBeLessThan(300);
    const sibling = await t.request("POST", `/api/public/apps/${second.body.clientKey}/auth/session/exchange`, { json: { code: r.body.code } });
    expect(sibling.body.error).toBe("token_application_mismatch");
    const stranger = await createFixture(t, "owner2@sessions.example", "Stranger Co");
    expect((await exchange(stranger, { code: r.body.code })).body.error).toBe("invalid_token");
    expect((await exchange(fx, { code: r.body.code })).status).toBe(200);
  });

  test("a magic link verified by the application itself (not the portal) sets no cookie and returns the refresh token", async () => {
    const r = await signInByMagicLink(t, fx, "direct@example.com");
    expect(r.headers.get("set-cookie")).toBeNull();
    expect(r.body.refreshToken).toMatch(/^eurt_/);
    expect(r.body.code).toBeUndefined();
  });
});

describe("handshake", () => {
  test("without a cookie: signedIn false and the login URL", async () => {
    const r = await fx.call("POST", "/auth/session/handshake");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ signedIn: false, loginUrl: `${t.config.portalBase}/login/${fx.clientKey}` });
  });

  test("with the portal cookie: a fresh code for THIS application of the brand, which trades for its session", async () => {
    const signedIn = await portalSignIn(fx, "sso@example.com");
    const cookie = cookieOf(signedIn);
    const api = orgApi(t, fx.org);
    const second = await api("POST", `/app-groups/${fx.group.id}/apps`, fx.org.owner.token, { name: "Admin", platform: "web", environment: "development", allowedOrigins: [ORIGIN], callbackUrls: [CALLBACK] });
    const secondKey = second.body.clientKey;
    const shake = await t.request("POST", `/api/public/apps/${secondKey}/auth/session/handshake`, { headers: { cookie: `${cookie.name}=${cookie.value}`, origin: portalOrigin } });
    expect(shake.status).toBe(200);
    expect(shake.body.signedIn).toBe(true);
    expect(shake.body.endUser.email).toBe("sso@example.com");
    const traded = await t.request("POST", `/api/public/apps/${secondKey}/auth/session/exchange`, { json: { code: shake.body.code } });
    expect(traded.status).toBe(200);
    expect(traded.body.endUser.id).toBe(signedIn.body.endUser.id);
    const [session] = await t.ctx.db.read.select().from(endUserSessions).where(eq(endUserSessions.id, traded.body.sessionId));
    expect(session!.applicationId).toBe(second.body.id);
    // Not usable by the first application.
    const again = await t.request("POST", `/api/public/apps/${secondKey}/auth/session/handshake`, { headers: { cookie: `${cookie.name}=${cookie.value}` } });
    expect((await exchange(fx, { code: again.body.code })).body.error).toBe("token_application_mismatch");
  });

  test("another brand's cookie, a garbage cookie, a disabled end user or a signed-out portal session: signedIn false and the cookie cleared", async () => {
    const signedIn = await portalSignIn(fx, "gone@example.com");
    const cookie = cookieOf(signedIn);
    const other = await createFixture(t, "owner3@sessions.example", "Other Brand Co");
    const foreign = await other.call("POST", "/auth/session/handshake", undefined, { cookie: `${cookieOf(await portalSignIn(other, "o@example.com")).name}=${cookie.value}` });
    expect(foreign.body.signedIn).toBe(false);
    const garbage = await fx.call("POST", "/auth/session/handshake", undefined, { cookie: `${cookie.name}=eurt_nothing` });
    expect(garbage.body.signedIn).toBe(false);
    expect(cookieOf(garbage).value).toBe("");

    await t.ctx.db.write((tx) => tx.update(endUsers).set({ status: "disabled" }).where(eq(endUsers.id, signedIn.body.endUser.id)));
    const disabled = await fx.call("POST", "/auth/session/handshake", undefined, { cookie: `${cookie.name}=${cookie.value}` });
    expect(disabled.body.signedIn).toBe(false);
    await t.ctx.db.write((tx) => tx.update(endUsers).set({ status: "active" }).where(eq(endUsers.id, signedIn.body.endUser.id)));
    expect((await fx.call("POST", "/auth/session/handshake", undefined, { cookie: `${cookie.name}=${cookie.value}` })).body.signedIn).toBe(true);

    const out = await fx.call("POST", "/auth/session/sign-out", undefined, { cookie: `${cookie.name}=${cookie.value}`, origin: portalOrigin });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ signedOut: true, revokedSessions: 1 });
    expect(cookieOf(out).value).toBe("");
    expect((await fx.call("POST", "/auth/session/handshake", undefined, { cookie: `${cookie.name}=${cookie.value}` })).body.signedIn).toBe(false);
  });

  test("a code whose portal session was signed out within its minute is invalid_token", async () => {
    const signedIn = await portalSignIn(fx, "quick@example.com");
    const cookie = cookieOf(signedIn);
    await fx.call("POST", "/auth/session/sign-out", undefined, { cookie: `${cookie.name}=${cookie.value}` });
    const r = await exchange(fx, { code: signedIn.body.code });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invalid_token");
  });
});

describe("refresh", () => {
  test("rotates: new refresh and access tokens, the old refresh token is spent; reuse ends the session", async () => {
    const first = await signInByMagicLink(t, fx, "rotate@example.com");
    const r1 = await exchange(fx, { grantType: "refresh_token", refreshToken: first.body.refreshToken });
    expect(r1.status).toBe(200);
    expect(r1.body.sessionId).toBe(first.body.sessionId);
    expect(r1.body.refreshToken).not.toBe(first.body.refreshToken);
    expect(r1.body.accessToken).not.toBe(first.body.accessToken);
    expect(r1.body.sessionExpiresAt).toBe(first.body.sessionExpiresAt);

    const reused = await exchange(fx, { grantType: "refresh_token", refreshToken: first.body.refreshToken });
    expect(reused.status).toBe(401);
    expect(reused.body.error).toBe("refresh_token_reused");
    // The current token dies with the session.
    const after = await exchange(fx, { grantType: "refresh_token", refreshToken: r1.body.refreshToken });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe("invalid_refresh_token");
    const [session] = await t.ctx.db.read.select().from(endUserSessions).where(eq(endUserSessions.id, first.body.sessionId));
    expect(session!.revokedReason).toBe("refresh_reuse");
    const current = await fx.call("GET", "/auth/session", undefined, { authorization: `Bearer ${r1.body.accessToken}` });
    expect(current.status).toBe(401);
  });

  test("lifetimes: idle 14 days (a refresh slides it), absolute 30 days", async () => {
    const first = await signInByMagicLink(t, fx, "idle@example.com");
    t.clock.advance(13 * DAY);
    let refreshed = await exchange(fx, { grantType: "refresh_token", refreshToken: first.body.refreshToken });
    expect(refreshed.status).toBe(200);
    t.clock.advance(13 * DAY);
    refreshed = await exchange(fx, { grantType: "refresh_token", refreshToken: refreshed.body.refreshToken });
    expect(refreshed.status).toBe(200);
    // Day 26 refresh: idle would reach day 40, capped at day 30.
    t.clock.advance(4 * DAY);
    const past = await exchange(fx, { grantType: "refresh_token", refreshToken: refreshed.body.refreshToken });
    expect(past.status).toBe(401);
    expect(past.body.error).toBe("invalid_refresh_token");

    const idle = await signInByMagicLink(t, fx, "idle2@example.com");
    t.clock.advance(14 * DAY);
    expect((await exchange(fx, { grantType: "refresh_token", refreshToken: idle.body.refreshToken })).body.error).toBe("invalid_refresh_token");
  });

  test("refused: unknown token, another application's token, a disabled end user", async () => {
    expect((await exchange(fx, { grantType: "refresh_token", refreshToken: "eurt_unknown" })).body.error).toBe("invalid_refresh_token");
    const stranger = await createFixture(t, "owner4@sessions.example", "Refresh Stranger Co");
    const theirs = await signInByMagicLink(t, stranger, "theirs@example.com");
    const cross = await exchange(fx, { grantType: "refresh_token", refreshToken: theirs.body.refreshToken });
    expect(cross.status).toBe(401);
    expect(cross.body.error).toBe("invalid_refresh_token");
    // Still good at home: the refusal did not spend it.
    const home = await exchange(stranger, { grantType: "refresh_token", refreshToken: theirs.body.refreshToken });
    expect(home.status).toBe(200);
    await t.ctx.db.write((tx) => tx.update(endUsers).set({ status: "disabled" }).where(eq(endUsers.id, theirs.body.endUser.id)));
    const disabled = await exchange(stranger, { grantType: "refresh_token", refreshToken: home.body.refreshToken });
    expect(disabled.status).toBe(403);
    expect(disabled.body.error).toBe("end_user_disabled");
  });

  test("bad input: missing field for the grant, unknown grantType, wrong types, oversize", async () => {
    const cases: Array<[unknown, string]> = [
      [{}, "code"],
      [{ grantType: "refresh_token" }, "refreshToken"],
      [{ grantType: "password", code: "x" }, "grantType"],
      [{ code: 5 }, "code"],
      [{ grantType: "refresh_token", refreshToken: "x".repeat(600) }, "refreshToken"],
    ];
    for (const [json, field] of cases) {
      const r = await exchange(fx, json);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_request", field });
    }
  });
});

describe("sign-out and GET auth/session", () => {
  test("GET auth/session answers while the session is live; sign-out by access token ends it at once", async () => {
    const r = await signInByMagicLink(t, fx, "out@example.com");
    const bearer = { authorization: `Bearer ${r.body.accessToken}` };
    const live = await fx.call("GET", "/auth/session", undefined, bearer);
    expect(live.status).toBe(200);
    expect(live.body.endUser.email).toBe("out@example.com");
    expect(live.body.session).toMatchObject({ id: r.body.sessionId, amr: ["otp"] });
    const out = await fx.call("POST", "/auth/session/sign-out", undefined, bearer);
    expect(out.body).toEqual({ signedOut: true, revokedSessions: 1 });
    const after = await fx.call("GET", "/auth/session", undefined, bearer);
    expect(after.status).toBe(401);
    expect(after.body.error).toBe("invalid_access_token");
    expect((await exchange(fx, { grantType: "refresh_token", refreshToken: r.body.refreshToken })).body.error).toBe("invalid_refresh_token");
    // Idempotent.
    const again = await fx.call("POST", "/auth/session/sign-out", undefined, bearer);
    expect(again.body).toEqual({ signedOut: true, revokedSessions: 0 });
  });

  test("sign-out by refresh token; another application's refresh token is left alone", async () => {
    const r = await signInByMagicLink(t, fx, "out2@example.com");
    const stranger = await createFixture(t, "owner5@sessions.example", "Out Stranger Co");
    const out = await stranger.call("POST", "/auth/session/sign-out", { refreshToken: r.body.refreshToken });
    expect(out.body.revokedSessions).toBe(0);
    expect((await fx.call("GET", "/auth/session", undefined, { authorization: `Bearer ${r.body.accessToken}` })).status).toBe(200);
    expect((await fx.call("POST", "/auth/session/sign-out", { refreshToken: r.body.refreshToken })).body.revokedSessions).toBe(1);
    expect((await fx.call("GET", "/auth/session", undefined, { authorization: `Bearer ${r.body.accessToken}` })).status).toBe(401);
  });

  test("access tokens: missing, garbage, another application's (aud) and expired ones are 401", async () => {
    const r = await signInByMagicLink(t, fx, "aud@example.com");
    expect((await fx.call("GET", "/auth/session")).status).toBe(401);
    expect((await fx.call("GET", "/auth/session", undefined, { authorization: "Bearer not.a.jwt" })).body.error).toBe("invalid_access_token");
    const stranger = await createFixture(t, "owner6@sessions.example", "Aud Stranger Co");
    expect((await stranger.call("GET", "/auth/session", undefined, { authorization: `Bearer ${r.body.accessToken}` })).status).toBe(401);
    expect((await stranger.call("POST", "/auth/session/sign-out", undefined, { authorization: `Bearer ${r.body.accessToken}` })).status).toBe(401);
    t.clock.advance(15 * MINUTE);
    expect((await fx.call("GET", "/auth/session", undefined, { authorization: `Bearer ${r.body.accessToken}` })).status).toBe(401);
  });
});

describe("end-users.prune", () => {
  test("deletes flow tokens a day after expiry and sessions 30 days after they ended; keeps the rest", async () => {
    const app = await createTestApp();
    try {
      const f = await createFixture(app, "owner@prune.example", "Prune Co");
      const ended = (await signInByMagicLink(app, f, "ended@example.com")).body;
      await f.call("POST", "/auth/session/sign-out", { refreshToken: ended.refreshToken });
      await f.call("POST", "/auth/magic-link/send", { email: "pending@example.com" });
      app.clock.advance(2 * DAY);
      const fresh = (await signInByMagicLink(app, f, "fresh@example.com")).body;
      let run = await app.ctx.jobs.runNow("end-users.prune");
      expect(run.outcome).toBe("ok");
      const tokens = await app.ctx.db.read.select().from(endUserFlowTokens);
      // The two old links are gone (a day past expiry); today's used link stays until then.
      expect(tokens).toHaveLength(1);
      expect((await app.ctx.db.read.select().from(endUserSessions)).length).toBe(2);
      app.clock.advance(29 * DAY);
      run = await app.ctx.jobs.runNow("end-users.prune");
      const sessions = await app.ctx.db.read.select().from(endUserSessions);
      expect(sessions.map((s) => s.id)).toEqual([fresh.sessionId]);
    } finally {
      await app.close();
    }
  });
});
