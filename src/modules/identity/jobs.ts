/** Housekeeping for sign-in artifacts that outlive their use. */
import { lt } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { JobDefinition } from "../../platform/jobs/scheduler";
import { otpCodes } from "../orgs/schema";
import { linkRequests, magicLinks } from "./schema";

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Expired magic links and link requests are kept a day so a late click still reads
 * "expired" rather than "invalid"; OTP codes are kept two days because the per-number
 * caps of spec §8 look back 24 hours.
 */
const LINKS_KEPT_AFTER_EXPIRY_MS = DAY_MS;
const OTP_CODES_KEPT_MS = 2 * DAY_MS;

export function signInArtifactsPruneJob(ctx: Pick<AppContext, "db" | "clock" | "logger">): JobDefinition {
  return {
    name: "sign-in-artifacts.prune",
    schedule: "17 4 * * *",
    description: "Deletes magic links and link requests a day after they expire, and OTP codes after two days",
    // Idempotent: a retried slot finds nothing older left to delete.
    async run() {
      const now = ctx.clock.now();
      const deleted = await ctx.db.write(async (tx) => ({
        magicLinks: (await tx.delete(magicLinks).where(lt(magicLinks.expiresAt, now - LINKS_KEPT_AFTER_EXPIRY_MS)).returning({ id: magicLinks.id })).length,
        linkRequests: (await tx.delete(linkRequests).where(lt(linkRequests.expiresAt, now - LINKS_KEPT_AFTER_EXPIRY_MS)).returning({ id: linkRequests.id })).length,
        otpCodes: (await tx.delete(otpCodes).where(lt(otpCodes.createdAt, now - OTP_CODES_KEPT_MS)).returning({ id: otpCodes.id })).length,
      }));
      ctx.logger.info("sign-in artifacts pruned", deleted);
    },
  };
}
