/**
 * Agenda items (spec 3.1, 4.6 rules 3, 4, 13): list, add, reword, save memo and notes,
 * drop, open, close, attach a recording. Numbers start at 0 and are never reused: an
 * added item takes the number after the highest ever used, a dropped item keeps its row.
 * An item with votes is frozen (no new title, no drop: 400 AGENDA_HAS_VOTES). Adding,
 * rewording and dropping rebuild the meeting's Agenda summary and emit
 * business.meeting.updated.
 *
 * Who: the organizer adds, rewords and drops; the organizer or the board's chairman
 * opens and closes items, saves memo and notes and attaches recordings (rule 1).
 */
import { eq } from "drizzle-orm";
import { auditEvent } from "../../../platform/audit/catalog";
import type { Tx } from "../../../platform/db/database";
import { newId } from "../../../platform/ids";
import { liveFileOfOrg } from "../../storage/index";
import { recordEvent } from "../caller";
import { cleanTitle } from "./create";
import { meetingErrors } from "./errors";
import { MEETING_EVENTS } from "./events";
import { type AgendaItemAdd, type AgendaItemChange, type AgendaItemView, ITEM_TITLE_MAX, type RecordingAttach } from "./model";
import { type AgendaItemRow, meetingAgendaItems, meetings } from "./schema";
import {
  agendaSummary,
  changeMeeting,
  itemOr404,
  itemView,
  liveItems,
  type MeetingCaller,
  type MeetingDeps,
  type MeetingReader,
  type MeetingState,
  readMeetingState,
  requireChairOrOrganizer,
  requireOrganizer,
  requireStatus,
} from "./state";

export async function listAgendaItems(deps: Pick<MeetingDeps, "db">, caller: MeetingReader, meetingId: string, options: { includeDropped?: boolean }): Promise<AgendaItemView[]> {
  const state = await readMeetingState(deps, caller, meetingId);
  return (options.includeDropped ? state.items : liveItems(state)).map((item) => itemView(state, item));
}

const hasVotes = (state: MeetingState, item: AgendaItemRow) => state.votes.some((v) => v.agendaIndex === item.index);

/** Writes the rebuilt Agenda summary and business.meeting.updated for one agenda change. */
async function agendaChanged(
  tx: Tx,
  caller: MeetingCaller,
  state: MeetingState,
  items: AgendaItemRow[],
  change: { change: "agenda_item_added" | "agenda_item_reworded" | "agenda_item_dropped"; index: number; title: string; previousTitle?: string },
  now: number,
): Promise<void> {
  const agenda = agendaSummary(items);
  await tx.update(meetings).set({ agenda, updatedAt: now }).where(eq(meetings.id, state.meeting.id));
  await recordEvent(tx, caller, auditEvent(MEETING_EVENTS.updated, { meetingId: state.meeting.id, ...change, agenda }), now);
}

/** Adds an item raised during the meeting, numbered after the highest number ever used. */
export async function addAgendaItem(deps: MeetingDeps, caller: MeetingCaller, meetingId: string, input: typeof AgendaItemAdd.static): Promise<AgendaItemView> {
  const raw = input.Title ?? input.title;
  if (raw === undefined) throw meetingErrors.error("invalidTitle", { field: "title", message: "an item needs a title" });
  const title = cleanTitle(raw, ITEM_TITLE_MAX, "title");
  const memo = input.Memo !== undefined ? input.Memo : (input.memo ?? null);
  const now = deps.clock.now();
  return changeMeeting(deps, caller, meetingId, async (tx, state) => {
    requireOrganizer(caller, state.meeting);
    requireStatus(state.meeting);
    const index = state.items.reduce((max, i) => Math.max(max, i.index), -1) + 1;
    const [item] = await tx
      .insert(meetingAgendaItems)
      .values({ id: newId(), orgId: caller.org.id, meetingId, index, title, memo, notes: null, status: "Pending", createdAt: now, updatedAt: now })
      .returning();
    await agendaChanged(tx, caller, state, [...state.items, item!], { change: "agenda_item_added", index, title }, now);
    return itemView(state, item!);
  });
}

/**
 * Saves an item's Memo and/or Notes (independently: a field left out keeps its value)
 * and/or rewords its Title. Memo and notes: the organizer or the chairman; the title:
 * the organizer, and not once the item has votes.
 */
export async function changeAgendaItem(deps: MeetingDeps, caller: MeetingCaller, meetingId: string, index: number, input: typeof AgendaItemChange.static): Promise<AgendaItemView> {
  const rawTitle = input.Title ?? input.title;
  const title = rawTitle === undefined ? undefined : cleanTitle(rawTitle, ITEM_TITLE_MAX);
  const memo = input.Memo !== undefined ? input.Memo : input.memo;
  const notes = input.Notes !== undefined ? input.Notes : input.notes;
  const now = deps.clock.now();
  return changeMeeting(deps, caller, meetingId, async (tx, state) => {
    if (title !== undefined) requireOrganizer(caller, state.meeting);
    else await requireChairOrOrganizer(tx, caller, state.meeting);
    requireStatus(state.meeting);
    const item = itemOr404(state, index);
    const set: Partial<AgendaItemRow> = {};
    const fields: Array<"memo" | "notes"> = [];
    if (memo !== undefined && memo !== item.memo) {
      set.memo = memo;
      fields.push("memo");
    }
    if (notes !== undefined && notes !== item.notes) {
      set.notes = notes;
      fields.push("notes");
    }
    const reworded = title !== undefined && title !== item.title;
    if (reworded) {
      if (hasVotes(state, item)) throw meetingErrors.error("agendaHasVotes", { index, message: "the item has votes: its title is frozen" });
      set.title = title;
    }
    if (!reworded && fields.length === 0) return itemView(state, item);
    const [row] = await tx
      .update(meetingAgendaItems)
      .set({ ...set, updatedAt: now })
      .where(eq(meetingAgendaItems.id, item.id))
      .returning();
    if (fields.length) await recordEvent(tx, caller, auditEvent(MEETING_EVENTS.agendaNotesSaved, { meetingId, index, fields }), now);
    if (reworded) {
      const items = state.items.map((i) => (i.id === item.id ? row! : i));
      await agendaChanged(tx, caller, state, items, { change: "agenda_item_reworded", index, title: title!, previousTitle: item.title }, now);
    } else {
      await tx.update(meetings).set({ updatedAt: now }).where(eq(meetings.id, meetingId));
    }
    return itemView(state, row!);
  });
}

