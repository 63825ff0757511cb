/**
 * The multi-node test bed (docs/operations.md "Several nodes"): three compiled binaries
 * on one PostgreSQL cluster of their own (so a test may stop and start it) and one S3
 * endpoint (s3rver, in this process), behind HAProxy health-checking /readyz. Loopback
 * only. Every node has the same master key and the load balancer's public address.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import postgres from "postgres";
import { startS3, type TestS3 } from "../support/s3";
import { freePort, startBinary, type RunningBinary } from "./support";

const root = resolve(import.meta.dir, "../..");

export const haproxy = Bun.which("haproxy") ?? (Bun.file("/usr/sbin/haproxy").size > 0 ? "/usr/sbin/haproxy" : null);

/** Why the bed cannot run here, or null. It needs PostgreSQL's server binaries and HAProxy. */
export function bedMissing(): string | null {
  if (!haproxy) return "haproxy is not installed (Debian: apt-get install haproxy; .ci/run installs it)";
  const initdb = Bun.spawnSync(["bash", "-c", "ls /usr/lib/postgresql/*/bin/initdb"]);
  if (initdb.exitCode !== 0) return "PostgreSQL's server binaries are missing (apt-get install postgresql)";
  return null;
}

/** Polls until `check` holds; fails after `ms`. Returns the milliseconds it took. */
export async function within(ms: number, what: string, check: () => Promise<boolean> | boolean, every = 10): Promise<number> {
  const start = performance.now();
  for (;;) {
    // A check that hangs (a request to a node whose database is gone) counts as "not yet".
    const left = Math.max(50, ms - (performance.now() - start));
    const held = await Promise.race([Promise.resolve().then(check).catch(() => false), Bun.sleep(Math.min(left, 2500)).then(() => false)]);
    if (held) return performance.now() - start;
    if (performance.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await Bun.sleep(every);
  }
}

export interface PgCluster {
  url: string;
  /** The database the nodes share. */
  databaseUrl: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its directory. */
  destroy(): Promise<void>;
}

async function pgCtl(args: string[]): Promise<string> {
  const run = Bun.spawn(["bash", join(root, "test/support/pg-cluster.sh"), ...args], { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
  if (code !== 0) throw new Error(`pg-cluster.sh ${args.join(" ")}: ${err}`);
  return out.trim();
}

export async function startPgCluster(): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), "signet-bed-pg-"));
  const port = freePort();
  const url = await pgCtl(["start", dir, String(port)]);
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe("CREATE DATABASE signet_bed");
  await admin.end();
  const databaseUrl = url.replace(/\/postgres$/, "/signet_bed");
  return {
    url,
    databaseUrl,
    stop: () => pgCtl(["stop", dir]).then(() => {}),
    start: () => pgCtl(["start", dir, String(port)]).then(() => {}),
    async destroy() {
      await pgCtl(["stop", dir]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Bed {
  /** The load balancer's address: what clients use. */
  lb: string;
  nodes: RunningBinary[];
  pg: PgCluster;
  s3: TestS3;
  /** The settings every node runs with (for a node started again). */
  env: Record<string, string>;
  /** `kill -9` node i. */
  kill(i: number): Promise<void>;
  /** Starts node i again on its port and data dir. */
  restart(i: number): Promise<void>;
  /** Stops S3 / starts it again on the same port and directory. */
  stopS3(): Promise<void>;
  startS3(): Promise<void>;
  /** SQL against the shared database. */
  sql: postgres.Sql;
  stop(): Promise<void>;
}

/** HAProxy's configuration for the bed: /readyz every 200 ms, a node out after 2 failures. */
function haproxyConfig(port: number, nodes: RunningBinary[]): string {
  return `global
  maxconn 4096
defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  option forwardfor
  # A request whose connection never reached a node is safe to send to another; one that
  # reached it is not retried (a POST may have been acknowledged there).
  retries 2
  option redispatch
  retry-on conn-failure
frontend signet
  bind 127.0.0.1:${port}
  default_backend nodes
backend nodes
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 200ms fall 2 rise 2
${nodes.map((n, i) => `  server node${i + 1} ${new URL(n.base).host} check`).join("\n")}
`;
}

export async function startBed(count = 3, extraEnv: Record<string, string> = {}): Promise<Bed> {
  const pg = await startPgCluster();
  const s3At = { port: freePort(), directory: mkdtempSync(join(tmpdir(), "signet-bed-s3-")) };
  let s3 = await startS3("signet-bed", s3At);
  const lbPort = freePort();
  const lb = `http://127.0.0.1:${lbPort}`;
  const env: Record<string, string> = {
    ...s3.env,
    SIGNET_MASTER_KEY: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex"),
    SIGNET_BASE_URL: lb,
    SIGNET_TRUSTED_PROXIES: "127.0.0.1",
    SIGNET_LOG_LEVEL: "warn",
    ...extraEnv,
  };
  // The first node migrates alone; the others find the schema in place.
  const nodes: RunningBinary[] = [await startBinary({ dev: true, database: pg.databaseUrl, env })];
  nodes.push(...(await Promise.all(Array.from({ length: count - 1 }, () => startBinary({ dev: true, database: pg.databaseUrl, env })))));
  const scratch = mkdtempSync(join(tmpdir(), "signet-bed-lb-"));
  writeFileSync(join(scratch, "haproxy.cfg"), haproxyConfig(lbPort, nodes));
  const proxy = Bun.spawn([haproxy!, "-db", "-f", join(scratch, "haproxy.cfg")], { stdout: "ignore", stderr: "pipe" });
  await within(10_000, "HAProxy sees every node up", async () => (await fetch(`${lb}/readyz`)).status === 200);
  const sql = postgres(pg.databaseUrl, { max: 2, onnotice: () => {} });
  const scratches = nodes.map((n) => n.scratch);
  return {
    lb,
    nodes,
    pg,
    get s3() {
      return s3;
    },
    env,
    sql,
    async kill(i) {
      nodes[i]!.process.kill("SIGKILL");
      await nodes[i]!.process.exited;
    },
    async restart(i) {
      nodes[i] = await startBinary({ dev: true, database: pg.databaseUrl, env, port: Number(new URL(nodes[i]!.base).port), scratch: scratches[i] });
    },
    async stopS3() {
      await s3.stop();
    },
    async startS3() {
      s3 = await startS3("signet-bed", s3At);
    },
    async stop() {
      proxy.kill("SIGTERM");
      await proxy.exited;
      await Promise.all(nodes.map((n) => n.stop()));
      for (const dir of scratches) rmSync(dir, { recursive: true, force: true });
      await sql.end({ timeout: 1 }).catch(() => {});
      await s3.stop().catch(() => {});
      rmSync(s3At.directory, { recursive: true, force: true });
      await pg.destroy();
      rmSync(scratch, { recursive: true, force: true });
    },
  } as Bed;
}
