/**
 * `npm run bench`: every hot-path figure of DESIGN §11 against the compiled binary, with
 * the ceilings measured in the same run, as ONE table; then the binary's resident memory
 * at idle, under each load and through a steady mixed soak. Not a timed test (CI never
 * runs it): it prints figures. docs/performance.md explains the method.
 *
 *   bun test/bench/run.ts [--seconds 10] [--connections 32] [--soak 60] [--only me,jwks] [--data-scale DATA_DIR] [--json FILE]
 *
 * SIGNET_BINARY names the binary (default: one built now with build/compile.ts). It is
 * started from an empty scratch directory, as a self-hoster meets it; SIGNET_DATABASE_URL
 * runs it on PostgreSQL instead of SQLite. The load generator is wrk (1 thread).
 *
 * The references, each a process of its own measured in this run: a bare Bun.serve
 * answering small JSON (the ceiling every HTTP share is of), an Elysia app with one
 * empty route (the framework's own wall), the RS256 signatures per second of this
 * machine (the permits' ceiling), and oidc-provider's client_credentials grant (the
 * M2M exchange's peer).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { formatTable, type Row } from "./bench-table";
import { dataScaleRows, formatTable as formatDataScaleTable } from "./data-scale";
import { benchDeps, ensureBenchDeps, load, rs256SigningCeiling, ROOT, type LoadOptions, type LoadResult, type MixedRequest } from "./m2m-support";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    soak: { type: "string", default: "60" },
    only: { type: "string" },
    /** A data dir seeded by test/bench/seed-scale.ts: its data-scale figures follow the table. */
    "data-scale": { type: "string" },
    /** Also write the rows and memory figures as JSON to this file (compare.ts reads it). */
    json: { type: "string" },
  },
});
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const soakSeconds = Number(args.soak);
const PATHS = ["elysia", "healthz", "jwks", "me", "permits", "exchange", "soak"] as const;
const only = new Set(args.only ? args.only.split(",") : PATHS);
for (const name of only) if (!(PATHS as readonly string[]).includes(name)) throw new Error(`--only: unknown "${name}" (known: ${PATHS.join(", ")})`);
if (!Bun.which("wrk")) throw new Error("npm run bench needs wrk (apt-get install wrk)");

const BUN = process.execPath;
const freePort = () => 20000 + Math.floor(Math.random() * 20000);

/** Resident memory of a process in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB$/m);
  return match ? Math.round(Number(match[1]) / 102.4) / 10 : NaN;
}

/** CPU seconds (user + system, every thread) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command name.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(Bun.spawnSync(["getconf", "CLK_TCK"]).stdout.toString().trim()) || 100;

async function waitFor(url: string, what: string): Promise<void> {
  const started = performance.now();
  for (;;) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    if (performance.now() - started > 20_000) throw new Error(`${what} did not answer ${url}`);
    await Bun.sleep(20);
  }
}

/** A reference server (ceiling-server.ts) in its own process. */
async function startReference(mode: "bare" | "elysia"): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = freePort();
  const proc = Bun.spawn([BUN, join(import.meta.dir, "ceiling-server.ts"), mode, String(port)], { cwd: ROOT, stdout: "ignore", stderr: "inherit" });
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url, `the ${mode} reference`);
  return {
    url,
    pid: proc.pid,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}

async function binaryPath(): Promise<string> {
  if (process.env.SIGNET_BINARY) return process.env.SIGNET_BINARY;
  const out = join(mkdtempSync(join(tmpdir(), "signet-bench-build-")), "signet");
  console.error(`building the binary at ${out} (set SIGNET_BINARY to use another)`);
  const build = Bun.spawnSync([BUN, join(ROOT, "build/compile.ts"), out], { cwd: ROOT, stdout: "inherit", stderr: "inherit" });
  if (build.exitCode !== 0) throw new Error("build/compile.ts failed");
  return out;
}

interface Signet {
  url: string;
  pid: number;
  slug: string;
  apiKey: string;
  sessionToken: string;
  stop(): Promise<void>;
}

/**
 * The binary from an empty scratch directory: `signet admin bootstrap` makes the
 * organization, its key and an owner session, then `signet serve` at the log level a
 * production node runs (info: an access-log line per request, written to a file).
 */
