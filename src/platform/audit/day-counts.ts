/**
 * Per-day event counts (schema.ts auditDayCounts), kept in the transaction that appends
 * the events, so they commit or roll back with them. Audit stats read whole UTC days
 * here and only the partial first and last day from the events themselves.
 *
 * One upsert per distinct key: an event adds 1 to its (org, day, type, actor, app group)
 * row; a batch of events (group commit) adds each key's total once.
 */
import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { Tx } from "../db/database";
import { preparedQuery } from "../db/prepared";
import { auditDayCounts, auditEvents } from "./schema";

export const AUDIT_DAY_MS = 86_400_000;

/** The UTC day number of an instant. */
export function auditDayOf(at: number): number {
  return Math.floor(at / AUDIT_DAY_MS);
}

export interface DayCountKey {
  orgId: string;
  day: number;
  type: string;
  actorKind: string;
  actorId: string;
  actorConnectedId: string;
  appGroupId: string;
}

export interface CountedEventFields {
  orgId: string;
  createdAt: number;
  type: string;
  actorKind: string;
  actorId: string | null;
  actorConnectedId: string | null;
  appGroupId: string | null;
}

export function dayCountKeyOf(e: CountedEventFields): DayCountKey {
  return {
    orgId: e.orgId,
    day: auditDayOf(e.createdAt),
    type: e.type,
    actorKind: e.actorKind,
    actorId: e.actorId ?? "",
    actorConnectedId: e.actorConnectedId ?? "",
    appGroupId: e.appGroupId ?? "",
  };
}

/**
 * The upsert adding `n` events to a key's count, prepared once per handle (prepared.ts):
 * built afresh by drizzle for every event it cost more than the rest of the count.
 */
const upsertDayCount = preparedQuery((db) =>
  db
    .insert(auditDayCounts)
    .values({
      orgId: sql.placeholder("orgId"),
      day: sql.placeholder("day"),
      type: sql.placeholder("type"),
      actorKind: sql.placeholder("actorKind"),
      actorId: sql.placeholder("actorId"),
      actorConnectedId: sql.placeholder("actorConnectedId"),
      appGroupId: sql.placeholder("appGroupId"),
      n: sql.placeholder("n"),
    } as unknown as typeof auditDayCounts.$inferInsert)
    .onConflictDoUpdate({
      target: [auditDayCounts.orgId, auditDayCounts.day, auditDayCounts.type, auditDayCounts.actorKind, auditDayCounts.actorId, auditDayCounts.actorConnectedId, auditDayCounts.appGroupId],
      set: { n: sql.raw("audit_day_counts.n + excluded.n") },
    })
    .prepare(),
);

/** Adds `n` events to a key's count. */
export async function addDayCount(tx: Tx, key: DayCountKey, n: number): Promise<void> {
  await upsertDayCount(tx).execute({ ...key, n });
}

/** The counts of a batch of appends, added once per distinct key by `flush`, in the batch's transaction. */
export class DayCountTally {
  private readonly counts = new Map<string, { key: DayCountKey; n: number }>();

  add(key: DayCountKey): void {
    const id = JSON.stringify([key.orgId, key.day, key.type, key.actorKind, key.actorId, key.actorConnectedId, key.appGroupId]);
    const entry = this.counts.get(id);
    if (entry) entry.n += 1;
    else this.counts.set(id, { key, n: 1 });
  }

  async flush(tx: Tx): Promise<void> {
    for (const { key, n } of this.counts.values()) await addDayCount(tx, key, n);
    this.counts.clear();
  }
}

/**
 * Counts the days `fromDay`..`toDay` of an organization again from its events, replacing
 * what was kept: after a purge deleted events (retention.ts), or after events were written
 * in bulk without appendAudit (the data-scale seed). Reads only those days' events.
 */
export async function recountDays(tx: Tx, orgId: string, fromDay: number, toDay: number): Promise<void> {
  await tx.delete(auditDayCounts).where(and(eq(auditDayCounts.orgId, orgId), gte(auditDayCounts.day, fromDay), lt(auditDayCounts.day, toDay + 1)));
  const key = {
    day: sql<number>`(${auditEvents.createdAt} / ${sql.raw(String(AUDIT_DAY_MS))})`,
    actorId: sql<string>`coalesce(${auditEvents.actorId}, '')`,
    actorConnectedId: sql<string>`coalesce(${auditEvents.actorConnectedId}, '')`,
    appGroupId: sql<string>`coalesce(${auditEvents.appGroupId}, '')`,
  };
  await tx.insert(auditDayCounts).select(
    tx
      .select({
        orgId: auditEvents.orgId,
        day: key.day.as("day"),
        type: auditEvents.type,
        actorKind: auditEvents.actorKind,
        actorId: key.actorId.as("actor_id"),
        actorConnectedId: key.actorConnectedId.as("actor_connected_id"),
        appGroupId: key.appGroupId.as("app_group_id"),
        n: count().as("n"),
      })
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, orgId), gte(auditEvents.createdAt, fromDay * AUDIT_DAY_MS), lt(auditEvents.createdAt, (toDay + 1) * AUDIT_DAY_MS)))
      .groupBy(auditEvents.orgId, key.day, auditEvents.type, auditEvents.actorKind, key.actorId, key.actorConnectedId, key.appGroupId),
  );
}
