/**
 * Minutes (spec 3.2, 4.6 rule 9). The organizer writes a free body (PUT /minutes); the
 * minutes proper are composed from the meeting's state: the meeting, who attended, each
 * item with its memo, notes, recording, votes and outcome, then the organizer's body.
 * compile composes them on demand (the outcomes marked as a preview while the meeting
 * runs); complete composes the final text with the fixed outcomes and files a copy.
 */
import { eq } from "drizzle-orm";
import { auditEvent } from "../../../platform/audit/catalog";
import { toIso } from "../../../platform/clock";
import { sha256Hex } from "../../../platform/crypto/hash";
import { kernelErrors } from "../../../platform/http/error-catalog";
import { recordEvent } from "../caller";
import { loadBoard } from "../board/service";
import { MEETING_EVENTS } from "./events";
import type { Judgement } from "./outcome-judge";
import type { MinutesSave } from "./model";
import { type AgendaItemRow, meetings } from "./schema";
import {
  changeMeeting,
  displayNameOf,
  judgeItems,
  type MeetingCaller,
  type MeetingDeps,
  meetingDetailView,
  type MeetingState,
  meetingTypeName,
  requireOrganizer,
  requireStatus,
} from "./state";

/** The minutes as Markdown, from the meeting's state and each live item's judgement. */
export function composeMinutes(state: MeetingState, judged: ReadonlyArray<{ item: AgendaItemRow; judgement: Judgement }>, options: { final: boolean; at: number }): string {
  const m = state.meeting;
  const organizer = state.participants.find((p) => p.role === "Organizer");
  const lines = [
    `# Minutes: ${m.title}`,
    "",
    `- Meeting: ${m.id} (${meetingTypeName(m.type)}, ${m.mode === 1 ? "online" : "offline"}${m.location ? `, ${m.location}` : ""})`,
    `- Scheduled: ${toIso(m.scheduledAt)} UTC, ${m.durationMinutes} minutes`,
    `- Organizer: ${organizer ? displayNameOf(state, organizer) : m.organizerConnectedId}`,
    ...(m.carriedFromMeetingId ? [`- Follows up: ${m.carriedFromMeetingId}`] : []),
    options.final ? `- Completed: ${toIso(options.at)} UTC` : `- Draft compiled: ${toIso(options.at)} UTC (outcomes are a preview until the meeting is completed)`,
    "",
    "## Attendance",
    "",
    ...state.participants.map((p) => {
      const who = `${displayNameOf(state, p)}${p.role === "Participant" ? "" : ` (${p.role})`}`;
      const present = p.checkedInAt === null ? "absent" : `present (checked in ${toIso(p.checkedInAt)} UTC${p.checkedInBy === "vote" ? ", by voting" : ""})`;
      return `- ${who}: ${present}; RSVP ${p.rsvpStatus}`;
    }),
    "",
    "## Agenda",
  ];
  for (const { item, judgement } of judged) {
    const outcome = options.final ? (item.outcome ?? judgement.outcome) : `${judgement.outcome} (preview)`;
    lines.push(
      "",
      `### ${item.index}. ${item.title}`,
      "",
      `- Outcome: ${outcome}`,
      `- Present ${judgement.present} of ${judgement.seated} seated (quorum ${judgement.quorum}); assent ${judgement.assent}, dissent ${judgement.dissent}, abstain ${judgement.abstain}, not voted ${judgement.notVoted}`,
      ...(item.carriedFromMeetingId ? [`- Carried from meeting ${item.carriedFromMeetingId}, item ${item.carriedFromIndex}`] : []),
      ...(item.recordingFileId ? [`- Recording: file ${item.recordingFileId}`] : []),
    );
    const votes = state.votes.filter((v) => v.agendaIndex === item.index);
    if (votes.length) {
      lines.push("- Votes (each sealed by the voter's passkey):");
      for (const v of votes) lines.push(`  - ${state.badges.get(v.voterConnectedId)?.displayName ?? v.voterConnectedId}: ${v.decision}${v.reason ? ` (${v.reason})` : ""} [${v.recordHash.slice(0, 16)}]`);
    }
    if (item.memo) lines.push("", "Memo:", "", item.memo);
    if (item.notes) lines.push("", "Notes:", "", item.notes);
  }
  if (m.minutes) lines.push("", "## Minutes", "", m.minutes);
  return `${lines.join("\n")}\n`;
}

/** PUT /minutes: the organizer saves the minutes body while the meeting is Scheduled. */
export async function saveMinutes(deps: MeetingDeps, caller: MeetingCaller, meetingId: string, input: typeof MinutesSave.static) {
  const body = input.Body ?? input.body;
  if (body === undefined) throw kernelErrors.error("invalidRequest", { field: "body", message: "body (the minutes text) is required" });
  const now = deps.clock.now();
  return changeMeeting(deps, caller, meetingId, async (tx, state) => {
    requireOrganizer(caller, state.meeting);
    requireStatus(state.meeting);
    if (body !== state.meeting.minutes) {
      const [row] = await tx.update(meetings).set({ minutes: body, updatedAt: now }).where(eq(meetings.id, meetingId)).returning();
      await recordEvent(tx, caller, auditEvent(MEETING_EVENTS.minutesSaved, { meetingId, length: body.length, sha256: sha256Hex(body) }), now);
      state.meeting = row!;
    }
    return meetingDetailView(state);
  });
}

/** POST /minutes/compile: composes the minutes from the meeting as it stands (organizer only). */
export async function compileMinutes(deps: MeetingDeps, caller: MeetingCaller, meetingId: string) {
  const now = deps.clock.now();
  return changeMeeting(deps, caller, meetingId, async (tx, state) => {
    requireOrganizer(caller, state.meeting);
    requireStatus(state.meeting);
    const minutes = composeMinutes(state, judgeItems(state, await loadBoard(tx, caller.org.id)), { final: false, at: now });
    await tx.update(meetings).set({ compiledMinutes: minutes, compiledAt: now, updatedAt: now }).where(eq(meetings.id, meetingId));
    await recordEvent(tx, caller, auditEvent(MEETING_EVENTS.minutesCompiled, { meetingId, sha256: sha256Hex(minutes) }), now);
    return { meetingId, minutes, compiledAt: toIso(now) };
  });
}
