/**
 * /api/org/{slug}/inbound (spec 4.9): data from connectors, signed with the
 * organization's webhook secret per Standard Webhooks (webhooks/signing.ts; the
 * verification example is in docs/integrations.md).
 *
 * Checked in this order, and nothing is written before all pass:
 * 1. the body fits the route's limit (the kernel, before parsing);
 * 2. webhook-id, webhook-timestamp and webhook-signature are present and well formed;
 * 3. the timestamp is within TIMESTAMP_TOLERANCE_MS of the clock (both ways);
 * 4. a v1 signature over `id.timestamp.body` matches the current secret, or the
 *    previous one during its grace period, compared in constant time;
 * 5. the body is a connector event of a module the organization enabled;
 * 6. the webhook-id was never stored for the organization (a unique index: a replay is
 *    refused on every node and after restarts, in the transaction that would store it).
 * Failing 1 is 413, 2-4 and 6 are 401 inbound_signature_invalid (an unknown
 * organization answers the same, so nothing leaks), 5 is 400 or 409.
 *
 * An event whose type is notarized (notarize-scopes) is sealed in the same transaction
 * as integration.inbound_notarized with the hash of its data, never the data. A
 * hierarchy source's person events also update the directory the org-structure reads.
 */
import { and, eq } from "drizzle-orm";
import { toIso } from "../../platform/clock";
import { appendAudit } from "../../platform/audit/append";
import { auditEvent } from "../../platform/audit/catalog";
import { recordHash } from "../../platform/crypto/canonical-json";
import type { Tx } from "../../platform/db/database";
import { newId } from "../../platform/ids";
import { webhookSigningSecrets } from "../access/index";
import { orgBySlug } from "../orgs/index";
import type { IntegrationsDeps } from "./caller";
import { enabledConnection } from "./connections";
import { type ConnectorModule, connectorModule } from "./connectors";
import { inboundErrors, integrationErrors } from "./errors";
import { INTEGRATION_EVENTS } from "./events";
import { integrationConnections, integrationDirectoryEntries, integrationInboundEvents } from "./schema";
import { verifySignature } from "./webhooks/signing";

/** How far a webhook-timestamp may be from the clock, either way (Standard Webhooks' recommendation). */
export const TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000;
export const INBOUND_BODY_LIMIT = 256 * 1024;
const MESSAGE_ID = /^[A-Za-z0-9_.:-]{1,200}$/;
const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE_HEADER_MAX = 2000;
const TYPE_MAX = 100;

export interface InboundResult {
  id: string;
  messageId: string;
  moduleKey: string;
  type: string;
  notarized: boolean;
  auditEventId: string | null;
}

function refused(reason: string): never {
  throw inboundErrors.error("inboundUnauthorized", { message: reason });
}

interface ConnectorEvent {
  moduleKey: string;
  type: string;
  data: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The verified body read as a connector event of a known module and type. */
function connectorEventOf(bytes: Uint8Array): { event: ConnectorEvent; module: ConnectorModule } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw inboundErrors.error("inboundInvalid", { message: "the body is not JSON" });
  }
  if (!isRecord(parsed)) throw inboundErrors.error("inboundInvalid");
  const unknownKey = Object.keys(parsed).find((k) => !["moduleKey", "type", "data"].includes(k));
  if (unknownKey) throw inboundErrors.error("inboundInvalid", { field: unknownKey, message: `unknown field ${unknownKey}` });
  const { moduleKey, type, data } = parsed;
  if (typeof moduleKey !== "string") throw inboundErrors.error("inboundInvalid", { field: "moduleKey" });
  if (typeof type !== "string" || type.length > TYPE_MAX) throw inboundErrors.error("inboundInvalid", { field: "type" });
  if (!isRecord(data)) throw inboundErrors.error("inboundInvalid", { field: "data", message: "data is a JSON object" });
  const module = connectorModule(moduleKey);
  if (!module) throw integrationErrors.error("unknownModule", { field: "moduleKey" });
  if (!module.eventTypes.some((e) => e.type === type)) throw integrationErrors.error("unknownEventType", { field: "type" });
  return { event: { moduleKey, type, data }, module };
}

