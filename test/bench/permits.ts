/**
 * Benchmark (DESIGN §11: permit issue, RS256 as the spec says, ≥ 3,500/s): POST
 * /api/org/{slug}/permits/issue with the bootstrap owner's session, and for reference
 * the raw RS256 signing rate of this machine on the same thread pool. Not a timed test:
 * it prints figures.
 *
 *   bun test/bench/permits.ts [seconds] [connections]
 */
import { ensureBenchDeps, load, report, rs256SigningCeiling, startSignet, type LoadResult } from "./m2m-support";

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 32);
await ensureBenchDeps();

const { perSecond: ceiling } = await rs256SigningCeiling();
const results: LoadResult[] = [];
const signet = await startSignet();
try {
  const url = `${signet.url}/api/org/${signet.slug}/permits/issue`;
  const headers = { "content-type": "application/json", authorization: `Bearer ${signet.sessionToken}` };
  const body = JSON.stringify({ requestedScope: "org.member.list" });
  const check = await fetch(url, { method: "POST", headers, body });
  if (check.status !== 200) throw new Error(`permit issue failed: ${check.status} ${await check.text()}`);
  results.push(await load({ name: "signet POST permits/issue (session)", url, method: "POST", headers, body, connections, seconds }));
  const idempotent = JSON.stringify({ requestedScope: "org.member.list", idempotencyKey: "bench", ttlSeconds: 300 });
  results.push(await load({ name: "signet POST permits/issue (same idempotencyKey)", url, method: "POST", headers, body: idempotent, connections, seconds }));
} finally {
  await signet.stop();
}
console.log(`RS256 signing ceiling on this machine (thread pool, nothing else running): ${ceiling}/s`);
report(results, { "signet POST permits/issue (session)": "≥ 3500/s" });
