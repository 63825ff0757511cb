/**
 * Daily behavior rollups (spec 2.5, §6, §8): the job, the audit anchor and its
 * recomputation, and GET /api/v1/admin/audit/behavior/rollup with its cache.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { aggregateBehavior, rollupSha256, sourceSha256 } from "../../../src/modules/analytics/rollups";
import { analyticsRollups, behaviorEvents } from "../../../src/modules/analytics/schema";
import { canonicalJson } from "../../../src/platform/crypto/canonical-json";
import { sha256Hex } from "../../../src/platform/crypto/hash";
import { addMember, createOrg } from "../../support/accounts";
import { DAY, MINUTE } from "../../support/clock";
import { createTestApp, type TestApp } from "../../support/harness";
import { auditOf, createAnalyticsFixture, pageView, storedEvents, type AnalyticsFixture } from "./support";

let t: TestApp;
let f: AnalyticsFixture;
let second: AnalyticsFixture;
// The test clock starts at 2026-01-15T12:00Z.
const D1 = "2026-01-15";
const D2 = "2026-01-16";

const report = (query: string, token = f.org.owner.token) => t.request("GET", `/api/v1/admin/audit/behavior/rollup?orgId=${f.org.orgId}${query}`, { token });
const runJob = () => t.ctx.jobs.runNow("analytics.rollups");

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNET_COUNTRY_HEADER: "cf-ipcountry" } });
  f = await createAnalyticsFixture(t, "owner@rollup.test", "Rollup");
  second = await createAnalyticsFixture(t, "", "Second", { org: f.org });
  const kr = { headers: { "cf-ipcountry": "KR" } };
  await f.beacon(
    {
      events: [
        pageView({ id: "v1", path: "/a", anon: "anon-1", ref: "https://www.google.com/x", us: "news" }),
        pageView({ id: "v2", path: "/a", anon: "anon-2", ref: "https://news.ycombinator.com/" }),
        pageView({ id: "v3", path: "/b", anon: "anon-1", us: "news" }),
        pageView({ id: "l1", type: "page_leave", path: "/a", anon: "anon-1", dwell: 10_000 }),
        pageView({ id: "l2", type: "page_leave", path: "/a", anon: "anon-2", dwell: 20_000 }),
        pageView({ id: "i1", type: "identify", anon: "anon-1", euid: "user-1" }),
        pageView({ id: "c1", type: "custom.buy", anon: "anon-1", data: { sku: "x" } }),
      ],
    },
    kr,
  );
  await second.beacon({ events: [pageView({ id: "s1", path: "/a", anon: "anon-9" })] });
});
afterAll(() => t.close());

describe("the rollup job", () => {
  test("builds nothing for a day not yet complete (5 minutes past midnight for late clamped events)", async () => {
    await runJob();
    t.clock.set(`${D2}T00:04:00Z`);
    await runJob();
    expect(await t.ctx.db.read.select().from(analyticsRollups)).toEqual([]);
  });

  test("a completed day: one rollup per app group, anchored in the audit chain; its hash matches a recomputation", async () => {
    t.clock.set(`${D2}T00:06:00Z`);
    const run = await runJob();
    expect(run.outcome).toBe("ok");
    const rollups = await t.ctx.db.read.select().from(analyticsRollups).where(eq(analyticsRollups.kind, "behavior"));
    expect(rollups.map((r) => [r.appGroupId, r.date]).sort()).toEqual([[f.groupId, D1], [second.groupId, D1]].sort());

    const mine = rollups.find((r) => r.appGroupId === f.groupId)!;
    const events = await storedEvents(t, f.groupId);
    // The stored rows are what the source events aggregate to.
    expect(mine.rows).toEqual(aggregateBehavior(events));
    // The hash is SHA-256 of the canonical JSON of {kind, appGroupId, date, rows}: recomputed by hand here.
    const recomputed = sha256Hex(canonicalJson({ kind: "behavior", appGroupId: f.groupId, date: D1, rows: mine.rows }));
    expect(mine.sha256).toBe(recomputed);
    expect(rollupSha256("behavior", f.groupId, D1, aggregateBehavior(events))).toBe(recomputed);
    expect(mine.sourceSha256).toBe(sha256Hex(events.map((e) => e.id).sort().join("\n")));

    const [anchor] = (await auditOf(t, f.org.orgId, "audit.rollup.behavior_created")).filter((e) => e.appGroupId === f.groupId);
    expect(anchor!.payload).toEqual({
      date: D1,
      rollupSha256: recomputed,
      rowCount: mine.rows.length,
      eventCount: 7,
      sourceFilesSha256: sourceSha256(events.map((e) => e.id)),
    });
    expect(anchor!.actorKind).toBe("system");
    expect(anchor!.chainHash).not.toBe("");
    expect(mine.auditEventId).toBe(anchor!.id);
  });

  test("running again builds nothing more (idempotent)", async () => {
    await runJob();
    expect((await t.ctx.db.read.select().from(analyticsRollups)).length).toBe(2);
    expect((await auditOf(t, f.org.orgId, "audit.rollup.behavior_created")).length).toBe(2);
  });
});

describe("GET /api/v1/admin/audit/behavior/rollup", () => {
  test("every 2.5 field; days without a rollup omitted; views and dwell exact", async () => {
    const r = await report(`&days=7&appGroupId=${f.groupId}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      available: true,
      days: 7,
      coveredDates: [D1],
      requestedDates: ["2026-01-09", "2026-01-10", "2026-01-11", "2026-01-12", "2026-01-13", "2026-01-14", D1],
      daily: [{ date: D1, views: 3, visitorsUpperBound: 2 }],
      topPages: [
        { path: "/a", views: 2, visitorsUpperBound: 2, avgDwellSec: 15 },
        { path: "/b", views: 1, visitorsUpperBound: 1, avgDwellSec: null },
      ],
      referrers: [
        { domain: "news.ycombinator.com", views: 1 },
        { domain: "www.google.com", views: 1 },
      ],
      utmSources: [{ source: "news", views: 2 }],
      countries: [{ country: "KR", views: 3 }],
      customEvents: [{ name: "buy", count: 1 }],
      totals: { views: 3, visitorsUpperBound: 2, identifiedUsersUpperBound: 1, avgDwellSec: 15 },
    });
  });

  test("all app groups by default; visitor counts over days are ceilings", async () => {
    // Day 2: the same visitor again, in each group.
    await f.beacon({ events: [pageView({ id: "d2-1", path: "/a", anon: "anon-1" })] });
    await second.beacon({ events: [pageView({ id: "d2-2", path: "/a", anon: "anon-9" })] });
    t.clock.set("2026-01-17T01:00:00Z");
    await runJob();
    const r = await report("&days=3");
    expect(r.status).toBe(200);
    expect(r.body.coveredDates).toEqual([D1, D2]);
    expect(r.body.daily).toEqual([
      { date: D1, views: 4, visitorsUpperBound: 3 },
      { date: D2, views: 2, visitorsUpperBound: 2 },
    ]);
    // anon-1 and anon-9 came back on day 2: 3 real visitors, a ceiling of 5.
    expect(r.body.totals).toMatchObject({ views: 6, visitorsUpperBound: 5 });
    expect(r.body.topPages[0]).toMatchObject({ path: "/a", views: 5, visitorsUpperBound: 5 });
    expect(r.body.countries).toEqual([
      { country: "KR", views: 3 },
      { country: "unknown", views: 3 },
    ]);
  });

  test("days is 1 to 90 with no add-on gate and no clamp to 3 (Free plan)", async () => {
    expect((await report("&days=30")).body.requestedDates.length).toBe(30);
    expect((await report("&days=500")).body.days).toBe(90);
    expect((await report("&days=0")).body.days).toBe(1);
    expect((await report("")).body.days).toBe(30);
    const bad = await report("&days=many");
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("days");
  });

  test("no rollup in range: available false, nothing zero-filled", async () => {
    const g = await createAnalyticsFixture(t, "", "Empty", { org: f.org });
    const r = await report(`&days=5&appGroupId=${g.groupId}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ available: false, reason: "no_rollups_yet", coveredDates: [], daily: [], topPages: [] });
    expect(r.body.requestedDates.length).toBe(5);
  });

  test("cache: a day with no rollup is remembered 10 minutes; a completed day's rows up to 7 days", async () => {
    const g = await createAnalyticsFixture(t, "", "Cached", { org: f.org });
    const query = `&days=5&appGroupId=${g.groupId}`;
    expect((await report(query)).body.coveredDates).toEqual([]);
    // A rollup appears for yesterday (source rows written straight to the table, as if the beacon had).
    const yesterday = Date.parse("2026-01-16T10:00:00Z");
    await t.ctx.db.write((tx) =>
      tx.insert(behaviorEvents).values({
        id: crypto.randomUUID(),
        orgId: f.org.orgId,
        appGroupId: g.groupId,
        applicationId: g.applicationId,
        clientEventId: "late-1",
        type: "page_view",
        path: "/late",
        anonId: "anon-late",
        at: yesterday,
        receivedAt: yesterday,
      }),
    );
    await runJob();
    expect((await report(query)).body.coveredDates).toEqual([]);
    t.clock.advance(10 * MINUTE + 1);
    expect((await report(query)).body.coveredDates).toEqual([D2]);
    // Rows once read are served from the cache, even if the table changed under it.
    await t.ctx.db.write((tx) => tx.delete(analyticsRollups).where(and(eq(analyticsRollups.appGroupId, g.groupId))));
    t.clock.advance(DAY);
    expect((await report(query)).body.coveredDates).toEqual([D2]);
    t.clock.advance(7 * DAY);
    expect((await report(query)).body.available).toBe(false);
  });
});

describe("who may read", () => {
  test("a member without org.analytics.read is 403; a non-member, an unknown org and another org's app group 404; no session 401; orgId required", async () => {
    const member = await addMember(t, f.org, "member@rollup.test");
    const denied = await report("&days=3", member.token);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("PERMISSION_DENIED");
    const outsider = await createOrg(t, "outsider@rollup.test", "Outsider");
    expect((await report("&days=3", outsider.owner.token)).status).toBe(404);
    expect((await t.request("GET", "/api/v1/admin/audit/behavior/rollup?orgId=nope", { token: f.org.owner.token })).status).toBe(404);
    const foreign = await createAnalyticsFixture(t, "", "ForeignGroup", { org: outsider });
    const cross = await report(`&appGroupId=${foreign.groupId}`);
    expect(cross.status).toBe(404);
    expect(cross.body.field).toBe("appGroupId");
    expect((await t.request("GET", `/api/v1/admin/audit/behavior/rollup?orgId=${f.org.orgId}`)).status).toBe(401);
    const missing = await t.request("GET", "/api/v1/admin/audit/behavior/rollup", { token: f.org.owner.token });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe("orgId");
    // The slug names the organization too.
    expect((await t.request("GET", `/api/v1/admin/audit/behavior/rollup?orgId=${f.org.slug}&days=3`, { token: f.org.owner.token })).status).toBe(200);
  });
});