/** Handles one inbound request: verifies it, then stores (and seals) the event in one transaction. */
export async function receiveInbound(deps: IntegrationsDeps, slug: string, headers: Headers, body: Uint8Array): Promise<InboundResult> {
  const messageId = headers.get("webhook-id") ?? "";
  const timestamp = headers.get("webhook-timestamp") ?? "";
  const signature = headers.get("webhook-signature") ?? "";
  if (!MESSAGE_ID.test(messageId)) refused("webhook-id is missing or malformed");
  if (!TIMESTAMP.test(timestamp)) refused("webhook-timestamp is missing or not whole seconds");
  if (!signature || signature.length > SIGNATURE_HEADER_MAX) refused("webhook-signature is missing");
  const sentAt = Number(timestamp) * 1000;
  if (Math.abs(deps.clock.now() - sentAt) > TIMESTAMP_TOLERANCE_MS) refused("webhook-timestamp is outside the 5-minute window");
  const org = await orgBySlug(deps.db.read, slug);
  const secrets = org ? await webhookSigningSecrets(deps, org.id) : { current: null, previous: null };
  const candidates = [secrets.current, secrets.previous].filter((s): s is string => s !== null);
  // An unknown organization or one without a secret is checked against nothing: the same answer as a bad signature.
  if (!verifySignature(candidates, signature, messageId, timestamp, body) || !org) refused("the signature does not verify");
  const { event, module } = connectorEventOf(body);
  await enabledConnection(deps.db.read, org.id, module);

  return deps.db.write(async (tx) => {
    const connection = await enabledConnection(tx, org.id, module);
    const now = deps.clock.now();
    const id = newId();
    const stored = await tx
      .insert(integrationInboundEvents)
      .values({ id, orgId: org.id, moduleKey: module.key, messageId, eventType: event.type, payload: event.data, sentAt, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: integrationInboundEvents.id });
    if (stored.length === 0) refused("this webhook-id was already received (a replay)");
    let auditEventId: string | null = null;
    if (connection.notarizedEventTypes.includes(event.type)) {
      const sealed = await appendAudit(tx, {
        orgId: org.id,
        ...auditEvent(INTEGRATION_EVENTS.inboundNotarized, { moduleKey: module.key, inboundEventId: id, messageId, eventType: event.type, payloadHash: recordHash(event.data), sentAt: toIso(sentAt) }),
        actor: { kind: "system", id: `integration:${module.key}` },
        at: now,
      });
      auditEventId = sealed.id;
      await tx.update(integrationInboundEvents).set({ auditEventId }).where(eq(integrationInboundEvents.id, id));
    }
    if (module.hierarchy) await applyToDirectory(tx, org.id, module, event, connection.settings.unitSeparator ?? "/", now);
    await tx.update(integrationConnections).set({ lastInboundAt: now }).where(eq(integrationConnections.id, connection.id));
    return { id, messageId, moduleKey: module.key, type: event.type, notarized: auditEventId !== null, auditEventId };
  });
}

function text(data: Record<string, unknown>, field: string, max: number): string | null {
  const value = data[field];
  return typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : null;
}

/** A hierarchy source's person events keep the directory (its latest word per person). */
async function applyToDirectory(tx: Tx, orgId: string, module: ConnectorModule, event: ConnectorEvent, separator: string, now: number): Promise<void> {
  const map = module.hierarchy!;
  const externalId = text(event.data, map.fields.externalId, 200);
  if (!externalId) return;
  const where = and(eq(integrationDirectoryEntries.orgId, orgId), eq(integrationDirectoryEntries.moduleKey, module.key), eq(integrationDirectoryEntries.externalId, externalId));
  if (event.type === map.removeEvent) {
    await tx.delete(integrationDirectoryEntries).where(where);
    return;
  }
  if (event.type !== map.upsertEvent) return;
  const unit = text(event.data, map.fields.unitPath, 1000);
  const entry = {
    displayName: text(event.data, map.fields.displayName, 200) ?? externalId,
    email: text(event.data, map.fields.email, 320)?.toLowerCase() ?? null,
    unitPath: unit ? unit.split(separator).map((part) => part.trim()).filter(Boolean).slice(0, 10).map((p) => p.slice(0, 100)) : [],
    managerExternalId: text(event.data, map.fields.managerId, 200),
    updatedAt: now,
  };
  await tx
    .insert(integrationDirectoryEntries)
    .values({ id: newId(), orgId, moduleKey: module.key, externalId, ...entry })
    .onConflictDoUpdate({ target: [integrationDirectoryEntries.orgId, integrationDirectoryEntries.moduleKey, integrationDirectoryEntries.externalId], set: entry });
}
