/**
 * Shared by the machine-access benchmarks (m2m.ts, jwks.ts, permits.ts): a `signet serve`
 * on a fresh data dir with a bootstrapped organization, and a load generator in its own
 * process (the way a client would hit the server): wrk when it is installed (Debian's
 * `wrk` package; written in C, it leaves most of the 2 cores to the server), else
 * autocannon (on node, it takes a whole core for itself). SIGNET_BENCH_LOADGEN picks one.
 *
 * autocannon and oidc-provider are not dependencies of Signet: they are installed on
 * first use with bun into SIGNET_BENCH_DEPS (default: <tmp>/signet-bench-deps).
 */
import { createPrivateKey, generateKeyPairSync, sign } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const ROOT = join(import.meta.dir, "..", "..");
const BUN = process.execPath;

export const benchDeps = process.env.SIGNET_BENCH_DEPS ?? join(tmpdir(), "signet-bench-deps");

/** Installs the benchmark's own tools (autocannon, oidc-provider) once, outside the project. */
export async function ensureBenchDeps(): Promise<void> {
  if (existsSync(join(benchDeps, "node_modules", "autocannon")) && existsSync(join(benchDeps, "node_modules", "oidc-provider"))) return;
  mkdirSync(benchDeps, { recursive: true });
  if (!existsSync(join(benchDeps, "package.json"))) writeFileSync(join(benchDeps, "package.json"), JSON.stringify({ name: "signet-bench-deps", private: true }));
  const install = Bun.spawn([BUN, "add", "autocannon@9", "oidc-provider@9"], { cwd: benchDeps, stdout: "ignore", stderr: "inherit" });
  if ((await install.exited) !== 0) throw new Error(`could not install autocannon and oidc-provider into ${benchDeps}`);
}

export interface LoadResult {
  name: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  name: string;
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
  /** Status codes that count as success besides 2xx (e.g. 304). */
  expectStatus?: number;
  /** A steady mix instead of one request: wrk sends these in turn, relative to `url` (wrk only). */
  mix?: MixedRequest[];
}

