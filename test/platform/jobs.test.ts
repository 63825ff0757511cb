/**
 * The jobs kernel: due detection on the injected clock, run records, failures that
 * stay contained, one catch-up after downtime, one run per slot across nodes, the
 * leader lock, and the job-runs housekeeping job. Time only moves when a test moves it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { openDatabase, type Database } from "../../src/platform/db/database";
import { jobRunsPruneJob, JOB_RUNS_RETENTION_MS } from "../../src/platform/jobs/jobs";
import {
  JobBusyError,
  jobLockKey,
  JobScheduler,
  UnknownJobError,
  type JobDefinition,
  type JobRunContext,
} from "../../src/platform/jobs/scheduler";
import { jobRuns, jobState } from "../../src/platform/jobs/schema";
import { createLogger } from "../../src/platform/log";
import { DAY, HOUR, MINUTE, SECOND, TestClock } from "../support/clock";
import { testDialect } from "../support/database";
import { createTestApp, type TestApp } from "../support/harness";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

let counter = 0;
/** A job name no other test uses, so tests share the database without seeing each other. */
const unique = (base: string) => `t${++counter}.${base}`;

interface Harness {
  scheduler: JobScheduler;
  clock: TestClock;
  logs: Record<string, any>[];
}

/** A scheduler on its own test clock (a "node"), optionally on its own database handle. */
function node(clock = new TestClock(), db: Database = t.ctx.db): Harness {
  const logs: Record<string, any>[] = [];
  const logger = createLogger("debug", (line) => logs.push(JSON.parse(line)));
  return { scheduler: new JobScheduler({ db, clock, logger }), clock, logs };
}

/** A job that records each call. */
function recorder(name: string, schedule: string, body?: (c: JobRunContext) => Promise<void>) {
  const calls: JobRunContext[] = [];
  const job: JobDefinition = {
    name,
    schedule,
    description: `test job ${name}`,
    run: async (c) => {
      calls.push(c);
      await body?.(c);
    },
  };
  return { job, calls };
}

async function runsOf(name: string) {
  return t.ctx.db.read.select().from(jobRuns).where(eq(jobRuns.job, name)).orderBy(jobRuns.startedAt);
}

