/**
 * The shape every housekeeping job shares: one write that deletes what outlived its use,
 * step by step, logged and returned as counts. Each step returns how many rows it deleted.
 * Idempotent by construction: a retried slot finds nothing older left to delete.
 */
import type { Clock } from "../clock";
import type { Database, Tx } from "../db/database";
import type { Logger } from "../log";
import type { JobDefinition } from "./scheduler";

export interface PruneJobSpec {
  name: string;
  schedule: string;
  description: string;
  /** The log line's message, e.g. "end-user MFA codes pruned". */
  logMessage: string;
  /** Named deletions, run in order in one transaction; `now` is the clock's. */
  steps: Record<string, (tx: Tx, now: number) => Promise<number>>;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export function pruneJob(deps: { db: Database; clock: Clock; logger: Logger }, spec: PruneJobSpec): JobDefinition {
  return {
    name: spec.name,
    schedule: spec.schedule,
    description: spec.description,
    async run() {
      const now = deps.clock.now();
      const deleted = await deps.db.write(async (tx) => {
        const counts: Record<string, number> = {};
        for (const [step, prune] of Object.entries(spec.steps)) counts[step] = await prune(tx, now);
        return counts;
      });
      deps.logger.info(spec.logMessage, deleted);
      return deleted;
    },
  };
}
