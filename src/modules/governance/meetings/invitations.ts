/**
 * Invitations and their signed RSVP links (spec 4.6). Each participant but the organizer
 * is mailed through the platform's outbound mail once the meeting is committed, members
 * at their account's address and external guests at theirs. The mail carries one link
 * per answer, {base}/api/meetings/rsvp/{participantId}/{accepted|declined|tentative}
 * ?sig=…, where sig is HMAC-SHA-256 over the participant and the answer under a key
 * derived from the master key (as the audit archive and blob download URLs are signed),
 * so every node checks it and nobody can forge a link for another participant. The link
 * records intent only: it grants no access to the meeting (rule 1).
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { appendAudit } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { toIso } from "../../../platform/clock";
import { loadOrCreateKeyFile } from "../../../platform/crypto/secrets";
import { SendFailedError } from "../../../platform/outbound/errors";
import { emailsOf } from "../../identity/index";
import { composeMail, meetingInvitationMail } from "../../messaging/index";
import { orgRecipientLanguage } from "../../orgs/index";
import { translator, type Language } from "../../../platform/languages";
import { meetingErrors } from "./errors";
import { MEETING_EVENTS } from "./events";
import { meetingParticipants, type MeetingRow, meetings, type ParticipantRow, type RsvpStatus } from "./schema";
import { meetingTypeName } from "./state";

export const RSVP_RESPONSES = ["accepted", "declined", "tentative"] as const;
export type RsvpResponse = (typeof RSVP_RESPONSES)[number];

const rsvpKeys = new WeakMap<object, Buffer>();

/** The link-signing key: HKDF of the master key, so every node derives the same one. */
function rsvpKey(config: AppContext["config"]): Buffer {
  let key = rsvpKeys.get(config);
  if (!key) {
    const master = config.masterKey ?? loadOrCreateKeyFile(config.dataDir);
    key = Buffer.from(hkdfSync("sha256", master, new Uint8Array(), "signet meeting rsvp links", 32));
    rsvpKeys.set(config, key);
  }
  return key;
}

export function rsvpSignature(config: AppContext["config"], participantId: string, response: RsvpResponse): string {
  return createHmac("sha256", rsvpKey(config)).update(`rsvp\n${participantId}\n${response}`).digest("base64url");
}

export function rsvpUrl(config: AppContext["config"], participantId: string, response: RsvpResponse): string {
  return `${config.baseUrl.replace(/\/$/, "")}/api/meetings/rsvp/${encodeURIComponent(participantId)}/${response}?sig=${rsvpSignature(config, participantId, response)}`;
}

function signatureMatches(config: AppContext["config"], participantId: string, response: RsvpResponse, sig: string): boolean {
  const expected = Buffer.from(rsvpSignature(config, participantId, response));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function invitationMail(meeting: MeetingRow, organizerName: string, orgName: string, links: Record<RsvpResponse, string>, language: Language): { subject: string; text: string } {
  const t = translator(meetingInvitationMail, language);
  const location = meeting.location ?? "";
  const where = meeting.mode === 1 ? (location ? t("onlineAt", { location }) : t("online")) : location ? t("offlineAt", { location }) : t("offline");
  const items = meeting.agenda?.split("\n").map((line, i) => `  ${i + 1}. ${line}`).join("\n");
  return composeMail(meetingInvitationMail, language, {
    organizer: organizerName,
    title: meeting.title,
    type: meetingTypeName(meeting.type),
    org: orgName,
    when: toIso(meeting.scheduledAt),
    minutes: meeting.durationMinutes,
    where,
    agenda: items ? t("agenda", { items }) : "",
    accept: links.accepted,
    decline: links.declined,
    tentative: links.tentative,
  });
}

/**
 * Mails the invitation to each participant but the organizer, after the meeting's
 * transaction has committed. A refused mail is logged and counted; the meeting stands.
 */
export async function sendInvitations(
  deps: Pick<AppContext, "db" | "config" | "mail" | "logger">,
  input: { meeting: MeetingRow; participants: ParticipantRow[]; organizerName: string; orgName: string; userIdOf: Map<string, string> },
): Promise<{ sent: number; failed: number }> {
  const invitees = input.participants.filter((p) => p.role !== "Organizer");
  const emails = await emailsOf(deps.db.read, invitees.flatMap((p) => (p.connectedId && input.userIdOf.get(p.connectedId) ? [input.userIdOf.get(p.connectedId)!] : [])));
  let sent = 0;
  let failed = 0;
  for (const participant of invitees) {
    const to = participant.email ?? (participant.connectedId ? emails.get(input.userIdOf.get(participant.connectedId) ?? "") : undefined);
    if (!to) continue;
    const links = Object.fromEntries(RSVP_RESPONSES.map((r) => [r, rsvpUrl(deps.config, participant.id, r)])) as Record<RsvpResponse, string>;
    try {
      // A member's own language choice, else the organization's locale (external guests too).
      const language = await orgRecipientLanguage(deps.db.read, input.meeting.orgId, to);
      await deps.mail.send({ to, ...invitationMail(input.meeting, input.organizerName, input.orgName, links, language) });
      sent++;
    } catch (e) {
      if (!(e instanceof SendFailedError)) throw e;
      deps.logger.warn("meeting invitation refused", { meetingId: input.meeting.id, participantId: participant.id, error: e.message });
      failed++;
    }
  }
  return { sent, failed };
}

/**
 * GET /api/meetings/rsvp/{participantId}/{response}?sig=: records the answer. The
 * signature is checked before anything is read, so a forged link learns nothing. A
 * meeting that is Completed, Cancelled or deleted takes no more answers.
 */
export async function recordRsvp(deps: Pick<AppContext, "db" | "clock" | "config">, input: { participantId: string; response: RsvpResponse; sig: string; requestId?: string | null }) {
  if (!signatureMatches(deps.config, input.participantId, input.response, input.sig)) throw meetingErrors.error("invalidRsvpLink");
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    const [found] = await tx
      .select({ participant: meetingParticipants, meeting: meetings })
      .from(meetingParticipants)
      .innerJoin(meetings, and(eq(meetings.id, meetingParticipants.meetingId), isNull(meetings.deletedAt)))
      .where(eq(meetingParticipants.id, input.participantId));
    if (!found) throw meetingErrors.error("participantNotFound", { message: "the invitation no longer exists" });
    await tx.lock(`governance.meeting:${found.meeting.id}`);
    const [participant] = await tx.select().from(meetingParticipants).where(eq(meetingParticipants.id, input.participantId));
    const meeting = found.meeting;
    if (meeting.status !== "Scheduled") throw meetingErrors.error("meetingClosed", { meetingStatus: meeting.status, message: `the meeting is ${meeting.status}: it takes no more answers` });
    const previous = participant!.rsvpStatus as RsvpStatus;
    if (previous !== input.response) {
      await tx.update(meetingParticipants).set({ rsvpStatus: input.response, rsvpAt: now }).where(eq(meetingParticipants.id, participant!.id));
      await appendAudit(tx, {
        ...auditEvent(MEETING_EVENTS.rsvpRecorded, {
          meetingId: meeting.id,
          participantId: participant!.id,
          connectedId: participant!.connectedId,
          email: participant!.email,
          response: input.response,
          previous,
        }),
        orgId: meeting.orgId,
        // The link is the credential, not a session: nobody signed in.
        actor: { kind: "system", connectedId: participant!.connectedId },
        requestId: input.requestId,
        at: now,
      });
    }
    return { meetingId: meeting.id, participantId: participant!.id, title: meeting.title, scheduledAt: toIso(meeting.scheduledAt), rsvpStatus: input.response };
  });
}
