/**
 * The one way to record an audit event: inside the caller's transaction, so the event
 * exists if and only if the change does. Each event is sealed into its organization's
 * chain (docs/audit-format.md): gap-free sequence numbers, a record hash over the
 * canonical record and a chain hash linking it to the previous event. The per-org lock
 * keeps parallel writers from forking the chain: on PostgreSQL the advisory lock is
 * held until commit, so the next writer reads this event as its predecessor.
 *
 * Event types and their payloads are listed in catalog.ts; emit with
 * `{ ...auditEvent(ORG_EVENTS.x, payload), orgId, actor, at }`.
 */
import { Database as SqliteConnection } from "bun:sqlite";
import { desc, eq } from "drizzle-orm";
import type { Tx } from "../db/database";
import { recordHash } from "../crypto/canonical-json";
import { newId } from "../ids";
import { credentialFieldIn } from "./catalog";
import { addDayCount, dayCountKeyOf, type DayCountTally } from "./day-counts";
import { GENESIS_CHAIN_HASH, hashAuditRecord, hashClientValue, nextChainHash, type AuditRecordFields, type SealedBaselineRef } from "./record";
import { auditBaselines, auditEvents } from "./schema";

export interface AuditActor {
  kind: "user" | "api_key" | "m2m" | "agent" | "scim" | "system" | "operator";
  id?: string | null;
  /** The actor's badge (ConnectedId) in the organization, when the caller knows it. */
  connectedId?: string | null;
}

/** The state of a sealed record to record as its baseline; `state` null: the record is gone. */
export interface BaselineState {
  entityType: string;
  entityId: string;
  state: unknown;
}

export interface AuditEventInput {
  orgId: string;
  type: string;
  actor: AuditActor;
  payload?: Record<string, unknown>;
  requestId?: string | null;
  appGroupId?: string | null;
  /** Client IP and user agent: only their hashes are kept (hashClientValue). */
  ip?: string | null;
  userAgent?: string | null;
  /** Baselines this event sets beyond those its type seals on its own (see registerBaselineSealer). */
  baselines?: BaselineState[];
  at: number;
}

export interface AppendedEvent {
  id: string;
  seq: number;
  recordHash: string;
  chainHash: string;
}

/**
 * Finds the sealed records an event of a given type changed and reads their state now
 * (in the same transaction, after the change). Registered by the audit module's
 * baseline registry, so every module's events seal baselines without knowing about it.
 */
export type BaselineSealer = (tx: Tx, event: AuditEventInput) => Promise<BaselineState[]>;

const baselineSealers = new Map<string, BaselineSealer[]>();

export function registerBaselineSealer(eventTypes: readonly string[], sealer: BaselineSealer): void {
  for (const type of eventTypes) baselineSealers.set(type, [...(baselineSealers.get(type) ?? []), sealer]);
}

/** What JSON storage gives back, so the hash covers exactly what is stored (dates become strings, undefined vanishes). */
function asStored<T>(value: T): T {
  return value === undefined ? value : JSON.parse(JSON.stringify(value));
}

async function baselinesOf(tx: Tx, event: AuditEventInput): Promise<BaselineState[]> {
  const sealers = baselineSealers.get(event.type);
  if (!sealers && !event.baselines?.length) return [];
  const found = [...(event.baselines ?? [])];
  for (const sealer of sealers ?? []) found.push(...(await sealer(tx, event)));
  // One baseline per record: the last word wins.
  const byEntity = new Map(found.map((b) => [`${b.entityType}\u0000${b.entityId}`, { ...b, state: asStored(b.state) ?? null }]));
  return [...byEntity.values()];
}

const HEAD_SQL = "select seq, chain_hash as chainHash from audit_events where org_id = ? order by seq desc limit 1";

/**
 * The chain's head before this append. On SQLite through the writer connection's cached
 * prepared statement: drizzle prepares every query afresh, which costs more than the
 * rest of an append (test/bench/audit-append.ts). Elsewhere an ordinary query.
 */
async function chainHeadFor(tx: Tx, orgId: string): Promise<{ seq: number; chainHash: string } | undefined> {
  const client = (tx as { $client?: unknown }).$client;
  if (client instanceof SqliteConnection) return client.query<{ seq: number; chainHash: string }, [string]>(HEAD_SQL).get(orgId) ?? undefined;
  const [last] = await tx
    .select({ seq: auditEvents.seq, chainHash: auditEvents.chainHash })
    .from(auditEvents)
    .where(eq(auditEvents.orgId, orgId))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  return last;
}

/**
 * Appends one event to its organization's chain and counts it in its day (day-counts.ts).
 * With a `tally`, the count is left to the tally, which the caller flushes in the same
 * transaction (a batch adds each distinct key once).
 */
export async function appendAudit(tx: Tx, event: AuditEventInput, tally?: DayCountTally): Promise<AppendedEvent> {
  // A credential in a payload would be sealed forever: refuse it before anything is written.
  const credential = credentialFieldIn(event.payload);
  if (credential) throw new TypeError(`audit event ${event.type} carries a credential field (${credential}); record an id or a hash instead`);
  await tx.lock(`audit:${event.orgId}`);
  const last = await chainHeadFor(tx, event.orgId);
  const baselines = await baselinesOf(tx, event);
  const refs: SealedBaselineRef[] = baselines.map((b) => ({
    entityType: b.entityType,
    entityId: b.entityId,
    stateHash: b.state === null ? null : recordHash(b.state),
  }));
  const fields: AuditRecordFields = {
    id: newId(),
    orgId: event.orgId,
    seq: (last?.seq ?? 0) + 1,
    type: event.type,
    createdAt: event.at,
    actorKind: event.actor.kind,
    actorId: event.actor.id ?? null,
    actorConnectedId: event.actor.connectedId ?? null,
    appGroupId: event.appGroupId ?? null,
    requestId: event.requestId ?? null,
    ipHash: event.ip ? hashClientValue("ip", event.orgId, event.ip) : null,
    userAgentHash: event.userAgent ? hashClientValue("user-agent", event.orgId, event.userAgent) : null,
    payload: asStored(event.payload ?? {}),
    baselines: refs.length > 0 ? refs : null,
  };
  const hash = hashAuditRecord(fields);
  const chainHash = nextChainHash(last?.chainHash || GENESIS_CHAIN_HASH, hash);
  await tx.insert(auditEvents).values({ ...fields, recordHash: hash, chainHash });
  if (tally) tally.add(dayCountKeyOf(fields));
  else await addDayCount(tx, dayCountKeyOf(fields), 1);
  for (const [i, b] of baselines.entries()) {
    const sealed = { state: b.state, stateHash: refs[i]!.stateHash, eventId: fields.id, eventSeq: fields.seq, sealedAt: event.at };
    await tx
      .insert(auditBaselines)
      .values({ id: newId(), orgId: event.orgId, entityType: b.entityType, entityId: b.entityId, ...sealed })
      .onConflictDoUpdate({ target: [auditBaselines.orgId, auditBaselines.entityType, auditBaselines.entityId], set: sealed });
  }
  return { id: fields.id, seq: fields.seq, recordHash: hash, chainHash };
}
