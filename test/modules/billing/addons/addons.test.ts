/**
 * The add-on door (spec 4.4 settings/addons, §8): Audit Analytics at $99 a month flat,
 * Pro or higher, prorated against the prepaid credit, 402 when it is short.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { orgAddons } from "../../../../src/modules/billing/addons/schema";
import { orgCreditLedger } from "../../../../src/modules/billing/ledger/schema";
import { auditEvents } from "../../../../src/platform/audit/schema";
import { addMember, createOrg, signInAs, type TestOrg } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";

let t: TestApp;

beforeAll(async () => {
  // Dev mode serves the operator's top-up route (the seam billing replaces).
  t = await createTestApp({ env: { SIGNET_DEV: "1" } });
});
afterAll(() => t.close());

const api = (org: TestOrg, method: string, path: string, json?: unknown, token = org.owner.token) => t.request(method, `/api/org/${org.slug}/settings${path}`, { token, json });
const topUp = (org: TestOrg, amountCents: number) => api(org, "POST", "/credit", { amountCents });
const auditTypes = async (org: TestOrg) =>
  (await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, org.orgId))).map((e) => e.type).filter((type) => type.startsWith("org.addon") || type.startsWith("org.credit"));

describe("enabling Audit Analytics", () => {
  test("Pro: charges the §8 proration (17 of 31 days on Jan 15 → $54.29) from the credit, audited", async () => {
    const org = await createOrg(t, "owner@addon-pro.test", "AddonPro", { plan: "pro" });
    expect((await topUp(org, 10_000)).body).toEqual({ creditBalanceCents: 10_000 });
    const r = await api(org, "POST", "/addons/audit_analytics");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      key: "audit_analytics",
      name: "Audit Analytics",
      monthlyPriceCents: 9900,
      active: true,
      chargedCents: 5429,
      creditBalanceCents: 4571,
      paidThrough: "2026-02-01T00:00:00.000Z",
    });
    const list = await api(org, "GET", "/addons");
    expect(list.body.creditBalanceCents).toBe(4571);
    expect(list.body.addons.find((a: any) => a.key === "audit_analytics")).toMatchObject({ active: true, planAllows: true });
    const ledger = await t.ctx.db.read.select().from(orgCreditLedger).where(eq(orgCreditLedger.orgId, org.orgId));
    // Billing's ledger: each entry has a refId whose prefix is its invoice category (the add-on's first month is a proration).
    expect(ledger.map((l) => [l.reason, l.amountMinor, l.balanceAfterMinor, l.refId.split(":")[0], l.currency, l.period])).toEqual([
      ["Top-up", 10_000, 10_000, "topup", "USD", "202601"],
      ["addon:audit_analytics", -5429, 4571, "proration", "USD", "202601"],
    ]);
    const [enabled] = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.type, "org.addon.enabled"));
    expect(enabled!.payload).toEqual({ addonKey: "audit_analytics", chargedCents: 5429, balanceAfterCents: 4571, paidThrough: "2026-02-01T00:00:00.000Z" });

    // Enabling an active add-on charges nothing.
    expect((await api(org, "POST", "/addons/audit_analytics")).body).toMatchObject({ active: true, chargedCents: 0, creditBalanceCents: 4571 });
    // Off and on again within the paid month: free.
    const off = await api(org, "DELETE", "/addons/audit_analytics");
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await api(org, "POST", "/addons/audit_analytics")).body).toMatchObject({ active: true, chargedCents: 0, creditBalanceCents: 4571 });
    expect(await auditTypes(org)).toEqual(["org.credit.topped_up", "org.addon.enabled", "org.addon.disabled", "org.addon.enabled"]);
  });

  test("a new month: re-enabling charges that month's proration (Feb 1: the full $99)", async () => {
    const org = await createOrg(t, "owner@addon-month.test", "AddonMonth", { plan: "business" });
    await topUp(org, 20_000);
    await api(org, "POST", "/addons/audit_analytics");
    await api(org, "DELETE", "/addons/audit_analytics");
    const before = t.clock.now();
    t.clock.set("2026-02-01T08:00:00Z");
    try {
      const r = await api(org, "POST", "/addons/audit_analytics");
      expect(r.body).toMatchObject({ chargedCents: 9900, creditBalanceCents: 20_000 - 5429 - 9900, paidThrough: "2026-03-01T00:00:00.000Z" });
      // The last day of a month: one day of 31, rounded down to the cent (a fresh session two months on).
      await api(org, "DELETE", "/addons/audit_analytics");
      t.clock.set("2026-03-31T23:00:00Z");
      const owner = await signInAs(t, org.owner.email);
      expect((await api(org, "POST", "/addons/audit_analytics", undefined, owner.token)).body.chargedCents).toBe(Math.floor(9900 / 31));
    } finally {
      t.clock.set(before);
    }
  });

  test("below Pro: 403 UPGRADE_REQUIRED, nothing charged", async () => {
    const org = await createOrg(t, "owner@addon-free.test", "AddonFree");
    await topUp(org, 10_000);
    const r = await api(org, "POST", "/addons/audit_analytics");
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: "UPGRADE_REQUIRED", feature: "audit_analytics" });
    expect((await api(org, "GET", "/addons")).body.creditBalanceCents).toBe(10_000);
    expect((await api(org, "GET", "/addons")).body.addons.find((a: any) => a.key === "audit_analytics").planAllows).toBe(false);
    expect(await auditTypes(org)).toEqual(["org.credit.topped_up"]);
  });

  test("credit short: 402 with balance and required, nothing changed", async () => {
    const org = await createOrg(t, "owner@addon-poor.test", "AddonPoor", { plan: "pro" });
    const none = await api(org, "POST", "/addons/audit_analytics");
    expect(none.status).toBe(402);
    expect(none.body).toMatchObject({ error: "insufficient_credit", balanceCents: 0, requiredCents: 5429 });
    await topUp(org, 5428);
    const short = await api(org, "POST", "/addons/audit_analytics");
    expect(short.status).toBe(402);
    expect(short.body).toMatchObject({ balanceCents: 5428, requiredCents: 5429 });
    expect(await t.ctx.db.read.select().from(orgAddons).where(eq(orgAddons.orgId, org.orgId))).toEqual([]);
    expect((await api(org, "GET", "/credit")).body.creditBalanceCents).toBe(5428);
    await topUp(org, 1);
    expect((await api(org, "POST", "/addons/audit_analytics")).body).toMatchObject({ active: true, creditBalanceCents: 0 });
  });
});

describe("refusals", () => {
  test("only view.billing (the Owner) manages add-ons and credit; an Admin or Member is 403; another org 404", async () => {
    const org = await createOrg(t, "owner@addon-roles.test", "AddonRoles", { plan: "pro" });
    await topUp(org, 10_000);
    const admin = await addMember(t, org, "admin@addon-roles.test", "admin");
    const member = await addMember(t, org, "member@addon-roles.test", "member");
    for (const who of [admin, member]) {
      const r = await api(org, "POST", "/addons/audit_analytics", undefined, who.token);
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("PERMISSION_DENIED");
      expect((await api(org, "DELETE", "/addons/audit_analytics", undefined, who.token)).status).toBe(403);
      expect((await api(org, "POST", "/credit", { amountCents: 100 }, who.token)).status).toBe(403);
      expect((await api(org, "GET", "/credit", undefined, who.token)).status).toBe(403);
    }
    const outsider = await createOrg(t, "outsider@addon-roles.test", "Outsider", { plan: "pro" });
    expect((await api(org, "POST", "/addons/audit_analytics", undefined, outsider.owner.token)).status).toBe(404);
    expect((await api(org, "GET", "/addons")).body.creditBalanceCents).toBe(10_000);
    expect(await t.ctx.db.read.select().from(orgAddons).where(eq(orgAddons.orgId, org.orgId))).toEqual([]);
  });

  test("unknown add-on 404; bad top-up amounts 400", async () => {
    const org = await createOrg(t, "owner@addon-bad.test", "AddonBad", { plan: "pro" });
    const unknown = await api(org, "POST", "/addons/nope");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("unknown_addon");
    expect((await api(org, "DELETE", "/addons/nope")).status).toBe(404);
    for (const amountCents of [0, -5, 1.5, 10_000_001]) {
      const r = await topUp(org, amountCents);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_amount", field: "amountCents" });
    }
    const wrongType = await api(org, "POST", "/credit", { amountCents: "100" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.field).toBe("amountCents");
    expect((await api(org, "POST", "/credit", { amountCents: 100, bonus: 5 })).status).toBe(400);
    expect((await api(org, "GET", "/credit")).body.creditBalanceCents).toBe(0);
  });

  test("outside dev mode there is no top-up route", async () => {
    const prod = await createTestApp();
    try {
      const org = await createOrg(prod, "owner@addon-prod.test", "AddonProd", { plan: "pro" });
      const r = await prod.request("POST", `/api/org/${org.slug}/settings/credit`, { token: org.owner.token, json: { amountCents: 100 } });
      expect(r.status).toBe(404);
      expect((await prod.request("GET", `/api/org/${org.slug}/settings/credit`, { token: org.owner.token })).body.creditBalanceCents).toBe(0);
    } finally {
      await prod.close();
    }
  });
});
