/** The jobs of outgoing webhooks: the queue (fan-out, then due deliveries) and its pruning. */
import type { JobDefinition } from "../../../platform/jobs/scheduler";
import type { IntegrationsDeps } from "../caller";
import { deliverDue, fanOut, pruneDelivered } from "./queue";

/** How long delivered rows (and their log) are kept; dead letters stay until redelivered. */
export const DELIVERED_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export function webhookDeliveryJob(deps: IntegrationsDeps): JobDefinition {
  return {
    name: "webhooks.deliver",
    // Every 10 seconds: the latency of a delivery; retries wait per the schedule in queue.ts.
    schedule: "*/10 * * * * *",
    description: "Queues new audit events for each webhook subscriber and sends the deliveries that are due",
    // Idempotent: the cursor and the unique queue rows keep a retried run from queueing twice, the lease from sending twice.
    async run() {
      const queued = await fanOut(deps);
      const sent = await deliverDue(deps);
      return { queued, ...sent };
    },
  };
}

export function webhookPruneJob(deps: IntegrationsDeps): JobDefinition {
  return {
    name: "webhooks.prune",
    schedule: "41 3 * * *",
    description: "Deletes delivered webhook deliveries and their log after 30 days",
    async run({ now }) {
      return { deleted: await pruneDelivered(deps, now - DELIVERED_RETENTION_MS) };
    },
  };
}
