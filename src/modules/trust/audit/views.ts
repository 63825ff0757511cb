/** Wire shapes (t schemas) and the functions that build them, shared by the audit routes. */
import { t } from "elysia";
import { toIso } from "../../../platform/clock";
import type { Checkpoint } from "./checkpoints";
import type { ChainReport, RecordReport } from "./verify";
import type { Violation } from "./violations";

const Iso = t.String({ format: "date-time" });
const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()]);

export const CheckpointView = t.Object({
  id: t.String(),
  seq: t.Integer(),
  chainHash: t.String(),
  kid: t.String(),
  at: Iso,
  jws: t.String({ description: "Compact JWS (RS256, kid in the header) over the canonical JSON {typ, v, orgId, seq, chainHash, at}; verify with the org's JWKS." }),
});

export function checkpointView(c: Checkpoint) {
  return { id: c.id, seq: c.seq, chainHash: c.chainHash, kid: c.kid, at: toIso(c.createdAt), jws: c.jws };
}

export const ProblemView = t.Object({
  reason: t.String(),
  seq: t.Integer(),
  logId: Nullable(t.String()),
  checkpointId: t.Optional(t.String()),
  detail: t.Record(t.String(), t.Unknown()),
});

export const ChainReportView = t.Object({
  orgId: t.String(),
  intact: t.Boolean(),
  count: t.Integer(),
  base: t.Object({ seq: t.Integer(), chainHash: t.String(), purged: t.Boolean() }),
  headSeq: Nullable(t.Integer()),
  headHash: Nullable(t.String()),
  firstBreak: Nullable(ProblemView),
  problems: t.Array(ProblemView),
  problemCount: t.Integer(),
  checkpoints: t.Object({ checked: t.Integer(), valid: t.Integer(), latestSeq: Nullable(t.Integer()), latestAt: Nullable(Iso) }),
  verifiedThrough: t.Integer({ description: "The last sequence number checked (the base, or `after`, when no record was)." }),
  next: Nullable(t.Integer({ description: "The `after` of the next step; null when this one reached the head." })),
  head: Nullable(t.Integer({ description: "The chain's head sequence number now; null when it is empty." })),
  total: t.Integer({ description: "Records from the base to the head as the sequence numbers count them: the progress total." }),
  newViolations: t.Integer(),
});

export function chainReportView(report: ChainReport, newViolations: number) {
  return { ...report, checkpoints: { ...report.checkpoints, latestAt: report.checkpoints.latestAt === null ? null : toIso(report.checkpoints.latestAt) }, newViolations };
}

export const RecordReportView = t.Object({
  logId: t.String(),
  seq: t.Integer(),
  type: t.String(),
  at: Iso,
  recordHash: t.String(),
  computedRecordHash: t.String(),
  chainHash: t.String(),
  previousChainHash: Nullable(t.String()),
  checks: t.Object({
    record: t.Boolean(),
    link: t.Boolean(),
    checkpoint: t.Union([t.Literal("verified"), t.Literal("pending"), t.Literal("failed")]),
  }),
  checkpoint: Nullable(t.Object({ id: t.String(), seq: t.Integer(), kid: t.String(), at: Iso, jws: t.String(), valid: t.Boolean() })),
  valid: t.Boolean(),
  problems: t.Array(ProblemView),
});

export function recordReportView(report: RecordReport, event: { type: string; createdAt: number }) {
  return {
    ...report,
    type: event.type,
    at: toIso(event.createdAt),
    checkpoint: report.checkpoint && { ...report.checkpoint, at: toIso(report.checkpoint.at) },
  };
}

export const ViolationView = t.Object({
  id: t.String(),
  entityType: t.String(),
  entityId: t.String(),
  reason: t.String(),
  detail: t.Record(t.String(), t.Unknown()),
  status: t.Union([t.Literal("open"), t.Literal("restored"), t.Literal("resolved")]),
  detectedAt: Iso,
  detectedBy: t.String(),
  closedAt: Nullable(Iso),
  closedBy: Nullable(t.String()),
});

