/**
 * Benchmark (docs/operations.md "Sizing"): throughput through HAProxy of the verified
 * organization request (GET /api/org/{slug}/me with an M2M token) and of the M2M
 * exchange (POST /api/m2m/token, an audit write each), with one and with three compiled
 * nodes on one PostgreSQL (the multi-node bed, test/binary/cluster.ts). Not a timed
 * test: it prints figures.
 *
 *   SIGNET_BINARY=build/out/signet bun test/bench/scaleout.ts [seconds] [connections]
 *
 * Everything (load generator, HAProxy, nodes, PostgreSQL) shares this machine's cores,
 * so the ratio between one and three nodes says where the limit is, not what three
 * machines would do.
 */
import { startBed } from "../binary/cluster";
import { load, report, type LoadResult } from "./m2m-support";

const seconds = Number(process.argv[2] ?? 8);
const connections = Number(process.argv[3] ?? 32);
const results: LoadResult[] = [];

for (const count of [1, 3]) {
  const bed = await startBed(count);
  try {
    const boot = await bed.nodes[0]!.cli(["admin", "bootstrap", "--email", "bench@scaleout.example", "--org", "Scaleout Bench", "--plan", "business"]);
    if (boot.code !== 0) throw new Error(`bootstrap: ${boot.stderr}`);
    const { slug, apiKey } = JSON.parse(boot.stdout);
    const exchangeBody = JSON.stringify({ orgSlug: slug, apiKey });
    const token = await fetch(`${bed.lb}/api/m2m/token`, { method: "POST", headers: { "content-type": "application/json" }, body: exchangeBody });
    const { accessToken } = (await token.json()) as { accessToken: string };
    if (!accessToken) throw new Error("the exchange failed");
    results.push(
      await load({ name: `${count} node${count > 1 ? "s" : ""}: GET /api/org/{slug}/me (M2M)`, url: `${bed.lb}/api/org/${slug}/me`, headers: { authorization: `Bearer ${accessToken}` }, connections, seconds }),
    );
    results.push(
      await load({
        name: `${count} node${count > 1 ? "s" : ""}: POST /api/m2m/token`,
        url: `${bed.lb}/api/m2m/token`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: exchangeBody,
        connections,
        seconds,
      }),
    );
  } finally {
    await bed.stop();
  }
}
report(results, {});
const ratio = (what: string) => {
  const [one, three] = results.filter((r) => r.name.endsWith(what));
  return one && three ? (three.requestsPerSecond / one.requestsPerSecond).toFixed(2) : "?";
};
console.log(`\n3 nodes / 1 node: org request ${ratio("(M2M)")}×, exchange ${ratio("/api/m2m/token")}× (${navigator.hardwareConcurrency} cores shared by everything)`);
