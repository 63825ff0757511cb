/** Webhook subscribers of an organization, their delivery log and dead letters (docs/integrations.md). */
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Static } from "elysia";
import { toIso } from "../../../platform/clock";
import { newId } from "../../../platform/ids";
import { auditEvent } from "../../../platform/audit/catalog";
import { checkOutboundUrl, OutboundRefusedError } from "../../../platform/outbound/http";
import { webhookSigningSecrets } from "../../access/index";
import { assertCan } from "../../orgs/index";
import { type IntegrationsCaller, type IntegrationsDeps, madeBy, recordEvent } from "../caller";
import { webhookErrors } from "../errors";
import { INTEGRATION_EVENTS } from "../events";
import { webhookAttempts, webhookDeliveries, webhookSubscriptions } from "../schema";
import { INTEGRATION_SCOPES } from "../scopes";
import type * as M from "./model";
import { validPattern } from "./patterns";
import { attemptDelivery, requeueDead } from "./queue";

export const SUBSCRIPTIONS_MAX = 20;

type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
type WebhookView = Static<typeof M.Webhook>;

/** The URL checked as a delivery will be: scheme, no credentials, and (after DNS) no inward address unless the operator allows it. */
async function checkedUrl(deps: Pick<IntegrationsDeps, "config">, text: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw webhookErrors.error("invalidUrl", { field: "url" });
  }
  try {
    await checkOutboundUrl({ allowPrivateNetworks: deps.config.webhooksAllowPrivateNetworks }, url);
  } catch (e) {
    if (e instanceof OutboundRefusedError && e.reason === "address") throw webhookErrors.error("targetNotAllowed", { field: "url", message: e.message });
    if (e instanceof OutboundRefusedError) throw webhookErrors.error("invalidUrl", { field: "url", message: e.message });
    throw e;
  }
  return url.href;
}

function checkedPatterns(patterns: readonly string[] | undefined): string[] {
  const list = [...new Set(patterns ?? [])];
  list.forEach((pattern, i) => {
    if (!validPattern(pattern)) throw webhookErrors.error("invalidEventPattern", { field: `eventTypes[${i}]` });
  });
  return list;
}

async function countsOf(deps: Pick<IntegrationsDeps, "db">, ids: string[]): Promise<Map<string, WebhookView["counts"]>> {
  const counts = new Map<string, WebhookView["counts"]>(ids.map((id) => [id, { pending: 0, delivered: 0, dead: 0 }]));
  if (ids.length === 0) return counts;
  const rows = await deps.db.read
    .select({ subscriptionId: webhookDeliveries.subscriptionId, status: webhookDeliveries.status, n: count() })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.subscriptionId, ids))
    .groupBy(webhookDeliveries.subscriptionId, webhookDeliveries.status);
  for (const row of rows) counts.get(row.subscriptionId)![row.status] = Number(row.n);
  return counts;
}

function view(row: SubscriptionRow, counts: WebhookView["counts"]): WebhookView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    status: row.status,
    includesPayment: row.includesPayment,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    counts,
  };
}

async function subscriptionOr404(deps: Pick<IntegrationsDeps, "db">, caller: IntegrationsCaller, id: string): Promise<SubscriptionRow> {
  const [row] = await deps.db.read
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.orgId, caller.org.id)));
  if (!row) throw webhookErrors.error("subscriptionNotFound");
  return row;
}

export async function listWebhooks(deps: IntegrationsDeps, caller: IntegrationsCaller): Promise<WebhookView[]> {
  assertCan(caller.actor, INTEGRATION_SCOPES.webhookList);
  const rows = await deps.db.read.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.orgId, caller.org.id)).orderBy(webhookSubscriptions.createdAt);
  const counts = await countsOf(deps, rows.map((r) => r.id));
  return rows.map((row) => view(row, counts.get(row.id)!));
}

export async function getWebhook(deps: IntegrationsDeps, caller: IntegrationsCaller, id: string): Promise<WebhookView> {
  assertCan(caller.actor, INTEGRATION_SCOPES.webhookList);
  const row = await subscriptionOr404(deps, caller, id);
  return view(row, (await countsOf(deps, [row.id])).get(row.id)!);
}