export function violationView(v: Violation) {
  return {
    id: v.id,
    entityType: v.entityType,
    entityId: v.entityId,
    reason: v.reason,
    detail: v.detail,
    status: v.status,
    detectedAt: toIso(v.detectedAt),
    detectedBy: v.detectedBy,
    closedAt: v.closedAt === null ? null : toIso(v.closedAt),
    closedBy: v.closedBy,
  };
}

export const FindingView = t.Object({
  entityType: t.String(),
  entityId: t.String(),
  reason: t.String(),
  detail: t.Record(t.String(), t.Unknown()),
});

export const RestoreView = t.Object({
  entityType: t.String(),
  entityId: t.String(),
  restoredStateHash: Nullable(t.String()),
  previousStateHash: Nullable(t.String()),
  closedViolations: t.Array(t.String()),
  logId: t.String({ description: "The integrity.record_restored event." }),
});

export const ResolveView = t.Object({
  entityType: t.String(),
  entityId: t.String(),
  resolvedViolations: t.Array(t.String()),
  acceptedStateHash: Nullable(t.String()),
  logId: t.String({ description: "The integrity.violation_resolved event." }),
});

export const EventView = t.Object({
  logId: t.String(),
  seq: t.Integer(),
  type: t.String(),
  at: Iso,
  actor: t.Object({ kind: t.String(), id: Nullable(t.String()), connectedId: Nullable(t.String()) }),
  appGroupId: Nullable(t.String()),
  requestId: Nullable(t.String()),
  ipHash: Nullable(t.String()),
  userAgentHash: Nullable(t.String()),
  payload: t.Unknown({ description: "Event-specific fields (docs/audit.md); never credentials." }),
  recordHash: t.String(),
  chainHash: t.String(),
  sealIntact: t.Boolean({ description: "Whether the row still hashes to its recordHash; false means it was changed after it was sealed." }),
});

export const RangeView = t.Object({
  from: Iso,
  to: Iso,
  requestedFrom: Iso,
  requestedTo: Iso,
  cut: t.Boolean({ description: "True when the requested range began before the retention window and was cut to it." }),
  retentionDays: Nullable(t.Integer()),
  windowStartUtc: Nullable(Iso),
});

export const ScopeView = t.Union([t.Literal("mine"), t.Literal("all")]);

export const RetentionView = t.Object({
  planKey: t.String(),
  retentionDays: Nullable(t.Integer()),
  unlimited: t.Boolean(),
  windowStartUtc: Nullable(Iso),
  isContractOverride: t.Boolean(),
  graceDays: t.Integer(),
  noticeCount: t.Integer({ description: "Notices sent in the open purge cycle (0, 1 or 2)." }),
  noticeCountPolicy: t.Integer(),
  noticeIntervalDays: t.Integer(),
  firstNoticeAt: Nullable(Iso),
  finalNoticeAt: Nullable(Iso),
  purgeScheduledAt: Nullable(Iso),
  purgeUnlocked: t.Boolean(),
  canPurgeNow: t.Boolean(),
  legalHold: t.Boolean(),
  oldestExpiredAt: Nullable(Iso),
  lastPurgedAt: Nullable(Iso),
});

export const PurgeView = t.Object({
  count: t.Integer(),
  fromSeq: t.Integer(),
  throughSeq: t.Integer(),
  cutoffAt: t.String({ format: "date-time", description: "Records before this instant were deleted." }),
  tombstoneLogId: t.String(),
});

export const SessionView = t.Object({
  userId: t.String(),
  email: t.String(),
  createdAt: Iso,
  expiresAt: Iso,
  ip: Nullable(t.String()),
  userAgent: Nullable(t.String()),
  current: t.Boolean({ description: "The session making this request." }),
  activeSecondsToday: t.Integer(),
  lastActiveAt: Nullable(Iso),
});

export const BreakdownView = {
  total: t.Integer(),
  byType: t.Array(t.Object({ type: t.String(), count: t.Integer() })),
  byDay: t.Array(t.Object({ date: t.String({ description: "YYYY-MM-DD (UTC)" }), count: t.Integer() })),
};
