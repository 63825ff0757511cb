/**
 * Outgoing webhooks: /api/org/{slug}/webhooks (docs/integrations.md). The spec leaves
 * delivery open (§6 "not shown"); this is Signet's: Standard Webhooks signatures, a
 * durable queue with retries, a dead-letter list and a manual redeliver.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../context";
import { declaresErrors } from "../../../platform/http/error-catalog";
import { strictBody } from "../../../platform/http/strict-body";
import { MACHINE_TOKEN_ERRORS } from "../../access/index";
import { callerOf, ORG_GUARD_ERRORS, type Organization, type OrgCaller, orgGuard, SlugParams } from "../../orgs/index";
import type { IntegrationsCaller } from "../caller";
import * as M from "./model";
import { createWebhook, deleteWebhook, getWebhook, listDeliveries, listWebhooks, redeliver, updateWebhook } from "./subscriptions";

const TAGS = ["Webhooks"];
const WHO = " A member's session or an M2M token of an org-wide key holding the scope; Owner and Admin hold them through org.*.";
const GUARD = [...ORG_GUARD_ERRORS, ...MACHINE_TOKEN_ERRORS, "PERMISSION_DENIED"];
const URL_ERRORS = ["invalid_webhook_url", "webhook_target_not_allowed", "invalid_event_pattern"];

function caller(context: { org: Organization; orgCaller: OrgCaller; request: Request }): IntegrationsCaller {
  return callerOf(context.org, context.orgCaller, context.request);
}

export function webhookRoutes(ctx: AppContext) {
  return new Elysia({ name: "integrations.webhooks", prefix: "/api/org/:slug/webhooks" })
    .use(orgGuard(ctx))
    .get("", (c) => listWebhooks(ctx, caller(c)), {
      orgOrMachine: true,
      params: SlugParams,
      response: t.Array(M.Webhook),
      detail: { tags: TAGS, summary: "List webhook subscribers", description: `Each subscriber with its queue's counts. Needs org.webhook.list.${WHO}`, ...declaresErrors(...GUARD) },
    })
    .post("", async (c) => c.status(201, await createWebhook(ctx, caller(c), c.body)), {
      orgOrMachine: true,
      params: SlugParams,
      ...strictBody(M.WebhookCreate),
      response: { 201: M.Webhook },
      detail: {
        tags: TAGS,
        summary: "Add a webhook subscriber",
        description:
          "The subscriber receives every audit event of the organization appended after its creation (its own webhook.subscription_created first) that its eventTypes match, " +
          "signed per Standard Webhooks with the organization's webhook secret. The URL is checked after DNS: loopback and private addresses are refused unless the operator " +
          `sets SIGNET_WEBHOOKS_ALLOW_PRIVATE_NETWORKS. payment.* events reach only subscribers the owner made (spec 5.4). At most 20 per organization. Needs org.webhook.manage.${WHO}`,
        ...declaresErrors(...GUARD, ...URL_ERRORS, "webhook_limit_reached", "webhook_secret_required"),
      },
    })
    .get("/:webhookId", (c) => getWebhook(ctx, caller(c), c.params.webhookId), {
      orgOrMachine: true,
      params: M.WebhookParams,
      response: M.Webhook,
      detail: { tags: TAGS, summary: "Read a webhook subscriber", description: `Needs org.webhook.list.${WHO}`, ...declaresErrors(...GUARD, "webhook_not_found") },
    })
    .patch("/:webhookId", (c) => updateWebhook(ctx, caller(c), c.params.webhookId, c.body), {
      orgOrMachine: true,
      params: M.WebhookParams,
      ...strictBody(M.WebhookChange),
      response: M.Webhook,
      detail: {
        tags: TAGS,
        summary: "Change a webhook subscriber",
        description: `URL, event types, description, or status (disabled: nothing is sent; events keep queueing). Needs org.webhook.manage.${WHO}`,
        ...declaresErrors(...GUARD, ...URL_ERRORS, "webhook_not_found"),
      },
    })
    .delete("/:webhookId", (c) => deleteWebhook(ctx, caller(c), c.params.webhookId), {
      orgOrMachine: true,
      params: M.WebhookParams,
      response: t.Object({ id: t.String(), deleted: t.Literal(true) }),
      detail: { tags: TAGS, summary: "Remove a webhook subscriber", description: `Its queue and log go with it. Needs org.webhook.manage.${WHO}`, ...declaresErrors(...GUARD, "webhook_not_found") },
    })
    .get("/:webhookId/deliveries", (c) => listDeliveries(ctx, caller(c), c.params.webhookId, c.query), {
      orgOrMachine: true,
      params: M.WebhookParams,
      query: M.DeliveriesQuery,
      response: t.Array(M.Delivery),
      detail: {
        tags: TAGS,
        summary: "The delivery log",
        description: `Deliveries newest first, each with its attempts; ?status=dead is the dead-letter list. Needs org.webhook.list.${WHO}`,
        ...declaresErrors(...GUARD, "webhook_not_found"),
      },
    })
    .post("/:webhookId/deliveries/:deliveryId/redeliver", (c) => redeliver(ctx, caller(c), c.params.webhookId, c.params.deliveryId), {
      orgOrMachine: true,
      params: M.DeliveryParams,
      response: t.Object({ id: t.String(), outcome: t.Union([t.Literal("delivered"), t.Literal("failed"), t.Literal("dead"), t.Literal("queued")]) }),
      detail: {
        tags: TAGS,
        summary: "Redeliver a dead letter",
        description: `Queues a dead delivery again with a fresh retry schedule and the same webhook-id, and sends it at once. Needs org.webhook.redeliver.${WHO}`,
        ...declaresErrors(...GUARD, "webhook_not_found", "delivery_not_found", "delivery_not_dead"),
      },
    });
}
