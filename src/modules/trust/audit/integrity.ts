/**
 * Integrity of sealed records (docs/audit.md §Integrity): the scan that compares every
 * sealed record with its baseline, and the two ways out of a violation, restore (the
 * record goes back to its sealed baseline) and resolve (a false positive: the live
 * state is accepted and sealed as the new baseline). Both are audited.
 */
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../../context";
import type { Queryable, Tx } from "../../../platform/db/database";
import { appendAudit } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { TRUST_EVENTS } from "../events";
import { hashAuditRecord } from "../../../platform/audit/record";
import { auditBaselines, auditEvents } from "../../../platform/audit/schema";
import { recordHash } from "../../../platform/crypto/canonical-json";
import { requireOwnerOrAdmin, userActorOf, type AuditCaller } from "./access";
import { sealedRecordType, sealedRecordTypes, type SealedRecordType } from "../../../platform/audit/sealed-records";
import { auditErrors } from "./errors";
import { CHAIN_ENTITY, closeViolations, openViolationsOf, recordFindings, type Finding, type Violation } from "./violations";

type Baseline = typeof auditBaselines.$inferSelect;

/** The hash a state is sealed under (what JSON storage gives back, canonicalised). */
function stateHashOf(state: unknown): string | null {
  return state === null || state === undefined ? null : recordHash(JSON.parse(JSON.stringify(state)));
}

/**
 * Whether a baseline is the one the chain sealed: its state hashes to its stateHash, and
 * the intact event that set it carries exactly that hash for this record.
 */
export async function baselineIsSealed(reader: Queryable, b: Baseline): Promise<boolean> {
  if (stateHashOf(b.state) !== b.stateHash) return false;
  const [event] = await reader.select().from(auditEvents).where(and(eq(auditEvents.id, b.eventId), eq(auditEvents.orgId, b.orgId)));
  if (!event || event.seq !== b.eventSeq || hashAuditRecord(event) !== event.recordHash) return false;
  return (event.baselines ?? []).some((r) => r.entityType === b.entityType && r.entityId === b.entityId && r.stateHash === b.stateHash);
}

/** Compares one record type's live records with their baselines. */
async function scanType(reader: Queryable, orgId: string, type: SealedRecordType): Promise<{ checked: number; findings: Finding[] }> {
  const live = new Map((await type.list(reader, orgId)).map((r) => [r.entityId, r.state]));
  const baselines = new Map(
    (await reader.select().from(auditBaselines).where(and(eq(auditBaselines.orgId, orgId), eq(auditBaselines.entityType, type.entityType)))).map((b) => [b.entityId, b]),
  );
  const findings: Finding[] = [];
  for (const entityId of new Set([...live.keys(), ...baselines.keys()])) {
    const baseline = baselines.get(entityId);
    const liveStateHash = stateHashOf(live.get(entityId));
    const at = { entityType: type.entityType, entityId };
    if (baseline && !(await baselineIsSealed(reader, baseline))) {
      findings.push({ ...at, reason: "baseline_tampered", detail: { baselineStateHash: baseline.stateHash, liveStateHash } });
    } else if (!baseline) {
      // A record no audited change ever wrote: inserted behind the application's back.
      findings.push({ ...at, reason: "unsealed_record", detail: { liveStateHash } });
    } else if (baseline.stateHash !== liveStateHash) {
      findings.push({ ...at, reason: liveStateHash === null ? "record_deleted" : "record_altered", detail: { baselineStateHash: baseline.stateHash, liveStateHash } });
    }
  }
  return { checked: live.size, findings };
}

export interface SealedRecordScan {
  checked: number;
  findings: Finding[];
}

/** Every sealed record of the organization against its baseline (read-only). */
export async function scanSealedRecords(reader: Queryable, orgId: string): Promise<SealedRecordScan> {
  let checked = 0;
  const findings: Finding[] = [];
  for (const type of sealedRecordTypes()) {
    const result = await scanType(reader, orgId, type);
    checked += result.checked;
    findings.push(...result.findings);
  }
  return { checked, findings };
}

/** The scan, with its findings recorded as violations. */
export async function scanAndRecord(deps: Pick<AppContext, "db" | "clock">, orgId: string, detectedBy: string): Promise<SealedRecordScan & { newViolations: Violation[] }> {
  const scan = await scanSealedRecords(deps.db.read, orgId);
  const newViolations = scan.findings.length ? await deps.db.write((tx) => recordFindings(tx, orgId, scan.findings, detectedBy, deps.clock.now())) : [];
  return { ...scan, newViolations };
}

const CHAIN_ENTITY_TYPES: readonly string[] = Object.values(CHAIN_ENTITY);

function recordTypeOrRefuse(entityType: string): SealedRecordType | null {
  if (CHAIN_ENTITY_TYPES.includes(entityType)) return null;
  const type = sealedRecordType(entityType);
  if (!type) {
    throw auditErrors.error("unknownEntityType", {
      field: "entityType",
      message: `one of ${[...sealedRecordTypes().map((t) => t.entityType), ...CHAIN_ENTITY_TYPES].join(", ")}`,
    });
  }
  return type;
}

