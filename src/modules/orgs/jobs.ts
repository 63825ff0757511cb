/** Housekeeping of organization OTP codes. */
import { lt } from "drizzle-orm";
import type { AppContext } from "../../context";
import { DAY_MS, pruneJob } from "../../platform/jobs/prune";
import { otpCodes } from "./schema";

/** OTP codes are kept two days because the per-number caps of spec §8 look back 24 hours. */
const OTP_CODES_KEPT_MS = 2 * DAY_MS;

export function orgOtpPruneJob(ctx: Pick<AppContext, "db" | "clock" | "logger">) {
  return pruneJob(ctx, {
    name: "org-otp.prune",
    schedule: "19 4 * * *",
    description: "Deletes organization OTP codes two days after they were sent",
    logMessage: "organization OTP codes pruned",
    steps: {
      otpCodes: async (tx, now) => (await tx.delete(otpCodes).where(lt(otpCodes.createdAt, now - OTP_CODES_KEPT_MS)).returning({ id: otpCodes.id })).length,
    },
  });
}
