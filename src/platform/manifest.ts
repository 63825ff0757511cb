/**
 * The kernel's own module: the tables and housekeeping jobs of the outbox, the job
 * scheduler, the rate-limit windows and the audit chain (DESIGN §3).
 */
import type { Clock } from "./clock";
import type { Database } from "./db/database";
import type { Logger } from "./log";
import { defineModule } from "./module";
import { jobRunsPruneJob } from "./jobs/jobs";
import { outboxPruneJob } from "./outbound/jobs";
import { rateCountersPruneJob } from "./http/rate-limit";
import * as auditTables from "./audit/schema";
import * as httpTables from "./http/schema";
import * as jobTables from "./jobs/schema";
import * as outboundTables from "./outbound/schema";

export const platformModule = defineModule<{ db: Database; clock: Clock; logger: Logger }>({
  name: "platform",
  tables: { ...outboundTables, ...jobTables, ...auditTables, ...httpTables },
  jobs: (deps) => [outboxPruneJob(deps), jobRunsPruneJob(deps), rateCountersPruneJob(deps)],
});