/** Drops an item (soft: its number stays taken); not once it has votes. */
export async function dropAgendaItem(deps: MeetingDeps, caller: MeetingCaller, meetingId: string, index: number): Promise<AgendaItemView> {
  const now = deps.clock.now();
  return changeMeeting(deps, caller, meetingId, async (tx, state) => {
    requireOrganizer(caller, state.meeting);
    requireStatus(state.meeting);
    const item = itemOr404(state, index);
    if (hasVotes(state, item)) throw meetingErrors.error("agendaHasVotes", { index, message: "the item has votes: it cannot be dropped" });
    const [row] = await tx.update(meetingAgendaItems).set({ droppedAt: now, updatedAt: now }).where(eq(meetingAgendaItems.id, item.id)).returning();
    const items = state.items.map((i) => (i.id === item.id ? row! : i));
    await agendaChanged(tx, caller, state, items, { change: "agenda_item_dropped", index, title: item.title }, now);
    return itemView(state, row!);
  });
}

/**
 * Takes an item up (Pending → Open: voting accepted) or closes it (Open → Closed: voting
 * shut), per spec 3.1. Opening an open item or closing a closed one changes nothing;
 * reopening a closed item is 409 AGENDA_CLOSED, closing one never opened 409
 * AGENDA_NOT_OPENED.
 */
export async function moveAgendaItem(deps: MeetingDeps, caller: MeetingCaller, meetingId: string, index: number, to: "Open" | "Closed"): Promise<AgendaItemView> {
  const now = deps.clock.now();
  return changeMeeting(deps, caller, meetingId, async (tx, state) => {
    await requireChairOrOrganizer(tx, caller, state.meeting);
    requireStatus(state.meeting);
    const item = itemOr404(state, index);
    if (item.status === to) return itemView(state, item);
    if (to === "Open" && item.status === "Closed") throw meetingErrors.error("agendaClosed", { index, message: "a closed item is not reopened" });
    if (to === "Closed" && item.status === "Pending") throw meetingErrors.error("agendaNotOpened", { index, message: "the item was never taken up: open it first" });
    const set = to === "Open" ? { status: "Open" as const, openedAt: now } : { status: "Closed" as const, closedAt: now };
    const [row] = await tx
      .update(meetingAgendaItems)
      .set({ ...set, updatedAt: now })
      .where(eq(meetingAgendaItems.id, item.id))
      .returning();
    await tx.update(meetings).set({ updatedAt: now }).where(eq(meetings.id, meetingId));
    await recordEvent(tx, caller, auditEvent(to === "Open" ? MEETING_EVENTS.agendaOpened : MEETING_EVENTS.agendaClosed, { meetingId, index }), now);
    return itemView(state, row!);
  });
}

/**
 * Attaches an uploaded audio file to an item (rule 13), or detaches it (null). The file
 * must be a live file of the organization uploaded for this meeting
 * (POST /api/org/{slug}/files?meetingId={id}, scope meeting:{id}) with an audio/* type.
 * Allowed while the meeting is Scheduled and after it is Completed (recordings are often
 * uploaded afterwards), not once it is Cancelled.
 */
export async function attachRecording(deps: MeetingDeps, caller: MeetingCaller, meetingId: string, index: number, input: typeof RecordingAttach.static): Promise<AgendaItemView> {
  const fileId = input.FileId !== undefined ? input.FileId : (input.fileId ?? null);
  const now = deps.clock.now();
  return changeMeeting(deps, caller, meetingId, async (tx, state) => {
    await requireChairOrOrganizer(tx, caller, state.meeting);
    requireStatus(state.meeting, ["Completed"]);
    const item = itemOr404(state, index);
    if (fileId !== null) {
      const file = await liveFileOfOrg(tx, caller.org.id, fileId);
      if (!file) throw meetingErrors.error("recordingNotFound", { field: "FileId", message: "no such live file in this organization" });
      if (file.scope !== `meeting:${meetingId}`) throw meetingErrors.error("recordingNotForMeeting", { field: "FileId", scope: file.scope });
      if (!file.contentType.toLowerCase().startsWith("audio/")) throw meetingErrors.error("recordingNotAudio", { field: "FileId", contentType: file.contentType });
    }
    if (fileId === item.recordingFileId) return itemView(state, item);
    const [row] = await tx.update(meetingAgendaItems).set({ recordingFileId: fileId, updatedAt: now }).where(eq(meetingAgendaItems.id, item.id)).returning();
    await tx.update(meetings).set({ updatedAt: now }).where(eq(meetings.id, meetingId));
    await recordEvent(tx, caller, auditEvent(MEETING_EVENTS.recordingAttached, { meetingId, index, fileId, previousFileId: item.recordingFileId }), now);
    return itemView(state, row!);
  });
}
