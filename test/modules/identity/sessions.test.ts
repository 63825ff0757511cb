/**
 * Dashboard sessions: list your own (opaque ids, the current one marked), revoke one,
 * sign out, sign out everywhere else, and lucia's 30-day sliding expiry on the test clock.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions } from "../../../src/modules/identity/schema";
import { sha256Hex } from "../../../src/platform/crypto/hash";
import { DAY, MINUTE } from "../../support/clock";
import { createTestApp, type TestApp } from "../../support/harness";
import { cookieHeader, requestMagicLink, sessionCookie, sessionSetCookie, signInWithMagicLink, VERIFY_PATH } from "./support";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

/** Signs in through a magic link from a browser with this user agent; returns the session token. */
async function signInFrom(email: string, userAgent: string): Promise<string> {
  const { token } = await requestMagicLink(t, email);
  const r = await t.request("POST", VERIFY_PATH, { json: { token }, headers: { "user-agent": userAgent } });
  expect(r.status).toBe(200);
  return r.body.token;
}

const works = async (token: string) => (await t.request("GET", "/api/auth/session", { token })).status === 200;
const publicId = (token: string) => sha256Hex(token).slice(0, 16);

describe("GET /api/auth/sessions", () => {
  test("needs a session", async () => {
    expect((await t.request("GET", "/api/auth/sessions")).status).toBe(401);
    expect((await t.request("GET", "/api/auth/sessions", { token: "made-up" })).status).toBe(401);
  });

  test("lists only your own live sessions, newest first, with an opaque id and the current one marked", async () => {
    const laptop = await signInFrom("lister@example.com", "Laptop/1.0");
    t.clock.advance(MINUTE);
    const phone = await signInFrom("lister@example.com", "Phone/2.0");
    await signInFrom("someone-else@example.com", "Other/1.0");

    const r = await t.request("GET", "/api/auth/sessions", { token: phone });
    expect(r.status).toBe(200);
    expect(r.body.sessions).toEqual([
      { id: publicId(phone), createdAt: new Date(t.clock.now()).toISOString(), expiresAt: new Date(t.clock.now() + 30 * DAY).toISOString(), current: true, userAgent: "Phone/2.0" },
      { id: publicId(laptop), createdAt: new Date(t.clock.now() - MINUTE).toISOString(), expiresAt: new Date(t.clock.now() - MINUTE + 30 * DAY).toISOString(), current: false, userAgent: "Laptop/1.0" },
    ]);
    for (const s of r.body.sessions) expect(s.id).toMatch(/^[0-9a-f]{16}$/);
    // Neither the tokens nor their stored hashes are revealed.
    for (const token of [phone, laptop]) {
      expect(r.text).not.toContain(token);
      expect(r.text).not.toContain(sha256Hex(token));
    }
  });

  test("an overlong user agent is kept cut to 512 characters", async () => {
    const token = await signInFrom("agent@example.com", "A".repeat(2000));
    const r = await t.request("GET", "/api/auth/sessions", { token });
    expect(r.body.sessions[0].userAgent).toBe("A".repeat(512));
  });
});

describe("DELETE /api/auth/sessions/:id", () => {
  test("revokes one of your other sessions; it stops working at once", async () => {
    const keep = await signInFrom("revoker@example.com", "Keep/1");
    const lose = await signInFrom("revoker@example.com", "Lose/1");
    const r = await t.request("DELETE", `/api/auth/sessions/${publicId(lose)}`, { token: keep });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ revoked: true, current: false });
    expect(sessionSetCookie(r)).toBeUndefined();
    expect(await works(lose)).toBe(false);
    expect(await works(keep)).toBe(true);
    expect((await t.request("GET", "/api/auth/sessions", { token: keep })).body.sessions.map((s: any) => s.id)).toEqual([publicId(keep)]);
  });

  test("another user's session, an unknown or an already revoked id → 404; nothing changes", async () => {
    const mine = await signInFrom("owner-of-one@example.com", "Mine/1");
    const theirs = await signInFrom("victim@example.com", "Theirs/1");
    for (const id of [publicId(theirs), "0123456789abcdef", publicId(mine).replace(/.$/, (c) => (c === "0" ? "1" : "0"))]) {
      const r = await t.request("DELETE", `/api/auth/sessions/${id}`, { token: mine });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: "session_not_found", message: "no such session of yours" });
    }
    expect(await works(theirs)).toBe(true);
    expect(await works(mine)).toBe(true);
  });

  test("a malformed id is 400 naming the field; no session → 401", async () => {
    const mine = await signInFrom("malformed@example.com", "M/1");
    for (const id of ["xyz", "0123456789ABCDEF", sha256Hex(mine)]) {
      const r = await t.request("DELETE", `/api/auth/sessions/${id}`, { token: mine });
      expect(r.status).toBe(400);
      expect(r.body.field).toBe("id");
    }
    expect((await t.request("DELETE", `/api/auth/sessions/${publicId(mine)}`)).status).toBe(401);
    expect(await works(mine)).toBe(true);
  });

  test("revoking the current session signs this browser out and clears its cookie", async () => {
    const { cookie } = await signInWithMagicLink(t, "self-revoke@example.com");
    const r = await t.request("DELETE", `/api/auth/sessions/${publicId(cookie)}`, { headers: cookieHeader(cookie) });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ revoked: true, current: true });
    expect(sessionCookie(r)).toBe("");
    expect(await works(cookie)).toBe(false);
  });
});

