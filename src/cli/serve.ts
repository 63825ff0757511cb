/** `signet serve` and `signet migrate`. */
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tryFileLock } from "../platform/db/file-lock";
import { join } from "node:path";
import { createApp } from "../app";
import type { Config } from "../config";
import { closeContext, createContext } from "../context";
import { FatalError } from "./errors";

/** The data dir must exist and be writable before anything else happens. */
export function ensureDataDir(config: Config): void {
  try {
    mkdirSync(config.dataDir, { recursive: true });
    accessSync(config.dataDir, constants.W_OK);
    const probe = join(config.dataDir, `.write-probe-${process.pid}`);
    writeFileSync(probe, "");
    rmSync(probe);
  } catch (e) {
    throw new FatalError(
      `SIGNET_DATA_DIR (--data-dir): ${config.dataDir} is not a writable directory (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); choose another or fix its permissions`,
    );
  }
}

/**
 * One `signet serve` per SQLite database: an exclusive SQLite lock on a file beside it,
 * released by the OS however the process ends. Admin commands do not take it.
 */
function lockSqliteDatabase(config: Config): () => void {
  if (config.database.dialect !== "sqlite") return () => {};
  const lockPath = `${config.database.path}.serve-lock`;
  const pidPath = `${config.database.path}.serve-pid`;
  const lock = tryFileLock(lockPath);
  if (!lock) {
    let holder = "";
    try {
      holder = ` (pid ${readFileSync(pidPath, "utf8").trim()})`;
    } catch {}
    throw new FatalError(
      `another signet serve${holder} is already using ${config.database.path}; stop it first, or give this one another SIGNET_DATA_DIR`,
    );
  }
  writeFileSync(pidPath, `${process.pid}\n`);
  return () => {
    lock.release();
    rmSync(pidPath, { force: true });
  };
}

export async function serve(config: Config): Promise<number> {
  ensureDataDir(config);
  const unlock = lockSqliteDatabase(config);
  const ctx = await createContext(config);
  const app = createApp(ctx);
  let server: ReturnType<typeof Bun.serve>;
  try {
    app.listen({ hostname: config.host, port: config.port, maxRequestBodySize: 16 * 1024 * 1024 });
    server = app.server!;
  } catch (e) {
    await closeContext(ctx);
    unlock();
    const err = e as NodeJS.ErrnoException;
    throw new FatalError(
      `cannot listen on ${config.host}:${config.port} (${err.code ?? err.message}); set SIGNET_PORT (--port) to a free port`,
    );
  }
  if (!config.masterKey && ctx.db.dialect === "postgres")
    ctx.logger.warn("SIGNET_MASTER_KEY is not set: secrets are encrypted with this node's key file; set the same key on every node");
  await ctx.jobs.start();
  ctx.logger.info("signet started", {
    version: ctx.version,
    url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${server.port}`,
    database: ctx.db.dialect,
    location: config.databaseLabel,
    dev: config.dev,
  });
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  ctx.logger.info("signet stopping");
  await app.stop();
  await closeContext(ctx);
  unlock();
  return 0;
}

export async function migrateCommand(config: Config): Promise<number> {
  ensureDataDir(config);
  const ctx = await createContext(config);
  await closeContext(ctx);
  console.log(JSON.stringify({ migrated: true, database: ctx.db.dialect, location: config.databaseLabel }));
  return 0;
}
