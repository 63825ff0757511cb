/** Scheduled jobs of the outbound kernel. */
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { JobDefinition } from "../jobs/scheduler";
import type { Logger } from "../log";
import { pruneOutbox } from "./outbox";

/** How long the outbox keeps a message: long enough to debug a delivery, short enough not to hoard codes and links. */
export const OUTBOX_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export function outboxPruneJob(ctx: { db: Database; clock: Clock; logger: Logger }): JobDefinition {
  return {
    name: "outbox.prune",
    schedule: "23 3 * * *",
    description: "Deletes outbox messages older than 30 days",
    // Idempotent: a retried slot finds nothing older left to delete.
    async run() {
      const deleted = await pruneOutbox(ctx.db, ctx.clock.now() - OUTBOX_RETENTION_MS);
      if (deleted > 0) ctx.logger.info("outbox pruned", { deleted });
    },
  };
}
