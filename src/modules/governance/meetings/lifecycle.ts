/**
 * A meeting's life (spec 3.2, 4.6 rules 8 to 11): list and read, close-preview,
 * complete (with its minutes filed and an optional follow-up), cancel and delete.
 *
 * - close-preview and complete judge each item with the same function
 *   (outcome-judge.ts), so what the organizer previews is what complete fixes.
 * - complete is one transaction (outcomes fixed, items closed, minutes composed, status
 *   Completed, business.meeting.completed). Filing the minutes in Files and creating the
 *   follow-up come after it, each in its own transaction: either may fail (a full quota,
 *   the add-on a second BoardMeeting needs) without undoing the completion, and the
 *   answer says so in minutesFileError and followUpError.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { auditEvent } from "../../../platform/audit/catalog";
import { sha256Hex } from "../../../platform/crypto/hash";
import { ApiError } from "../../../platform/http/errors";
import { assertCan, auditActorOf, badgesOfOrg } from "../../orgs/index";
import { storeGeneratedFile } from "../../storage/index";
import { recordEvent } from "../caller";
import { loadBoard } from "../board/service";
import { openMeeting, type MeetingPlan } from "./create";
import { meetingErrors } from "./errors";
import { MEETING_EVENTS } from "./events";
import type { Cancel, Complete, JudgementView, MeetingView } from "./model";
import { composeMinutes } from "./minutes";
import { type AgendaOutcome, meetingAgendaItems, meetingParticipants, type MeetingStatus, meetings } from "./schema";
import { MEETING_SCOPES } from "./scopes";
import {
  changeMeeting,
  judgeItems,
  judgementView,
  loadMeeting,
  type MeetingCaller,
  type MeetingDeps,
  meetingDetailView,
  type MeetingReader,
  type MeetingState,
  meetingView,
  readMeetingState,
  requireOrganizer,
  requireStatus,
} from "./state";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A follow-up is scheduled a week after the completion. */
export const FOLLOW_UP_AFTER_MS = 7 * DAY_MS;
const FOLLOW_UP_SUFFIX = " (follow-up)";
const CARRIED: readonly AgendaOutcome[] = ["NoQuorum", "NotVoted"];

/** The organization's meetings (not deleted), by schedule, each with its participants and their RSVP. */
export async function listMeetings(deps: Pick<MeetingDeps, "db">, caller: MeetingReader, query: { status?: MeetingStatus }): Promise<MeetingView[]> {
  assertCan(caller.actor, MEETING_SCOPES.list);
  const where = [eq(meetings.orgId, caller.org.id), isNull(meetings.deletedAt)];
  if (query.status) where.push(eq(meetings.status, query.status));
  const rows = await deps.db.read
    .select()
    .from(meetings)
    .where(and(...where))
    .orderBy(asc(meetings.scheduledAt), asc(meetings.id));
  if (rows.length === 0) return [];
  const participants = await deps.db.read
    .select()
    .from(meetingParticipants)
    .where(inArray(meetingParticipants.meetingId, rows.map((m) => m.id)))
    .orderBy(asc(meetingParticipants.position), asc(meetingParticipants.id));
  const ids = [...new Set([...rows.map((m) => m.organizerConnectedId), ...participants.flatMap((p) => (p.connectedId ? [p.connectedId] : []))])];
  const badges = new Map((await badgesOfOrg(deps.db.read, caller.org.id, { ids })).map((b) => [b.id, b]));
  return rows.map((meeting) => meetingView({ meeting, participants: participants.filter((p) => p.meetingId === meeting.id), badges }));
}

export async function readMeeting(deps: Pick<MeetingDeps, "db">, caller: MeetingReader, meetingId: string) {
  return meetingDetailView(await readMeetingState(deps, caller, meetingId));
}

/** GET close-preview: the outcome each live item would get if the meeting were completed now (organizer only). */
export async function closePreview(deps: Pick<MeetingDeps, "db">, caller: MeetingCaller, meetingId: string) {
  const state = await readMeetingState(deps, caller, meetingId);
  requireOrganizer(caller, state.meeting);
  requireStatus(state.meeting);
  const judged = judgeItems(state, await loadBoard(deps.db.read, caller.org.id));
  return { meetingId, status: state.meeting.status, items: judged.map(({ item, judgement }) => judgementView(item, judgement)) };
}

