/**
 * Benchmark (DESIGN §11: JWKS as precomputed bytes with ETag, ≥ 50,000/s): GET
 * /api/public/orgs/{slug}/jwks.json, full and conditional (304). Not a timed test: it
 * prints figures.
 *
 *   bun test/bench/jwks.ts [seconds] [connections]
 */
import { ensureBenchDeps, load, report, startSignet, type LoadResult } from "./m2m-support";

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 32);
await ensureBenchDeps();
const results: LoadResult[] = [];
const signet = await startSignet();
try {
  const url = `${signet.url}/api/public/orgs/${signet.slug}/jwks.json`;
  const first = await fetch(url);
  const jwks = (await first.json()) as { keys: unknown[] };
  const etag = first.headers.get("etag")!;
  if (jwks.keys.length !== 2 || !etag) throw new Error(`unexpected JWKS: ${JSON.stringify(jwks)}`);
  results.push(await load({ name: "signet GET jwks.json (200)", url, connections, seconds }));
  results.push(await load({ name: "signet GET jwks.json If-None-Match (304)", url, headers: { "if-none-match": etag }, connections, seconds, expectStatus: 304 }));
} finally {
  await signet.stop();
}
report(results, { "signet GET jwks.json (200)": "≥ 50000/s", "signet GET jwks.json If-None-Match (304)": "≥ 50000/s" });
