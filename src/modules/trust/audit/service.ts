/**
 * The chain and integrity rules behind /api/v1/admin/audit/{checkpoints,verify}: who may
 * sign, verify and read, and what a verification records.
 */
import { and, desc, eq } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { auditCheckpoints, auditEvents } from "../../../platform/audit/schema";
import { requireOwnerOrAdmin, type AuditCaller } from "./access";
import { verifyAndRecord, writeCheckpoint } from "./chain";
import { auditErrors } from "./errors";
import { canSeeEvent, verifierVisibility } from "./visibility";
import { listViolations, recordChainProblems, type ViolationStatus } from "./violations";
import { scanAndRecord } from "./integrity";
import { chainBase, verifyRecord, type AuditEventRow } from "./verify";
import { chainHead } from "./checkpoints";
import { kernelErrors } from "../../../platform/http/error-catalog";

/** Signs a checkpoint of the head now (Owner or Admin). `created` is false when the latest one already covers the head. */
export async function checkpointNow(deps: Pick<AppContext, "db" | "clock" | "secrets">, caller: AuditCaller) {
  requireOwnerOrAdmin(caller.actor);
  const outcome = await writeCheckpoint(deps, caller.org.id);
  switch (outcome.status) {
    case "signed":
    case "up_to_date":
      return { created: outcome.status === "signed", checkpoint: outcome.checkpoint };
    case "empty":
      throw auditErrors.error("checkpointUnavailable", { reason: "empty_chain", message: "the chain has no events yet" });
    case "no_signing_key":
      throw auditErrors.error("checkpointUnavailable", {
        reason: "no_signing_key",
        message: "the organization has no signing key yet: create its Org Master Seal; until then its checkpoints wait",
      });
    case "chain_broken":
      throw auditErrors.error("checkpointUnavailable", {
        reason: "chain_broken",
        message: "the chain since the last checkpoint does not verify; see the integrity violations",
        firstBreak: outcome.problems[0] ?? null,
      });
  }
}

export const CHECKPOINT_LIST_MAX = 100;

export async function listCheckpoints(deps: Pick<AppContext, "db">, caller: AuditCaller, limit: number) {
  requireOwnerOrAdmin(caller.actor);
  return deps.db.read
    .select()
    .from(auditCheckpoints)
    .where(eq(auditCheckpoints.orgId, caller.org.id))
    .orderBy(desc(auditCheckpoints.seq))
    .limit(Math.min(limit, CHECKPOINT_LIST_MAX));
}

/** Records per step of a ranged verification, at most. */
export const VERIFY_STEP_MAX = 100_000;

/**
 * Verifies the whole chain, or the step of at most `limit` records after `after`
 * (Owner or Admin), and records what it finds. `after` must lie between the chain's
 * base and its head: anything else names no part of the chain.
 */
export async function verifyChainSteps(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller, range: { after?: number; limit?: number }) {
  requireOwnerOrAdmin(caller.actor);
  if (range.after !== undefined) {
    const base = await chainBase(deps.db.read, caller.org.id);
    const head = (await chainHead(deps.db.read, caller.org.id))?.seq ?? base.seq;
    if (range.after < base.seq || range.after > head) {
      throw kernelErrors.error("invalidRequest", { field: "after", message: `after must lie between the chain's base (${base.seq}) and its head (${head})` });
    }
  }
  return verifyAndRecord(deps, caller.org.id, "verify", range);
}

/**
 * Verifies one record (GET /audit/verify/{logId}). The record must be one the caller
 * may see: the Owner and Admins any of the organization's (payment.* the owner only),
 * anyone else their own. Anything else, another organization's id included, is 404.
 */
export async function verifyOneRecord(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller, logId: string) {
  const [row] = await deps.db.read
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.id, logId), eq(auditEvents.orgId, caller.org.id)));
  if (!row || !canSeeEvent(verifierVisibility(caller.actor), row)) {
    throw auditErrors.error("notFound", { message: "no such audit record" });
  }
  const report = await verifyRecord(deps.db.read, row as AuditEventRow);
  await recordChainProblems(deps, caller.org.id, report.problems, "verify_record");
  return { report, row };
}

export async function listOrgViolations(deps: Pick<AppContext, "db">, caller: AuditCaller, status?: ViolationStatus) {
  requireOwnerOrAdmin(caller.actor);
  return listViolations(deps.db.read, caller.org.id, status);
}

/** The chain and every sealed record, with findings recorded (Owner or Admin). */
export async function scanOrg(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller) {
  requireOwnerOrAdmin(caller.actor);
  const chain = await verifyAndRecord(deps, caller.org.id, "scan");
  const records = await scanAndRecord(deps, caller.org.id, "scan");
  return { chain, records };
}
