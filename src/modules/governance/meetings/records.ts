/**
 * Votes are sealed records (DESIGN §6, platform/audit/sealed-records.ts): each vote row
 * is written only with its business.meeting.agenda_voted event, and the chain seals its
 * state after every cast, so the integrity scan finds a vote edited behind the
 * application's back. The row also carries its own recordHash over the canonical vote.
 */
import { payloadId, rowRecordType } from "../../../platform/audit/sealed-records";
import { MEETING_EVENTS } from "./events";
import { meetingVotes, type VoteRow } from "./schema";

export const voteRecords = rowRecordType<VoteRow>({
  entityType: "meeting_vote",
  description: "A vote on a meeting's agenda item (decision, reason, the sealing passkey). entityId: the vote id.",
  events: { [MEETING_EVENTS.agendaVoted.type]: payloadId("voteId") },
  table: meetingVotes,
  idColumn: meetingVotes.id,
  idOf: (r) => r.id,
});
