/**
 * The storage quota (spec 2.4, 3.4, §8): what an organization uses is the sum of its
 * live files plus the bytes reserved by uploads in flight. Every gate reads it under
 * the lock `storage:{orgId}` inside the write that acts on it, so two uploads that only
 * one fits can never both pass. Trashed files do not count.
 */
import { and, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../../platform/db/database";
import { ApiError } from "../../../platform/http/errors";
import { newId } from "../../../platform/ids";
import { limitsOf, type PlanSubject } from "../../orgs/index";
import { storageLimits } from "./limits";
import { fileErrors } from "./errors";
import { fileUploadReservations, files } from "./schema";

/** An upload must finish within this; a reservation older than that no longer counts. */
export const RESERVATION_TTL_MS = 15 * 60 * 1000;

export const storageLockKey = (orgId: string) => `storage:${orgId}`;

const total = (column: typeof files.sizeBytes | typeof fileUploadReservations.bytes) => sql<string | number>`coalesce(sum(${column}), 0)`;

/** Bytes the quota counts now: live files plus unexpired reservations (minus one being settled). */
export async function usedBytes(reader: Queryable, orgId: string, now: number, exceptReservation?: string): Promise<number> {
  const [live] = await reader.select({ bytes: total(files.sizeBytes) }).from(files).where(and(eq(files.orgId, orgId), isNull(files.trashedAt)));
  const reservedWhere = and(eq(fileUploadReservations.orgId, orgId), gt(fileUploadReservations.expiresAt, now));
  const [reserved] = await reader
    .select({ bytes: total(fileUploadReservations.bytes) })
    .from(fileUploadReservations)
    .where(exceptReservation ? and(reservedWhere, sql`${fileUploadReservations.id} <> ${exceptReservation}`) : reservedWhere);
  return Number(live?.bytes ?? 0) + Number(reserved?.bytes ?? 0);
}

export function quotaExceeded(used: number, limit: number): ApiError {
  return fileErrors.error("storageQuotaExceeded", { usedBytes: used, limitBytes: limit, message: "the organization's storage is full; retrying does not help" });
}

/** 403 storage_quota_exceeded unless `bytes` more fit. For writes holding the storage lock. */
export async function requireRoom(tx: Tx, org: PlanSubject & { id: string }, bytes: number, now: number, exceptReservation?: string): Promise<void> {
  const limit = limitsOf(org, storageLimits).includedStorageBytes;
  if (limit === null) return;
  const used = await usedBytes(tx, org.id, now, exceptReservation);
  if (used + bytes > limit) throw quotaExceeded(used, limit);
}

export interface Reservation {
  id: string;
  /** Bytes the upload may write: what it asked for, capped by the room left. */
  bytes: number;
  /** Whether the cap came from the quota (more bytes then mean storage_quota_exceeded). */
  cappedByQuota: boolean;
  used: number;
  limit: number | null;
}

/** Holds room for an upload of at most `wanted` bytes: as much as is left, up to that. */
export async function reserve(tx: Tx, org: PlanSubject & { id: string }, wanted: number, now: number): Promise<Reservation> {
  await tx.lock(storageLockKey(org.id));
  const limit = limitsOf(org, storageLimits).includedStorageBytes;
  const used = await usedBytes(tx, org.id, now);
  const room = limit === null ? wanted : Math.max(0, limit - used);
  const bytes = Math.min(wanted, room);
  const id = newId();
  await tx.insert(fileUploadReservations).values({ id, orgId: org.id, bytes, createdAt: now, expiresAt: now + RESERVATION_TTL_MS });
  return { id, bytes, cappedByQuota: bytes < wanted, used, limit };
}

export async function release(tx: Tx, reservationId: string): Promise<void> {
  await tx.delete(fileUploadReservations).where(eq(fileUploadReservations.id, reservationId));
}

/** Expired reservations (an upload whose process died) are only dead weight. */
export async function pruneExpiredReservations(tx: Tx, now: number): Promise<number> {
  return (await tx.delete(fileUploadReservations).where(lte(fileUploadReservations.expiresAt, now)).returning({ id: fileUploadReservations.id })).length;
}

export interface StorageUsage {
  usedBytes: number;
  limitBytes: number | null;
  remainingBytes: number | null;
  fileCount: number;
  trashedBytes: number;
  trashedCount: number;
  trashRetentionDays: number;
}

/** GET /storage/usage: the very figure the upload gate compares against the limit. */
export async function storageUsage(reader: Queryable, org: PlanSubject & { id: string }, now: number): Promise<StorageUsage> {
  const used = await usedBytes(reader, org.id, now);
  const count = async (trashed: boolean) => {
    const [row] = await reader
      .select({ bytes: total(files.sizeBytes), count: sql<string | number>`count(*)` })
      .from(files)
      .where(and(eq(files.orgId, org.id), trashed ? isNotNull(files.trashedAt) : isNull(files.trashedAt)));
    return { bytes: Number(row?.bytes ?? 0), count: Number(row?.count ?? 0) };
  };
  const live = await count(false);
  const trashed = await count(true);
  const limit = limitsOf(org, storageLimits).includedStorageBytes;
  return {
    usedBytes: used,
    limitBytes: limit,
    remainingBytes: limit === null ? null : Math.max(0, limit - used),
    fileCount: live.count,
    trashedBytes: trashed.bytes,
    trashedCount: trashed.count,
    trashRetentionDays: limitsOf(org, storageLimits).trashRetentionDays,
  };
}
