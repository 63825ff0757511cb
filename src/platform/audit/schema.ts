import { col, table } from "../db/kit";

/**
 * The audit chain (DESIGN §6, docs/audit-format.md). Events are appended in the
 * transaction of the change they record. Each organization has one chain: `seq` counts
 * from 1 without gaps, `recordHash` is the SHA-256 of the event's canonical record and
 * `chainHash` = SHA-256(previous chainHash ‖ recordHash).
 */
export const auditEvents = table(
  "audit_events",
  {
    id: col.id(),
    orgId: col.text().notNull(),
    seq: col.bigint().notNull(),
    type: col.text().notNull(),
    actorKind: col.text().notNull(),
    actorId: col.text(),
    /** The actor's badge (ConnectedId) in the organization, when known. */
    actorConnectedId: col.text(),
    appGroupId: col.text(),
    requestId: col.text(),
    /** SHA-256 of the client IP and user agent (see hashClientValue), never the values. */
    ipHash: col.text(),
    userAgentHash: col.text(),
    payload: col.json<Record<string, unknown>>().notNull(),
    /** Sealed baselines this event sets: [{entityType, entityId, stateHash}] (see baselines). */
    baselines: col.json<Array<{ entityType: string; entityId: string; stateHash: string | null }>>(),
    createdAt: col.time().notNull(),
    // Empty only on rows written before the chain existed (migration 0002).
    recordHash: col.text().notNull().default(""),
    chainHash: col.text().notNull().default(""),
  },
  [
    { name: "audit_events_org_seq_uq", on: ["orgId", "seq"], unique: true },
    { name: "audit_events_org_type_idx", on: ["orgId", "type"] },
    { name: "audit_events_org_created_idx", on: ["orgId", "createdAt"] },
    // Newest-first pages of one actor's events read these in order (trust/audit/query.ts).
    // The actor leads, so that no index but (orgId, seq) offers SQLite's planner a walk of
    // the whole organization: one starting with orgId alone would compete with it for
    // unfiltered pages, and without statistics for it the planner may take it and sort.
    // Partial: system and end-user events have no actor id, most events no badge.
    { name: "audit_events_actor_org_seq_idx", on: ["actorId", "orgId", "seq"], whereFirstNotNull: true },
    { name: "audit_events_connected_org_seq_idx", on: ["actorConnectedId", "orgId", "seq"], whereFirstNotNull: true },
  ],
);

/**
 * Signed checkpoints: (seq, chainHash, at) signed RS256 by the organization's key as a
 * compact JWS, so a truncated tail is detectable by anyone holding the JWKS.
 */
export const auditCheckpoints = table(
  "audit_checkpoints",
  {
    id: col.id(),
    orgId: col.text().notNull(),
    seq: col.bigint().notNull(),
    chainHash: col.text().notNull(),
    kid: col.text().notNull(),
    jws: col.text().notNull(),
    createdAt: col.time().notNull(),
  },
  [{ name: "audit_checkpoints_org_seq_uq", on: ["orgId", "seq"], unique: true }],
);

/**
 * Sealed baselines: the state of a sealed record (a role, a key, security settings…)
 * as the application last wrote it. The event that wrote it carries the state's hash
 * in its record (`audit_events.baselines`), so the baseline is sealed by the chain.
 * `state` null: the record was deleted through the application.
 */
export const auditBaselines = table(
  "audit_baselines",
  {
    id: col.id(),
    orgId: col.text().notNull(),
    entityType: col.text().notNull(),
    entityId: col.text().notNull(),
    state: col.json<unknown>(),
    stateHash: col.text(),
    eventId: col.text().notNull(),
    eventSeq: col.bigint().notNull(),
    sealedAt: col.time().notNull(),
  },
  [{ name: "audit_baselines_entity_uq", on: ["orgId", "entityType", "entityId"], unique: true }],
);

/**
 * How many events each organization appended per UTC day, type, actor and app group,
 * kept in the transaction that appends them (day-counts.ts), so /audit/stats reads a
 * day's counts instead of its events. A day's rows are bounded by its distinct (type,
 * actor, app group) keys, not by its events. Absent values are stored as "" so that the
 * key is unique on both dialects (NULLs never conflict). Not a proof: a row edited or
 * deleted behind the application's back is not reflected here (verify is the proof).
 */
export const auditDayCounts = table(
  "audit_day_counts",
  {
    orgId: col.text().notNull(),
    /** The UTC day number: floor(createdAt / 86,400,000). */
    day: col.int().notNull(),
    type: col.text().notNull(),
    actorKind: col.text().notNull(),
    actorId: col.text().notNull().default(""),
    actorConnectedId: col.text().notNull().default(""),
    appGroupId: col.text().notNull().default(""),
    n: col.bigint().notNull(),
  },
  [{ name: "audit_day_counts_key_uq", on: ["orgId", "day", "type", "actorKind", "actorId", "actorConnectedId", "appGroupId"], unique: true }],
);
