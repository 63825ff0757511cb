/**
 * Integrity violations: the findings of verifications, kept until someone restores the
 * record or resolves the finding as a false positive. A finding is recorded once: its
 * fingerprint (what, where, and what was seen) is unique per organization, so repeated
 * scans do not pile up rows, and a resolved finding stays resolved while nothing changes.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../../context";
import type { Queryable, Tx } from "../../../platform/db/database";
import { canonicalJson } from "../../../platform/crypto/canonical-json";
import { sha256Hex } from "../../../platform/crypto/hash";
import { newId } from "../../../platform/ids";
import { integrityViolations } from "./schema";
import type { ChainProblem } from "./verify";

export type Violation = typeof integrityViolations.$inferSelect;
export type ViolationStatus = Violation["status"];

/** Entity types of chain findings (sealed records use their registry type, see baselines.ts). */
export const CHAIN_ENTITY = {
  /** A record of the chain: edited, unsealed or not linking. entityId: the logId. */
  event: "audit_event",
  /** The chain as a whole: missing records, a cut tail. entityId: the orgId. */
  chain: "audit_chain",
  /** A signed checkpoint that does not verify or disagrees with the chain. entityId: its id. */
  checkpoint: "audit_checkpoint",
} as const;

export interface Finding {
  entityType: string;
  entityId: string;
  reason: string;
  detail: Record<string, unknown>;
}

export function findingOfChainProblem(orgId: string, problem: ChainProblem): Finding {
  const detail = { seq: problem.seq, ...problem.detail };
  if (problem.reason === "checkpoint_invalid" || problem.reason === "checkpoint_mismatch") {
    return { entityType: CHAIN_ENTITY.checkpoint, entityId: problem.checkpointId!, reason: problem.reason, detail };
  }
  if (problem.reason === "missing_records" || problem.reason === "tail_truncated") {
    return { entityType: CHAIN_ENTITY.chain, entityId: orgId, reason: problem.reason, detail };
  }
  return { entityType: CHAIN_ENTITY.event, entityId: problem.logId!, reason: problem.reason, detail };
}

function fingerprintOf(f: Finding): string {
  return sha256Hex(canonicalJson({ entityType: f.entityType, entityId: f.entityId, reason: f.reason, detail: f.detail }));
}

/** Records new findings in the caller's transaction; returns the ones not seen before. */
export async function recordFindings(tx: Tx, orgId: string, findings: Finding[], detectedBy: string, at: number): Promise<Violation[]> {
  const created: Violation[] = [];
  for (const f of findings) {
    const [row] = await tx
      .insert(integrityViolations)
      .values({ id: newId(), orgId, ...f, fingerprint: fingerprintOf(f), status: "open", detectedAt: at, detectedBy })
      .onConflictDoNothing()
      .returning();
    if (row) created.push(row);
  }
  return created;
}

/** recordFindings in a transaction of its own (read paths, jobs, the CLI). */
export async function recordChainProblems(
  deps: Pick<AppContext, "db" | "clock">,
  orgId: string,
  problems: ChainProblem[],
  detectedBy: string,
): Promise<Violation[]> {
  if (problems.length === 0) return [];
  return deps.db.write((tx) => recordFindings(tx, orgId, problems.map((p) => findingOfChainProblem(orgId, p)), detectedBy, deps.clock.now()));
}

export async function openViolationsOf(reader: Queryable, orgId: string, entityType: string, entityId: string): Promise<Violation[]> {
  return reader
    .select()
    .from(integrityViolations)
    .where(and(eq(integrityViolations.orgId, orgId), eq(integrityViolations.entityType, entityType), eq(integrityViolations.entityId, entityId), eq(integrityViolations.status, "open")))
    .orderBy(asc(integrityViolations.detectedAt));
}

export async function closeViolations(tx: Tx, ids: string[], status: "restored" | "resolved", by: string, at: number): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(integrityViolations).set({ status, closedAt: at, closedBy: by }).where(inArray(integrityViolations.id, ids));
}

export async function listViolations(reader: Queryable, orgId: string, status?: ViolationStatus): Promise<Violation[]> {
  const where = status ? and(eq(integrityViolations.orgId, orgId), eq(integrityViolations.status, status)) : eq(integrityViolations.orgId, orgId);
  return reader.select().from(integrityViolations).where(where).orderBy(desc(integrityViolations.detectedAt)).limit(500);
}
