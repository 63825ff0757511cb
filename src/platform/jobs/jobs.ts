// PLACEHOLDER — replaced by the jobs kernel work.
import type { JobDefinition } from "./scheduler";
export function jobRunsPruneJob(_ctx: unknown): JobDefinition {
  return { name: "job-runs.prune", schedule: "17 3 * * *", description: "Deletes job run records older than 30 days", run: async () => {} };
}
