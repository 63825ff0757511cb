// PLACEHOLDER — replaced by the outbound kernel work.
import type { JobDefinition } from "../jobs/scheduler";
export function outboxPruneJob(_ctx: unknown): JobDefinition {
  return { name: "outbox.prune", schedule: "23 3 * * *", description: "Deletes outbox messages older than 30 days", run: async () => {} };
}
