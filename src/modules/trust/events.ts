/** The audit events this domain appends (DESIGN §3, §6): the Master Seal, signing keys, and the audit chain itself (retention, export, integrity). Declared as its module's `events`. */
import { defineEvent } from "../../platform/audit/catalog";

type Id = string;
type Iso = string;

export const TRUST_EVENTS = {
  masterSealCreated: defineEvent<{ method: "passkey" | "operator"; signingKeyId: Id; credentialId: string | null }>()("org.master_seal.created", "The Org Master Seal and the signing keys are created (a sealed record)"),
  signingKeyRotated: defineEvent<{ previous: Record<string, unknown>; current: Record<string, unknown>; previousSigningKeyRetireAt: Iso; retireImmediately: boolean }>()(
    "org.signing_key.rotated",
    "The signing keys are rotated",
  ),
  historyPurged: defineEvent<{ fromSeq: number; throughSeq: number; count: number; throughChainHash: string; oldestAt: Iso; newestAt: Iso; cutoffAt: Iso; reason: "retention" | "purge_now" }>()(
    "audit.history.purged",
    "The sealed tombstone of a retention purge; the chain continues from throughChainHash",
  ),
  historyExported: defineEvent<{ exportId: Id; fromSeq: number | null; throughSeq: number | null; count: number; sha256: string }>()("audit.history.exported", "A range of the chain is exported (presign)"),
  retentionNoticeSent: defineEvent<{ notice: 1 | 2; cutoffAt: Iso; purgeScheduledAt: Iso }>()("audit.retention.notice_sent", "The owner is notified that history will be purged"),
  retentionCycleCancelled: defineEvent<{ reason: string; retentionDays: number | null }>()("audit.retention.cycle_cancelled", "A purge cycle ends with nothing left to purge (an upgrade restored access)"),
  retentionLegalHoldSet: defineEvent<{ on: boolean; reason: string | null }>()("audit.retention.legal_hold_set", "The operator sets or lifts the legal hold"),
  retentionContractSet: defineEvent<{ retentionDays: number | null }>()("audit.retention.contract_set", "The operator sets or clears a contract's retention window"),
  integrityRecordRestored: defineEvent<{ entityType: string; entityId: string; previousStateHash: string | null; restoredStateHash: string | null; violationIds: Id[] }>()(
    "integrity.record_restored",
    "A sealed record is restored to its sealed baseline",
  ),
  integrityViolationResolved: defineEvent<{ entityType: string; entityId: string; violationIds: Id[]; reasons: string[]; acceptedStateHash: string | null }>()(
    "integrity.violation_resolved",
    "Integrity violations are resolved as false positives",
  ),
} as const;
