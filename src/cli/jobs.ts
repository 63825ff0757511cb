/**
 * `signet jobs list [--json]` and `signet jobs run NAME`.
 *
 * Both work beside a running `signet serve` (no serve lock is taken): on PostgreSQL the
 * job's advisory lock keeps a manual run from overlapping a node's run; on SQLite the
 * connection's busy timeout orders the writes.
 */
import type { Config } from "../config";
import { closeContext, type AppContext } from "../context";
import { openCliContext } from "./context";
import { toIso } from "../platform/clock";
import { JobBusyError, UnknownJobError, type JobInfo, type JobRun } from "../platform/jobs/scheduler";
import { FatalError, UsageError } from "./errors";

export async function jobsCommand(config: Config, sub: string | undefined, args: string[]): Promise<number> {
  switch (sub) {
    case "list": {
      const json = parseListArgs(args);
      return withContext(config, async (ctx) => {
        const jobs = await ctx.jobs.list();
        process.stdout.write(json ? jobs.map((j) => JSON.stringify(jobView(j))).join("\n") + (jobs.length ? "\n" : "") : table(jobs));
        return 0;
      });
    }
    case "run": {
      if (args.length !== 1 || args[0]!.startsWith("--")) throw new UsageError("usage: signet jobs run NAME");
      const name = args[0]!;
      return withContext(config, async (ctx) => {
        let run: JobRun;
        try {
          run = await ctx.jobs.runNow(name);
        } catch (e) {
          if (e instanceof UnknownJobError) throw new UsageError(e.message);
          if (e instanceof JobBusyError) throw new FatalError(e.message);
          throw e;
        }
        process.stdout.write(JSON.stringify(runView(run)) + "\n");
        return run.outcome === "ok" ? 0 : 1;
      });
    }
    case undefined:
      throw new UsageError("usage: signet jobs list [--json] | signet jobs run NAME");
    default:
      throw new UsageError(`unknown jobs command "${sub}"; use list or run`);
  }
}

function parseListArgs(args: string[]): boolean {
  let json = false;
  for (const arg of args) {
    if (arg === "--json") json = true;
    else throw new UsageError(`jobs list: unexpected argument "${arg}" (expected --json)`);
  }
  return json;
}

async function withContext(config: Config, fn: (ctx: AppContext) => Promise<number>): Promise<number> {
  const ctx = await openCliContext(config);
  try {
    return await fn(ctx);
  } finally {
    await closeContext(ctx);
  }
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : toIso(ms));

function runView(run: JobRun) {
  return {
    job: run.job,
    runId: run.id,
    trigger: run.trigger,
    slotAt: iso(run.slotAt),
    startedAt: iso(run.startedAt),
    endedAt: iso(run.endedAt),
    durationMs: run.endedAt === null ? null : run.endedAt - run.startedAt,
    outcome: run.outcome,
    error: run.error,
  };
}

function jobView(job: JobInfo) {
  return {
    name: job.name,
    schedule: job.schedule,
    description: job.description,
    lastRun: job.lastRun ? runView(job.lastRun) : null,
    nextRunAt: iso(job.nextRunAt),
  };
}

function table(jobs: JobInfo[]): string {
  const rows = [
    ["NAME", "SCHEDULE (UTC)", "LAST RUN", "OUTCOME", "NEXT RUN", "DESCRIPTION"],
    ...jobs.map((j) => [
      j.name,
      j.schedule,
      iso(j.lastRun?.startedAt) ?? "-",
      j.lastRun ? j.lastRun.outcome + (j.lastRun.error ? `: ${shorten(headline(j.lastRun.error), 60)}` : "") : "-",
      iso(j.nextRunAt) ?? "-",
      j.description,
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join("  ")).join("\n") + "\n";
}

/** The line of an error worth a table cell: its root cause when it has one. */
function headline(error: string): string {
  const at = error.lastIndexOf("caused by: ");
  return at >= 0 ? error.slice(at + "caused by: ".length).split("\n")[0]! : error.split("\n")[0]!;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
