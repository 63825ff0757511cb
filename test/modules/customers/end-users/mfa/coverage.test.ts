/**
 * The SMS rules of §8 on end-user MFA sends, country group by country group: Standard,
 * Limited (2 per number per 24 h), Restricted (1), the platform-wide fuse shared with the
 * organization OTP, numbers outside the list, the 60 s cooldown per session, failed sends
 * that count toward nothing, the per-IP limit, and no SMS provider at all.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, count, eq } from "drizzle-orm";
import { endUserMfaCodes, endUsers } from "../../../../../src/modules/customers/end-users/schema";
import { outboxMessages } from "../../../../../src/platform/outbound/schema";
import { DAY, HOUR, SECOND } from "../../../../support/clock";
import { createTestApp, type TestApp } from "../../../../support/harness";
import { SETUP_TIMEOUT_MS, codeRows, createMfaFixture, endUserByEmail, footprint, recordingGateway, type MfaFixture } from "./support";

const US = "+14155550123";
const PUERTO_RICO = "+17875550123";
const CANADA = "+16135550123";
const KOREA = "+821012345678";
const MEXICO = "+525512345678";
const BRAZIL = "+5511987654321";
const PAKISTAN = "+923001234567";
const NIGERIA = "+2348031234567";
const JAMAICA = "+18765550123";
const BAHAMAS = "+12425550123";

let userSeq = 0;

/** A fresh held sign-in in enroll mode: its mfaToken is a new MFA session (many per test, so not through the magic link). */
async function newSession(fx: MfaFixture): Promise<string> {
  const held = await fx.signInDirect(`user${userSeq++}@example.com`);
  if (!held.mfaRequired) throw new Error("expected an MFA step");
  return held.mfaToken;
}

