/**
 * Shared by the machine-access benchmarks (m2m.ts, jwks.ts): a `signet serve` on a
 * fresh data dir with a bootstrapped organization, and autocannon as the load generator
 * in its own process (the way a client would hit the server).
 *
 * autocannon and oidc-provider are not dependencies of Signet: they are installed on
 * first use with bun into SIGNET_BENCH_DEPS (default: <tmp>/signet-bench-deps).
 */
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
}

/** Runs autocannon (on node, in its own process) against one URL and reads its JSON report. */
export async function load(options: LoadOptions): Promise<LoadResult> {
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
 */
export async function startSignet(): Promise<SignetServer> {
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
  const proc = Bun.spawn([BUN, join(ROOT, "src/main.ts"), "serve"], { env, stdout: "ignore", stderr: "inherit" });
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
