/**
 * The PostgreSQL connection pool, renewed after the database was unreachable.
 *
 * postgres.js keeps its connection objects for the life of a pool, and after the server
 * restarts they carry two faults (found under load in the cluster test bed,
 * test/binary/cluster.test.ts, and reproduced by test/platform/pg-pool.test.ts):
 * - A connection whose query was in flight when the server went away keeps that query's
 *   error (57P01 on a fast shutdown) and hands it to the first query it runs after it
 *   reconnects (the startup variant is porsager/postgres#1223). Each such connection
 *   fails one request after the database is back.
 * - Its reconnect delay grows with every refused attempt during the outage, to 20 s.
 *
 * So a query that fails because the database cannot be reached makes the pool suspect.
 * A probe on a connection of its own then asks the server every PROBE_INTERVAL_MS; once
 * it answers, a fresh pool takes every new query and the old one ends once what runs on
 * it is done. While suspect, `ping` fails, so /readyz keeps a load balancer away until
 * the node has its new pool.
 */
import postgres, { type Sql } from "postgres";
import type { Logger } from "../log";
import { databaseErrorCode, isDatabaseUnreachable } from "./unreachable";

const PROBE_INTERVAL_MS = 200;
const PROBE_CONNECT_TIMEOUT_S = 2;
/** How long closing the node waits for queries under way. */
const END_TIMEOUT_S = 5;

/** Reconnect delay in seconds after `retries` refused attempts: 50 ms doubling to 1 s, with jitter (the driver's own grows to 20 s). */
export function reconnectDelaySeconds(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** retries, 1);
}

export interface RenewingPool {
  /** What drizzle is given: each query and transaction goes to the pool in use when it starts. */
  readonly client: Sql;
  /** The pool in use now (raw queries, reserved connections). */
  current(): Sql;
  /** True from a failure to reach the database until a fresh pool has replaced the old one. */
  suspect(): boolean;
  /** Runs raw work on the pool in use; its failure to reach the database starts a renewal. */
  run<T>(work: (pool: Sql) => PromiseLike<T>): Promise<T>;
  end(): Promise<void>;
}

export function renewingPool(url: string, logger?: Logger): RenewingPool {
  const open = (max: number, connectTimeout: number) =>
    postgres(url, { max, connect_timeout: connectTimeout, backoff: reconnectDelaySeconds, onnotice: () => {} });
  const first = open(10, 5);
  let pool: Sql = first;
  let renewal: Promise<void> | null = null;
  let ended = false;

  const observe = (target: Sql, error: unknown) => {
    if (target !== pool || renewal || ended || !isDatabaseUnreachable(error)) return;
    logger?.warn("database unreachable: the connection pool will be renewed once it answers", { code: databaseErrorCode(error) });
    renewal = renewOnceReachable(performance.now()).finally(() => (renewal = null));
  };

  async function renewOnceReachable(since: number): Promise<void> {
    for (let attempt = 1; !ended; attempt++) {
      await Bun.sleep(PROBE_INTERVAL_MS);
      const probe = open(1, PROBE_CONNECT_TIMEOUT_S);
      const answered = await probe`select 1`.then(
        () => true,
        () => false,
      );
      await probe.end({ timeout: 0 }).catch(() => {});
      if (!answered || ended) continue;
      const old = pool;
      const fresh = open(10, 5);
      // drizzle set its date and JSON (de)serializers on the first pool's options when it was given it.
      Object.assign(fresh.options.parsers, first.options.parsers);
      Object.assign(fresh.options.serializers, first.options.serializers);
      pool = fresh;
      logger?.info("database reachable again: connection pool renewed", { unreachableMs: Math.round(performance.now() - since), probes: attempt });
      // No timeout: a job's leader lock lives on a reserved connection of the old pool until
      // its run releases it, and ending that connection early would free the lock mid-run.
      void old.end().catch(() => {});
      return;
    }
  }

  /** `running`, on `target`, reporting its failure before its caller sees it. */
  const reporting = <T>(target: Sql, running: PromiseLike<T>): Promise<T> =>
    Promise.resolve(running).catch((e) => {
      observe(target, e);
      throw e;
    });
  const run = <T>(work: (target: Sql) => PromiseLike<T>): Promise<T> => {
    const target = pool;
    return reporting(target, Promise.resolve().then(() => work(target)));
  };

  const client = {
    options: first.options,
    // A lazy query: `.values()` is drizzle's array-mode read, `then` its object-mode one.
    unsafe(query: string, params?: unknown[], options?: unknown) {
      const target = pool;
      const pending = target.unsafe(query, params as never, options as never);
      return {
        values: () => reporting(target, pending.values()),
        then: <A, B>(onFulfilled?: (rows: unknown) => A, onRejected?: (e: unknown) => B) => reporting(target, pending).then(onFulfilled, onRejected),
      };
    },
    begin: (...args: unknown[]) => run((target) => (target.begin as (...a: unknown[]) => Promise<unknown>)(...args)),
  } as unknown as Sql;

  return {
    client,
    current: () => pool,
    suspect: () => renewal !== null,
    run,
    async end() {
      ended = true;
      await pool.end({ timeout: END_TIMEOUT_S });
    },
  };
}
