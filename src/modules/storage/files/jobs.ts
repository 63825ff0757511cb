/** The trash retention job (3.4): only it removes files for good. */
import type { AppContext } from "../../../context";
import type { JobDefinition } from "../../../platform/jobs/scheduler";
import { pruneExpiredReservations } from "./quota";
import { purgeExpiredTrash } from "./service";

export function trashRetentionJob(ctx: Pick<AppContext, "db" | "clock" | "blobs" | "logger">): JobDefinition {
  return {
    name: "files.trash-retention",
    schedule: "53 * * * *",
    description: "Deletes the bytes and rows of trashed files whose retention window (7 days Free, 30 paid) has ended, and expired upload reservations",
    // Idempotent: a retried slot finds only what is still due.
    async run({ now }) {
      const purged = await purgeExpiredTrash(ctx, now);
      const reservations = await ctx.db.write((tx) => pruneExpiredReservations(tx, now));
      ctx.logger.info("trash retention", { ...purged, expiredReservations: reservations });
      return { ...purged, expiredReservations: reservations };
    },
  };
}
