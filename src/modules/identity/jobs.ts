/** Housekeeping for sign-in artifacts that outlive their use. */
import { lt } from "drizzle-orm";
import type { AppContext } from "../../context";
import { DAY_MS, pruneJob } from "../../platform/jobs/prune";
import { linkRequests, magicLinks } from "./schema";

/** Expired magic links and link requests are kept a day so a late click still reads "expired" rather than "invalid". */
const LINKS_KEPT_AFTER_EXPIRY_MS = DAY_MS;

export function signInArtifactsPruneJob(ctx: Pick<AppContext, "db" | "clock" | "logger">) {
  return pruneJob(ctx, {
    name: "sign-in-artifacts.prune",
    schedule: "17 4 * * *",
    description: "Deletes magic links and link requests a day after they expire",
    logMessage: "sign-in artifacts pruned",
    steps: {
      magicLinks: async (tx, now) =>
        (await tx.delete(magicLinks).where(lt(magicLinks.expiresAt, now - LINKS_KEPT_AFTER_EXPIRY_MS)).returning({ id: magicLinks.id })).length,
      linkRequests: async (tx, now) =>
        (await tx.delete(linkRequests).where(lt(linkRequests.expiresAt, now - LINKS_KEPT_AFTER_EXPIRY_MS)).returning({ id: linkRequests.id })).length,
    },
  });
}
