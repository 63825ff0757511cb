// PLACEHOLDER — replaced by the jobs kernel work.
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { Logger } from "../log";

export interface JobDefinition {
  name: string;
  /** A cron expression (croner syntax). */
  schedule: string;
  description: string;
  /** Must be idempotent: a slot may be retried after a crash. */
  run(context: { now: number; slotAt: number | null }): Promise<void>;
}

export class JobScheduler {
  private readonly jobs = new Map<string, JobDefinition>();
  constructor(private readonly deps: { db: Database; clock: Clock; logger: Logger }) {}
  register(job: JobDefinition) {
    this.jobs.set(job.name, job);
  }
  list() {
    return [...this.jobs.values()];
  }
  stop() {}
}