async function lockRecord(tx: Tx, orgId: string, entityType: string, entityId: string): Promise<void> {
  await tx.lock(`integrity:${orgId}:${entityType}:${entityId}`);
}

export interface RestoreResult {
  entityType: string;
  entityId: string;
  restoredStateHash: string | null;
  previousStateHash: string | null;
  closedViolations: string[];
  logId: string;
}

/**
 * POST /integrity/restore/{entityType}/{entityId}: puts a sealed record back to its
 * sealed baseline (a record with no baseline was never written through the
 * application, so restoring it deletes it). Owner or Admin. Chain entries cannot be
 * restored: the chain never repairs itself (409 not_restorable).
 */
export async function restoreRecord(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller, entityType: string, entityId: string): Promise<RestoreResult> {
  requireOwnerOrAdmin(caller.actor);
  const type = recordTypeOrRefuse(entityType);
  if (!type) throw auditErrors.error("notRestorable", { message: "audit chain entries cannot be restored; resolve the violation once you have dealt with it" });
  const orgId = caller.org.id;
  return deps.db.write(async (tx) => {
    await lockRecord(tx, orgId, entityType, entityId);
    const [baseline] = await tx
      .select()
      .from(auditBaselines)
      .where(and(eq(auditBaselines.orgId, orgId), eq(auditBaselines.entityType, entityType), eq(auditBaselines.entityId, entityId)));
    const live = await type.read(tx, orgId, entityId);
    if (!baseline && live === null) throw auditErrors.error("notFound", { message: "no such record in this organization" });
    if (baseline && !(await baselineIsSealed(tx, baseline))) {
      throw auditErrors.error("baselineUntrusted", { message: "the stored baseline does not match what the chain sealed; it cannot be restored from" });
    }
    const target = baseline?.state ?? null;
    const targetHash = baseline?.stateHash ?? null;
    const previousStateHash = stateHashOf(live);
    if (previousStateHash === targetHash) throw auditErrors.error("alreadyAtBaseline", { message: "the record already matches its sealed baseline" });
    await type.restore(tx, orgId, entityId, target);
    const now = deps.clock.now();
    const open = await openViolationsOf(tx, orgId, entityType, entityId);
    await closeViolations(tx, open.map((v) => v.id), "restored", caller.actor.userId, now);
    const { id: logId } = await appendAudit(tx, {
      orgId,
      ...auditEvent(TRUST_EVENTS.integrityRecordRestored, { entityType, entityId, previousStateHash, restoredStateHash: targetHash, violationIds: open.map((v) => v.id) }),
      actor: userActorOf(caller),
      baselines: [{ entityType, entityId, state: target }],
      requestId: caller.requestId,
      ip: caller.ip,
      userAgent: caller.userAgent,
      at: now,
    });
    return { entityType, entityId, restoredStateHash: targetHash, previousStateHash, closedViolations: open.map((v) => v.id), logId };
  });
}

export interface ResolveResult {
  entityType: string;
  entityId: string;
  resolvedViolations: string[];
  /** For a sealed record: the hash of the live state, now its baseline. */
  acceptedStateHash: string | null;
  logId: string;
}

/**
 * POST /integrity/resolve/{entityType}/{entityId}: closes the record's open violations
 * as false positives. For a sealed record the live state becomes its new, sealed
 * baseline; for a chain entry nothing changes in the chain. Owner or Admin.
 */
export async function resolveRecord(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller, entityType: string, entityId: string): Promise<ResolveResult> {
  requireOwnerOrAdmin(caller.actor);
  const type = recordTypeOrRefuse(entityType);
  const orgId = caller.org.id;
  return deps.db.write(async (tx) => {
    await lockRecord(tx, orgId, entityType, entityId);
    const open = await openViolationsOf(tx, orgId, entityType, entityId);
    if (open.length === 0) throw auditErrors.error("noOpenViolation", { message: "this record has no open integrity violation" });
    const live = type ? await type.read(tx, orgId, entityId) : null;
    const now = deps.clock.now();
    await closeViolations(tx, open.map((v) => v.id), "resolved", caller.actor.userId, now);
    const acceptedStateHash = type ? stateHashOf(live) : null;
    const { id: logId } = await appendAudit(tx, {
      orgId,
      ...auditEvent(TRUST_EVENTS.integrityViolationResolved, { entityType, entityId, violationIds: open.map((v) => v.id), reasons: [...new Set(open.map((v) => v.reason))], acceptedStateHash }),
      actor: userActorOf(caller),
      baselines: type ? [{ entityType, entityId, state: live }] : undefined,
      requestId: caller.requestId,
      ip: caller.ip,
      userAgent: caller.userAgent,
      at: now,
    });
    return { entityType, entityId, resolvedViolations: open.map((v) => v.id), acceptedStateHash, logId };
  });
}
