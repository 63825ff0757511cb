/**
 * Dashboard magic links: POST send (no account enumeration, per-address and per-IP
 * limits), POST verify (session cookie and token, stable refusal codes, single use under
 * concurrency) and the GET link a person clicks in the mail.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { magicLinks, sessions, users } from "../../../src/modules/identity/schema";
import { sha256Hex } from "../../../src/platform/crypto/hash";
import { rateCounters } from "../../../src/platform/http/schema";
import { outboxMessages } from "../../../src/platform/outbound/schema";
import { DAY, MINUTE } from "../../support/clock";
import { createTestApp, send, type TestApp } from "../../support/harness";
import { cookieHeader, mailsTo, newMagicLink, requestMagicLink, sessionCookie, sessionSetCookie, VERIFY_PATH } from "./support";

const SEND_PATH = "/api/auth/magic-link/send";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

async function counts() {
  const [u, s, m, mails] = await Promise.all([
    t.ctx.db.read.select().from(users),
    t.ctx.db.read.select().from(sessions),
    t.ctx.db.read.select().from(magicLinks),
    t.ctx.db.read.select().from(outboxMessages),
  ]);
  return { users: u.length, sessions: s.length, links: m.length, mails: mails.length };
}

describe("POST /api/auth/magic-link/send", () => {
  test("202 {sent: true}; mails a single-use link to the dashboard, stored as SHA-256 with a 15-minute TTL; no account yet", async () => {
    const seen = new Set<string>();
    const r = await t.request("POST", SEND_PATH, { json: { email: "  New.Person@Example.COM " } });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ sent: true });

    const { url, token } = await newMagicLink(t, "new.person@example.com", seen);
    expect(url).toBe(`${t.config.dashboardBase}${VERIFY_PATH}?token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url
    const mail = (await mailsTo(t, "new.person@example.com"))[0]!;
    expect(mail.subject).toContain("Sign in");
    expect(mail.text).toContain("15 minutes");

    const [row] = await t.ctx.db.read.select().from(magicLinks).where(eq(magicLinks.id, sha256Hex(token)));
    expect(row).toMatchObject({ email: "new.person@example.com", expiresAt: t.clock.now() + 15 * MINUTE, consumedAt: null, returnUrl: null });
    const stored = JSON.stringify(await t.ctx.db.read.select().from(magicLinks));
    expect(stored).not.toContain(token);
    expect(await t.ctx.db.read.select().from(users).where(eq(users.email, "new.person@example.com"))).toEqual([]);
  });

  test("answers an existing account and an unknown address alike (no enumeration)", async () => {
    await t.ctx.db.write((tx) => tx.insert(users).values({ id: crypto.randomUUID(), email: "known@example.com", createdAt: t.clock.now() }));
    const known = await t.request("POST", SEND_PATH, { json: { email: "known@example.com" } });
    const unknown = await t.request("POST", SEND_PATH, { json: { email: "nobody-here@example.com" } });
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.text).toBe(unknown.text);
    const headerNames = (h: Headers) => {
      const names: string[] = [];
      h.forEach((_, name) => name !== "x-request-id" && names.push(name));
      return names.sort();
    };
    expect(headerNames(known.headers)).toEqual(headerNames(unknown.headers));
    expect(await mailsTo(t, "known@example.com")).toHaveLength(1);
    expect(await mailsTo(t, "nobody-here@example.com")).toHaveLength(1);
  });

  test("a returnUrl on this deployment is kept for after verification; any other is ignored", async () => {
    const kept = await requestMagicLink(t, "return@example.com", { returnUrl: "/orgs/acme" });
    const [row] = await t.ctx.db.read.select().from(magicLinks).where(eq(magicLinks.id, sha256Hex(kept.token)));
    expect(row!.returnUrl).toBe(`${t.config.dashboardBase}/orgs/acme`);

    for (const returnUrl of ["https://evil.example/", "//evil.example", "javascript:alert(1)"]) {
      const ignored = await requestMagicLink(t, "return@example.com", { returnUrl });
      const [other] = await t.ctx.db.read.select().from(magicLinks).where(eq(magicLinks.id, sha256Hex(ignored.token)));
      expect(other!.returnUrl).toBeNull();
    }
  });

  test("bad input is 400 naming the field; nothing is stored or sent", async () => {
    const before = await counts();
    const cases: Array<[unknown, string, string]> = [
      [{ email: "not-an-address" }, "invalid_email", "email"],
      [{ email: "two@@example.com" }, "invalid_email", "email"],
      [{ email: "spaces in@example.com" }, "invalid_email", "email"],
      [{ email: `${"a".repeat(250)}@example.com` }, "invalid_request", "email"],
      [{ email: 42 }, "invalid_request", "email"],
      [{}, "invalid_request", "email"],
      [{ email: "ok@example.com", returnUrl: 7 }, "invalid_request", "returnUrl"],
      [{ email: "ok@example.com", returnUrl: "/" + "a".repeat(5000) }, "invalid_request", "returnUrl"],
    ];
    for (const [json, error, field] of cases) {
      const r = await t.request("POST", SEND_PATH, { json });
      expect({ status: r.status, error: r.body.error, field: r.body.field }).toEqual({ status: 400, error, field });
    }
    const malformed = await t.request("POST", SEND_PATH, { body: "{not json", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_json");
    expect(await counts()).toEqual(before);
    expect(await mailsTo(t, "ok@example.com")).toEqual([]);
  });

  test("5 links per address per 15 minutes, then 429 rate_limited with Retry-After; case does not matter", async () => {
    const window = 15 * MINUTE;
    t.clock.set(Math.ceil(t.clock.now() / window) * window); // the start of a fixed window
    for (let i = 0; i < 5; i++) {
      const r = await t.request("POST", SEND_PATH, { json: { email: i % 2 ? "Limited@Example.com" : "limited@example.com" } });
      expect(r.status).toBe(202);
      t.clock.advance(MINUTE);
    }
    const linksBefore = (await t.ctx.db.read.select().from(magicLinks)).length;
    const refused = await t.request("POST", SEND_PATH, { json: { email: "LIMITED@example.com" } });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "rate_limited", retryAfterSeconds: 10 * 60 });
    expect(refused.headers.get("retry-after")).toBe("600");
    expect(await mailsTo(t, "limited@example.com")).toHaveLength(5);
    expect((await t.ctx.db.read.select().from(magicLinks)).length).toBe(linksBefore);

    // Another address is not affected; the next window allows the address again.
    expect((await t.request("POST", SEND_PATH, { json: { email: "other@example.com" } })).status).toBe(202);
    t.clock.advance(10 * MINUTE);
    expect((await t.request("POST", SEND_PATH, { json: { email: "limited@example.com" } })).status).toBe(202);
    expect(await mailsTo(t, "limited@example.com")).toHaveLength(6);
  });
});

describe("per-IP limit (behind a trusted proxy, over a real socket)", () => {
  let proxied: TestApp;
  let base: string;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { SIGNET_TRUSTED_PROXIES: "127.0.0.1" } });
    proxied.app.listen({ hostname: "127.0.0.1", port: 0 });
    base = `http://127.0.0.1:${proxied.app.server!.port}`;
  });
  afterAll(async () => {
    await proxied.app.stop(true);
    await proxied.close();
  });

  const sendFrom = (ip: string, email: string) =>
    fetch(`${base}${SEND_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ email }),
    });

  test("20 sends per client IP per 15 minutes, whatever the addresses; other IPs are not affected", async () => {
    const window = 15 * MINUTE;
    proxied.clock.set(Math.ceil(proxied.clock.now() / window) * window);
    for (let i = 0; i < 20; i++) expect((await sendFrom("203.0.113.9", `ip-${i}@example.com`)).status).toBe(202);
    const refused = await sendFrom("203.0.113.9", "ip-fresh@example.com");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: "rate_limited", retryAfterSeconds: 900 });
    expect(refused.headers.get("retry-after")).toBe("900");
    expect(await mailsTo(proxied, "ip-fresh@example.com")).toEqual([]);
    const [counter] = await proxied.ctx.db.read.select().from(rateCounters).where(eq(rateCounters.id, "magic-link:ip:203.0.113.9"));
    expect(counter!.count).toBe(20);

    expect((await sendFrom("198.51.100.7", "ip-fresh@example.com")).status).toBe(202);
    const [link] = await proxied.ctx.db.read.select().from(magicLinks).where(eq(magicLinks.email, "ip-fresh@example.com"));
    expect(link!.requestIp).toBe("198.51.100.7");
    proxied.clock.advance(window);
    expect((await sendFrom("203.0.113.9", "ip-later@example.com")).status).toBe(202);
  });

  test("a session remembers the client IP and user agent it was started from", async () => {
    expect((await sendFrom("192.0.2.44", "ip-session@example.com")).status).toBe(202);
    const { token } = await newMagicLink(proxied, "ip-session@example.com", new Set());
    const verified = await fetch(`${base}${VERIFY_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.45", "user-agent": "Browser/9" },
      body: JSON.stringify({ token }),
    });
    expect(verified.status).toBe(200);
    const session = (await verified.json()) as { token: string };
    const list = await fetch(`${base}/api/auth/sessions`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(((await list.json()) as any).sessions).toEqual([expect.objectContaining({ current: true, ip: "192.0.2.45", userAgent: "Browser/9" })]);
  });
});

describe("POST /api/auth/magic-link/verify", () => {
  test("signs in: session token and expiry in the body, an HttpOnly SameSite=Lax cookie (not Secure on http)", async () => {
    const { token } = await requestMagicLink(t, "Verify.Me@Example.com");
    const r = await t.request("POST", VERIFY_PATH, { json: { token } });
    expect(r.status).toBe(200);
    const [user] = await t.ctx.db.read.select().from(users).where(eq(users.email, "verify.me@example.com"));
    expect(user).toBeDefined();
    expect(r.body).toEqual({
      token: expect.any(String),
      expiresAt: new Date(t.clock.now() + 30 * DAY).toISOString(),
      user: { id: user!.id, email: "verify.me@example.com" },
    });
    const line = sessionSetCookie(r)!;
    expect(line).toContain("HttpOnly");
    expect(line).toContain("SameSite=Lax");
    expect(line).toContain("Path=/");
    expect(line).not.toContain("Secure");
    expect(sessionCookie(r)).toBe(r.body.token);

    for (const auth of [{ token: r.body.token }, { headers: cookieHeader(r.body.token) }]) {
      const me = await t.request("GET", "/api/auth/session", auth);
      expect(me.status).toBe(200);
      expect(me.body.user).toEqual({ id: user!.id, email: "verify.me@example.com", language: null });
    }
  });

  test("an existing account signs in as itself: no second user for the address", async () => {
    const first = await t.request("POST", VERIFY_PATH, { json: { token: (await requestMagicLink(t, "again@example.com")).token } });
    const second = await t.request("POST", VERIFY_PATH, { json: { token: (await requestMagicLink(t, "AGAIN@example.com")).token } });
    expect(second.status).toBe(200);
    expect(second.body.user).toEqual(first.body.user);
    expect(second.body.token).not.toBe(first.body.token);
    expect(await t.ctx.db.read.select().from(users).where(eq(users.email, "again@example.com"))).toHaveLength(1);
  });

  test("the kept returnUrl comes back in the body", async () => {
    const { token } = await requestMagicLink(t, "back@example.com", { returnUrl: "/orgs/acme?tab=members" });
    const r = await t.request("POST", VERIFY_PATH, { json: { token } });
    expect(r.body.returnUrl).toBe(`${t.config.dashboardBase}/orgs/acme?tab=members`);
  });

  test("used → 400 magic_link_used; expired → 400 magic_link_expired; unknown → 400 magic_link_invalid; no session made", async () => {
    const used = await requestMagicLink(t, "refusals@example.com");
    expect((await t.request("POST", VERIFY_PATH, { json: { token: used.token } })).status).toBe(200);

    const expiring = await requestMagicLink(t, "refusals2@example.com");
    const lasting = await requestMagicLink(t, "refusals3@example.com");
    t.clock.advance(15 * MINUTE - 1);
    expect((await t.request("POST", VERIFY_PATH, { json: { token: lasting.token } })).status).toBe(200);
    t.clock.advance(1);

    const before = await counts();
    const cases: Array<[string, string]> = [
      [used.token, "magic_link_used"],
      [expiring.token, "magic_link_expired"],
      ["x".repeat(43), "magic_link_invalid"],
      [lasting.token.slice(0, -1), "magic_link_invalid"],
    ];
    for (const [token, error] of cases) {
      const r = await t.request("POST", VERIFY_PATH, { json: { token } });
      expect({ status: r.status, body: r.body }).toEqual({ status: 400, body: { error, field: "token" } });
      expect(sessionSetCookie(r)).toBeUndefined();
    }
    expect(await counts()).toEqual(before);
    expect(await t.ctx.db.read.select().from(users).where(eq(users.email, "refusals2@example.com"))).toEqual([]);
  });

  test("bad input is 400 naming the field", async () => {
    for (const json of [{}, { token: 5 }, { token: "" }, { token: "x".repeat(600) }]) {
      const r = await t.request("POST", VERIFY_PATH, { json });
      expect({ status: r.status, error: r.body.error, field: r.body.field }).toEqual({ status: 400, error: "invalid_request", field: "token" });
    }
    const malformed = await t.request("POST", VERIFY_PATH, { body: "{", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_json");
  });

  test("two verifies of one token at once: exactly one wins", async () => {
    for (let round = 0; round < 3; round++) {
      const { token } = await requestMagicLink(t, `race-${round}@example.com`);
      const sessionsBefore = (await t.ctx.db.read.select().from(sessions)).length;
      const results = await Promise.all([0, 1, 2].map(() => t.request("POST", VERIFY_PATH, { json: { token } })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
      for (const r of results.filter((r) => r.status === 400)) expect(r.body.error).toBe("magic_link_used");
      expect((await t.ctx.db.read.select().from(sessions)).length).toBe(sessionsBefore + 1);
      expect(await t.ctx.db.read.select().from(users).where(eq(users.email, `race-${round}@example.com`))).toHaveLength(1);
    }
  });
});

describe("GET /api/auth/magic-link/verify (the link in the mail)", () => {
  test("signs the browser in and 303-redirects to the kept returnUrl, else to /", async () => {
    const withReturn = await requestMagicLink(t, "click@example.com", { returnUrl: "/orgs/acme" });
    const r = await t.request("GET", `${VERIFY_PATH}?token=${withReturn.token}`);
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`${t.config.dashboardBase}/orgs/acme`);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const cookie = sessionCookie(r)!;
    expect(sessionSetCookie(r)).toContain("HttpOnly");
    const me = await t.request("GET", "/api/auth/session", { headers: cookieHeader(cookie) });
    expect(me.body.user.email).toBe("click@example.com");

    const plain = await requestMagicLink(t, "click@example.com");
    const home = await t.request("GET", `${VERIFY_PATH}?token=${plain.token}`);
    expect(home.status).toBe(303);
    expect(home.headers.get("location")).toBe("/");
  });

  test("a used, expired, unknown or missing token shows a short HTML page with the reason and a way back to /login", async () => {
    const used = await requestMagicLink(t, "click2@example.com");
    expect((await t.request("GET", `${VERIFY_PATH}?token=${used.token}`)).status).toBe(303);
    const expired = await requestMagicLink(t, "click3@example.com");
    t.clock.advance(16 * MINUTE);
    const before = await counts();
    const cases: Array<[string, RegExp]> = [
      [`?token=${used.token}`, /already been used/],
      [`?token=${expired.token}`, /expired/],
      ["?token=nonsense", /not valid/],
      ["", /not valid/],
    ];
    for (const [query, reason] of cases) {
      const r = await t.request("GET", `${VERIFY_PATH}${query}`);
      expect(r.status).toBe(400);
      expect(r.headers.get("content-type")).toContain("text/html");
      expect(r.text).toMatch(reason);
      expect(r.text).toContain('href="/login"');
      expect(sessionSetCookie(r)).toBeUndefined();
    }
    expect(await counts()).toEqual(before);
  });
});

describe("on an https dashboard", () => {
  test("the link points at the https dashboard and the cookie is Secure", async () => {
    const secure = await createTestApp({ env: { SIGNET_DASHBOARD_BASE: "https://dash.signet.example" } });
    try {
      const { url, token } = await requestMagicLink(secure, "secure@example.com");
      expect(url.startsWith(`https://dash.signet.example${VERIFY_PATH}?token=`)).toBe(true);
      const r = await send(secure.app, "POST", VERIFY_PATH, { json: { token } });
      expect(r.status).toBe(200);
      const line = sessionSetCookie(r)!;
      expect(line).toContain("Secure");
      expect(line).toContain("HttpOnly");
      expect(line).toContain("SameSite=Lax");
    } finally {
      await secure.close();
    }
  });
});
