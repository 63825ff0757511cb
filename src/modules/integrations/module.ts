/** Integrations: connector modules, inbound connector data, access requests, and outgoing webhooks (spec 4.9; docs/integrations.md). */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { inboundErrors, integrationErrors, webhookErrors } from "./errors";
import { INTEGRATION_EVENTS } from "./events";
import * as tables from "./schema";
import { INTEGRATION_ROLE_SCOPES } from "./scopes";
import { webhookDeliveryJob, webhookPruneJob } from "./webhooks/jobs";
import { webhookRoutes } from "./webhooks/routes";

export const integrationsModule = defineModule<AppContext>({
  name: "integrations",
  errors: [integrationErrors, inboundErrors, webhookErrors],
  events: Object.values(INTEGRATION_EVENTS),
  scopes: INTEGRATION_ROLE_SCOPES,
  tags: [
    { name: "Webhooks", description: "Outgoing webhooks: subscribers receive the organization's audit events, signed per Standard Webhooks, from a durable queue with retries and dead letters." },
  ],
  tables,
  routes: (ctx) => [webhookRoutes(ctx)],
  jobs: (ctx) => [webhookDeliveryJob(ctx), webhookPruneJob(ctx)],
});
