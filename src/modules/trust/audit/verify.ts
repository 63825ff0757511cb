/**
 * Verification of an organization's chain, read-only: the whole chain (CLI, daily job,
 * checkpoint signing) or one record (GET /audit/verify/{logId}). What it finds is
 * reported, never repaired; violations.ts records the findings.
 *
 * The chain starts at the genesis hash, or, after a retention purge, at the purge's
 * sealed tombstone (`audit.history.purged`, payload throughSeq and throughChainHash),
 * which is itself an event further down the chain.
 */
import { and, asc, desc, eq, gt, gte, lte } from "drizzle-orm";
import type { Queryable } from "../../../platform/db/database";
import { TRUST_EVENTS } from "../events";
import { GENESIS_CHAIN_HASH, hashAuditRecord, nextChainHash } from "../../../platform/audit/record";
import { auditCheckpoints, auditEvents } from "../../../platform/audit/schema";
import { chainHead, CheckpointVerifier, type Checkpoint } from "./checkpoints";

/** The event that seals a retention purge; its payload names where the chain now starts. */
export const PURGE_TOMBSTONE_TYPE = TRUST_EVENTS.historyPurged.type;

export type AuditEventRow = typeof auditEvents.$inferSelect;

export type ChainProblemReason =
  | "missing_records"
  | "record_altered"
  | "chain_broken"
  | "unsealed_record"
  | "checkpoint_invalid"
  | "checkpoint_mismatch"
  | "tail_truncated";

export interface ChainProblem {
  reason: ChainProblemReason;
  /** The sequence number where the problem shows. */
  seq: number;
  logId: string | null;
  checkpointId?: string;
  detail: Record<string, unknown>;
}

export interface ChainAnchor {
  /** The last sequence number before the part being verified (0 at genesis). */
  seq: number;
  chainHash: string;
}

export interface ChainReport {
  orgId: string;
  intact: boolean;
  /** Records examined. */
  count: number;
  /** Where the verified part starts: genesis (seq 0) or a purge tombstone. */
  base: ChainAnchor & { purged: boolean };
  /** The last record examined: the head, when the verification reached it. */
  headSeq: number | null;
  headHash: string | null;
  firstBreak: ChainProblem | null;
  problems: ChainProblem[];
  problemCount: number;
  checkpoints: { checked: number; valid: number; latestSeq: number | null; latestAt: number | null };
  /** The last sequence number this verification reached (the base or `after` when it examined no record). */
  verifiedThrough: number;
  /** Where the next step starts (its `after`); null when this one reached the head. */
  next: number | null;
  /** The chain's head sequence number now; null when the chain is empty. */
  head: number | null;
  /** Records between the base and the head as the sequence numbers count them: a progress total. */
  total: number;
}

/**
 * What part of the chain to verify. Default: the whole chain, from its base to its head.
 * `from`: a signed checkpoint to start at (checkpoint signing), its hash checked against
 * the stored record. `after`/`limit`: one step of a ranged verification, anchored on the
 * stored record at `after` and examining at most `limit` records.
 */
export interface ChainRange {
  from?: Checkpoint;
  after?: number;
  limit?: number;
}

const BATCH = 1000;

/** How a caller follows a whole-chain walk. */
export interface WalkOptions {
  /** Called after each batch of records, with the number examined so far. */
  afterBatch?: (examined: number) => void;
}
/** Problems kept in a report (all are counted). */
const MAX_PROBLEMS = 500;

/** Where the chain starts now: after the latest purge tombstone, or at genesis. */
export async function chainBase(reader: Queryable, orgId: string): Promise<ChainAnchor & { purged: boolean }> {
  const [tombstone] = await reader
    .select({ payload: auditEvents.payload })
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.type, PURGE_TOMBSTONE_TYPE)))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  const through = tombstone?.payload.throughSeq;
  const hash = tombstone?.payload.throughChainHash;
  if (typeof through === "number" && typeof hash === "string") return { seq: through, chainHash: hash, purged: true };
  return { seq: 0, chainHash: GENESIS_CHAIN_HASH, purged: false };
}

