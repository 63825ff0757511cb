/** Integrations: connector modules, inbound connector data, access requests, and outgoing webhooks (spec 4.9; docs/integrations.md). */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { inboundErrors, integrationErrors, webhookErrors } from "./errors";
import { INTEGRATION_EVENTS } from "./events";
import * as tables from "./schema";
import { INTEGRATION_ROLE_SCOPES } from "./scopes";
import { webhookDeliveryJob, webhookPruneJob } from "./webhooks/jobs";
import { webhookRoutes } from "./webhooks/routes";
import { accessRequestRoutes, inboundRoutes, integrationRoutes } from "./routes";

export const integrationsModule = defineModule<AppContext>({
  name: "integrations",
  errors: [integrationErrors, inboundErrors, webhookErrors],
  events: Object.values(INTEGRATION_EVENTS),
  scopes: INTEGRATION_ROLE_SCOPES,
  tags: [
    { name: "Integrations", description: "Connector modules (an HR directory, a ticketing tool): enable, the setup wizard's reads, notarize-scopes, the org structure, access requests and permissions (spec 4.9)." },
    { name: "Inbound", description: "Connector data sent to the organization, signed with its webhook secret per Standard Webhooks (spec 4.9)." },
    { name: "Webhooks", description: "Outgoing webhooks: subscribers receive the organization's audit events, signed per Standard Webhooks, from a durable queue with retries and dead letters." },
  ],
  tables,
  routes: (ctx) => [integrationRoutes(ctx), accessRequestRoutes(ctx), inboundRoutes(ctx), webhookRoutes(ctx)],
  jobs: (ctx) => [webhookDeliveryJob(ctx), webhookPruneJob(ctx)],
});
