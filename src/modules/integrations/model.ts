/** Wire shapes of integrations (spec 4.9; docs/integrations.md). */
import { t } from "elysia";

export const ModuleParams = t.Object({ slug: t.String(), moduleKey: t.String({ maxLength: 64 }) });
export const RequestParams = t.Object({ slug: t.String(), id: t.String({ maxLength: 100 }) });

const Iso = t.String({ format: "date-time" });
const NullableIso = t.Union([Iso, t.Null()]);

export const ConnectorModuleView = t.Object({
  key: t.String(),
  name: t.String(),
  category: t.Union([t.Literal("hr_directory"), t.Literal("ticketing")]),
  description: t.String(),
  shapes: t.Array(t.String(), { description: "Real-world systems whose shape it follows" }),
  verified: t.Boolean(),
  hierarchySource: t.Boolean({ description: "Its person events build a directory that org-structure/materialize turns into teams and reporting edges" }),
  eventTypes: t.Array(t.String()),
  requiredScopes: t.Array(t.String()),
});

export const EnableBody = t.Object({
  fields: t.Record(t.String({ maxLength: 64 }), t.String({ maxLength: 2000 }), { description: "The module's fields (GET …/{moduleKey}/fields), by key", maxProperties: 20 }),
}, { additionalProperties: false });

export const ConnectionView = t.Object({
  moduleKey: t.String(),
  status: t.Union([t.Literal("enabled"), t.Literal("disconnected")]),
  settings: t.Record(t.String(), t.String()),
  notarizedEventTypes: t.Array(t.String()),
  enabledAt: Iso,
  disconnectedAt: NullableIso,
  lastInboundAt: NullableIso,
});

export const ConnectionStatus = t.Object({
  moduleKey: t.String(),
  status: t.Union([t.Literal("enabled"), t.Literal("disconnected"), t.Literal("not_connected")]),
  enabledAt: NullableIso,
  lastInboundAt: NullableIso,
  inboundCount: t.Integer(),
  signingSecretReady: t.Boolean({ description: "The organization has a webhook secret, which connectors sign inbound data with" }),
  inboundUrl: t.String({ description: "Where the connector sends (any method), signed per Standard Webhooks" }),
});

export const FieldView = t.Object({
  key: t.String(),
  label: t.String(),
  kind: t.Union([t.Literal("text"), t.Literal("url"), t.Literal("select")]),
  required: t.Boolean(),
  pattern: t.Union([t.String(), t.Null()]),
  options: t.Union([t.Array(t.String()), t.Null()]),
  help: t.String(),
  value: t.Union([t.String(), t.Null()], { description: "What the organization set, when enabled" }),
});

export const EventTypeView = t.Object({ type: t.String(), description: t.String(), notarized: t.Boolean(), hierarchy: t.Boolean() });

export const InboundEventView = t.Object({
  id: t.String(),
  messageId: t.String(),
  type: t.String(),
  data: t.Record(t.String(), t.Unknown()),
  sentAt: Iso,
  receivedAt: Iso,
  auditEventId: t.Union([t.String(), t.Null()]),
});

export const PreviewQuery = t.Object({ limit: t.Optional(t.Integer({ minimum: 1, maximum: 100 })) });

export const NotarizeScopes = t.Object({ moduleKey: t.String(), eventTypes: t.Array(t.String()), available: t.Array(t.String()) });
export const NotarizeScopesBody = t.Object({ eventTypes: t.Array(t.String({ maxLength: 100 }), { maxItems: 50, description: "The inbound event types to seal; the others are stored unsealed" }) }, { additionalProperties: false });

export const InboundResult = t.Object({
  id: t.String(),
  messageId: t.String(),
  moduleKey: t.String(),
  type: t.String(),
  notarized: t.Boolean(),
  auditEventId: t.Union([t.String(), t.Null()]),
});
export type InboundResultValue = typeof InboundResult.static;
