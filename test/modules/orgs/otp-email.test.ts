/**
 * Organization e-mail OTP (4.4 /otp/email/send, /otp/email/verify): the same shape as
 * the phone OTP by mail, with a 60 s cooldown per org and address and daily limits
 * per address and per client IP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, asc, count, desc, eq } from "drizzle-orm";
import { organizations, otpCodes } from "../../../src/modules/orgs/schema";
import { auditEvents } from "../../../src/platform/audit/schema";
import { sha256Hex } from "../../../src/platform/crypto/hash";
import { rateCounters } from "../../../src/platform/http/schema";
import { SendFailedError } from "../../../src/platform/outbound/errors";
import { outboxMessages } from "../../../src/platform/outbound/schema";
import type { MailMessage, MailSender } from "../../../src/platform/outbound/types";
import { addMember, createOrg, signInAs, type SignedInUser, type TestOrg } from "../../support/accounts";
import { DAY, HOUR, MINUTE, SECOND } from "../../support/clock";
import { createTestApp, type TestApp } from "../../support/harness";

function sendEmail(t: TestApp, user: SignedInUser, slug: string, email: unknown) {
  return t.request("POST", `/api/org/${slug}/otp/email/send`, { token: user.token, json: { email } });
}

function verifyEmail(t: TestApp, user: SignedInUser, slug: string, email: string, code: unknown) {
  return t.request("POST", `/api/org/${slug}/otp/email/verify`, { token: user.token, json: { email, code } });
}

async function lastMail(t: TestApp, to: string) {
  const [row] = await t.ctx.db.read
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, "mail"), eq(outboxMessages.to, to)))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(1);
  if (!row) throw new Error(`no mail to ${to}`);
  return { ...row, code: row.text.match(/\b(\d{6})\b/)![1]! };
}

async function footprint(t: TestApp) {
  const n = async (table: any) => (await t.ctx.db.read.select({ n: count() }).from(table))[0]!.n;
  return {
    codes: await n(otpCodes),
    outbox: await n(outboxMessages),
    audit: await n(auditEvents),
    counters: await t.ctx.db.read.select().from(rateCounters).orderBy(asc(rateCounters.id)),
  };
}

let addressSeq = 0;
function freshAddress(): string {
  return `contact${addressSeq++}@acme.example`;
}

describe("e-mail OTP", () => {
  let t: TestApp;
  let acme: TestOrg;
  let beta: TestOrg;
  let admin: SignedInUser;
  let member: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-02-01T00:30:00.000Z");
    acme = await createOrg(t, "owner@acme.example", "Acme");
    beta = await createOrg(t, "owner@beta.example", "Beta");
    admin = await addMember(t, acme, "admin@acme.example", "admin");
    member = await addMember(t, acme, "member@acme.example", "member");
  });
  afterAll(() => t.close());
  // A fresh day for every test: the per-address and per-IP windows start empty.
  beforeEach(() => t.clock.advance(DAY));

  test("the owner sends a code by mail and verifies it; the address is stored lower-case", async () => {
    const sentAt = t.clock.now();
    const r = await sendEmail(t, acme.owner, acme.slug, "  Billing@Acme.Example ");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      email: "billing@acme.example",
      expiresAt: new Date(sentAt + 10 * MINUTE).toISOString(),
      resendAfter: new Date(sentAt + MINUTE).toISOString(),
    });
    const mail = await lastMail(t, "billing@acme.example");
    expect(mail.subject).toBe("Your Signet verification code");
    expect(mail.text).toContain(`Your verification code is ${mail.code}.`);
    expect(mail.text).toContain("Acme");
    expect(mail.text).toContain("10 minutes");

    const [row] = await t.ctx.db.read.select().from(otpCodes).where(eq(otpCodes.destination, "billing@acme.example"));
    expect(row).toMatchObject({ orgId: acme.orgId, channel: "email", coverage: null, delivered: true, attempts: 0 });
    expect(row!.codeHash).toBe(sha256Hex(`${row!.id}:${mail.code}`));

    t.clock.advance(9 * MINUTE);
    const v = await verifyEmail(t, acme.owner, acme.slug, "BILLING@acme.example", mail.code);
    expect(v.status).toBe(200);
    expect(v.body).toEqual({ verified: true, email: "billing@acme.example", verifiedAt: new Date(t.clock.now()).toISOString() });
    const [org] = await t.ctx.db.read.select().from(organizations).where(eq(organizations.id, acme.orgId));
    expect(org).toMatchObject({ verifiedEmail: "billing@acme.example", emailVerifiedAt: t.clock.now() });
    const events = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, acme.orgId));
    expect(events.find((e) => e.type === "org.otp.requested" && (e.payload as any).channel === "email")).toMatchObject({
      actorId: acme.owner.userId,
      payload: { channel: "email", destination: "billing@acme.example" },
    });
    expect(events.find((e) => e.type === "org.email_verified")).toMatchObject({
      actorKind: "user",
      actorId: acme.owner.userId,
      payload: { email: "billing@acme.example", previousEmail: null },
    });

    const again = await verifyEmail(t, acme.owner, acme.slug, "billing@acme.example", mail.code);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: "otp_used", field: "code" });
  });

  test("an admin may; a member gets 403, a non-member and an unknown slug 404; nothing is sent", async () => {
    const address = freshAddress();
    expect((await sendEmail(t, admin, acme.slug, address)).status).toBe(200);
    expect((await verifyEmail(t, admin, acme.slug, address, (await lastMail(t, address)).code)).status).toBe(200);

    const before = await footprint(t);
    const m = await sendEmail(t, member, acme.slug, freshAddress());
    expect(m.status).toBe(403);
    expect(m.body).toMatchObject({ error: "PERMISSION_DENIED" });
    expect((await verifyEmail(t, member, acme.slug, address, "123456")).status).toBe(403);
    const outsider = await signInAs(t, "stranger@elsewhere.example");
    for (const [user, slug] of [
      [outsider, acme.slug],
      [beta.owner, acme.slug],
      [acme.owner, "no-such-org"],
    ] as const) {
      expect((await sendEmail(t, user, slug, freshAddress())).status).toBe(404);
      expect((await verifyEmail(t, user, slug, address, "123456")).status).toBe(404);
    }
    expect(await footprint(t)).toEqual(before);
  });

  test("bad bodies are 400 naming the field; nothing is sent", async () => {
    const before = await footprint(t);
    const path = `/api/org/${acme.slug}/otp/email/send`;
    const malformed = await t.request("POST", path, { token: acme.owner.token, body: "{", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_json");
    for (const json of [{}, { email: 42 }, { email: "" }, { email: `${"a".repeat(320)}@acme.example` }]) {
      const r = await t.request("POST", path, { token: acme.owner.token, json });
      expect({ json, status: r.status }).toEqual({ json, status: 400 });
      expect(r.body).toMatchObject({ error: "invalid_request", field: "email" });
    }
    for (const email of ["not-an-address", "a@b", "two@@acme.example", "sp ace@acme.example"]) {
      const r = await sendEmail(t, acme.owner, acme.slug, email);
      expect({ email, status: r.status }).toEqual({ email, status: 400 });
      expect(r.body).toMatchObject({ error: "invalid_email", field: "email" });
    }
    for (const code of ["12345", "abcdef", 123456, null]) {
      const r = await verifyEmail(t, acme.owner, acme.slug, "x@acme.example", code);
      expect({ code, status: r.status }).toEqual({ code, status: 400 });
      expect(r.body).toMatchObject({ error: "invalid_request", field: "code" });
    }
    expect(await footprint(t)).toEqual(before);
  });

  test("cooldown: one send per org and address per 60 s, with Retry-After", async () => {
    const address = freshAddress();
    expect((await sendEmail(t, acme.owner, acme.slug, address)).status).toBe(200);
    t.clock.advance(45 * SECOND);
    const before = await footprint(t);
    const r = await sendEmail(t, admin, acme.slug, address.toUpperCase());
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ error: "cooldown", field: "email", retryAfterSeconds: 15 });
    expect(r.headers.get("retry-after")).toBe("15");
    expect(await footprint(t)).toEqual(before);
    expect((await sendEmail(t, beta.owner, beta.slug, address)).status).toBe(200);
    t.clock.advance(15 * SECOND);
    expect((await sendEmail(t, acme.owner, acme.slug, address)).status).toBe(200);
  });

  test("rate_limited: at most 10 codes per address per UTC day, across organizations", async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) {
      const [user, slug] = i % 2 ? [acme.owner, acme.slug] : [beta.owner, beta.slug];
      const r = await sendEmail(t, user, slug, address);
      expect({ i, status: r.status }).toEqual({ i, status: 200 });
      t.clock.advance(MINUTE);
    }
    const before = await footprint(t);
    const r = await sendEmail(t, acme.owner, acme.slug, address);
    expect(r.status).toBe(429);
    const nextDay = Math.floor(t.clock.now() / DAY) * DAY + DAY;
    expect(r.body).toMatchObject({ error: "rate_limited", field: "email", retryAfterSeconds: Math.ceil((nextDay - t.clock.now()) / 1000) });
    expect(r.headers.get("retry-after")).toBe(String(r.body.retryAfterSeconds));
    expect(await footprint(t)).toEqual(before);
    // Other addresses are not held back.
    expect((await sendEmail(t, acme.owner, acme.slug, freshAddress())).status).toBe(200);
    t.clock.set(nextDay);
    expect((await sendEmail(t, acme.owner, acme.slug, address)).status).toBe(200);
  });

  test("rate_limited: at most 20 sends per client IP per hour", async () => {
    for (let i = 0; i < 20; i++) {
      const r = await sendEmail(t, acme.owner, acme.slug, freshAddress());
      expect({ i, status: r.status }).toEqual({ i, status: 200 });
    }
    const before = await footprint(t);
    const r = await sendEmail(t, beta.owner, beta.slug, freshAddress());
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ error: "rate_limited" });
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await footprint(t)).toEqual(before);
    t.clock.advance(HOUR);
    expect((await sendEmail(t, beta.owner, beta.slug, freshAddress())).status).toBe(200);
  });

  test("verify: wrong codes lock after 5, expiry after 10 minutes, another org's code is invalid", async () => {
    const address = freshAddress();
    await sendEmail(t, acme.owner, acme.slug, address);
    const { code } = await lastMail(t, address);
    const wrong = code === "999999" ? "888888" : "999999";
    for (let left = 4; left >= 0; left--) {
      expect((await verifyEmail(t, acme.owner, acme.slug, address, wrong)).body).toMatchObject({ error: "otp_invalid", attemptsLeft: left });
    }
    expect((await verifyEmail(t, acme.owner, acme.slug, address, code)).body).toMatchObject({ error: "otp_locked" });

    const other = freshAddress();
    await sendEmail(t, beta.owner, beta.slug, other);
    const betaCode = (await lastMail(t, other)).code;
    expect((await verifyEmail(t, acme.owner, acme.slug, other, betaCode)).body).toMatchObject({ error: "otp_invalid" });
    t.clock.advance(10 * MINUTE);
    expect((await verifyEmail(t, beta.owner, beta.slug, other, betaCode)).body).toMatchObject({ error: "otp_expired" });
    const [org] = await t.ctx.db.read.select().from(organizations).where(eq(organizations.id, beta.orgId));
    expect(org!.verifiedEmail).toBeNull();
  });
});

describe("e-mail OTP: a refused mail", () => {
  let t: TestApp;
  let acme: TestOrg;
  let failing = true;
  const mails: MailMessage[] = [];
  const smtp: MailSender = {
    delivers: true,
    async send(message) {
      mails.push(message);
      if (failing) throw new SendFailedError("mail", crypto.randomUUID(), "SMTP answered 451");
      return { id: crypto.randomUUID() };
    },
  };

  beforeAll(async () => {
    t = await createTestApp({ mail: smtp });
    acme = await createOrg(t, "owner@acme.example", "Acme");
  });
  afterAll(() => t.close());

  test("answers 502 send_failed; the code is void and no cooldown holds the next send", async () => {
    const r = await sendEmail(t, acme.owner, acme.slug, "ops@acme.example");
    expect(r.status).toBe(502);
    expect(r.body).toEqual({ error: "send_failed", channel: "mail" });
    const failedCode = mails.at(-1)!.text.match(/\b\d{6}\b/)![0];
    const [row] = await t.ctx.db.read.select().from(otpCodes).where(eq(otpCodes.destination, "ops@acme.example"));
    expect(row).toMatchObject({ delivered: false, expiresAt: t.clock.now() });

    failing = false;
    expect((await sendEmail(t, acme.owner, acme.slug, "ops@acme.example")).status).toBe(200);
    const code = mails.at(-1)!.text.match(/\b\d{6}\b/)![0];
    if (failedCode !== code) {
      expect((await verifyEmail(t, acme.owner, acme.slug, "ops@acme.example", failedCode)).body).toMatchObject({ error: "otp_invalid" });
    }
    expect((await verifyEmail(t, acme.owner, acme.slug, "ops@acme.example", code)).status).toBe(200);
  });
});
