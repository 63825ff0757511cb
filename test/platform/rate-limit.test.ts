/** Database-kept rate limits: windows, several limits at once, races, pruning. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rateCounters } from "../../src/platform/http/schema";
import { takeRateLimits, type RateLimit } from "../../src/platform/http/rate-limit";
import { DAY, MINUTE } from "../support/clock";
import { createTestApp, type TestApp } from "../support/harness";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const take = (limits: RateLimit[]) => t.ctx.db.write((tx) => takeRateLimits(tx, limits, t.clock.now()));

describe("takeRateLimits", () => {
  test("allows up to the limit in a window, then refuses with the seconds left, then a new window opens", async () => {
    const limit = { key: "test:a", limit: 2, windowMs: MINUTE };
    t.clock.set(Date.UTC(2026, 10, 21, 10, 0, 0));
    expect((await take([limit])).allowed).toBe(true);
    expect((await take([limit])).allowed).toBe(true);
    t.clock.advance(15_000);
    expect(await take([limit])).toEqual({ allowed: false, retryAfterSeconds: 45 });
    t.clock.advance(45_000);
    expect((await take([limit])).allowed).toBe(true);
  });

  test("an attempt counts against every limit only when all have room", async () => {
    const perAddress = { key: "test:addr", limit: 5, windowMs: MINUTE };
    const perIp = { key: "test:ip", limit: 1, windowMs: MINUTE };
    expect((await take([perAddress, perIp])).allowed).toBe(true);
    expect((await take([perAddress, perIp])).allowed).toBe(false);
    const rows = await t.ctx.db.read.select().from(rateCounters);
    expect(rows.find((r) => r.id === "test:addr")!.count).toBe(1);
    expect(rows.find((r) => r.id === "test:ip")!.count).toBe(1);
  });

  test("parallel attempts never take more slots than the limit", async () => {
    const limit = { key: "test:race", limit: 3, windowMs: MINUTE };
    const results = await Promise.all(Array.from({ length: 10 }, () => take([limit])));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  test("the prune job drops counters of long-gone windows", async () => {
    await take([{ key: "test:old", limit: 9, windowMs: MINUTE }]);
    t.clock.advance(3 * DAY);
    await take([{ key: "test:new", limit: 9, windowMs: MINUTE }]);
    await t.ctx.jobs.runNow("rate-counters.prune");
    const ids = (await t.ctx.db.read.select().from(rateCounters)).map((r) => r.id);
    expect(ids).toEqual(["test:new"]);
  });
});
