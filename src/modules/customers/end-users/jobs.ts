/** Housekeeping of end-user sign-in: flow tokens and sessions that ended long ago. */
import { lt, or } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { DAY_MS, pruneJob } from "../../../platform/jobs/prune";
import { pruneFlowTokens } from "./flow-tokens";
import { endUserSessions } from "./schema";

/** An expired link or code is kept a day, so a late click still reads token_expired rather than invalid_token. */
const FLOW_TOKENS_KEPT_AFTER_EXPIRY_MS = DAY_MS;
/** Ended sessions (revoked, idle or past their absolute end) are kept 30 days for support questions. */
const SESSIONS_KEPT_AFTER_END_MS = 30 * DAY_MS;

export function endUsersPruneJob(ctx: Pick<AppContext, "db" | "clock" | "logger">) {
  return pruneJob(ctx, {
    name: "end-users.prune",
    schedule: "29 4 * * *",
    description: "Deletes end-user flow tokens a day after they expire, and end-user sessions 30 days after they ended",
    logMessage: "end-user sign-in artifacts pruned",
    steps: {
      flowTokens: (tx, now) => pruneFlowTokens(tx, now - FLOW_TOKENS_KEPT_AFTER_EXPIRY_MS),
      sessions: async (tx, now) => {
        const cutoff = now - SESSIONS_KEPT_AFTER_END_MS;
        const ended = or(lt(endUserSessions.revokedAt, cutoff), lt(endUserSessions.idleExpiresAt, cutoff), lt(endUserSessions.expiresAt, cutoff));
        return (await tx.delete(endUserSessions).where(ended).returning({ id: endUserSessions.id })).length;
      },
    },
  });
}
