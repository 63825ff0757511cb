/** The jobs kernel's own housekeeping. */
import { lt } from "drizzle-orm";
import type { Database } from "../db/database";
import type { JobDefinition } from "./scheduler";
import { jobRuns } from "./schema";

/** Run records older than this are deleted. */
export const JOB_RUNS_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export function jobRunsPruneJob(deps: { db: Database }): JobDefinition {
  return {
    name: "job-runs.prune",
    schedule: "17 3 * * *",
    description: "Deletes job run records older than 30 days",
    run: async ({ now }) => {
      const deleted = await deps.db.write(async (tx) =>
        tx.delete(jobRuns).where(lt(jobRuns.startedAt, now - JOB_RUNS_RETENTION_MS)).returning({ id: jobRuns.id }),
      );
      return { deleted: deleted.length };
    },
  };
}
