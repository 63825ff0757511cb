/**
 * POST /api/public/sms/send (spec 4.1): metered against the prepaid credit, 402 when the
 * credit is empty, with messaging's §8 coverage rules: outside coverage and invalid
 * numbers cost nothing, codes count toward the per-number caps, other texts need an
 * opt-in and +1 numbers get an opt-out line. Who may call: an org-wide key with org.sms.send.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { billingSmsSends } from "../../../src/modules/billing/sms/schema";
import { auditEvents } from "../../../src/platform/audit/schema";
import { createAppGroup, createOrg, type TestOrg } from "../../support/accounts";
import { DAY } from "../../support/clock";
import { createTestApp, type TestApp } from "../../support/harness";
import { recordingGateway } from "../customers/end-users/mfa/support";
import { apiKey, balanceOf, fund, ledgerOf } from "./support";

let t: TestApp;
let org: TestOrg;
let key: string;
const gateway = recordingGateway();
beforeAll(async () => {
  t = await createTestApp({ env: { SIGNET_DEV: "1" }, sms: gateway.sender });
  org = await createOrg(t, "owner@sms.test", "Sms Co");
  key = await apiKey(t, org, ["org.sms.send"]);
});
afterAll(() => t.close());
beforeEach(() => {
  gateway.failing = false;
});

const send = (json: unknown, headers: Record<string, string> = { "x-api-key": key }) => t.request("POST", "/api/public/sms/send", { headers, json });

describe("metering", () => {
  test("empty credit: 402 insufficient_credit, nothing sent or recorded", async () => {
    const r = await send({ to: "+821012345678", text: "hello", optedIn: true });
    expect(r.status).toBe(402);
    expect(r.body).toMatchObject({ error: "insufficient_credit", balance: 0, required: 2, currency: "USD" });
    expect(gateway.sentTo("+821012345678")).toBe(0);
    expect(await ledgerOf(t, org)).toEqual([]);
  });

  test("a text is charged by coverage group (standard 2¢, limited 5¢, restricted 8¢), sent, audited", async () => {
    await fund(t, org, 100);
    const korea = await send({ to: "+82 10-1234-5678", text: "Your order shipped", optedIn: true });
    expect(korea.status).toBe(200);
    expect(korea.body).toMatchObject({ status: "sent", to: "+821012345678", country: "KR", group: "standard", kind: "message", price: 2, currency: "USD", balance: 98 });
    expect(gateway.texts.at(-1)).toEqual({ to: "+821012345678", text: "Your order shipped" });
    expect((await send({ to: "+525512345678", text: "Tu código", kind: "code" })).body).toMatchObject({ country: "MX", group: "limited", price: 5, balance: 93 });
    expect((await send({ to: "+923001234567", text: "code 123456", kind: "code" })).body).toMatchObject({ country: "PK", group: "restricted", price: 8, balance: 85 });
    const entries = (await ledgerOf(t, org)).filter((e) => e.amountMinor < 0).map((e) => [e.refId.split(":").slice(0, 2).join(":"), e.amountMinor, e.reason]);
    expect(entries).toEqual([
      ["usage:sms", -2, "SMS to KR (standard)"],
      ["usage:sms", -5, "SMS to MX (limited)"],
      ["usage:sms", -8, "SMS to PK (restricted)"],
    ]);
    const [event] = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.type, "payment.sms.charged"));
    expect(event!.payload).toEqual({ sendId: korea.body.id, country: "KR", group: "standard", kind: "message", price: 2, currency: "USD" });
    expect(event!.actorKind).toBe("api_key");
  });

  test("+1 numbers get a closing opt-out line; texts other than codes need optedIn", async () => {
    const us = await send({ to: "+14155550123", text: "Sale today", optedIn: true });
    expect(us.status).toBe(200);
    expect(gateway.texts.at(-1)!.text).toBe("Sale today\nReply STOP to opt out.");
    const noOptIn = await send({ to: "+14155550123", text: "Sale today" });
    expect(noOptIn.status).toBe(400);
    expect(noOptIn.body).toMatchObject({ error: "opt_in_required", field: "optedIn" });
    // A code goes without an opt-in and without the line.
    expect((await send({ to: "+14155550123", text: "Code 111222", kind: "code" })).status).toBe(200);
    expect(gateway.texts.at(-1)!.text).toBe("Code 111222");
  });

  test("outside coverage or not a number: 400 at no cost", async () => {
    const before = await balanceOf(t, org);
    const sent = gateway.texts.length;
    const jamaica = await send({ to: "+18765551234", text: "hi", optedIn: true });
    expect(jamaica.status).toBe(400);
    expect(jamaica.body).toMatchObject({ error: "region_not_supported", field: "phone" });
    expect((await send({ to: "+99", text: "hi", optedIn: true })).body.error).toBe("invalid_number");
    expect((await send({ to: "12345", text: "hi", optedIn: true })).status).toBe(400);
    expect(await balanceOf(t, org)).toBe(before);
    expect(gateway.texts.length).toBe(sent);
  });

  test("codes to a Restricted number: 1 per 24 h (429 region_daily_limit), nothing charged for the refusal", async () => {
    const nepal = "+9779812345678";
    expect((await send({ to: nepal, text: "code 1", kind: "code" })).status).toBe(200);
    const before = await balanceOf(t, org);
    const again = await send({ to: nepal, text: "code 2", kind: "code" });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ error: "region_daily_limit", limit: 1 });
    expect(await balanceOf(t, org)).toBe(before);
    // Messages are not codes: they do not count toward the cap.
    expect((await send({ to: nepal, text: "hello", optedIn: true })).status).toBe(200);
    t.clock.advance(DAY);
    expect((await send({ to: nepal, text: "code 3", kind: "code" })).status).toBe(200);
  });

  test("a provider refusal gives the charge back: 502 send_failed", async () => {
    const before = await balanceOf(t, org);
    gateway.failing = true;
    const r = await send({ to: "+447700900123", text: "hi", optedIn: true });
    expect(r.status).toBe(502);
    expect(r.body.error).toBe("send_failed");
    expect(await balanceOf(t, org)).toBe(before);
    const [row] = (await t.ctx.db.read.select().from(billingSmsSends).where(eq(billingSmsSends.phone, "+447700900123")));
    expect(row!.status).toBe("failed");
    const refund = (await ledgerOf(t, org)).filter((e) => e.refId === `usage:sms:${row!.id}:refund`);
    expect(refund.map((e) => e.amountMinor)).toEqual([2]);
  });

  test("bad bodies: 400", async () => {
    for (const body of [{}, { to: "+821012345678" }, { to: "+821012345678", text: "" }, { to: "+821012345678", text: "x".repeat(641) }, { to: "+821012345678", text: "x", kind: "voice" }, { to: "+821012345678", text: "x", optedIn: true, extra: 1 }]) {
      expect((await send(body)).status).toBe(400);
    }
  });
});

describe("who may call", () => {
  test("an org-wide key with org.sms.send; no key 401; a key without the scope 403; an app-group key 401; a session is not a key", async () => {
    const body = { to: "+821012345678", text: "hi", optedIn: true };
    expect((await send(body, {})).status).toBe(401);
    expect((await send(body, { "x-api-key": "ah_live_nope" })).status).toBe(401);
    const narrow = await apiKey(t, org, ["org.member.list"]);
    const denied = await send(body, { "x-api-key": narrow });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("PERMISSION_DENIED");
    const group = await createAppGroup(t, org);
    const groupKey = await apiKey(t, org, ["org.*"], group.groupKey);
    expect((await send(body, { "x-api-key": groupKey })).body.error).toBe("org_wide_key_required");
    expect((await send(body, { authorization: `Bearer ${org.owner.token}` })).status).toBe(401);
    const wide = await apiKey(t, org, ["org.*"]);
    expect((await send(body, { "x-api-key": wide })).status).toBe(200);
  });
});

test("the daily fuse Limited and Restricted share: 429 region_fuse, counted with every kind of code", async () => {
  const fused = await createTestApp({ env: { SIGNET_DEV: "1", SIGNET_SMS_DAILY_FUSE: "1" }, sms: recordingGateway().sender });
  try {
    const o = await createOrg(fused, "owner@sms-fuse.test", "Sms Fuse");
    const k = await apiKey(fused, o, ["org.sms.send"]);
    await fund(fused, o, 100);
    const post = (to: string, kind = "code") => fused.request("POST", "/api/public/sms/send", { headers: { "x-api-key": k }, json: { to, text: "code 1", kind, optedIn: true } });
    expect((await post("+525512345678")).status).toBe(200);
    const r = await post("+525512345679");
    expect(r.status).toBe(429);
    expect(r.body.error).toBe("region_fuse");
    // Standard numbers and messages are outside the fuse.
    expect((await post("+821012345678")).status).toBe(200);
    expect((await post("+525512345679", "message")).status).toBe(200);
    expect(await balanceOf(fused, o)).toBe(100 - 5 - 2 - 5);
  } finally {
    await fused.close();
  }
});
