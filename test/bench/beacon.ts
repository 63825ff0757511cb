/**
 * Benchmark (DESIGN §11): beacon ingest in 50-event batches. Not a timed test: it prints
 * figures.
 *
 *   bun test/bench/beacon.ts [seconds] [connections]
 *
 * Budget: ≥ 50,000 events/s (1,000 requests/s of 50 events) on 2 cores over loopback.
 * Every request carries 50 new events (unique, time-ordered ids as /beacon.js sends
 * them, so each is a real insert)
 * from a different client IP (X-Forwarded-For from a trusted loopback proxy, so the
 * 120-requests-a-minute limit per app and IP does not refuse the load). Needs wrk (a
 * Lua script builds each body); the figure is checked against the rows that landed.
 * SIGNET_DATABASE_URL=postgres://… runs Signet on PostgreSQL.
 */
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSignet } from "./m2m-support";

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 32);
const EVENTS_PER_REQUEST = 50;
const ORIGIN = "https://bench.example";
if (!Bun.which("wrk")) throw new Error("this benchmark needs wrk (Debian package wrk)");

process.env.SIGNET_TRUSTED_PROXIES = "127.0.0.1";
// On SQLite the database file is ours, so the rows that landed can be counted afterwards.
const sqliteDir = process.env.SIGNET_DATABASE_URL ? null : mkdtempSync(join(tmpdir(), "signet-beacon-db-"));
if (sqliteDir) process.env.SIGNET_DATABASE_URL = join(sqliteDir, "signet.db");
const signet = await startSignet();
let stored = -1;
let result: { requestsPerSecond: number; p50: string; p99: string; non2xx: number; text: string };
try {
  const auth = { authorization: `Bearer ${signet.sessionToken}`, "content-type": "application/json" };
  const group = await fetch(`${signet.url}/api/org/${signet.slug}/app-groups`, { method: "POST", headers: auth, body: JSON.stringify({ name: "Bench site" }) });
  const groupBody = (await group.json()) as { id: string; applications: Array<{ id: string; clientKey: string }> };
  if (group.status !== 201) throw new Error(`app group: ${group.status} ${JSON.stringify(groupBody)}`);
  const application = groupBody.applications[0]!;
  const allowed = await fetch(`${signet.url}/api/org/${signet.slug}/applications/${application.id}`, { method: "PUT", headers: auth, body: JSON.stringify({ allowedOrigins: [ORIGIN] }) });
  if (allowed.status !== 200) throw new Error(`allowed origins: ${allowed.status}`);
  const path = `/api/public/apps/${application.clientKey}/analytics/events`;

  // Each request: 50 fresh page_views from its own client IP.
  const script = join(tmpdir(), `signet-beacon-${process.pid}.lua`);
  writeFileSync(
    script,
    `
wrk.method = "POST"
wrk.path = ${JSON.stringify(path)}
wrk.headers["content-type"] = "text/plain;charset=UTF-8"
wrk.headers["origin"] = ${JSON.stringify(ORIGIN)}
local n = 0
local non2xx = 0
request = function()
  n = n + 1
  local parts = {}
  for i = 1, ${EVENTS_PER_REQUEST} do
    parts[i] = string.format('{"id":"%012x-%04x","type":"page_view","path":"/docs/page-%d?x=1","ref":"https://ref%d.example/a","us":"newsletter","anon":"anon-%d","sid":"sid-%d"}', n, i, i % 20, i % 7, n % 5000, n % 5000)
  end
  wrk.headers["x-forwarded-for"] = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format(nil, nil, nil, '{"events":[' .. table.concat(parts, ",") .. ']}')
end
response = function(status) if status ~= 202 then non2xx = non2xx + 1 end end
done = function() io.write(string.format("NON202 %d\\n", non2xx)) end
`,
  );
  try {
    const proc = Bun.spawn(["wrk", "-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "-s", script, signet.url], { stdout: "pipe", stderr: "inherit" });
    const text = await new Response(proc.stdout).text();
    await proc.exited;
    const latency = (label: string) => text.match(new RegExp(`^\\s*${label}\\s+([\\d.]+\\w+)$`, "m"))?.[1] ?? "?";
    result = {
      requestsPerSecond: Number(text.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
      p50: latency("50%"),
      p99: latency("99%"),
      non2xx: Number(text.match(/NON202 (\d+)/)?.[1] ?? 0),
      text,
    };
  } finally {
    rmSync(script, { force: true });
  }
} finally {
  await signet.stop();
}
if (sqliteDir) {
  const db = new Database(join(sqliteDir, "signet.db"), { readonly: true });
  stored = (db.query("select count(*) as n from behavior_events").get() as { n: number }).n;
  db.close();
  rmSync(sqliteDir, { recursive: true, force: true });
}

const eventsPerSecond = Math.round(result.requestsPerSecond * EVENTS_PER_REQUEST);
console.log(result.text);
console.log(
  `beacon ingest: ${eventsPerSecond} events/s (${Math.round(result.requestsPerSecond)} requests/s × ${EVENTS_PER_REQUEST}), p50 ${result.p50}, p99 ${result.p99}, ` +
    `non-202 ${result.non2xx}, c=${connections}, ${seconds} s   budget: ≥ 50000 events/s`,
);
if (stored >= 0) console.log(`events stored: ${stored} (${Math.round(stored / seconds)}/s over the run)`);
