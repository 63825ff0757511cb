/**
 * Enabling and disconnecting connector modules, and the setup wizard's reads (spec 4.9).
 * A connection row is kept when disconnected, so re-enabling keeps its notarize choice
 * and what it sent stays readable.
 */
import { and, count, desc, eq } from "drizzle-orm";
import type { Static } from "elysia";
import { toIso } from "../../platform/clock";
import { auditEvent } from "../../platform/audit/catalog";
import type { Queryable } from "../../platform/db/database";
import { newId } from "../../platform/ids";
import { webhookSigningSecrets } from "../access/index";
import { assertCan } from "../orgs/index";
import { type IntegrationsCaller, type IntegrationsDeps, madeBy, recordEvent } from "./caller";
import { type ConnectorModule, connectorModule, CONNECTOR_MODULES } from "./connectors";
import { integrationErrors } from "./errors";
import { INTEGRATION_EVENTS } from "./events";
import type * as M from "./model";
import { integrationConnections, integrationInboundEvents } from "./schema";
import { INTEGRATION_SCOPES } from "./scopes";

export type ConnectionRow = typeof integrationConnections.$inferSelect;

export function moduleOr404(key: string): ConnectorModule {
  const found = connectorModule(key);
  if (!found) throw integrationErrors.error("unknownModule", { field: "moduleKey" });
  return found;
}

export async function connectionOf(reader: Queryable, orgId: string, moduleKey: string): Promise<ConnectionRow | null> {
  const [row] = await reader
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.orgId, orgId), eq(integrationConnections.moduleKey, moduleKey)));
  return row ?? null;
}

/** The module's connection when it is enabled, else 409 module_not_enabled. */
export async function enabledConnection(reader: Queryable, orgId: string, module: ConnectorModule): Promise<ConnectionRow> {
  const row = await connectionOf(reader, orgId, module.key);
  if (!row || row.status !== "enabled") throw integrationErrors.error("moduleNotEnabled");
  return row;
}

export function moduleView(module: ConnectorModule): Static<typeof M.ConnectorModuleView> {
  return {
    key: module.key,
    name: module.name,
    category: module.category,
    description: module.description,
    shapes: module.shapes,
    verified: module.verified,
    hierarchySource: module.hierarchy !== null,
    eventTypes: module.eventTypes.map((e) => e.type),
    requiredScopes: module.requiredScopes,
  };
}

function connectionView(row: ConnectionRow): Static<typeof M.ConnectionView> {
  return {
    moduleKey: row.moduleKey,
    status: row.status,
    settings: row.settings,
    notarizedEventTypes: row.notarizedEventTypes,
    enabledAt: toIso(row.enabledAt),
    disconnectedAt: row.disconnectedAt === null ? null : toIso(row.disconnectedAt),
    lastInboundAt: row.lastInboundAt === null ? null : toIso(row.lastInboundAt),
  };
}

/** The fields checked against the module: every required one present, selects among their options, patterns matched, no unknown key. */
function checkedSettings(module: ConnectorModule, input: Record<string, string>): Record<string, string> {
  const known = new Set(module.fields.map((f) => f.key));
  for (const key of Object.keys(input)) if (!known.has(key)) throw integrationErrors.error("invalidField", { field: `fields.${key}`, message: `${module.key} has no field ${key}` });
  const settings: Record<string, string> = {};
  for (const field of module.fields) {
    const value = input[field.key]?.trim();
    if (!value) {
      if (field.required) throw integrationErrors.error("invalidField", { field: `fields.${field.key}`, message: `${field.label} is required` });
      continue;
    }
    if (field.kind === "url") {
      let url: URL | null = null;
      try {
        url = new URL(value);
      } catch {}
      if (!url || url.protocol !== "https:") throw integrationErrors.error("invalidField", { field: `fields.${field.key}`, message: `${field.label} is an https URL` });
    }
    if (field.kind === "select" && !field.options!.includes(value)) throw integrationErrors.error("invalidField", { field: `fields.${field.key}`, message: `${field.label} is one of ${field.options!.join(", ")}` });
    if (field.pattern && !new RegExp(field.pattern).test(value)) throw integrationErrors.error("invalidField", { field: `fields.${field.key}`, message: `${field.label}: ${field.help}` });
    settings[field.key] = value;
  }
  return settings;
}

