/**
 * The outgoing webhook queue (docs/integrations.md "Outgoing webhooks").
 *
 * Fan-out reads the audit chain itself rather than hooking each append: an
 * organization's events get gap-free sequence numbers under its chain lock, held until
 * commit, so they become visible in sequence order. A subscription's cursor (the last
 * sequence fanned out) therefore never skips an event, and the queue row, unique per
 * (subscription, event), is written at most once: no event is lost or queued twice, and
 * appends pay nothing for subscribers (DESIGN §11's append budget).
 *
 * Delivery claims a due row with a lease (a conditional UPDATE, so one node sends it),
 * POSTs it signed (signing.ts) through the SSRF guard, and records the attempt. A 2xx
 * marks it delivered for good; anything else schedules the next attempt per
 * RETRY_DELAYS_MS, and after the last one it is dead (the dead-letter list) until
 * someone redelivers it. A node that dies mid-send lets go when its lease passes.
 */
import { and, asc, eq, gt, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { toIso } from "../../../platform/clock";
import { auditEvents } from "../../../platform/audit/schema";
import type { Tx } from "../../../platform/db/database";
import { guardedFetch, OutboundRefusedError } from "../../../platform/outbound/http";
import { newId } from "../../../platform/ids";
import { webhookSigningSecrets } from "../../access/index";
import type { IntegrationsDeps } from "../caller";
import { webhookAttempts, webhookDeliveries, webhookSubscriptions } from "../schema";
import { signatureHeader } from "./signing";
import { matchesPatterns } from "./patterns";

/** Waits after failed attempt n (1-based): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; then dead (8 attempts in about 27.5 hours). */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How long a node holds a delivery it is sending (longer than the request's time limit). */
export const LEASE_MS = 60_000;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What is read of a receiver's answer (its body is not kept). */
const ANSWER_MAX_BYTES = 64 * 1024;
const FANOUT_BATCH = 500;
const SEND_BATCH = 100;
const PARALLEL_SENDS = 8;
const ERROR_MAX = 500;

export interface QueueRunResult {
  queued: number;
  delivered: number;
  failed: number;
  dead: number;
}

/** Queues the events after each active subscription's cursor; returns how many rows were queued. */
export async function fanOut(deps: Pick<IntegrationsDeps, "db" | "clock">): Promise<number> {
  const subscriptions = await deps.db.read.select({ id: webhookSubscriptions.id }).from(webhookSubscriptions).where(eq(webhookSubscriptions.status, "active"));
  let queued = 0;
  for (const { id } of subscriptions) {
    for (;;) {
      const step = await fanOutBatch(deps, id);
      queued += step.queued;
      if (step.scanned < FANOUT_BATCH) break;
    }
  }
  return queued;
}

async function fanOutBatch(deps: Pick<IntegrationsDeps, "db" | "clock">, subscriptionId: string): Promise<{ scanned: number; queued: number }> {
  return deps.db.write(async (tx) => {
    // One node at a time advances a cursor (the unique index would refuse a second copy anyway).
    await tx.lock(`webhook-fanout:${subscriptionId}`);
    const [sub] = await tx.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, subscriptionId));
    if (!sub || sub.status !== "active") return { scanned: 0, queued: 0 };
    const events = await tx
      .select({ id: auditEvents.id, seq: auditEvents.seq, type: auditEvents.type })
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, sub.orgId), gt(auditEvents.seq, sub.cursorSeq)))
      .orderBy(asc(auditEvents.seq))
      .limit(FANOUT_BATCH);
    if (events.length === 0) return { scanned: 0, queued: 0 };
    const now = deps.clock.now();
    const wanted = events.filter((event) => deliverable(sub, event.type));
    if (wanted.length > 0) {
      await tx
        .insert(webhookDeliveries)
        .values(
          wanted.map((event) => ({
            id: `msg_${newId().replaceAll("-", "")}`,
            orgId: sub.orgId,
            subscriptionId: sub.id,
            auditEventId: event.id,
            eventSeq: event.seq,
            eventType: event.type,
            status: "pending" as const,
            attempts: 0,
            nextAttemptAt: now,
            createdAt: now,
          })),
        )
        .onConflictDoNothing();
    }
    await tx.update(webhookSubscriptions).set({ cursorSeq: events.at(-1)!.seq }).where(eq(webhookSubscriptions.id, sub.id));
    return { scanned: events.length, queued: wanted.length };
  });
}

/** payment.* is the owner's alone (spec 5.4): only a subscription the owner made receives it. */
function deliverable(sub: { eventTypes: string[]; includesPayment: boolean }, type: string): boolean {
  if (type.startsWith("payment.") && !sub.includesPayment) return false;
  return matchesPatterns(sub.eventTypes, type);
}

/** Sends the deliveries that are due; returns the outcomes. */
export async function deliverDue(deps: IntegrationsDeps): Promise<Omit<QueueRunResult, "queued">> {
  const now = deps.clock.now();
  const due = await deps.db.read
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now), eq(webhookSubscriptions.status, "active"), unleased(now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.eventSeq))
    .limit(SEND_BATCH);
  const outcome = { delivered: 0, failed: 0, dead: 0 };
  for (let i = 0; i < due.length; i += PARALLEL_SENDS) {
    const results = await Promise.all(due.slice(i, i + PARALLEL_SENDS).map(({ id }) => attemptDelivery(deps, id, "queue")));
    for (const result of results) if (result) outcome[result]++;
  }
  return outcome;
}

