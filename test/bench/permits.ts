/**
 * Benchmark (DESIGN §11: permit issue, RS256 as the spec says, ≥ 3,500/s): POST
 * /api/org/{slug}/permits/issue with the bootstrap owner's session, and for reference
 * the raw RS256 signing rate of this machine on the same thread pool. Not a timed test:
 * it prints figures.
 *
 *   bun test/bench/permits.ts [seconds] [connections]
 */
import { createPrivateKey, generateKeyPairSync, sign } from "node:crypto";
import { ensureBenchDeps, load, report, startSignet, type LoadResult } from "./m2m-support";

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 32);
await ensureBenchDeps();

/** RS256 signatures per second on the thread pool with nothing else running: the ceiling. */
async function signingCeiling(): Promise<number> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = createPrivateKey(privateKey.export({ format: "pem", type: "pkcs8" }));
  const data = Buffer.alloc(300, 1);
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (performance.now() - started < 3000) {
        await new Promise((resolve, reject) => sign("sha256", data, key, (e, s) => (e ? reject(e) : resolve(s))));
        done += 1;
      }
    }),
  );
  return Math.round(done / ((performance.now() - started) / 1000));
}

const ceiling = await signingCeiling();
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
