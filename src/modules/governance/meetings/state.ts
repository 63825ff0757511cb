/**
 * A meeting as one state (its row, agenda items, participants and votes, read in one
 * go), the per-meeting lock every change takes, who the caller is to the meeting
 * (organizer, the board's chairman, a participant), the voters who hold a seat, and the
 * wire views. Meetings are small (a few dozen items and participants), so every rule is
 * checked on this picture inside the writing transaction.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { toIso } from "../../../platform/clock";
import type { Queryable, Tx } from "../../../platform/db/database";
import { assertCan, badgesOfOrg, type BadgeSummary, type Caller, type OrgActor, type OrgCaller } from "../../orgs/index";
import { type BoardState, loadBoard } from "../board/service";
import { meetingErrors } from "./errors";
import { type Judgement, judgeOutcome } from "./outcome-judge";
import { type AgendaItemView, type JudgementView, MeetingTypes, type MeetingDetailView, type MeetingView, type ParticipantView } from "./model";
import { type AgendaItemRow, meetingAgendaItems, meetingParticipants, type MeetingRow, meetings, meetingVotes, type ParticipantRow, type VoteRow } from "./schema";
import { MEETING_SCOPES } from "./scopes";

/** Who changes a meeting: a person (organizer, chairman, voter). */
export type MeetingCaller = Caller<OrgActor>;
/** Who reads meetings: a person, or an M2M token of an org-wide key holding the scope. */
export type MeetingReader = Caller<OrgCaller>;
export type MeetingDeps = Pick<AppContext, "db" | "clock" | "config" | "mail" | "logger" | "blobs">;

export interface MeetingState {
  meeting: MeetingRow;
  /** Every item, dropped ones included, by number. */
  items: AgendaItemRow[];
  participants: ParticipantRow[];
  votes: VoteRow[];
  /** The organization's badges that the meeting names (participants, organizer, voters). */
  badges: Map<string, BadgeSummary>;
}

/** Serialises every change to one meeting. */
export async function lockMeeting(tx: Tx, meetingId: string): Promise<void> {
  await tx.lock(`governance.meeting:${meetingId}`);
}

/** The meeting's state, or 404 meeting_not_found (unknown, another organization's, or deleted). */
export async function loadMeeting(reader: Queryable, orgId: string, meetingId: string): Promise<MeetingState> {
  const [meeting] = await reader
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.orgId, orgId), isNull(meetings.deletedAt)));
  if (!meeting) throw meetingErrors.error("meetingNotFound", { field: "meetingId", message: "no such meeting in this organization" });
  const items = await reader.select().from(meetingAgendaItems).where(eq(meetingAgendaItems.meetingId, meetingId)).orderBy(asc(meetingAgendaItems.index));
  const participants = await reader
    .select()
    .from(meetingParticipants)
    .where(eq(meetingParticipants.meetingId, meetingId))
    .orderBy(asc(meetingParticipants.position), asc(meetingParticipants.id));
  const votes = await reader.select().from(meetingVotes).where(eq(meetingVotes.meetingId, meetingId)).orderBy(asc(meetingVotes.agendaIndex), asc(meetingVotes.createdAt), asc(meetingVotes.id));
  const ids = new Set<string>([meeting.organizerConnectedId, ...participants.flatMap((p) => (p.connectedId ? [p.connectedId] : [])), ...votes.map((v) => v.voterConnectedId)]);
  const badges = new Map((await badgesOfOrg(reader, orgId, { ids: [...ids] })).map((b) => [b.id, b]));
  return { meeting, items, participants, votes, badges };
}

/** Reads one meeting for a caller who reaches meeting screens (org.meeting.read): a member, or an M2M token holding the scope. */
export async function readMeetingState(deps: Pick<AppContext, "db">, caller: MeetingReader, meetingId: string): Promise<MeetingState> {
  assertCan(caller.actor, MEETING_SCOPES.read);
  return loadMeeting(deps.db.read, caller.org.id, meetingId);
}

/**
 * Runs a change to one meeting: the caller reaches meetings (org.meeting.read), and the
 * change runs under the meeting's lock on its state as of now.
 */
export async function changeMeeting<T>(deps: Pick<AppContext, "db">, caller: MeetingCaller, meetingId: string, change: (tx: Tx, state: MeetingState) => Promise<T>): Promise<T> {
  assertCan(caller.actor, MEETING_SCOPES.read);
  return deps.db.write(async (tx) => {
    await lockMeeting(tx, meetingId);
    return change(tx, await loadMeeting(tx, caller.org.id, meetingId));
  });
}

export const isOrganizer = (caller: MeetingCaller, meeting: MeetingRow) => caller.actor.connectedId !== null && caller.actor.connectedId === meeting.organizerConnectedId;

/** 403 organizer_required unless the caller organizes the meeting (spec 4.6 rule 1). */
export function requireOrganizer(caller: MeetingCaller, meeting: MeetingRow): void {
  if (!isOrganizer(caller, meeting)) throw meetingErrors.error("organizerRequired");
}

/** 403 chair_or_organizer_required unless the caller organizes the meeting or chairs the organization's board. */
export async function requireChairOrOrganizer(reader: Queryable, caller: MeetingCaller, meeting: MeetingRow): Promise<void> {
  if (isOrganizer(caller, meeting)) return;
  const board = await loadBoard(reader, caller.org.id);
  if (caller.actor.connectedId !== null && board?.chairmanConnectedId === caller.actor.connectedId) return;
  throw meetingErrors.error("chairOrOrganizerRequired");
}

