/**
 * The operator's PostgreSQL server for managed databases (DESIGN §8: the outbound
 * adapter "a PostgreSQL server for managed databases"; docs/datasources.md). Each
 * managed database is one database on that server, owned by the operator's account, and
 * one least-privilege role for the app group: LOGIN, no superuser, no CREATEDB, no
 * CREATEROLE, no replication, a connection limit by tier, CONNECT and TEMPORARY on its
 * database only, USAGE and CREATE on its `public` schema, nothing on the write log.
 *
 * Identifiers and passwords are generated here (lower-case hex, base64url), so they are
 * safe to write into DDL; the server is sent only a password's SCRAM verifier, never the
 * password, and nothing here logs either.
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import postgres from "postgres";
import type { Config } from "../../config";
import { randomSecret } from "../../platform/crypto/hash";
import { type ConnectionTarget, openClient } from "./connection";
import { datasourceErrors } from "./errors";
import { INSTALL_WRITE_LOG } from "./write-log-sql";

export type ManagedServer = NonNullable<Config["managedDatabases"]>;

/** Tiers of managed databases (docs/datasources.md "Tiers"): what the role may open. */
export const TIERS = {
  starter: { connectionLimit: 10 },
  standard: { connectionLimit: 40 },
  performance: { connectionLimit: 100 },
} as const;
export type Tier = keyof typeof TIERS;
export const TIER_KEYS = Object.keys(TIERS) as Tier[];

const PROVIDER_TIMEOUT_MS = 15_000;

/** The managed server as configured, or 409 managed_databases_unavailable. */
export function managedServer(config: Pick<Config, "managedDatabases">): ManagedServer {
  if (!config.managedDatabases) throw datasourceErrors.error("managedNotConfigured");
  return config.managedDatabases;
}

function adminClient(server: ManagedServer, database?: string): postgres.Sql {
  const url = new URL(server.adminUrl);
  if (database) url.pathname = `/${database}`;
  return postgres(url.toString(), { max: 1, connect_timeout: PROVIDER_TIMEOUT_MS / 1000, idle_timeout: 1, prepare: false, onnotice: () => {} });
}

async function withAdmin<T>(server: ManagedServer, database: string | undefined, fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = adminClient(server, database);
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 }).catch(() => {});
  }
}

export function newPassword(): string {
  return randomSecret(24);
}

const SCRAM_ITERATIONS = 4096;

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 5802, 7677), computed
 * here so the password itself never travels in a statement the server might log (a failed
 * CREATE ROLE is logged with its text): `SCRAM-SHA-256$iterations:salt$StoredKey:ServerKey`.
 */
export function scramVerifier(password: string): string {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password.normalize("NFKC"), salt, SCRAM_ITERATIONS, 32, "sha256");
  const storedKey = createHash("sha256").update(createHmac("sha256", salted).update("Client Key").digest()).digest();
  const serverKey = createHmac("sha256", salted).update("Server Key").digest();
  return `SCRAM-SHA-256$${SCRAM_ITERATIONS}:${salt.toString("base64")}$${storedKey.toString("base64")}:${serverKey.toString("base64")}`;
}

export interface ProvisionedDatabase {
  database: string;
  role: string;
  password: string;
}

/** Creates the database, its role and its write log; on any failure drops what it made and answers 502 provider_unavailable. */
export async function provisionDatabase(server: ManagedServer, tier: Tier): Promise<ProvisionedDatabase> {
  const suffix = crypto.randomUUID().replaceAll("-", "").slice(0, 16);
  const made: ProvisionedDatabase = { database: `sgdb_${suffix}`, role: `sgrole_${suffix}`, password: newPassword() };
  try {
    await withAdmin(server, undefined, async (sql) => {
      await sql.unsafe(
        `CREATE ROLE ${made.role} LOGIN PASSWORD '${scramVerifier(made.password)}' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT CONNECTION LIMIT ${TIERS[tier].connectionLimit}`,
      );
      await sql.unsafe(`CREATE DATABASE ${made.database}`);
      await sql.unsafe(`REVOKE ALL ON DATABASE ${made.database} FROM PUBLIC`);
      await sql.unsafe(`GRANT CONNECT, TEMPORARY ON DATABASE ${made.database} TO ${made.role}`);
    });
    await withAdmin(server, made.database, async (sql) => {
      await sql.unsafe(`REVOKE ALL ON SCHEMA public FROM PUBLIC`);
      await sql.unsafe(`GRANT USAGE, CREATE ON SCHEMA public TO ${made.role}`);
      await sql.unsafe(INSTALL_WRITE_LOG);
    });
    return made;
  } catch (e) {
    await dropDatabase(server, made.database, made.role).catch(() => {});
    throw datasourceErrors.error("providerFailed", { message: `the managed database server refused: ${(e as Error).message.slice(0, 200)}` });
  }
}

/** Drops the database (closing its sessions) and its role; a database or role already gone is fine. */
export async function dropDatabase(server: ManagedServer, database: string, role: string): Promise<void> {
  await withAdmin(server, undefined, async (sql) => {
    await sql.unsafe(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await sql.unsafe(`DROP ROLE IF EXISTS ${role}`);
  });
}

/** Gives the role a new password and closes its open sessions: the old connection string stops working, data stays. */
export async function rotateRolePassword(server: ManagedServer, role: string): Promise<string> {
  const password = newPassword();
  await withAdmin(server, undefined, async (sql) => {
    await sql.unsafe(`ALTER ROLE ${role} PASSWORD '${scramVerifier(password)}'`);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = ${role}`;
  });
  return password;
}

/** The customer-facing target of a managed database. */
export function managedTarget(server: ManagedServer, database: string, role: string, password: string | null): ConnectionTarget {
  return { host: server.publicHost, port: server.publicPort, database, username: role, password, sslMode: "prefer" };
}

/** The connection string shown once: postgres://role:password@host:port/database. */
export function connectionStringOf(target: ConnectionTarget): string {
  const host = target.host.includes(":") ? `[${target.host}]` : target.host;
  return `postgres://${encodeURIComponent(target.username)}:${encodeURIComponent(target.password ?? "")}@${host}:${target.port}/${encodeURIComponent(target.database)}`;
}

/** The operator's account on one managed database, for the write log (anchoring, verify). */
export function openManagedAdmin(server: ManagedServer, database: string): postgres.Sql {
  return adminClient(server, database);
}

export { openClient };