/** Checks one record against the chain hash before it; null when it holds. */
export function checkLink(row: AuditEventRow, previousChainHash: string): ChainProblem | null {
  const at = { seq: row.seq, logId: row.id };
  if (!row.recordHash) return { reason: "unsealed_record", ...at, detail: {} };
  const computed = hashAuditRecord(row);
  if (computed !== row.recordHash) return { reason: "record_altered", ...at, detail: { storedRecordHash: row.recordHash, computedRecordHash: computed } };
  const expected = nextChainHash(previousChainHash, computed);
  if (expected !== row.chainHash) return { reason: "chain_broken", ...at, detail: { storedChainHash: row.chainHash, expectedChainHash: expected } };
  return null;
}

class ProblemList {
  readonly kept: ChainProblem[] = [];
  count = 0;
  add(problem: ChainProblem): void {
    this.count++;
    if (this.kept.length < MAX_PROBLEMS) this.kept.push(problem);
  }
}

/**
 * Verifies the chain from `from` or `after` (default: its base) to its head, or `limit`
 * records of it, and every signed checkpoint in that part: signature, agreement with the
 * record at its seq, and, in the part that reaches the head, that the chain still reaches
 * every checkpoint (else the tail was cut). Steps that each start where the previous one
 * stopped (`next`) check exactly what one whole walk checks: every record's hash and its
 * link to the stored record before it, every checkpoint once, the tail in the last step.
 * After a problem the walk re-anchors on the stored chain hash, so later, independent
 * problems are found too.
 */