/** 409 meeting_closed unless the meeting is still Scheduled (or one of `also`). */
export function requireStatus(meeting: MeetingRow, also: readonly string[] = []): void {
  if (meeting.status !== "Scheduled" && !also.includes(meeting.status)) {
    throw meetingErrors.error("meetingClosed", { meetingStatus: meeting.status, message: `the meeting is ${meeting.status}: it no longer changes` });
  }
}

/** A live item by number, or 404 agenda_item_not_found. */
export function itemOr404(state: MeetingState, index: number): AgendaItemRow {
  const item = state.items.find((i) => i.index === index && i.droppedAt === null);
  if (!item) throw meetingErrors.error("agendaItemNotFound", { field: "index", message: `no agenda item ${index} in this meeting` });
  return item;
}

export const liveItems = (state: Pick<MeetingState, "items">) => state.items.filter((i) => i.droppedAt === null);

/** The Agenda summary: the live items' titles, one a line, by number. */
export function agendaSummary(items: readonly Pick<AgendaItemRow, "title" | "droppedAt" | "index">[]): string {
  return [...items]
    .filter((i) => i.droppedAt === null)
    .sort((a, b) => a.index - b.index)
    .map((i) => i.title)
    .join("\n");
}

const isLivePerson = (badge: BadgeSummary | undefined) => badge !== undefined && badge.status !== "revoked" && badge.type === "person";

/**
 * The voters who hold a seat: in a BoardMeeting the board's seated directors now; in any
 * other meeting its member participants whose badge is not revoked.
 */
export function seatedVoters(state: MeetingState, board: BoardState | null): string[] {
  if (state.meeting.type === MeetingTypes.BoardMeeting) return board?.seats.map((s) => s.connectedId) ?? [];
  return state.participants.flatMap((p) => (p.connectedId && isLivePerson(state.badges.get(p.connectedId)) ? [p.connectedId] : []));
}

/** The judge's verdict on every live item, by number (spec 4.6 rule 8). */
export function judgeItems(state: MeetingState, board: BoardState | null): Array<{ item: AgendaItemRow; judgement: Judgement }> {
  const seated = seatedVoters(state, board);
  const checkedIn = state.participants.flatMap((p) => (p.connectedId && p.checkedInAt !== null ? [p.connectedId] : []));
  return liveItems(state).map((item) => ({
    item,
    judgement: judgeOutcome({
      seated,
      checkedIn,
      votes: state.votes.filter((v) => v.agendaIndex === item.index).map((v) => ({ voter: v.voterConnectedId, decision: v.decision })),
      takenUp: item.openedAt !== null,
    }),
  }));
}

export function judgementView(item: AgendaItemRow, judgement: Judgement): JudgementView {
  return { index: item.index, title: item.title, status: item.status, ...judgement };
}

// --- Views -------------------------------------------------------------------

const iso = (ms: number | null) => (ms === null ? null : toIso(ms));
const TYPE_NAMES: Record<number, string> = Object.fromEntries(Object.entries(MeetingTypes).map(([name, value]) => [value, name]));

export function meetingTypeName(type: number): string {
  return TYPE_NAMES[type] ?? String(type);
}

export function displayNameOf(state: Pick<MeetingState, "badges">, participant: ParticipantRow): string {
  if (participant.connectedId) return state.badges.get(participant.connectedId)?.displayName ?? participant.connectedId;
  return participant.name ?? participant.email ?? participant.id;
}

export function participantView(state: Pick<MeetingState, "badges">, p: ParticipantRow): ParticipantView {
  return {
    participantId: p.id,
    connectedId: p.connectedId,
    email: p.email,
    displayName: displayNameOf(state, p),
    role: p.role,
    rsvpStatus: p.rsvpStatus,
    rsvpAt: iso(p.rsvpAt),
    checkedInAt: iso(p.checkedInAt),
    checkedInBy: p.checkedInAt === null ? null : p.checkedInBy,
  };
}

export function itemView(state: Pick<MeetingState, "votes">, item: AgendaItemRow): AgendaItemView {
  return {
    index: item.index,
    title: item.title,
    memo: item.memo,
    notes: item.notes,
    status: item.status,
    outcome: item.outcome,
    recordingFileId: item.recordingFileId,
    carriedFromMeetingId: item.carriedFromMeetingId,
    carriedFromIndex: item.carriedFromIndex,
    voteCount: state.votes.filter((v) => v.agendaIndex === item.index).length,
    openedAt: iso(item.openedAt),
    closedAt: iso(item.closedAt),
    droppedAt: iso(item.droppedAt),
  };
}

export function meetingView(state: Pick<MeetingState, "meeting" | "participants" | "badges">): MeetingView {
  const m = state.meeting;
  return {
    id: m.id,
    title: m.title,
    type: m.type,
    typeName: meetingTypeName(m.type),
    mode: m.mode,
    scheduledAt: toIso(m.scheduledAt),
    durationMinutes: m.durationMinutes,
    location: m.location,
    agenda: m.agenda,
    status: m.status,
    organizerConnectedId: m.organizerConnectedId,
    participants: state.participants.map((p) => participantView(state, p)),
    minutesFileId: m.minutesFileId,
    carriedFromMeetingId: m.carriedFromMeetingId,
    followUpMeetingId: m.followUpMeetingId,
    cancelReason: m.cancelReason,
    cancelledAt: iso(m.cancelledAt),
    completedAt: iso(m.completedAt),
    createdAt: toIso(m.createdAt),
    updatedAt: toIso(m.updatedAt),
  };
}

export function meetingDetailView(state: MeetingState): MeetingDetailView {
  return {
    ...meetingView(state),
    agendaItems: liveItems(state).map((item) => itemView(state, item)),
    minutes: state.meeting.minutes,
    compiledMinutes: state.meeting.compiledMinutes,
    compiledAt: iso(state.meeting.compiledAt),
  };
}
