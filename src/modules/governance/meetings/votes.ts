/**
 * Votes (spec 2.8, 3.1, 4.6 rule 6). A vote names no voter: it binds to the session's
 * ConnectedId. It needs org.meeting.vote (a Director holds it) and a participant's place
 * in the meeting (403 NOT_A_PARTICIPANT), an item that is Open (409 AGENDA_NOT_OPENED /
 * AGENDA_CLOSED), and the voter's personal seal bound to the meeting, the item and the
 * choice: purpose meeting.vote, subject {meetingId}|{AgendaIndex}|{Decision}, so a seal
 * made for another item or another choice is refused. Under the meeting's lock the vote
 * is written as the one row per (meeting, item, voter) (a unique index and an upsert), a
 * re-vote overwrites it and is emitted with chg, and casting marks the voter present.
 */
import { eq } from "drizzle-orm";
import { auditEvent } from "../../../platform/audit/catalog";
import { toIso } from "../../../platform/clock";
import { recordHash } from "../../../platform/crypto/canonical-json";
import { newId } from "../../../platform/ids";
import { passkeyErrors, SealRefusal, sealAssertionOf, verifyPersonalSeal } from "../../identity/index";
import { assertCan } from "../../orgs/index";
import { recordEvent } from "../caller";
import { meetingErrors } from "./errors";
import { MEETING_EVENTS } from "./events";
import type { VoteCast, VoteView } from "./model";
import { type Decision, meetingParticipants, meetingVotes, type VoteRow } from "./schema";
import { MEETING_SCOPES } from "./scopes";
import { changeMeeting, itemOr404, type MeetingCaller, type MeetingDeps, type MeetingReader, type MeetingState, readMeetingState } from "./state";

export const VOTE_SEAL_PURPOSE = "meeting.vote";
export const DECISIONS: readonly Decision[] = ["Assent", "Dissent", "Abstain"];

/** The seal subject of a vote: {meetingId}|{index}|{decision}. */
export function voteSealSubject(meetingId: string, index: number, decision: Decision): string {
  return `${meetingId}|${index}|${decision}`;
}

export function parseDecision(value: string): Decision {
  const decision = DECISIONS.find((d) => d.toLowerCase() === value.trim().toLowerCase());
  if (!decision) throw meetingErrors.error("invalidDecision", { field: "Decision", message: "Assent, Dissent or Abstain (any case)" });
  return decision;
}

function voteView(state: Pick<MeetingState, "badges">, vote: VoteRow): VoteView {
  return {
    agendaIndex: vote.agendaIndex,
    voterConnectedId: vote.voterConnectedId,
    voterName: state.badges.get(vote.voterConnectedId)?.displayName ?? vote.voterConnectedId,
    decision: vote.decision,
    reason: vote.reason,
    sealedAt: toIso(vote.sealedAt),
    changes: vote.changes,
    recordHash: vote.recordHash,
  };
}

/** Every vote of the meeting, by item. */
export async function listVotes(deps: Pick<MeetingDeps, "db">, caller: MeetingReader, meetingId: string): Promise<VoteView[]> {
  const state = await readMeetingState(deps, caller, meetingId);
  return state.votes.map((vote) => voteView(state, vote));
}

export async function castVote(deps: MeetingDeps, caller: MeetingCaller, meetingId: string, input: typeof VoteCast.static): Promise<VoteView & { chg: boolean }> {
  assertCan(caller.actor, MEETING_SCOPES.vote);
  const decision = parseDecision(input.Decision);
  const index = input.AgendaIndex;
  const reason = input.Reason?.trim() || null;
  if (input.SealEmail && input.SealEmail.trim().toLowerCase() !== caller.actor.email.toLowerCase()) {
    throw passkeyErrors.error("stepUpFailed", { reason: SealRefusal.userMismatch, field: "SealEmail", message: "SealEmail is not the signed-in user's address" });
  }
  const now = deps.clock.now();
  return changeMeeting(deps, caller, meetingId, async (tx, state) => {
    const voter = caller.actor.connectedId;
    const participant = voter ? state.participants.find((p) => p.connectedId === voter) : undefined;
    if (!voter || !participant) throw meetingErrors.error("notAParticipant");
    if (state.meeting.status === "Cancelled") throw meetingErrors.error("meetingClosed", { meetingStatus: state.meeting.status, message: "the meeting was cancelled" });
    const item = itemOr404(state, index);
    if (item.status === "Pending") throw meetingErrors.error("agendaNotOpened", { index, message: "the item has not been taken up yet" });
    if (item.status === "Closed") throw meetingErrors.error("agendaClosed", { index, message: "voting on this item is shut" });
    const { credentialId } = await verifyPersonalSeal(tx, deps, {
      userId: caller.actor.userId,
      purpose: VOTE_SEAL_PURPOSE,
      subject: voteSealSubject(meetingId, index, decision),
      assertion: sealAssertionOf(input),
    });
    const earlier = state.votes.find((v) => v.agendaIndex === index && v.voterConnectedId === voter) ?? null;
    const record = { meetingId, agendaIndex: index, voterConnectedId: voter, decision, reason, sealCredentialId: credentialId, sealedAt: now };
    const hash = recordHash(record);
    const changes = earlier ? earlier.changes + 1 : 0;
    const [vote] = await tx
      .insert(meetingVotes)
      .values({ id: earlier?.id ?? newId(), orgId: caller.org.id, ...record, recordHash: hash, changes, createdAt: now })
      .onConflictDoUpdate({
        target: [meetingVotes.meetingId, meetingVotes.agendaIndex, meetingVotes.voterConnectedId],
        set: { decision, reason, sealCredentialId: credentialId, sealedAt: now, recordHash: hash, changes },
      })
      .returning();
    // Casting a vote marks the voter present (rule 6).
    if (participant.checkedInAt === null) {
      await tx.update(meetingParticipants).set({ checkedInAt: now, checkedInBy: "vote" }).where(eq(meetingParticipants.id, participant.id));
      await recordEvent(tx, caller, auditEvent(MEETING_EVENTS.attendanceMarked, { meetingId, participantId: participant.id, connectedId: voter, present: true, source: "automatic" }), now);
    }
    await recordEvent(
      tx,
      caller,
      auditEvent(MEETING_EVENTS.agendaVoted, {
        meetingId,
        voteId: vote!.id,
        agendaIndex: index,
        voterConnectedId: voter,
        decision,
        previousDecision: earlier?.decision ?? null,
        chg: earlier !== null,
        recordHash: hash,
        sealCredentialId: credentialId,
      }),
      now,
    );
    return { ...voteView(state, vote!), chg: earlier !== null };
  });
}
