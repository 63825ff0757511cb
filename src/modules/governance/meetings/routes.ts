/**
 * Meetings: /api/org/{slug}/meetings (spec 4.6) and the invitation's signed RSVP link,
 * /api/meetings/rsvp/{participantId}/{response}. Meeting routes are for people signed
 * in to the dashboard (votes need a personal seal, and an organizer, chairman or voter is
 * a person); M2M tokens are refused (403 machine_not_allowed). The rules live in the
 * service files; docs/governance.md describes the routes and the choices the spec leaves
 * open.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../context";
import { declaresErrors } from "../../../platform/http/error-catalog";
import { requestInfo } from "../../../platform/http/kernel";
import { strictBody } from "../../../platform/http/strict-body";
import { MACHINE_TOKEN_ERRORS } from "../../access/index";
import { callerOf, type Organization, type OrgActor, type OrgCaller, ORG_GUARD_ERRORS, orgGuard, SlugParams } from "../../orgs/index";
import { addAgendaItem, attachRecording, changeAgendaItem, dropAgendaItem, listAgendaItems, moveAgendaItem } from "./agenda";
import { markAttendance } from "./attendance";
import { createMeeting } from "./create";
import { recordRsvp } from "./invitations";
import { cancelMeeting, closePreview, completeMeeting, deleteMeeting, listMeetings, readMeeting } from "./lifecycle";
import { compileMinutes, saveMinutes } from "./minutes";
import * as M from "./model";
import type { MeetingCaller, MeetingReader } from "./state";
import { castVote, listVotes, VOTE_SEAL_PURPOSE } from "./votes";

const TAGS = ["Meetings"];
const GUARD = [...ORG_GUARD_ERRORS, "PERMISSION_DENIED", "meeting_not_found"];
const READ = " Needs org.meeting.read (Owner, Admin and Director hold it).";
const PEOPLE = " A member's session; M2M tokens are refused (403 machine_not_allowed): changes are made by the organizer, the chairman or a voter, who are people.";
const READERS = " A member's session, or an M2M token of an org-wide key holding the scope (an app-group key: 401 org_wide_key_required).";
const READER_ERRORS = [...ORG_GUARD_ERRORS, "org_wide_key_required", ...MACHINE_TOKEN_ERRORS, "PERMISSION_DENIED", "meeting_not_found"];
const ORGANIZER = " Only the meeting's organizer (else 403 organizer_required).";
const CHAIR = " The meeting's organizer or the board's chairman (else 403 chair_or_organizer_required).";
const OPEN = " Completed or Cancelled meetings no longer change (409 meeting_closed).";

function caller(c: { org: Organization; orgActor: OrgActor; request: Request }): MeetingCaller {
  return callerOf(c.org, c.orgActor, c.request);
}

function reader(c: { org: Organization; orgCaller: OrgCaller; request: Request }): MeetingReader {
  return callerOf(c.org, c.orgCaller, c.request);
}

function orgMeetingRoutes(ctx: AppContext) {
  return new Elysia({ name: "governance.meetings", prefix: "/api/org/:slug" })
    .use(orgGuard(ctx))
    .get("/meetings", (c) => listMeetings(ctx, reader(c), c.query), {
      orgOrMachine: true,
      params: SlugParams,
      query: M.ListQuery,
      response: t.Array(M.Meeting),
      detail: {
        tags: TAGS,
        summary: "List meetings",
        description:
          "The organization's meetings that are not deleted, by schedule, each with its participants and their RSVP. ?status=Scheduled is the schedule (a completed or " +
          `cancelled meeting leaves it). Needs org.meeting.list (Owner, Admin and Director hold it).${READERS}`,
        ...declaresErrors(...READER_ERRORS),
      },
    })
    .post("/meetings", async (c) => c.status(201, await createMeeting(ctx, caller(c), c.body)), {
      org: true,
      params: SlugParams,
      ...strictBody(M.MeetingCreate),
      response: { 201: M.MeetingCreated },
      detail: {
        tags: TAGS,
        summary: "Create a meeting",
        description:
          "Title 1 to 200 characters (400 invalid_title); Type TeamMeeting 0, Client 1 or BoardMeeting 10 (Shareholder 11 and Executive 12: 400 meeting_type_not_available); " +
          "ScheduledAt in the future (400 scheduled_in_past); Agenda one item per line, numbered from 0 (required for BoardMeeting: 400 agenda_required). The organizer is always " +
          "a participant (not checked in); ParticipantConnectedIds are persons of this organization (404 connected_id_not_found, 400 participant_not_eligible); " +
          "ExternalParticipants are invited by e-mail. Gates: the Pro plan or higher (403 UPGRADE_REQUIRED, feature meetings), the Org Master Seal (409 ORG_SEAL_REQUIRED); " +
          "a BoardMeeting needs the board with a director (409 BOARD_REQUIRED) and a chairman (409 BOARD_CHAIRMAN_REQUIRED), and from the organization's second BoardMeeting " +
          "the board meetings add-on (402 ADDON_REQUIRED with addon addon.board_meeting, addonKey, freePerOrg, everCreated, priceUsd). Invitations with signed RSVP links are " +
          `mailed after the meeting is stored. Emits business.meeting.created. Needs org.meeting.create.${PEOPLE}`,
        ...declaresErrors(
          ...GUARD,
          "invalid_title",
          "invalid_agenda",
          "agenda_required",
          "meeting_type_not_available",
          "invalid_scheduled_at",
          "scheduled_in_past",
          "connected_id_not_found",
          "participant_not_eligible",
          "UPGRADE_REQUIRED",
          "ORG_SEAL_REQUIRED",
          "BOARD_REQUIRED",
          "BOARD_CHAIRMAN_REQUIRED",
          "ADDON_REQUIRED",
          "rate_limited",
        ),
      },
    })
    .get("/meetings/:meetingId", (c) => readMeeting(ctx, reader(c), c.params.meetingId), {
      orgOrMachine: true,
      params: M.MeetingParams,
      response: M.MeetingDetail,
      detail: { tags: TAGS, summary: "Read a meeting", description: `The meeting with its participants, live agenda items, minutes body and composed minutes.${READ}${READERS}`, ...declaresErrors(...READER_ERRORS) },
    })
    .delete("/meetings/:meetingId", (c) => deleteMeeting(ctx, caller(c), c.params.meetingId), {
      org: true,
      params: M.MeetingParams,
      response: M.Deleted,
      detail: {
        tags: TAGS,
        summary: "Delete a meeting",
        description:
          "Only a Completed or Cancelled meeting (else 400 ONLY_COMPLETED_CAN_BE_DELETED); soft: it leaves every list and answers 404, its minutes file, votes and audit " +
          `chain remain, and a deleted BoardMeeting still counts toward the free one. Emits business.meeting.deleted.${ORGANIZER}${READ}${PEOPLE}`,
        ...declaresErrors(...GUARD, "organizer_required", "ONLY_COMPLETED_CAN_BE_DELETED"),
      },
    })
    .put("/meetings/:meetingId/minutes", (c) => saveMinutes(ctx, caller(c), c.params.meetingId, c.body), {
      org: true,
      params: M.MeetingParams,
      ...strictBody(M.MinutesSave),
      response: M.MeetingDetail,
      detail: {
        tags: TAGS,
        summary: "Save the minutes body",
        description: `body (or Body): the organizer's text, at most ${M.MINUTES_MAX} characters; the composed minutes end with it. Emits business.meeting.minutes_saved.${ORGANIZER}${OPEN}${READ}${PEOPLE}`,
        ...declaresErrors(...GUARD, "organizer_required", "meeting_closed"),
      },
    })
    .post("/meetings/:meetingId/minutes/compile", (c) => compileMinutes(ctx, caller(c), c.params.meetingId), {
      org: true,
      params: M.MeetingParams,
      response: M.CompiledMinutes,
      detail: {
        tags: TAGS,
        summary: "Compose the minutes",
        description: `Composes the minutes (Markdown) from the meeting as it stands, the outcomes marked as a preview, and keeps them as compiledMinutes. Emits business.meeting.minutes_compiled.${ORGANIZER}${OPEN}${READ}${PEOPLE}`,
        ...declaresErrors(...GUARD, "organizer_required", "meeting_closed"),
      },
    })
    .get("/meetings/:meetingId/agenda-items", (c) => listAgendaItems(ctx, reader(c), c.params.meetingId, c.query), {
      orgOrMachine: true,
      params: M.MeetingParams,
      query: M.AgendaListQuery,
      response: t.Array(M.AgendaItem),
      detail: { tags: TAGS, summary: "List agenda items", description: `The live items by number; ?includeDropped=true adds the dropped ones.${READ}${READERS}`, ...declaresErrors(...READER_ERRORS) },
    })
    .post("/meetings/:meetingId/agenda-items", async (c) => c.status(201, await addAgendaItem(ctx, caller(c), c.params.meetingId, c.body)), {
      org: true,
      params: M.MeetingParams,
      ...strictBody(M.AgendaItemAdd),
      response: { 201: M.AgendaItem },
      detail: {
        tags: TAGS,
        summary: "Add an agenda item",
        description:
          "title (1 to 500 characters) and an optional memo, in either case; numbered after the highest number ever used (dropped ones included). Rebuilds the Agenda summary " +
          `and emits business.meeting.updated.${ORGANIZER}${OPEN}${READ}${PEOPLE}`,
        ...declaresErrors(...GUARD, "organizer_required", "meeting_closed", "invalid_title"),
      },
    })
    .put("/meetings/:meetingId/agenda-items/:index", (c) => changeAgendaItem(ctx, caller(c), c.params.meetingId, c.params.index, c.body), {
      org: true,
      params: M.AgendaParams,
      ...strictBody(M.AgendaItemChange),
      response: M.AgendaItem,
      detail: {
        tags: TAGS,
        summary: "Save an item's memo and notes, or reword it",
        description:
          "Memo and Notes are saved independently (a field left out keeps its value; null clears it): the organizer or the board's chairman, emits " +
          "business.meeting.agenda_notes_saved. Title rewords the item: the organizer only, refused once the item has votes (400 AGENDA_HAS_VOTES); rebuilds the Agenda " +
          `summary and emits business.meeting.updated.${OPEN}${READ}${PEOPLE}`,
        ...declaresErrors(...GUARD, "organizer_required", "chair_or_organizer_required", "meeting_closed", "agenda_item_not_found", "AGENDA_HAS_VOTES", "invalid_title"),
      },
    })
    .delete("/meetings/:meetingId/agenda-items/:index", (c) => dropAgendaItem(ctx, caller(c), c.params.meetingId, c.params.index), {
      org: true,
      params: M.AgendaParams,
      response: M.AgendaItem,
      detail: {
        tags: TAGS,
        summary: "Drop an agenda item",
        description: `Soft: the item leaves the agenda, its number is never reused. An item with votes: 400 AGENDA_HAS_VOTES. Rebuilds the Agenda summary and emits business.meeting.updated.${ORGANIZER}${OPEN}${READ}${PEOPLE}`,
        ...declaresErrors(...GUARD, "organizer_required", "meeting_closed", "agenda_item_not_found", "AGENDA_HAS_VOTES"),
      },
    })
    .post("/meetings/:meetingId/agenda-items/:index/open", (c) => moveAgendaItem(ctx, caller(c), c.params.meetingId, c.params.index, "Open"), {
      org: true,
      params: M.AgendaParams,
      response: M.AgendaItem,
      detail: {
        tags: TAGS,
        summary: "Take up an agenda item",
        description: `Pending → Open: voting accepted. Already open: no change. A closed item is not reopened (409 AGENDA_CLOSED). Emits business.meeting.agenda_opened.${CHAIR}${OPEN}${READ}${PEOPLE}`,
        ...declaresErrors(...GUARD, "chair_or_organizer_required", "meeting_closed", "agenda_item_not_found", "AGENDA_CLOSED"),
      },
    })
    .post("/meetings/:meetingId/agenda-items/:index/close", (c) => moveAgendaItem(ctx, caller(c), c.params.meetingId, c.params.index, "Closed"), {
      org: true,
      params: M.AgendaParams,
      response: M.AgendaItem,
      detail: {
        tags: TAGS,
        summary: "Close an agenda item",
        description: `Open → Closed: voting shut. Already closed: no change. Never opened: 409 AGENDA_NOT_OPENED. Emits business.meeting.agenda_closed.${CHAIR}${OPEN}${READ}${PEOPLE}`,
        ...declaresErrors(...GUARD, "chair_or_organizer_required", "meeting_closed", "agenda_item_not_found", "AGENDA_NOT_OPENED"),
      },
    })
    .put("/meetings/:meetingId/agenda-items/:index/recording", (c) => attachRecording(ctx, caller(c), c.params.meetingId, c.params.index, c.body), {
      org: true,
      params: M.AgendaParams,
      ...strictBody(M.RecordingAttach),
      response: M.AgendaItem,
      detail: {
        tags: TAGS,
        summary: "Attach a recording to an agenda item",
        description:
          "FileId: an audio file (audio/*, else 400 recording_not_audio) uploaded with POST /api/org/{slug}/files?meetingId={meetingId} (another scope: 400 " +
          "recording_not_for_meeting; unknown, trashed or another organization's: 404 recording_not_found); null detaches. Allowed while Scheduled and once Completed, " +
          `not when Cancelled (409 meeting_closed). Emits business.meeting.recording_attached.${CHAIR}${READ}${PEOPLE}`,
        ...declaresErrors(...GUARD, "chair_or_organizer_required", "meeting_closed", "agenda_item_not_found", "recording_not_found", "recording_not_for_meeting", "recording_not_audio"),
      },
    })
    .post("/meetings/:meetingId/participants/:participantId/attendance", (c) => markAttendance(ctx, caller(c), c.params.meetingId, c.params.participantId, c.body), {
      org: true,
      params: M.ParticipantParams,
      ...strictBody(M.Attendance),
      response: M.Participant,
      detail: {
        tags: TAGS,
        summary: "Mark a participant present or absent",
        description:
          "present true checks the participant in (checkedInAt, the fact quorum is computed from), false takes it back; reversible, no seal. Unknown participant: 404 " +
          `participant_not_found. Emits business.meeting.attendance_marked with source manual.${CHAIR}${OPEN}${READ}${PEOPLE}`,
        ...declaresErrors(...GUARD, "chair_or_organizer_required", "meeting_closed", "participant_not_found"),
      },
    })
    .get("/meetings/:meetingId/agenda-votes", (c) => listVotes(ctx, reader(c), c.params.meetingId), {
      orgOrMachine: true,
      params: M.MeetingParams,
      response: t.Array(M.Vote),
      detail: { tags: TAGS, summary: "List the votes", description: `Every vote of the meeting by item, with who cast it, the decision, the reason and the vote's record hash.${READ}${READERS}`, ...declaresErrors(...READER_ERRORS) },
    })
    .post("/meetings/:meetingId/agenda-votes", (c) => castVote(ctx, caller(c), c.params.meetingId, c.body), {
      org: true,
      params: M.MeetingParams,
      ...strictBody(M.VoteCast),
      response: M.VoteCastResult,
      detail: {
        tags: TAGS,
        summary: "Cast your vote on an agenda item",
        description:
          "AgendaIndex and Decision (Assent, Dissent or Abstain, any case; else 400 invalid_decision), an optional Reason. There is no voter field: the vote is the session's " +
          "ConnectedId's, who must be a participant (403 NOT_A_PARTICIPANT). The item must be Open (409 AGENDA_NOT_OPENED, AGENDA_CLOSED). The personal seal is bound to the " +
          `meeting, the item and the choice: purpose ${VOTE_SEAL_PURPOSE}, subject {meetingId}|{AgendaIndex}|{Decision} (Decision as Assent, Dissent or Abstain), sent as ` +
          "SealAssertionJson (or assertionResponseJson), with SealEmail, which when given must be the session's address; no seal 403 step_up_required, a seal for another " +
          "item or choice 403 step_up_failed. A re-vote overwrites the voter's one row on the item and answers chg true. Casting marks the voter present. Emits " +
          `business.meeting.agenda_voted (and attendance_marked with source automatic). Needs org.meeting.vote (a Director holds it).${PEOPLE}`,
        ...declaresErrors(...GUARD, "NOT_A_PARTICIPANT", "meeting_closed", "agenda_item_not_found", "AGENDA_NOT_OPENED", "AGENDA_CLOSED", "invalid_decision", "step_up_required", "step_up_failed"),
      },
    })
    .get("/meetings/:meetingId/close-preview", (c) => closePreview(ctx, caller(c), c.params.meetingId), {
      org: true,
      params: M.MeetingParams,
      response: M.ClosePreview,
      detail: {
        tags: TAGS,
        summary: "Preview the outcomes",
        description:
          "The outcome each live item would get if the meeting were completed now, from the same judge complete uses: NoQuorum (fewer than a majority of the seated " +
          "voters checked in), NotVoted (never taken up, or a present voter has not voted), Passed or Rejected (assent a majority of those present, or not), with the " +
          `tallies.${ORGANIZER}${OPEN}${READ}${PEOPLE}`,
        ...declaresErrors(...GUARD, "organizer_required", "meeting_closed"),
      },
    })
    .post("/meetings/:meetingId/complete", (c) => completeMeeting(ctx, caller(c), c.params.meetingId, c.body ?? {}), {
      org: true,
      params: M.MeetingParams,
      body: t.Optional(M.Complete),
      response: M.CompleteResult,
      detail: {
        tags: TAGS,
        summary: "Complete the meeting",
        description:
          "Irreversible: fixes each live item's outcome and closes it, composes the final minutes, sets Completed (emits business.meeting.completed); then files the " +
          "minutes in the organization's Files under scope meeting:{meetingId} (minutesFileId, or minutesFileError with the error body, such as storage_quota_exceeded) and, " +
          "with CreateFollowUp true, copies the NoQuorum and NotVoted items to a new meeting with the same participants and type a week out, through every gate of a " +
          `creation (followUpMeetingId, or followUpError such as ADDON_REQUIRED).${ORGANIZER}${OPEN}${READ}${PEOPLE}`,
        ...declaresErrors(...GUARD, "organizer_required", "meeting_closed"),
      },
    })
    .post("/meetings/:meetingId/cancel", (c) => cancelMeeting(ctx, caller(c), c.params.meetingId, c.body ?? undefined), {
      org: true,
      params: M.MeetingParams,
      body: t.Optional(M.Cancel),
      response: M.MeetingDetail,
      detail: {
        tags: TAGS,
        summary: "Cancel the meeting",
        description: `reason (or Reason) is required (400 REASON_REQUIRED); a meeting with votes is not cancelled (400 MEETING_HAS_VOTES). No outcomes, no minutes. Emits business.meeting.cancelled.${ORGANIZER}${OPEN}${READ}${PEOPLE}`,
        ...declaresErrors(...GUARD, "organizer_required", "meeting_closed", "REASON_REQUIRED", "MEETING_HAS_VOTES"),
      },
    });
}

function rsvpRoutes(ctx: AppContext) {
  return new Elysia({ name: "governance.meetings.rsvp" }).get(
    "/api/meetings/rsvp/:participantId/:response",
    (c) => recordRsvp(ctx, { ...c.params, sig: c.query.sig, requestId: requestInfo(c.request).id }),
    {
      params: M.RsvpParams,
      query: M.RsvpQuery,
      response: M.RsvpResult,
      detail: {
        tags: TAGS,
        summary: "Answer a meeting invitation (signed link)",
        description:
          "The link from the invitation e-mail; no credential, the signature (sig) is one. response is accepted, declined or tentative. A link whose signature does not " +
          "match: 403 invalid_rsvp_link; a meeting deleted: 404 participant_not_found; Completed or Cancelled: 409 meeting_closed. RSVP is intent, not an access grant. " +
          "Emits business.meeting.rsvp_recorded when the answer changes.",
        ...declaresErrors("invalid_rsvp_link", "participant_not_found", "meeting_closed"),
      },
    },
  );
}

export function meetingRoutes(ctx: AppContext) {
  return new Elysia({ name: "governance.meetings.all" }).use(orgMeetingRoutes(ctx)).use(rsvpRoutes(ctx));
}
