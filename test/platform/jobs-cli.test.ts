/**
 * `signet jobs list` and `signet jobs run NAME` as an operator runs them: a separate
 * process on the test app's database, also while `signet serve` runs on it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { jobLockKey } from "../../src/platform/jobs/scheduler";
import { jobRuns } from "../../src/platform/jobs/schema";
import { BUN, MAIN, envFor, runCli } from "../support/cli";
import { DAY } from "../support/clock";
import { testDialect } from "../support/database";
import { createTestApp, type TestApp } from "../support/harness";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const jobs = (...args: string[]) => runCli(["jobs", ...args], { ...envFor(t), SIGNET_LOG_LEVEL: "warn" });

async function runRow(id: string) {
  const [row] = await t.ctx.db.read.select().from(jobRuns).where(eq(jobRuns.id, id));
  return row;
}

describe("signet jobs list", () => {
  test("--json prints one object per job with schedule, last run and next run", async () => {
    const manual = await t.ctx.jobs.runNow("job-runs.prune");
    const r = await jobs("list", "--json");
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    const prune = lines.find((j) => j.name === "job-runs.prune");
    expect(prune).toMatchObject({
      name: "job-runs.prune",
      schedule: "17 3 * * *",
      description: "Deletes job run records older than 30 days",
      lastRun: { runId: manual.id, trigger: "manual", outcome: "ok", error: null, startedAt: new Date(manual.startedAt).toISOString() },
    });
    // The CLI's clock is the system clock: the next run is the coming 03:17 UTC.
    const next = Date.parse(prune.nextRunAt);
    expect(new Date(next).toISOString()).toMatch(/T03:17:00\.000Z$/);
    expect(next).toBeGreaterThan(Date.now() - 60_000);
    expect(next - Date.now()).toBeLessThanOrEqual(DAY);
    expect(lines.map((j) => j.name)).toContain("outbox.prune");
  });

  test("without --json prints a table", async () => {
    const r = await jobs("list");
    expect(r.code).toBe(0);
    const [header, ...rows] = r.stdout.trimEnd().split("\n");
    expect(header).toMatch(/^NAME\s+SCHEDULE \(UTC\)\s+LAST RUN\s+OUTCOME\s+NEXT RUN\s+DESCRIPTION$/);
    const prune = rows.find((l) => l.startsWith("job-runs.prune "));
    expect(prune).toMatch(/17 3 \* \* \*\s+\d{4}-\d\d-\d\dT[\d:.]+Z\s+ok\s+\d{4}-\d\d-\d\dT03:17:00\.000Z\s+Deletes job run records/);
    expect(rows.some((l) => l.startsWith("outbox.prune "))).toBe(true);
  });

  test("an unknown option is a usage error", async () => {
    const r = await jobs("list", "--yaml");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unexpected argument "--yaml"');
  });
});

describe("signet jobs run", () => {
  test("runs the job, records it and prints the outcome as one JSON line", async () => {
    const r = await jobs("run", "job-runs.prune");
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]!);
    expect(out).toMatchObject({ job: "job-runs.prune", trigger: "manual", slotAt: null, outcome: "ok", error: null });
    expect(typeof out.durationMs).toBe("number");
    expect(await runRow(out.runId)).toMatchObject({ job: "job-runs.prune", trigger: "manual", outcome: "ok" });
  });

  test("an unknown name is a usage error that lists the jobs", async () => {
    const r = await jobs("run", "no.such.job");
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim()).toMatch(/^signet: unknown job "no\.such\.job"; known jobs: .*job-runs\.prune/);
  });

  test("a missing name or subcommand is a usage error", async () => {
    expect((await jobs("run")).code).toBe(2);
    expect((await jobs()).code).toBe(2);
    expect((await jobs("explode")).stderr).toContain('unknown jobs command "explode"');
  });

  test("a failing job prints the error outcome and exits 1", async () => {
    // The database refuses the prune's delete: a real failure inside a real run.
    const trigger =
      testDialect === "postgres"
        ? [
            `CREATE FUNCTION refuse_delete() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'deletes refused'; END $$ LANGUAGE plpgsql`,
            `CREATE TRIGGER refuse_delete BEFORE DELETE ON job_runs FOR EACH ROW EXECUTE FUNCTION refuse_delete()`,
          ]
        : [`CREATE TRIGGER refuse_delete BEFORE DELETE ON job_runs BEGIN SELECT RAISE(ABORT, 'deletes refused'); END`];
    for (const statement of trigger) await t.ctx.db.execRaw(statement);
    await t.ctx.db.write((tx) =>
      tx.insert(jobRuns).values({ id: "ancient", job: "x", trigger: "manual", startedAt: 0, endedAt: 0, outcome: "ok" }),
    );
    try {
      const r = await jobs("run", "job-runs.prune");
      expect(r.code).toBe(1);
      const out = JSON.parse(r.stdout.trim());
      expect(out).toMatchObject({ job: "job-runs.prune", outcome: "error" });
      expect(out.error).toContain("deletes refused");
      expect(await runRow(out.runId)).toMatchObject({ outcome: "error" });
      expect(r.stderr).toContain('"msg":"job failed"');
    } finally {
      await t.ctx.db.execRaw(
        testDialect === "postgres"
          ? "DROP TRIGGER refuse_delete ON job_runs; DROP FUNCTION refuse_delete()"
          : "DROP TRIGGER refuse_delete",
      );
    }
  });

  test("a job running in another process or node is refused with one line, exit 1", async () => {
    const lock = await t.ctx.db.tryLeaderLock(jobLockKey("job-runs.prune"));
    expect(lock).not.toBeNull();
    try {
      const r = await jobs("run", "job-runs.prune");
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim()).toBe(
        'signet: job "job-runs.prune" is already running (in this process, another process or another node); try again when it ends',
      );
    } finally {
      await lock!.release();
    }
  });
});

describe("beside a running signet serve", () => {
  let serve: ReturnType<typeof Bun.spawn> | undefined;
  afterAll(async () => {
    serve?.kill("SIGTERM");
    await serve?.exited;
  });

  test("jobs list and jobs run work on the same data dir and database", async () => {
    const probe = Bun.serve({ port: 0, fetch: () => new Response() });
    const port = probe.port;
    probe.stop(true);
    serve = Bun.spawn([BUN, MAIN, "serve"], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...envFor(t), SIGNET_PORT: String(port), SIGNET_HOST: "127.0.0.1" } as Record<string, string>,
      stdout: "pipe",
      stderr: "pipe",
      stdin: "ignore",
    });
    // Wait for its "signet started" line (jobs have started by then).
    const reader = (serve.stdout as ReadableStream<Uint8Array>).getReader();
    let seen = "";
    while (!seen.includes('"signet started"')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`serve ended early: ${seen}${await new Response(serve.stderr as ReadableStream).text()}`);
      seen += new TextDecoder().decode(value);
    }
    reader.releaseLock();

    const run = await jobs("run", "job-runs.prune");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ outcome: "ok" });
    const list = await jobs("list", "--json");
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('"name":"job-runs.prune"');
    expect(serve.exitCode).toBeNull();
  });
});