export interface MixedRequest {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const LOADGEN = process.env.SIGNET_BENCH_LOADGEN ?? (Bun.which("wrk") ? "wrk" : "autocannon");

/** Runs the load generator against one URL and reads its figures. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  return LOADGEN === "wrk" ? loadWithWrk(options) : loadWithAutocannon(options);
}

/** wrk with one thread; a Lua script sets the method, headers and body. */
async function loadWithWrk(options: LoadOptions): Promise<LoadResult> {
  const connections = options.connections ?? 32;
  const seconds = options.seconds ?? 10;
  const script = join(tmpdir(), `signet-wrk-${process.pid}-${Math.random().toString(36).slice(2)}.lua`);
  const lines = [`wrk.method = ${JSON.stringify(options.method ?? "GET")}`];
  for (const [name, value] of Object.entries(options.headers ?? {})) lines.push(`wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`);
  if (options.body !== undefined) lines.push(`wrk.body = ${JSON.stringify(options.body)}`);
  if (options.mix) lines.push(...mixScript(options.mix));
  // wrk counts answers of 400 and above as status errors (a 304 is not one).
  lines.push("function done(summary) io.write(string.format('UNEXPECTED %d\\n', summary.errors.status)) end");
  writeFileSync(script, lines.join("\n"));
  try {
    const proc = Bun.spawn(["wrk", "-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "-s", script, options.url], { stdout: "pipe", stderr: "inherit" });
    const text = await new Response(proc.stdout).text();
    await proc.exited;
    const ms = (label: string) => {
      const m = text.match(new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s)$`, "m"));
      if (!m) return NaN;
      const value = Number(m[1]);
      return m[2] === "us" ? value / 1000 : m[2] === "s" ? value * 1000 : value;
    };
    const errors = text.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
    return {
      name: options.name,
      connections,
      seconds,
      requestsPerSecond: Math.round(Number(text.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0)),
      p50Ms: ms("50%"),
      p99Ms: ms("99%"),
      non2xx: Number(text.match(/UNEXPECTED (\d+)/)?.[1] ?? 0),
      errors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    };
  } finally {
    rmSync(script, { force: true });
  }
}

/**
 * The Lua of a mixed load: each request formatted once in init (wrk has set the Host
 * header by then), then sent in turn.
 */
function mixScript(mix: MixedRequest[]): string[] {
  const lua = (value: string) => JSON.stringify(value);
  const specs = mix.map((r) => {
    const headers = Object.entries(r.headers ?? {}).map(([name, value]) => `[${lua(name)}] = ${lua(value)}`);
    return `{ method = ${lua(r.method)}, path = ${lua(r.path)}, headers = { ${headers.join(", ")} }, body = ${r.body === undefined ? "nil" : lua(r.body)} }`;
  });
  return [
    `local specs = { ${specs.join(",\n")} }`,
    "local formatted = {}",
    "local turn = 0",
    "function init(args)",
    "  for _, spec in ipairs(specs) do",
    "    local headers = {}",
    "    for name, value in pairs(wrk.headers) do headers[name] = value end",
    "    for name, value in pairs(spec.headers) do headers[name] = value end",
    "    table.insert(formatted, wrk.format(spec.method, spec.path, headers, spec.body))",
    "  end",
    "end",
    "function request()",
    "  turn = turn % #formatted + 1",
    "  return formatted[turn]",
    "end",
  ];
}

/** autocannon (on node, in its own process), read from its JSON report. */
async function loadWithAutocannon(options: LoadOptions): Promise<LoadResult> {
  if (options.mix) throw new Error("a mixed load needs wrk (apt-get install wrk)");
  const connections = options.connections ?? 32;
  const seconds = options.seconds ?? 10;
  const args = [join(benchDeps, "node_modules", "autocannon", "autocannon.js"), "--json", "-c", String(connections), "-d", String(seconds), "-m", options.method ?? "GET"];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push("-H", `${name}=${value}`);
  if (options.body !== undefined) args.push("-b", options.body);
  args.push(options.url);
  const proc = Bun.spawn(["node", ...args], { stdout: "pipe", stderr: "ignore" });
  const text = await new Response(proc.stdout).text();
  await proc.exited;
  const report = JSON.parse(text.trim().split("\n").at(-1)!);
  const statusCodes = (report.statusCodeStats ?? {}) as Record<string, { count: number }>;
  const accepted = options.expectStatus ? (statusCodes[String(options.expectStatus)]?.count ?? 0) : 0;
  return {
    name: options.name,
    connections,
    seconds,
    requestsPerSecond: Math.round(report.requests.average),
    p50Ms: report.latency.p50,
    p99Ms: report.latency.p99,
    non2xx: report.non2xx - accepted,
    errors: report.errors + report.timeouts,
  };
}

/**
 * RS256 signatures per second on this process's thread pool with nothing else running: the
 * permits' ceiling; and the CPU time each took (user + system, every thread), the cost a
 * permit cannot go below.
 */
export async function rs256SigningCeiling(seconds = 3): Promise<{ perSecond: number; cpuUsPerSignature: number }> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = createPrivateKey(privateKey.export({ format: "pem", type: "pkcs8" }));
  const data = Buffer.alloc(300, 1);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (performance.now() - started < seconds * 1000) {
        await new Promise((resolve, reject) => sign("sha256", data, key, (e, s) => (e ? reject(e) : resolve(s))));
        done += 1;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return { perSecond: Math.round(done / ((performance.now() - started) / 1000)), cpuUsPerSignature: (cpu.user + cpu.system) / done };
}

export interface SignetServer {
  url: string;
  slug: string;
  orgId: string;
  apiKey: string;
  sessionToken: string;
  stop(): Promise<void>;
}

/**
 * `signet serve` from the sources on a fresh SQLite data dir (or SIGNET_DATABASE_URL), at
 * SIGNET_BENCH_LOG_LEVEL (default info: one access-log line per request, as in
 * production), after `signet admin bootstrap` has made an organization and its key.
 * `runtimeFlags` go to bun before the entry (profile.ts: the CPU profiler's).
 */
export async function startSignet(runtimeFlags: string[] = []): Promise<SignetServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "signet-bench-"));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const env = {
    ...process.env,
    SIGNET_DATA_DIR: dataDir,
    SIGNET_HOST: "127.0.0.1",
    SIGNET_PORT: String(port),
    SIGNET_BASE_URL: `http://127.0.0.1:${port}`,
    SIGNET_LOG_LEVEL: process.env.SIGNET_BENCH_LOG_LEVEL ?? "info",
  };
  const boot = Bun.spawnSync([BUN, join(ROOT, "src/main.ts"), "admin", "bootstrap", "--email", "bench@bench.example", "--org", "Bench Co"], { env, stderr: "inherit" });
  if (boot.exitCode !== 0) throw new Error("admin bootstrap failed");
  const { slug, orgId, apiKey, sessionToken } = JSON.parse(boot.stdout.toString());
  const proc = Bun.spawn([BUN, ...runtimeFlags, join(ROOT, "src/main.ts"), "serve"], { env, stdout: "ignore", stderr: "inherit" });
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (performance.now() - started > 20_000) throw new Error("signet serve did not start");
    await Bun.sleep(20);
  }
  return {
    url,
    slug,
    orgId,
    apiKey,
    sessionToken,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function report(results: LoadResult[], budgets: Record<string, string>): void {
  for (const r of results) console.log(JSON.stringify(r));
  console.log("");
  for (const r of results) {
    const budget = budgets[r.name] ? `   budget: ${budgets[r.name]}` : "";
    console.log(`${r.name.padEnd(44)} ${String(r.requestsPerSecond).padStart(7)}/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  (c=${r.connections}, ${r.seconds} s, non-2xx ${r.non2xx}, errors ${r.errors})${budget}`);
  }
}
