/**
 * The data layer's promises (DESIGN §4), proved on whichever dialect the suite runs on:
 * writes never interleave, a failed transaction leaves nothing, and reads outside a
 * transaction never see uncommitted rows.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { jobState } from "../../src/platform/jobs/schema";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, parseDatabaseUrl } from "../../src/platform/db/database";
import { testDialect } from "../support/database";
import { createTestApp, type TestApp } from "../support/harness";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

async function counter(name: string): Promise<number> {
  const [row] = await t.ctx.db.read.select().from(jobState).where(eq(jobState.name, name));
  return row?.updatedAt ?? -1;
}

describe("db.write", () => {
  test("50 concurrent writes never interleave and lose no update", async () => {
    const { db } = t.ctx;
    await db.write((tx) => tx.insert(jobState).values({ name: "counter", updatedAt: 0 }));
    const events: string[] = [];
    let inside = 0;
    let maxInside = 0;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db.write(async (tx) => {
          await tx.lock("counter");
          inside++;
          maxInside = Math.max(maxInside, inside);
          events.push(`enter ${i}`);
          const [row] = await tx.select().from(jobState).where(eq(jobState.name, "counter"));
          // Yield to the event loop mid-transaction: other writers must still wait.
          await new Promise((r) => setTimeout(r, 1));
          await tx.update(jobState).set({ updatedAt: row!.updatedAt + 1 }).where(eq(jobState.name, "counter"));
          events.push(`exit ${i}`);
          inside--;
        }),
      ),
    );
    expect(await counter("counter")).toBe(50);
    expect(maxInside).toBe(1);
    for (let k = 0; k < events.length; k += 2) {
      expect(events[k]!.replace("enter", "")).toBe(events[k + 1]!.replace("exit", ""));
    }
  });

  test("a transaction that throws leaves nothing behind", async () => {
    const { db } = t.ctx;
    await expect(
      db.write(async (tx) => {
        await tx.insert(jobState).values({ name: "doomed-1", updatedAt: 1 });
        await tx.insert(jobState).values({ name: "doomed-2", updatedAt: 2 });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await counter("doomed-1")).toBe(-1);
    expect(await counter("doomed-2")).toBe(-1);
    // A constraint violation midway also rolls back the earlier statements.
    await expect(
      db.write(async (tx) => {
        await tx.insert(jobState).values({ name: "dup-first", updatedAt: 1 });
        await tx.insert(jobState).values({ name: "dup", updatedAt: 1 });
        await tx.insert(jobState).values({ name: "dup", updatedAt: 2 });
      }),
    ).rejects.toThrow();
    expect(await counter("dup-first")).toBe(-1);
    // The writer is usable afterwards.
    await db.write((tx) => tx.insert(jobState).values({ name: "after", updatedAt: 7 }));
    expect(await counter("after")).toBe(7);
  });

  test("a read outside a transaction never sees uncommitted rows", async () => {
    const { db } = t.ctx;
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const wasInserted = new Promise<void>((r) => (inserted = r));
    const writing = db.write(async (tx) => {
      await tx.insert(jobState).values({ name: "pending", updatedAt: 42 });
      inserted();
      await hold;
    });
    await wasInserted;
    expect(await counter("pending")).toBe(-1);
    release();
    await writing;
    expect(await counter("pending")).toBe(42);
  });

  test("a nested db.write is refused instead of deadlocking", async () => {
    const { db } = t.ctx;
    await expect(db.write(async () => db.write(async () => 1))).rejects.toThrow("inside db.write");
  });

  test("json, bool-like and bigint time values round-trip with the same types", async () => {
    const big = Date.parse("2100-01-01T00:00:00Z");
    await t.ctx.db.write((tx) => tx.insert(jobState).values({ name: "big", updatedAt: big, lastSlotAt: null }));
    const [row] = await t.ctx.db.read.select().from(jobState).where(eq(jobState.name, "big"));
    expect(row).toEqual({ name: "big", updatedAt: big, lastSlotAt: null });
    expect(typeof row!.updatedAt).toBe("number");
  });
});

describe("database URLs", () => {
  test("file paths, sqlite: and postgres:// are understood", () => {
    expect(parseDatabaseUrl("/var/lib/signet/x.db")).toEqual({ dialect: "sqlite", path: "/var/lib/signet/x.db" });
    expect(parseDatabaseUrl("sqlite:./data/x.db")).toEqual({ dialect: "sqlite", path: "./data/x.db" });
    expect(parseDatabaseUrl("sqlite:///abs/x.db")).toEqual({ dialect: "sqlite", path: "/abs/x.db" });
    expect(parseDatabaseUrl("postgres://u:p@h:5432/db")).toEqual({ dialect: "postgres", url: "postgres://u:p@h:5432/db" });
  });

  test("malformed URLs are refused with a message that says what to fix", () => {
    expect(() => parseDatabaseUrl("mysql://h/db")).toThrow("unsupported scheme");
    expect(() => parseDatabaseUrl("postgres://u:secret@/db")).toThrow(/not a valid PostgreSQL URL|no host/);
    expect(() => parseDatabaseUrl("postgres://u:secret@h:5432")).toThrow("names no database");
    expect(() => parseDatabaseUrl(":memory:")).toThrow("in-memory");
    // The password never appears in a message.
    try {
      parseDatabaseUrl("postgres://u:secret@h:5432");
    } catch (e) {
      expect((e as Error).message).not.toContain("secret");
    }
  });
});

describe("leader locks", () => {
  test("one holder per key; released locks can be taken again; keys are independent", async () => {
    const { db } = t.ctx;
    const first = await db.tryLeaderLock("job:alpha");
    expect(first).not.toBeNull();
    expect(await db.tryLeaderLock("job:alpha")).toBeNull();
    const other = await db.tryLeaderLock("job:beta");
    expect(other).not.toBeNull();
    await first!.release();
    const again = await db.tryLeaderLock("job:alpha");
    expect(again).not.toBeNull();
    await again!.release();
    await other!.release();
  });
});

describe("file modes (SQLite)", () => {
  test.skipIf(testDialect !== "sqlite")("the database, its WAL and SHM and the lock files are readable by their owner only", async () => {
    const dir = mkdtempSync(join(tmpdir(), "signet-modes-"));
    const path = join(dir, "signet.db");
    // A database an earlier version left world-readable is tightened too.
    writeFileSync(path, "", { mode: 0o644 });
    const db = await openDatabase({ dialect: "sqlite", path });
    try {
      await db.execRaw("CREATE TABLE t (x integer)");
      await db.execRaw("INSERT INTO t VALUES (1)");
      const lock = await db.tryLeaderLock("signet.job:test");
      await lock?.release();
      const files = readdirSync(dir, { recursive: true }).map(String).filter((f) => statSync(join(dir, f)).isFile());
      expect(files).toEqual(expect.arrayContaining(["signet.db", "signet.db-wal", "signet.db-shm"]));
      for (const f of files) expect({ f, mode: (statSync(join(dir, f)).mode & 0o777).toString(8) }).toEqual({ f, mode: "600" });
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
