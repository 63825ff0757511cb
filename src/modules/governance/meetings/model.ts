/**
 * Wire shapes of meetings (spec 2.8, 4.6; they are also the API reference). Request
 * bodies use the spec's field names: PascalCase for create, votes, agenda edits and
 * complete; the bodies the spec writes in lower case (an added item's title and memo,
 * attendance's present, cancel's reason, the minutes body) are read in either case.
 * Responses are camelCase like the rest of the API.
 */
import { t } from "elysia";
import { SealAssertionBody } from "../../identity/index";
import { OrgSlug } from "../../orgs/index";

const Time = t.String({ format: "date-time" });
const Id = t.String({ minLength: 1, maxLength: 100 });

export const TITLE_MAX = 200;
export const ITEM_TITLE_MAX = 500;
export const AGENDA_ITEMS_MAX = 100;
export const TEXT_MAX = 20_000;
export const MINUTES_MAX = 200_000;
export const PARTICIPANTS_MAX = 200;
export const EXTERNALS_MAX = 100;

export const MeetingTypes = { TeamMeeting: 0, Client: 1, BoardMeeting: 10, Shareholder: 11, Executive: 12 } as const;
export const AVAILABLE_TYPES: readonly number[] = [MeetingTypes.TeamMeeting, MeetingTypes.Client, MeetingTypes.BoardMeeting];
export const IN_DEVELOPMENT_TYPES: readonly number[] = [MeetingTypes.Shareholder, MeetingTypes.Executive];

export const MeetingParams = t.Object({ slug: OrgSlug, meetingId: Id });
export const AgendaParams = t.Object({ slug: OrgSlug, meetingId: Id, index: t.Integer({ minimum: 0, maximum: 1_000_000, description: "The item's number (from 0)" }) });
export const ParticipantParams = t.Object({ slug: OrgSlug, meetingId: Id, participantId: Id });
export const RsvpParams = t.Object({
  participantId: Id,
  response: t.Union([t.Literal("accepted"), t.Literal("declined"), t.Literal("tentative")]),
});
export const RsvpQuery = t.Object({ sig: t.String({ minLength: 1, maxLength: 200, description: "The link's signature, as the invitation carried it" }) });

export const MeetingStatus = t.Union([t.Literal("Scheduled"), t.Literal("Completed"), t.Literal("Cancelled")]);
export const ListQuery = t.Object({ status: t.Optional(MeetingStatus) });
export const AgendaListQuery = t.Object({ includeDropped: t.Optional(t.Boolean({ description: "Also the dropped items (with droppedAt)" })) });

export const MeetingCreate = t.Object(
  {
    Title: t.String({ maxLength: TITLE_MAX, description: `1 to ${TITLE_MAX} characters` }),
    Type: t.Optional(
      t.Union([t.Literal(0), t.Literal(1), t.Literal(10), t.Literal(11), t.Literal(12)], {
        description: "TeamMeeting 0 (default), Client 1, BoardMeeting 10; Shareholder 11 and Executive 12 are on development (400 meeting_type_not_available)",
      }),
    ),
    Mode: t.Optional(t.Union([t.Literal(0), t.Literal(1)], { description: "0 Offline (default), 1 Online" })),
    ScheduledAt: t.String({ maxLength: 40, description: "ISO 8601 UTC date-time, in the future" }),
    DurationMinutes: t.Optional(t.Integer({ minimum: 1, maximum: 1440, description: "1 to 1440; 60 when left out" })),
    Location: t.Optional(t.Nullable(t.String({ maxLength: 500 }))),
    Agenda: t.Optional(
      t.Nullable(t.String({ maxLength: TEXT_MAX, description: `One item per line (empty lines dropped, trimmed), at most ${AGENDA_ITEMS_MAX} of at most ${ITEM_TITLE_MAX} characters; required for BoardMeeting` })),
    ),
    ParticipantConnectedIds: t.Optional(t.Array(Id, { maxItems: PARTICIPANTS_MAX, description: "Members' badges (persons); the organizer is always added" })),
    ExternalParticipants: t.Optional(
      t.Array(
        t.Object({ Email: t.String({ format: "email", maxLength: 320 }), Name: t.Optional(t.String({ maxLength: 200 })) }, { additionalProperties: false }),
        { maxItems: EXTERNALS_MAX, description: "Guests outside the organization, invited by e-mail" },
      ),
    ),
  },
  { additionalProperties: false },
);

