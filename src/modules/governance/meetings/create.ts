/**
 * Creating a meeting (spec 4.6 rules 2, 5, 12), by POST /meetings and by complete's
 * follow-up, through one door, so a follow-up passes every gate a creation does:
 *
 * 1. the caller may create meetings (org.meeting.create) and has a badge (the organizer);
 * 2. the plan is Pro or higher (403 UPGRADE_REQUIRED, feature meetings);
 * 3. the organization has its Org Master Seal (409 ORG_SEAL_REQUIRED);
 * 4. participants are person badges of the organization that are not revoked;
 * 5. a BoardMeeting needs the board with a director (BOARD_REQUIRED) and a chairman
 *    (BOARD_CHAIRMAN_REQUIRED), and an agenda;
 * 6. the first BoardMeeting of an organization is free for its lifetime; from the second
 *    the board-meetings add-on is needed (402 ADDON_REQUIRED). The count is every
 *    BoardMeeting the organization ever created (deleted ones stay counted), read under
 *    the organization's meeting lock, so two parallel creations cannot both take the
 *    free one.
 *
 * The meeting, its items (numbered from 0), its participants (the organizer always,
 * not checked in) and business.meeting.created are one transaction; the invitations are
 * mailed after it commits.
 */
import { and, count, eq } from "drizzle-orm";
import { auditEvent } from "../../../platform/audit/catalog";
import { toIso } from "../../../platform/clock";
import type { Tx } from "../../../platform/db/database";
import { kernelErrors } from "../../../platform/http/error-catalog";
import { newId } from "../../../platform/ids";
import { enabledAddons } from "../../billing/index";
import { takeOrgMailBudget } from "../../messaging/index";
import { ADDONS, assertCan, badgesOfOrg, type BadgeSummary, masterSealOf, planErrors, requirePlan } from "../../orgs/index";
import { signingKeyErrors } from "../../trust/index";
import { madeBy, recordEvent } from "../caller";
import { governanceErrors } from "../errors";
import { loadBoard } from "../board/service";
import { meetingErrors } from "./errors";
import { MEETING_EVENTS } from "./events";
import { sendInvitations } from "./invitations";
import { AGENDA_ITEMS_MAX, AVAILABLE_TYPES, IN_DEVELOPMENT_TYPES, ITEM_TITLE_MAX, type MeetingCreate, MeetingTypes, TITLE_MAX } from "./model";
import { meetingAgendaItems, meetingParticipants, meetings, type ParticipantRow } from "./schema";
import { MEETING_SCOPES } from "./scopes";
import { loadMeeting, type MeetingCaller, type MeetingDeps, meetingDetailView } from "./state";

/** The add-on that pays for BoardMeetings after the first (orgs' add-on table, $99 a month). */
export const BOARD_MEETING_ADDON = "board_meetings" as const;
/** How the 402 names it (spec 4.6 rule 12). */
export const BOARD_MEETING_ADDON_NAME = "addon.board_meeting";
export const FREE_BOARD_MEETINGS_PER_ORG = 1;
export const DEFAULT_DURATION_MINUTES = 60;

export interface PlannedItem {
  title: string;
  memo: string | null;
  carriedFromMeetingId: string | null;
  carriedFromIndex: number | null;
}

/** A meeting to open: what POST /meetings asked for, or what a follow-up carries. */
export interface MeetingPlan {
  title: string;
  type: number;
  mode: number;
  scheduledAt: number;
  durationMinutes: number;
  location: string | null;
  items: PlannedItem[];
  participantConnectedIds: string[];
  externals: Array<{ email: string; name: string | null }>;
  carriedFromMeetingId: string | null;
}

export function cleanTitle(value: string, max = TITLE_MAX, field = "Title"): string {
  const title = value.trim();
  if (title.length < 1 || title.length > max) throw meetingErrors.error("invalidTitle", { field, message: `1 to ${max} characters, not only spaces` });
  return title;
}