/** Adds a subscriber. It receives every event after its creation, its own creation event first. */
export async function createWebhook(deps: IntegrationsDeps, caller: IntegrationsCaller, input: Static<typeof M.WebhookCreate>): Promise<WebhookView> {
  assertCan(caller.actor, INTEGRATION_SCOPES.webhookManage);
  const eventTypes = checkedPatterns(input.eventTypes);
  // Deliveries are signed with it: a subscriber without one would only collect failures. Checked before the URL's DNS lookup.
  if (!(await webhookSigningSecrets(deps, caller.org.id)).current) throw webhookErrors.error("noWebhookSecret");
  const url = await checkedUrl(deps, input.url);
  const row = await deps.db.write(async (tx) => {
    await tx.lock(`webhooks:${caller.org.id}`);
    const [existing] = await tx.select({ n: count() }).from(webhookSubscriptions).where(eq(webhookSubscriptions.orgId, caller.org.id));
    if (Number(existing?.n ?? 0) >= SUBSCRIPTIONS_MAX) throw webhookErrors.error("subscriptionLimit");
    const now = deps.clock.now();
    const id = `whsub_${newId().replaceAll("-", "")}`;
    const appended = await recordEvent(tx, caller, auditEvent(INTEGRATION_EVENTS.webhookCreated, { subscriptionId: id, host: new URL(url).host, eventTypes }), now);
    const [created] = await tx
      .insert(webhookSubscriptions)
      .values({
        id,
        orgId: caller.org.id,
        url,
        description: input.description ?? null,
        eventTypes,
        status: "active",
        includesPayment: caller.actor.kind === "user" && caller.actor.isOwner,
        // Everything after the event before its own creation: the subscriber's first delivery is its creation.
        cursorSeq: appended.seq - 1,
        createdBy: madeBy(caller.actor),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return created!;
  });
  return view(row, { pending: 0, delivered: 0, dead: 0 });
}

export async function updateWebhook(deps: IntegrationsDeps, caller: IntegrationsCaller, id: string, input: Static<typeof M.WebhookChange>): Promise<WebhookView> {
  assertCan(caller.actor, INTEGRATION_SCOPES.webhookManage);
  await subscriptionOr404(deps, caller, id);
  const url = input.url === undefined ? undefined : await checkedUrl(deps, input.url);
  const eventTypes = input.eventTypes === undefined ? undefined : checkedPatterns(input.eventTypes);
  const row = await deps.db.write(async (tx) => {
    const now = deps.clock.now();
    const change = {
      ...(url !== undefined ? { url } : {}),
      ...(eventTypes !== undefined ? { eventTypes } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
    };
    const [updated] = await tx
      .update(webhookSubscriptions)
      .set({ ...change, updatedAt: now })
      .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.orgId, caller.org.id)))
      .returning();
    if (!updated) throw webhookErrors.error("subscriptionNotFound");
    await recordEvent(tx, caller, auditEvent(INTEGRATION_EVENTS.webhookUpdated, { subscriptionId: id, changes: Object.keys(change) }), now);
    return updated;
  });
  return view(row, (await countsOf(deps, [row.id])).get(row.id)!);
}

export async function deleteWebhook(deps: IntegrationsDeps, caller: IntegrationsCaller, id: string): Promise<{ id: string; deleted: true }> {
  assertCan(caller.actor, INTEGRATION_SCOPES.webhookManage);
  await deps.db.write(async (tx) => {
    const [gone] = await tx
      .delete(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.orgId, caller.org.id)))
      .returning();
    if (!gone) throw webhookErrors.error("subscriptionNotFound");
    await recordEvent(tx, caller, auditEvent(INTEGRATION_EVENTS.webhookDeleted, { subscriptionId: id, host: new URL(gone.url).host }), deps.clock.now());
  });
  return { id, deleted: true };
}

/** The delivery log of one subscriber, newest first, each with its attempts. */
export async function listDeliveries(
  deps: IntegrationsDeps,
  caller: IntegrationsCaller,
  id: string,
  query: Static<typeof M.DeliveriesQuery>,
): Promise<Array<Static<typeof M.Delivery>>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.webhookList);
  await subscriptionOr404(deps, caller, id);
  const rows = await deps.db.read
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.subscriptionId, id), query.status ? eq(webhookDeliveries.status, query.status) : undefined))
    .orderBy(desc(webhookDeliveries.eventSeq))
    .limit(query.limit ?? 50);
  const attempts = rows.length === 0 ? [] : await deps.db.read.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.id))).orderBy(webhookAttempts.at, webhookAttempts.attempt);
  return rows.map((row) => ({
    id: row.id,
    eventId: row.auditEventId,
    eventSeq: row.eventSeq,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === "pending" ? toIso(row.nextAttemptAt) : null,
    lastResponseStatus: row.lastResponseStatus,
    lastError: row.lastError,
    createdAt: toIso(row.createdAt),
    deliveredAt: row.deliveredAt === null ? null : toIso(row.deliveredAt),
    deadAt: row.deadAt === null ? null : toIso(row.deadAt),
    log: attempts
      .filter((a) => a.deliveryId === row.id)
      .map((a) => ({ attempt: a.attempt, at: toIso(a.at), responseStatus: a.responseStatus, error: a.error, durationMs: a.durationMs, trigger: a.trigger })),
  }));
}

/**
 * Queues a dead letter again (same webhook-id, a fresh retry schedule) and sends it at
 * once. Only dead ones:
 * a delivered event is never sent twice, and a pending one is already queued.
 */
export async function redeliver(deps: IntegrationsDeps, caller: IntegrationsCaller, id: string, deliveryId: string): Promise<{ id: string; outcome: "delivered" | "failed" | "dead" | "queued" }> {
  assertCan(caller.actor, INTEGRATION_SCOPES.webhookRedeliver);
  await subscriptionOr404(deps, caller, id);
  await deps.db.write(async (tx) => {
    const [row] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, id), eq(webhookDeliveries.orgId, caller.org.id)));
    if (!row) throw webhookErrors.error("deliveryNotFound");
    const now = deps.clock.now();
    if (!(await requeueDead(tx, row.id, now))) throw webhookErrors.error("deliveryNotDead");
    await recordEvent(tx, caller, auditEvent(INTEGRATION_EVENTS.webhookRedelivered, { subscriptionId: id, deliveryId, eventType: row.eventType, wasDead: true }), now);
  });
  // Sent at once, so the person who asked sees the answer; a failure goes on with the schedule.
  const outcome = await attemptDelivery(deps, deliveryId, "manual");
  return { id: deliveryId, outcome: outcome ?? "queued" };
}