type SideError = { error: string; [key: string]: unknown } | null;

function sideErrorOf(e: unknown, deps: Pick<MeetingDeps, "logger">, what: string, meetingId: string): SideError {
  if (e instanceof ApiError) return e.body() as SideError;
  deps.logger.error(`meeting ${what} failed`, { meetingId, error: (e as Error).message, stack: (e as Error).stack });
  return { error: "internal", message: `the ${what} failed; the log has the details` };
}

function followUpPlan(state: MeetingState, carried: ReadonlyArray<{ index: number; title: string; memo: string | null }>, now: number): MeetingPlan {
  const m = state.meeting;
  const title = m.title.length + FOLLOW_UP_SUFFIX.length > 200 ? `${m.title.slice(0, 200 - FOLLOW_UP_SUFFIX.length).trimEnd()}${FOLLOW_UP_SUFFIX}` : `${m.title}${FOLLOW_UP_SUFFIX}`;
  const members = state.participants.flatMap((p) => {
    const badge = p.connectedId ? state.badges.get(p.connectedId) : undefined;
    return badge && badge.status !== "revoked" && badge.type === "person" ? [badge.id] : [];
  });
  return {
    title,
    type: m.type,
    mode: m.mode,
    scheduledAt: now + FOLLOW_UP_AFTER_MS,
    durationMinutes: m.durationMinutes,
    location: m.location,
    items: carried.map((item) => ({ title: item.title, memo: item.memo, carriedFromMeetingId: m.id, carriedFromIndex: item.index })),
    participantConnectedIds: members,
    externals: state.participants.flatMap((p) => (p.email ? [{ email: p.email, name: p.name }] : [])),
    carriedFromMeetingId: m.id,
  };
}

/**
 * POST complete (organizer only; irreversible): fixes each live item's outcome and
 * closes it, composes the final minutes, sets Completed; then files the minutes in the
 * organization's Files under scope meeting:{id}, and with CreateFollowUp copies the
 * NoQuorum and NotVoted items to a new meeting a week out.
 */
