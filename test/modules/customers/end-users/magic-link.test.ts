/**
 * End-user magic links (spec 4.1): send never reveals an account, the
 * link's redirect rules, single use, 15 minutes, the application binding, rate limits,
 * auto-activation of invited users, the method switch, and bad input.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { endUsers } from "../../../../src/modules/customers/end-users/schema";
import { MINUTE } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { orgApi } from "../apps/support";
import { countRows, createFixture, failuresOf, mailedLink, mailsTo, signInByMagicLink, type Fixture } from "./flows-support";
import { CALLBACK } from "./support";

// Fresh apps and sealed organizations take a few seconds on a busy PostgreSQL.
setDefaultTimeout(30_000);

let t: TestApp;
let fx: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  fx = await createFixture(t, "owner@ml.example", "Magic Co");
});
afterAll(() => t.close());

const portalVerify = () => `${t.config.portalBase}/login/${fx.clientKey}/verify`;

describe("magic-link send", () => {
  test("mails a link to the portal's verify route by default, naming the app group; same 200 for new and known addresses", async () => {
    const r = await fx.call("POST", "/auth/magic-link/send", { email: "  New.Person@Example.com " });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sent: true });
    const [mail] = await mailsTo(t, "new.person@example.com");
    expect(mail!.subject).toContain("Magic Co brand");
    expect(mail!.text).toContain("15 minutes");
    const link = await mailedLink(t, "new.person@example.com");
    expect(`${link.origin}${link.pathname}`).toBe(portalVerify());
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(link.searchParams.has("redirect_url")).toBe(false);
    // Sending creates no end user: the answer cannot tell.
    expect((await t.ctx.db.read.select().from(endUsers).where(eq(endUsers.appGroupId, fx.group.id))).length).toBe(0);
    await signInByMagicLink(t, fx, "known@example.com");
    const again = await fx.call("POST", "/auth/magic-link/send", { email: "known@example.com" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(r.body);
  });

  test("a Callback URL as redirectUrl, and a registered postSignInRedirectUrl carried as redirect_url", async () => {
    const r = await fx.call("POST", "/auth/magic-link/send", { email: "cb@example.com", redirectUrl: CALLBACK, postSignInRedirectUrl: "https://app.example.com/welcome?x=1" });
    expect(r.status).toBe(200);
    const link = await mailedLink(t, "cb@example.com");
    expect(`${link.origin}${link.pathname}`).toBe(CALLBACK);
    expect(link.searchParams.get("redirect_url")).toBe("https://app.example.com/welcome?x=1");
    const verified = await fx.call("POST", "/auth/magic-link/verify", { token: link.searchParams.get("token"), redirectUrl: link.searchParams.get("redirect_url") });
    expect(verified.status).toBe(200);
    expect(verified.body.redirectUrl).toBe("https://app.example.com/welcome?x=1");
  });

  test("an unregistered postSignInRedirectUrl is dropped, not refused or rewritten", async () => {
    const r = await fx.call("POST", "/auth/magic-link/send", { email: "drop@example.com", postSignInRedirectUrl: "https://evil.example.net/steal" });
    expect(r.status).toBe(200);
    const link = await mailedLink(t, "drop@example.com");
    expect(link.searchParams.has("redirect_url")).toBe(false);
    const [mail] = await mailsTo(t, "drop@example.com");
    expect(mail!.text.replace(link.searchParams.get("token")!, "")).not.toContain("evil.example.net");
    const verified = await fx.call("POST", "/auth/magic-link/verify", { token: link.searchParams.get("token") });
    expect(verified.body.redirectUrl).toBeNull();
  });

  test("redirectUrl elsewhere is 400 redirect_not_allowed naming the field; nothing stored or mailed", async () => {
    const before = await countRows(t);
    const r = await fx.call("POST", "/auth/magic-link/send", { email: "evil@example.com", redirectUrl: "https://evil.example.net/verify" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "redirect_not_allowed", field: "redirectUrl" });
    expect(r.text).not.toContain("evil.example.net");
    expect(await countRows(t)).toEqual(before);
    expect(await mailsTo(t, "evil@example.com")).toHaveLength(0);
  });

  test("bad input: invalid e-mail, wrong types, oversize fields, malformed JSON", async () => {
    const cases: Array<[unknown, string]> = [
      [{ email: "not-an-address" }, "email"],
      [{ email: 42 }, "email"],
      [{}, "email"],
      [{ email: `${"a".repeat(250)}@example.com` }, "email"],
      [{ email: "x@example.com", redirectUrl: 5 }, "redirectUrl"],
      [{ email: "x@example.com", redirectUrl: `${CALLBACK}?${"a".repeat(2100)}` }, "redirectUrl"],
      [{ email: "x@example.com", turnstileToken: "t".repeat(3000) }, "turnstileToken"],
    ];
    for (const [json, field] of cases) {
      const r = await fx.call("POST", "/auth/magic-link/send", json);
      expect(r.status).toBe(400);
      expect(r.body.field).toBe(field);
    }
    const malformed = await t.request("POST", `/api/public/apps/${fx.clientKey}/auth/magic-link/send`, { body: "{email:", headers: { "content-type": "application/json", origin: "https://app.example.com" } });
    expect(malformed.status).toBe(400);
    expect(await mailsTo(t, "x@example.com")).toHaveLength(0);
  });

  test("unknown or disabled application key: 404", async () => {
    expect((await t.request("POST", "/api/public/apps/client_nope/auth/magic-link/send", { json: { email: "a@example.com" } })).status).toBe(404);
    const other = await createFixture(t, "owner2@ml.example", "Disabled Co");
    const otherApi = orgApi(t, other.org);
    expect((await otherApi("PATCH", `/applications/${other.application.id}/status`, other.org.owner.token, { status: "disabled" })).status).toBe(200);
    const r = await other.call("POST", "/auth/magic-link/send", { email: "a@example.com" });
    expect(r.status).toBe(404);
    expect(await mailsTo(t, "a@example.com")).toHaveLength(0);
  });

  test("rate limits: 5 sends per address per 15 minutes, 20 per IP; 429 with Retry-After, then free again", async () => {
    const limited = await createFixture(t, "owner3@ml.example", "Limits Co");
    for (let i = 0; i < 5; i++) expect((await limited.call("POST", "/auth/magic-link/send", { email: "flood@example.com" })).status).toBe(200);
    const refused = await limited.call("POST", "/auth/magic-link/send", { email: "FLOOD@example.com" });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await mailsTo(t, "flood@example.com")).toHaveLength(5);
    t.clock.advance(15 * MINUTE);
    expect((await limited.call("POST", "/auth/magic-link/send", { email: "flood@example.com" })).status).toBe(200);
  });

  test("per-IP limit across addresses (20 per 15 minutes), over a real socket behind a trusted proxy", async () => {
    const app = await createTestApp({ env: { SIGNET_TRUSTED_PROXIES: "127.0.0.1/32" } });
    // app.listen (not app.handle) so the kernel sees the socket's peer address.
    app.app.listen({ port: 0, hostname: "127.0.0.1" });
    const server = { url: `http://127.0.0.1:${app.app.server!.port}`, stop: () => app.app.stop(true) };
    try {
      const spray = await createFixture(app, "owner@spray.example", "Spray");
      const send = (email: string, ip: string) =>
        fetch(`${server.url}/api/public/apps/${spray.clientKey}/auth/magic-link/send`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": ip },
          body: JSON.stringify({ email }),
        });
      for (let i = 0; i < 20; i++) expect((await send(`s${i}@example.com`, "203.0.113.7")).status).toBe(200);
      const refused = await send("s20@example.com", "203.0.113.7");
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as any).error).toBe("rate_limited");
      expect(await mailsTo(app, "s20@example.com")).toHaveLength(0);
      // Another client IP is not held back.
      expect((await send("s21@example.com", "203.0.113.8")).status).toBe(200);
    } finally {
      await server.stop();
      await app.close();
    }
  });

  test("magicLink switched off: 403 method_disabled on send and verify", async () => {
    const off = await createFixture(t, "owner5@ml.example", "Off Co");
    expect((await off.call("POST", "/auth/magic-link/send", { email: "off@example.com" })).status).toBe(200);
    const token = (await mailedLink(t, "off@example.com")).searchParams.get("token");
    await off.updateGroup({ loginMethods: { magicLink: false } });
    const send = await off.call("POST", "/auth/magic-link/send", { email: "off@example.com" });
    expect(send.status).toBe(403);
    expect(send.body.error).toBe("method_disabled");
    const verify = await off.call("POST", "/auth/magic-link/verify", { token });
    expect(verify.status).toBe(403);
    expect(verify.body.error).toBe("method_disabled");
    expect(await mailsTo(t, "off@example.com")).toHaveLength(1);
  });
});

describe("magic-link verify", () => {
  test("signs in: creates the end user verified and active, SignedIn with tokens, newUser true then false", async () => {
    const first = await signInByMagicLink(t, fx, "alice@example.com");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "signed_in", tokenType: "Bearer", expiresIn: 900, newUser: true, redirectUrl: null });
    expect(first.body.accessToken.split(".")).toHaveLength(3);
    expect(first.body.refreshToken).toMatch(/^eurt_/);
    expect(first.body.endUser).toMatchObject({ email: "alice@example.com", emailVerified: true, status: "active" });
    expect(first.body.code).toBeUndefined();
    const second = await signInByMagicLink(t, fx, "alice@example.com");
    expect(second.body.newUser).toBe(false);
    expect(second.body.endUser.id).toBe(first.body.endUser.id);
    expect(second.body.sessionId).not.toBe(first.body.sessionId);
  });

  test("an invited (imported) end user is activated and verified by the link", async () => {
    const now = t.clock.now();
    await t.ctx.db.write((tx) =>
      tx.insert(endUsers).values({ id: crypto.randomUUID(), orgId: fx.org.orgId, appGroupId: fx.group.id, email: "invited@example.com", status: "invited", createdAt: now, updatedAt: now }),
    );
    const r = await signInByMagicLink(t, fx, "invited@example.com");
    expect(r.status).toBe(200);
    expect(r.body.newUser).toBe(false);
    expect(r.body.endUser).toMatchObject({ status: "active", emailVerified: true });
  });

  test("a disabled end user gets no mail, the same answer, and verify of an older link is 403 end_user_disabled", async () => {
    await fx.call("POST", "/auth/magic-link/send", { email: "blocked@example.com" });
    const token = (await mailedLink(t, "blocked@example.com")).searchParams.get("token");
    await signInByMagicLink(t, fx, "blocked@example.com");
    await t.ctx.db.write((tx) => tx.update(endUsers).set({ status: "disabled" }).where(eq(endUsers.email, "blocked@example.com")));
    const mails = (await mailsTo(t, "blocked@example.com")).length;
    const send = await fx.call("POST", "/auth/magic-link/send", { email: "blocked@example.com" });
    expect(send.status).toBe(200);
    expect(send.body).toEqual({ sent: true });
    expect(await mailsTo(t, "blocked@example.com")).toHaveLength(mails);
    const r = await fx.call("POST", "/auth/magic-link/verify", { token });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("end_user_disabled");
  });

  test("a replay is 400 token_used; the failure is recorded for analytics", async () => {
    await fx.call("POST", "/auth/magic-link/send", { email: "replay@example.com" });
    const token = (await mailedLink(t, "replay@example.com")).searchParams.get("token");
    expect((await fx.call("POST", "/auth/magic-link/verify", { token })).status).toBe(200);
    const before = await countRows(t);
    const replay = await fx.call("POST", "/auth/magic-link/verify", { token });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("token_used");
    const after = await countRows(t);
    expect(after.sessions).toBe(before.sessions);
    expect((await failuresOf(t, fx.group.id)).map((f) => f.failureReason)).toContain("token_used");
  });

  test("after 15 minutes: 400 token_expired; an unknown token: 400 invalid_token", async () => {
    await fx.call("POST", "/auth/magic-link/send", { email: "late@example.com" });
    const token = (await mailedLink(t, "late@example.com")).searchParams.get("token");
    t.clock.advance(15 * MINUTE);
    const late = await fx.call("POST", "/auth/magic-link/verify", { token });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe("token_expired");
    const unknown = await fx.call("POST", "/auth/magic-link/verify", { token: "x".repeat(43) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("invalid_token");
  });

  test("another application of the group: token_application_mismatch; another org's app: invalid_token", async () => {
    await fx.call("POST", "/auth/magic-link/send", { email: "bound@example.com" });
    const token = (await mailedLink(t, "bound@example.com")).searchParams.get("token");
    const api = orgApi(t, fx.org);
    const second = await api("POST", `/app-groups/${fx.group.id}/apps`, fx.org.owner.token, {
      name: "Staging",
      platform: "web",
      environment: "staging",
      allowedOrigins: ["https://app.example.com"],
      callbackUrls: [CALLBACK],
    });
    expect(second.status).toBeLessThan(300);
    const sibling = await t.request("POST", `/api/public/apps/${second.body.clientKey}/auth/magic-link/verify`, { json: { token } });
    expect(sibling.status).toBe(400);
    expect(sibling.body.error).toBe("token_application_mismatch");
    const stranger = await createFixture(t, "owner6@ml.example", "Stranger Co");
    const foreign = await stranger.call("POST", "/auth/magic-link/verify", { token });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe("invalid_token");
    // Still good where it belongs.
    expect((await fx.call("POST", "/auth/magic-link/verify", { token })).status).toBe(200);
  });

  test("bad input: missing or empty token, wrong types, oversize token, malformed JSON", async () => {
    for (const json of [{}, { token: "" }, { token: 12 }, { token: "a".repeat(600) }, { token: "abc", redirectUrl: [] }]) {
      const r = await fx.call("POST", "/auth/magic-link/verify", json);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("invalid_request");
    }
    const malformed = await t.request("POST", `/api/public/apps/${fx.clientKey}/auth/magic-link/verify`, { body: "{", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
  });

  test("503 signing_key_missing before anything is written when the org has no signing key", async () => {
    const unsealed = await (await import("../../../support/accounts")).createOrg(t, "owner7@ml.example", "Unsealed Co");
    const api = orgApi(t, unsealed);
    const group = await api("POST", "/app-groups", unsealed.owner.token, { name: "Unsealed brand" });
    const app = group.body.applications[0];
    await api("PUT", `/applications/${app.id}`, unsealed.owner.token, { allowedOrigins: ["https://app.example.com"], callbackUrls: [CALLBACK] });
    const call = (path: string, json: unknown) => t.request("POST", `/api/public/apps/${app.clientKey}${path}`, { json });
    expect((await call("/auth/magic-link/send", { email: "u@example.com" })).status).toBe(200);
    const token = (await mailedLink(t, "u@example.com")).searchParams.get("token");
    const r = await call("/auth/magic-link/verify", { token });
    expect(r.status).toBe(503);
    expect(r.body.error).toBe("signing_key_missing");
    expect((await t.ctx.db.read.select().from(endUsers).where(eq(endUsers.email, "u@example.com"))).length).toBe(0);
  });
});
