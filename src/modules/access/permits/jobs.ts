/** Housekeeping for permits: the idempotency rows of expired permits. */
import { lte } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { pruneJob } from "../../../platform/jobs/prune";
import { permitIdempotency } from "./schema";

export function permitIdempotencyPruneJob(ctx: Pick<AppContext, "db" | "clock" | "logger">) {
  return pruneJob(ctx, {
    name: "permits.prune",
    schedule: "*/15 * * * *",
    description: "Deletes the idempotency rows of expired permits (a permit lives at most 5 minutes)",
    logMessage: "expired permit idempotency keys pruned",
    steps: {
      deleted: async (tx, now) => (await tx.delete(permitIdempotency).where(lte(permitIdempotency.expiresAt, now)).returning({ id: permitIdempotency.id })).length,
    },
  });
}