/** Rule 2: one item per line, trimmed, empty lines dropped. */
export function agendaLines(agenda: string | null | undefined): string[] {
  const lines = (agenda ?? "")
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (lines.length > AGENDA_ITEMS_MAX) throw meetingErrors.error("invalidAgenda", { field: "Agenda", message: `at most ${AGENDA_ITEMS_MAX} items` });
  const long = lines.findIndex((line) => line.length > ITEM_TITLE_MAX);
  if (long >= 0) throw meetingErrors.error("invalidAgenda", { field: "Agenda", line: long, message: `item ${long} is over ${ITEM_TITLE_MAX} characters` });
  return lines;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function parseScheduledAt(value: string, now: number): number {
  const at = ISO_DATE_TIME.test(value.trim()) ? Date.parse(value.trim()) : Number.NaN;
  if (Number.isNaN(at)) throw meetingErrors.error("invalidScheduledAt", { field: "ScheduledAt", message: "an ISO 8601 date-time such as 2026-09-01T09:00:00Z" });
  if (at <= now) throw meetingErrors.error("scheduledInPast", { field: "ScheduledAt", message: "the meeting must be scheduled in the future" });
  return at;
}

function meetingType(value: number | undefined): number {
  const type = value ?? MeetingTypes.TeamMeeting;
  if (IN_DEVELOPMENT_TYPES.includes(type)) throw meetingErrors.error("meetingTypeNotAvailable", { field: "Type", type });
  if (!AVAILABLE_TYPES.includes(type)) throw kernelErrors.error("invalidRequest", { field: "Type", message: "TeamMeeting 0, Client 1 or BoardMeeting 10" });
  return type;
}

/** POST /meetings: the request read into a plan (bad input is 400 before anything is read). */
export function planFromRequest(input: typeof MeetingCreate.static, now: number): MeetingPlan {
  const title = cleanTitle(input.Title);
  const type = meetingType(input.Type);
  const scheduledAt = parseScheduledAt(input.ScheduledAt, now);
  const items = agendaLines(input.Agenda).map((line) => ({ title: line, memo: null, carriedFromMeetingId: null, carriedFromIndex: null }));
  const externals = new Map<string, string | null>();
  for (const [i, guest] of (input.ExternalParticipants ?? []).entries()) {
    const email = guest.Email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw kernelErrors.error("invalidRequest", { field: `ExternalParticipants[${i}].Email`, message: "not an e-mail address" });
    if (!externals.has(email)) externals.set(email, guest.Name?.trim() || null);
  }
  return {
    title,
    type,
    mode: input.Mode ?? 0,
    scheduledAt,
    durationMinutes: input.DurationMinutes ?? DEFAULT_DURATION_MINUTES,
    location: input.Location?.trim() || null,
    items,
    participantConnectedIds: [...new Set(input.ParticipantConnectedIds ?? [])],
    externals: [...externals].map(([email, name]) => ({ email, name })),
    carriedFromMeetingId: null,
  };
}

export async function createMeeting(deps: MeetingDeps, caller: MeetingCaller, input: typeof MeetingCreate.static) {
  assertCan(caller.actor, MEETING_SCOPES.create);
  return openMeeting(deps, caller, planFromRequest(input, deps.clock.now()));
}

/** 402 ADDON_REQUIRED unless the organization may create another BoardMeeting (rule 12). */
async function requireBoardMeetingAllowed(tx: Tx, orgId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(meetings)
    .where(and(eq(meetings.orgId, orgId), eq(meetings.type, MeetingTypes.BoardMeeting)));
  const everCreated = Number(row?.n ?? 0);
  if (everCreated >= FREE_BOARD_MEETINGS_PER_ORG && !(await enabledAddons(tx, orgId)).includes(BOARD_MEETING_ADDON)) {
    throw planErrors.error("addonRequired", {
      addon: BOARD_MEETING_ADDON_NAME,
      addonKey: BOARD_MEETING_ADDON,
      freePerOrg: FREE_BOARD_MEETINGS_PER_ORG,
      everCreated,
      priceUsd: ADDONS[BOARD_MEETING_ADDON].monthlyPriceCents / 100,
      message: `the first board meeting is free; enable the board meetings add-on (POST /api/org/{slug}/settings/addons/${BOARD_MEETING_ADDON}) for more`,
    });
  }
  return everCreated;
}

/** The participants' badges: each a person of the organization, not revoked (404 / 400 naming the field). */
async function participantBadges(tx: Tx, orgId: string, ids: readonly string[]): Promise<Map<string, BadgeSummary>> {
  const badges = new Map((await badgesOfOrg(tx, orgId, { ids })).map((b) => [b.id, b]));
  for (const [i, id] of ids.entries()) {
    const badge = badges.get(id);
    const field = `ParticipantConnectedIds[${i}]`;
    if (!badge) throw governanceErrors.error("connectedIdNotFound", { field, message: "no such ConnectedId in this organization" });
    if (badge.status === "revoked" || badge.type !== "person") {
      throw meetingErrors.error("participantNotEligible", { field, message: badge.status === "revoked" ? "the badge is revoked" : "a participant is a person (not an AI or a group badge)" });
    }
  }
  return badges;
}

/** Opens a meeting from a plan: every gate, the rows and the event in one transaction, then the invitations. */
export async function openMeeting(deps: MeetingDeps, caller: MeetingCaller, plan: MeetingPlan) {
  assertCan(caller.actor, MEETING_SCOPES.create);
  const organizer = caller.actor.connectedId;
  if (!organizer) throw meetingErrors.error("participantNotEligible", { field: "organizer", message: "the organizer needs a badge in this organization" });
  const board = plan.type === MeetingTypes.BoardMeeting;
  if (board && plan.items.length === 0) throw meetingErrors.error("agendaRequired", { field: "Agenda" });
  requirePlan(caller.org, "meetings");
  const now = deps.clock.now();
  const meetingId = newId();
  const created = await deps.db.write(async (tx) => {
    await tx.lock(`governance.meetings:${caller.org.id}`);
    if (!(await masterSealOf(tx, caller.org.id))) {
      throw signingKeyErrors.error("orgSealRequired", { message: "meetings need the organization's Org Master Seal: the owner creates it first (POST /api/org/{slug}/master-seal)" });
    }
    const others = plan.participantConnectedIds.filter((id) => id !== organizer);
    const badges = await participantBadges(tx, caller.org.id, others);
    for (const badge of await badgesOfOrg(tx, caller.org.id, { ids: [organizer] })) badges.set(badge.id, badge);
    let everCreated: number | null = null;
    if (board) {
      const state = await loadBoard(tx, caller.org.id);
      if (!state || state.seats.length === 0) throw meetingErrors.error("boardRequired");
      if (!state.chairmanConnectedId) throw meetingErrors.error("boardChairmanRequired");
      everCreated = (await requireBoardMeetingAllowed(tx, caller.org.id)) + 1;
    }
    // Guests are addresses the organization chooses: they come out of its mail budget (429 before anything is written).
    await takeOrgMailBudget(tx, caller.org.id, plan.externals.length, now, "ExternalParticipants");
    const [meeting] = await tx
      .insert(meetings)
      .values({
        id: meetingId,
        orgId: caller.org.id,
        title: plan.title,
        type: plan.type,
        mode: plan.mode,
        scheduledAt: plan.scheduledAt,
        durationMinutes: plan.durationMinutes,
        location: plan.location,
        agenda: plan.items.map((i) => i.title).join("\n"),
        status: "Scheduled",
        organizerConnectedId: organizer,
        carriedFromMeetingId: plan.carriedFromMeetingId,
        createdBy: madeBy(caller.actor),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (plan.items.length) {
      await tx.insert(meetingAgendaItems).values(
        plan.items.map((item, index) => ({
          id: newId(),
          orgId: caller.org.id,
          meetingId,
          index,
          title: item.title,
          memo: item.memo,
          notes: null,
          status: "Pending" as const,
          carriedFromMeetingId: item.carriedFromMeetingId,
          carriedFromIndex: item.carriedFromIndex,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    const row = (connectedId: string | null, role: ParticipantRow["role"], position: number, guest?: { email: string; name: string | null }) => ({
      id: newId(),
      position,
      orgId: caller.org.id,
      meetingId,
      connectedId,
      email: guest?.email ?? null,
      name: guest?.name ?? null,
      role,
      rsvpStatus: role === "Organizer" ? ("accepted" as const) : ("pending" as const),
      rsvpAt: role === "Organizer" ? now : null,
      invitedAt: role === "Organizer" ? null : now,
      createdAt: now,
    });
    await tx
      .insert(meetingParticipants)
      .values([row(organizer, "Organizer", 0), ...others.map((id, i) => row(id, "Participant", 1 + i)), ...plan.externals.map((g, i) => row(null, "External", 1 + others.length + i, g))]);
    await recordEvent(
      tx,
      caller,
      auditEvent(MEETING_EVENTS.created, {
        meetingId,
        title: plan.title,
        type: plan.type,
        scheduledAt: toIso(plan.scheduledAt),
        organizerConnectedId: organizer,
        participantConnectedIds: [organizer, ...others],
        externalParticipants: plan.externals.length,
        agendaItems: plan.items.length,
        carriedFromMeetingId: plan.carriedFromMeetingId,
        boardMeetingsEverCreated: everCreated,
      }),
      now,
    );
    const state = await loadMeeting(tx, caller.org.id, meetingId);
    return { meeting: meeting!, state, badges };
  });
  const userIdOf = new Map([...created.badges.values()].flatMap((b) => (b.userId ? [[b.id, b.userId] as const] : [])));
  const organizerName = created.badges.get(organizer)?.displayName ?? caller.actor.email;
  const mailed = await sendInvitations(deps, { meeting: created.meeting, participants: created.state.participants, organizerName, orgName: caller.org.name, userIdOf });
  return { ...meetingDetailView(created.state), invitationsSent: mailed.sent, invitationsFailed: mailed.failed };
}
