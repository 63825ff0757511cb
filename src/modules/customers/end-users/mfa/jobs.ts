/** Housekeeping of end-user SMS MFA: code rows once no §8 limit looks at them any more. */
import { lt } from "drizzle-orm";
import type { AppContext } from "../../../../context";
import { DAY_MS, pruneJob } from "../../../../platform/jobs/prune";
import { endUserMfaCodes } from "../schema";

/** The per-number caps look back 24 hours and the fuse one UTC day: two days is past both. */
const MFA_CODES_KEPT_MS = 2 * DAY_MS;

export function endUserMfaPruneJob(ctx: Pick<AppContext, "db" | "clock" | "logger">) {
  return pruneJob(ctx, {
    name: "end-user-mfa.prune",
    schedule: "37 4 * * *",
    description: "Deletes end-user SMS MFA codes two days after they were sent",
    logMessage: "end-user MFA codes pruned",
    steps: {
      codes: async (tx, now) =>
        (await tx.delete(endUserMfaCodes).where(lt(endUserMfaCodes.createdAt, now - MFA_CODES_KEPT_MS)).returning({ id: endUserMfaCodes.id })).length,
    },
  });
}