describe("SMS MFA coverage and limits", () => {
  let t: TestApp;
  const gateway = recordingGateway();
  let fx: MfaFixture;

  beforeAll(async () => {
    t = await createTestApp({ sms: gateway.sender });
    fx = await createMfaFixture(t, "owner@cov.example", "Cov", "required");
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());
  // Each test a day later: per-number caps, the fuse and the per-IP window start empty.
  beforeEach(() => {
    t.clock.advance(DAY + HOUR);
    gateway.failing = false;
  });

  const send = (mfaToken: string, phone: string) => fx.mfa("enroll/send", { mfaToken, phone });
  const resend = (mfaToken: string) => fx.mfa("challenge/resend", { mfaToken });

  test("Standard (US, Puerto Rico, Canada, Korea): no daily cap beyond the 60 s resend throttle", async () => {
    for (const phone of [US, PUERTO_RICO, CANADA, KOREA]) {
      const session = await newSession(fx);
      expect((await send(session, phone)).status).toBe(200);
      for (let i = 0; i < 3; i++) {
        t.clock.advance(60 * SECOND);
        expect((await resend(session)).status).toBe(200);
      }
      // Another session to the same number is not held back by this one's cooldown.
      expect((await send(await newSession(fx), phone)).status).toBe(200);
      expect(gateway.sentTo(phone)).toBe(5);
      expect((await codeRows(t, phone)).every((r) => r.coverageGroup === "standard" && r.delivered)).toBe(true);
    }
    expect((await codeRows(t, PUERTO_RICO))[0]!.country).toBe("US");
    expect((await codeRows(t, CANADA))[0]!.country).toBe("CA");
  });

  test("Limited (Mexico): 2 delivered codes per number in any 24 hours, across sessions", async () => {
    expect((await send(await newSession(fx), MEXICO)).status).toBe(200);
    t.clock.advance(HOUR);
    expect((await send(await newSession(fx), MEXICO)).status).toBe(200);
    const session = await newSession(fx);
    const before = await footprint(t);
    const third = await send(session, MEXICO);
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ error: "region_daily_limit", field: "phone", group: "limited", limit: 2, retryAfterSeconds: 23 * 3600 });
    expect(third.headers.get("retry-after")).toBe(String(23 * 3600));
    expect(await footprint(t)).toEqual(before);
    expect(gateway.sentTo(MEXICO)).toBe(2);
    // The first code leaves the window after 24 hours: room for one more.
    t.clock.advance(23 * HOUR);
    expect((await send(await newSession(fx), MEXICO)).status).toBe(200);
    expect((await codeRows(t, MEXICO)).map((r) => [r.country, r.coverageGroup])).toEqual(Array(3).fill(["MX", "limited"]));
  });

  test("Restricted (Pakistan): 1 delivered code per number per 24 hours, even on a resend of the same session", async () => {
    const session = await newSession(fx);
    expect((await send(session, PAKISTAN)).status).toBe(200);
    t.clock.advance(61 * SECOND);
    const again = await resend(session);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ error: "region_daily_limit", group: "restricted", limit: 1 });
    expect((await send(await newSession(fx), PAKISTAN)).body).toMatchObject({ error: "region_daily_limit" });
    expect(gateway.sentTo(PAKISTAN)).toBe(1);
  });

  test("the per-number cap counts the organization OTP's codes too", async () => {
    const otp = await t.request("POST", `/api/org/${fx.org.slug}/otp/send`, { token: fx.org.owner.token, json: { phone: NIGERIA } });
    expect(otp.status).toBe(200);
    const r = await send(await newSession(fx), NIGERIA);
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ error: "region_daily_limit", group: "restricted" });
  });

  test("Caribbean and Atlantic +1 area codes are outside the list: 502 region_not_supported, nothing sent or counted", async () => {
    const session = await newSession(fx);
    const before = await footprint(t);
    for (const [phone, country] of [
      [JAMAICA, "JM"],
      [BAHAMAS, "BS"],
    ] as const) {
      const r = await send(session, phone);
      expect(r.status).toBe(502);
      expect(r.body).toMatchObject({ error: "region_not_supported", field: "phone", country });
    }
    expect(await footprint(t)).toEqual(before);
    expect(gateway.sentTo(JAMAICA) + gateway.sentTo(BAHAMAS)).toBe(0);
    // No cooldown started either: a covered number goes out at once.
    expect((await send(session, US)).status).toBe(200);
  });

  test("a number without + is outside the list; garbage is invalid_number", async () => {
    const session = await newSession(fx);
    const before = await footprint(t);
    const bare = await send(session, "821012345678");
    expect(bare.status).toBe(502);
    expect(bare.body).toMatchObject({ error: "region_not_supported", field: "phone", country: null });
    for (const garbage of ["+12", "+1 415 555 0123 ext 4", "+0123456789", "+1415555012", "++821012345678", "+82 10 abcd 5678"]) {
      const r = await send(session, garbage);
      expect(r.status).toBe(502);
      expect(r.body).toMatchObject({ error: "invalid_number", field: "phone" });
    }
    const unassigned = await send(session, "+9991234567890");
    expect(unassigned.body).toMatchObject({ error: "region_not_supported" });
    expect(await footprint(t)).toEqual(before);
    expect(gateway.texts.length).toBe(gateway.texts.filter((m) => m.to.startsWith("+")).length);
  });

  test("resend within 60 s of the session's last code: 429 cooldown with Retry-After", async () => {
    const session = await newSession(fx);
    expect((await send(session, BRAZIL)).status).toBe(200);
    t.clock.advance(45 * SECOND);
    const early = await resend(session);
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ error: "cooldown", retryAfterSeconds: 15 });
    expect(early.headers.get("retry-after")).toBe("15");
    // Naming a phone again is a send on the same session: the same cooldown.
    expect((await send(session, US)).body).toMatchObject({ error: "cooldown" });
    t.clock.advance(15 * SECOND);
    expect((await resend(session)).status).toBe(200);
    expect(gateway.sentTo(BRAZIL)).toBe(2);
  });

  test("a failed send: 502 send_failed, the code is void, no cooldown, not counted toward the cap", async () => {
    const session = await newSession(fx);
    gateway.failing = true;
    const failed = await send(session, PAKISTAN);
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ error: "send_failed", channel: "sms" });
    const [voided] = await codeRows(t, PAKISTAN).then((rows) => rows.filter((r) => r.createdAt === t.clock.now()));
    expect(voided).toMatchObject({ delivered: false, expiresAt: t.clock.now() });
    const failedCode = gateway.lastCode(PAKISTAN);

    gateway.failing = false;
    // At once: the failed send started no cooldown, and Restricted's 1 code is still free.
    const retried = await resend(session);
    expect(retried.status).toBe(200);
    const code = gateway.lastCode(PAKISTAN);
    if (failedCode !== code) {
      expect((await fx.mfa("verify", { mfaToken: session, code: failedCode })).body).toMatchObject({ error: "mfa_code_invalid" });
    }
    expect((await fx.mfa("verify", { mfaToken: session, code })).status).toBe(200);
  });

  test("a challenge whose first text fails still answers mfaRequired, with smsDelivered false", async () => {
    const enrolledEmail = "kim@example.com";
    const session = (await fx.signIn(enrolledEmail)).mfaToken;
    expect((await send(session, KOREA)).status).toBe(200);
    expect((await fx.mfa("verify", { mfaToken: session, code: gateway.lastCode(KOREA) })).status).toBe(200);
    expect((await endUserByEmail(t, fx.group.id, enrolledEmail)).mfaPhone).toBe(KOREA);

    t.clock.advance(HOUR);
    gateway.failing = true;
    const held = await fx.signIn(enrolledEmail);
    expect(held).toEqual({ mfaRequired: true, mode: "challenge", mfaToken: expect.any(String), smsDelivered: false, smsError: "send_failed", smsChannel: null });
    gateway.failing = false;
    expect((await resend(held.mfaToken)).status).toBe(200);
    expect((await fx.mfa("verify", { mfaToken: held.mfaToken, code: gateway.lastCode(KOREA) })).status).toBe(200);
  });

  test("parallel sends for the last slot of a Restricted number: exactly one passes", async () => {
    // Open the pool's connections first, so the requests really overlap on PostgreSQL.
    await Promise.all(Array.from({ length: 6 }, () => t.ctx.db.read.select({ n: count() }).from(endUserMfaCodes)));
    const sessions = await Promise.all(Array.from({ length: 4 }, () => newSession(fx)));
    const answers = await Promise.all(sessions.map((session) => send(session, "+923009999999")));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 429, 429, 429]);
    expect(gateway.sentTo("+923009999999")).toBe(1);
  });

  test("at most 20 sends per client IP per hour (429 rate_limited)", async () => {
    for (let i = 0; i < 20; i++) expect((await send(await newSession(fx), `+1212555${String(2000 + i)}`)).status).toBe(200);
    const over = await send(await newSession(fx), "+12125553000");
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: "rate_limited" });
    expect(over.headers.get("retry-after")).not.toBeNull();
    expect(gateway.sentTo("+12125553000")).toBe(0);
  });
});

