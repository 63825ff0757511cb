/**
 * Error codes of meetings (spec 4.6, §7; docs/governance.md), with their statuses
 * (DESIGN §7). Spec §7 gives AGENDA_NOT_OPENED, AGENDA_CLOSED, BOARD_REQUIRED and
 * BOARD_CHAIRMAN_REQUIRED no status; they are 409: the request is well formed, the
 * meeting's or the organization's state refuses it. ORG_SEAL_REQUIRED is trust's (409),
 * UPGRADE_REQUIRED and ADDON_REQUIRED are the plan gates' (orgs).
 */
import { defineErrors } from "../../../platform/http/error-catalog";

export const meetingErrors = defineErrors({
  // Spec §7.
  notAParticipant: { code: "NOT_A_PARTICIPANT", status: 403, message: "only a participant of the meeting may vote" },
  agendaHasVotes: { code: "AGENDA_HAS_VOTES", status: 400, message: "the item has votes: it is frozen (no new title, no drop)" },
  meetingHasVotes: { code: "MEETING_HAS_VOTES", status: 400, message: "a meeting with votes cannot be cancelled; complete it instead" },
  reasonRequired: { code: "REASON_REQUIRED", status: 400, message: "cancelling needs a reason" },
  onlyCompletedCanBeDeleted: { code: "ONLY_COMPLETED_CAN_BE_DELETED", status: 400, message: "only a Completed or Cancelled meeting can be deleted" },
  agendaNotOpened: { code: "AGENDA_NOT_OPENED", status: 409, message: "the item has not been taken up (open it first)" },
  agendaClosed: { code: "AGENDA_CLOSED", status: 409, message: "the item is closed" },
  boardRequired: { code: "BOARD_REQUIRED", status: 409, message: "a BoardMeeting needs the organization's board with at least one director" },
  boardChairmanRequired: { code: "BOARD_CHAIRMAN_REQUIRED", status: 409, message: "a BoardMeeting needs the board's chairman" },
  // Ours.
  meetingNotFound: { code: "meeting_not_found", status: 404, message: "no such meeting in this organization" },
  agendaItemNotFound: { code: "agenda_item_not_found", status: 404, message: "no such agenda item in this meeting (or it was dropped)" },
  participantNotFound: { code: "participant_not_found", status: 404, message: "no such participant in this meeting" },
  meetingClosed: { code: "meeting_closed", status: 409, message: "the meeting is Completed or Cancelled: it no longer changes" },
  organizerRequired: { code: "organizer_required", status: 403, message: "only the meeting's organizer may do this" },
  chairOrOrganizerRequired: { code: "chair_or_organizer_required", status: 403, message: "only the board's chairman or the meeting's organizer may do this" },
  invalidTitle: { code: "invalid_title", status: 400, message: "a title is 1 to 200 characters, not only spaces (an agenda item's, 1 to 500)" },
  invalidAgenda: { code: "invalid_agenda", status: 400, message: "the Agenda has too many items or an item over 500 characters" },
  agendaRequired: { code: "agenda_required", status: 400, message: "a BoardMeeting needs an Agenda (one item per line)" },
  meetingTypeNotAvailable: { code: "meeting_type_not_available", status: 400, message: "Shareholder (11) and Executive (12) meetings are on development" },
  invalidScheduledAt: { code: "invalid_scheduled_at", status: 400, message: "ScheduledAt is an ISO 8601 UTC date-time" },
  scheduledInPast: { code: "scheduled_in_past", status: 400, message: "a meeting is scheduled in the future" },
  participantNotEligible: { code: "participant_not_eligible", status: 400, message: "a participant is a person's badge that is not revoked (field names which)" },
  invalidDecision: { code: "invalid_decision", status: 400, message: "Decision is Assent, Dissent or Abstain (any case)" },
  recordingNotFound: { code: "recording_not_found", status: 404, message: "no such live file in this organization" },
  recordingNotForMeeting: { code: "recording_not_for_meeting", status: 400, message: "the file was not uploaded for this meeting (POST /files?meetingId=)" },
  recordingNotAudio: { code: "recording_not_audio", status: 400, message: "a recording is an audio file (audio/*)" },
  invalidRsvpLink: { code: "invalid_rsvp_link", status: 403, message: "the RSVP link's signature does not match: use the link from the invitation as it was sent" },
});

export const MeetingErrors = meetingErrors.codes;