export async function completeMeeting(deps: MeetingDeps, caller: MeetingCaller, meetingId: string, input: typeof Complete.static) {
  const createFollowUp = input.CreateFollowUp === true;
  const now = deps.clock.now();
  const done = await changeMeeting(deps, caller, meetingId, async (tx, state) => {
    requireOrganizer(caller, state.meeting);
    requireStatus(state.meeting);
    const judged = judgeItems(state, await loadBoard(tx, caller.org.id));
    for (const { item, judgement } of judged) {
      await tx
        .update(meetingAgendaItems)
        .set({ status: "Closed", outcome: judgement.outcome, closedAt: item.closedAt ?? now, updatedAt: now })
        .where(eq(meetingAgendaItems.id, item.id));
      item.status = "Closed";
      item.outcome = judgement.outcome;
      item.closedAt = item.closedAt ?? now;
    }
    const minutes = composeMinutes(state, judged, { final: true, at: now });
    const [meeting] = await tx
      .update(meetings)
      .set({ status: "Completed", completedAt: now, compiledMinutes: minutes, compiledAt: now, updatedAt: now })
      .where(eq(meetings.id, meetingId))
      .returning();
    await recordEvent(
      tx,
      caller,
      auditEvent(MEETING_EVENTS.completed, { meetingId, outcomes: judged.map(({ item, judgement }) => ({ index: item.index, outcome: judgement.outcome })), minutesSha256: sha256Hex(minutes), createFollowUp }),
      now,
    );
    state.meeting = meeting!;
    return { state, minutes, outcomes: judged.map(({ item, judgement }) => judgementView(item, judgement)) };
  });

  let minutesFileId: string | null = null;
  let minutesFileError: SideError = null;
  try {
    const date = new Date(now).toISOString().slice(0, 10);
    const file = await storeGeneratedFile(
      deps,
      {
        org: caller.org,
        fileName: `Minutes - ${done.state.meeting.title.slice(0, 150)} - ${date}.md`,
        contentType: "text/markdown",
        bytes: new TextEncoder().encode(done.minutes),
        scope: `meeting:${meetingId}`,
        actor: auditActorOf(caller.actor),
        userId: caller.actor.userId,
        requestId: caller.requestId,
      },
      async (tx, filed) => {
        await tx.update(meetings).set({ minutesFileId: filed.id, updatedAt: now }).where(eq(meetings.id, meetingId));
        await recordEvent(tx, caller, auditEvent(MEETING_EVENTS.minutesFiled, { meetingId, fileId: filed.id }), now);
      },
    );
    minutesFileId = file.id;
  } catch (e) {
    minutesFileError = sideErrorOf(e, deps, "minutes filing", meetingId);
  }

  let followUpMeetingId: string | null = null;
  let followUpError: SideError = null;
  const carried = done.outcomes.filter((o) => CARRIED.includes(o.outcome));
  if (createFollowUp && carried.length > 0) {
    try {
      const items = carried.map((o) => ({ index: o.index, title: o.title, memo: done.state.items.find((i) => i.index === o.index)?.memo ?? null }));
      const followUp = await openMeeting(deps, caller, followUpPlan(done.state, items, now));
      followUpMeetingId = followUp.id;
      await deps.db.write(async (tx) => {
        await tx.update(meetings).set({ followUpMeetingId, updatedAt: now }).where(eq(meetings.id, meetingId));
        await recordEvent(tx, caller, auditEvent(MEETING_EVENTS.followUpLinked, { meetingId, followUpMeetingId: followUpMeetingId!, carriedItems: items.map((i) => i.index) }), now);
      });
    } catch (e) {
      followUpError = sideErrorOf(e, deps, "follow-up", meetingId);
    }
  }
  const meeting = meetingDetailView(await loadMeeting(deps.db.read, caller.org.id, meetingId));
  return { meetingId, status: "Completed" as const, outcomes: done.outcomes as JudgementView[], minutesFileId, minutesFileError, followUpMeetingId, followUpError, meeting };
}

/** POST cancel: a reason is required; a meeting with votes is never cancelled (complete it). Organizer only. */
export async function cancelMeeting(deps: MeetingDeps, caller: MeetingCaller, meetingId: string, input: typeof Cancel.static | undefined) {
  const reason = (input?.Reason ?? input?.reason ?? "").trim();
  const now = deps.clock.now();
  return changeMeeting(deps, caller, meetingId, async (tx, state) => {
    requireOrganizer(caller, state.meeting);
    requireStatus(state.meeting);
    if (!reason) throw meetingErrors.error("reasonRequired", { field: "reason", message: "say why the meeting is cancelled" });
    if (state.votes.length > 0) throw meetingErrors.error("meetingHasVotes", { votes: state.votes.length });
    const [meeting] = await tx
      .update(meetings)
      .set({ status: "Cancelled", cancelReason: reason, cancelledAt: now, updatedAt: now })
      .where(eq(meetings.id, meetingId))
      .returning();
    await recordEvent(tx, caller, auditEvent(MEETING_EVENTS.cancelled, { meetingId, reason }), now);
    state.meeting = meeting!;
    return meetingDetailView(state);
  });
}

/** DELETE: soft-deletes a Completed or Cancelled meeting (organizer only); its minutes, votes and events remain. */
export async function deleteMeeting(deps: MeetingDeps, caller: MeetingCaller, meetingId: string) {
  const now = deps.clock.now();
  return changeMeeting(deps, caller, meetingId, async (tx, state) => {
    requireOrganizer(caller, state.meeting);
    const status = state.meeting.status;
    if (status !== "Completed" && status !== "Cancelled") throw meetingErrors.error("onlyCompletedCanBeDeleted", { meetingStatus: status });
    await tx.update(meetings).set({ deletedAt: now, updatedAt: now }).where(eq(meetings.id, meetingId));
    await recordEvent(tx, caller, auditEvent(MEETING_EVENTS.deleted, { meetingId, status }), now);
    return { meetingId, deleted: true as const };
  });
}
