/** Housekeeping of end-user sign-in: flow tokens and sessions that ended long ago. */
import { lt, or } from "drizzle-orm";
import type { AppContext } from "../../../context";
import type { JobDefinition } from "../../../platform/jobs/scheduler";
import { pruneFlowTokens } from "./flow-tokens";
import { endUserSessions } from "./schema";

const DAY_MS = 24 * 60 * 60 * 1000;
/** An expired link or code is kept a day, so a late click still reads token_expired rather than invalid_token. */
const FLOW_TOKENS_KEPT_AFTER_EXPIRY_MS = DAY_MS;
/** Ended sessions (revoked, idle or past their absolute end) are kept 30 days for support questions. */
const SESSIONS_KEPT_AFTER_END_MS = 30 * DAY_MS;

export function endUsersPruneJob(ctx: Pick<AppContext, "db" | "clock" | "logger">): JobDefinition {
  return {
    name: "end-users.prune",
    schedule: "29 4 * * *",
    description: "Deletes end-user flow tokens a day after they expire, and end-user sessions 30 days after they ended",
    // Idempotent: a retried slot finds nothing older left to delete.
    async run() {
      const now = ctx.clock.now();
      const cutoff = now - SESSIONS_KEPT_AFTER_END_MS;
      const deleted = await ctx.db.write(async (tx) => ({
        flowTokens: await pruneFlowTokens(tx, now - FLOW_TOKENS_KEPT_AFTER_EXPIRY_MS),
        sessions: (
          await tx
            .delete(endUserSessions)
            .where(or(lt(endUserSessions.revokedAt, cutoff), lt(endUserSessions.idleExpiresAt, cutoff), lt(endUserSessions.expiresAt, cutoff)))
            .returning({ id: endUserSessions.id })
        ).length,
      }));
      ctx.logger.info("end-user sign-in artifacts pruned", deleted);
      return deleted;
    },
  };
}
