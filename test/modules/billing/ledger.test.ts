/**
 * The credit ledger (docs/billing.md "The ledger"): append-only, integer minor units in
 * one currency per organization (USD cents, KRW won), a refId on every entry, the balance
 * never negative under parallel debits and top-ups, bad amounts and currencies refused.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { debit } from "../../../src/modules/billing/ledger/ledger";
import { categoryOf } from "../../../src/modules/billing/ledger/ref-ids";
import { auditEvents } from "../../../src/platform/audit/schema";
import { addMember, createOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { apiKey, balanceOf, billing, fund, ledgerOf } from "./support";

let t: TestApp;
beforeAll(async () => {
  // Dev mode: the offline payment gateway settles top-ups at once.
  t = await createTestApp({ env: { SIGNET_DEV: "1" } });
});
afterAll(() => t.close());

describe("top-ups through the dev gateway", () => {
  test("credit arrives at once, in the ledger with a topup: refId, audited; the summary shows it with the reserve", async () => {
    const org = await createOrg(t, "owner@ledger-topup.test", "LedgerTopUp");
    const r = await billing(t, org, "POST", "/top-ups", { amount: 2_500 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ provider: "dev", status: "succeeded", amount: 2_500, currency: "USD", clientSecret: null, balance: 2_500 });
    const summary = await billing(t, org, "GET", "");
    expect(summary.body).toMatchObject({ plan: "free", monthlyPrice: 0, currency: "USD", balance: 2_500, reserve: 500, delinquency: null, scheduledPlan: null });
    const entries = (await billing(t, org, "GET", "/ledger")).body;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: 2_500, balanceAfter: 2_500, currency: "USD", refId: `topup:${r.body.paymentId}`, category: "other", period: "202601" });
    const types = (await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, org.orgId))).map((e) => e.type);
    expect(types).toContain("payment.top_up.started");
    expect(types).toContain("org.credit.topped_up");
  });

  test("KRW has no minor unit: won are whole units, and the account keeps its first currency (400 currency_mismatch)", async () => {
    const org = await createOrg(t, "owner@ledger-krw.test", "LedgerKrw");
    const r = await billing(t, org, "POST", "/top-ups", { amount: 50_000, currency: "krw" });
    expect(r.body).toMatchObject({ currency: "KRW", amount: 50_000, balance: 50_000 });
    expect((await billing(t, org, "GET", "")).body).toMatchObject({ currency: "KRW", balance: 50_000, reserve: 7_000 });
    const usd = await billing(t, org, "POST", "/top-ups", { amount: 100, currency: "USD" });
    expect(usd.status).toBe(400);
    expect(usd.body).toMatchObject({ error: "currency_mismatch", currency: "USD", accountCurrency: "KRW" });
    // A fractional won is as wrong as a fractional cent.
    expect((await billing(t, org, "POST", "/top-ups", { amount: 100.5, currency: "KRW" })).body.error).toBe("invalid_amount");
    expect(await balanceOf(t, org)).toBe(50_000);
  });

  test("bad amounts and currencies: 400, nothing recorded", async () => {
    const org = await createOrg(t, "owner@ledger-bad.test", "LedgerBad");
    for (const amount of [0, -1, -500, 1.5, 0.01, 10_000_001, 1e21, Number.MAX_SAFE_INTEGER]) {
      const r = await billing(t, org, "POST", "/top-ups", { amount });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_amount", field: "amount" });
    }
    for (const body of [{ amount: "100" }, { amount: null }, {}, { amount: 100, extra: 1 }, { amount: 100, currency: 5 }]) {
      const r = await billing(t, org, "POST", "/top-ups", body);
      expect(r.status).toBe(400);
    }
    const euro = await billing(t, org, "POST", "/top-ups", { amount: 100, currency: "EUR" });
    expect(euro.status).toBe(400);
    expect(euro.body).toMatchObject({ error: "unsupported_currency", supported: ["USD", "KRW"] });
    expect(await ledgerOf(t, org)).toEqual([]);
  });

  test("who may: the Owner (view.billing); an Admin or Member 403; another org 404; no credential 401", async () => {
    const org = await createOrg(t, "owner@ledger-roles.test", "LedgerRoles");
    const admin = await addMember(t, org, "admin@ledger-roles.test", "admin");
    const member = await addMember(t, org, "member@ledger-roles.test", "member");
    for (const who of [admin, member]) {
      for (const [method, path, body] of [["GET", ""], ["GET", "/ledger"], ["POST", "/top-ups", { amount: 100 }], ["GET", "/withdrawals/quote"], ["POST", "/withdrawals", { amount: 100 }], ["PUT", "/plan", { plan: "pro" }]] as const) {
        const r = await billing(t, org, method, path, body, who.token);
        expect(r.status).toBe(403);
        expect(r.body.error).toBe("PERMISSION_DENIED");
      }
    }
    const outsider = await createOrg(t, "outsider@ledger-roles.test", "LedgerOutsider");
    expect((await billing(t, org, "GET", "", undefined, outsider.owner.token)).status).toBe(404);
    expect((await billing(t, org, "POST", "/top-ups", { amount: 100 }, outsider.owner.token)).status).toBe(404);
    expect((await t.request("GET", `/api/org/${org.slug}/billing`)).status).toBe(401);
    expect((await t.request("POST", `/api/org/${org.slug}/billing/top-ups`, { json: { amount: 100 } })).status).toBe(401);
    expect(await ledgerOf(t, org)).toEqual([]);
  });
});

describe("concurrency", () => {
  test("parallel debits never overdraw: 40 debits of 7 against 100 leave 2, with 14 entries whose sum is the balance", async () => {
    const org = await createOrg(t, "owner@ledger-race.test", "LedgerRace");
    await fund(t, org, 100);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => t.ctx.db.write((tx) => debit(tx, { orgId: org.orgId, amount: 7, refId: `usage:test:${i}`, reason: "race", at: t.clock.now() }))),
    );
    const ok = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok).toBe(14);
    expect(refused).toHaveLength(26);
    for (const r of refused) expect((r as PromiseRejectedResult).reason.code).toBe("insufficient_credit");
    const entries = await ledgerOf(t, org);
    expect(entries).toHaveLength(15);
    expect(entries.reduce((s, e) => s + e.amountMinor, 0)).toBe(2);
    expect(await balanceOf(t, org)).toBe(2);
    // Every balanceAfter is a step of the running sum: no entry lost, none negative.
    const afters = entries.map((e) => e.balanceAfterMinor).sort((a, b) => b - a);
    expect(afters).toEqual(Array.from({ length: 15 }, (_, i) => 100 - 7 * i));
  });

  test("parallel top-ups and metered sends over HTTP never lose an entry", async () => {
    const org = await createOrg(t, "owner@ledger-mixed.test", "LedgerMixed");
    const key = await apiKey(t, org, ["org.sms.send"]);
    await fund(t, org, 20);
    const sends = Array.from({ length: 20 }, () => t.request("POST", "/api/public/sms/send", { headers: { "x-api-key": key }, json: { to: "+14155550100", text: "hello", optedIn: true } }));
    const topUps = Array.from({ length: 10 }, () => billing(t, org, "POST", "/top-ups", { amount: 3 }));
    const answers = await Promise.all([...sends, ...topUps]);
    const sent = answers.slice(0, 20).filter((r) => r.status === 200).length;
    for (const r of answers.slice(0, 20)) expect([200, 402]).toContain(r.status);
    for (const r of answers.slice(20)) expect(r.status).toBe(200);
    const entries = await ledgerOf(t, org);
    expect(entries.filter((e) => e.refId.startsWith("usage:sms:"))).toHaveLength(sent);
    expect(entries.filter((e) => e.refId.startsWith("topup:"))).toHaveLength(11);
    const sum = entries.reduce((s, e) => s + e.amountMinor, 0);
    expect(sum).toBe(20 + 30 - 2 * sent);
    expect(await balanceOf(t, org)).toBe(sum);
    expect(sum).toBeGreaterThanOrEqual(0);
    expect(new Set(entries.map((e) => e.refId)).size).toBe(entries.length);
  });

  test("a refId is posted once: the same charge twice is one entry", async () => {
    const org = await createOrg(t, "owner@ledger-once.test", "LedgerOnce");
    await fund(t, org, 1_000);
    const twice = await Promise.all([0, 1].map(() => t.ctx.db.write((tx) => debit(tx, { orgId: org.orgId, amount: 300, refId: "plan:pro:202601", reason: "Pro", at: t.clock.now() }))));
    expect(twice.map((p) => p.duplicate).sort()).toEqual([false, true]);
    expect(await balanceOf(t, org)).toBe(700);
  });
});

test("refId prefixes are the invoice categories of spec 2.6", () => {
  expect(["plan:pro:202601", "proration:addon:x:1", "addon:audit_analytics:202602", "sso:conn:1", "usage:sms:1", "topup:pay_1", "adjustment:1", "fee:withdrawal:1"].map(categoryOf)).toEqual([
    "plan",
    "proration",
    "addon",
    "sso",
    "usage",
    "other",
    "other",
    "other",
  ]);
});

test("outside dev mode and without Stripe there is no gateway: 503 payments_not_configured, nothing recorded", async () => {
  const prod = await createTestApp();
  try {
    const org = await createOrg(prod, "owner@ledger-prod.test", "LedgerProd");
    const r = await prod.request("POST", `/api/org/${org.slug}/billing/top-ups`, { token: org.owner.token, json: { amount: 1_000 } });
    expect(r.status).toBe(503);
    expect(r.body.error).toBe("payments_not_configured");
    expect(await ledgerOf(prod, org)).toEqual([]);
  } finally {
    await prod.close();
  }
});
