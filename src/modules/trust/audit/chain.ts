/**
 * Operations over an organization's chain that the routes, the jobs and the CLI share:
 * signing a checkpoint of the head, and verifying the whole chain with its findings
 * recorded as integrity violations.
 */
import type { AppContext } from "../../../context";
import { currentSigningKey } from "../keys/signing-keys";
import { chainHead, CHECKPOINT_TYPE, latestCheckpoint, signCheckpoint, storeCheckpoint, type Checkpoint } from "./checkpoints";
import { recordChainProblems, type Violation } from "./violations";
import { verifyChain, type ChainProblem, type ChainRange, type ChainReport, type WalkOptions } from "./verify";

export type CheckpointOutcome =
  | { status: "signed" | "up_to_date"; checkpoint: Checkpoint }
  /** Nothing to sign yet. */
  | { status: "empty" }
  /** No Org Master Seal, so no signing key: the checkpoint waits until there is one. */
  | { status: "no_signing_key" }
  /** The chain since the last checkpoint does not verify; nothing is signed over it. */
  | { status: "chain_broken"; problems: ChainProblem[] };

/** Signs a checkpoint of the chain's head, unless the latest checkpoint already covers it. */
export async function writeCheckpoint(deps: Pick<AppContext, "db" | "clock" | "secrets">, orgId: string): Promise<CheckpointOutcome> {
  const reader = deps.db.read;
  const head = await chainHead(reader, orgId);
  if (!head) return { status: "empty" };
  const last = await latestCheckpoint(reader, orgId);
  if (last && last.seq === head.seq && last.chainHash === head.chainHash) return { status: "up_to_date", checkpoint: last };
  const key = await currentSigningKey(reader, orgId);
  if (!key) return { status: "no_signing_key" };
  const report = await verifyChain(reader, orgId, { from: last ?? undefined });
  if (!report.intact || report.headSeq === null || report.headHash === null) {
    await recordChainProblems(deps, orgId, report.problems, "checkpoint");
    return { status: "chain_broken", problems: report.problems };
  }
  const claims = { typ: CHECKPOINT_TYPE, v: 1, orgId, seq: report.headSeq, chainHash: report.headHash, at: deps.clock.now() } as const;
  const jws = await signCheckpoint(deps, key, claims);
  return { status: "signed", checkpoint: await storeCheckpoint(deps, claims, key.id, jws) };
}

/** Verifies the whole chain, or one step of it, and records what it finds (detectedBy names who looked). */
export async function verifyAndRecord(
  deps: Pick<AppContext, "db" | "clock">,
  orgId: string,
  detectedBy: string,
  range: Pick<ChainRange, "after" | "limit"> = {},
  options: WalkOptions = {},
): Promise<{ report: ChainReport; newViolations: Violation[] }> {
  const report = await verifyChain(deps.db.read, orgId, range, options);
  const newViolations = await recordChainProblems(deps, orgId, report.problems, detectedBy);
  return { report, newViolations };
}
