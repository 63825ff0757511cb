/**
 * Benchmark: the sign-in analytics report (spec 4.5) over a large sign-in ledger. Cost must
 * follow the rows in the window read by index, with nothing carried into memory per row
 * (DESIGN §11). Not a timed test: it prints figures.
 *
 *   bun test/bench/sign-in-analytics.ts [attempts]                         # SQLite
 *   SIGNET_TEST_DATABASE_URL=postgres://… bun test/bench/sign-in-analytics.ts [attempts]
 *
 * Seeds `attempts` sign-in attempts (default 200,000) spread over the last 60 days in three
 * app groups of one Pro organization with the Audit Analytics add-on (so `days=30` reads a
 * 60-day range: the window and the one before it), then times the report for 3 and 30 days.
 */
import { endUserSignIns } from "../../src/modules/customers/end-users/schema";
import { newId } from "../../src/platform/ids";
import { createAnalyticsFixture } from "../modules/analytics/support";
import { createTestApp } from "../support/harness";

const N = Number(process.argv[2] ?? 200_000);
const RUNS = 30;
const DAY = 86_400_000;
const t = await createTestApp({ env: { SIGNET_DEV: "1" } });
const dialect = t.ctx.db.dialect;
const first = await createAnalyticsFixture(t, "owner@bench-analytics.test", "BenchAnalytics", { plan: "pro" });
const others = [await createAnalyticsFixture(t, "", "BenchAnalyticsB", { org: first.org }), await createAnalyticsFixture(t, "", "BenchAnalyticsC", { org: first.org })];
const groups = [first, ...others];
const credit = await t.request("POST", `/api/org/${first.org.slug}/settings/credit`, { token: first.org.owner.token, json: { amountCents: 10_000 } });
if (credit.status !== 200) throw new Error(`credit: ${credit.status} ${credit.text}`);
const addon = await t.request("POST", `/api/org/${first.org.slug}/settings/addons/audit_analytics`, { token: first.org.owner.token });
if (addon.status !== 200) throw new Error(`add-on: ${addon.status} ${addon.text}`);

const now = t.clock.now();
const methods = ["magic_link", "passkey", "social:google", "social:kakao", "mfa_sms"];
let seeded = 0;
const seedStart = performance.now();
while (seeded < N) {
  const batch = Array.from({ length: Math.min(500, N - seeded) }, (_, k) => {
    const i = seeded + k;
    const group = groups[i % groups.length]!;
    const failed = i % 7 === 0;
    return {
      id: newId(),
      orgId: first.org.orgId,
      appGroupId: group.groupId,
      applicationId: group.applicationId,
      endUserId: failed ? null : `user-${i % 20_000}`,
      method: methods[i % methods.length]!,
      outcome: failed ? "failure" : "success",
      failureReason: failed ? "invalid_code" : null,
      signup: i % 50 === 0,
      ip: `198.51.${(i >> 8) % 256}.${i % 256}`,
      at: now - Math.floor(((i * 7919) % N) / N * 60 * DAY),
    };
  });
  await t.ctx.db.write((tx) => tx.insert(endUserSignIns).values(batch));
  seeded += batch.length;
}
console.log(`[${dialect}] seeded ${N} sign-in attempts over 60 days in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

async function measure(days: number) {
  const path = `/api/v1/admin/audit/analytics?orgId=${first.org.orgId}&days=${days}`;
  const warm = await t.request("GET", path, { token: first.org.owner.token });
  if (warm.status !== 200) throw new Error(`analytics: ${warm.status} ${warm.text}`);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await t.request("GET", path, { token: first.org.owner.token });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(`[${dialect}] /analytics days=${days} (mau ${warm.body.kpi.mau}, logins ${warm.body.kpi.logins}): p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
}
await measure(3);
await measure(30);
await t.close();
