/** The data-source jobs: the suspended databases' clock (3.6) and the write-log anchors (docs/datasources.md "Sealed writes"). */
import type { AppContext } from "../../context";
import type { JobDefinition } from "../../platform/jobs/scheduler";
import { anchorAll } from "./anchors";
import { runSuspendedClock } from "./managed";

export function suspendedClockJob(ctx: AppContext): JobDefinition {
  return {
    name: "datasources.suspended",
    schedule: "17 * * * *",
    description: "Warns owners of suspended managed databases 7 days and 1 day before deletion, and deletes them (provider first, pd true) 30 days after suspension",
    async run({ now }) {
      const outcome = await runSuspendedClock(ctx, now);
      if (outcome.warned + outcome.deleted > 0) ctx.logger.info("suspended managed databases", outcome);
      return outcome;
    },
  };
}

export function anchorJob(ctx: AppContext): JobDefinition {
  return {
    name: "datasources.anchor",
    schedule: "*/10 * * * *",
    description: "Seals the head of each managed database's write log into its organization's audit chain (appgroup.datasource.writes_anchored), once the log since the last anchor verifies",
    async run() {
      const outcome = await anchorAll(ctx);
      if (outcome.broken + outcome.unreachable > 0) ctx.logger.warn("write logs not anchored", outcome);
      return outcome;
    },
  };
}
