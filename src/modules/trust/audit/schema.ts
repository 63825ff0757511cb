import { col, table } from "../../../platform/db/kit";

/**
 * Integrity violations: what a verification found wrong with the chain or with a
 * sealed record. One row per distinct finding (`fingerprint`), so a finding seen again
 * is not recorded twice; closed by a restore or a resolve (false positive).
 */
export const integrityViolations = table(
  "integrity_violations",
  {
    id: col.id(),
    orgId: col.text().notNull(),
    entityType: col.text().notNull(),
    entityId: col.text().notNull(),
    reason: col.text().notNull(),
    fingerprint: col.text().notNull(),
    detail: col.json<Record<string, unknown>>().notNull(),
    status: col.text().$type<"open" | "restored" | "resolved">().notNull(),
    detectedAt: col.time().notNull(),
    /** What found it: verify, verify_record, checkpoint, scan. */
    detectedBy: col.text().notNull(),
    closedAt: col.time(),
    closedBy: col.text(),
  },
  [
    { name: "integrity_violations_fingerprint_uq", on: ["orgId", "fingerprint"], unique: true },
    { name: "integrity_violations_entity_idx", on: ["orgId", "entityType", "entityId", "status"] },
  ],
);

/**
 * An organization's audit retention: its contract override and legal hold (set by the
 * operator), and the purge cycle of history past the window (3.9).
 */
export const auditRetentionStates = table(
  "audit_retention_states",
  {
    /** The organization's id. */
    id: col.id(),
    contractRetentionDays: col.int(),
    legalHold: col.bool().notNull().default(false),
    legalHoldReason: col.text(),
    /** The open cycle covers history older than this instant. */
    cycleCutoffAt: col.time(),
    firstNoticeAt: col.time(),
    finalNoticeAt: col.time(),
    purgeScheduledAt: col.time(),
    lastPurgedAt: col.time(),
    purgedThroughSeq: col.bigint(),
    updatedAt: col.time().notNull(),
  },
);

/** Active time from dashboard heartbeats, per member and UTC day. */
export const auditActiveTime = table(
  "audit_active_time",
  {
    id: col.id(),
    orgId: col.text().notNull(),
    userId: col.text().notNull(),
    day: col.text().notNull(),
    activeSeconds: col.int().notNull(),
    beats: col.int().notNull(),
    lastBeatAt: col.time().notNull(),
  },
  [{ name: "audit_active_time_uq", on: ["orgId", "userId", "day"], unique: true }],
);

/** JSONL exports of the chain written to the archive store (GET /audit/presign). */
export const auditExports = table(
  "audit_exports",
  {
    id: col.id(),
    orgId: col.text().notNull(),
    objectKey: col.text().notNull(),
    fromSeq: col.bigint(),
    throughSeq: col.bigint(),
    eventCount: col.int().notNull(),
    sha256: col.text().notNull(),
    byteSize: col.int().notNull(),
    rangeFrom: col.time().notNull(),
    rangeTo: col.time().notNull(),
    createdBy: col.text().notNull(),
    createdAt: col.time().notNull(),
  },
  [{ name: "audit_exports_org_idx", on: ["orgId", "createdAt"] }],
);
