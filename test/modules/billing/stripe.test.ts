/**
 * Top-ups and withdrawals through the Stripe adapter (plain fetch to Stripe's REST API),
 * against a local FAKE Stripe server (fake-stripe.ts says so), and its webhooks: verified
 * by Stripe's signature scheme within 5 minutes, applied once per event id and per
 * payment; a forged, stale or tampered event is 400 and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { billingPayments, billingWebhookEvents, billingWithdrawals } from "../../../src/modules/billing/ledger/schema";
import { createOrg, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { balanceOf, billing, fund, ledgerOf, mailsTo } from "./support";
import { type FakeStripe, signStripe, startFakeStripe } from "./fake-stripe";

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = startFakeStripe();
  t = await createTestApp({ env: { SIGNET_STRIPE_SECRET_KEY: stripe.secretKey, SIGNET_STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, SIGNET_STRIPE_API_BASE: stripe.url } });
});
afterAll(async () => {
  await t.close();
  stripe.close();
});

const deliver = (e: { body: string; signature: string }, signature: string | null = e.signature) =>
  t.request("POST", "/api/public/billing/stripe/webhook", { body: e.body, headers: { "content-type": "application/json", ...(signature === null ? {} : { "stripe-signature": signature }) } });

async function topUp(org: TestOrg, amount: number) {
  const r = await billing(t, org, "POST", "/top-ups", { amount });
  expect(r.status).toBe(200);
  const payment = (await t.ctx.db.read.select().from(billingPayments).where(eq(billingPayments.id, r.body.paymentId)))[0]!;
  return { response: r.body, intentId: payment.providerRef! };
}

async function paidTopUp(org: TestOrg, amount: number) {
  const { response, intentId } = await topUp(org, amount);
  const applied = await deliver(stripe.event("payment_intent.succeeded", intentId, { atMs: t.clock.now() }));
  expect(applied.body).toEqual({ received: true, outcome: "applied" });
  return { paymentId: response.paymentId as string, intentId };
}

describe("top-ups", () => {
  test("a top-up opens a PaymentIntent (form-encoded, Bearer key, Idempotency-Key) and stays pending until the signed webhook credits it once", async () => {
    const org = await createOrg(t, "owner@stripe-topup.test", "StripeTopUp");
    const { response, intentId } = await topUp(org, 4_200);
    expect(response).toMatchObject({ provider: "stripe", status: "pending", amount: 4_200, currency: "USD", balance: 0 });
    expect(response.clientSecret).toStartWith(`${intentId}_secret_`);
    const call = stripe.requests.find((r) => r.path === "/v1/payment_intents" && r.form["metadata[signet_payment_id]"] === response.paymentId)!;
    expect(call.auth).toBe(`Bearer ${stripe.secretKey}`);
    expect(call.idempotencyKey).toBe(`signet-topup-${response.paymentId}`);
    expect(call.form).toMatchObject({ amount: "4200", currency: "usd", "metadata[signet_org_id]": org.orgId });
    expect(await balanceOf(t, org)).toBe(0);

    const event = stripe.event("payment_intent.succeeded", intentId, { atMs: t.clock.now() });
    expect((await deliver(event)).body).toEqual({ received: true, outcome: "applied" });
    expect(await balanceOf(t, org)).toBe(4_200);
    // Stripe retries the same event: nothing changes.
    expect((await deliver(event)).body).toEqual({ received: true, outcome: "duplicate" });
    // Another event for the same payment (a second succeeded): the payment is credited once.
    expect((await deliver(stripe.event("payment_intent.succeeded", intentId, { atMs: t.clock.now() }))).body.outcome).toBe("duplicate");
    const entries = await ledgerOf(t, org);
    expect(entries.map((e) => [e.refId, e.amountMinor])).toEqual([[`topup:${response.paymentId}`, 4_200]]);
    expect(await balanceOf(t, org)).toBe(4_200);
  });

  test("forged, tampered, stale or missing signatures: 400 invalid_signature and nothing changes", async () => {
    const org = await createOrg(t, "owner@stripe-forged.test", "StripeForged");
    const { intentId } = await topUp(org, 1_000);
    const now = t.clock.now();
    const good = stripe.event("payment_intent.succeeded", intentId, { atMs: now });
    const cases: Array<[string, { body: string; signature: string | null }]> = [
      ["wrong secret", { body: good.body, signature: signStripe(good.body, "whsec_attacker", now) }],
      ["tampered body", { body: good.body.replace('"amount":1000', '"amount":999999'), signature: good.signature }],
      ["stale (6 minutes old)", { body: good.body, signature: signStripe(good.body, stripe.webhookSecret, now - 6 * 60_000) }],
      ["from the future", { body: good.body, signature: signStripe(good.body, stripe.webhookSecret, now + 6 * 60_000) }],
      ["no header", { body: good.body, signature: null }],
      ["garbage header", { body: good.body, signature: "v1=abc,t=x" }],
    ];
    for (const [name, c] of cases) {
      const r = await deliver({ body: c.body, signature: c.signature ?? "" }, c.signature);
      expect([name, r.status, r.body.error]).toEqual([name, 400, "invalid_signature"]);
    }
    expect(await balanceOf(t, org)).toBe(0);
    expect(await t.ctx.db.read.select().from(billingWebhookEvents).where(eq(billingWebhookEvents.id, `stripe:${good.id}`))).toEqual([]);
    // Within the tolerance the genuine event still applies.
    const late = signStripe(good.body, stripe.webhookSecret, now - 4 * 60_000);
    expect((await deliver(good, late)).body.outcome).toBe("applied");
    expect(await balanceOf(t, org)).toBe(1_000);
  });

  test("an event whose amount is not the payment's is acknowledged and ignored; payment_failed marks the payment failed", async () => {
    const org = await createOrg(t, "owner@stripe-mismatch.test", "StripeMismatch");
    const { response, intentId } = await topUp(org, 2_000);
    expect((await deliver(stripe.event("payment_intent.succeeded", intentId, { atMs: t.clock.now(), amount: 200_000 }))).body.outcome).toBe("ignored");
    expect(await balanceOf(t, org)).toBe(0);
    expect((await deliver(stripe.event("payment_intent.payment_failed", intentId, { atMs: t.clock.now() }))).body.outcome).toBe("applied");
    expect((await t.ctx.db.read.select().from(billingPayments).where(eq(billingPayments.id, response.paymentId)))[0]!.status).toBe("failed");
    // Unknown event types and intents Signet did not open are acknowledged.
    expect((await deliver(stripe.event("charge.refunded", intentId, { atMs: t.clock.now() }))).body.outcome).toBe("ignored");
  });

  test("a payment on its way fixes the currency: a top-up in another currency before it lands is 400 currency_mismatch", async () => {
    const org = await createOrg(t, "owner@stripe-pending.test", "StripePending");
    const { intentId } = await topUp(org, 50_000);
    const krw = await billing(t, org, "POST", "/top-ups", { amount: 50_000, currency: "KRW" });
    expect(krw.status).toBe(400);
    expect(krw.body).toMatchObject({ error: "currency_mismatch", currency: "KRW", accountCurrency: "USD" });
    expect((await deliver(stripe.event("payment_intent.succeeded", intentId, { atMs: t.clock.now() }))).body.outcome).toBe("applied");
    expect(await balanceOf(t, org)).toBe(50_000);
  });

  test("Stripe refusing the PaymentIntent: 502 payment_failed, nothing credited", async () => {
    const org = await createOrg(t, "owner@stripe-refused.test", "StripeRefused");
    stripe.failNext("/v1/payment_intents", 402, "card_declined");
    const r = await billing(t, org, "POST", "/top-ups", { amount: 1_000 });
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ error: "payment_failed", providerCode: "card_declined" });
    expect(await balanceOf(t, org)).toBe(0);
  });
});

describe("withdrawals (spec §8)", () => {
  test("2.9% + $0.30 fee kept, the bonus clawed back in proportion, the reserve held on a paid plan; refunded to the card", async () => {
    const org = await createOrg(t, "owner@stripe-withdraw.test", "StripeWithdraw", { plan: "pro" });
    const { paymentId, intentId } = await paidTopUp(org, 10_000);
    // An operator's grant with a promotional bonus: the grant itself is not card money, the bonus is clawed back.
    await fund(t, org, 2_000, { bonus: 1_000 });
    const quote = await billing(t, org, "GET", "/withdrawals/quote");
    expect(quote.body).toEqual({ currency: "USD", balance: 13_000, paidLeft: 10_000, bonusLeft: 1_000, reserve: 500, withdrawable: 10_000 });

    const r = await billing(t, org, "POST", "/withdrawals", { amount: 5_000 });
    expect(r.status).toBe(200);
    // fee = ceil(5000 × 2.9%) + 30 = 145 + 30; clawback = floor(1000 × 5000 / 10000).
    expect(r.body).toMatchObject({ status: "paid", currency: "USD", amount: 5_000, fee: 175, payout: 4_825, clawback: 500, balance: 13_000 - 5_000 - 500, refunds: [{ paymentId, amount: 4_825 }] });
    expect(stripe.refunds.at(-1)).toMatchObject({ payment_intent: intentId, amount: 4_825 });
    const entries = (await ledgerOf(t, org)).filter((e) => e.amountMinor < 0).map((e) => [e.refId.split(":")[0], e.amountMinor]);
    expect(entries).toEqual([
      ["withdrawal", -4_825],
      ["fee", -175],
      ["clawback", -500],
    ]);
    expect((await mailsTo(t, org.owner.email)).at(-1)!.text).toContain("5 to 10 business days");
    expect((await billing(t, org, "GET", "/withdrawals/quote")).body).toMatchObject({ paidLeft: 5_000, bonusLeft: 500, balance: 7_500, withdrawable: 5_000 });

    const over = await billing(t, org, "POST", "/withdrawals", { amount: 5_001 });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error: "nothing_to_withdraw", withdrawable: 5_000 });
    const tiny = await billing(t, org, "POST", "/withdrawals", { amount: 30 });
    expect(tiny.status).toBe(400);
    expect(tiny.body).toMatchObject({ error: "withdrawal_too_small", fee: 31 });
    for (const amount of [0, -10, 12.5]) expect((await billing(t, org, "POST", "/withdrawals", { amount })).body.error).toBe("invalid_amount");
    expect((await billing(t, org, "POST", "/withdrawals", { amount: 100, currency: "KRW" })).body.error).toBe("currency_mismatch");
    expect(await balanceOf(t, org)).toBe(7_500);
  });

  test("a refund Stripe refuses puts the credit back: 502 payment_failed, balance and quote as before", async () => {
    const org = await createOrg(t, "owner@stripe-refund-fail.test", "StripeRefundFail");
    await paidTopUp(org, 3_000);
    const before = (await billing(t, org, "GET", "/withdrawals/quote")).body;
    stripe.failNext("/v1/refunds", 400, "charge_already_refunded");
    const r = await billing(t, org, "POST", "/withdrawals", { amount: 1_000 });
    expect(r.status).toBe(502);
    expect(r.body.error).toBe("payment_failed");
    expect(await balanceOf(t, org)).toBe(3_000);
    expect((await billing(t, org, "GET", "/withdrawals/quote")).body).toEqual(before);
    const [w] = await t.ctx.db.read.select().from(billingWithdrawals).where(eq(billingWithdrawals.orgId, org.orgId));
    expect(w!.status).toBe("failed");
  });
});

test("without a Stripe webhook secret the webhook route is 404 webhooks_not_configured", async () => {
  const dev = await createTestApp({ env: { SIGNET_DEV: "1" } });
  try {
    const body = JSON.stringify({ id: "evt_1", type: "payment_intent.succeeded" });
    const r = await dev.request("POST", "/api/public/billing/stripe/webhook", { body, headers: { "content-type": "application/json", "stripe-signature": signStripe(body, "whsec_x", dev.clock.now()) } });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("webhooks_not_configured");
  } finally {
    await dev.close();
  }
});

test("settings: a Stripe key needs its webhook secret and looks like one; the API base is a URL", async () => {
  const { loadConfig } = await import("../../../src/config");
  const base = { SIGNET_DATA_DIR: "/tmp/signet-config-check" };
  expect(() => loadConfig({ ...base, SIGNET_STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/SIGNET_STRIPE_WEBHOOK_SECRET \(--stripe-webhook-secret\): is required/);
  expect(() => loadConfig({ ...base, SIGNET_STRIPE_SECRET_KEY: "pk_live_x", SIGNET_STRIPE_WEBHOOK_SECRET: "whsec_x" })).toThrow(/SIGNET_STRIPE_SECRET_KEY/);
  expect(() => loadConfig({ ...base, SIGNET_STRIPE_SECRET_KEY: "sk_test_x", SIGNET_STRIPE_WEBHOOK_SECRET: "whsec_x", SIGNET_STRIPE_API_BASE: "nope" })).toThrow(/SIGNET_STRIPE_API_BASE/);
  expect(loadConfig({ ...base, SIGNET_STRIPE_SECRET_KEY: "sk_test_x", SIGNET_STRIPE_WEBHOOK_SECRET: "whsec_x" }).stripe).toEqual({ secretKey: "sk_test_x", webhookSecret: "whsec_x", apiBase: "https://api.stripe.com" });
  expect(loadConfig(base).stripe).toBeUndefined();
});
