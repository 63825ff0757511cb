/**
 * Attendance (spec 4.6): POST participants/{participantId}/attendance {present}. The
 * organizer or the board's chairman marks a participant present or absent, as often as
 * needed, without a seal; checkedInAt is the fact quorum is computed from. Marking what
 * is already so changes nothing. Casting a vote marks the voter present on its own
 * (votes.ts), and taking that back by hand means the vote no longer counts (rule 7).
 */
import { eq } from "drizzle-orm";
import { auditEvent } from "../../../platform/audit/catalog";
import { kernelErrors } from "../../../platform/http/error-catalog";
import { recordEvent } from "../caller";
import { meetingErrors } from "./errors";
import { MEETING_EVENTS } from "./events";
import type { Attendance, ParticipantView } from "./model";
import { meetingParticipants } from "./schema";
import { changeMeeting, type MeetingCaller, type MeetingDeps, participantView, requireChairOrOrganizer, requireStatus } from "./state";

export async function markAttendance(deps: MeetingDeps, caller: MeetingCaller, meetingId: string, participantId: string, input: typeof Attendance.static): Promise<ParticipantView> {
  const present = input.present ?? input.Present;
  if (present === undefined) throw kernelErrors.error("invalidRequest", { field: "present", message: "present (true or false) is required" });
  const now = deps.clock.now();
  return changeMeeting(deps, caller, meetingId, async (tx, state) => {
    await requireChairOrOrganizer(tx, caller, state.meeting);
    requireStatus(state.meeting);
    const participant = state.participants.find((p) => p.id === participantId);
    if (!participant) throw meetingErrors.error("participantNotFound", { field: "participantId", message: "no such participant in this meeting" });
    if ((participant.checkedInAt !== null) === present) return participantView(state, participant);
    const [row] = await tx
      .update(meetingParticipants)
      .set(present ? { checkedInAt: now, checkedInBy: "manual" } : { checkedInAt: null, checkedInBy: null })
      .where(eq(meetingParticipants.id, participant.id))
      .returning();
    await recordEvent(tx, caller, auditEvent(MEETING_EVENTS.attendanceMarked, { meetingId, participantId, connectedId: participant.connectedId, present, source: "manual" }), now);
    return participantView(state, row!);
  });
}
