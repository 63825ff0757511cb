/**
 * Sign-in analytics (spec 4.5, §8): GET /api/v1/admin/audit/analytics and
 * …/analytics/rollup, the silent clamp to 3 days without the Audit Analytics add-on,
 * and the sealed sign-in rollups.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { aggregateSignIns, rollupSha256 } from "../../../src/modules/analytics/rollups";
import { analyticsRollups } from "../../../src/modules/analytics/schema";
import { endUserSignIns } from "../../../src/modules/customers/end-users/schema";
import { addMember } from "../../support/accounts";
import { MINUTE } from "../../support/clock";
import { createTestApp, type TestApp } from "../../support/harness";
import { auditOf, createAnalyticsFixture, insertSignIn, type AnalyticsFixture } from "./support";

let t: TestApp;
let free: AnalyticsFixture;
let freeB: AnalyticsFixture;
let pro: AnalyticsFixture;
const at = (iso: string) => Date.parse(iso);

const analytics = (f: AnalyticsFixture, query = "", token = f.org.owner.token) => t.request("GET", `/api/v1/admin/audit/analytics?orgId=${f.org.orgId}${query}`, { token });
const rollup = (f: AnalyticsFixture, query = "", token = f.org.owner.token) => t.request("GET", `/api/v1/admin/audit/analytics/rollup?orgId=${f.org.orgId}${query}`, { token });

beforeAll(async () => {
  // The clock starts at 2026-01-15T12:00Z. Dev mode: the owner can top up credit for the add-on.
  t = await createTestApp({ env: { SIGNET_DEV: "1" } });
  free = await createAnalyticsFixture(t, "owner@signin-free.test", "SignInFree");
  freeB = await createAnalyticsFixture(t, "", "SignInFreeB", { org: free.org });
  // Today
  await insertSignIn(t, free, { endUserId: "u1", method: "magic_link", ip: "198.51.100.1", at: at("2026-01-15T10:00:00Z") });
  await insertSignIn(t, free, { endUserId: "u2", method: "social:google", signup: true, ip: "198.51.100.1", at: at("2026-01-15T11:00:00Z") });
  await insertSignIn(t, free, { outcome: "failure", failureReason: "invalid_token", ip: "198.51.100.2", at: at("2026-01-15T11:30:00Z") });
  await insertSignIn(t, freeB, { endUserId: "u3", method: "passkey", ip: "198.51.100.3", at: at("2026-01-15T09:00:00Z") });
  // Earlier days
  await insertSignIn(t, free, { endUserId: "u1", method: "passkey", at: at("2026-01-14T12:00:00Z") });
  await insertSignIn(t, free, { outcome: "failure", failureReason: "invalid_code", at: at("2026-01-14T13:00:00Z") });
  await insertSignIn(t, free, { endUserId: "u4", signup: true, at: at("2026-01-13T08:00:00Z") });
  await insertSignIn(t, free, { endUserId: "u5", at: at("2026-01-12T12:00:00Z") });
  await insertSignIn(t, free, { endUserId: "u1", at: at("2026-01-12T13:00:00Z") });
  await insertSignIn(t, free, { outcome: "failure", failureReason: "expired", at: at("2026-01-11T13:00:00Z") });

  pro = await createAnalyticsFixture(t, "owner@signin-pro.test", "SignInPro", { plan: "pro" });
  await insertSignIn(t, pro, { endUserId: "p1", at: at("2026-01-15T08:00:00Z") });
  await insertSignIn(t, pro, { endUserId: "p2", outcome: "failure", failureReason: "expired", at: at("2026-01-10T08:00:00Z") });
  await insertSignIn(t, pro, { endUserId: "p2", at: at("2026-01-10T08:05:00Z") });
});
afterAll(() => t.close());

describe("GET /api/v1/admin/audit/analytics", () => {
  test("without the add-on: days clamped to 3 silently; the full 4.5 response from hot rows", async () => {
    const r = await analytics(free, "&days=30");
    expect(r.status).toBe(200);
    const b = r.body;
    expect(b).toMatchObject({ days: 3, addonActive: false, freeWindowDays: 3, windowSource: "hot", rollupCoveredDates: [], rollupRequestedDates: [], orgAuditWindowDays: 3 });
    expect(b.kpi).toEqual({ mau: 4, mauPrev: 2, logins: 5, loginsPrev: 2, signups: 2, signupsPrev: 0, dauToday: 3 });
    expect(b.daily).toEqual([
      { date: "2026-01-13", logins: 1, dau: 1, signups: 1 },
      { date: "2026-01-14", logins: 1, dau: 1, signups: 0 },
      { date: "2026-01-15", logins: 3, dau: 3, signups: 1 },
    ]);
    expect(b.providers).toEqual([
      { provider: "magic_link", count: 2 },
      { provider: "passkey", count: 2 },
      { provider: "google", count: 1 },
    ]);
    expect(b.byAppGroup).toEqual([
      { appGroupId: free.groupId, name: expect.any(String), activeUsers: 3, logins: 4 },
      { appGroupId: freeB.groupId, name: expect.any(String), activeUsers: 1, logins: 1 },
    ]);
    expect(b.topIps).toEqual([
      { ip: "198.51.100.1", count: 2, users: 2 },
      { ip: "198.51.100.2", count: 1, users: 0 },
      { ip: "198.51.100.3", count: 1, users: 1 },
    ]);
    expect(b.appGroups.map((g: any) => [g.id, g.eventsEnabled]).sort()).toEqual(
      [
        [free.groupId, true],
        [freeB.groupId, true],
      ].sort(),
    );
    const created = b.orgEventTypes.find((e: any) => e.eventType === "appgroup.created");
    expect(created).toEqual({ eventType: "appgroup.created", count: 2, sealedCount: 2 });
  });

  test("days: default 30 and out-of-range values clamp (to 3 without the add-on); a non-number is 400", async () => {
    expect((await analytics(free)).body.days).toBe(3);
    expect((await analytics(free, "&days=1")).body.days).toBe(1);
    expect((await analytics(free, "&days=0")).body.days).toBe(1);
    const bad = await analytics(free, "&days=thirty");
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("days");
  });

  test("appGroupId narrows to one app group", async () => {
    const r = await analytics(free, `&appGroupId=${freeB.groupId}`);
    expect(r.body.kpi).toMatchObject({ mau: 1, logins: 1, dauToday: 1 });
    expect(r.body.byAppGroup).toEqual([{ appGroupId: freeB.groupId, name: expect.any(String), activeUsers: 1, logins: 1 }]);
  });

  test("with the add-on: up to 90 days; completed days from sealed rollups (rollup, then hot_fallback)", async () => {
    expect((await t.request("POST", `/api/org/${pro.org.slug}/settings/credit`, { token: pro.org.owner.token, json: { amountCents: 10_000 } })).status).toBe(200);
    expect((await t.request("POST", `/api/org/${pro.org.slug}/settings/addons/audit_analytics`, { token: pro.org.owner.token })).status).toBe(200);
    const before = await analytics(pro, "&days=7");
    expect(before.body).toMatchObject({ days: 7, addonActive: true, windowSource: "hot_fallback", rollupCoveredDates: [] });
    expect(before.body.rollupRequestedDates).toEqual(["2026-01-09", "2026-01-10", "2026-01-11", "2026-01-12", "2026-01-13", "2026-01-14"]);
    expect((await analytics(pro, "&days=500")).body.days).toBe(90);

    await t.ctx.jobs.runNow("analytics.rollups");
    // Days read without a rollup are remembered for 10 minutes (§8 rollup cache).
    expect((await analytics(pro, "&days=7")).body.windowSource).toBe("hot_fallback");
    t.clock.advance(10 * MINUTE + 1);
    const after = await analytics(pro, "&days=7");
    expect(after.body).toMatchObject({ windowSource: "rollup", rollupCoveredDates: ["2026-01-10"] });
    // The day comes from its rollup: removing the raw rows does not change it.
    await t.ctx.db.write((tx) => tx.delete(endUserSignIns).where(and(eq(endUserSignIns.orgId, pro.org.orgId), eq(endUserSignIns.endUserId, "p2"))));
    const rolled = await analytics(pro, "&days=7");
    expect(rolled.body.daily.find((d: any) => d.date === "2026-01-10")).toEqual({ date: "2026-01-10", logins: 1, dau: 1, signups: 0 });
    expect(rolled.body.daily.at(-1)).toEqual({ date: "2026-01-15", logins: 1, dau: 1, signups: 0 });
    // A sign-in on a day with no rollup yet is read hot.
    await insertSignIn(t, pro, { endUserId: "p3", at: at("2026-01-12T08:00:00Z") });
    const mixed = await analytics(pro, "&days=7");
    expect(mixed.body.windowSource).toBe("hot_fallback");
    expect(mixed.body.daily.find((d: any) => d.date === "2026-01-12")).toEqual({ date: "2026-01-12", logins: 1, dau: 1, signups: 0 });
  });
});

describe("GET /api/v1/admin/audit/analytics/rollup", () => {
  test("no rollups: {available: false, reason: no_rollups_yet}", async () => {
    const g = await createAnalyticsFixture(t, "", "NoRollups", { org: free.org });
    const r = await rollup(free, `&appGroupId=${g.groupId}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ available: false, reason: "no_rollups_yet" });
  });

  test("sealed daily outcomes, clamped to 3 days without the add-on; the anchor matches a recomputation", async () => {
    await t.ctx.jobs.runNow("analytics.rollups");
    const r = await rollup(free, "&days=30");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      available: true,
      days: 3,
      coveredDates: ["2026-01-12", "2026-01-13", "2026-01-14"],
      requestedDates: ["2026-01-12", "2026-01-13", "2026-01-14"],
      daily: [
        { date: "2026-01-12", logins: 2, failures: 0, totalEvents: 2 },
        { date: "2026-01-13", logins: 1, failures: 0, totalEvents: 1 },
        { date: "2026-01-14", logins: 1, failures: 1, totalEvents: 2 },
      ],
      // 2026-01-11's "expired" is past the 3-day window.
      failureReasons: [{ reason: "invalid_code", count: 1 }],
      totals: { logins: 4, failures: 1, attempts: 5, failureRatePct: 20 },
    });
    const [stored] = await t.ctx.db.read
      .select()
      .from(analyticsRollups)
      .where(and(eq(analyticsRollups.appGroupId, free.groupId), eq(analyticsRollups.kind, "sign_in"), eq(analyticsRollups.date, "2026-01-14")));
    const sources = await t.ctx.db.read.select().from(endUserSignIns).where(eq(endUserSignIns.appGroupId, free.groupId));
    const day = sources.filter((s) => s.at >= at("2026-01-14T00:00:00Z") && s.at < at("2026-01-15T00:00:00Z"));
    expect(stored!.sha256).toBe(rollupSha256("sign_in", free.groupId, "2026-01-14", aggregateSignIns(day)));
    const anchor = (await auditOf(t, free.org.orgId, "audit.rollup.sign_in_created")).find((e) => e.payload.date === "2026-01-14" && e.appGroupId === free.groupId);
    expect(anchor!.payload).toMatchObject({ rollupSha256: stored!.sha256, eventCount: 2, rowCount: stored!.rowCount });
  });

  test("with the add-on the window reaches further back", async () => {
    const r = await rollup(pro, "&days=7");
    expect(r.body).toMatchObject({ available: true, days: 7, coveredDates: ["2026-01-10"], failureReasons: [{ reason: "expired", count: 1 }] });
    expect(r.body.totals).toEqual({ logins: 1, failures: 1, attempts: 2, failureRatePct: 50 });
  });

  test("a member without org.analytics.read is 403 on both routes", async () => {
    const member = await addMember(t, free.org, "member@signin-free.test");
    for (const r of [await analytics(free, "", member.token), await rollup(free, "", member.token)]) {
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("PERMISSION_DENIED");
    }
    expect((await analytics(free, "", pro.org.owner.token)).status).toBe(404);
  });
});
