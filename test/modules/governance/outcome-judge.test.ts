/**
 * The outcome judge (spec 4.6 rules 7 and 8) as a table: every branch of the pure
 * function close-preview and complete share.
 */
import { describe, expect, test } from "bun:test";
import { judgeOutcome, type JudgeInput } from "../../../src/modules/governance/meetings/outcome-judge";

const seated = ["a", "b", "c", "d", "e"];
const v = (voter: string, decision: "Assent" | "Dissent" | "Abstain") => ({ voter, decision });

const cases: Array<[name: string, input: JudgeInput, expected: Record<string, unknown>]> = [
  // NoQuorum is evaluated first.
  ["no seat at all never reaches quorum", { seated: [], checkedIn: [], votes: [], takenUp: true }, { outcome: "NoQuorum", seated: 0, present: 0, quorum: 1 }],
  ["nobody checked in", { seated, checkedIn: [], votes: [], takenUp: true }, { outcome: "NoQuorum", present: 0, quorum: 3 }],
  ["fewer than a majority checked in (2 of 5)", { seated, checkedIn: ["a", "b"], votes: [v("a", "Assent"), v("b", "Assent")], takenUp: true }, { outcome: "NoQuorum", present: 2, quorum: 3, assent: 2 }],
  ["exactly half is not a majority (2 of 4)", { seated: ["a", "b", "c", "d"], checkedIn: ["a", "b"], votes: [v("a", "Assent"), v("b", "Assent")], takenUp: true }, { outcome: "NoQuorum", quorum: 3 }],
  ["checked-in people who hold no seat do not make quorum", { seated, checkedIn: ["a", "b", "x", "y", "z"], votes: [], takenUp: true }, { outcome: "NoQuorum", present: 2 }],
  ["NoQuorum wins over an item never taken up", { seated, checkedIn: ["a"], votes: [], takenUp: false }, { outcome: "NoQuorum" }],
  // NotVoted.
  ["quorum met but the item was never taken up", { seated, checkedIn: ["a", "b", "c"], votes: [], takenUp: false }, { outcome: "NotVoted", present: 3, notVoted: 3 }],
  ["quorum met, taken up, a present director has not voted", { seated, checkedIn: ["a", "b", "c"], votes: [v("a", "Assent"), v("b", "Assent")], takenUp: true }, { outcome: "NotVoted", notVoted: 1, assent: 3 }],
  ["a vote by someone not checked in does not count", { seated, checkedIn: ["a", "b", "c"], votes: [v("a", "Assent"), v("b", "Assent"), v("d", "Dissent")], takenUp: true }, { outcome: "NotVoted", notVoted: 1, dissent: 0 }],
  ["a vote by someone no longer seated does not count", { seated, checkedIn: ["a", "b", "c", "x"], votes: [v("a", "Assent"), v("b", "Assent"), v("x", "Dissent")], takenUp: true }, { outcome: "NotVoted", present: 3, dissent: 0 }],
  ["taken up and everyone voted, but not taken up wins", { seated: ["a"], checkedIn: ["a"], votes: [v("a", "Assent")], takenUp: false }, { outcome: "NotVoted" }],
  // Passed.
  ["unanimous", { seated, checkedIn: ["a", "b", "c"], votes: [v("a", "Assent"), v("b", "Assent"), v("c", "Assent")], takenUp: true }, { outcome: "Passed", assent: 3, dissent: 0, abstain: 0, notVoted: 0 }],
  ["assent a majority of those present (2 of 3)", { seated, checkedIn: ["a", "b", "c"], votes: [v("a", "Assent"), v("b", "Assent"), v("c", "Dissent")], takenUp: true }, { outcome: "Passed", assent: 2, dissent: 1 }],
  ["a majority of those present, not of the seated (3 of 4 present, 5 seated)", { seated, checkedIn: ["a", "b", "c", "d"], votes: [v("a", "Assent"), v("b", "Assent"), v("c", "Assent"), v("d", "Abstain")], takenUp: true }, { outcome: "Passed", present: 4, abstain: 1 }],
  ["one seat, present, assenting", { seated: ["a"], checkedIn: ["a"], votes: [v("a", "Assent")], takenUp: true }, { outcome: "Passed", quorum: 1 }],
  // Rejected.
  ["a tie rejects (2 assent, 2 dissent)", { seated, checkedIn: ["a", "b", "c", "d"], votes: [v("a", "Assent"), v("b", "Assent"), v("c", "Dissent"), v("d", "Dissent")], takenUp: true }, { outcome: "Rejected", assent: 2, dissent: 2 }],
  ["abstentions count against assent (1 assent, 2 abstain)", { seated, checkedIn: ["a", "b", "c"], votes: [v("a", "Assent"), v("b", "Abstain"), v("c", "Abstain")], takenUp: true }, { outcome: "Rejected", assent: 1, abstain: 2 }],
  ["every present director dissents", { seated, checkedIn: ["a", "b", "c"], votes: [v("a", "Dissent"), v("b", "Dissent"), v("c", "Dissent")], takenUp: true }, { outcome: "Rejected", assent: 0, dissent: 3 }],
];

describe("judgeOutcome", () => {
  for (const [name, input, expected] of cases) {
    test(name, () => expect(judgeOutcome(input)).toMatchObject(expected));
  }

  test("a checked-in id listed twice, or a voter's two entries, count once", () => {
    const j = judgeOutcome({ seated: ["a", "b", "c"], checkedIn: ["a", "a", "b"], votes: [v("a", "Dissent"), v("a", "Assent"), v("b", "Assent")], takenUp: true });
    expect(j).toMatchObject({ outcome: "Passed", present: 2, assent: 2, dissent: 0, notVoted: 0 });
  });

  test("quorum is floor(seated / 2) + 1", () => {
    for (const [n, q] of [[1, 1], [2, 2], [3, 2], [4, 3], [5, 3], [6, 4], [7, 4]]) {
      expect(judgeOutcome({ seated: Array.from({ length: n! }, (_, i) => `s${i}`), checkedIn: [], votes: [], takenUp: true }).quorum).toBe(q!);
    }
  });
});
