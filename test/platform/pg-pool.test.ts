/**
 * The PostgreSQL pool after an outage (src/platform/db/pg-pool.ts). A proxy between the
 * pool and the real server plays a fast shutdown: every connection gets the server's
 * FATAL 57P01 (as `pg_ctl stop -m fast` sends it), mid-query or idle, and new
 * connections are refused until the proxy listens again. postgres.js alone then fails
 * one query per connection that was mid-query, after the database is back; the renewed
 * pool fails none. On SQLite there is no pool to renew.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../../src/platform/db/database";
import { reconnectDelaySeconds } from "../../src/platform/db/pg-pool";
import { isDatabaseUnreachable } from "../../src/platform/db/unreachable";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/database";

/** The ErrorResponse a backend sends when the server shuts down under it. */
function adminShutdown(): Buffer {
  const fields = Buffer.from("SFATAL\0VFATAL\0C57P01\0Mterminating connection due to administrator command\0\0");
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

type Side = { client: Bun.Socket<Pair>; server?: Bun.Socket<Pair>; pending: Buffer[] };
type Pair = { pair: Side };

/** A TCP proxy to PostgreSQL that can shut down like the server and come back on the same port. */
class ShutdownProxy {
  private listener: Bun.TCPSocketListener<Pair> | null = null;
  private readonly pairs = new Set<Side>();
  port = 0;
  constructor(private readonly target: { hostname: string; port: number }) {}

  listen(): void {
    const target = this.target;
    const pairs = this.pairs;
    this.listener = Bun.listen<Pair>({
      hostname: "127.0.0.1",
      port: this.port,
      socket: {
        open(client) {
          const side: Side = { client, pending: [] };
          client.data = { pair: side };
          pairs.add(side);
          void Bun.connect<Pair>({
            ...target,
            data: { pair: side },
            socket: {
              open(server) {
                side.server = server;
                for (const chunk of side.pending.splice(0)) server.write(chunk);
              },
              data: (_, chunk) => void side.client.write(chunk),
              close: () => void side.client.end(),
              error: () => void side.client.end(),
            },
          }).catch(() => void client.end());
        },
        data(client, chunk) {
          const side = client.data.pair;
          if (side.server) side.server.write(chunk);
          else side.pending.push(Buffer.from(chunk));
        },
        close(client) {
          client.data.pair.server?.end();
          pairs.delete(client.data.pair);
        },
      },
    });
    this.port = this.listener.port;
  }

  /** Every connection gets FATAL 57P01 and is closed; new ones are refused until listen(). */
  shutDown(): void {
    this.listener?.stop(false);
    this.listener = null;
    for (const side of this.pairs) {
      side.client.write(adminShutdown());
      side.client.end();
      side.server?.end();
    }
    this.pairs.clear();
  }

  close(): void {
    this.shutDown();
  }
}

describe.skipIf(testDialect !== "postgres")("the PostgreSQL pool after an outage", () => {
  let database: TestDatabase;
  let proxy: ShutdownProxy;
  let db: Database;
  const logged: Array<{ msg: string; fields?: Record<string, unknown> }> = [];
  const logger = {
    debug: () => {},
    info: (msg: string, fields?: Record<string, unknown>) => void logged.push({ msg, fields }),
    warn: (msg: string, fields?: Record<string, unknown>) => void logged.push({ msg, fields }),
    error: (msg: string, fields?: Record<string, unknown>) => void logged.push({ msg, fields }),
  };
  const read = (statement: string) => (db.read as unknown as { execute(q: unknown): Promise<unknown> }).execute(sql.raw(statement));
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => "ok",
      (e) => (isDatabaseUnreachable(e) ? "unreachable" : `other: ${(e as Error).message}`),
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url);
    proxy = new ShutdownProxy({ hostname: url.hostname, port: Number(url.port) });
    proxy.listen();
    url.host = `127.0.0.1:${proxy.port}`;
    db = await openDatabase({ dialect: "postgres", url: url.toString() }, { logger });
    await db.execRaw("create table pool_probe (n integer)");
  });
  afterAll(async () => {
    await db?.close();
    proxy?.close();
    await database?.drop();
  });

  test("after a fast shutdown mid-query, the pool is renewed once the server answers, and no query fails after that", async () => {
    // Every connection of the pool open, then queries in flight on several of them when the server goes.
    await Promise.all(Array.from({ length: 10 }, () => read("select pg_sleep(0.05)")));
    const inFlight = Array.from({ length: 6 }, () => outcome(read("select pg_sleep(2)")));
    await Bun.sleep(200);
    proxy.shutDown();
    expect(await Promise.all(inFlight)).toEqual(Array(6).fill("unreachable"));

    // Not ready while the database is gone, nor until the pool has been renewed.
    await expect(db.ping()).rejects.toThrow();
    expect(await outcome(read("select 1"))).toBe("unreachable");
    await Bun.sleep(300);
    proxy.listen();
    const back = performance.now();
    let ready = false;
    while (!ready && performance.now() - back < 5000) {
      ready = await db.ping().then(
        () => true,
        () => false,
      );
      if (!ready) await Bun.sleep(20);
    }
    expect(ready).toBe(true);
    // A probe every 200 ms: the renewal follows the server's return closely.
    expect(performance.now() - back).toBeLessThan(2000);
    expect(logged.map((l) => l.msg)).toContain("database reachable again: connection pool renewed");

    // Every connection of the new pool serves its first query and the ones after, reads and writes alike.
    for (let round = 0; round < 4; round++) {
      expect(await Promise.all(Array.from({ length: 12 }, () => outcome(read("select pg_sleep(0.01)"))))).toEqual(Array(12).fill("ok"));
    }
    await db.write(async (tx) => {
      await (tx as unknown as { execute(q: unknown): Promise<unknown> }).execute(sql.raw("insert into pool_probe values (1)"));
    });
    expect(await db.queryRaw<{ n: number }>("select count(*)::int as n from pool_probe")).toEqual([{ n: 1 }]);
  });

  test("a statement that fails on a reachable database does not renew the pool", async () => {
    const renewals = () => logged.filter((l) => l.msg === "database reachable again: connection pool renewed").length;
    const before = renewals();
    expect(await outcome(read("select * from no_such_table"))).toStartWith("other:");
    await db.ping();
    await Bun.sleep(300);
    expect(renewals()).toBe(before);
  });
});

test("the reconnect delay starts at tens of milliseconds and stays at most a second, however long the outage", () => {
  for (let retries = 0; retries < 40; retries++) {
    const delay = reconnectDelaySeconds(retries);
    expect(delay).toBeGreaterThan(0);
    expect(delay).toBeLessThanOrEqual(1);
  }
  expect(reconnectDelaySeconds(0)).toBeLessThanOrEqual(0.05);
});