async function stateOf(name: string) {
  const [row] = await t.ctx.db.read.select().from(jobState).where(eq(jobState.name, name));
  return row;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("registration", () => {
  test("an invalid schedule, a bad name or a duplicate name is refused at once", () => {
    const { scheduler } = node();
    expect(() => scheduler.register(recorder("bad.schedule", "every tuesday").job)).toThrow(/invalid schedule "every tuesday"/);
    expect(() => scheduler.register(recorder("Bad Name", "* * * * *").job)).toThrow(/job name/);
    scheduler.register(recorder("twice", "* * * * *").job);
    expect(() => scheduler.register(recorder("twice", "0 * * * *").job)).toThrow(/registered twice/);
  });

  test("the product's jobs are registered on the context", () => {
    expect(t.ctx.jobs.names()).toContain("job-runs.prune");
    expect(t.ctx.jobs.names()).toContain("outbox.prune");
  });
});

describe("due detection", () => {
  test("a job runs at each slot as the clock moves, once per slot", async () => {
    const { scheduler, clock } = node();
    const name = unique("every5");
    const { job, calls } = recorder(name, "*/5 * * * *");
    scheduler.register(job);

    // First sight: the job is baselined at its latest slot (12:00), not run.
    expect(await scheduler.runDue()).toEqual([]);
    expect((await stateOf(name))?.lastSlotAt).toBe(Date.parse("2026-01-15T12:00:00Z"));

    clock.advance(4 * MINUTE + 59 * SECOND);
    expect(await scheduler.runDue()).toEqual([]);

    clock.advance(SECOND);
    const [run] = await scheduler.runDue();
    expect(run).toMatchObject({ job: name, trigger: "schedule", outcome: "ok", slotAt: Date.parse("2026-01-15T12:05:00Z") });
    expect(calls).toEqual([{ now: clock.now(), slotAt: Date.parse("2026-01-15T12:05:00Z"), trigger: "schedule" }]);

    // Same slot again, and a bit later in the same slot: nothing.
    expect(await scheduler.runDue()).toEqual([]);
    clock.advance(2 * MINUTE);
    expect(await scheduler.runDue()).toEqual([]);

    clock.advance(3 * MINUTE);
    const [second] = await scheduler.runDue();
    expect(second!.slotAt).toBe(Date.parse("2026-01-15T12:10:00Z"));
    expect(calls).toHaveLength(2);
  });

  test("list shows schedule, description, last run and next run", async () => {
    const { scheduler, clock } = node();
    const name = unique("hourly");
    scheduler.register(recorder(name, "30 * * * *").job);

    let [info] = await scheduler.list();
    expect(info).toMatchObject({ name, schedule: "30 * * * *", description: `test job ${name}`, lastRun: null });
    expect(info!.nextRunAt).toBe(Date.parse("2026-01-15T12:30:00Z"));

    await scheduler.runDue();
    clock.advance(45 * MINUTE);
    // Overdue (12:30 passed, not yet run): the next run is that slot.
    [info] = await scheduler.list();
    expect(info!.nextRunAt).toBe(Date.parse("2026-01-15T12:30:00Z"));

    await scheduler.runDue();
    [info] = await scheduler.list();
    expect(info!.lastRun).toMatchObject({ outcome: "ok", trigger: "schedule", startedAt: clock.now(), endedAt: clock.now() });
    expect(info!.nextRunAt).toBe(Date.parse("2026-01-15T13:30:00Z"));
  });
});

describe("run records", () => {
  test("a run is recorded as running, then with its outcome and times", async () => {
    const { scheduler, clock } = node();
    const name = unique("recorded");
    let during: unknown[] = [];
    scheduler.register(
      recorder(name, "* * * * *", async () => {
        during = await runsOf(name);
        clock.advance(1500); // the run takes 1.5 s of clock time
      }).job,
    );
    await scheduler.runDue();
    clock.advance(MINUTE);
    const startedAt = clock.now();
    const [run] = await scheduler.runDue();

    expect(during).toEqual([expect.objectContaining({ outcome: "running", startedAt, endedAt: null })]);
    const rows = await runsOf(name);
    expect(rows).toEqual([
      {
        id: run!.id,
        job: name,
        slotAt: Date.parse("2026-01-15T12:01:00Z"),
        trigger: "schedule",
        startedAt,
        endedAt: startedAt + 1500,
        outcome: "ok",
        error: null,
      },
    ]);
    expect(run).toEqual(rows[0]!);
  });

  test("a failing job is recorded as an error and logged; other jobs still run, and so does its next slot", async () => {
    const { scheduler, clock, logs } = node();
    const bad = unique("bad");
    const good = unique("good");
    let fail = true;
    const failing = recorder(bad, "*/10 * * * *", async () => {
      if (fail) throw new Error("disk on fire");
    });
    const healthy = recorder(good, "*/10 * * * *");
    scheduler.register(failing.job);
    scheduler.register(healthy.job);
    await scheduler.runDue();
    clock.advance(10 * MINUTE);

    const runs = await scheduler.runDue();
    expect(runs.map((r) => [r.job, r.outcome, r.error]).sort()).toEqual([
      [bad, "error", "disk on fire"],
      [good, "ok", null],
    ]);
    expect((await runsOf(bad))[0]).toMatchObject({ outcome: "error", error: "disk on fire", endedAt: clock.now() });
    const logged = logs.find((l) => l.msg === "job failed");
    expect(logged).toMatchObject({ level: "error", job: bad, error: "disk on fire" });
    expect(logged!.stack).toContain("disk on fire");

    // A non-Error throw is recorded too.
    const odd = unique("odd");
    scheduler.register(
      recorder(odd, "*/10 * * * *", async () => {
        throw "a string";
      }).job,
    );
    await scheduler.runDue();

    fail = false;
    clock.advance(10 * MINUTE);
    const next = await scheduler.runDue();
    expect(next.find((r) => r.job === bad)).toMatchObject({ outcome: "ok" });
    expect(next.find((r) => r.job === odd)).toMatchObject({ outcome: "error", error: "a string" });
    expect(healthy.calls).toHaveLength(2);
  });

  test("runNow records a manual run without touching the schedule", async () => {
    const { scheduler, clock } = node();
    const name = unique("manual");
    const { job, calls } = recorder(name, "0 0 * * *");
    scheduler.register(job);
    await scheduler.runDue();
    const before = await stateOf(name);

    const run = await scheduler.runNow(name);
    expect(run).toMatchObject({ job: name, trigger: "manual", slotAt: null, outcome: "ok", startedAt: clock.now() });
    expect(calls).toEqual([{ now: clock.now(), slotAt: null, trigger: "manual" }]);
    expect(await stateOf(name)).toEqual(before);
    expect(await runsOf(name)).toHaveLength(1);

    // A failing manual run resolves with the error outcome; it does not throw.
    const boom = unique("manual-boom");
    scheduler.register(recorder(boom, "0 0 * * *", async () => Promise.reject(new Error("nope"))).job);
    expect(await scheduler.runNow(boom)).toMatchObject({ outcome: "error", error: "nope" });
  });

  test("runNow refuses an unknown name and lists the known ones", async () => {
    const { scheduler } = node();
    scheduler.register(recorder("known.one", "* * * * *").job);
    const error = await scheduler.runNow("no.such.job").catch((e) => e);
    expect(error).toBeInstanceOf(UnknownJobError);
    expect(error.message).toBe('unknown job "no.such.job"; known jobs: known.one');
  });
});

describe("catch-up", () => {
  test("a job is not run on first start, and runs once after a long gap, whatever slots were missed", async () => {
    const clock = new TestClock();
    const name = unique("catchup");
    const first = node(clock);
    const a = recorder(name, "*/15 * * * *");
    first.scheduler.register(a.job);
    await first.scheduler.start();
    first.scheduler.stop();
    expect(a.calls).toHaveLength(0);

    // The process is down for ten days: 960 slots pass.
    clock.advance(10 * DAY + 7 * MINUTE);
    const second = node(clock);
    const b = recorder(name, "*/15 * * * *");
    second.scheduler.register(b.job);
    await second.scheduler.start();
    second.scheduler.stop();

    expect(b.calls).toEqual([{ now: clock.now(), slotAt: Date.parse("2026-01-25T12:00:00Z"), trigger: "catch-up" }]);
    expect(await runsOf(name)).toEqual([expect.objectContaining({ trigger: "catch-up", outcome: "ok" })]);

    // Nothing more until the next slot.
    expect(await second.scheduler.runDue()).toEqual([]);
    clock.advance(8 * MINUTE);
    expect(await second.scheduler.runDue()).toHaveLength(1);
  });

  test("a start with nothing missed runs nothing", async () => {
    const clock = new TestClock();
    const name = unique("nomiss");
    const h = node(clock);
    const { job, calls } = recorder(name, "0 * * * *");
    h.scheduler.register(job);
    await h.scheduler.start();
    h.scheduler.stop();
    clock.advance(30 * MINUTE);
    const again = node(clock);
    again.scheduler.register(job);
    await again.scheduler.start();
    again.scheduler.stop();
    expect(calls).toHaveLength(0);
  });

  test("a run left 'running' by a dead process is marked interrupted and its slot runs again at start", async () => {
    const clock = new TestClock();
    const name = unique("crashed");
    const slot = Date.parse("2026-01-15T12:00:00Z");
    await t.ctx.db.write(async (tx) => {
      await tx.insert(jobState).values({ name, lastSlotAt: slot, updatedAt: slot });
      await tx.insert(jobRuns).values({ id: crypto.randomUUID(), job: name, slotAt: slot, trigger: "schedule", startedAt: slot, outcome: "running" });
    });
    clock.advance(10 * MINUTE);
    const h = node(clock);
    const { job, calls } = recorder(name, "0 * * * *");
    h.scheduler.register(job);
    await h.scheduler.start();
    h.scheduler.stop();

    expect(calls).toEqual([{ now: clock.now(), slotAt: slot, trigger: "catch-up" }]);
    const rows = await runsOf(name);
    expect(rows.map((r) => [r.trigger, r.outcome, r.error])).toEqual([
      ["schedule", "error", "interrupted: the process ended during the run"],
      ["catch-up", "ok", null],
    ]);
    expect(h.logs.some((l) => l.msg === "job runs marked interrupted" && l.job === name)).toBe(true);
  });

  test("start arms a timer that runs what becomes due", async () => {
    const clock = new TestClock();
    const h = node(clock);
    const name = unique("timer");
    const ran = deferred();
    h.scheduler.register(recorder(name, "* * * * * *", async () => ran.resolve()).job);
    await h.scheduler.start();
    // The timer wakes one (real) second later; the test clock says the next slot has come.
    clock.advance(SECOND);
    await ran.promise;
    await h.scheduler.stop();
    expect(await runsOf(name)).toEqual([expect.objectContaining({ trigger: "schedule", outcome: "ok", slotAt: Date.parse("2026-01-15T12:00:01Z") })]);
  });
});

describe("several nodes on one database", () => {
  // On PostgreSQL each node gets its own connection pool. Two SQLite handles in one
  // process would block each other (its busy wait stops the event loop), and SQLite
  // serves one process per data dir anyway, so there the nodes share the handle.
  let other: Database;
  beforeAll(async () => (other = testDialect === "postgres" ? await openDatabase(t.database.target) : t.ctx.db));
  afterAll(async () => {
    if (other !== t.ctx.db) await other.close();
  });

  /** The same database with a leader lock that never refuses: only the slot claim is left. */
  const lockless = (db: Database): Database =>
    Object.assign(Object.create(db), { tryLeaderLock: async () => ({ release: async () => {} }) });

  function twoNodes(name: string, schedule: string, wrap: (db: Database) => Database = (db) => db) {
    const clock = new TestClock();
    const calls: Array<{ node: string; slotAt: number | null }> = [];
    const make = (label: string, db: Database) => {
      const h = node(clock, wrap(db));
      h.scheduler.register({
        name,
        schedule,
        description: "shared",
        run: async ({ slotAt }) => {
          calls.push({ node: label, slotAt });
          await new Promise((r) => setTimeout(r, 5)); // let the other node's timer fire meanwhile
        },
      });
      return h.scheduler;
    };
    return { clock, calls, a: make("a", t.ctx.db), b: make("b", other) };
  }

  test("the slot claim alone runs a slot once, even without the leader lock", async () => {
    const name = unique("claim-only");
    const { clock, calls, a, b } = twoNodes(name, "* * * * *", lockless);
    await Promise.all([a.runDue(), b.runDue()]);
    for (let i = 1; i <= 5; i++) {
      clock.advance(MINUTE);
      await Promise.all([a.runDue(), b.runDue()]);
    }
    expect(calls.map((c) => c.slotAt)).toEqual([1, 2, 3, 4, 5].map((m) => Date.parse("2026-01-15T12:00:00Z") + m * MINUTE));
    expect(await runsOf(name)).toHaveLength(5);
  });

  test("timers firing together run each slot exactly once", async () => {
    const name = unique("shared");
    const { clock, calls, a, b } = twoNodes(name, "* * * * *");
    await Promise.all([a.runDue(), b.runDue()]);
    for (let i = 1; i <= 8; i++) {
      clock.advance(MINUTE);
      await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    }
    const slots = calls.map((c) => c.slotAt);
    expect(slots).toHaveLength(8);
    expect(new Set(slots).size).toBe(8);
    const rows = await runsOf(name);
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.outcome === "ok")).toBe(true);
  });

  test("timers firing at different moments run a slot once", async () => {
    const name = unique("staggered");
    const { clock, calls, a, b } = twoNodes(name, "*/5 * * * *");
    await a.runDue();
    clock.advance(5 * MINUTE);
    expect(await a.runDue()).toHaveLength(1);
    clock.advance(2 * SECOND); // b's timer is late
    expect(await b.runDue()).toEqual([]);
    clock.advance(5 * MINUTE);
    expect(await b.runDue()).toHaveLength(1);
    clock.advance(40 * SECOND);
    expect(await a.runDue()).toEqual([]);
    expect(calls.map((c) => c.node)).toEqual(["a", "b"]);
  });

  test("nodes started together catch up once", async () => {
    const name = unique("restart");
    const first = twoNodes(name, "0 */6 * * *");
    await Promise.all([first.a.start(), first.b.start()]);
    await Promise.all([first.a.stop(), first.b.stop()]);
    expect(first.calls).toHaveLength(0);

    for (const gap of [3 * DAY, 6 * HOUR, 30 * DAY]) {
      const clock = first.clock;
      clock.advance(gap);
      const again = twoNodes(name, "0 */6 * * *");
      again.clock.set(clock.now());
      await Promise.all([again.a.start(), again.b.start()]);
      await Promise.all([again.a.stop(), again.b.stop()]);
      expect(again.calls).toHaveLength(1);
    }
    const rows = await runsOf(name);
    expect(rows.map((r) => r.trigger)).toEqual(["catch-up", "catch-up", "catch-up"]);
  });
});

