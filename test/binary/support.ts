/**
 * Runs the compiled binary as a self-hoster meets it: from a scratch directory holding
 * nothing but a data dir, over a socket, on SQLite or (with SIGNET_TEST_DATABASE_URL) on
 * a fresh PostgreSQL database. SIGNET_BINARY names the binary to test; without it one is
 * built once per test process.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { getPriority, setPriority, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { send, type TestApp } from "../support/harness";

const root = resolve(import.meta.dir, "../..");
let built: Promise<string> | undefined;

/** The binary under test: SIGNET_BINARY, or one built here once. */
export function binaryPath(): Promise<string> {
  if (process.env.SIGNET_BINARY) return Promise.resolve(resolve(process.env.SIGNET_BINARY));
  built ??= (async () => {
    const out = join(mkdtempSync(join(tmpdir(), "signet-build-")), "signet");
    const build = Bun.spawnSync([process.execPath, join(root, "build/compile.ts"), out], { cwd: root, stdout: "pipe", stderr: "pipe" });
    if (build.exitCode !== 0) throw new Error(`build/compile.ts failed:\n${build.stdout}${build.stderr}`);
    return out;
  })();
  return built;
}

export function freePort(): number {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

export interface RunningBinary {
  binary: string;
  base: string;
  scratch: string;
  dataDir: string;
  /** The settings every command of this installation runs with. */
  env: Record<string, string>;
  /** Milliseconds from spawn to the first 200 on /healthz. */
  startMs: number;
  process: Bun.Subprocess<"ignore", "pipe", "pipe">;
  /** Settles once the server's stdout has closed (it exited). */
  drained: Promise<void>;
  /** The server's JSON log lines read so far (stdout), parsed. */
  logs(): Array<Record<string, unknown>>;
  /** Runs `signet ARGS…` against the same installation; resolves with its output. */
  cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  /** fetch relative to the server. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** SIGNET_DEV=1: the outbox is served over HTTP. */
  dev?: boolean;
  /** The host in the public address (default 127.0.0.1); passkeys need a name such as localhost. */
  baseHost?: string;
  env?: Record<string, string>;
  /** The binary serves TLS (the caller sets SIGNET_TLS_CERT and SIGNET_TLS_KEY in env): the base is https, trusted with this CA (PEM). */
  tlsCa?: string;
  /**
   * Where the installation lives: "fresh" (default) a new database (PostgreSQL on the PG
   * pass), "sqlite" a SQLite file in the data dir even on the PG pass, or a database URL
   * shared with other nodes (left in place by stop()).
   */
  database?: "fresh" | "sqlite" | string;
  /** The port (default: a free one): a node restarted behind a load balancer comes back on its own. */
  port?: number;
  /** An existing scratch directory (a restart after a crash): kept by stop(). */
  scratch?: string;
  /** Another binary than the one under test (another release). */
  binary?: string;
}

/** Starts `signet serve` on a free port and waits for /healthz. */
export async function startBinary(options: StartOptions = {}): Promise<RunningBinary> {
  const binary = options.binary ?? (await binaryPath());
  const scratch = options.scratch ?? mkdtempSync(join(tmpdir(), "signet-binary-"));
  const dataDir = join(scratch, "data");
  const mode = options.database ?? "fresh";
  const database: TestDatabase | null = mode === "fresh" && process.env.SIGNET_TEST_DATABASE_URL ? await createTestDatabase() : null;
  const sharedUrl = mode !== "fresh" && mode !== "sqlite" ? mode : null;
  const port = options.port ?? freePort();
  const base = `${options.tlsCa ? "https" : "http"}://${options.baseHost ?? "127.0.0.1"}:${port}`;
  const tlsInit = options.tlsCa ? ({ tls: { ca: options.tlsCa } } as RequestInit) : {};
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    SIGNET_DATA_DIR: dataDir,
    SIGNET_HOST: "127.0.0.1",
    SIGNET_PORT: String(port),
    SIGNET_BASE_URL: base,
    ...(database ? { SIGNET_DATABASE_URL: database.url } : sharedUrl ? { SIGNET_DATABASE_URL: sharedUrl } : {}),
    ...(options.dev ? { SIGNET_DEV: "1" } : {}),
    ...options.env,
  };
  const started = performance.now();
  const child = Bun.spawn([binary, "serve"], { cwd: scratch, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });

  // Keep reading stdout so the pipe never fills and the logs can be inspected.
  let stdoutText = "";
  const decoder = new TextDecoder();
  const reading = (async () => {
    const reader = child.stdout.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      stdoutText += decoder.decode(value, { stream: true });
    }
  })();

  for (;;) {
    if (child.exitCode !== null) throw new Error(`the binary exited with ${child.exitCode}: ${await new Response(child.stderr).text()}`);
    if (performance.now() - started > 15_000) throw new Error("the binary did not answer /healthz within 15 s");
    const ok = await fetch(`${base}/healthz`, tlsInit).then((r) => r.status === 200, () => false);
    if (ok) break;
    await Bun.sleep(5);
  }
  const startMs = performance.now() - started;

  return {
    binary,
    base,
    scratch,
    dataDir,
    env,
    startMs,
    process: child,
    drained: reading.catch(() => {}),
    logs: () =>
      stdoutText
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    async cli(args) {
      const run = Bun.spawn([binary, ...args], { cwd: scratch, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
      const [stdout, stderr, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
      return { code, stdout, stderr };
    },
    fetch: (path, init) => fetch(`${base}${path}`, { ...tlsInit, ...init }),
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await Promise.race([child.exited, Bun.sleep(10_000)]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      await reading.catch(() => {});
      await database?.drop();
      if (!options.scratch) rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * Whether a log line matching `wanted` arrives within `withinMs`: the server writes its log
 * to stdout in batches (every 20 ms or 64 KiB), so a line lags the request that caused it.
 */
export async function logArrives(server: Pick<RunningBinary, "logs">, wanted: (line: Record<string, unknown>) => boolean, withinMs = 5_000): Promise<boolean> {
  for (const until = performance.now() + withinMs; performance.now() < until; await Bun.sleep(25)) if (server.logs().some(wanted)) return true;
  return server.logs().some(wanted);
}

/** `signet admin bootstrap` on this installation: an organization, its owner and an API key. */
export async function bootstrapOrg(node: Pick<RunningBinary, "cli">, owner: { email: string; org: string; slug?: string; plan?: string }): Promise<{ userId: string; orgId: string; slug: string; apiKey: string; sessionToken: string }> {
  const args = ["admin", "bootstrap", "--email", owner.email, "--org", owner.org, ...(owner.slug ? ["--slug", owner.slug] : []), ...(owner.plan ? ["--plan", owner.plan] : [])];
  const boot = await node.cli(args);
  if (boot.code !== 0) throw new Error(`bootstrap failed: ${boot.stderr}`);
  return JSON.parse(boot.stdout);
}

/** Signs a dashboard user in through the mailed link, as a browser does; returns the cookie header. */
export async function signInByMagicLink(server: RunningBinary, email: string): Promise<{ cookie: string; token: string }> {
  const sent = await server.fetch("/api/auth/magic-link/send", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });
  if (sent.status !== 202) throw new Error(`magic-link/send answered ${sent.status}: ${await sent.text()}`);
  const link = await latestLink(server, email, "/api/auth/magic-link/verify");
  const verified = await fetch(link, { redirect: "manual" });
  if (verified.status !== 303) throw new Error(`the magic link answered ${verified.status}: ${await verified.text()}`);
  const setCookie = verified.headers.get("set-cookie") ?? "";
  const match = setCookie.match(/signet_session=([^;]+)/);
  if (!match) throw new Error(`no session cookie in ${JSON.stringify(setCookie)}`);
  return { cookie: `signet_session=${match[1]}`, token: match[1]! };
}

/** The newest link to `path` mailed to `to`, read from the dev outbox over HTTP. */
export async function latestLink(server: RunningBinary, to: string, path: string): Promise<string> {
  const r = await server.fetch(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  if (r.status !== 200) throw new Error(`the dev outbox answered ${r.status} (start the binary with dev: true)`);
  const { messages } = (await r.json()) as { messages: Array<{ links: string[] }> };
  for (const message of messages) {
    const link = message.links.find((l) => new URL(l).pathname === path);
    if (link) return link;
  }
  throw new Error(`no link to ${path} in the outbox of ${to}`);
}

/** What the health probe saw: each /healthz round trip, and the server's main-thread CPU time during it. */
export interface HealthReadings {
  roundTripMs: number[];
  mainThreadCpuMs: number[];
}

/**
 * /healthz asked every 50 ms from a process of its own (health-probe.ts) while a load
 * runs; `stop` returns the readings.
 */
export function startHealthProbe(server: { base: string; process: { pid: number } }): { stop(): Promise<HealthReadings> } {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "health-probe.ts"), server.base, String(server.process.pid)], { stdout: "pipe", stderr: "inherit" });
  return {
    async stop() {
      // Let it take at least one reading, then end it.
      await Bun.sleep(60);
      child.kill();
      const lines = (await new Response(child.stdout).text()).split("\n").filter(Boolean).map((line) => line.split(" ").map(Number));
      return { roundTripMs: lines.map(([wall]) => wall!), mainThreadCpuMs: lines.map(([, cpu]) => cpu!) };
    },
  };
}

/**
 * Runs `work` (a load the test generates) at a lower CPU priority than the server under
 * test and the health probe, started before it. On a machine of two cores the generator,
 * the server, PostgreSQL and the probe share the CPU; in production the load comes from
 * other machines, so the generator yields here and what the probe measures is the
 * server's responsiveness. Linux keeps a nice value per thread: each thread of this
 * process is lowered (Bun's HTTP client has its own), and raised back afterwards where
 * the user may (root); otherwise the rest of the run stays lowered, which changes nothing
 * it asserts.
 */
export async function asBackgroundLoad<T>(work: () => Promise<T>): Promise<T> {
  const threads = (() => {
    try {
      return readdirSync(`/proc/${process.pid}/task`).map(Number);
    } catch {
      return [];
    }
  })();
  const before = new Map<number, number>();
  for (const tid of threads) {
    try {
      before.set(tid, getPriority(tid));
      setPriority(tid, 10);
    } catch {}
  }
  try {
    return await work();
  } finally {
    for (const [tid, priority] of before) {
      try {
        setPriority(tid, priority);
      } catch {}
    }
  }
}

/** The harness's `request` (test/support/harness.ts), sent over the socket to the binary, so its helpers work unchanged. */
export function requestOverSocket(server: Pick<RunningBinary, "base">): TestApp["request"] {
  const binaryApp = {
    handle: (request: Request) => {
      const url = new URL(request.url);
      return fetch(new Request(`${server.base}${url.pathname}${url.search}`, request), { redirect: "manual" });
    },
  };
  return (method, path, options) => send(binaryApp, method, path, options);
}

/** The SHA-256 (hex) of a file's bytes as a client gets them: the download link from `base`, then the bytes it points at. */
export async function downloadedSha256(base: string, slug: string, token: string, fileId: string): Promise<string> {
  const link = await requestOverSocket({ base })("GET", `/api/org/${slug}/files/${fileId}/download`, { token });
  if (link.status !== 200) throw new Error(`download ${fileId}: ${link.status} ${JSON.stringify(link.body)}`);
  const bytes = await fetch(new URL(link.body.url, base));
  if (bytes.status !== 200) throw new Error(`download ${fileId} from the store: ${bytes.status}`);
  return createHash("sha256").update(new Uint8Array(await bytes.arrayBuffer())).digest("hex");
}

/** `signet audit verify --org SLUG --json` against the installation: its exit code and report. */
export async function verifyChain(server: Pick<RunningBinary, "cli">, slug: string): Promise<{ code: number; report: Record<string, unknown> | null }> {
  const run = await server.cli(["audit", "verify", "--org", slug, "--json"]);
  let report: Record<string, unknown> | null = null;
  try {
    report = JSON.parse(run.stdout);
  } catch {}
  return { code: run.code, report };
}
