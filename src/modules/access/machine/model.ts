/** The wire shapes of API keys: one schema each, with the type services use. */
import { t, type Static } from "elysia";

export const ApiKeyView = t.Object({
  id: t.String(),
  name: t.Union([t.String(), t.Null()]),
  prefix: t.String({ description: "The start of the key (ah_live_ and 8 characters), to recognise it" }),
  scopes: t.Array(t.String()),
  appGroupId: t.Union([t.String(), t.Null()], { description: "Set on an app-group-scoped key; null on an org-wide key" }),
  serviceAccountId: t.Union([t.String(), t.Null()]),
  maxTokenLifetimeSeconds: t.Integer(),
  createdAt: t.String({ format: "date-time" }),
  createdBy: t.Union([t.String(), t.Null()], { description: "The user who created it; null for the operator's bootstrap key" }),
  revokedAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
});

export const CreatedApiKey = t.Composite([ApiKeyView, t.Object({ key: t.String({ description: "The key itself: shown in this response only, never again" }) })]);
export type ApiKeyView = Static<typeof ApiKeyView>;
export type CreatedApiKey = Static<typeof CreatedApiKey>;