export const AgendaItemAdd = t.Object(
  {
    title: t.Optional(t.String({ maxLength: ITEM_TITLE_MAX })),
    Title: t.Optional(t.String({ maxLength: ITEM_TITLE_MAX })),
    memo: t.Optional(t.Nullable(t.String({ maxLength: TEXT_MAX }))),
    Memo: t.Optional(t.Nullable(t.String({ maxLength: TEXT_MAX }))),
  },
  { additionalProperties: false, description: "title (required) and memo, in either case" },
);

export const AgendaItemChange = t.Object(
  {
    Title: t.Optional(t.String({ maxLength: ITEM_TITLE_MAX })),
    title: t.Optional(t.String({ maxLength: ITEM_TITLE_MAX })),
    Memo: t.Optional(t.Nullable(t.String({ maxLength: TEXT_MAX }))),
    memo: t.Optional(t.Nullable(t.String({ maxLength: TEXT_MAX }))),
    Notes: t.Optional(t.Nullable(t.String({ maxLength: TEXT_MAX }))),
    notes: t.Optional(t.Nullable(t.String({ maxLength: TEXT_MAX }))),
  },
  { additionalProperties: false, description: "Memo and Notes are saved independently; Title rewords the item (organizer only, not once it has votes)" },
);

export const RecordingAttach = t.Object(
  {
    FileId: t.Optional(t.Nullable(Id)),
    fileId: t.Optional(t.Nullable(Id)),
  },
  { additionalProperties: false, description: "FileId: a file uploaded with POST /api/org/{slug}/files?meetingId={meetingId}; null detaches" },
);

export const Attendance = t.Object(
  { present: t.Optional(t.Boolean()), Present: t.Optional(t.Boolean()) },
  { additionalProperties: false, description: "present: true checks the participant in, false takes it back" },
);

export const MinutesSave = t.Object({ body: t.Optional(t.String({ maxLength: MINUTES_MAX })), Body: t.Optional(t.String({ maxLength: MINUTES_MAX })) }, { additionalProperties: false });

export const Cancel = t.Object({ reason: t.Optional(t.Nullable(t.String({ maxLength: 2000 }))), Reason: t.Optional(t.Nullable(t.String({ maxLength: 2000 }))) }, { additionalProperties: false });

export const Complete = t.Object({ CreateFollowUp: t.Optional(t.Boolean({ description: "Carry the NoQuorum and NotVoted items to a new meeting a week out" })) }, { additionalProperties: false });

export const VoteCast = t.Object(
  {
    AgendaIndex: t.Integer({ minimum: 0, maximum: 1_000_000 }),
    Decision: t.String({ minLength: 1, maxLength: 20, description: "Assent, Dissent or Abstain (any case)" }),
    Reason: t.Optional(t.Nullable(t.String({ maxLength: 2000 }))),
    SealEmail: t.Optional(t.Nullable(t.String({ maxLength: 320, description: "The signer's e-mail; when given it must be the session's" }))),
    ...SealAssertionBody,
  },
  { additionalProperties: false },
);

export const Participant = t.Object({
  participantId: t.String(),
  connectedId: t.Nullable(t.String({ description: "A member's badge; null for an external guest" })),
  email: t.Nullable(t.String({ description: "An external guest's address; null for a member" })),
  displayName: t.String(),
  role: t.Union([t.Literal("Organizer"), t.Literal("Participant"), t.Literal("External")]),
  rsvpStatus: t.Union([t.Literal("pending"), t.Literal("accepted"), t.Literal("declined"), t.Literal("tentative")]),
  rsvpAt: t.Nullable(Time),
  checkedInAt: t.Nullable(Time),
  checkedInBy: t.Nullable(t.Union([t.Literal("manual"), t.Literal("vote")])),
});

export const AgendaItem = t.Object({
  index: t.Integer(),
  title: t.String(),
  memo: t.Nullable(t.String()),
  notes: t.Nullable(t.String()),
  status: t.Union([t.Literal("Pending"), t.Literal("Open"), t.Literal("Closed")]),
  outcome: t.Nullable(t.Union([t.Literal("NoQuorum"), t.Literal("NotVoted"), t.Literal("Passed"), t.Literal("Rejected")], { description: "Fixed at complete" })),
  recordingFileId: t.Nullable(t.String()),
  carriedFromMeetingId: t.Nullable(t.String()),
  carriedFromIndex: t.Nullable(t.Integer()),
  voteCount: t.Integer(),
  openedAt: t.Nullable(Time),
  closedAt: t.Nullable(Time),
  droppedAt: t.Nullable(Time),
});

