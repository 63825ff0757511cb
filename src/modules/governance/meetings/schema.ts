/**
 * Meetings with sealed votes (spec 2.8, 3.1, 3.2, 4.6; docs/governance.md).
 *
 * - `meetings`: one row per meeting. status is Scheduled until it is Completed or
 *   Cancelled (the terminal states); deletedAt soft-deletes a terminal meeting (its
 *   minutes, votes and audit chain remain). A BoardMeeting row is never removed, so the
 *   count of the organization's BoardMeetings is what it ever created (the free one is
 *   not given back by deleting).
 * - `meeting_agenda_items`: numbered from 0 per meeting, never reused (a dropped item
 *   keeps its row and number with droppedAt).
 * - `meeting_participants`: members by ConnectedId, or external guests by e-mail; the
 *   participant id is the row id (the RSVP link names it). checkedInAt is the attendance
 *   fact quorum is computed from.
 * - `meeting_votes`: exactly one row per (meeting, item, voter), overwritten by a
 *   re-vote; each is sealed by the voter's personal seal and by the audit chain.
 */
import { col, table } from "../../../platform/db/kit";
import { connectedIds, organizations } from "../../orgs/schema";

export type MeetingStatus = "Scheduled" | "Completed" | "Cancelled";
export type AgendaStatus = "Pending" | "Open" | "Closed";
export type AgendaOutcome = "NoQuorum" | "NotVoted" | "Passed" | "Rejected";
export type Decision = "Assent" | "Dissent" | "Abstain";
export type ParticipantRole = "Organizer" | "Participant" | "External";
export type RsvpStatus = "pending" | "accepted" | "declined" | "tentative";

export const meetings = table(
  "meetings",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    title: col.text().notNull(),
    /** TeamMeeting 0, Client 1, BoardMeeting 10 (spec 2.8). */
    type: col.int().notNull(),
    /** 0 Offline, 1 Online. */
    mode: col.int().notNull(),
    scheduledAt: col.time().notNull(),
    durationMinutes: col.int().notNull(),
    location: col.text(),
    /** The Agenda summary: the live items' titles, one a line, rebuilt on every agenda change. */
    agenda: col.text().notNull(),
    status: col.text().$type<MeetingStatus>().notNull(),
    organizerConnectedId: col.text().notNull().references(() => connectedIds.id),
    /** The minutes body the organizer writes (PUT /minutes). */
    minutes: col.text(),
    /** The composed minutes (compile; fixed at complete). */
    compiledMinutes: col.text(),
    compiledAt: col.time(),
    /** The copy filed in the organization's Files at complete (scope meeting:{id}). */
    minutesFileId: col.text(),
    /** Set on a follow-up: the meeting its items were carried from. */
    carriedFromMeetingId: col.text(),
    /** Set on a completed meeting whose follow-up was created. */
    followUpMeetingId: col.text(),
    cancelReason: col.text(),
    cancelledAt: col.time(),
    completedAt: col.time(),
    deletedAt: col.time(),
    createdBy: col.text(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [
    { name: "meetings_org_scheduled_idx", on: ["orgId", "scheduledAt"] },
    { name: "meetings_org_type_idx", on: ["orgId", "type"] },
  ],
);

export const meetingAgendaItems = table(
  "meeting_agenda_items",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    meetingId: col.text().notNull().references(() => meetings.id, { onDelete: "cascade" }),
    /** 0, 1, 2… per meeting; never moves or gets reused. */
    index: col.int("item_index").notNull(),
    title: col.text().notNull(),
    memo: col.text(),
    notes: col.text(),
    status: col.text().$type<AgendaStatus>().notNull(),
    /** Fixed at complete (NoQuorum, NotVoted, Passed, Rejected). */
    outcome: col.text().$type<AgendaOutcome>(),
    /** An uploaded audio file (scope meeting:{meetingId}). */
    recordingFileId: col.text(),
    /** Set on an item a follow-up carried: the meeting (and its item number) it came from. */
    carriedFromMeetingId: col.text(),
    carriedFromIndex: col.int(),
    openedAt: col.time(),
    closedAt: col.time(),
    droppedAt: col.time(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [{ name: "meeting_agenda_items_meeting_index_uq", on: ["meetingId", "index"], unique: true }],
);

export const meetingParticipants = table(
  "meeting_participants",
  {
    /** The participantId (named by the RSVP link). */
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    meetingId: col.text().notNull().references(() => meetings.id, { onDelete: "cascade" }),
    /** A member's badge; null for an external guest. */
    connectedId: col.text().references(() => connectedIds.id),
    /** An external guest's address (normalised); null for a member. */
    email: col.text(),
    /** An external guest's name as the organizer gave it. */
    name: col.text(),
    role: col.text().$type<ParticipantRole>().notNull(),
    /** The order participants are listed in: the organizer first, then members and guests as the organizer named them. */
    position: col.int().notNull(),
    rsvpStatus: col.text().$type<RsvpStatus>().notNull(),
    rsvpAt: col.time(),
    checkedInAt: col.time(),
    /** manual (organizer or chairman) or vote (casting a vote marked them present). */
    checkedInBy: col.text().$type<"manual" | "vote">(),
    invitedAt: col.time(),
    createdAt: col.time().notNull(),
  },
  [
    { name: "meeting_participants_meeting_member_uq", on: ["meetingId", "connectedId"], unique: true },
    { name: "meeting_participants_meeting_email_uq", on: ["meetingId", "email"], unique: true },
    { name: "meeting_participants_member_idx", on: ["orgId", "connectedId"] },
  ],
);

export const meetingVotes = table(
  "meeting_votes",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    meetingId: col.text().notNull().references(() => meetings.id, { onDelete: "cascade" }),
    agendaIndex: col.int().notNull(),
    /** The session's ConnectedId: a vote has no voter field. */
    voterConnectedId: col.text().notNull().references(() => connectedIds.id),
    decision: col.text().$type<Decision>().notNull(),
    reason: col.text(),
    /** The passkey that sealed it (personal seal bound to meeting, item and choice). */
    sealCredentialId: col.text().notNull(),
    sealedAt: col.time().notNull(),
    /** SHA-256 of the canonical vote record (DESIGN §6). */
    recordHash: col.text().notNull(),
    /** How many times the voter changed this vote. */
    changes: col.int().notNull(),
    createdAt: col.time().notNull(),
  },
  [{ name: "meeting_votes_meeting_item_voter_uq", on: ["meetingId", "agendaIndex", "voterConnectedId"], unique: true }],
);

export type MeetingRow = typeof meetings.$inferSelect;
export type AgendaItemRow = typeof meetingAgendaItems.$inferSelect;
export type ParticipantRow = typeof meetingParticipants.$inferSelect;
export type VoteRow = typeof meetingVotes.$inferSelect;
