/**
 * The beacon's ingest (spec 2.5, 4.1 rules 1-5, §8): origins, limits, the collection
 * switch, what is kept of each event, and bad input.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../support/harness";
import { MINUTE, SECOND } from "../../support/clock";
import { addMember, createOrg } from "../../support/accounts";
import { auditOf, createAnalyticsFixture, pageView, storedEvents, type AnalyticsFixture } from "./support";

let t: TestApp;
let f: AnalyticsFixture;

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNET_COUNTRY_HEADER: "CF-IPCountry" } });
  f = await createAnalyticsFixture(t, "owner@beacon.test", "Beacon");
});
afterAll(() => t.close());

describe("accepting a batch", () => {
  test("a JSON batch is 202 and stored under the application's org and app group", async () => {
    const g = await createAnalyticsFixture(t, "", "Happy", { org: f.org });
    const r = await g.beacon({ events: [pageView({ id: "happy-1", path: "/pricing?plan=pro#faq", ref: "https://www.google.com/search?q=signet", us: "newsletter", um: "email", uc: "launch" })] });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ accepted: 1, dropped: 0 });
    const [row] = await storedEvents(t, g.groupId);
    expect(row).toMatchObject({
      orgId: f.org.orgId,
      appGroupId: g.groupId,
      applicationId: g.applicationId,
      clientEventId: "happy-1",
      type: "page_view",
      path: "/pricing",
      refDomain: "www.google.com",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "launch",
      anonId: "anon-1",
      at: t.clock.now(),
    });
  });

  test("text/plain (navigator.sendBeacon) is accepted the same", async () => {
    const g = await createAnalyticsFixture(t, "", "Plain", { org: f.org });
    const r = await g.beacon(null, { raw: JSON.stringify({ events: [pageView({ id: "plain-1" }), pageView({ id: "plain-2", type: "custom.signup_click", data: { plan: "pro" } })] }) });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ accepted: 2, dropped: 0 });
    const rows = await storedEvents(t, g.groupId);
    expect(rows.map((e) => e.clientEventId).sort()).toEqual(["plain-1", "plain-2"]);
    expect(rows.find((e) => e.clientEventId === "plain-2")!.data).toEqual({ plan: "pro" });
  });

  test("events are deduplicated by the client uuid, within a batch and across batches", async () => {
    const g = await createAnalyticsFixture(t, "", "Dedup", { org: f.org });
    expect((await g.beacon({ events: [pageView({ id: "dup-1" }), pageView({ id: "dup-1", path: "/other" })] })).status).toBe(202);
    expect((await g.beacon({ events: [pageView({ id: "dup-1", path: "/again" })] })).status).toBe(202);
    const rows = await storedEvents(t, g.groupId);
    expect(rows.length).toBe(1);
    expect(rows[0]!.path).toBe("/");
  });

  test("a spoofed OrganizationId or AppGroupId in the payload is ignored", async () => {
    const other = await createOrg(t, "other@beacon.test", "Other");
    const g = await createAnalyticsFixture(t, "", "Spoof", { org: f.org });
    const r = await g.beacon({ OrganizationId: other.orgId, orgId: other.orgId, AppGroupId: "appgroup_x", events: [pageView({ id: "spoof-1", OrganizationId: other.orgId, appGroupId: "x" })] });
    expect(r.status).toBe(202);
    const [row] = await storedEvents(t, g.groupId);
    expect(row!.orgId).toBe(f.org.orgId);
    expect(row!.appGroupId).toBe(g.groupId);
  });

  test("no raw IP is stored; the country comes from the trusted header only", async () => {
    const g = await createAnalyticsFixture(t, "", "Country", { org: f.org });
    await g.beacon({ events: [pageView({ id: "kr-1", ip: "203.0.113.9" })] }, { headers: { "cf-ipcountry": "kr", "x-forwarded-for": "203.0.113.9" } });
    await g.beacon({ events: [pageView({ id: "xx-1" })] }, { headers: { "cf-ipcountry": "XX" } });
    await g.beacon({ events: [pageView({ id: "none-1", country: "US" })] });
    const rows = await storedEvents(t, g.groupId);
    const byId = new Map(rows.map((r) => [r.clientEventId, r]));
    expect(byId.get("kr-1")!.country).toBe("KR");
    expect(byId.get("xx-1")!.country).toBeNull();
    expect(byId.get("none-1")!.country).toBeNull();
    expect(JSON.stringify(rows)).not.toContain("203.0.113.9");
  });

  test("without a configured header the country is unknown", async () => {
    const plain = await createTestApp();
    try {
      const g = await createAnalyticsFixture(plain, "o@nohdr.test", "NoHeader");
      await g.beacon({ events: [pageView({ id: "nh-1" })] }, { headers: { "cf-ipcountry": "KR" } });
      const [row] = await storedEvents(plain, g.groupId);
      expect(row!.country).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe("what is kept of each event", () => {
  test("ts is clamped to ±5 minutes of server time; absent ts is now", async () => {
    const g = await createAnalyticsFixture(t, "", "Clamp", { org: f.org });
    const now = t.clock.now();
    await g.beacon({
      events: [
        pageView({ id: "past", ts: now - 60 * MINUTE }),
        pageView({ id: "future", ts: new Date(now + 60 * MINUTE).toISOString() }),
        pageView({ id: "near", ts: now - 30 * SECOND }),
        pageView({ id: "absent" }),
      ],
    });
    const byId = new Map((await storedEvents(t, g.groupId)).map((r) => [r.clientEventId, r.at]));
    expect(byId.get("past")).toBe(now - 5 * MINUTE);
    expect(byId.get("future")).toBe(now + 5 * MINUTE);
    expect(byId.get("near")).toBe(now - 30 * SECOND);
    expect(byId.get("absent")).toBe(now);
  });

  test("dwell counts only on page_leave; data only on custom events", async () => {
    const g = await createAnalyticsFixture(t, "", "Dwell", { org: f.org });
    await g.beacon({
      events: [
        pageView({ id: "leave", type: "page_leave", dwell: 12_345, data: { a: 1 } }),
        pageView({ id: "view", dwell: 999, data: { a: 1 } }),
        pageView({ id: "custom", type: "custom.x", dwell: 5, data: { a: 1 } }),
      ],
    });
    const byId = new Map((await storedEvents(t, g.groupId)).map((r) => [r.clientEventId, r]));
    expect(byId.get("leave")).toMatchObject({ dwellMs: 12_345, data: null });
    expect(byId.get("view")).toMatchObject({ dwellMs: null, data: null });
    expect(byId.get("custom")).toMatchObject({ dwellMs: null, data: { a: 1 } });
  });

  test("unknown types and malformed custom names are dropped silently", async () => {
    const g = await createAnalyticsFixture(t, "", "Types", { org: f.org });
    const long = "a".repeat(40);
    const r = await g.beacon({
      events: [
        pageView({ id: "ok-identify", type: "identify", euid: "user-1" }),
        pageView({ id: "ok-long", type: `custom.${long}` }),
        pageView({ id: "bad-unknown", type: "click" }),
        pageView({ id: "bad-upper", type: "custom.Signup" }),
        pageView({ id: "bad-dash", type: "custom.sign-up" }),
        pageView({ id: "bad-long", type: `custom.${long}b` }),
        pageView({ id: "bad-empty", type: "custom." }),
      ],
    });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ accepted: 2, dropped: 5 });
    expect((await storedEvents(t, g.groupId)).map((e) => e.clientEventId).sort()).toEqual(["ok-identify", "ok-long"]);
  });

  test("custom data over 2 KB serialized drops the event; 2 KB exactly is kept", async () => {
    const g = await createAnalyticsFixture(t, "", "Data", { org: f.org });
    const exact = { v: "x".repeat(2048 - '{"v":""}'.length) };
    expect(JSON.stringify(exact).length).toBe(2048);
    const over = { v: "x".repeat(2049 - '{"v":""}'.length) };
    const r = await g.beacon({ events: [pageView({ id: "exact", type: "custom.a", data: exact }), pageView({ id: "over", type: "custom.a", data: over })] });
    expect(r.body).toEqual({ accepted: 1, dropped: 1 });
    expect((await storedEvents(t, g.groupId)).map((e) => e.clientEventId)).toEqual(["exact"]);
  });

  test("events that are not objects or carry wrong field types are dropped alone", async () => {
    const g = await createAnalyticsFixture(t, "", "Shapes", { org: f.org });
    const r = await g.beacon({
      events: [
        "page_view",
        42,
        null,
        [pageView()],
        pageView({ id: 7 }),
        pageView({ id: "has space" }),
        pageView({ id: "bad-path", path: 12 }),
        pageView({ id: "bad-dwell", type: "page_leave", dwell: "long" }),
        pageView({ id: "neg-dwell", type: "page_leave", dwell: -1 }),
        pageView({ id: "bad-ts", ts: "yesterday" }),
        pageView({ id: "bad-data", type: "custom.a", data: [1, 2] }),
        pageView({ id: "bad-utm", us: { a: 1 } }),
        pageView({ id: "bad-sid", sid: "x".repeat(101) }),
        pageView({ id: "fine" }),
      ],
    });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ accepted: 1, dropped: 13 });
    expect((await storedEvents(t, g.groupId)).map((e) => e.clientEventId)).toEqual(["fine"]);
  });

  test("a session idle for more than 30 minutes rolls over", async () => {
    const g = await createAnalyticsFixture(t, "", "Sessions", { org: f.org });
    await g.beacon({ events: [pageView({ id: "s1", sid: "tab-1" })] });
    t.clock.advance(29 * MINUTE);
    await g.beacon({ events: [pageView({ id: "s2", sid: "tab-1" })] });
    t.clock.advance(31 * MINUTE);
    await g.beacon({ events: [pageView({ id: "s3", sid: "tab-1" })] });
    const byId = new Map((await storedEvents(t, g.groupId)).map((r) => [r.clientEventId, r.sessionId]));
    expect(byId.get("s1")).toBe("tab-1");
    expect(byId.get("s2")).toBe("tab-1");
    expect(byId.get("s3")).toBe("tab-1.1");
  });
});

describe("refusals", () => {
  test("403 ORIGIN_NOT_ALLOWED for a foreign, missing or look-alike Origin; nothing stored", async () => {
    const g = await createAnalyticsFixture(t, "", "Origins", { org: f.org });
    for (const origin of ["https://evil.example.com", "https://app.example.com.evil.com", "http://app.example.com", "null"]) {
      const r = await g.beacon({ events: [pageView()] }, { headers: { origin } });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("ORIGIN_NOT_ALLOWED");
    }
    const none = await t.request("POST", `/api/public/apps/${g.clientKey}/analytics/events`, { json: { events: [pageView()] } });
    expect(none.status).toBe(403);
    expect(none.body.error).toBe("ORIGIN_NOT_ALLOWED");
    expect(await storedEvents(t, g.groupId)).toEqual([]);
  });

  test("an unknown or disabled application key is 404", async () => {
    expect((await f.beacon({ events: [] }, { clientKey: "client_nope" })).status).toBe(404);
    const g = await createAnalyticsFixture(t, "", "Disabled", { org: f.org });
    const off = await t.request("PATCH", `/api/org/${f.org.slug}/applications/${g.applicationId}/status`, { token: f.org.owner.token, json: { status: "disabled" } });
    expect(off.status).toBe(200);
    expect((await g.beacon({ events: [pageView()] })).status).toBe(404);
  });

  test("51 events is 400; 50 is accepted", async () => {
    const g = await createAnalyticsFixture(t, "", "Count", { org: f.org });
    const fifty = Array.from({ length: 50 }, () => pageView());
    const over = await g.beacon({ events: [...fifty, pageView()] });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error: "batch_too_large", field: "events", limit: 50 });
    expect(await storedEvents(t, g.groupId)).toEqual([]);
    const ok = await g.beacon({ events: fifty });
    expect(ok.status).toBe(202);
    expect((await storedEvents(t, g.groupId)).length).toBe(50);
  });

  test("a body of 64 KB + 1 is 400 (JSON and text/plain); 64 KB exactly is accepted", async () => {
    const g = await createAnalyticsFixture(t, "", "Bytes", { org: f.org });
    const sized = (bytes: number) => {
      const base = JSON.stringify({ events: [pageView({ id: "big" })], pad: "" });
      return JSON.stringify({ events: [pageView({ id: "big" })], pad: "x".repeat(bytes - base.length) });
    };
    expect(sized(65_536).length).toBe(65_536);
    const json = await t.request("POST", `/api/public/apps/${g.clientKey}/analytics/events`, {
      body: sized(65_537),
      headers: { origin: "https://app.example.com", "content-type": "application/json" },
    });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ error: "batch_too_large", field: "body" });
    const plain = await g.beacon(null, { raw: sized(65_537) });
    expect(plain.status).toBe(400);
    expect(await storedEvents(t, g.groupId)).toEqual([]);
    const exact = await g.beacon(null, { raw: sized(65_536) });
    expect(exact.status).toBe(202);
  });

  test("a body that is not JSON, or not {events: [...]}, is 400", async () => {
    const g = await createAnalyticsFixture(t, "", "Bad", { org: f.org });
    const path = `/api/public/apps/${g.clientKey}/analytics/events`;
    const bad = await t.request("POST", path, { body: "{events: nope", headers: { origin: "https://app.example.com", "content-type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("invalid_json");
    const badPlain = await g.beacon(null, { raw: "not json" });
    expect(badPlain.status).toBe(400);
    expect(badPlain.body.error).toBe("invalid_json");
    // Nested past the limit (DESIGN §7), as sendBeacon's text/plain or as JSON: refused before parsing.
    const deep = `{"events":${"[".repeat(20_000)}${"]".repeat(20_000)}}`;
    for (const r of [await g.beacon(null, { raw: deep.slice(0, 60_000) + "]}" }), await t.request("POST", path, { body: deep.slice(0, 60_000), headers: { origin: "https://app.example.com", "content-type": "application/json" } })]) {
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_json", maxDepth: 64 });
    }
    for (const body of [{}, { events: "x" }, [pageView()], { events: { a: 1 } }]) {
      const r = await g.beacon(null, { raw: JSON.stringify(body) });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_request", field: "events" });
    }
    const noEvents = await g.beacon({ events: { a: 1 } });
    expect(noEvents.status).toBe(400);
    expect(await storedEvents(t, g.groupId)).toEqual([]);
  });

  test("more than 120 requests a minute per application and IP is 429 with Retry-After", async () => {
    const g = await createAnalyticsFixture(t, "", "Rate", { org: f.org });
    const other = await createAnalyticsFixture(t, "", "Rate2", { org: f.org });
    // Start at the top of a minute so the window does not turn during the loop.
    t.clock.advance(MINUTE - (t.clock.now() % MINUTE));
    for (let i = 0; i < 120; i++) expect((await g.beacon({ events: [] })).status).toBe(202);
    t.clock.advance(20 * SECOND);
    const limited = await g.beacon({ events: [pageView({ id: "limited" })] });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("40");
    expect(limited.body.error).toBe("rate_limited");
    // Another application is counted apart.
    expect((await other.beacon({ events: [] })).status).toBe(202);
    t.clock.advance(40 * SECOND);
    expect((await g.beacon({ events: [pageView({ id: "after" })] })).status).toBe(202);
    expect((await storedEvents(t, g.groupId)).map((e) => e.clientEventId)).toEqual(["after"]);
  });
});

describe("the collection switch", () => {
  test("off: the beacon answers 202 and discards; on again: stored; audited", async () => {
    const g = await createAnalyticsFixture(t, "", "Switch", { org: f.org });
    const path = `/api/org/${f.org.slug}/analytics/app-groups/${g.groupId}`;
    const off = await t.request("PUT", path, { token: f.org.owner.token, json: { eventsEnabled: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: g.groupId, eventsEnabled: false });
    const r = await g.beacon({ events: [pageView({ id: "discarded" })] });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ accepted: 0, dropped: 1 });
    expect(await storedEvents(t, g.groupId)).toEqual([]);
    const list = await t.request("GET", `/api/org/${f.org.slug}/analytics/app-groups`, { token: f.org.owner.token });
    expect(list.body.appGroups.find((x: any) => x.id === g.groupId).eventsEnabled).toBe(false);
    expect((await t.request("PUT", path, { token: f.org.owner.token, json: { eventsEnabled: true } })).status).toBe(200);
    await g.beacon({ events: [pageView({ id: "kept" })] });
    expect((await storedEvents(t, g.groupId)).map((e) => e.clientEventId)).toEqual(["kept"]);
    const audit = (await auditOf(t, f.org.orgId, "appgroup.analytics.collection_changed")).filter((e) => e.appGroupId === g.groupId);
    expect(audit.map((e) => e.payload)).toEqual([
      { appGroupId: g.groupId, from: true, to: false },
      { appGroupId: g.groupId, from: false, to: true },
    ]);
  });

  test("a member is 403, another org's app group 404, a bad body 400; nothing changes", async () => {
    const g = await createAnalyticsFixture(t, "", "SwitchRefusals", { org: f.org });
    const member = await addMember(t, f.org, "member@beacon.test");
    const path = `/api/org/${f.org.slug}/analytics/app-groups/${g.groupId}`;
    const denied = await t.request("PUT", path, { token: member.token, json: { eventsEnabled: false } });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("PERMISSION_DENIED");
    expect((await t.request("GET", `/api/org/${f.org.slug}/analytics/app-groups`, { token: member.token })).status).toBe(403);
    const foreign = await createAnalyticsFixture(t, "foreign@beacon.test", "Foreign");
    const cross = await t.request("PUT", `/api/org/${f.org.slug}/analytics/app-groups/${foreign.groupId}`, { token: f.org.owner.token, json: { eventsEnabled: false } });
    expect(cross.status).toBe(404);
    const wrong = await t.request("PUT", path, { token: f.org.owner.token, json: { eventsEnabled: "no" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe("eventsEnabled");
    expect((await t.request("PUT", path, { token: f.org.owner.token, json: { eventsEnabled: false, extra: 1 } })).status).toBe(400);
    const list = await t.request("GET", `/api/org/${f.org.slug}/analytics/app-groups`, { token: f.org.owner.token });
    expect(list.body.appGroups.find((x: any) => x.id === g.groupId).eventsEnabled).toBe(true);
    await foreign.beacon({ events: [pageView({ id: "foreign-kept" })] });
    expect((await storedEvents(t, foreign.groupId)).length).toBe(1);
  });
});

describe("the script", () => {
  test("GET /beacon.js is a small script with a short cache", async () => {
    const r = await t.request("GET", "/beacon.js");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("javascript");
    expect(r.headers.get("cache-control")).toBe("public, max-age=300");
    expect(r.text).toContain("sendBeacon");
    expect(r.text).toContain("/analytics/events");
    expect(Bun.gzipSync(new TextEncoder().encode(r.text)).length).toBeLessThan(2048);
  });
});
