/** Wire shapes of outgoing webhooks (docs/integrations.md). */
import { t } from "elysia";
import { PATTERN_MAX } from "./patterns";

export const URL_MAX = 2000;
export const PATTERNS_MAX = 50;
export const DESCRIPTION_MAX = 500;

const EventTypes = t.Array(t.String({ minLength: 1, maxLength: PATTERN_MAX }), {
  maxItems: PATTERNS_MAX,
  description: "Event type patterns: an exact type (agent.hired) or a prefix ending in .* (agent.*); empty or omitted: every event",
});

export const WebhookCreate = t.Object({
  url: t.String({ minLength: 1, maxLength: URL_MAX, description: "The receiver: https (plain http only where the operator allows private networks)" }),
  eventTypes: t.Optional(EventTypes),
  description: t.Optional(t.String({ maxLength: DESCRIPTION_MAX })),
}, { additionalProperties: false });

export const WebhookChange = t.Object({
  url: t.Optional(t.String({ minLength: 1, maxLength: URL_MAX })),
  eventTypes: t.Optional(EventTypes),
  description: t.Optional(t.Union([t.String({ maxLength: DESCRIPTION_MAX }), t.Null()])),
  status: t.Optional(t.Union([t.Literal("active"), t.Literal("disabled")], { description: "disabled: nothing is sent; events keep queueing and go out when it is active again" })),
}, { additionalProperties: false });

export const Webhook = t.Object({
  id: t.String(),
  url: t.String(),
  description: t.Union([t.String(), t.Null()]),
  eventTypes: t.Array(t.String()),
  status: t.Union([t.Literal("active"), t.Literal("disabled")]),
  includesPayment: t.Boolean({ description: "payment.* events reach it (spec 5.4: only a subscription the owner made)" }),
  createdAt: t.String({ format: "date-time" }),
  updatedAt: t.String({ format: "date-time" }),
  counts: t.Object({ pending: t.Integer(), delivered: t.Integer(), dead: t.Integer() }),
});

export const WebhookParams = t.Object({ slug: t.String(), webhookId: t.String({ maxLength: 100 }) });
export const DeliveryParams = t.Object({ slug: t.String(), webhookId: t.String({ maxLength: 100 }), deliveryId: t.String({ maxLength: 100 }) });

export const DeliveriesQuery = t.Object({
  status: t.Optional(t.Union([t.Literal("pending"), t.Literal("delivered"), t.Literal("dead")])),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 200 })),
});

export const Attempt = t.Object({
  attempt: t.Integer(),
  at: t.String({ format: "date-time" }),
  responseStatus: t.Union([t.Integer(), t.Null()]),
  error: t.Union([t.String(), t.Null()]),
  durationMs: t.Integer(),
  trigger: t.Union([t.Literal("queue"), t.Literal("manual")]),
});

export const Delivery = t.Object({
  id: t.String({ description: "The webhook-id header of every attempt: the receiver's idempotency key" }),
  eventId: t.String(),
  eventSeq: t.Integer(),
  eventType: t.String(),
  status: t.Union([t.Literal("pending"), t.Literal("delivered"), t.Literal("dead")]),
  attempts: t.Integer(),
  nextAttemptAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
  lastResponseStatus: t.Union([t.Integer(), t.Null()]),
  lastError: t.Union([t.String(), t.Null()]),
  createdAt: t.String({ format: "date-time" }),
  deliveredAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
  deadAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
  log: t.Array(Attempt),
});
