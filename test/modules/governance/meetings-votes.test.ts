/**
 * Votes (spec 2.8, 3.1, 4.6 rule 6): bound to the session's ConnectedId, a participant's
 * only, on an Open item, under a personal seal bound to the meeting, the item and the
 * choice; a re-vote overwrites the one row and is emitted with chg; casting marks the
 * voter present; parallel votes leave one row.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { meetingVotes } from "../../../src/modules/governance/meetings/schema";
import { type Authenticator, registerPasskey, sealAssertion } from "../../support/authenticator";
import { createTestApp, type TestApp } from "../../support/harness";
import { boardSeal, boardWith, meeting, meetingOrg, type MeetingOrg, sealer, type Sealer, vote, voteSeal } from "./meetings-support";
import { eventsOf, person } from "./support";

let t: TestApp;
let m: MeetingOrg;
let ana: Sealer;
let ben: Sealer;
let outsider: Sealer;

beforeAll(async () => {
  t = await createTestApp();
  m = await meetingOrg(t, "votes");
  ana = await sealer(t, m.org, "ana@votes.test");
  ben = await sealer(t, m.org, "ben@votes.test");
  outsider = await sealer(t, m.org, "outsider@votes.test");
  await boardWith(t, m, [ana, ben]);
});
afterAll(() => t.close());

async function openMeeting(body: Record<string, unknown> = {}) {
  const mt = await meeting(t, m, { Agenda: "Budget\nHiring\nRoadmap", ParticipantConnectedIds: [ana.connectedId, ben.connectedId], ...body });
  await m.api("POST", `/meetings/${mt.id}/agenda-items/0/open`);
  return mt;
}

const rows = (meetingId: string) => t.ctx.db.read.select().from(meetingVotes).where(eq(meetingVotes.meetingId, meetingId));

describe("casting a vote", () => {
  test("a participant votes under a seal bound to meeting, item and choice; the vote is theirs, and marks them present", async () => {
    const mt = await openMeeting();
    const cast = await vote(t, m, ana, mt.id, 0, "assent", { Reason: "  sound numbers  ", SealEmail: "ANA@votes.test" });
    expect(cast.status).toBe(200);
    expect(cast.body).toMatchObject({ agendaIndex: 0, voterConnectedId: ana.connectedId, voterName: "ana@votes.test", decision: "Assent", reason: "sound numbers", changes: 0, chg: false });
    expect(cast.body.recordHash).toMatch(/^[0-9a-f]{64}$/);
    const participant = (await m.api("GET", `/meetings/${mt.id}`)).body.participants.find((p: any) => p.connectedId === ana.connectedId);
    expect(participant).toMatchObject({ checkedInAt: new Date(t.clock.now()).toISOString(), checkedInBy: "vote" });
    const [attendance] = (await eventsOf(t, m.org, "business.meeting.attendance_marked")).filter((e) => e.payload.meetingId === mt.id);
    expect(attendance!.payload).toMatchObject({ connectedId: ana.connectedId, present: true, source: "automatic" });
    const [voted] = (await eventsOf(t, m.org, "business.meeting.agenda_voted")).filter((e) => e.payload.meetingId === mt.id);
    expect(voted!.payload).toMatchObject({ agendaIndex: 0, voterConnectedId: ana.connectedId, decision: "Assent", previousDecision: null, chg: false, recordHash: cast.body.recordHash, sealCredentialId: ana.device.credentialId });
    expect(voted!.actorConnectedId).toBe(ana.connectedId);
    const list = await m.api("GET", `/meetings/${mt.id}/agenda-votes`, undefined, ben.token);
    expect(list.body).toEqual([{ agendaIndex: 0, voterConnectedId: ana.connectedId, voterName: "ana@votes.test", decision: "Assent", reason: "sound numbers", sealedAt: cast.body.sealedAt, changes: 0, recordHash: cast.body.recordHash }]);
    // A second vote by the same voter marks nothing again.
    await vote(t, m, ana, mt.id, 0, "Dissent");
    expect((await eventsOf(t, m.org, "business.meeting.attendance_marked")).filter((e) => e.payload.meetingId === mt.id)).toHaveLength(1);
  });

  test("a re-vote overwrites the single row and is emitted with chg", async () => {
    const mt = await openMeeting();
    await vote(t, m, ana, mt.id, 0, "Assent");
    t.clock.advance(1000);
    const again = await vote(t, m, ana, mt.id, 0, "DISSENT", { Reason: "changed my mind" });
    expect(again.body).toMatchObject({ decision: "Dissent", reason: "changed my mind", changes: 1, chg: true, sealedAt: new Date(t.clock.now()).toISOString() });
    const third = await vote(t, m, ana, mt.id, 0, "Dissent");
    expect(third.body).toMatchObject({ changes: 2, chg: true, reason: null });
    const stored = await rows(mt.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ decision: "Dissent", changes: 2 });
    const events = (await eventsOf(t, m.org, "business.meeting.agenda_voted")).filter((e) => e.payload.meetingId === mt.id);
    expect(events.map((e) => [e.payload.decision, e.payload.previousDecision, e.payload.chg])).toEqual([
      ["Assent", null, false],
      ["Dissent", "Assent", true],
      ["Dissent", "Dissent", true],
    ]);
    expect(new Set(events.map((e) => e.payload.voteId)).size).toBe(1);
  });

  test("no seal, or a seal for another item, choice, meeting or user, is refused and records nothing", async () => {
    const mt = await openMeeting();
    await m.api("POST", `/meetings/${mt.id}/agenda-items/1/open`);
    const other = await openMeeting();
    const send = (seal: unknown, extra: Record<string, unknown> = {}) => m.api("POST", `/meetings/${mt.id}/agenda-votes`, { AgendaIndex: 0, Decision: "Assent", SealAssertionJson: seal, ...extra }, ana.token);
    for (const seal of [undefined, null, ""]) {
      const r = await send(seal);
      expect({ status: r.status, error: r.body.error }).toEqual({ status: 403, error: "step_up_required" });
    }
    const refusals: Array<[unknown, string]> = [
      [await voteSeal(t, ana, mt.id, 1, "Assent"), "subject_mismatch"],
      [await voteSeal(t, ana, mt.id, 0, "Dissent"), "subject_mismatch"],
      [await voteSeal(t, ana, other.id, 0, "Assent"), "subject_mismatch"],
      [await voteSeal(t, ben, mt.id, 0, "Assent"), "user_mismatch"],
      ["{}", "malformed_assertion"],
    ];
    for (const [seal, reason] of refusals) {
      const r = await send(seal);
      expect({ status: r.status, error: r.body.error, reason: r.body.reason }).toEqual({ status: 403, error: "step_up_failed", reason });
    }
    const wrongEmail = await send(await voteSeal(t, ana, mt.id, 0, "Assent"), { SealEmail: "ben@votes.test" });
    expect({ status: wrongEmail.status, error: wrongEmail.body.error, reason: wrongEmail.body.reason }).toEqual({ status: 403, error: "step_up_failed", reason: "user_mismatch" });
    // A seal made for the board is not a vote's.
    const board = await send(await boardSeal(t, m.org, ana, ana.connectedId, "appoint"));
    expect(board.body).toMatchObject({ error: "step_up_failed", reason: "purpose_mismatch" });
    expect(await rows(mt.id)).toEqual([]);
    expect((await eventsOf(t, m.org, "business.meeting.agenda_voted")).filter((e) => e.payload.meetingId === mt.id)).toEqual([]);
    // The seal still works for what it was made for.
    const seal = await voteSeal(t, ana, mt.id, 0, "Abstain");
    expect((await m.api("POST", `/meetings/${mt.id}/agenda-votes`, { AgendaIndex: 0, Decision: "abstain", assertionResponseJson: seal }, ana.token)).body.decision).toBe("Abstain");
    // A used seal does not vote twice.
    const replay = await m.api("POST", `/meetings/${mt.id}/agenda-votes`, { AgendaIndex: 0, Decision: "Abstain", SealAssertionJson: seal }, ana.token);
    expect(replay.body).toMatchObject({ error: "step_up_failed", reason: "challenge_replayed" });
  });

  test("only a participant votes (403 NOT_A_PARTICIPANT), only on an Open item (409 AGENDA_NOT_OPENED, AGENDA_CLOSED), only with org.meeting.vote", async () => {
    const mt = await openMeeting();
    const notParticipant = await vote(t, m, outsider, mt.id, 0, "Assent");
    expect({ status: notParticipant.status, error: notParticipant.body.error }).toEqual({ status: 403, error: "NOT_A_PARTICIPANT" });
    const pending = await vote(t, m, ana, mt.id, 1, "Assent");
    expect({ status: pending.status, error: pending.body.error }).toEqual({ status: 409, error: "AGENDA_NOT_OPENED" });
    await m.api("POST", `/meetings/${mt.id}/agenda-items/0/close`);
    const closed = await vote(t, m, ana, mt.id, 0, "Assent");
    expect({ status: closed.status, error: closed.body.error }).toEqual({ status: 409, error: "AGENDA_CLOSED" });
    expect((await vote(t, m, ana, mt.id, 9, "Assent")).body.error).toBe("agenda_item_not_found");
    // A Member, even as a participant, does not vote.
    const member = await person(t, m.org, "member@votes.test");
    const withMember = await openMeeting({ ParticipantConnectedIds: [member.connectedId] });
    const byMember = await m.api("POST", `/meetings/${withMember.id}/agenda-votes`, { AgendaIndex: 0, Decision: "Assent", SealAssertionJson: "x" }, member.token);
    expect({ status: byMember.status, error: byMember.body.error }).toEqual({ status: 403, error: "PERMISSION_DENIED" });
    // The organizer (the Owner) votes only as a participant, which they always are.
    const byOwner = await vote(t, m, m.owner, withMember.id, 0, "Assent");
    expect(byOwner.status).toBe(200);
    expect(await rows(mt.id)).toEqual([]);
  });

  test("bad input: the decision, the index, a voter field, malformed JSON", async () => {
    const mt = await openMeeting();
    const send = (body: unknown) => m.api("POST", `/meetings/${mt.id}/agenda-votes`, body, ana.token);
    expect((await send({ AgendaIndex: 0, Decision: "Yes", SealAssertionJson: "x" })).body).toMatchObject({ error: "invalid_decision", field: "Decision" });
    for (const body of [
      { AgendaIndex: -1, Decision: "Assent" },
      { AgendaIndex: "first", Decision: "Assent" },
      { AgendaIndex: 0.5, Decision: "Assent" },
      { Decision: "Assent" },
      { AgendaIndex: 0 },
      { AgendaIndex: 0, Decision: "Assent", VoterConnectedId: ben.connectedId },
      { AgendaIndex: 0, Decision: "Assent", AgendaText: "Budget" },
    ]) {
      const r = await send(body);
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status: 400, error: "invalid_request" });
    }
    const malformed = await t.request("POST", `/api/org/${m.org.slug}/meetings/${mt.id}/agenda-votes`, { token: ana.token, body: "{\"AgendaIndex\":", headers: { "content-type": "application/json" } });
    expect(malformed.body.error).toBe("invalid_json");
  });

  test("parallel votes by one director leave exactly one row; parallel votes by two directors, one row each", async () => {
    const mt = await openMeeting();
    // One device signs one assertion at a time (its signature counter only goes up), so parallel
    // votes by one person come from several of their passkeys, each on its own device.
    const devices = async (who: Sealer, n: number) => {
      const list = [who.device];
      while (list.length < n) list.push(await registerPasskey(t, who, { sealWith: who.device }));
      return list;
    };
    const anas = await devices(ana, 6);
    const bens = await devices(ben, 3);
    const cast = async (who: Sealer, device: Authenticator, decision: string) =>
      m.api("POST", `/meetings/${mt.id}/agenda-votes`, { AgendaIndex: 0, Decision: decision, SealAssertionJson: await sealAssertion(t, who, device, "meeting.vote", `${mt.id}|0|${decision}`) }, who.token);
    const decisions = ["Assent", "Dissent", "Abstain", "Assent", "Dissent", "Abstain"];
    const results = await Promise.all(decisions.map((d, i) => cast(ana, anas[i]!, d)));
    expect(results.map((r) => r.status)).toEqual(decisions.map(() => 200));
    expect(results.filter((r) => r.body.chg === false)).toHaveLength(1);
    const stored = await rows(mt.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.changes).toBe(decisions.length - 1);
    expect((await eventsOf(t, m.org, "business.meeting.agenda_voted")).filter((e) => e.payload.meetingId === mt.id)).toHaveLength(decisions.length);

    const both = await Promise.all([...anas.slice(0, 3).map((device) => cast(ana, device, "Assent")), ...bens.map((device) => cast(ben, device, "Dissent"))]);
    expect(both.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const after = await t.ctx.db.read.select().from(meetingVotes).where(and(eq(meetingVotes.meetingId, mt.id), eq(meetingVotes.agendaIndex, 0)));
    expect(after.map((r) => [r.voterConnectedId, r.decision]).sort()).toEqual([[ana.connectedId, "Assent"], [ben.connectedId, "Dissent"]].sort());
  });


  test("votes and board seats are sealed records: the integrity scan finds nothing, then a vote changed behind the application's back", async () => {
    const mt = await openMeeting();
    await vote(t, m, ana, mt.id, 0, "Assent");
    const scan = () => t.request("POST", `/api/v1/admin/integrity/scan?org=${m.org.slug}`, { token: m.org.owner.token });
    const clean = await scan();
    expect(clean.status).toBe(200);
    expect(clean.body.records.findings).toEqual([]);
    const [row] = await rows(mt.id);
    await t.ctx.db.write(async (tx) => {
      await tx.update(meetingVotes).set({ decision: "Dissent" }).where(eq(meetingVotes.id, row!.id));
    });
    expect((await scan()).body.records.findings).toEqual([expect.objectContaining({ entityType: "meeting_vote", entityId: row!.id, reason: "record_altered" })]);
  });
});
