/**
 * Sealed record types (docs/audit.md §Integrity): rows whose every legitimate change goes
 * through the application with an audit event. When such an event is appended, the
 * record's state right after the change is its baseline, sealed by the chain; the trust
 * domain's integrity scan compares live records with their baselines.
 *
 * A domain declares its sealed records next to its tables, as `sealedRecords` in its
 * `module.ts`; the context registers them here at assembly.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Queryable, Tx } from "../db/database";
import { registerBaselineSealer, type AuditEventInput } from "./append";

export interface SealedRecordType<S = unknown> {
  entityType: string;
  description: string;
  /** The event types that change such a record, and the id of the record each one changed (null: none). */
  events: Record<string, (event: AuditEventInput) => string | null>;
  /** The record's state now, or null when it does not exist. */
  read(reader: Queryable, orgId: string, entityId: string): Promise<S | null>;
  /** Every such record of the organization, for the scan. */
  list(reader: Queryable, orgId: string): Promise<Array<{ entityId: string; state: S }>>;
  /** Puts the record back to a baseline state; null deletes it. */
  restore(tx: Tx, orgId: string, entityId: string, state: S | null): Promise<void>;
}

/** The record's id from a string field of the event's payload. */
export const payloadId = (key: string) => (event: AuditEventInput) => {
  const value = event.payload?.[key];
  return typeof value === "string" ? value : null;
};

/** For records kept one per organization: the event's organization. */
export const theOrg = (event: AuditEventInput) => event.orgId;

/** A record type kept in one table, one row per record, keyed by a column. */
export function rowRecordType<T extends { orgId: string }>(spec: {
  entityType: string;
  description: string;
  events: SealedRecordType["events"];
  table: any;
  idColumn: any;
  idOf: (row: T) => string;
}): SealedRecordType<T> {
  const { table, idColumn } = spec;
  return {
    entityType: spec.entityType,
    description: spec.description,
    events: spec.events,
    async read(reader, orgId, entityId) {
      const [row] = await reader.select().from(table).where(and(eq(table.orgId, orgId), eq(idColumn, entityId)));
      return (row as T | undefined) ?? null;
    },
    async list(reader, orgId) {
      const rows = (await reader.select().from(table).where(eq(table.orgId, orgId)).orderBy(asc(idColumn))) as T[];
      return rows.map((state) => ({ entityId: spec.idOf(state), state }));
    },
    async restore(tx, orgId, entityId, state) {
      await tx.delete(table).where(and(eq(table.orgId, orgId), eq(idColumn, entityId)));
      if (state) await tx.insert(table).values(state as any);
    },
  };
}

const byType = new Map<string, SealedRecordType<any>>();

/**
 * Adds record types, and makes every append of an event that changes one seal the
 * record's new state. Registering the same type again is a no-op (each app assembly
 * registers its modules' types); another type under a taken name is refused.
 */
export function registerSealedRecordTypes(types: readonly SealedRecordType<any>[]): void {
  for (const type of types) {
    const existing = byType.get(type.entityType);
    if (existing === type) continue;
    if (existing) throw new Error(`sealed record type "${type.entityType}" is already registered`);
    byType.set(type.entityType, type);
    for (const [eventType, idOf] of Object.entries(type.events)) {
      registerBaselineSealer([eventType], async (tx, event) => {
        const entityId = idOf(event);
        return entityId ? [{ entityType: type.entityType, entityId, state: await type.read(tx, event.orgId, entityId) }] : [];
      });
    }
  }
}

/** Every registered record type, in registration order. */
export function sealedRecordTypes(): SealedRecordType[] {
  return [...byType.values()];
}

export function sealedRecordType(entityType: string): SealedRecordType | null {
  return byType.get(entityType) ?? null;
}
