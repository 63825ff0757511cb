/**
 * A real PostgreSQL server the data-source tests connect to, as a customer's external
 * database and as the operator's server for managed databases. Passwords must matter
 * (a wrong one is refused), so it is not the suite's own trust-auth cluster: it is a
 * server named by SIGNET_TEST_PG_PEER_URL (its URL carrying a superuser's password), or
 * else a throwaway cluster initialised here with scram-sha-256 over TCP, started by
 * test/support/pg-cluster.sh on a free loopback port and stopped by `close`.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";

export interface PgPeer {
  /** postgres://… of a superuser on the peer (its `postgres` database). */
  url: string;
  host: string;
  port: number;
  /** Runs SQL as the superuser on one database of the peer. */
  sql<T = any>(database: string, text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

const SCRIPT = join(import.meta.dir, "pg-cluster.sh");

async function freePort(): Promise<number> {
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = server.port!;
  server.stop(true);
  return port;
}

/** Initialises a cluster whose TCP connections need a password (pg-cluster.sh then finds it initialised and only starts it). */
function initPasswordCluster(dir: string, password: string): void {
  const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(a) - Number(b));
  if (versions.length === 0) throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
  const initdb = `/usr/lib/postgresql/${versions.at(-1)}/bin/initdb`;
  const pwfile = join(dir, "..", `${dir.split("/").at(-1)}.pw`);
  writeFileSync(pwfile, `${password}\n`);
  chmodSync(pwfile, 0o644);
  const command = `${initdb} -D '${dir}' -U signet --auth-local=trust --auth-host=scram-sha-256 --pwfile='${pwfile}' -E UTF8 --no-sync >/dev/null`;
  const root = process.getuid?.() === 0;
  mkdirSync(dir, { mode: 0o700 });
  if (root) Bun.spawnSync(["chown", "postgres", dir]);
  const done = root ? Bun.spawnSync(["su", "postgres", "-s", "/bin/bash", "-c", command], { stderr: "pipe" }) : Bun.spawnSync(["bash", "-c", command], { stderr: "pipe" });
  rmSync(pwfile, { force: true });
  if (done.exitCode !== 0) throw new Error(`initdb failed: ${done.stderr.toString()}`);
}

export async function startPgPeer(): Promise<PgPeer> {
  let url = process.env.SIGNET_TEST_PG_PEER_URL;
  let cluster: string | null = null;
  if (!url) {
    cluster = mkdtempSync(join(tmpdir(), "signet-pg-peer-"));
    chmodSync(cluster, 0o755);
    const password = crypto.randomUUID();
    initPasswordCluster(join(cluster, "data"), password);
    const started = Bun.spawnSync(["bash", SCRIPT, "start", join(cluster, "data"), String(await freePort())], { stdout: "pipe", stderr: "pipe" });
    if (started.exitCode !== 0) throw new Error(`the PostgreSQL peer did not start: ${started.stderr.toString()}`);
    const plain = new URL(started.stdout.toString().trim());
    plain.password = password;
    url = plain.toString();
  }
  const parsed = new URL(url);
  const clients = new Map<string, postgres.Sql>();
  const clientFor = (database: string) => {
    let client = clients.get(database);
    if (!client) {
      const u = new URL(url!);
      u.pathname = `/${database}`;
      client = postgres(u.toString(), { max: 1, onnotice: () => {}, idle_timeout: 5 });
      clients.set(database, client);
    }
    return client;
  };
  return {
    url,
    host: parsed.hostname,
    port: Number(parsed.port || 5432),
    sql: async (database, text, params = []) => (await clientFor(database).unsafe(text, params as any[])) as any,
    close: async () => {
      for (const client of clients.values()) await client.end({ timeout: 1 });
      if (cluster) {
        Bun.spawnSync(["bash", SCRIPT, "stop", join(cluster, "data")]);
        rmSync(cluster, { recursive: true, force: true });
      }
    },
  };
}
