/** Housekeeping for permits: the idempotency rows of expired permits. */
import { lte } from "drizzle-orm";
import type { AppContext } from "../../../context";
import type { JobDefinition } from "../../../platform/jobs/scheduler";
import { permitIdempotency } from "./schema";

export function permitIdempotencyPruneJob(ctx: Pick<AppContext, "db" | "clock" | "logger">): JobDefinition {
  return {
    name: "permits.prune",
    schedule: "*/15 * * * *",
    description: "Deletes the idempotency rows of expired permits (a permit lives at most 5 minutes)",
    // Idempotent: a retried slot finds nothing expired left.
    async run() {
      const deleted = await ctx.db.write(
        async (tx) => (await tx.delete(permitIdempotency).where(lte(permitIdempotency.expiresAt, ctx.clock.now())).returning({ id: permitIdempotency.id })).length,
      );
      ctx.logger.info("expired permit idempotency keys pruned", { deleted });
    },
  };
}
