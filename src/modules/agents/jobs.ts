/** The agents' TTL job (spec 3.3: an active agent is suspended, reason expired, once its expiresAt has passed). */
import type { AppContext } from "../../context";
import type { JobDefinition } from "../../platform/jobs/scheduler";
import { suspendExpiredAgents } from "./lifecycle";

export function agentExpiryJob(ctx: Pick<AppContext, "db" | "clock" | "logger">): JobDefinition {
  return {
    name: "agents.expiry",
    schedule: "* * * * *",
    description: "Suspends active agents whose expiresAt has passed (agent.suspended, reason expired)",
    async run({ now }) {
      const { suspended } = await suspendExpiredAgents(ctx, now);
      if (suspended > 0) ctx.logger.info("expired agents suspended", { suspended });
      return { suspended };
    },
  };
}