/** POST /{moduleKey}/enable: enables (or re-enables, with new fields) the module. */
export async function enableModule(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string, input: Static<typeof M.EnableBody>): Promise<Static<typeof M.ConnectionView>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.enable);
  const module = moduleOr404(moduleKey);
  const settings = checkedSettings(module, input.fields);
  return deps.db.write(async (tx) => {
    await tx.lock(`integration:${caller.org.id}:${module.key}`);
    const now = deps.clock.now();
    const existing = await connectionOf(tx, caller.org.id, module.key);
    let row: ConnectionRow;
    if (existing) {
      [row] = (await tx
        .update(integrationConnections)
        .set({ status: "enabled", settings, enabledAt: existing.status === "enabled" ? existing.enabledAt : now, enabledBy: madeBy(caller.actor), disconnectedAt: null, updatedAt: now })
        .where(eq(integrationConnections.id, existing.id))
        .returning()) as [ConnectionRow];
    } else {
      [row] = (await tx
        .insert(integrationConnections)
        .values({
          id: newId(),
          orgId: caller.org.id,
          moduleKey: module.key,
          status: "enabled",
          settings,
          notarizedEventTypes: module.eventTypes.filter((e) => e.notarizedByDefault).map((e) => e.type),
          enabledAt: now,
          enabledBy: madeBy(caller.actor),
          updatedAt: now,
        })
        .returning()) as [ConnectionRow];
    }
    await recordEvent(tx, caller, auditEvent(INTEGRATION_EVENTS.enabled, { moduleKey: module.key, fields: Object.keys(settings), reenabled: existing !== null }), now);
    return connectionView(row);
  });
}

/** DELETE /{moduleKey}/enable: disconnects; inbound data for it is refused from now on, what it sent is kept. */
export async function disconnectModule(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string): Promise<Static<typeof M.ConnectionView>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.disconnect);
  const module = moduleOr404(moduleKey);
  return deps.db.write(async (tx) => {
    await tx.lock(`integration:${caller.org.id}:${module.key}`);
    const existing = await enabledConnection(tx, caller.org.id, module);
    const now = deps.clock.now();
    const [row] = await tx.update(integrationConnections).set({ status: "disconnected", disconnectedAt: now, updatedAt: now }).where(eq(integrationConnections.id, existing.id)).returning();
    await recordEvent(tx, caller, auditEvent(INTEGRATION_EVENTS.disconnected, { moduleKey: module.key }), now);
    return connectionView(row!);
  });
}

export async function listEnabled(deps: IntegrationsDeps, caller: IntegrationsCaller): Promise<Array<Static<typeof M.ConnectionView>>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.read);
  const rows = await deps.db.read
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.orgId, caller.org.id), eq(integrationConnections.status, "enabled")))
    .orderBy(integrationConnections.moduleKey);
  return rows.map(connectionView);
}

export function verifiedConnectors(caller: IntegrationsCaller): Array<Static<typeof M.ConnectorModuleView>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.read);
  return CONNECTOR_MODULES.filter((m) => m.verified).map(moduleView);
}

