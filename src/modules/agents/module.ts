/** Agents: AI actors with a machine badge, a shared kind role, an operator, a scoped and expiring credential, and an MCP server (docs/agents.md). */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { refusalObserver } from "./denials";
import { agentErrors } from "./errors";
import { AGENT_EVENTS } from "./events";
import { agentExpiryJob } from "./jobs";
import { toolErrors } from "./mcp/errors";
import { rosterFacts } from "./roster";
import { agentRoutes, mcpRoutes } from "./routes";
import * as tables from "./schema";

export const agentsModule = defineModule<AppContext>({
  name: "agents",
  errors: [agentErrors, toolErrors],
  events: Object.values(AGENT_EVENTS),
  tags: [
    { name: "Agents", description: "Agents: AI actors with their own machine badge, a shared kind role, an operator and a scoped, expiring credential (spec 2.9, 3.3, 4.8)." },
    { name: "Agent MCP server", description: "The Model Context Protocol server agents connect to with their credential (Streamable HTTP, stateless); every tool call passes the agent's gate and is audited." },
  ],
  tables,
  // Machine access checks an agent's credential against the roster (it sits below and reads no table of ours).
  init: () => ({ agentRoster: { facts: rosterFacts } }),
  refusals: (ctx) => refusalObserver(ctx),
  routes: (ctx) => [agentRoutes(ctx), mcpRoutes(ctx)],
  jobs: (ctx) => [agentExpiryJob(ctx)],
});
