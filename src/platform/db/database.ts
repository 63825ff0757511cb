/**
 * The database handle every module uses.
 *
 * - `db.read` runs queries outside a transaction (on SQLite: a read-only connection,
 *   so it never sees a writer's uncommitted rows).
 * - `db.write(async tx => …)` is the only way to write. On SQLite it holds an
 *   in-process writer lock and `BEGIN IMMEDIATE` on the single writer connection for
 *   the whole callback, awaits included (drizzle's own bun-sqlite transaction does
 *   not hold across `await`). On PostgreSQL it is an ordinary transaction, and
 *   `tx.lock(key)` takes an advisory transaction lock where order matters.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Database as SqliteConnection } from "bun:sqlite";
import { drizzle as drizzleSqlite, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { sql } from "drizzle-orm";
import { ownerOnlyFile, tryFileLock } from "./file-lock";
import { setActiveDialect, type Dialect } from "./kit";
import { timeWriteWait } from "../metrics";
import type { Logger } from "../log";
import { renewingPool } from "./pg-pool";

/** Queries are written against drizzle's SQLite typing; the PostgreSQL handle has the same surface. */
export type Queryable = BunSQLiteDatabase;

export type Tx = Queryable & {
  /** Serialises transactions that take the same key (free on SQLite, where the writer lock orders everything). */
  lock(key: string): Promise<void>;
};

export interface Database {
  readonly dialect: Dialect;
  readonly read: Queryable;
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs raw SQL statements (migrations, pragmas); not for domain code. */
  execRaw(sql: string): Promise<void>;
  /** Runs one raw query and returns its rows (kernel use: locks, health). */
  queryRaw<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** A session-level lock held until `release` is called; null when another holder has it. */
  tryLeaderLock(key: string): Promise<{ release(): Promise<void> } | null>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget = { dialect: "sqlite"; path: string } | { dialect: "postgres"; url: string };

export class DatabaseOpenError extends Error {}

/** Parses SIGNET_DATABASE_URL: a file path, `sqlite:` or `file:` URL, or `postgres://…`. */
export function parseDatabaseUrl(value: string): DatabaseTarget {
  const trimmed = value.trim();
  if (/^postgres(ql)?:\/\//i.test(trimmed)) {
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      throw new DatabaseOpenError(`not a valid PostgreSQL URL: ${redact(trimmed)}`);
    }
    if (!url.hostname) throw new DatabaseOpenError(`PostgreSQL URL has no host: ${redact(trimmed)}`);
    if (url.pathname.length <= 1) throw new DatabaseOpenError(`PostgreSQL URL names no database: ${redact(trimmed)}`);
    return { dialect: "postgres", url: trimmed };
  }
  let path = trimmed;
  if (/^sqlite:/i.test(path)) path = path.replace(/^sqlite:(\/\/)?/i, "");
  else if (/^file:/i.test(path)) path = path.replace(/^file:(\/\/)?/i, "");
  else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path))
    throw new DatabaseOpenError(`unsupported scheme in "${redact(trimmed)}": use a file path, sqlite:PATH or postgres://…`);
  if (!path) throw new DatabaseOpenError("empty SQLite path");
  if (path === ":memory:") throw new DatabaseOpenError("in-memory SQLite is not supported; give a file path");
  return { dialect: "sqlite", path };
}

/** Hides the password of a URL for messages. */
export function redact(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1***@");
}

const insideWrite = new AsyncLocalStorage<true>();

function guardNesting() {
  if (insideWrite.getStore())
    throw new Error("db.write called inside db.write: pass the transaction down instead");
}

