/**
 * The jobs kernel: named jobs on cron schedules, every run recorded in `job_runs`.
 *
 * - Schedules are croner patterns read in UTC, so every node computes the same slots.
 * - The decision "what is due" is `runDue()`, which reads the injected clock; a single
 *   timer only wakes the process up (at the next slot, and at least once a minute so a
 *   late or skipped wake-up heals itself). Tests move a test clock and call `runDue()`.
 * - A job is due when its latest slot (the last schedule time <= now) is after the slot
 *   recorded in `job_state`. Only the latest slot runs: slots missed while the process
 *   was down, or while an earlier run was still going, collapse into one run.
 * - A run holds the job's leader lock (a PostgreSQL advisory lock; on SQLite an
 *   exclusive lock file per job beside the database), then claims its slot with a conditional UPDATE … RETURNING in the same
 *   transaction that records the run, so a slot runs once across nodes even when
 *   their timers fire at different moments.
 * - A job seen for the first time is baselined at its latest slot: it first runs at
 *   its next slot, not at once.
 * - `start()` runs the catch-up (once per job, whatever the gap) and marks runs left
 *   "running" by a dead process as interrupted, so their slot is retried.
 */
import { Cron } from "croner";
import { and, desc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { newId } from "../ids";
import type { Logger } from "../log";
import { jobRuns, jobState } from "./schema";
import { metrics } from "../metrics";

export type JobTrigger = "schedule" | "catch-up" | "manual";
export type JobOutcome = "running" | "ok" | "error";

export interface JobRunContext {
  /** The clock's time when the run started (epoch ms). */
  now: number;
  /** The schedule slot this run serves; null for a manual run. */
  slotAt: number | null;
  /** What started the run (always set by the scheduler; optional so jobs can be called directly). */
  trigger?: JobTrigger;
}

export interface JobDefinition {
  name: string;
  /** A cron expression (croner syntax), read in UTC. */
  schedule: string;
  description: string;
  /** Must be idempotent: a slot may be retried after a crash. May return details to log. */
  run(context: JobRunContext): Promise<void | Record<string, unknown>>;
}

export type JobRun = typeof jobRuns.$inferSelect;

export interface JobInfo {
  name: string;
  schedule: string;
  description: string;
  /** The most recent run, finished or not. */
  lastRun: JobRun | null;
  /** When the schedule next runs the job (the latest slot, when it is overdue). */
  nextRunAt: number | null;
}

export class UnknownJobError extends Error {
  constructor(
    readonly job: string,
    known: string[],
  ) {
    super(`unknown job "${job}"; known jobs: ${known.join(", ") || "(none)"}`);
  }
}

export class JobBusyError extends Error {
  constructor(readonly job: string) {
    super(`job "${job}" is already running (in this process, another process or another node); try again when it ends`);
  }
}

/** The longest the timer sleeps, so a suspended machine or a lock held elsewhere is retried soon. */
const MAX_SLEEP_MS = 60_000;
/** Each run pins a database connection for its lock (PostgreSQL); keep most of the pool for requests. */
const MAX_CONCURRENT_RUNS = 3;
const MAX_ERROR_LENGTH = 4000;
const INTERRUPTED = "interrupted: the process ended during the run";

type Attempt = { status: "ran"; run: JobRun } | { status: "busy" } | { status: "not-due" };

interface Registered {
  def: JobDefinition;
  cron: Cron;
}

export class JobScheduler {
  private readonly jobs = new Map<string, Registered>();
  private readonly db: Database;
  private readonly clock: Clock;
  private readonly logger: Logger;
  /** Jobs running in this process (checked synchronously, before any await). */
  private readonly running = new Set<string>();
  private readonly inflight = new Set<Promise<unknown>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private started = false;
  private slots = MAX_CONCURRENT_RUNS;
  private readonly waiting: Array<() => void> = [];

  constructor(deps: { db: Database; clock: Clock; logger: Logger }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.logger = deps.logger;
  }

  /** Adds a job; an invalid schedule or a duplicate name throws at once. */
  register(job: JobDefinition): void {
    if (!/^[a-z0-9][a-z0-9._-]*$/.test(job.name)) throw new Error(`job name "${job.name}": use lowercase letters, digits, ".", "_" or "-"`);
    if (this.jobs.has(job.name)) throw new Error(`job "${job.name}" is registered twice`);
    let cron: Cron;
    try {
      // No callback: croner only computes times here; the scheduler owns the timer.
      cron = new Cron(job.schedule, { timezone: "UTC" });
    } catch (e) {
      throw new Error(`job "${job.name}": invalid schedule "${job.schedule}": ${(e as Error).message}`);
    }
    this.jobs.set(job.name, { def: job, cron });
    if (this.started) this.arm();
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Runs the catch-up (awaited), then arms the timer. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    try {
      await this.track(this.catchUp());
    } catch (e) {
      this.logger.error("job catch-up failed", { error: errorText(e) });
    }
    if (this.started) this.arm();
  }

  /** Disarms the timer; the promise settles when runs already under way have ended. */
  stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    return Promise.allSettled([...this.inflight]).then(() => {});
  }

  /** Runs every job whose latest slot has not run yet, by the clock's now; resolves with the runs made. */
  async runDue(): Promise<JobRun[]> {
    return this.track(this.runSlots("schedule"));
  }

  /** Runs a job now (trigger "manual"), outside its schedule; the outcome is in the returned run. */
  async runNow(name: string): Promise<JobRun> {
    const job = this.jobs.get(name);
    if (!job) throw new UnknownJobError(name, this.names());
    const result = await this.track(this.attempt(job, "manual", null, false));
    if (result.status !== "ran") throw new JobBusyError(name);
    return result.run;
  }

  /** Every job with its schedule, last run and next run. */
  async list(): Promise<JobInfo[]> {
    const now = this.clock.now();
    const states = await this.readStates();
    return Promise.all(
      [...this.jobs.values()].map(async ({ def, cron }) => {
        const [lastRun] = await this.db.read
          .select()
          .from(jobRuns)
          .where(eq(jobRuns.job, def.name))
          .orderBy(desc(jobRuns.startedAt))
          .limit(1);
        const latest = latestSlot(cron, now);
        const last = states.get(def.name);
        const overdue = latest !== null && last !== undefined && (last === null || last < latest);
        return {
          name: def.name,
          schedule: def.schedule,
          description: def.description,
          lastRun: lastRun ?? null,
          nextRunAt: overdue ? latest : nextSlot(cron, now),
        };
      }),
    );
  }

  private async catchUp(): Promise<void> {
    const names = this.names();
    if (names.length === 0) return;
    // Runs left "running" here were cut short by a dead process (checked again under the lock).
    const orphaned = new Set(
      (
        await this.db.read
          .selectDistinct({ job: jobRuns.job })
          .from(jobRuns)
          .where(and(eq(jobRuns.outcome, "running"), inArray(jobRuns.job, names)))
      ).map((r) => r.job),
    );
    await this.runSlots("catch-up", orphaned);
  }

  private async runSlots(trigger: "schedule" | "catch-up", orphaned = new Set<string>()): Promise<JobRun[]> {
    const now = this.clock.now();
    const states = await this.ensureStates(now);
    const attempts = [...this.jobs.values()].flatMap((job) => {
      const latest = latestSlot(job.cron, now);
      const last = states.get(job.def.name);
      const due = latest !== null && last !== undefined && (last === null || last < latest);
      if (!due && !orphaned.has(job.def.name)) return [];
      return [this.attempt(job, trigger, latest, orphaned.has(job.def.name)).catch((e): Attempt => {
        this.logger.error("job could not be run", { job: job.def.name, trigger, error: errorText(e) });
        return { status: "not-due" };
      })];
    });
    const results = await Promise.all(attempts);
    return results.flatMap((r) => (r.status === "ran" ? [r.run] : []));
  }

  /** Reads each job's last claimed slot, baselining jobs seen for the first time. */
  private async ensureStates(now: number): Promise<Map<string, number | null | undefined>> {
    const states = await this.readStates();
    const missing = [...this.jobs.values()].filter((j) => !states.has(j.def.name));
    if (missing.length > 0) {
      await this.db.write(async (tx) => {
        await tx
          .insert(jobState)
          .values(missing.map((j) => ({ name: j.def.name, lastSlotAt: latestSlot(j.cron, now), updatedAt: now })))
          .onConflictDoNothing();
      });
      // Not due this round: the baseline is the latest slot.
      for (const j of missing) states.set(j.def.name, undefined);
    }
    return states;
  }

  private async readStates(): Promise<Map<string, number | null | undefined>> {
    const names = this.names();
    if (names.length === 0) return new Map();
    const rows = await this.db.read.select().from(jobState).where(inArray(jobState.name, names));
    return new Map(rows.map((r) => [r.name, r.lastSlotAt]));
  }

  /**
   * One run of a job under its leader lock. A scheduled run claims `slotAt` first and
   * does nothing when another node already has it; a manual run claims nothing.
   */
  private async attempt(job: Registered, trigger: JobTrigger, slotAt: number | null, sweep: boolean): Promise<Attempt> {
    const name = job.def.name;
    if (this.running.has(name)) return { status: "busy" };
    this.running.add(name);
    const releaseSlot = await this.acquireSlot();
    try {
      const lock = await this.db.tryLeaderLock(jobLockKey(name));
      if (!lock) return { status: "busy" };
      try {
        const startedAt = this.clock.now();
        const id = newId();
        const claimed = await this.db.write(async (tx) => {
          if (sweep) {
            // Under the lock, a "running" row of this job belongs to no live run.
            const interrupted = await tx
              .update(jobRuns)
              .set({ outcome: "error", error: INTERRUPTED, endedAt: startedAt })
              .where(and(eq(jobRuns.job, name), eq(jobRuns.outcome, "running")))
              .returning({ slotAt: jobRuns.slotAt });
            const slots = interrupted.flatMap((r) => (r.slotAt === null ? [] : [r.slotAt]));
            if (slots.length > 0) {
              const slot = Math.max(...slots);
              // Reopen the interrupted slot so the claim below can take it again.
              await tx
                .update(jobState)
                .set({ lastSlotAt: slot - 1, updatedAt: startedAt })
                .where(and(eq(jobState.name, name), eq(jobState.lastSlotAt, slot)));
            }
            if (interrupted.length > 0) this.logger.warn("job runs marked interrupted", { job: name, count: interrupted.length });
          }
          if (trigger !== "manual") {
            if (slotAt === null) return false;
            const won = await tx
              .update(jobState)
              .set({ lastSlotAt: slotAt, updatedAt: startedAt })
              .where(and(eq(jobState.name, name), or(isNull(jobState.lastSlotAt), lt(jobState.lastSlotAt, slotAt))))
              .returning({ name: jobState.name });
            if (won.length === 0) return false;
          }
          await tx.insert(jobRuns).values({ id, job: name, slotAt, trigger, startedAt, outcome: "running" });
          return true;
        });
        if (!claimed) return { status: "not-due" };
        return { status: "ran", run: await this.execute(job, { id, trigger, slotAt, startedAt }) };
      } finally {
        await lock.release().catch((e) => this.logger.error("job lock release failed", { job: name, error: errorText(e) }));
      }
    } finally {
      releaseSlot();
      this.running.delete(name);
    }
  }

  /** Calls the job and records its outcome; a throwing job is recorded and logged, never rethrown. */
  private async execute(
    job: Registered,
    run: { id: string; trigger: JobTrigger; slotAt: number | null; startedAt: number },
  ): Promise<JobRun> {
    const name = job.def.name;
    let outcome: "ok" | "error" = "ok";
    let error: string | null = null;
    let details: void | Record<string, unknown> = undefined;
    try {
      details = await job.def.run({ now: run.startedAt, slotAt: run.slotAt, trigger: run.trigger });
    } catch (e) {
      outcome = "error";
      error = errorText(e).slice(0, MAX_ERROR_LENGTH);
      this.logger.error("job failed", {
        job: name,
        runId: run.id,
        trigger: run.trigger,
        error,
        stack: e instanceof Error ? e.stack : undefined,
      });
    }
    const endedAt = this.clock.now();
    metrics.jobRuns.inc({ job: name, outcome });
    await this.db.write(async (tx) => {
      await tx.update(jobRuns).set({ outcome, error, endedAt }).where(eq(jobRuns.id, run.id));
    });
    if (outcome === "ok")
      this.logger.info("job ran", {
        job: name,
        runId: run.id,
        trigger: run.trigger,
        slotAt: run.slotAt,
        durationMs: endedAt - run.startedAt,
        ...(details ? { result: details } : {}),
      });
    return { id: run.id, job: name, slotAt: run.slotAt, trigger: run.trigger, startedAt: run.startedAt, endedAt, outcome, error };
  }

  /** Sleeps until the earliest next slot (at most MAX_SLEEP_MS), then runs what is due. */
  private arm(): void {
    clearTimeout(this.timer);
    if (!this.started) return;
    const now = this.clock.now();
    let wake = now + MAX_SLEEP_MS;
    for (const { cron } of this.jobs.values()) {
      const next = nextSlot(cron, now);
      if (next !== null && next < wake) wake = next;
    }
    this.timer = setTimeout(() => this.tick(), Math.max(0, wake - now));
    // The timer alone must not keep a process alive (serve has its server for that).
    (this.timer as { unref?: () => void }).unref?.();
  }

  private tick(): void {
    // Re-arm first, so a long run never delays another job's slot.
    this.arm();
    this.runDue().catch((e) => this.logger.error("job scheduler tick failed", { error: errorText(e) }));
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inflight.add(promise);
    const forget = () => this.inflight.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  private async acquireSlot(): Promise<() => void> {
    if (this.slots > 0) this.slots--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.slots++;
    };
  }
}

/** The leader-lock key of a job. */
export function jobLockKey(name: string): string {
  return `signet.job:${name}`;
}

/** The last slot at or before `now`, in epoch ms, or null when the schedule has none. */
function latestSlot(cron: Cron, now: number): number | null {
  // previousRuns is strictly before its reference; +1 ms makes `now` itself count.
  const [previous] = cron.previousRuns(1, new Date(now + 1));
  return previous ? previous.getTime() : null;
}

/** The first slot strictly after `now`. */
function nextSlot(cron: Cron, now: number): number | null {
  return cron.nextRun(new Date(now))?.getTime() ?? null;
}

/** The message, with its causes: drizzle wraps the database's own error as the cause. */
function errorText(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  let text = e.message || e.name;
  for (let cause = e.cause, depth = 0; cause !== undefined && depth < 3; cause = (cause as Error).cause, depth++) {
    const message = cause instanceof Error ? cause.message : String(cause);
    if (message && !text.includes(message)) text += `\ncaused by: ${message}`;
    if (!(cause instanceof Error)) break;
  }
  return text;
}