export async function verifyChain(reader: Queryable, orgId: string, range: ChainRange = {}, options: WalkOptions = {}): Promise<ChainReport> {
  const base = await chainBase(reader, orgId);
  const problems = new ProblemList();
  let anchor: ChainAnchor = base;
  /** The stored record the walk links to, when it is not the base (a step's `after`). */
  let anchorRow: AuditEventRow | null = null;
  if (range.from) {
    anchor = { seq: range.from.seq, chainHash: range.from.chainHash };
    const [row] = await reader.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.seq, anchor.seq)));
    if (!row) problems.add({ reason: "tail_truncated", seq: anchor.seq, logId: null, checkpointId: range.from.id, detail: { checkpointSeq: anchor.seq, headSeq: null } });
    else if (row.chainHash !== anchor.chainHash) problems.add(checkpointMismatch(range.from, row));
  } else if (range.after !== undefined && range.after > base.seq) {
    // The latest stored record at or before `after`: when `after` itself is missing, the
    // gap is reported at the same place, with the same bounds, as the whole walk reports it.
    [anchorRow = null] = await reader
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, orgId), gt(auditEvents.seq, base.seq), lte(auditEvents.seq, range.after)))
      .orderBy(desc(auditEvents.seq))
      .limit(1);
    if (anchorRow) anchor = { seq: anchorRow.seq, chainHash: anchorRow.chainHash };
  }
  const after = range.from ? anchor.seq : Math.max(range.after ?? base.seq, base.seq);
  const checkpoints = await reader
    .select()
    .from(auditCheckpoints)
    .where(and(eq(auditCheckpoints.orgId, orgId), gt(auditCheckpoints.seq, after)))
    .orderBy(asc(auditCheckpoints.seq));
  const bySeq = new Map(checkpoints.map((c) => [c.seq, c]));

  const limit = range.limit ?? Number.POSITIVE_INFINITY;
  let previous = anchor.chainHash;
  let expectedSeq = anchor.seq + 1;
  let count = 0;
  let last: AuditEventRow | null = null;
  let reachedHead = false;
  while (!reachedHead) {
    const take = Math.min(BATCH, limit - count);
    if (take <= 0) {
      // The step is full: it reached the head only when no record follows its last one.
      const [following] = await reader
        .select({ seq: auditEvents.seq })
        .from(auditEvents)
        .where(and(eq(auditEvents.orgId, orgId), gte(auditEvents.seq, expectedSeq)))
        .limit(1);
      reachedHead = !following;
      break;
    }
    const batch = await reader
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, orgId), gte(auditEvents.seq, expectedSeq)))
      .orderBy(asc(auditEvents.seq))
      .limit(take);
    for (const row of batch) {
      count++;
      if (row.seq !== expectedSeq) {
        problems.add({ reason: "missing_records", seq: expectedSeq, logId: row.id, detail: { fromSeq: expectedSeq, throughSeq: row.seq - 1 } });
      } else {
        const problem = checkLink(row, previous);
        if (problem) problems.add(problem);
      }
      const cp = bySeq.get(row.seq);
      if (cp && cp.chainHash !== row.chainHash) problems.add(checkpointMismatch(cp, row));
      previous = row.chainHash;
      expectedSeq = row.seq + 1;
      last = row;
    }
    reachedHead = batch.length < take;
    options.afterBatch?.(count);
  }
  const verifiedThrough = last?.seq ?? after;
  // A step checks the checkpoints it walked past; the one that reaches the head also those beyond it.
  const inStep = reachedHead ? checkpoints : checkpoints.filter((cp) => cp.seq <= verifiedThrough);
  const verifier = new CheckpointVerifier(reader, orgId);
  let valid = 0;
  for (const cp of inStep) {
    const check = await verifier.check(cp);
    if (check.valid) valid++;
    else problems.add({ reason: "checkpoint_invalid", seq: cp.seq, logId: null, checkpointId: cp.id, detail: { why: check.reason, kid: cp.kid } });
  }
  const headRow = last ?? anchorRow;
  const headSeq = headRow?.seq ?? null;
  if (reachedHead) {
    for (const cp of checkpoints) {
      if (headSeq === null || cp.seq > headSeq) {
        problems.add({ reason: "tail_truncated", seq: cp.seq, logId: null, checkpointId: cp.id, detail: { checkpointSeq: cp.seq, headSeq } });
        break;
      }
    }
  }
  const head = reachedHead ? headSeq : ((await chainHead(reader, orgId))?.seq ?? headSeq);
  const latest = inStep.at(-1) ?? (range.from ?? null);
  problems.kept.sort((a, b) => a.seq - b.seq);
  return {
    orgId,
    intact: problems.count === 0,
    count,
    base,
    headSeq,
    headHash: headRow?.chainHash ?? null,
    firstBreak: problems.kept[0] ?? null,
    problems: problems.kept,
    problemCount: problems.count,
    checkpoints: { checked: inStep.length, valid, latestSeq: latest?.seq ?? null, latestAt: latest?.createdAt ?? null },
    verifiedThrough,
    next: reachedHead ? null : verifiedThrough,
    head,
    total: head === null ? 0 : Math.max(0, head - base.seq),
  };
}

function checkpointMismatch(cp: Checkpoint, row: AuditEventRow): ChainProblem {
  return { reason: "checkpoint_mismatch", seq: cp.seq, logId: row.id, checkpointId: cp.id, detail: { signedChainHash: cp.chainHash, storedChainHash: row.chainHash } };
}

export interface RecordReport {
  logId: string;
  seq: number;
  recordHash: string;
  computedRecordHash: string;
  chainHash: string;
  previousChainHash: string | null;
  checks: { record: boolean; link: boolean; checkpoint: "verified" | "pending" | "failed" };
  checkpoint: { id: string; seq: number; kid: string; at: number; jws: string; valid: boolean } | null;
  valid: boolean;
  problems: ChainProblem[];
}

/** The chain hash a record links to: its predecessor's, or the chain's base; null when the predecessor is missing. */
export async function previousChainHashOf(reader: Queryable, row: AuditEventRow): Promise<string | null> {
  const base = await chainBase(reader, row.orgId);
  if (row.seq - 1 === base.seq) return base.chainHash;
  const [prev] = await reader
    .select({ chainHash: auditEvents.chainHash })
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, row.orgId), eq(auditEvents.seq, row.seq - 1)));
  return prev?.chainHash ?? null;
}

