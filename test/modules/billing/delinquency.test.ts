/**
 * The delinquency clock (spec 3.7), driven by the test clock: the first failed charge
 * opens a 3-day grace and retries go on; a top-up at any time clears it; still unpaid
 * after 3 days, a paid plan drops to Free, paid add-ons switch off and the delinquency
 * port is told (managed databases suspend). The owner is mailed at each step.
 */
import { afterEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { orgAddons } from "../../../src/modules/billing/addons/schema";
import { type DelinquencyEvent, registerDelinquencyHook, unregisterDelinquencyHook } from "../../../src/modules/billing/index";
import { organizations } from "../../../src/modules/orgs/schema";
import { auditEvents } from "../../../src/platform/audit/schema";
import { createOrg, signInAs, type TestOrg } from "../../support/accounts";
import { DAY, HOUR } from "../../support/clock";
import { createTestApp, type TestApp } from "../../support/harness";
import { billing, fund, ledgerOf, mailsTo, runJob } from "./support";

let t: TestApp;
const hookCalls: DelinquencyEvent[] = [];
afterEach(async () => {
  unregisterDelinquencyHook("test.managed-databases");
  hookCalls.length = 0;
  await t?.close();
});

/** A Pro organization with Audit Analytics whose credit will not cover February. */
async function setUp(): Promise<TestOrg & { token: () => Promise<string> }> {
  t = await createTestApp({ env: { SIGNET_DEV: "1" } });
  registerDelinquencyHook("test.managed-databases", async (event) => void hookCalls.push(event));
  const org = await createOrg(t, "owner@late.test", "Late", { plan: "pro" });
  await fund(t, org, 5_429 + 100);
  expect((await t.request("POST", `/api/org/${org.slug}/settings/addons/audit_analytics`, { token: org.owner.token })).body.chargedCents).toBe(5_429);
  await runJob(t, "billing.renewals");
  t.clock.set("2026-02-01T00:15:00Z");
  await runJob(t, "billing.renewals");
  return { ...org, token: async () => (await signInAs(t, org.owner.email)).token };
}

const planOf = async (org: TestOrg) => (await t.ctx.db.read.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, org.orgId)))[0]!.plan;
const addonStatus = async (org: TestOrg) => (await t.ctx.db.read.select().from(orgAddons).where(eq(orgAddons.orgId, org.orgId)))[0]!.status;
const types = async (org: TestOrg) => (await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, org.orgId))).map((e) => e.type).filter((x) => x.startsWith("payment.delinquency") || x === "payment.charge.failed");

test("the first failed charge opens a 3-day grace: the owner is mailed, the port told, retries go on, nothing is dropped yet", async () => {
  const org = await setUp();
  const token = await org.token();
  const summary = (await billing(t, org, "GET", "", undefined, token)).body;
  expect(summary.delinquency).toEqual({ since: "2026-02-01T00:15:00.000Z", graceEndsAt: "2026-02-04T00:15:00.000Z", failedAttempts: 1 });
  expect(summary.balance).toBe(100);
  expect((await mailsTo(t, org.owner.email)).map((m) => m.subject)).toContain("Payment failed: 3 days to top up your credit");
  expect(hookCalls).toEqual([{ orgId: org.orgId, stage: "grace_opened", at: Date.parse("2026-02-01T00:15:00Z"), graceEndsAt: Date.parse("2026-02-04T00:15:00Z") }]);

  t.clock.advance(DAY);
  await runJob(t, "billing.renewals");
  t.clock.advance(DAY);
  await runJob(t, "billing.renewals");
  expect((await billing(t, org, "GET", "", undefined, token)).body.delinquency).toMatchObject({ since: "2026-02-01T00:15:00.000Z", failedAttempts: 3 });
  expect(await planOf(org)).toBe("pro");
  expect(await addonStatus(org)).toBe("active");
  expect(await types(org)).toEqual(["payment.charge.failed", "payment.charge.failed", "payment.delinquency.opened", ...Array(4).fill("payment.charge.failed")]);
  // The February statement shows the charges as insufficient so far.
  expect(hookCalls.map((c) => c.stage)).toEqual(["grace_opened"]);
});

test("a top-up during the grace pays the open charges at once and clears it", async () => {
  const org = await setUp();
  t.clock.advance(2 * DAY);
  const token = await org.token();
  const r = await billing(t, org, "POST", "/top-ups", { amount: 20_000 }, token);
  expect(r.body.balance).toBe(100 + 20_000 - 2_900 - 9_900);
  const summary = (await billing(t, org, "GET", "", undefined, token)).body;
  expect(summary.delinquency).toBeNull();
  expect(summary.planPaidThrough).toBe("2026-03-01T00:00:00.000Z");
  expect((await ledgerOf(t, org)).filter((e) => e.period === "202602" && e.amountMinor < 0).map((e) => e.refId)).toEqual(["plan:pro:202602", "addon:audit_analytics:202602"]);
  expect((await mailsTo(t, org.owner.email)).at(-1)!.subject).toBe("Payment received: your account is in good standing");
  expect(hookCalls.map((c) => c.stage)).toEqual(["grace_opened", "cleared"]);
  // Past the old grace end nothing happens: the charges are paid.
  t.clock.set("2026-02-05T00:15:00Z");
  await runJob(t, "billing.renewals");
  expect(await planOf(org)).toBe("pro");
  expect(await addonStatus(org)).toBe("active");
  expect(await types(org)).toContain("payment.delinquency.cleared");
});

test("still unpaid after 3 days: Free, paid add-ons off, charges voided, the port and the owner told; a later top-up keeps the plan Free", async () => {
  const org = await setUp();
  t.clock.set("2026-02-04T00:14:00Z");
  await runJob(t, "billing.renewals");
  expect(await planOf(org)).toBe("pro");
  t.clock.advance(HOUR);
  await runJob(t, "billing.renewals");
  expect(await planOf(org)).toBe("free");
  expect(await addonStatus(org)).toBe("disabled");
  const token = await org.token();
  expect((await billing(t, org, "GET", "", undefined, token)).body).toMatchObject({ plan: "free", delinquency: null, balance: 100 });
  expect(hookCalls.map((c) => c.stage)).toEqual(["grace_opened", "enforced"]);
  const mails = await mailsTo(t, org.owner.email);
  expect(mails.at(-1)!.subject).toBe("Your plan is now Free: the charges stayed unpaid");
  expect(mails.at(-1)!.text).toContain("audit_analytics");
  const [enforced] = (await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.type, "payment.delinquency.enforced")));
  expect(enforced!.payload).toEqual({ fromPlan: "pro", toPlan: "free", addonsOff: ["audit_analytics"], voided: ["plan:pro:202602", "addon:audit_analytics:202602"] });
  // Nothing more is charged or retried once voided.
  t.clock.advance(DAY);
  await runJob(t, "billing.renewals");
  expect((await ledgerOf(t, org)).filter((e) => e.amountMinor < 0).map((e) => e.refId.split(":")[0])).toEqual(["proration"]);
  expect(await planOf(org)).toBe("free");
});
