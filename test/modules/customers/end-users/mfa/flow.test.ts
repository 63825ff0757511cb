/**
 * End-user SMS MFA (spec 4.1): when a sign-in is held (off / optional / required),
 * enrollment, the challenge of the next sign-in, verify's codes and limits.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { endUserFlowTokens, endUserMfaCodes, endUserSessions, endUsers } from "../../../../../src/modules/customers/end-users/schema";
import { sha256Hex } from "../../../../../src/platform/crypto/hash";
import { DAY, HOUR, MINUTE, SECOND } from "../../../../support/clock";
import { createTestApp, type TestApp } from "../../../../support/harness";
import { mailedLink } from "../flows-support";
import { CALLBACK } from "../support";
import { SETUP_TIMEOUT_MS, codeRows, createMfaFixture, endUserByEmail, footprint, recordingGateway, signInRows, type MfaFixture } from "./support";

const KOREA = "+821012345678";

describe("SMS MFA sign-in", () => {
  let t: TestApp;
  const gateway = recordingGateway();
  let required: MfaFixture;
  let optional: MfaFixture;
  let off: MfaFixture;
  let phoneSeq = 1000;
  /** A fresh Korean mobile number per test: no caps or cooldowns shared. */
  const freshPhone = () => `+82105555${String(phoneSeq++).padStart(4, "0")}`;

  beforeAll(async () => {
    t = await createTestApp({ sms: gateway.sender });
    required = await createMfaFixture(t, "owner@req.example", "Req", "required");
    optional = await createMfaFixture(t, "owner@opt.example", "Opt", "optional");
    off = await createMfaFixture(t, "owner@off.example", "Off", "off");
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());
  // Each test in a fresh hour: the per-IP send limit never leaks between tests.
  beforeEach(() => {
    t.clock.advance(HOUR);
    gateway.failing = false;
  });

  /** Enrolls `email` in `fx` with `phone` and returns the completed sign-in. */
  async function enroll(fx: MfaFixture, email: string, phone: string) {
    const held = await fx.signIn(email);
    expect(held).toMatchObject({ mfaRequired: true, mode: "enroll" });
    expect((await fx.mfa("enroll/send", { mfaToken: held.mfaToken, phone })).status).toBe(200);
    const done = await fx.mfa("verify", { mfaToken: held.mfaToken, code: gateway.lastCode(phone) });
    expect(done.status).toBe(200);
    return done.body;
  }

  /** Gives an end user a verified MFA phone directly, as an earlier enrollment would have. */
  async function markEnrolled(endUserId: string, phone: string) {
    await t.ctx.db.write((tx) => tx.update(endUsers).set({ mfaPhone: phone, mfaPhoneVerifiedAt: t.clock.now() }).where(eq(endUsers.id, endUserId)));
  }

  test("off: a sign-in opens its session at once, even for an enrolled end user", async () => {
    const first = await off.signIn("ann@off.example");
    expect(first.status).toBe("signed_in");
    const phone = freshPhone();
    await markEnrolled(first.endUser.id, phone);
    const signedIn = await off.signIn("ann@off.example");
    expect(signedIn).toMatchObject({ status: "signed_in", endUser: { mfaEnrolled: true } });
    expect(decodeJwt(signedIn.accessToken).amr).toEqual(["otp"]);
    expect(gateway.sentTo(phone)).toBe(0);
  });

  test("optional: no MFA without a verified phone", async () => {
    const signedIn = await optional.signIn("bob@opt.example");
    expect(signedIn.status).toBe("signed_in");
    expect(signedIn.endUser.mfaEnrolled).toBe(false);
  });

  test("required: enroll (nothing sent, no session), send, verify; the next sign-in challenges", async () => {
    const before = await footprint(t);
    const held = await required.signIn("cat@req.example");
    expect(held).toEqual({ mfaRequired: true, mode: "enroll", mfaToken: expect.any(String), smsDelivered: null, smsError: null, smsChannel: null });
    const after = await footprint(t);
    expect(after.sessions).toBe(before.sessions);
    expect(after.codes).toBe(before.codes);
    const cat = await endUserByEmail(t, required.group.id, "cat@req.example");
    // The mfa token is stored as its SHA-256 and lives 10 minutes.
    const [token] = await t.ctx.db.read.select().from(endUserFlowTokens).where(eq(endUserFlowTokens.id, sha256Hex(held.mfaToken)));
    expect(token).toMatchObject({ kind: "mfa", endUserId: cat.id, expiresAt: t.clock.now() + 10 * MINUTE, usedAt: null });
    expect(token!.data).toMatchObject({ mode: "enroll", method: "magic_link", amr: ["otp"], created: true, redirectUrl: null, phone: null });
    expect(await signInRows(t, cat.id)).toEqual([]);

    const phone = freshPhone();
    const sent = await required.mfa("enroll/send", { mfaToken: held.mfaToken, phone: "+82 10-5555 " + phone.slice(-4) });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ sent: true, channel: "sms" });
    expect(gateway.texts.at(-1)!.text).toMatch(/^\d{6} is your sign-in code\. It expires in 10 minutes\.$/);
    const [row] = await codeRows(t, phone);
    expect(row).toMatchObject({ endUserId: cat.id, country: "KR", coverageGroup: "standard", channel: "sms", delivered: true, usedAt: null, flowTokenId: token!.id });
    expect(row!.codeHash).toBe(sha256Hex(`${row!.id}:${gateway.lastCode(phone)}`));

    const done = await required.mfa("verify", { mfaToken: held.mfaToken, code: gateway.lastCode(phone) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "signed_in", newUser: true, endUser: { id: cat.id, mfaEnrolled: true } });
    expect(decodeJwt(done.body.accessToken).amr).toEqual(["otp", "sms", "mfa"]);
    const [session] = await t.ctx.db.read.select().from(endUserSessions).where(eq(endUserSessions.id, done.body.sessionId));
    expect(session!.amr).toEqual(["otp", "sms", "mfa"]);
    expect(await endUserByEmail(t, required.group.id, "cat@req.example")).toMatchObject({ mfaPhone: phone, mfaPhoneVerifiedAt: t.clock.now() });
    // The sign-in is recorded once, with the first factor's method.
    expect((await signInRows(t, cat.id)).map((r) => [r.method, r.outcome, r.signup])).toEqual([["magic_link", "success", true]]);
    // The token is spent: a replay is refused.
    expect((await required.mfa("verify", { mfaToken: held.mfaToken, code: gateway.lastCode(phone) })).body).toMatchObject({ error: "token_used" });

    // Next sign-in: a challenge texted at once to the enrolled phone.
    t.clock.advance(HOUR);
    const challenged = await required.signIn("cat@req.example");
    expect(challenged).toEqual({ mfaRequired: true, mode: "challenge", mfaToken: expect.any(String), smsDelivered: true, smsError: null, smsChannel: "sms" });
    expect(gateway.sentTo(phone)).toBe(2);
    const again = await required.mfa("verify", { mfaToken: challenged.mfaToken, code: gateway.lastCode(phone) });
    expect(again.status).toBe(200);
    expect(again.body.newUser).toBe(false);
    expect(decodeJwt(again.body.accessToken).amr).toEqual(["otp", "sms", "mfa"]);
  });

  test("optional: an enrolled end user is challenged; a challenge refuses enroll/send", async () => {
    const phone = freshPhone();
    const dan = await optional.signIn("dan@opt.example");
    expect(dan.status).toBe("signed_in");
    await markEnrolled(dan.endUser.id, phone);

    const held = await optional.signIn("dan@opt.example");
    expect(held).toMatchObject({ mfaRequired: true, mode: "challenge", smsDelivered: true, smsChannel: "sms" });
    const refused = await optional.mfa("enroll/send", { mfaToken: held.mfaToken, phone: freshPhone() });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: "mfa_mode_mismatch", field: "mfaToken" });
    expect(gateway.sentTo(phone)).toBe(1);
  });

  test("wrong codes count down; the fifth locks the session for good", async () => {
    const phone = freshPhone();
    await enroll(required, "eve@req.example", phone);
    t.clock.advance(HOUR);
    const held = await required.signIn("eve@req.example");
    const right = gateway.lastCode(phone);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 1; left--) {
      const r = await required.mfa("verify", { mfaToken: held.mfaToken, code: wrong });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "mfa_code_invalid", field: "code", attemptsLeft: left });
    }
    const fifth = await required.mfa("verify", { mfaToken: held.mfaToken, code: wrong });
    expect(fifth.status).toBe(400);
    expect(fifth.body).toMatchObject({ error: "mfa_locked", attemptsLeft: 0 });
    const before = await footprint(t);
    // Dead: even the right code, a resend or an enroll send is refused.
    expect((await required.mfa("verify", { mfaToken: held.mfaToken, code: right })).body).toMatchObject({ error: "mfa_locked" });
    t.clock.advance(2 * MINUTE);
    expect((await required.mfa("challenge/resend", { mfaToken: held.mfaToken })).body).toMatchObject({ error: "mfa_locked" });
    expect(await footprint(t)).toEqual(before);
    const eve = await endUserByEmail(t, required.group.id, "eve@req.example");
    const failures = (await signInRows(t, eve.id)).filter((r) => r.outcome === "failure");
    expect(failures.map((r) => [r.method, r.failureReason])).toEqual([...Array(4).fill(["mfa_sms", "mfa_code_invalid"]), ["mfa_sms", "mfa_locked"]]);
  });

  test("a resend replaces the code; the attempts carry over", async () => {
    const phone = freshPhone();
    await enroll(required, "fay@req.example", phone);
    t.clock.advance(HOUR);
    const held = await required.signIn("fay@req.example");
    const first = gateway.lastCode(phone);
    const wrong = first === "000000" ? "111111" : "000000";
    expect((await required.mfa("verify", { mfaToken: held.mfaToken, code: wrong })).body).toMatchObject({ attemptsLeft: 4 });
    t.clock.advance(61 * SECOND);
    const resent = await required.mfa("challenge/resend", { mfaToken: held.mfaToken });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ sent: true, channel: "sms" });
    const second = gateway.lastCode(phone);
    if (second !== first) {
      expect((await required.mfa("verify", { mfaToken: held.mfaToken, code: first })).body).toMatchObject({ error: "mfa_code_invalid", attemptsLeft: 3 });
    }
    expect((await required.mfa("verify", { mfaToken: held.mfaToken, code: second })).status).toBe(200);
  });

  test("an expired mfa token: 400 token_expired, and no session", async () => {
    const held = await required.signIn("gus@req.example");
    const phone = freshPhone();
    expect((await required.mfa("enroll/send", { mfaToken: held.mfaToken, phone })).status).toBe(200);
    t.clock.advance(10 * MINUTE);
    const before = await footprint(t);
    const r = await required.mfa("verify", { mfaToken: held.mfaToken, code: gateway.lastCode(phone) });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "token_expired" });
    expect((await required.mfa("challenge/resend", { mfaToken: held.mfaToken })).body).toMatchObject({ error: "token_expired" });
    expect(await footprint(t)).toEqual(before);
    expect((await endUserByEmail(t, required.group.id, "gus@req.example")).mfaPhone).toBeNull();
  });

  test("verify before any code; resend in enroll mode before a phone was named", async () => {
    const held = await required.signIn("hal@req.example");
    const early = await required.mfa("verify", { mfaToken: held.mfaToken, code: "123456" });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ error: "mfa_code_not_sent", field: "code" });
    const resend = await required.mfa("challenge/resend", { mfaToken: held.mfaToken });
    expect(resend.status).toBe(400);
    expect(resend.body).toMatchObject({ error: "mfa_phone_required", field: "phone" });
    // In enroll mode a resend goes to the phone last named.
    const phone = freshPhone();
    expect((await required.mfa("enroll/send", { mfaToken: held.mfaToken, phone })).status).toBe(200);
    t.clock.advance(61 * SECOND);
    expect((await required.mfa("challenge/resend", { mfaToken: held.mfaToken })).status).toBe(200);
    expect(gateway.sentTo(phone)).toBe(2);
    // Naming another phone replaces the code: verifying it enrolls that phone.
    t.clock.advance(61 * SECOND);
    const other = freshPhone();
    expect((await required.mfa("enroll/send", { mfaToken: held.mfaToken, phone: other })).status).toBe(200);
    expect((await required.mfa("verify", { mfaToken: held.mfaToken, code: gateway.lastCode(other) })).status).toBe(200);
    expect((await endUserByEmail(t, required.group.id, "hal@req.example")).mfaPhone).toBe(other);
  });

  test("a token of another application or app group, unknown tokens, bad bodies", async () => {
    const held = await required.signIn("ivy@req.example");
    const before = await footprint(t);
    // Another organization's application: its app group does not know the token.
    const foreign = await optional.mfa("enroll/send", { mfaToken: held.mfaToken, phone: KOREA });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ error: "invalid_token" });
    expect((await required.mfa("verify", { mfaToken: "nope", code: "123456" })).body).toMatchObject({ error: "invalid_token" });
    for (const [path, json, field] of [
      ["verify", { mfaToken: held.mfaToken, code: "12345" }, "code"],
      ["verify", { mfaToken: held.mfaToken, code: 123456 }, "code"],
      ["verify", { code: "123456" }, "mfaToken"],
      ["enroll/send", { mfaToken: held.mfaToken, phone: "+8".padEnd(40, "1") }, "phone"],
      ["enroll/send", { mfaToken: held.mfaToken }, "phone"],
      ["challenge/resend", { mfaToken: "x".repeat(201) }, "mfaToken"],
    ] as const) {
      const r = await required.mfa(path, json);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_request", field });
    }
    const malformed = await t.request("POST", `/api/public/apps/${required.clientKey}/auth/mfa/verify`, { body: "{nope", headers: { "content-type": "application/json", origin: "https://app.example.com" } });
    expect(malformed.status).toBe(400);
    expect((await t.request("POST", `/api/public/apps/client_unknown/auth/mfa/verify`, { json: { mfaToken: held.mfaToken, code: "123456" } })).status).toBe(404);
    expect(await footprint(t)).toEqual(before);
    expect(gateway.texts.filter((m) => m.to === KOREA)).toEqual([]);
  });

  test("on the hosted portal: mfaRequired sets no cookie; the verified code gets the portal's cookie, code and redirectTo", async () => {
    const portal = { origin: new URL(t.config.portalBase).origin };
    const sent = await required.call("POST", "/auth/magic-link/send", { email: "kay@req.example", postSignInRedirectUrl: CALLBACK });
    expect(sent.status).toBe(200);
    const link = await mailedLink(t, "kay@req.example");
    const held = await required.call("POST", "/auth/magic-link/verify", { token: link.searchParams.get("token"), redirectUrl: link.searchParams.get("redirect_url") }, portal);
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ mfaRequired: true, mode: "enroll" });
    expect(held.headers.get("set-cookie")).toBeNull();

    const phone = freshPhone();
    expect((await required.call("POST", "/auth/mfa/enroll/send", { mfaToken: held.body.mfaToken, phone }, portal)).status).toBe(200);
    const done = await required.call("POST", "/auth/mfa/verify", { mfaToken: held.body.mfaToken, code: gateway.lastCode(phone) }, portal);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "signed_in", redirectUrl: CALLBACK, code: expect.any(String) });
    expect(done.body.refreshToken).toBeUndefined();
    expect(done.body.redirectTo).toStartWith(`${CALLBACK}?code=`);
    expect(done.headers.get("set-cookie")).toContain(`signet_portal_${required.group.groupKey}=`);
  });

  test("the post-sign-in redirect of the first factor survives the MFA step", async () => {
    const sent = await required.call("POST", "/auth/magic-link/send", { email: "lea@req.example", postSignInRedirectUrl: CALLBACK });
    expect(sent.status).toBe(200);
    const link = await mailedLink(t, "lea@req.example");
    const held = await required.call("POST", "/auth/magic-link/verify", { token: link.searchParams.get("token"), redirectUrl: link.searchParams.get("redirect_url") });
    const phone = freshPhone();
    await required.mfa("enroll/send", { mfaToken: held.body.mfaToken, phone });
    const done = await required.mfa("verify", { mfaToken: held.body.mfaToken, code: gateway.lastCode(phone) });
    expect(done.body).toMatchObject({ status: "signed_in", redirectUrl: CALLBACK, refreshToken: expect.stringMatching(/^eurt_/) });
  });

  test("a code belongs to its own session; parallel verifies of the right code open one session", async () => {
    const phone = freshPhone();
    await enroll(required, "max@req.example", phone);
    t.clock.advance(HOUR);
    const first = await required.signIn("max@req.example");
    const firstCode = gateway.lastCode(phone);
    const second = await required.signIn("max@req.example");
    const secondCode = gateway.lastCode(phone);
    if (firstCode !== secondCode) {
      expect((await required.mfa("verify", { mfaToken: second.mfaToken, code: firstCode })).body).toMatchObject({ error: "mfa_code_invalid", attemptsLeft: 4 });
    }
    // Open the pool's connections first, so the requests really overlap on PostgreSQL.
    await Promise.all(Array.from({ length: 6 }, () => t.ctx.db.read.select().from(endUserSessions).limit(1)));
    const before = (await footprint(t)).sessions;
    const answers = await Promise.all(Array.from({ length: 3 }, () => required.mfa("verify", { mfaToken: first.mfaToken, code: firstCode })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(answers.filter((r) => r.status === 400).map((r) => r.body.error)).toEqual(["token_used", "token_used"]);
    expect((await footprint(t)).sessions).toBe(before + 1);
  });

  test("a disabled end user cannot complete the sign-in", async () => {
    const held = await required.signIn("jon@req.example");
    const phone = freshPhone();
    await required.mfa("enroll/send", { mfaToken: held.mfaToken, phone });
    const jon = await endUserByEmail(t, required.group.id, "jon@req.example");
    await t.ctx.db.write((tx) => tx.update(endUsers).set({ status: "disabled" }).where(eq(endUsers.id, jon.id)));
    const r = await required.mfa("verify", { mfaToken: held.mfaToken, code: gateway.lastCode(phone) });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: "end_user_disabled" });
    expect((await endUserByEmail(t, required.group.id, "jon@req.example")).mfaPhone).toBeNull();
    const [code] = await t.ctx.db.read.select().from(endUserMfaCodes).where(eq(endUserMfaCodes.phone, phone));
    expect(code!.usedAt).toBeNull();
  });
});

describe("end-user-mfa.prune", () => {
  test("deletes MFA codes two days after they were sent; keeps younger ones", async () => {
    const gateway = recordingGateway();
    const t = await createTestApp({ sms: gateway.sender });
    try {
      const fx = await createMfaFixture(t, "owner@prune.example", "Prune", "required");
      const old = await fx.signIn("old@prune.example");
      expect((await fx.mfa("enroll/send", { mfaToken: old.mfaToken, phone: KOREA })).status).toBe(200);
      t.clock.advance(2 * DAY - SECOND);
      const young = await fx.signIn("young@prune.example");
      expect((await fx.mfa("enroll/send", { mfaToken: young.mfaToken, phone: KOREA })).status).toBe(200);
      t.clock.advance(2 * SECOND);
      const run = await t.ctx.jobs.runNow("end-user-mfa.prune");
      expect(run.outcome).toBe("ok");
      expect((await codeRows(t, KOREA)).map((r) => r.createdAt)).toEqual([t.clock.now() - 2 * SECOND]);
    } finally {
      await t.close();
    }
  }, SETUP_TIMEOUT_MS);
});