describe("leader lock", () => {
  test("a run in progress refuses a manual run and defers its next slot until it ends", async () => {
    const { scheduler, clock } = node();
    const name = unique("long");
    const started = deferred();
    const finish = deferred();
    let n = 0;
    scheduler.register(
      recorder(name, "* * * * *", async () => {
        if (++n === 1) {
          started.resolve();
          await finish.promise;
        }
      }).job,
    );
    await scheduler.runDue();
    clock.advance(MINUTE);
    const first = scheduler.runDue();
    await started.promise;

    // The same scheduler, and another scheduler on the same database, are refused.
    expect(await scheduler.runNow(name).catch((e) => e)).toBeInstanceOf(JobBusyError);
    const peer = node(clock);
    peer.scheduler.register(recorder(name, "* * * * *").job);
    const refused = await peer.scheduler.runNow(name).catch((e) => e);
    expect(refused).toBeInstanceOf(JobBusyError);
    expect(refused.message).toContain(`job "${name}" is already running`);

    // The next slot comes while the run is still going: skipped now, not lost.
    clock.advance(MINUTE);
    expect(await scheduler.runDue()).toEqual([]);
    expect(await peer.scheduler.runDue()).toEqual([]);
    finish.resolve();
    expect(await first).toHaveLength(1);
    const [late] = await peer.scheduler.runDue();
    expect(late).toMatchObject({ slotAt: Date.parse("2026-01-15T12:02:00Z"), outcome: "ok" });
    expect(await runsOf(name)).toHaveLength(2);
  });

  test("a lock held by another node (or process) refuses the run", async () => {
    const { scheduler } = node();
    const name = unique("locked");
    const { job, calls } = recorder(name, "* * * * *");
    scheduler.register(job);
    // On PostgreSQL a second connection is another node; on SQLite the lock is per process.
    const holderDb = testDialect === "postgres" ? await openDatabase(t.database.target) : t.ctx.db;
    const lock = await holderDb.tryLeaderLock(jobLockKey(name));
    expect(lock).not.toBeNull();
    try {
      expect(await scheduler.runNow(name).catch((e) => e)).toBeInstanceOf(JobBusyError);
    } finally {
      await lock!.release();
      if (holderDb !== t.ctx.db) await holderDb.close();
    }
    expect(await scheduler.runNow(name)).toMatchObject({ outcome: "ok" });
    expect(calls).toHaveLength(1);
  });
});