const meetingFields = {
  id: t.String(),
  title: t.String(),
  type: t.Integer(),
  typeName: t.String(),
  mode: t.Integer(),
  scheduledAt: Time,
  durationMinutes: t.Integer(),
  location: t.Nullable(t.String()),
  agenda: t.String({ description: "The Agenda summary: the live items' titles, one a line" }),
  status: MeetingStatus,
  organizerConnectedId: t.String(),
  participants: t.Array(Participant),
  minutesFileId: t.Nullable(t.String()),
  carriedFromMeetingId: t.Nullable(t.String({ description: "A follow-up: the meeting it carries items from" })),
  followUpMeetingId: t.Nullable(t.String()),
  cancelReason: t.Nullable(t.String()),
  cancelledAt: t.Nullable(Time),
  completedAt: t.Nullable(Time),
  createdAt: Time,
  updatedAt: Time,
};

export const Meeting = t.Object(meetingFields);

const detailFields = {
  ...meetingFields,
  agendaItems: t.Array(AgendaItem, { description: "The live items, by number" }),
  minutes: t.Nullable(t.String({ description: "The minutes body the organizer saved" })),
  compiledMinutes: t.Nullable(t.String({ description: "The composed minutes (compile; the final text once Completed)" })),
  compiledAt: t.Nullable(Time),
};

export const MeetingDetail = t.Object(detailFields);

export const MeetingCreated = t.Object({
  ...detailFields,
  invitationsSent: t.Integer({ description: "Invitation mails sent (everyone but the organizer)" }),
  invitationsFailed: t.Integer({ description: "Invitation mails the mail server refused (logged)" }),
});

export const Vote = t.Object({
  agendaIndex: t.Integer(),
  voterConnectedId: t.String(),
  voterName: t.String(),
  decision: t.Union([t.Literal("Assent"), t.Literal("Dissent"), t.Literal("Abstain")]),
  reason: t.Nullable(t.String()),
  sealedAt: Time,
  changes: t.Integer({ description: "How many times the voter changed it" }),
  recordHash: t.String({ description: "SHA-256 of the canonical vote record" }),
});

export const VoteCastResult = t.Object({
  ...Vote.properties,
  chg: t.Boolean({ description: "The vote replaced the voter's earlier one" }),
});

export const Judgement = t.Object({
  index: t.Integer(),
  title: t.String(),
  status: t.Union([t.Literal("Pending"), t.Literal("Open"), t.Literal("Closed")]),
  outcome: t.Union([t.Literal("NoQuorum"), t.Literal("NotVoted"), t.Literal("Passed"), t.Literal("Rejected")]),
  seated: t.Integer({ description: "Voters who hold a seat: the seated directors (BoardMeeting) or the member participants" }),
  present: t.Integer({ description: "Of them, checked in" }),
  quorum: t.Integer({ description: "Checked in needed: a majority of the seated" }),
  assent: t.Integer({ description: "Present without a recorded dissent or abstention" }),
  dissent: t.Integer(),
  abstain: t.Integer(),
  notVoted: t.Integer({ description: "Present voters with no vote on the item" }),
});

export const ClosePreview = t.Object({ meetingId: t.String(), status: MeetingStatus, items: t.Array(Judgement) });

const SideError = t.Nullable(t.Object({ error: t.String(), message: t.Optional(t.String()) }, { additionalProperties: true, description: "The error body the step would have answered" }));

export const CompleteResult = t.Object({
  meetingId: t.String(),
  status: t.Literal("Completed"),
  outcomes: t.Array(Judgement),
  minutesFileId: t.Nullable(t.String()),
  minutesFileError: SideError,
  followUpMeetingId: t.Nullable(t.String()),
  followUpError: SideError,
  meeting: MeetingDetail,
});

export const CompiledMinutes = t.Object({ meetingId: t.String(), minutes: t.String(), compiledAt: Time });

export const Deleted = t.Object({ meetingId: t.String(), deleted: t.Literal(true) });

export const RsvpResult = t.Object({
  meetingId: t.String(),
  participantId: t.String(),
  title: t.String(),
  scheduledAt: Time,
  rsvpStatus: t.Union([t.Literal("accepted"), t.Literal("declined"), t.Literal("tentative")]),
});

export type MeetingView = typeof Meeting.static;
export type MeetingDetailView = typeof MeetingDetail.static;
export type ParticipantView = typeof Participant.static;
export type AgendaItemView = typeof AgendaItem.static;
export type VoteView = typeof Vote.static;
export type JudgementView = typeof Judgement.static;
