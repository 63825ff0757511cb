/**
 * Organization phone OTP (4.4 /otp/send, /otp/verify) under the SMS rules of §8:
 * coverage groups, per-number daily caps, the shared fuse, the 60 s cooldown,
 * region_not_supported at no cost, and only delivered codes counting.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, asc, count, desc, eq } from "drizzle-orm";
import { organizations, otpCodes } from "../../../src/modules/orgs/schema";
import { auditEvents } from "../../../src/platform/audit/schema";
import { sha256Hex } from "../../../src/platform/crypto/hash";
import { rateCounters } from "../../../src/platform/http/schema";
import { SendFailedError } from "../../../src/platform/outbound/errors";
import { outboxMessages } from "../../../src/platform/outbound/schema";
import type { SmsMessage, SmsSender } from "../../../src/platform/outbound/types";
import { addMember, createOrg, signInAs, type SignedInUser, type TestOrg } from "../../support/accounts";
import { DAY, HOUR, MINUTE, SECOND } from "../../support/clock";
import { createTestApp, type TestApp } from "../../support/harness";

const US = "+14155550123";
const PUERTO_RICO = "+17875550123";
const CANADA = "+16135550123";
const KOREA = "+821012345678";
const JAMAICA = "+18765550123";
const MEXICO = "+525512345678";
const PAKISTAN = "+923001234567";

function sendPhone(t: TestApp, user: SignedInUser, slug: string, phone: unknown) {
  return t.request("POST", `/api/org/${slug}/otp/send`, { token: user.token, json: { phone } });
}

function verifyPhone(t: TestApp, user: SignedInUser, slug: string, phone: string, code: string) {
  return t.request("POST", `/api/org/${slug}/otp/verify`, { token: user.token, json: { phone, code } });
}

/** The code in the last text sent to the number (the dev outbox records every SMS). */
async function lastCode(t: TestApp, phone: string): Promise<string> {
  const [row] = await t.ctx.db.read
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, "sms"), eq(outboxMessages.to, phone)))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(1);
  const code = row?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was texted to ${phone}`);
  return code;
}

/** Row counts of everything a send may touch, to show that a refusal changed nothing. */
async function footprint(t: TestApp) {
  const n = async (table: any) => (await t.ctx.db.read.select({ n: count() }).from(table))[0]!.n;
  return {
    codes: await n(otpCodes),
    outbox: await n(outboxMessages),
    audit: await n(auditEvents),
    counters: await t.ctx.db.read.select().from(rateCounters).orderBy(asc(rateCounters.id)),
  };
}

async function codeRows(t: TestApp, phone: string) {
  return t.ctx.db.read.select().from(otpCodes).where(eq(otpCodes.destination, phone)).orderBy(asc(otpCodes.createdAt));
}

/** Opens the database pool's connections first, so that parallel requests really overlap on PostgreSQL. */
async function warmPool(t: TestApp) {
  await Promise.all(Array.from({ length: 10 }, () => t.ctx.db.read.select({ n: count() }).from(otpCodes)));
}

let numberSeq = 100;
/** A fresh US number, so tests do not share cooldowns. */
function freshUsNumber(): string {
  return `+1212555${String(numberSeq++).padStart(4, "0")}`;
}

describe("phone OTP", () => {
  let t: TestApp;
  let acme: TestOrg;
  let beta: TestOrg;
  let admin: SignedInUser;
  let member: SignedInUser;
  let director: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await createOrg(t, "owner@acme.example", "Acme");
    beta = await createOrg(t, "owner@beta.example", "Beta");
    admin = await addMember(t, acme, "admin@acme.example", "admin");
    member = await addMember(t, acme, "member@acme.example", "member");
    director = await addMember(t, acme, "director@acme.example", "org_director");
  });
  afterAll(() => t.close());
  // Every test starts in a fresh hour: the per-IP window (all test requests share one
  // client address) and the 60 s cooldown never leak from one test into the next.
  beforeEach(() => t.clock.advance(HOUR));

  test("the owner sends a code to a US number and verifies it", async () => {
    const sentAt = t.clock.now();
    const r = await sendPhone(t, acme.owner, acme.slug, US);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      phone: US,
      country: "US",
      group: "standard",
      expiresAt: new Date(sentAt + 10 * MINUTE).toISOString(),
      resendAfter: new Date(sentAt + 60 * SECOND).toISOString(),
    });

    const [text] = await t.ctx.db.read.select().from(outboxMessages).where(eq(outboxMessages.to, US));
    // Codes only, and no opt-out line: §8 asks for one on +1 texts other than codes.
    expect(text!.text).toMatch(/^Your Signet verification code is \d{6}\. It expires in 10 minutes\.$/);
    const code = await lastCode(t, US);

    const [row] = await codeRows(t, US);
    expect(row).toMatchObject({ orgId: acme.orgId, userId: acme.owner.userId, channel: "phone", coverage: "standard", attempts: 0, delivered: true, consumedAt: null, expiresAt: sentAt + 10 * MINUTE });
    // Only a salted SHA-256 of the code is stored.
    expect(row!.codeHash).toBe(sha256Hex(`${row!.id}:${code}`));
    expect(row!.codeHash).not.toContain(code);

    t.clock.advance(5 * MINUTE);
    const v = await verifyPhone(t, acme.owner, acme.slug, US, code);
    expect(v.status).toBe(200);
    expect(v.body).toEqual({ verified: true, phone: US, verifiedAt: new Date(t.clock.now()).toISOString() });
    const [org] = await t.ctx.db.read.select().from(organizations).where(eq(organizations.id, acme.orgId));
    expect(org).toMatchObject({ verifiedPhone: US, phoneVerifiedAt: t.clock.now() });
    expect((await codeRows(t, US))[0]!.consumedAt).toBe(t.clock.now());

    const events = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, acme.orgId)).orderBy(asc(auditEvents.seq));
    const requested = events.find((e) => e.type === "org.otp.requested");
    expect(requested).toMatchObject({ actorKind: "user", actorId: acme.owner.userId, payload: { channel: "phone", destination: US, country: "US", group: "standard" } });
    const verified = events.find((e) => e.type === "org.phone_verified");
    expect(verified).toMatchObject({ actorKind: "user", actorId: acme.owner.userId, payload: { phone: US, previousPhone: null } });
    expect(verified!.requestId).toBe(v.headers.get("x-request-id"));

    // The same code a second time.
    const again = await verifyPhone(t, acme.owner, acme.slug, US, code);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: "otp_used", field: "code" });
  });

  test("Puerto Rico, Canada and South Korea are Standard; typed separators are accepted", async () => {
    for (const [phone, country] of [
      [PUERTO_RICO, "US"],
      [CANADA, "CA"],
      [KOREA, "KR"],
    ] as const) {
      const r = await sendPhone(t, acme.owner, acme.slug, phone);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ phone, country, group: "standard" });
    }
    const r = await sendPhone(t, admin, acme.slug, "+1 (613) 555-0199");
    expect(r.status).toBe(200);
    expect(r.body.phone).toBe("+16135550199");
    expect(await lastCode(t, "+16135550199")).toMatch(/^\d{6}$/);
  });

  test("an admin may send and verify; a replaced verified phone is named in the audit event", async () => {
    const phone = freshUsNumber();
    expect((await sendPhone(t, admin, acme.slug, phone)).status).toBe(200);
    const [before] = await t.ctx.db.read.select().from(organizations).where(eq(organizations.id, acme.orgId));
    const v = await verifyPhone(t, admin, acme.slug, phone, await lastCode(t, phone));
    expect(v.status).toBe(200);
    const [after] = await t.ctx.db.read.select().from(organizations).where(eq(organizations.id, acme.orgId));
    expect(after!.verifiedPhone).toBe(phone);
    const [event] = await t.ctx.db.read
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, acme.orgId), eq(auditEvents.type, "org.phone_verified")))
      .orderBy(desc(auditEvents.seq))
      .limit(1);
    expect(event).toMatchObject({ actorId: admin.userId, payload: { phone, previousPhone: before!.verifiedPhone } });
  });

  test("a member or director gets 403, a non-member and an unknown slug 404, no session 401; nothing is sent", async () => {
    const before = await footprint(t);
    for (const user of [member, director]) {
      const r = await sendPhone(t, user, acme.slug, US);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ error: "PERMISSION_DENIED" });
      const v = await verifyPhone(t, user, acme.slug, US, "123456");
      expect(v.status).toBe(403);
    }
    const outsider = await signInAs(t, "stranger@elsewhere.example");
    for (const [user, slug] of [
      [outsider, acme.slug],
      [beta.owner, acme.slug],
      [acme.owner, "no-such-org"],
    ] as const) {
      expect((await sendPhone(t, user, slug, US)).status).toBe(404);
      expect((await verifyPhone(t, user, slug, US, "123456")).status).toBe(404);
    }
    const anonymous = await t.request("POST", `/api/org/${acme.slug}/otp/send`, { json: { phone: US } });
    expect(anonymous.status).toBe(401);
    expect(await footprint(t)).toEqual(before);
  });

  test("region_not_supported: Caribbean +1, other countries and numbers without + cost nothing and count nothing", async () => {
    const before = await footprint(t);
    const cases: Array<[string, string | null]> = [
      [JAMAICA, "JM"],
      ["+18095550123", "DO"],
      ["+12425550123", "BS"],
      ["+16705550123", "MP"],
      ["+18005550123", null],
      ["+8613812345678", null],
      ["14155550123", null],
      ["004915112345678", null],
    ];
    // More refusals than the per-IP allowance: none of them is counted.
    for (let round = 0; round < 3; round++) {
      for (const [phone, country] of cases) {
        const r = await sendPhone(t, acme.owner, acme.slug, phone);
        expect({ phone, status: r.status }).toEqual({ phone, status: 400 });
        expect(r.body).toMatchObject({ error: "region_not_supported", field: "phone", country });
      }
    }
    expect(await footprint(t)).toEqual(before);
    // And the allowance is intact.
    expect((await sendPhone(t, acme.owner, acme.slug, freshUsNumber())).status).toBe(200);
  });

  test("invalid_number: a + number that is not plausible E.164", async () => {
    const before = await footprint(t);
    for (const phone of ["+1415abc0123", "+1234567", "+1234567890123456", "+0123456789", "+", "++14155550123", "+1415555012", "+10155550123"]) {
      const r = await sendPhone(t, acme.owner, acme.slug, phone);
      expect({ phone, status: r.status }).toEqual({ phone, status: 400 });
      expect(r.body).toMatchObject({ error: "invalid_number", field: "phone" });
      const v = await verifyPhone(t, acme.owner, acme.slug, phone, "123456");
      expect(v.body).toMatchObject({ error: "invalid_number", field: "phone" });
    }
    expect(await footprint(t)).toEqual(before);
  });

  test("bad bodies are 400 naming the field; nothing is sent", async () => {
    const before = await footprint(t);
    const path = `/api/org/${acme.slug}/otp/send`;
    const malformed = await t.request("POST", path, { token: acme.owner.token, body: "{phone:", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_json");
    for (const json of [{}, { phone: 14155550123 }, { phone: "" }, { phone: "+1".padEnd(100, "5") }, { phone: null }]) {
      const r = await t.request("POST", path, { token: acme.owner.token, json });
      expect({ json, status: r.status }).toEqual({ json, status: 400 });
      expect(r.body).toMatchObject({ error: "invalid_request", field: "phone" });
    }
    for (const code of ["12345", "1234567", "12a456", "", 123456]) {
      const r = await t.request("POST", `/api/org/${acme.slug}/otp/verify`, { token: acme.owner.token, json: { phone: US, code } });
      expect({ code, status: r.status }).toEqual({ code, status: 400 });
      expect(r.body).toMatchObject({ error: "invalid_request", field: "code" });
    }
    expect(await footprint(t)).toEqual(before);
  });

  test("cooldown: one send per org and number per 60 s, with Retry-After; another org is not held back", async () => {
    const phone = freshUsNumber();
    expect((await sendPhone(t, acme.owner, acme.slug, phone)).status).toBe(200);
    t.clock.advance(30 * SECOND);
    const before = await footprint(t);
    const r = await sendPhone(t, admin, acme.slug, phone);
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ error: "cooldown", field: "phone", retryAfterSeconds: 30 });
    expect(r.headers.get("retry-after")).toBe("30");
    expect(await footprint(t)).toEqual(before);

    expect((await sendPhone(t, beta.owner, beta.slug, phone)).status).toBe(200);

    t.clock.advance(29 * SECOND);
    expect((await sendPhone(t, acme.owner, acme.slug, phone)).headers.get("retry-after")).toBe("1");
    t.clock.advance(1 * SECOND);
    expect((await sendPhone(t, acme.owner, acme.slug, phone)).status).toBe(200);
  });

  test("Standard has no daily cap beyond the cooldown", async () => {
    for (let i = 0; i < 6; i++) {
      const r = await sendPhone(t, acme.owner, acme.slug, KOREA);
      expect({ i, status: r.status }).toEqual({ i, status: 200 });
      t.clock.advance(61 * SECOND);
    }
  });

  test("Limited (Mexico): 2 delivered codes per number per 24 h, across organizations", async () => {
    const first = t.clock.now();
    expect((await sendPhone(t, acme.owner, acme.slug, MEXICO)).body).toMatchObject({ country: "MX", group: "limited" });
    t.clock.advance(2 * HOUR);
    expect((await sendPhone(t, acme.owner, acme.slug, MEXICO)).status).toBe(200);
    t.clock.advance(HOUR);

    const before = await footprint(t);
    for (const [user, slug] of [
      [acme.owner, acme.slug],
      [beta.owner, beta.slug],
    ] as const) {
      const r = await sendPhone(t, user, slug, MEXICO);
      expect(r.status).toBe(429);
      const retryAfterSeconds = Math.ceil((first + DAY - t.clock.now()) / 1000);
      expect(r.body).toMatchObject({ error: "region_daily_limit", field: "phone", group: "limited", limit: 2, retryAfterSeconds });
      expect(r.headers.get("retry-after")).toBe(String(retryAfterSeconds));
    }
    expect(await footprint(t)).toEqual(before);

    t.clock.set(first + DAY);
    expect((await sendPhone(t, beta.owner, beta.slug, MEXICO)).status).toBe(200);
    expect((await sendPhone(t, acme.owner, acme.slug, MEXICO)).status).toBe(429);
  });

  test("Restricted (Pakistan): 1 delivered code per number per 24 h", async () => {
    const first = t.clock.now();
    expect((await sendPhone(t, acme.owner, acme.slug, PAKISTAN)).body).toMatchObject({ country: "PK", group: "restricted" });
    t.clock.advance(23 * HOUR);
    const r = await sendPhone(t, beta.owner, beta.slug, PAKISTAN);
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ error: "region_daily_limit", group: "restricted", limit: 1, retryAfterSeconds: 3600 });
    t.clock.set(first + DAY);
    expect((await sendPhone(t, beta.owner, beta.slug, PAKISTAN)).status).toBe(200);
  });

  test("parallel sends that only one fits: one passes, the others are refused", async () => {
    const restricted = "+923009999001";
    await warmPool(t);
    const racers = await Promise.all(
      [acme, beta, acme, beta, acme, beta].map((org, i) => sendPhone(t, i < 2 ? org.owner : i % 2 ? beta.owner : admin, org.slug, restricted)),
    );
    expect(racers.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    expect(new Set(racers.filter((r) => r.status === 429).map((r) => r.body.error))).toEqual(new Set(["region_daily_limit", "cooldown"]));
    expect(await codeRows(t, restricted)).toHaveLength(1);

    const phone = freshUsNumber();
    const same = await Promise.all([sendPhone(t, acme.owner, acme.slug, phone), sendPhone(t, admin, acme.slug, phone)]);
    expect(same.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(same.find((r) => r.status === 429)!.body.error).toBe("cooldown");
    expect(await codeRows(t, phone)).toHaveLength(1);
  });

  test("verify: a wrong code counts an attempt; after 5 the code is locked", async () => {
    const phone = freshUsNumber();
    await sendPhone(t, acme.owner, acme.slug, phone);
    const code = await lastCode(t, phone);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 0; left--) {
      const r = await verifyPhone(t, acme.owner, acme.slug, phone, wrong);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "otp_invalid", field: "code", attemptsLeft: left });
    }
    expect((await codeRows(t, phone))[0]!.attempts).toBe(5);
    const r = await verifyPhone(t, acme.owner, acme.slug, phone, code);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "otp_locked", field: "code" });
    const [org] = await t.ctx.db.read.select().from(organizations).where(eq(organizations.id, acme.orgId));
    expect(org!.verifiedPhone).not.toBe(phone);

    // A new code (after the cooldown) starts afresh.
    t.clock.advance(MINUTE);
    await sendPhone(t, acme.owner, acme.slug, phone);
    expect((await verifyPhone(t, acme.owner, acme.slug, phone, await lastCode(t, phone))).status).toBe(200);
  });

  test("verify: a code expires after 10 minutes", async () => {
    const phone = freshUsNumber();
    await sendPhone(t, acme.owner, acme.slug, phone);
    const code = await lastCode(t, phone);
    t.clock.advance(10 * MINUTE);
    const r = await verifyPhone(t, acme.owner, acme.slug, phone, code);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "otp_expired", field: "code" });
    expect((await codeRows(t, phone))[0]).toMatchObject({ attempts: 0, consumedAt: null });
  });

  test("verify: only the latest code counts; another org's code and a number never texted are otp_invalid", async () => {
    const phone = freshUsNumber();
    await sendPhone(t, acme.owner, acme.slug, phone);
    const old = await lastCode(t, phone);
    t.clock.advance(MINUTE);
    await sendPhone(t, acme.owner, acme.slug, phone);
    const latest = await lastCode(t, phone);
    if (old !== latest) {
      expect((await verifyPhone(t, acme.owner, acme.slug, phone, old)).body).toMatchObject({ error: "otp_invalid" });
    }

    const betaPhone = freshUsNumber();
    await sendPhone(t, beta.owner, beta.slug, betaPhone);
    const betaCode = await lastCode(t, betaPhone);
    const cross = await verifyPhone(t, acme.owner, acme.slug, betaPhone, betaCode);
    expect(cross.status).toBe(400);
    expect(cross.body).toMatchObject({ error: "otp_invalid" });
    const [betaOrg] = await t.ctx.db.read.select().from(organizations).where(eq(organizations.id, beta.orgId));
    expect(betaOrg!.verifiedPhone).toBeNull();

    const never = await verifyPhone(t, acme.owner, acme.slug, freshUsNumber(), "123456");
    expect(never.status).toBe(400);
    expect(never.body).toMatchObject({ error: "otp_invalid" });

    expect((await verifyPhone(t, acme.owner, acme.slug, phone, latest)).status).toBe(200);
    expect((await verifyPhone(t, beta.owner, beta.slug, betaPhone, betaCode)).status).toBe(200);
  });

  test("rate_limited: at most 20 sends per client IP per hour, with Retry-After", async () => {
    const start = t.clock.now();
    for (let i = 0; i < 20; i++) {
      const r = await sendPhone(t, i % 2 ? acme.owner : beta.owner, i % 2 ? acme.slug : beta.slug, freshUsNumber());
      expect({ i, status: r.status }).toEqual({ i, status: 200 });
    }
    const before = await footprint(t);
    const r = await sendPhone(t, acme.owner, acme.slug, freshUsNumber());
    expect(r.status).toBe(429);
    const windowEnd = Math.floor(start / HOUR) * HOUR + HOUR;
    expect(r.body).toMatchObject({ error: "rate_limited", retryAfterSeconds: Math.ceil((windowEnd - t.clock.now()) / 1000) });
    expect(r.headers.get("retry-after")).toBe(String(r.body.retryAfterSeconds));
    expect(await footprint(t)).toEqual(before);
  });
});

describe("phone OTP: the shared daily fuse of Limited and Restricted", () => {
  // The fuse is a setting (SIGNET_SMS_DAILY_FUSE); a small one keeps the seeding short.
  const SMS_DAILY_FUSE = 40;
  let t: TestApp;
  let acme: TestOrg;
  let beta: TestOrg;

  beforeAll(async () => {
    t = await createTestApp({ env: { SIGNET_SMS_DAILY_FUSE: String(SMS_DAILY_FUSE) } });
    t.clock.set("2026-03-10T08:00:00.000Z");
    acme = await createOrg(t, "owner@acme.example", "Acme");
    beta = await createOrg(t, "owner@beta.example", "Beta");
  });
  afterAll(() => t.close());

  /** Delivered (or failed) codes other organizations already sent today, as rows. */
  async function seed(n: number, options: { coverage?: string; delivered?: boolean; at?: number; prefix?: string } = {}) {
    const at = options.at ?? t.clock.now();
    const delivered = options.delivered ?? true;
    await t.ctx.db.write(async (tx) => {
      await tx.insert(otpCodes).values(
        Array.from({ length: n }, (_, i) => ({
          id: crypto.randomUUID(),
          orgId: beta.orgId,
          userId: beta.owner.userId,
          channel: "phone" as const,
          destination: `${options.prefix ?? "+5255"}${String(10_000_000 + i)}`,
          coverage: options.coverage ?? "limited",
          codeHash: "x",
          attempts: 0,
          delivered,
          // A failed send is an undelivered row whose expiry was pulled in to the failure.
          expiresAt: delivered ? at + 10 * MINUTE : at,
          consumedAt: null,
          createdAt: at,
        })),
      );
    });
  }

  test("counts delivered Limited and Restricted codes of every org per UTC day, and refuses with 503 region_fuse", async () => {
    const now = t.clock.now();
    await seed(SMS_DAILY_FUSE - 2, { prefix: "+5255" });
    await seed(1, { coverage: "restricted", prefix: "+92300" });
    // None of these count: yesterday's, Standard ones, failed sends.
    await seed(50, { at: now - 9 * HOUR, prefix: "+5281" });
    await seed(50, { coverage: "standard", prefix: "+8210" });
    await seed(50, { delivered: false, prefix: "+5233" });
    t.clock.advance(MINUTE);

    expect((await sendPhone(t, acme.owner, acme.slug, MEXICO)).status).toBe(200); // the last one that fits

    const before = await footprint(t);
    for (const phone of [PAKISTAN, "+525598765432"]) {
      const r = await sendPhone(t, acme.owner, acme.slug, phone);
      expect(r.status).toBe(503);
      const midnight = Date.parse("2026-03-11T00:00:00.000Z");
      expect(r.body).toMatchObject({ error: "region_fuse", field: "phone", retryAfterSeconds: Math.ceil((midnight - t.clock.now()) / 1000) });
      expect(r.headers.get("retry-after")).toBe(String(r.body.retryAfterSeconds));
    }
    expect(await footprint(t)).toEqual(before);

    // Standard numbers do not draw on the fuse.
    expect((await sendPhone(t, acme.owner, acme.slug, US)).status).toBe(200);

    t.clock.set("2026-03-11T00:00:00.000Z");
    expect((await sendPhone(t, acme.owner, acme.slug, PAKISTAN)).status).toBe(200);
  });

  test("parallel sends for the last slot of the fuse: exactly one passes", async () => {
    t.clock.set("2026-03-12T09:00:00.000Z");
    await seed(SMS_DAILY_FUSE - 1, { prefix: "+5256" });
    await warmPool(t);
    const numbers = ["+525511110001", "+923001110002", "+525511110003", "+923001110004", "+525511110005", "+923001110006"];
    const results = await Promise.all(numbers.map((phone, i) => (i % 2 ? sendPhone(t, beta.owner, beta.slug, phone) : sendPhone(t, acme.owner, acme.slug, phone))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 503, 503, 503, 503, 503]);
  });
});

describe("phone OTP: only delivered codes count", () => {
  let t: TestApp;
  let acme: TestOrg;
  let failing = true;
  const texts: SmsMessage[] = [];
  // A gateway that refuses while `failing` is set; the texts it was handed are kept.
  const gateway: SmsSender = {
    delivers: true,
    async send(message) {
      texts.push(message);
      if (failing) throw new SendFailedError("sms", crypto.randomUUID(), "the SMS gateway answered 503");
      return { id: crypto.randomUUID() };
    },
  };

  beforeAll(async () => {
    t = await createTestApp({ sms: gateway });
    acme = await createOrg(t, "owner@acme.example", "Acme");
  });
  afterAll(() => t.close());

  test("a refused text answers 502 send_failed, is not counted, and its code is void", async () => {
    failing = true;
    const r = await sendPhone(t, acme.owner, acme.slug, PAKISTAN);
    expect(r.status).toBe(502);
    expect(r.body).toEqual({ error: "send_failed", channel: "sms" });
    const failedCode = texts.at(-1)!.text.match(/\d{6}/)![0];
    const [row] = await codeRows(t, PAKISTAN);
    expect(row).toMatchObject({ delivered: false, expiresAt: t.clock.now() });

    // No cooldown and no daily cap were used up: the Restricted number can be texted at once.
    failing = false;
    const again = await sendPhone(t, acme.owner, acme.slug, PAKISTAN);
    expect(again.status).toBe(200);
    const code = texts.at(-1)!.text.match(/\d{6}/)![0];
    expect((await codeRows(t, PAKISTAN)).map((c) => c.delivered)).toEqual([false, true]);

    if (failedCode !== code) {
      expect((await verifyPhone(t, acme.owner, acme.slug, PAKISTAN, failedCode)).body).toMatchObject({ error: "otp_invalid" });
    }
    expect((await verifyPhone(t, acme.owner, acme.slug, PAKISTAN, code)).status).toBe(200);

    // The delivered one counts.
    t.clock.advance(MINUTE);
    expect((await sendPhone(t, acme.owner, acme.slug, PAKISTAN)).body.error).toBe("region_daily_limit");
  });
});
