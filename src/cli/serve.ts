/** `signet serve` and `signet migrate`. */
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tryFileLock } from "../platform/db/file-lock";
import { join } from "node:path";
import { createApp } from "../app";
import type { Config } from "../config";
import { closeContext, createContext } from "../context";
import { FatalError } from "./errors";
import { metricsResponse, metricsTokenMatches } from "../platform/metrics";

/** How long SIGTERM keeps reading before it closes the connections with no request under way. */
const READ_ARRIVED_REQUESTS_MS = 20;

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

/** The PEM certificate chain and key of SIGNET_TLS_CERT and SIGNET_TLS_KEY, read now (at start and on SIGHUP). */
export function readTls(files: NonNullable<Config["tls"]>): { cert: string; key: string } {
  const read = (env: string, path: string) => {
    try {
      return readFileSync(path, "utf8");
    } catch (e) {
      throw new FatalError(`${env}: cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
  };
  const cert = read("SIGNET_TLS_CERT", files.certFile);
  const key = read("SIGNET_TLS_KEY", files.keyFile);
  if (!cert.includes("-----BEGIN CERTIFICATE-----")) throw new FatalError(`SIGNET_TLS_CERT: ${files.certFile} is not a PEM certificate`);
  if (!/-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/.test(key)) throw new FatalError(`SIGNET_TLS_KEY: ${files.keyFile} is not a PEM private key`);
  return { cert, key };
}

/**
 * The plain-HTTP listener beside the TLS one (SIGNET_HTTP_REDIRECT_PORT): every request
 * goes to the same path and query over https, with 308 so a POST stays a POST. The
 * service's own host goes to its base URL's origin (port included); any other host (a
 * custom login domain) to https on the TLS port.
 */
function httpRedirectServer(config: Config): ReturnType<typeof Bun.serve> {
  const base = new URL(config.baseUrl);
  return Bun.serve({
    hostname: config.host,
    port: config.httpRedirectPort!,
    fetch(request) {
      const url = new URL(request.url);
      const origin = url.hostname === base.hostname ? base.origin : `https://${url.hostname}${config.port === 443 ? "" : `:${config.port}`}`;
      return new Response(null, { status: 308, headers: { location: `${origin}${url.pathname}${url.search}`, "cache-control": "no-store" } });
    },
  });
}

/**
 * postgres.js 3.4.x can write to a connection's socket after the connection closed (the
 * database restarted or went away): a TypeError thrown from a timer, outside any query,
 * that would end the process. The connection is gone and its query was already failed
 * with CONNECTION_CLOSED, so the node logs it and goes on serving, reconnecting when the
 * database is back (docs/operations.md "Faults"). Anything else still ends the process.
 */
export function isClosedConnectionWrite(error: unknown): boolean {
  return error instanceof TypeError && /socket\.write|reading 'write'/.test(error.message) && /nextWrite/.test(error.stack ?? "") && /postgres/.test(error.stack ?? "");
}

/** GET /metrics on an address of its own (SIGNET_METRICS_LISTEN), with the token too when one is set. */
function metricsListener(listen: { host: string; port: number }, token: string | null): ReturnType<typeof Bun.serve> {
  try {
    return Bun.serve({
      hostname: listen.host,
      port: listen.port,
      fetch(request) {
        if (new URL(request.url).pathname !== "/metrics") return new Response("not found", { status: 404 });
        if (token && !metricsTokenMatches(request.headers.get("authorization"), token)) return new Response("unauthorized", { status: 401 });
        return metricsResponse();
      },
    });
  } catch (e) {
    throw new FatalError(`cannot listen on ${listen.host}:${listen.port} for metrics (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); set SIGNET_METRICS_LISTEN to a free address`);
  }
}