async function startBinary(binary: string): Promise<Signet> {
  const scratch = mkdtempSync(join(tmpdir(), "signet-bench-run-"));
  const port = freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    SIGNET_DATA_DIR: join(scratch, "data"),
    SIGNET_HOST: "127.0.0.1",
    SIGNET_PORT: String(port),
    SIGNET_BASE_URL: `http://127.0.0.1:${port}`,
    SIGNET_LOG_LEVEL: process.env.SIGNET_BENCH_LOG_LEVEL ?? "info",
    ...(process.env.SIGNET_DATABASE_URL ? { SIGNET_DATABASE_URL: process.env.SIGNET_DATABASE_URL } : {}),
    ...(process.env.SIGNET_ACCESS_LOG_SAMPLE ? { SIGNET_ACCESS_LOG_SAMPLE: process.env.SIGNET_ACCESS_LOG_SAMPLE } : {}),
  };
  mkdirSync(env.SIGNET_DATA_DIR!);
  const boot = Bun.spawnSync([binary, "admin", "bootstrap", "--email", "bench@bench.example", "--org", "Bench Co"], { cwd: scratch, env, stderr: "inherit" });
  if (boot.exitCode !== 0) throw new Error("signet admin bootstrap failed");
  const { slug, apiKey, sessionToken } = JSON.parse(boot.stdout.toString());
  const proc = Bun.spawn([binary, "serve"], { cwd: scratch, env, stdin: "ignore", stdout: Bun.file(join(scratch, "access.log")), stderr: "inherit" });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, "signet serve");
  return {
    url,
    pid: proc.pid,
    slug,
    apiKey,
    sessionToken,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

interface Measured extends LoadResult {
  cpuUsPerRequest: number;
  peakRssMiB: number;
}

/** A load on the server process `pid`, whose RSS is read every 250 ms and its CPU time before and after. */
async function loadWatched(pid: number, options: LoadOptions): Promise<Measured> {
  let peak = rssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 250);
  const cpuBefore = cpuSeconds(pid);
  try {
    const result = await load({ connections, seconds, ...options });
    const answered = result.requestsPerSecond * result.seconds;
    return { ...result, cpuUsPerRequest: ((cpuSeconds(pid) - cpuBefore) * 1e6) / answered, peakRssMiB: peak };
  } finally {
    clearInterval(timer);
  }
}

function doubts(r: LoadResult): string | undefined {
  const notes = [r.non2xx > 0 ? `${r.non2xx} non-2xx` : "", r.errors > 0 ? `${r.errors} socket errors` : ""].filter(Boolean);
  return notes.length ? notes.join(", ") : undefined;
}

function reference(path: string, r: LoadResult & { cpuUsPerRequest?: number }, share: number | null = null): Row {
  return { path, requestsPerSecond: r.requestsPerSecond, p50Ms: r.p50Ms, p99Ms: r.p99Ms, cpuUsPerRequest: r.cpuUsPerRequest, share, budget: "reference", met: null, note: doubts(r) };
}

/** A row against a budget: a share of `base` at least `minShare`, and p99 at most `maxP99Ms` when given. */
function budgeted(path: string, r: Measured, base: number, minShare: number, budget: string, maxP99Ms?: number): Row {
  const share = r.requestsPerSecond / base;
  const met = share >= minShare && (maxP99Ms === undefined || r.p99Ms <= maxP99Ms) && r.non2xx === 0 && r.errors === 0;
  return { path, requestsPerSecond: r.requestsPerSecond, p50Ms: r.p50Ms, p99Ms: r.p99Ms, cpuUsPerRequest: r.cpuUsPerRequest, share, budget, met, note: doubts(r) };
}