describe("job-runs.prune", () => {
  test("deletes run records older than 30 days by the clock, and only those", async () => {
    const now = t.clock.now();
    const row = (id: string, age: number) => ({
      id,
      job: "prune.subject",
      slotAt: null,
      trigger: "manual" as const,
      startedAt: now - age,
      endedAt: now - age,
      outcome: "ok" as const,
    });
    await t.ctx.db.write((tx) =>
      tx.insert(jobRuns).values([
        row("old-1", 90 * DAY),
        row("old-2", JOB_RUNS_RETENTION_MS + 1),
        row("edge", JOB_RUNS_RETENTION_MS),
        row("recent", 29 * DAY),
        row("today", HOUR),
      ]),
    );

    const run = await t.ctx.jobs.runNow("job-runs.prune");
    expect(run).toMatchObject({ job: "job-runs.prune", outcome: "ok" });
    const left = await t.ctx.db.read.select({ id: jobRuns.id }).from(jobRuns).where(eq(jobRuns.job, "prune.subject"));
    expect(left.map((r) => r.id).sort()).toEqual(["edge", "recent", "today"]);
    // Its own run record survives.
    const own = await t.ctx.db.read.select().from(jobRuns).where(and(eq(jobRuns.job, "job-runs.prune"), eq(jobRuns.id, run.id)));
    expect(own).toHaveLength(1);
  });

  test("runs daily at 03:17 UTC", async () => {
    const job = jobRunsPruneJob({ db: t.ctx.db });
    expect(job.schedule).toBe("17 3 * * *");
    const [info] = await (() => {
      const h = node();
      h.scheduler.register(job);
      return h.scheduler.list();
    })();
    expect(info!.nextRunAt).toBe(Date.parse("2026-01-16T03:17:00Z"));
  });
});