/** Rows walked from a record to its checkpoint; past this the record is reported as not yet anchored. */
const MAX_WALK = 100_000;

/**
 * Verifies one record: its own hash, its link to the record before it, and that the
 * chain runs from it to the first signed checkpoint at or after it (whose signature
 * must hold). A record after the latest checkpoint is "pending": sealed, not yet signed.
 */
export async function verifyRecord(reader: Queryable, row: AuditEventRow): Promise<RecordReport> {
  const problems: ChainProblem[] = [];
  const previousChainHash = await previousChainHashOf(reader, row);
  const computed = hashAuditRecord(row);
  const recordOk = !!row.recordHash && computed === row.recordHash;
  let linkOk = false;
  if (previousChainHash === null) {
    problems.push({ reason: "missing_records", seq: row.seq - 1, logId: row.id, detail: { fromSeq: row.seq - 1, throughSeq: row.seq - 1 } });
  } else {
    const problem = checkLink(row, previousChainHash);
    if (problem) problems.push(problem);
    linkOk = !problem;
  }

  const [cp] = await reader
    .select()
    .from(auditCheckpoints)
    .where(and(eq(auditCheckpoints.orgId, row.orgId), gte(auditCheckpoints.seq, row.seq)))
    .orderBy(asc(auditCheckpoints.seq))
    .limit(1);
  let anchor: RecordReport["checks"]["checkpoint"] = "pending";
  let checkpoint: RecordReport["checkpoint"] = null;
  if (cp && cp.seq - row.seq <= MAX_WALK) {
    const check = await new CheckpointVerifier(reader, row.orgId).check(cp);
    if (!check.valid) problems.push({ reason: "checkpoint_invalid", seq: cp.seq, logId: null, checkpointId: cp.id, detail: { why: check.reason, kid: cp.kid } });
    const walked = await walkTo(reader, row, cp, problems);
    anchor = check.valid && walked ? "verified" : "failed";
    checkpoint = { id: cp.id, seq: cp.seq, kid: cp.kid, at: cp.createdAt, jws: cp.jws, valid: check.valid };
  }
  return {
    logId: row.id,
    seq: row.seq,
    recordHash: row.recordHash,
    computedRecordHash: computed,
    chainHash: row.chainHash,
    previousChainHash,
    checks: { record: recordOk, link: linkOk, checkpoint: anchor },
    checkpoint,
    valid: problems.length === 0 && recordOk && linkOk,
    problems,
  };
}

/** Follows the chain from `row` to the checkpoint's seq; true when it arrives at the signed hash. */
async function walkTo(reader: Queryable, row: AuditEventRow, cp: Checkpoint, problems: ChainProblem[]): Promise<boolean> {
  let previous = row.chainHash;
  let expectedSeq = row.seq + 1;
  let last: AuditEventRow = row;
  let ok = true;
  while (expectedSeq <= cp.seq) {
    const batch = await reader
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, row.orgId), gte(auditEvents.seq, expectedSeq), lte(auditEvents.seq, cp.seq)))
      .orderBy(asc(auditEvents.seq))
      .limit(BATCH);
    if (batch.length === 0) break;
    for (const next of batch) {
      if (next.seq !== expectedSeq) {
        problems.push({ reason: "missing_records", seq: expectedSeq, logId: next.id, detail: { fromSeq: expectedSeq, throughSeq: next.seq - 1 } });
        ok = false;
      } else {
        const problem = checkLink(next, previous);
        if (problem) {
          problems.push(problem);
          ok = false;
        }
      }
      previous = next.chainHash;
      expectedSeq = next.seq + 1;
      last = next;
    }
  }
  if (last.seq !== cp.seq) {
    problems.push({ reason: "tail_truncated", seq: cp.seq, logId: null, checkpointId: cp.id, detail: { checkpointSeq: cp.seq, headSeq: last.seq } });
    return false;
  }
  if (last.chainHash !== cp.chainHash) {
    problems.push(checkpointMismatch(cp, last));
    return false;
  }
  return ok;
}
