/** Every scheduled job of the product, registered on the context's scheduler. */
import type { AppContext } from "./context";
import { outboxPruneJob } from "./platform/outbound/jobs";
import { jobRunsPruneJob } from "./platform/jobs/jobs";
import { rateCountersPruneJob } from "./platform/http/rate-limit";
import { registerAuditJobs } from "./modules/trust/audit/jobs";
import { signInArtifactsPruneJob } from "./modules/identity/jobs";
import { permitIdempotencyPruneJob } from "./modules/trust/permits/jobs";
import { trashRetentionJob } from "./modules/storage/files/jobs";
import { lifecycleJob } from "./modules/storage/lifecycle/runner";
import { analyticsRollupJob } from "./modules/analytics/rollups";
import { endUsersPruneJob } from "./modules/customers/end-users/jobs";
import { endUserMfaPruneJob } from "./modules/customers/end-users/mfa/jobs";

export function registerJobs(ctx: AppContext): void {
  ctx.jobs.register(outboxPruneJob(ctx));
  ctx.jobs.register(jobRunsPruneJob(ctx));
  ctx.jobs.register(rateCountersPruneJob(ctx));
  ctx.jobs.register(signInArtifactsPruneJob(ctx));
  ctx.jobs.register(permitIdempotencyPruneJob(ctx));
  ctx.jobs.register(trashRetentionJob(ctx));
  ctx.jobs.register(lifecycleJob(ctx));
  ctx.jobs.register(analyticsRollupJob(ctx));
  ctx.jobs.register(endUsersPruneJob(ctx));
  ctx.jobs.register(endUserMfaPruneJob(ctx));
  registerAuditJobs(ctx);
}
