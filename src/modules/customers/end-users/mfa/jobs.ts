/** Housekeeping of end-user SMS MFA: code rows once no §8 limit looks at them any more. */
import { lt } from "drizzle-orm";
import type { AppContext } from "../../../../context";
import type { JobDefinition } from "../../../../platform/jobs/scheduler";
import { endUserMfaCodes } from "../schema";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The per-number caps look back 24 hours and the fuse one UTC day: two days is past both. */
const MFA_CODES_KEPT_MS = 2 * DAY_MS;

export function endUserMfaPruneJob(ctx: Pick<AppContext, "db" | "clock" | "logger">): JobDefinition {
  return {
    name: "end-user-mfa.prune",
    schedule: "37 4 * * *",
    description: "Deletes end-user SMS MFA codes two days after they were sent",
    // Idempotent: a retried slot finds nothing older left to delete.
    async run() {
      const before = ctx.clock.now() - MFA_CODES_KEPT_MS;
      const codes = await ctx.db.write(
        async (tx) => (await tx.delete(endUserMfaCodes).where(lt(endUserMfaCodes.createdAt, before)).returning({ id: endUserMfaCodes.id })).length,
      );
      ctx.logger.info("end-user MFA codes pruned", { codes });
      return { codes };
    },
  };
}