describe("POST /api/auth/sign-out", () => {
  test("ends the current session and clears the cookie; other sessions live on", async () => {
    const other = await signInFrom("leaver@example.com", "Other/1");
    const { cookie } = await signInWithMagicLink(t, "leaver@example.com");
    const r = await t.request("POST", "/api/auth/sign-out", { headers: cookieHeader(cookie) });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ signedOut: true });
    const line = sessionSetCookie(r)!;
    expect(sessionCookie(r)).toBe("");
    expect(line).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await works(cookie)).toBe(false);
    expect(await works(other)).toBe(true);
    // Signing out again: the session is gone.
    expect((await t.request("POST", "/api/auth/sign-out", { headers: cookieHeader(cookie) })).status).toBe(401);
  });

  test("works with a bearer token too; no session → 401", async () => {
    const token = await signInFrom("bearer-leaver@example.com", "B/1");
    expect((await t.request("POST", "/api/auth/sign-out", { token })).status).toBe(200);
    expect(await works(token)).toBe(false);
    expect((await t.request("POST", "/api/auth/sign-out")).status).toBe(401);
  });
});

describe("POST /api/auth/sign-out-everywhere", () => {
  test("revokes every other session of yours, keeps this one and other users' sessions", async () => {
    const here = await signInFrom("everywhere@example.com", "Here/1");
    const a = await signInFrom("everywhere@example.com", "A/1");
    const b = await signInFrom("everywhere@example.com", "B/1");
    const stranger = await signInFrom("stranger@example.com", "S/1");
    const r = await t.request("POST", "/api/auth/sign-out-everywhere", { token: here });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ revoked: 2 });
    expect([await works(here), await works(a), await works(b), await works(stranger)]).toEqual([true, false, false, true]);
    expect((await t.request("POST", "/api/auth/sign-out-everywhere", { token: here })).body).toEqual({ revoked: 0 });
    expect((await t.request("POST", "/api/auth/sign-out-everywhere")).status).toBe(401);
  });
});

describe("sliding expiry (30 days, renewed in the second half)", () => {
  test("use in the first half changes nothing; use in the second half extends the session and re-sends the cookie", async () => {
    const { cookie } = await signInWithMagicLink(t, "slider@example.com");
    const start = t.clock.now();
    const stored = async () => (await t.ctx.db.read.select().from(sessions).where(eq(sessions.id, sha256Hex(cookie))))[0]!.expiresAt;

    t.clock.advance(14 * DAY);
    const early = await t.request("GET", "/api/auth/sessions", { headers: cookieHeader(cookie) });
    expect(early.status).toBe(200);
    expect(sessionSetCookie(early)).toBeUndefined();
    expect(await stored()).toBe(start + 30 * DAY);

    t.clock.advance(2 * DAY); // day 16: second half
    const late = await t.request("GET", "/api/auth/sessions", { headers: cookieHeader(cookie) });
    expect(late.status).toBe(200);
    expect(sessionCookie(late)).toBe(cookie);
    expect(sessionSetCookie(late)).toContain("HttpOnly");
    expect(await stored()).toBe(t.clock.now() + 30 * DAY);
    expect(late.body.sessions[0].expiresAt).toBe(new Date(t.clock.now() + 30 * DAY).toISOString());

    // Still alive 29 days later (46 days after sign-in), because it was extended.
    t.clock.advance(29 * DAY);
    expect((await t.request("GET", "/api/auth/session", { headers: cookieHeader(cookie) })).status).toBe(200);
  });

  test("a session left unused for 30 days expires: 401, and it is gone", async () => {
    const { cookie } = await signInWithMagicLink(t, "sleeper@example.com");
    t.clock.advance(30 * DAY - 1);
    const other = await signInFrom("sleeper@example.com", "Fresh/1");
    t.clock.advance(1);
    const r = await t.request("GET", "/api/auth/session", { headers: cookieHeader(cookie) });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("unauthorized");
    expect(await t.ctx.db.read.select().from(sessions).where(eq(sessions.id, sha256Hex(cookie)))).toEqual([]);
    // The list never shows an expired session.
    const list = await t.request("GET", "/api/auth/sessions", { token: other });
    expect(list.body.sessions.map((s: any) => s.id)).toEqual([publicId(other)]);
  });

  test("an expired session that was never touched is left out of the list", async () => {
    const old = await signInFrom("listing-expiry@example.com", "Old/1");
    t.clock.advance(31 * DAY);
    const fresh = await signInFrom("listing-expiry@example.com", "New/1");
    const list = await t.request("GET", "/api/auth/sessions", { token: fresh });
    expect(list.body.sessions.map((s: any) => s.id)).toEqual([publicId(fresh)]);
    // And it cannot be revoked as if it were live.
    expect((await t.request("DELETE", `/api/auth/sessions/${publicId(old)}`, { token: fresh })).status).toBe(404);
  });
});