/** A FIFO async mutex: one holder at a time, in arrival order. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  async acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => next);
    await previous;
    return release;
  }
}

export async function openDatabase(target: DatabaseTarget, options: { logger?: Logger } = {}): Promise<Database> {
  setActiveDialect(target.dialect);
  return target.dialect === "sqlite" ? openSqlite(target.path) : openPostgres(target.url, options.logger);
}

function openSqlite(path: string): Database {
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (e) {
    throw new DatabaseOpenError(`cannot create the directory for ${path}: ${(e as Error).message}`);
  }
  let writer: SqliteConnection;
  let reader: SqliteConnection;
  try {
    ownerOnlyFile(path);
    writer = new SqliteConnection(path, { create: true, readwrite: true });
    writer.exec("PRAGMA busy_timeout = 10000");
    writer.exec("PRAGMA journal_mode = WAL");
    writer.exec("PRAGMA synchronous = NORMAL");
    writer.exec("PRAGMA foreign_keys = ON");
    reader = new SqliteConnection(path, { readonly: true });
    reader.exec("PRAGMA busy_timeout = 10000");
  } catch (e) {
    throw new DatabaseOpenError(`cannot open SQLite database ${path}: ${(e as Error).message}`);
  }
  const writeDb = drizzleSqlite(writer);
  const readDb = drizzleSqlite(reader);
  const mutex = new Mutex();
  const tx = Object.assign(writeDb, { lock: async (_key: string) => {} }) as Tx;
  const lockDir = `${path}.locks`;

  return {
    dialect: "sqlite",
    read: readDb,
    async write(fn) {
      guardNesting();
      const wait = timeWriteWait("sqlite");
      const release = await mutex.acquire().finally(() => wait.began());
      try {
        writer.exec("BEGIN IMMEDIATE");
        try {
          const result = await insideWrite.run(true, () => fn(tx));
          writer.exec("COMMIT");
          return result;
        } catch (e) {
          if (writer.inTransaction) writer.exec("ROLLBACK");
          throw e;
        }
      } finally {
        release();
        wait.ended();
      }
    },
    async execRaw(sql) {
      const release = await mutex.acquire();
      try {
        writer.exec(sql);
      } finally {
        release();
      }
    },
    async queryRaw(sql, params = []) {
      return reader.query(sql).all(...(params as any[])) as any[];
    },
    async tryLeaderLock(key) {
      const lock = tryFileLock(`${lockDir}/${key.replace(/[^A-Za-z0-9._-]/g, "_")}.lock`);
      return lock && { release: async () => lock.release() };
    },
    async ping() {
      reader.query("select 1").get();
    },
    async close() {
      const release = await mutex.acquire();
      try {
        reader.close();
        writer.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(url: string, logger?: Logger): Promise<Database> {
  const pool = renewingPool(url, logger);
  try {
    await pool.current()`select 1`;
  } catch (e) {
    await pool.end().catch(() => {});
    const err = e as Error & { code?: string };
    throw new DatabaseOpenError(`cannot reach PostgreSQL at ${redact(url)}: ${err.code ? `${err.code} ` : ""}${err.message}`);
  }
  // bigint columns are read as JS numbers by drizzle's column mapping.
  const db = drizzlePostgres(pool.client) as unknown as Queryable;
  return {
    dialect: "postgres",
    read: db,
    async write(fn) {
      guardNesting();
      const wait = timeWriteWait("postgres");
      return (db as any).transaction(async (pgTx: any) => {
        wait.began();
        const tx = Object.assign(pgTx, {
          lock: async (key: string) => {
            await pgTx.execute(sqlLock(key));
          },
        }) as Tx;
        return insideWrite.run(true, () => fn(tx));
      }).finally(() => wait.ended());
    },
    async execRaw(sql) {
      await pool.run((client) => client.unsafe(sql));
    },
    async queryRaw(sql, params = []) {
      return (await pool.run((client) => client.unsafe(sql, params as any[]))) as any[];
    },
    async tryLeaderLock(key) {
      const reserved = await pool.run((client) => client.reserve());
      const [row] = await reserved`select pg_try_advisory_lock(hashtextextended(${key}, 0)) as ok`;
      if (!row?.ok) {
        reserved.release();
        return null;
      }
      return {
        release: async () => {
          try {
            await reserved`select pg_advisory_unlock(hashtextextended(${key}, 0))`;
          } finally {
            reserved.release();
          }
        },
      };
    },
    async ping() {
      // Not ready until a pool renewed after an outage serves (pg-pool.ts).
      if (pool.suspect()) throw new Error("the database was unreachable and the connection pool is not yet renewed");
      await pool.run((client) => client`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}

function sqlLock(key: string) {
  return sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}