export async function connectionStatus(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string): Promise<Static<typeof M.ConnectionStatus>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.read);
  const module = moduleOr404(moduleKey);
  const row = await connectionOf(deps.db.read, caller.org.id, module.key);
  const [received] = await deps.db.read
    .select({ n: count() })
    .from(integrationInboundEvents)
    .where(and(eq(integrationInboundEvents.orgId, caller.org.id), eq(integrationInboundEvents.moduleKey, module.key)));
  const signing = await webhookSigningSecrets(deps, caller.org.id);
  return {
    moduleKey: module.key,
    status: row?.status ?? "not_connected",
    enabledAt: row ? toIso(row.enabledAt) : null,
    lastInboundAt: row?.lastInboundAt ? toIso(row.lastInboundAt) : null,
    inboundCount: Number(received?.n ?? 0),
    signingSecretReady: signing.current !== null,
    inboundUrl: `/api/org/${caller.org.slug}/inbound`,
  };
}

export async function moduleFields(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string): Promise<Array<Static<typeof M.FieldView>>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.read);
  const module = moduleOr404(moduleKey);
  const row = await connectionOf(deps.db.read, caller.org.id, module.key);
  return module.fields.map((f) => ({ ...f, pattern: f.pattern ?? null, options: f.options ?? null, value: row?.settings[f.key] ?? null }));
}

export async function moduleEventTypes(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string): Promise<Array<Static<typeof M.EventTypeView>>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.read);
  const module = moduleOr404(moduleKey);
  const row = await connectionOf(deps.db.read, caller.org.id, module.key);
  const notarized = new Set(row ? row.notarizedEventTypes : module.eventTypes.filter((e) => e.notarizedByDefault).map((e) => e.type));
  return module.eventTypes.map((e) => ({ type: e.type, description: e.description, notarized: notarized.has(e.type), hierarchy: module.hierarchy !== null && [module.hierarchy.upsertEvent, module.hierarchy.removeEvent].includes(e.type) }));
}

export async function inboundPreview(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string, limit: number): Promise<Array<Static<typeof M.InboundEventView>>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.read);
  const module = moduleOr404(moduleKey);
  const rows = await deps.db.read
    .select()
    .from(integrationInboundEvents)
    .where(and(eq(integrationInboundEvents.orgId, caller.org.id), eq(integrationInboundEvents.moduleKey, module.key)))
    .orderBy(desc(integrationInboundEvents.receivedAt), desc(integrationInboundEvents.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, messageId: r.messageId, type: r.eventType, data: r.payload, sentAt: toIso(r.sentAt), receivedAt: toIso(r.receivedAt), auditEventId: r.auditEventId }));
}

export async function notarizeScopes(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string): Promise<Static<typeof M.NotarizeScopes>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.read);
  const module = moduleOr404(moduleKey);
  const row = await enabledConnection(deps.db.read, caller.org.id, module);
  return { moduleKey: module.key, eventTypes: row.notarizedEventTypes, available: module.eventTypes.map((e) => e.type) };
}

/** POST /{moduleKey}/notarize-scopes: which inbound event types are sealed into the audit chain from now on. */
export async function setNotarizeScopes(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string, input: Static<typeof M.NotarizeScopesBody>): Promise<Static<typeof M.NotarizeScopes>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.notarize);
  const module = moduleOr404(moduleKey);
  const known = new Set(module.eventTypes.map((e) => e.type));
  input.eventTypes.forEach((type, i) => {
    if (!known.has(type)) throw integrationErrors.error("unknownEventType", { field: `eventTypes[${i}]` });
  });
  const eventTypes = module.eventTypes.map((e) => e.type).filter((type) => input.eventTypes.includes(type));
  return deps.db.write(async (tx) => {
    await tx.lock(`integration:${caller.org.id}:${module.key}`);
    const row = await enabledConnection(tx, caller.org.id, module);
    const now = deps.clock.now();
    await tx.update(integrationConnections).set({ notarizedEventTypes: eventTypes, updatedAt: now }).where(eq(integrationConnections.id, row.id));
    await recordEvent(tx, caller, auditEvent(INTEGRATION_EVENTS.notarizeScopesChanged, { moduleKey: module.key, from: row.notarizedEventTypes, to: eventTypes }), now);
    return { moduleKey: module.key, eventTypes, available: [...known] };
  });
}