async function exchangeToken(signet: Signet): Promise<string> {
  const r = await fetch(`${signet.url}/api/m2m/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ orgSlug: signet.slug, apiKey: signet.apiKey }) });
  const { accessToken } = (await r.json()) as { accessToken?: string };
  if (!accessToken) throw new Error(`the M2M exchange answered ${r.status}`);
  return accessToken;
}

const rows: Row[] = [];
const memory: Array<[string, number]> = [];
const binary = await binaryPath();
if (only.has("exchange")) await ensureBenchDeps();

// References first, each alone on the machine.
const bare = await startReference("bare");
const ceiling = await loadWatched(bare.pid, { name: "bare", url: bare.url });
await bare.stop();
rows.push(reference("ceiling: bare Bun.serve, small JSON", ceiling, 1));
if (only.has("elysia")) {
  const elysia = await startReference("elysia");
  const r = await loadWatched(elysia.pid, { name: "elysia", url: elysia.url });
  await elysia.stop();
  rows.push(reference("wall: Elysia, one empty route", r, r.requestsPerSecond / ceiling.requestsPerSecond));
}
const signing = only.has("permits") ? await rs256SigningCeiling() : null;
let peer: Measured | null = null;
if (only.has("exchange")) {
  const port = freePort();
  const proc = Bun.spawn(["node", join(import.meta.dir, "oidc-provider-peer.mjs")], {
    env: { ...process.env, PORT: String(port), OIDC_PROVIDER_PATH: join(benchDeps, "node_modules", "oidc-provider", "lib", "index.js") },
    stdout: "pipe",
    stderr: "inherit",
  });
  await new Response(proc.stdout).body!.getReader().read();
  const headers = { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from("bench:bench-secret").toString("base64")}` };
  peer = await loadWatched(proc.pid, { name: "oidc", url: `http://127.0.0.1:${port}/token`, method: "POST", headers, body: "grant_type=client_credentials&scope=api" });
  proc.kill("SIGTERM");
  await proc.exited;
}

const signet = await startBinary(binary);
const soak: Array<[number, number]> = [];
try {
  await Bun.sleep(2000);
  memory.push(["idle, after start", rssMiB(signet.pid)]);
  const base = ceiling.requestsPerSecond;
  const jwksUrl = `${signet.url}/api/public/orgs/${signet.slug}/jwks.json`;
  const mePath = `/api/org/${signet.slug}/me`;
  const permitPath = `/api/org/${signet.slug}/permits/issue`;
  const permitHeaders = { "content-type": "application/json", authorization: `Bearer ${signet.sessionToken}` };
  const permitBody = JSON.stringify({ requestedScope: "org.member.list" });
  const exchangeBody = JSON.stringify({ orgSlug: signet.slug, apiKey: signet.apiKey });
  const watched = async (label: string, options: LoadOptions) => {
    const measured = await loadWatched(signet.pid, options);
    memory.push([`peak under ${label}`, measured.peakRssMiB]);
    return measured;
  };

  if (only.has("healthz")) rows.push(budgeted("GET /healthz", await watched("/healthz", { name: "healthz", url: `${signet.url}/healthz` }), base, 0.8, "≥ 0.8 of ceiling"));
  if (only.has("jwks")) {
    const first = await fetch(jwksUrl);
    const etag = first.headers.get("etag");
    if (first.status !== 200 || !etag) throw new Error(`JWKS answered ${first.status} without an ETag`);
    rows.push(budgeted("GET jwks.json (200)", await watched("JWKS", { name: "jwks", url: jwksUrl }), base, 0.8, "≥ 0.8 of ceiling"));
    rows.push(budgeted("GET jwks.json If-None-Match (304)", await watched("JWKS 304", { name: "jwks304", url: jwksUrl, headers: { "if-none-match": etag }, expectStatus: 304 }), base, 0.8, "≥ 0.8 of ceiling"));
  }
  if (only.has("me")) {
    const headers = { authorization: `Bearer ${await exchangeToken(signet)}` };
    const check = await fetch(`${signet.url}${mePath}`, { headers });
    if (check.status !== 200) throw new Error(`GET /me with an M2M token answered ${check.status}`);
    rows.push(budgeted("GET /api/org/{slug}/me (M2M token)", await watched("/me", { name: "me", url: `${signet.url}${mePath}`, headers }), base, 0.5, "≥ 0.5 of ceiling, p99 ≤ 3 ms", 3));
  }
  if (only.has("permits")) {
    const check = await fetch(`${signet.url}${permitPath}`, { method: "POST", headers: permitHeaders, body: permitBody });
    if (check.status !== 200) throw new Error(`permit issue answered ${check.status}: ${await check.text()}`);
    rows.push({ path: "RS256 signing ceiling (thread pool)", requestsPerSecond: signing!.perSecond, p50Ms: null, p99Ms: null, cpuUsPerRequest: signing!.cpuUsPerSignature, share: null, budget: "reference", met: null });
    const r = await watched("permits", { name: "permits", url: `${signet.url}${permitPath}`, method: "POST", headers: permitHeaders, body: permitBody });
    rows.push(budgeted("POST permits/issue (RS256)", r, signing!.perSecond, 0.8, "≥ 0.8 of RS256 ceiling"));
  }
  if (only.has("exchange") && peer) {
    rows.push(reference("oidc-provider client_credentials", peer));
    const r = await watched("the M2M exchange", { name: "exchange", url: `${signet.url}/api/m2m/token`, method: "POST", headers: { "content-type": "application/json" }, body: exchangeBody });
    rows.push(budgeted("POST /api/m2m/token (audit included)", r, peer.requestsPerSecond, 2, "≥ 2× oidc-provider, p99 ≤ 25 ms", 25));
  }
  if (only.has("soak") && soakSeconds > 0) {
    // A steady mix of reads and writes (each exchange and permit appends to the audit chain).
    const meHeaders = { authorization: `Bearer ${await exchangeToken(signet)}` };
    const mix: MixedRequest[] = [
      { method: "GET", path: mePath, headers: meHeaders },
      { method: "GET", path: "/healthz" },
      { method: "GET", path: mePath, headers: meHeaders },
      { method: "GET", path: new URL(jwksUrl).pathname },
      { method: "GET", path: mePath, headers: meHeaders },
      { method: "POST", path: permitPath, headers: permitHeaders, body: permitBody },
      { method: "GET", path: mePath, headers: meHeaders },
      { method: "POST", path: "/api/m2m/token", headers: { "content-type": "application/json" }, body: exchangeBody },
    ];
    const started = performance.now();
    soak.push([0, rssMiB(signet.pid)]);
    const timer = setInterval(() => soak.push([Math.round((performance.now() - started) / 1000), rssMiB(signet.pid)]), 1000);
    const r = await loadWatched(signet.pid, { name: "soak", url: signet.url, mix, seconds: soakSeconds });
    clearInterval(timer);
    soak.push([Math.round((performance.now() - started) / 1000), rssMiB(signet.pid)]);
    rows.push(reference(`soak: steady mix for ${soakSeconds} s`, r));
  }
  await Bun.sleep(2000);
  memory.push(["idle, after the loads", rssMiB(signet.pid)]);
} finally {
  await signet.stop();
}

