/**
 * The scopes of meetings (spec 4.6 rule 1). Owner and Admin hold them through org.*.
 * A Director (built-in org_director) reaches the meeting screens (view.business,
 * org.meeting.list, org.meeting.read) and casts their own vote (org.meeting.vote; the
 * vote itself also needs them to be a participant). Who may change a meeting is decided
 * on the meeting: its organizer, or for some steps the board's chairman; creating one
 * needs org.meeting.create.
 */
export const MEETING_SCOPES = {
  list: "org.meeting.list",
  read: "org.meeting.read",
  create: "org.meeting.create",
  vote: "org.meeting.vote",
} as const;

export const VIEW_BUSINESS = "view.business";

export const MEETING_ROLE_SCOPES = {
  org_director: [VIEW_BUSINESS, MEETING_SCOPES.read, MEETING_SCOPES.list, MEETING_SCOPES.vote],
} as const;
