/**
 * Benchmark (DESIGN §11): the M2M token exchange side by side with oidc-provider's
 * client_credentials grant (RS256 JWT access tokens), and verified /api/org/{slug}
 * requests with an M2M token. Not a timed test: it prints figures.
 *
 *   bun test/bench/m2m.ts [seconds] [connections]
 *
 * Budgets: exchange ≥ 1.5× oidc-provider with p99 ≤ 25 ms (audit write included);
 * /api/org/{slug} with an M2M token (verify + revocation check) ≥ 25,000/s, p99 ≤ 5 ms.
 * SIGNET_DATABASE_URL=postgres://… runs Signet on PostgreSQL; SIGNET_BENCH_LOG_LEVEL
 * sets the server's log level (default info, an access-log line per request).
 */
import { join } from "node:path";
import { benchDeps, ensureBenchDeps, load, report, startSignet, type LoadResult } from "./m2m-support";

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 32);
await ensureBenchDeps();
const results: LoadResult[] = [];

// The peer first, alone on the machine.
const peerPort = 20000 + Math.floor(Math.random() * 20000);
const peer = Bun.spawn(["node", join(import.meta.dir, "oidc-provider-peer.mjs")], {
  env: { ...process.env, PORT: String(peerPort), OIDC_PROVIDER_PATH: join(benchDeps, "node_modules", "oidc-provider", "lib", "index.js") },
  stdout: "pipe",
  stderr: "inherit",
});
await new Response(peer.stdout).body!.getReader().read();
const basic = Buffer.from("bench:bench-secret").toString("base64");
const check = await fetch(`http://127.0.0.1:${peerPort}/token`, {
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${basic}` },
  body: "grant_type=client_credentials&scope=api",
});
const peerToken = (await check.json()) as { access_token?: string };
if (!peerToken.access_token?.includes(".")) throw new Error(`oidc-provider did not issue a JWT: ${JSON.stringify(peerToken)}`);
results.push(
  await load({
    name: "oidc-provider client_credentials (RS256)",
    url: `http://127.0.0.1:${peerPort}/token`,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${basic}` },
    body: "grant_type=client_credentials&scope=api",
    connections,
    seconds,
  }),
);
peer.kill("SIGTERM");
await peer.exited;

const signet = await startSignet();
try {
  const exchangeBody = JSON.stringify({ orgSlug: signet.slug, apiKey: signet.apiKey });
  const token = await fetch(`${signet.url}/api/m2m/token`, { method: "POST", headers: { "content-type": "application/json" }, body: exchangeBody });
  const { accessToken } = (await token.json()) as { accessToken: string };
  if (!accessToken) throw new Error("the exchange failed");
  results.push(
    await load({ name: "signet POST /api/m2m/token", url: `${signet.url}/api/m2m/token`, method: "POST", headers: { "content-type": "application/json" }, body: exchangeBody, connections, seconds }),
  );
  const me = await fetch(`${signet.url}/api/org/${signet.slug}/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  if (me.status !== 200) throw new Error(`GET /me with the token: ${me.status}`);
  results.push(
    await load({ name: "signet GET /api/org/{slug}/me with M2M token", url: `${signet.url}/api/org/${signet.slug}/me`, headers: { authorization: `Bearer ${accessToken}` }, connections, seconds }),
  );
} finally {
  await signet.stop();
}

const [peerResult, exchange] = results;
report(results, {
  "signet POST /api/m2m/token": `≥ ${Math.round(1.5 * peerResult!.requestsPerSecond)}/s (1.5× the peer), p99 ≤ 25 ms`,
  "signet GET /api/org/{slug}/me with M2M token": "≥ 25000/s, p99 ≤ 5 ms",
});
console.log(`\nexchange / oidc-provider: ${(exchange!.requestsPerSecond / peerResult!.requestsPerSecond).toFixed(2)}×`);