console.log(`\nSignet ${binary} on ${process.env.SIGNET_DATABASE_URL ? "PostgreSQL" : "SQLite"}; wrk 1 thread, ${connections} connections, ${seconds} s a path; ${new Date().toISOString()}\n`);
console.log(formatTable(rows));
console.log("\nResident memory (RSS) of signet serve:\n");
for (const [label, mib] of memory) console.log(`  ${label.padEnd(36)} ${mib.toFixed(1)} MiB`);
if (soak.length > 0) {
  const at = (fraction: number) => soak[Math.min(soak.length - 1, Math.round((soak.length - 1) * fraction))]!;
  const [start, mid, end] = [at(0), at(0.5), at(1)];
  const growth = end[1] - mid[1];
  console.log(`\nSoak RSS: start ${start[1].toFixed(1)} MiB (t=${start[0]} s), mid ${mid[1].toFixed(1)} MiB (t=${mid[0]} s), end ${end[1].toFixed(1)} MiB (t=${end[0]} s), peak ${Math.max(...soak.map(([, m]) => m)).toFixed(1)} MiB`);
  // The first half warms the caches and the heap; from then on steady load must not add.
  console.log(`second half: ${growth >= 0 ? "+" : ""}${growth.toFixed(1)} MiB → ${growth <= Math.max(4, mid[1] * 0.05) ? "flat" : "GROWS"}`);
  console.log(`samples (s:MiB): ${soak.map(([t, m]) => `${t}:${m.toFixed(0)}`).join(" ")}`);
}

// The data-scale section (test/bench/data-scale.ts, on a data dir seeded by
// test/bench/seed-scale.ts), printed with its own table: its rows are per route and data
// size, not against a ceiling.
if (args["data-scale"]) {
  const scaleRows = await dataScaleRows({ dataDir: args["data-scale"], binary });
  console.log("\nData scale:\n");
  console.log(formatDataScaleTable(scaleRows));
}
if (args.json) writeFileSync(args.json, JSON.stringify({ rows, memory, soak }, null, 2));
