/**
 * Plans (docs/billing.md "Plans and renewal"): the owner upgrades at once, prorated like
 * add-ons, and downgrades at the period end; the renewal job charges the plan and every
 * active add-on each month, once.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { orgAddons } from "../../../src/modules/billing/addons/schema";
import { organizations } from "../../../src/modules/orgs/schema";
import { auditEvents } from "../../../src/platform/audit/schema";
import { addMember, createOrg, signInAs, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { balanceOf, billing, fund, ledgerOf, runJob } from "./support";

let t: TestApp;
afterEach(async () => t?.close());
const fresh = async () => (t = await createTestApp({ env: { SIGNET_DEV: "1" } }));
const planOf = async (org: TestOrg) => (await t.ctx.db.read.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, org.orgId)))[0]!.plan;
const types = async (org: TestOrg, prefix: string) => (await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, org.orgId))).map((e) => e.type).filter((x) => x.startsWith(prefix));

describe("the owner changes the plan", () => {
  test("upgrades apply at once, prorated (Jan 15: 17 of 31 days), less what the old plan paid for the same days; 402 when short, nothing changed", async () => {
    await fresh();
    const org = await createOrg(t, "owner@plan-up.test", "PlanUp");
    const poor = await billing(t, org, "PUT", "/plan", { plan: "pro" });
    expect(poor.status).toBe(402);
    expect(poor.body).toMatchObject({ error: "insufficient_credit", balance: 0, required: 1_590, currency: "USD" });
    expect(await planOf(org)).toBe("free");

    await fund(t, org, 20_000);
    const up = await billing(t, org, "PUT", "/plan", { plan: "Pro" });
    expect(up.status).toBe(200);
    // floor(2900 × 17 / 31) = 1590
    expect(up.body).toMatchObject({ change: "upgraded", charged: 1_590, plan: "pro", monthlyPrice: 2_900, planPaidThrough: "2026-02-01T00:00:00.000Z", balance: 18_410 });
    expect(await planOf(org)).toBe("pro");
    // Pro → Business the same day: floor(29900 × 17 / 31) − 1590 = 16396 − 1590
    const short = await billing(t, org, "PUT", "/plan", { plan: "business" });
    expect(short.status).toBe(200);
    expect(short.body).toMatchObject({ change: "upgraded", charged: 14_806, plan: "business", balance: 18_410 - 14_806 });
    const charges = (await ledgerOf(t, org)).filter((e) => e.amountMinor < 0).map((e) => [e.refId.split(":").slice(0, 3).join(":"), e.amountMinor, e.reason]);
    expect(charges).toEqual([
      ["proration:plan:free>pro", -1_590, "Free → Pro, rest of 2026-01 prorated"],
      ["proration:plan:pro>business", -14_806, "Pro → Business, rest of 2026-01 prorated"],
    ]);
    expect(await types(org, "org.plan_changed")).toHaveLength(2);
    expect(await types(org, "payment.plan.upgraded")).toHaveLength(2);
  });

  test("downgrades wait for the period end; asking for the current plan cancels one; the renewal applies it and charges the lower plan", async () => {
    await fresh();
    const org = await createOrg(t, "owner@plan-down.test", "PlanDown");
    await fund(t, org, 50_000);
    await billing(t, org, "PUT", "/plan", { plan: "business" });
    const down = await billing(t, org, "PUT", "/plan", { plan: "pro" });
    expect(down.body).toMatchObject({ change: "scheduled", plan: "business", scheduledPlan: "pro", scheduledAt: "2026-02-01T00:00:00.000Z", charged: 0 });
    expect((await billing(t, org, "PUT", "/plan", { plan: "business" })).body).toMatchObject({ change: "cancelled", scheduledPlan: null });
    expect((await billing(t, org, "PUT", "/plan", { plan: "business" })).body.change).toBe("unchanged");
    await billing(t, org, "PUT", "/plan", { plan: "pro" });
    const balance = await balanceOf(t, org);

    t.clock.set("2026-01-31T23:15:00Z");
    await runJob(t, "billing.renewals");
    expect(await planOf(org)).toBe("business");
    t.clock.set("2026-02-01T00:15:00Z");
    await runJob(t, "billing.renewals");
    expect(await planOf(org)).toBe("pro");
    expect(await balanceOf(t, org)).toBe(balance - 2_900);
    expect((await billing(t, org, "GET", "")).body).toMatchObject({ plan: "pro", scheduledPlan: null, planPaidThrough: "2026-03-01T00:00:00.000Z" });
  });

  test("bad plans and who may", async () => {
    await fresh();
    const org = await createOrg(t, "owner@plan-bad.test", "PlanBad");
    const unknown = await billing(t, org, "PUT", "/plan", { plan: "platinum" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: "unknown_plan", field: "plan" });
    const enterprise = await billing(t, org, "PUT", "/plan", { plan: "enterprise" });
    expect(enterprise.status).toBe(400);
    expect(enterprise.body.error).toBe("plan_not_self_serve");
    expect((await billing(t, org, "PUT", "/plan", {})).status).toBe(400);
    expect((await billing(t, org, "PUT", "/plan", { plan: "pro", extra: true })).status).toBe(400);
    const admin = await addMember(t, org, "admin@plan-bad.test", "admin");
    expect((await billing(t, org, "PUT", "/plan", { plan: "pro" }, admin.token)).status).toBe(403);
    const other = await createOrg(t, "other@plan-bad.test", "PlanOther");
    expect((await billing(t, org, "PUT", "/plan", { plan: "pro" }, other.owner.token)).status).toBe(404);
    expect((await t.request("PUT", `/api/org/${org.slug}/billing/plan`, { json: { plan: "pro" } })).status).toBe(401);
    expect(await planOf(org)).toBe("free");
  });

  test("a sub-organization follows its parent's plan: 409 plan_follows_parent; the parent's upgrade carries it", async () => {
    await fresh();
    const parent = await createOrg(t, "owner@plan-parent.test", "PlanParent");
    const created = await t.request("POST", `/api/org/${parent.slug}/sub-orgs`, { token: parent.owner.token, json: { name: "Parent Tower", slug: "plan-tower" } });
    expect(created.status).toBe(201);
    const sub = { orgId: created.body.id, slug: "plan-tower", owner: parent.owner };
    const r = await billing(t, sub, "PUT", "/plan", { plan: "pro" });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("plan_follows_parent");
    await fund(t, parent, 10_000);
    expect((await billing(t, parent, "PUT", "/plan", { plan: "pro" })).body.change).toBe("upgraded");
    expect(await planOf(sub)).toBe("pro");
  });
});

describe("monthly renewal", () => {
  test("the plan and every active add-on are charged each month, once; a plan an operator set is first charged the month after", async () => {
    await fresh();
    const org = await createOrg(t, "owner@renew.test", "Renew", { plan: "pro" });
    await fund(t, org, 30_000);
    const enabled = await t.request("POST", `/api/org/${org.slug}/settings/addons/audit_analytics`, { token: org.owner.token });
    expect(enabled.body.chargedCents).toBe(5_429);
    await runJob(t, "billing.renewals");
    // Seen on Jan 15: January is on the operator; nothing charged.
    expect(await balanceOf(t, org)).toBe(30_000 - 5_429);

    t.clock.set("2026-02-01T00:15:00Z");
    await runJob(t, "billing.renewals");
    await runJob(t, "billing.renewals");
    const renewals = (await ledgerOf(t, org)).filter((e) => e.period === "202602").map((e) => [e.refId, e.amountMinor, e.reason]);
    expect(renewals).toEqual([
      ["plan:pro:202602", -2_900, "Pro plan, 2026-02"],
      ["addon:audit_analytics:202602", -9_900, "Audit Analytics, 2026-02"],
    ]);
    const [addon] = await t.ctx.db.read.select().from(orgAddons).where(eq(orgAddons.orgId, org.orgId));
    expect(new Date(addon!.paidThrough).toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(await types(org, "payment.charge.posted")).toHaveLength(2);

    // A switched-off add-on is not renewed.
    const owner = await signInAs(t, org.owner.email);
    await t.request("DELETE", `/api/org/${org.slug}/settings/addons/audit_analytics`, { token: owner.token });
    t.clock.set("2026-03-01T00:15:00Z");
    await runJob(t, "billing.renewals");
    expect((await ledgerOf(t, org)).filter((e) => e.period === "202603").map((e) => e.refId)).toEqual(["plan:pro:202603"]);
    expect((await billing(t, org, "GET", "", undefined, owner.token)).body.balance).toBe(30_000 - 5_429 - 2_900 - 9_900 - 2_900);
  });
});
