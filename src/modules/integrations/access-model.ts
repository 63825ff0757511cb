/** Wire shapes of access requests, permissions analysis and grants, and scope translation (spec 4.9). */
import { t } from "elysia";

const Iso = t.String({ format: "date-time" });
const ScopeList = t.Array(t.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 });

export const AccessRequestCreate = t.Object({
  scopes: t.Optional(ScopeList),
  reason: t.Optional(t.String({ maxLength: 1000 })),
}, { additionalProperties: false });

export const AccessRequest = t.Object({
  id: t.String(),
  moduleKey: t.String(),
  requesterConnectedId: t.String(),
  scopes: t.Array(t.String()),
  reason: t.Union([t.String(), t.Null()]),
  status: t.Union([t.Literal("pending"), t.Literal("approved"), t.Literal("denied")]),
  decidedByConnectedId: t.Union([t.String(), t.Null()]),
  decisionNote: t.Union([t.String(), t.Null()]),
  createdAt: Iso,
  decidedAt: t.Union([Iso, t.Null()]),
});

export const AccessRequestsQuery = t.Object({
  status: t.Optional(t.Union([t.Literal("pending"), t.Literal("approved"), t.Literal("denied")])),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 200 })),
});

export const DecisionBody = t.Object({ note: t.Optional(t.String({ maxLength: 1000 })) }, { additionalProperties: false });

export const AnalyzeBody = t.Object({
  connectedId: t.Optional(t.String({ maxLength: 100, description: "Whose permissions to weigh (a person's badge); default the caller's own" })),
}, { additionalProperties: false });

export const Analysis = t.Object({
  moduleKey: t.String(),
  connectedId: t.String(),
  required: t.Array(t.String()),
  held: t.Array(t.String()),
  missing: t.Array(t.String()),
});

export const GrantBody = t.Object({
  connectedId: t.String({ maxLength: 100 }),
  scopes: t.Optional(ScopeList),
}, { additionalProperties: false });

export const Granted = t.Object({
  moduleKey: t.String(),
  connectedId: t.String(),
  granted: t.Array(t.String()),
  alreadyHeld: t.Array(t.String()),
  missing: t.Array(t.String()),
});

export const TranslateBody = t.Object({ text: t.String({ minLength: 1, maxLength: 1000, description: "What the connector should be allowed to do, in words" }) }, { additionalProperties: false });

export const Translation = t.Object({
  moduleKey: t.String(),
  provider: t.Union([t.Literal("rules"), t.Literal("llm")]),
  scopes: t.Array(t.Object({ scope: t.String(), withinModule: t.Boolean({ description: "One of the scopes the module needs" }) })),
});