function unleased(now: number) {
  return or(isNull(webhookDeliveries.leasedUntil), lt(webhookDeliveries.leasedUntil, now));
}

/** Claims, sends and records one delivery; null when another node holds it or it is no longer due. */
export async function attemptDelivery(deps: IntegrationsDeps, deliveryId: string, trigger: "queue" | "manual"): Promise<"delivered" | "failed" | "dead" | null> {
  const claimedAt = deps.clock.now();
  const [claimed] = await deps.db.write((tx) =>
    tx
      .update(webhookDeliveries)
      .set({ leasedUntil: claimedAt + LEASE_MS })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, claimedAt), unleased(claimedAt)))
      .returning(),
  );
  if (!claimed) return null;
  const started = performance.now();
  const answer = await send(deps, claimed);
  const durationMs = Math.round(performance.now() - started);
  const at = deps.clock.now();
  const attempt = claimed.attempts + 1;
  const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const dead = !ok && attempt >= MAX_ATTEMPTS;
  await deps.db.write(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        status: ok ? "delivered" : dead ? "dead" : "pending",
        attempts: attempt,
        nextAttemptAt: ok || dead ? claimed.nextAttemptAt : at + RETRY_DELAYS_MS[attempt - 1]!,
        leasedUntil: null,
        lastResponseStatus: answer.status,
        lastError: answer.error,
        deliveredAt: ok ? at : null,
        deadAt: dead ? at : null,
      })
      .where(eq(webhookDeliveries.id, claimed.id));
    await tx.insert(webhookAttempts).values({ id: newId(), deliveryId: claimed.id, orgId: claimed.orgId, attempt, at, responseStatus: answer.status, error: answer.error, durationMs, trigger });
  });
  return ok ? "delivered" : dead ? "dead" : "failed";
}

type Delivery = typeof webhookDeliveries.$inferSelect;

/** What a delivery's body is: the audit event as the chain holds it, in the Standard Webhooks envelope. */
export function deliveryBody(event: typeof auditEvents.$inferSelect): string {
  return JSON.stringify({
    type: event.type,
    timestamp: toIso(event.createdAt),
    data: {
      id: event.id,
      orgId: event.orgId,
      seq: event.seq,
      type: event.type,
      createdAt: toIso(event.createdAt),
      actor: { kind: event.actorKind, id: event.actorId, connectedId: event.actorConnectedId },
      appGroupId: event.appGroupId,
      requestId: event.requestId,
      payload: event.payload,
      recordHash: event.recordHash,
      chainHash: event.chainHash,
    },
  });
}

async function send(deps: IntegrationsDeps, delivery: Delivery): Promise<{ status: number | null; error: string | null }> {
  const [sub] = await deps.db.read.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, delivery.subscriptionId));
  const [event] = await deps.db.read.select().from(auditEvents).where(eq(auditEvents.id, delivery.auditEventId));
  if (!sub || !event) return { status: null, error: "the subscription or its event is gone" };
  const secrets = await webhookSigningSecrets(deps, delivery.orgId);
  if (!secrets.current) return { status: null, error: "the organization has no webhook secret: generate one under Settings, Keys" };
  const body = deliveryBody(event);
  const timestamp = Math.floor(deps.clock.now() / 1000);
  const signing = secrets.previous ? [secrets.current, secrets.previous] : [secrets.current];
  const fetcher = guardedFetch({ allowPrivateNetworks: deps.config.webhooksAllowPrivateNetworks, timeoutMs: DELIVERY_TIMEOUT_MS, maxBytes: ANSWER_MAX_BYTES });
  try {
    const response = await fetcher(sub.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Signet-Webhooks",
        "webhook-id": delivery.id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signatureHeader(signing, delivery.id, timestamp, body),
      },
      body,
    });
    return { status: response.status, error: response.ok ? null : `the receiver answered ${response.status}` };
  } catch (e) {
    const message = e instanceof OutboundRefusedError ? e.message : `delivery failed: ${(e as Error)?.message ?? String(e)}`;
    return { status: null, error: message.slice(0, ERROR_MAX) };
  }
}

/** Queues a dead delivery again at once, with a fresh schedule; its webhook-id stays the same. */
export async function requeueDead(tx: Tx, deliveryId: string, now: number): Promise<boolean> {
  const rows = await tx
    .update(webhookDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, leasedUntil: null, deadAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "dead")))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** Deletes delivered rows (and their attempts) older than `before`; dead letters stay until redelivered or their subscription goes. */
export async function pruneDelivered(deps: Pick<IntegrationsDeps, "db">, before: number): Promise<number> {
  return deps.db.write(async (tx) => {
    const old = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, "delivered"), lt(webhookDeliveries.deliveredAt, before)))
      .limit(5000);
    if (old.length === 0) return 0;
    const ids = old.map((row) => row.id);
    await tx.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids));
    await tx.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, ids));
    return ids.length;
  });
}
