/**
 * Audit events of meetings. Spec §6 names created (creation and follow-ups), updated
 * (agenda changes), cancelled, attendance_marked (manual or automatic) and agenda_voted
 * (with chg for a changed vote); every other change is written with its own event under
 * business.meeting.* too (DESIGN §3: no state change without its event).
 */
import { defineEvent } from "../../../platform/audit/catalog";
import type { AgendaOutcome, Decision, RsvpStatus } from "./schema";

type Id = string;

export const MEETING_EVENTS = {
  created: defineEvent<{
    meetingId: Id;
    title: string;
    type: number;
    scheduledAt: string;
    organizerConnectedId: Id;
    participantConnectedIds: Id[];
    externalParticipants: number;
    agendaItems: number;
    carriedFromMeetingId: Id | null;
    boardMeetingsEverCreated: number | null;
  }>()("business.meeting.created", "A meeting is created (a follow-up too: carriedFromMeetingId)"),
  updated: defineEvent<{
    meetingId: Id;
    change: "agenda_item_added" | "agenda_item_reworded" | "agenda_item_dropped";
    index: number;
    title: string;
    previousTitle?: string;
    agenda: string;
  }>()("business.meeting.updated", "The agenda changes: an item added, reworded or dropped; agenda is the rebuilt summary"),
  cancelled: defineEvent<{ meetingId: Id; reason: string }>()("business.meeting.cancelled", "A meeting without votes is cancelled, with its reason"),
  attendanceMarked: defineEvent<{ meetingId: Id; participantId: Id; connectedId: Id | null; present: boolean; source: "manual" | "automatic" }>()(
    "business.meeting.attendance_marked",
    "A participant is marked present or absent: manual (organizer or chairman) or automatic (casting a vote)",
  ),
  agendaVoted: defineEvent<{ meetingId: Id; voteId: Id; agendaIndex: number; voterConnectedId: Id; decision: Decision; previousDecision: Decision | null; chg: boolean; recordHash: string; sealCredentialId: string }>()(
    "business.meeting.agenda_voted",
    "A vote is cast under a personal seal; chg when it changes the voter's earlier vote on the item",
  ),
  agendaOpened: defineEvent<{ meetingId: Id; index: number }>()("business.meeting.agenda_opened", "An agenda item is taken up: voting opens"),
  agendaClosed: defineEvent<{ meetingId: Id; index: number }>()("business.meeting.agenda_closed", "An agenda item is closed: voting shuts"),
  agendaNotesSaved: defineEvent<{ meetingId: Id; index: number; fields: Array<"memo" | "notes"> }>()("business.meeting.agenda_notes_saved", "An agenda item's memo or notes are saved"),
  recordingAttached: defineEvent<{ meetingId: Id; index: number; fileId: Id | null; previousFileId: Id | null }>()(
    "business.meeting.recording_attached",
    "An uploaded audio file is attached to an agenda item (fileId null: detached)",
  ),
  minutesSaved: defineEvent<{ meetingId: Id; length: number; sha256: string }>()("business.meeting.minutes_saved", "The organizer saves the minutes body"),
  minutesCompiled: defineEvent<{ meetingId: Id; sha256: string }>()("business.meeting.minutes_compiled", "The minutes are composed from the meeting's state"),
  completed: defineEvent<{ meetingId: Id; outcomes: Array<{ index: number; outcome: AgendaOutcome }>; minutesSha256: string; createFollowUp: boolean }>()(
    "business.meeting.completed",
    "The organizer completes the meeting: outcomes fixed, items closed, minutes composed",
  ),
  minutesFiled: defineEvent<{ meetingId: Id; fileId: Id }>()("business.meeting.minutes_filed", "The completed meeting's minutes are filed in the organization's Files (scope meeting:{id})"),
  followUpLinked: defineEvent<{ meetingId: Id; followUpMeetingId: Id; carriedItems: number[] }>()(
    "business.meeting.follow_up_linked",
    "A completed meeting's NoQuorum and NotVoted items were carried to a follow-up meeting",
  ),
  deleted: defineEvent<{ meetingId: Id; status: "Completed" | "Cancelled" }>()("business.meeting.deleted", "A Completed or Cancelled meeting is soft-deleted (its minutes and audit chain remain)"),
  rsvpRecorded: defineEvent<{ meetingId: Id; participantId: Id; connectedId: Id | null; email: string | null; response: RsvpStatus; previous: RsvpStatus }>()(
    "business.meeting.rsvp_recorded",
    "A participant answers the invitation through its signed link (intent, not an access grant)",
  ),
} as const;