describe("the daily fuse shared by Limited, Restricted and the organization OTP", () => {
  let t: TestApp;
  const gateway = recordingGateway();
  let fx: MfaFixture;

  beforeAll(async () => {
    t = await createTestApp({ sms: gateway.sender, env: { SIGNET_SMS_DAILY_FUSE: "3" } });
    t.clock.set("2026-03-01T10:00:00.000Z");
    fx = await createMfaFixture(t, "owner@fuse.example", "Fuse", "required");
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  test("MFA and org OTP codes to Limited and Restricted numbers draw on one fuse per UTC day", async () => {
    const send = async (phone: string) => fx.mfa("enroll/send", { mfaToken: await newSession(fx), phone });
    // A failed send does not count.
    gateway.failing = true;
    expect((await send(MEXICO)).status).toBe(502);
    gateway.failing = false;
    expect((await send(MEXICO)).status).toBe(200);
    expect((await send(PAKISTAN)).status).toBe(200);
    const otp = await t.request("POST", `/api/org/${fx.org.slug}/otp/send`, { token: fx.org.owner.token, json: { phone: BRAZIL } });
    expect(otp.status).toBe(200);

    const blown = await send(NIGERIA);
    expect(blown.status).toBe(429);
    expect(blown.body).toMatchObject({ error: "region_fuse", field: "phone", retryAfterSeconds: 14 * 3600 });
    expect(blown.headers.get("retry-after")).toBe(String(14 * 3600));
    const [codes] = await t.ctx.db.read.select({ n: count() }).from(endUserMfaCodes).where(and(eq(endUserMfaCodes.phone, NIGERIA)));
    expect(codes!.n).toBe(0);
    // The org OTP sees the MFA codes too (and keeps its 503).
    const otpBlown = await t.request("POST", `/api/org/${fx.org.slug}/otp/send`, { token: fx.org.owner.token, json: { phone: "+254712345678" } });
    expect(otpBlown.status).toBe(503);
    expect(otpBlown.body).toMatchObject({ error: "region_fuse" });
    // Standard numbers are not fused.
    expect((await send(KOREA)).status).toBe(200);
    // A new UTC day resets the fuse.
    t.clock.set("2026-03-02T00:00:01.000Z");
    expect((await send(NIGERIA)).status).toBe(200);
  });
});

describe("without an SMS provider", () => {
  test("enroll/send answers 503 send_failed and a challenge reports it; nothing is stored", async () => {
    const t = await createTestApp();
    try {
      const fx = await createMfaFixture(t, "owner@none.example", "None", "required");
      const session = await newSession(fx);
      const r = await fx.mfa("enroll/send", { mfaToken: session, phone: KOREA });
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ error: "send_failed", channel: "sms" });
      expect((await fx.mfa("challenge/resend", { mfaToken: session })).status).toBe(503);
      expect((await t.ctx.db.read.select({ n: count() }).from(endUserMfaCodes))[0]!.n).toBe(0);
      expect((await t.ctx.db.read.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.channel, "sms")))[0]!.n).toBe(0);

      // Enrolled earlier, while a provider was configured.
      expect(await fx.signIn("enrolled@none.example")).toMatchObject({ mfaRequired: true, mode: "enroll" });
      const user = await endUserByEmail(t, fx.group.id, "enrolled@none.example");
      await t.ctx.db.write((tx) => tx.update(endUsers).set({ mfaPhone: KOREA, mfaPhoneVerifiedAt: t.clock.now() }).where(eq(endUsers.id, user.id)));
      const held = await fx.signIn("enrolled@none.example");
      expect(held).toMatchObject({ mfaRequired: true, mode: "challenge", smsDelivered: false, smsError: "send_failed", smsChannel: null });
    } finally {
      await t.close();
    }
  }, SETUP_TIMEOUT_MS);

  test("in developer mode the outbox is the provider: codes are readable there", async () => {
    const t = await createTestApp({ env: { SIGNET_DEV: "1" } });
    try {
      const fx = await createMfaFixture(t, "owner@dev.example", "Devmode", "required");
      const session = await newSession(fx);
      expect((await fx.mfa("enroll/send", { mfaToken: session, phone: KOREA })).status).toBe(200);
      const [text] = await t.ctx.db.read.select().from(outboxMessages).where(and(eq(outboxMessages.channel, "sms"), eq(outboxMessages.to, KOREA)));
      const code = text!.text.match(/\d{6}/)![0];
      expect((await fx.mfa("verify", { mfaToken: session, code })).status).toBe(200);
    } finally {
      await t.close();
    }
  }, SETUP_TIMEOUT_MS);
});