export async function serve(config: Config): Promise<number> {
  ensureDataDir(config);
  const tls = config.tls ? readTls(config.tls) : undefined;
  const unlock = lockSqliteDatabase(config);
  const ctx = await createContext(config);
  const survive = (error: unknown) => {
    if (!isClosedConnectionWrite(error)) throw error;
    ctx.logger.warn("database connection closed under a write; reconnecting", { error: (error as Error).message });
  };
  process.on("uncaughtException", survive);
  const app = createApp(ctx);
  const listenOptions = { hostname: config.host, port: config.port, maxRequestBodySize: 16 * 1024 * 1024 };
  let server: ReturnType<typeof Bun.serve>;
  let redirect: ReturnType<typeof Bun.serve> | null = null;
  try {
    app.listen({ ...listenOptions, ...(tls ? { tls } : {}) });
    server = app.server!;
    if (config.httpRedirectPort !== null) redirect = httpRedirectServer(config);
  } catch (e) {
    await app.stop().catch(() => {});
    await closeContext(ctx);
    unlock();
    const err = e as NodeJS.ErrnoException;
    throw new FatalError(
      `cannot listen on ${config.host}:${redirect === null && config.httpRedirectPort !== null && app.server ? config.httpRedirectPort : config.port} (${err.code ?? err.message}); set SIGNET_PORT (--port)${config.httpRedirectPort !== null ? " or SIGNET_HTTP_REDIRECT_PORT" : ""} to a free port`,
    );
  }
  // SIGHUP: read the certificate and key again (a renewal) and serve them from now on. A
  // second listener takes the new pair on the same port (SO_REUSEPORT) before the first
  // stops accepting, so no connection is refused; requests under way finish on the old one.
  const reloadTls = () => {
    if (!config.tls) return;
    let fresh: { cert: string; key: string };
    try {
      fresh = readTls(config.tls);
    } catch (e) {
      ctx.logger.error("TLS reload failed; the current certificate stays", { error: (e as Error).message });
      return;
    }
    const old = app.server!;
    try {
      app.listen({ ...listenOptions, port: old.port!, tls: fresh });
    } catch (e) {
      app.server = old;
      ctx.logger.error("TLS reload failed; the current certificate stays", { error: (e as Error).message });
      return;
    }
    server = app.server!;
    void old.stop();
    ctx.logger.info("TLS certificate reloaded", { cert: config.tls.certFile });
  };
  if (config.tls) process.on("SIGHUP", reloadTls);
  const metricsServer = config.metrics?.listen ? metricsListener(config.metrics.listen, config.metrics.token) : null;
  if (!config.masterKey && ctx.db.dialect === "postgres")
    ctx.logger.warn("SIGNET_MASTER_KEY is not set: secrets are encrypted with this node's key file; set the same key on every node");
  await ctx.jobs.start();
  ctx.logger.info("signet started", {
    version: ctx.version,
    url: `${tls ? "https" : "http"}://${config.host === "0.0.0.0" ? "localhost" : config.host}:${server.port}`,
    ...(redirect ? { httpRedirect: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${redirect.port}` } : {}),
    database: ctx.db.dialect,
    location: config.databaseLabel,
    dev: config.dev,
  });
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  // Graceful, within a bound (docs/operations.md "Stopping a node"): the listener closes
  // (new connections are refused, so a load balancer moves on) and so do kept-alive
  // connections with no request under way; requests under way finish, each connection
  // closing after its answer, and the scheduler waits for its runs. Past the grace period
  // whatever is left is cut: a job run left "running" is marked interrupted and retried
  // by the next start (jobs/scheduler.ts).
  ctx.logger.info("signet stopping", { graceSeconds: config.shutdownGraceMs / 1000 });
  // stop() closes every connection whose request has not begun, so first let the event
  // loop poll once more: a request whose bytes arrived along with the signal is read, and
  // so under way, instead of cut unanswered.
  await Bun.sleep(READ_ARRIVED_REQUESTS_MS);
  process.off("SIGHUP", reloadTls);
  redirect?.stop(true);
  metricsServer?.stop(true);
  const deadline = Bun.sleep(config.shutdownGraceMs).then(() => "late" as const);
  if ((await Promise.race([app.stop().then(() => "done" as const), deadline])) === "late") {
    ctx.logger.warn("shutdown grace ran out: closing the connections still open");
    await app.stop(true);
  }
  if ((await Promise.race([closeContext(ctx).then(() => "done" as const), deadline])) === "late") ctx.logger.warn("shutdown grace ran out: job runs under way are abandoned");
  process.off("uncaughtException", survive);
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
