/**
 * The outcome judge (spec 4.6 rules 7 and 8): one pure function that close-preview and
 * complete both call, so the preview is exactly what complete fixes.
 *
 * - The voters are those who hold a seat: in a BoardMeeting the currently seated
 *   directors, in other meetings the member participants (docs/governance.md).
 * - Quorum is a majority of them checked in (more than half). Only votes of seated,
 *   checked-in voters count.
 * - NoQuorum, evaluated first: fewer than a majority checked in (a meeting with no seat
 *   at all can never reach it).
 * - NotVoted: quorum met, but the item was never taken up, or a present voter has no vote.
 * - Passed: every present voter voted and assent is a majority of those present, where a
 *   present voter without a recorded dissent or abstention counts as assenting (rule 7).
 * - Rejected: every present voter voted and assent is not a majority (a tie rejects).
 */
import type { AgendaOutcome, Decision } from "./schema";

export interface JudgeInput {
  /** ConnectedIds of the voters who hold a seat now. */
  seated: readonly string[];
  /** ConnectedIds checked in to the meeting (any participant). */
  checkedIn: readonly string[];
  /** The item's votes, one per voter at most. */
  votes: ReadonlyArray<{ voter: string; decision: Decision }>;
  /** Whether the item was ever taken up (opened). */
  takenUp: boolean;
}

export interface Judgement {
  outcome: AgendaOutcome;
  seated: number;
  present: number;
  /** Checked-in voters needed: floor(seated / 2) + 1. */
  quorum: number;
  assent: number;
  dissent: number;
  abstain: number;
  notVoted: number;
}

export function judgeOutcome(input: JudgeInput): Judgement {
  const seated = new Set(input.seated);
  const present = new Set(input.checkedIn.filter((id) => seated.has(id)));
  const counted = new Map<string, Decision>();
  for (const vote of input.votes) if (present.has(vote.voter)) counted.set(vote.voter, vote.decision);
  const dissent = [...counted.values()].filter((d) => d === "Dissent").length;
  const abstain = [...counted.values()].filter((d) => d === "Abstain").length;
  const notVoted = present.size - counted.size;
  const assent = present.size - dissent - abstain;
  const quorum = Math.floor(seated.size / 2) + 1;
  const tally = { seated: seated.size, present: present.size, quorum, assent, dissent, abstain, notVoted };
  if (present.size < quorum) return { outcome: "NoQuorum", ...tally };
  if (!input.takenUp || notVoted > 0) return { outcome: "NotVoted", ...tally };
  return { outcome: assent * 2 > present.size ? "Passed" : "Rejected", ...tally };
}
