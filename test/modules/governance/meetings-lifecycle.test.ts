/**
 * A meeting's life (spec 3.1 last row, 3.2, 4.6 rules 7 to 11): close-preview and
 * complete judging each item the same way (quorum of seated directors checked in, only
 * present seated votes counting), the minutes saved, compiled and filed under
 * meeting:{id}, the follow-up with carried items, cancel and delete with their
 * refusals, and the organizer as the only one who may do these.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { files } from "../../../src/modules/storage/files/schema";
import { createTestApp, type TestApp } from "../../support/harness";
import { brokenStore } from "../storage/files/support";
import { boardSeal, boardWith, inADay, meeting, meetingOrg, type MeetingOrg, sealer, type Sealer, vote } from "./meetings-support";
import { eventsOf, person } from "./support";

let t: TestApp;
let m: MeetingOrg;
let d: Sealer[];

beforeAll(async () => {
  t = await createTestApp();
  m = await meetingOrg(t, "life");
  d = [];
  for (const name of ["ana", "ben", "cy", "dee", "eve"]) d.push(await sealer(t, m.org, `${name}@life.test`));
  await boardWith(t, m, d);
});
afterAll(() => t.close());

const open = (id: string, i: number) => m.api("POST", `/meetings/${id}/agenda-items/${i}/open`);
const present = (id: string, participantId: string, value = true) => m.api("POST", `/meetings/${id}/participants/${participantId}/attendance`, { present: value });
const participantOf = (mt: any, who: Sealer) => mt.participants.find((p: any) => p.connectedId === who.connectedId).participantId as string;
const preview = async (id: string) => (await m.api("GET", `/meetings/${id}/close-preview`)).body.items.map((i: any) => [i.index, i.outcome]);

describe("judging outcomes", () => {
  test("a TeamMeeting's voters are its member participants; close-preview and complete agree on every outcome", async () => {
    const [ana, ben, cy] = d as [Sealer, Sealer, Sealer];
    const mt = await meeting(t, m, { Agenda: "Passes\nRejected\nNot voted\nNever taken up", ParticipantConnectedIds: [ana.connectedId, ben.connectedId, cy.connectedId] });
    // Seats: the organizer and three members; quorum 3.
    expect(await preview(mt.id)).toEqual([[0, "NoQuorum"], [1, "NoQuorum"], [2, "NoQuorum"], [3, "NoQuorum"]]);
    for (const i of [0, 1, 2]) await open(mt.id, i);
    for (const [who, decisions] of [[ana, ["Assent", "Dissent", "Assent"]], [ben, ["Assent", "Dissent"]], [cy, ["Dissent", "Abstain"]]] as const) {
      for (const [i, decision] of decisions.entries()) expect((await vote(t, m, who, mt.id, i, decision)).status).toBe(200);
    }
    const expected = [[0, "Passed"], [1, "Rejected"], [2, "NotVoted"], [3, "NotVoted"]];
    const pv = await m.api("GET", `/meetings/${mt.id}/close-preview`);
    expect(pv.body.items.map((i: any) => [i.index, i.outcome])).toEqual(expected);
    expect(pv.body.items[0]).toEqual({ index: 0, title: "Passes", status: "Open", outcome: "Passed", seated: 4, present: 3, quorum: 3, assent: 2, dissent: 1, abstain: 0, notVoted: 0 });
    // Complete fixes exactly what the preview said, and closes every item.
    const done = await m.api("POST", `/meetings/${mt.id}/complete`, {});
    expect(done.status).toBe(200);
    expect(done.body.outcomes.map((i: any) => [i.index, i.outcome])).toEqual(expected);
    expect(done.body.meeting.agendaItems.map((i: any) => [i.index, i.status, i.outcome])).toEqual(expected.map(([i, o]) => [i, "Closed", o]));
  });

  test("a BoardMeeting's voters are the seated directors: quorum is a majority of them checked in; only present seated votes count", async () => {
    const [ana, ben, cy, dee] = d as [Sealer, Sealer, Sealer, Sealer];
    const guest = await sealer(t, m.org, "guest@life.test");
    const mt = await meeting(t, m, { Type: 10, Agenda: "One\nTwo\nThree", ParticipantConnectedIds: [ana.connectedId, ben.connectedId, cy.connectedId, dee.connectedId, guest.connectedId] });
    for (const i of [0, 1, 2]) await open(mt.id, i);
    // Two of five directors vote (and so are present): no quorum, whatever a non-director does.
    await vote(t, m, ana, mt.id, 0, "Assent");
    await vote(t, m, ben, mt.id, 0, "Assent");
    await vote(t, m, guest, mt.id, 0, "Assent");
    await present(mt.id, participantOf(mt, guest));
    expect(await preview(mt.id)).toEqual([[0, "NoQuorum"], [1, "NoQuorum"], [2, "NoQuorum"]]);
    // A third director checked in by hand: quorum (3 of 5); they have not voted on item 0.
    await present(mt.id, participantOf(mt, cy));
    expect(await preview(mt.id)).toEqual([[0, "NotVoted"], [1, "NotVoted"], [2, "NotVoted"]]);
    // Present without a recorded dissent or abstention is assent, but every attendee must vote first.
    await vote(t, m, cy, mt.id, 0, "Dissent");
    expect((await preview(mt.id))[0]).toEqual([0, "Passed"]);
    // Taking Ana's attendance back un-counts her vote and breaks the quorum.
    await present(mt.id, participantOf(mt, ana), false);
    expect((await preview(mt.id))[0]).toEqual([0, "NoQuorum"]);
    await present(mt.id, participantOf(mt, dee));
    await vote(t, m, dee, mt.id, 0, "Abstain");
    // Present: ben (assent), cy (dissent), dee (abstain): a tie is no majority.
    expect((await preview(mt.id))[0]).toEqual([0, "Rejected"]);
    // A director removed from the board no longer holds a seat: 4 seats, quorum 3, present ben, cy.
    await m.api("POST", `/board/members/${dee.connectedId}/remove`, { assertionResponseJson: await boardSeal(t, m.org, m.owner, dee.connectedId, "remove") });
    const after = (await m.api("GET", `/meetings/${mt.id}/close-preview`)).body.items[0];
    expect(after).toMatchObject({ outcome: "NoQuorum", seated: 4, present: 2, quorum: 3 });
    await m.api("POST", "/board/members", { ConnectedId: dee.connectedId, assertionResponseJson: await boardSeal(t, m.org, m.owner, dee.connectedId, "appoint") });
    expect((await preview(mt.id))[0]).toEqual([0, "Rejected"]);
    await m.api("POST", `/meetings/${mt.id}/cancel`, { reason: "x" });
  });
});

describe("complete", () => {
  test("fixes outcomes, closes items, composes the minutes, files them under meeting:{id}, sets Completed; irreversible", async () => {
    const [ana] = d as [Sealer];
    const mt = await meeting(t, m, { Title: "Budget review", Agenda: "Budget\nHiring", ParticipantConnectedIds: [ana.connectedId] });
    await open(mt.id, 0);
    await vote(t, m, ana, mt.id, 0, "Assent", { Reason: "fine" });
    // In a TeamMeeting the organizer holds a seat too: two seats, quorum 2.
    await vote(t, m, m.owner, mt.id, 0, "Assent");
    await m.api("PUT", `/meetings/${mt.id}/agenda-items/0`, { Notes: "approved quickly" });
    expect((await m.api("PUT", `/meetings/${mt.id}/minutes`, { body: "Meeting opened at 10:00." })).body.minutes).toBe("Meeting opened at 10:00.");
    const compiled = await m.api("POST", `/meetings/${mt.id}/minutes/compile`);
    expect(compiled.status).toBe(200);
    expect(compiled.body.minutes).toContain("Passed (preview)");
    expect(compiled.body.minutes).toContain("Meeting opened at 10:00.");
    expect((await m.api("GET", `/meetings/${mt.id}`)).body.compiledMinutes).toBe(compiled.body.minutes);

    t.clock.advance(3600_000);
    const done = await m.api("POST", `/meetings/${mt.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ meetingId: mt.id, status: "Completed", minutesFileError: null, followUpMeetingId: null, followUpError: null });
    expect(done.body.outcomes.map((o: any) => [o.index, o.outcome])).toEqual([[0, "Passed"], [1, "NotVoted"]]);
    expect(done.body.meeting).toMatchObject({ status: "Completed", completedAt: new Date(t.clock.now()).toISOString(), minutesFileId: done.body.minutesFileId });
    const minutes = done.body.meeting.compiledMinutes as string;
    expect(minutes).toContain("# Minutes: Budget review");
    expect(minutes).toContain("- Outcome: Passed");
    expect(minutes).not.toContain("(preview)");
    expect(minutes).toContain("ana@life.test: Assent (fine)");
    expect(minutes).toContain("approved quickly");
    expect(minutes).toContain("Meeting opened at 10:00.");

    const [file] = await t.ctx.db.read.select().from(files).where(eq(files.id, done.body.minutesFileId));
    expect(file).toMatchObject({ orgId: m.org.orgId, scope: `meeting:${mt.id}`, contentType: "text/markdown", uploadedBy: m.org.owner.userId });
    expect(file!.name).toStartWith("Minutes - Budget review - ");
    const listed = (await m.api("GET", "/files?view=all")).body.files.find((f: any) => f.id === file!.id);
    expect(listed.scope).toBe(`meeting:${mt.id}`);
    const download = await m.api("GET", `/files/${file!.id}/download`);
    const bytes = await t.app.handle(new Request(download.body.url.replace(t.config.baseUrl, "http://localhost")));
    expect(await bytes.text()).toBe(minutes);

    const [completed] = (await eventsOf(t, m.org, "business.meeting.completed")).filter((e) => e.payload.meetingId === mt.id);
    expect(completed!.payload.outcomes).toEqual([{ index: 0, outcome: "Passed" }, { index: 1, outcome: "NotVoted" }]);
    expect((await eventsOf(t, m.org, "business.meeting.minutes_filed")).filter((e) => e.payload.meetingId === mt.id).map((e) => e.payload.fileId)).toEqual([file!.id]);
    expect((await eventsOf(t, m.org, "org.file.uploaded")).filter((e) => e.payload.fileId === file!.id)).toHaveLength(1);

    // The meeting leaves the schedule; nothing about it changes any more.
    expect((await m.api("GET", "/meetings?status=Scheduled")).body.map((x: any) => x.id)).not.toContain(mt.id);
    expect((await m.api("GET", "/meetings?status=Completed")).body.map((x: any) => x.id)).toContain(mt.id);
    for (const [method, path, body] of [
      ["POST", "/complete", {}],
      ["POST", "/cancel", { reason: "late" }],
      ["PUT", "/minutes", { body: "edit" }],
      ["POST", "/minutes/compile", undefined],
      ["GET", "/close-preview", undefined],
      ["POST", "/agenda-items", { title: "late" }],
      ["POST", "/agenda-items/1/open", undefined],
      ["POST", `/participants/${mt.participants[0].participantId}/attendance`, { present: false }],
    ] as const) {
      const r = await m.api(method, `/meetings/${mt.id}${path}`, body);
      expect({ path, status: r.status, error: r.body.error }).toEqual({ path, status: 409, error: "meeting_closed" });
    }
    const late = await vote(t, m, ana, mt.id, 0, "Dissent");
    expect({ status: late.status, error: late.body.error }).toEqual({ status: 409, error: "AGENDA_CLOSED" });
  });

  test("CreateFollowUp copies NoQuorum and NotVoted items to a new meeting a week out, with the same participants and type and CarriedFromMeetingId", async () => {
    const [ana, ben] = d as [Sealer, Sealer];
    const mt = await meeting(t, m, {
      Title: "Ops",
      Mode: 1,
      DurationMinutes: 45,
      Agenda: "Settled\nUnfinished\nSkipped",
      ParticipantConnectedIds: [ana.connectedId, ben.connectedId],
      ExternalParticipants: [{ Email: "auditor@life.example", Name: "Auditor" }],
    });
    await m.api("PUT", `/meetings/${mt.id}/agenda-items/1`, { Memo: "needs numbers" });
    for (const i of [0, 1]) await open(mt.id, i);
    await vote(t, m, ana, mt.id, 0, "Assent");
    await vote(t, m, ben, mt.id, 0, "Assent");
    await vote(t, m, ana, mt.id, 1, "Assent");
    expect(await preview(mt.id)).toEqual([[0, "Passed"], [1, "NotVoted"], [2, "NotVoted"]]);
    const created = (await eventsOf(t, m.org, "business.meeting.created")).length;
    const done = await m.api("POST", `/meetings/${mt.id}/complete`, { CreateFollowUp: true });
    expect(done.body).toMatchObject({ status: "Completed", followUpError: null });
    const followUpId = done.body.followUpMeetingId;
    expect(done.body.meeting.followUpMeetingId).toBe(followUpId);
    const followUp = (await m.api("GET", `/meetings/${followUpId}`)).body;
    expect(followUp).toMatchObject({
      title: "Ops (follow-up)",
      type: 0,
      mode: 1,
      durationMinutes: 45,
      status: "Scheduled",
      carriedFromMeetingId: mt.id,
      scheduledAt: new Date(t.clock.now() + 7 * 24 * 3600_000).toISOString(),
      agenda: "Unfinished\nSkipped",
    });
    expect(followUp.agendaItems.map((i: any) => [i.index, i.title, i.memo, i.status, i.carriedFromMeetingId, i.carriedFromIndex])).toEqual([
      [0, "Unfinished", "needs numbers", "Pending", mt.id, 1],
      [1, "Skipped", null, "Pending", mt.id, 2],
    ]);
    expect(followUp.participants.map((p: any) => [p.role, p.connectedId ?? p.email])).toEqual([
      ["Organizer", m.owner.connectedId],
      ["Participant", ana.connectedId],
      ["Participant", ben.connectedId],
      ["External", "auditor@life.example"],
    ]);
    // Copied, not moved: the original keeps its items and outcomes.
    expect((await m.api("GET", `/meetings/${mt.id}`)).body.agendaItems.map((i: any) => i.outcome)).toEqual(["Passed", "NotVoted", "NotVoted"]);
    const events = await eventsOf(t, m.org, "business.meeting.created");
    expect(events).toHaveLength(created + 1);
    expect(events.at(-1)!.payload).toMatchObject({ meetingId: followUpId, carriedFromMeetingId: mt.id, agendaItems: 2 });
    expect((await eventsOf(t, m.org, "business.meeting.follow_up_linked")).at(-1)!.payload).toEqual({ meetingId: mt.id, followUpMeetingId: followUpId, carriedItems: [1, 2] });
  });

  test("a follow-up passes every gate of a creation: a second BoardMeeting without the add-on is followUpError ADDON_REQUIRED; nothing to carry, no follow-up", async () => {
    const board = await meetingOrg(t, "life-board");
    const ana = await sealer(t, board.org, "ana@life-board.test");
    await boardWith(t, board, [ana]);
    const mt = await meeting(t, board, { Type: 10, Agenda: "Accounts", ParticipantConnectedIds: [ana.connectedId] });
    const done = await board.api("POST", `/meetings/${mt.id}/complete`, { CreateFollowUp: true });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "Completed", followUpMeetingId: null, followUpError: { error: "ADDON_REQUIRED", addon: "addon.board_meeting", everCreated: 1 } });
    expect(done.body.minutesFileId).not.toBeNull();

    const team = await meeting(t, board, { Agenda: "Only item", ParticipantConnectedIds: [ana.connectedId] });
    await board.api("POST", `/meetings/${team.id}/agenda-items/0/open`);
    await vote(t, board, ana, team.id, 0, "Assent");
    await vote(t, board, board.owner, team.id, 0, "Assent");
    const passed = await board.api("POST", `/meetings/${team.id}/complete`, { CreateFollowUp: true });
    expect(passed.body).toMatchObject({ followUpMeetingId: null, followUpError: null });
    expect(passed.body.outcomes.map((o: any) => o.outcome)).toEqual(["Passed"]);
  });

  test("when the store fails the meeting is still completed: minutesFileError says why", async () => {
    const broken = await createTestApp({ clock: t.clock, blobs: brokenStore("local", t) });
    try {
      const b = await meetingOrg(broken, "life-broken");
      const mt = await meeting(broken, b, { Agenda: "A" });
      const done = await b.api("POST", `/meetings/${mt.id}/complete`, {});
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ status: "Completed", minutesFileId: null, minutesFileError: { error: "storage_unavailable" } });
      expect(done.body.meeting.compiledMinutes).toContain("# Minutes: Weekly sync");
    } finally {
      await broken.close();
    }
  });
});

describe("cancel and delete", () => {
  test("cancel needs a reason (400 REASON_REQUIRED) and no votes (400 MEETING_HAS_VOTES); emits cancelled; no outcomes, no minutes", async () => {
    const [ana] = d as [Sealer];
    const mt = await meeting(t, m, { Agenda: "A", ParticipantConnectedIds: [ana.connectedId] });
    for (const body of [undefined, {}, { reason: "" }, { reason: "   " }, { Reason: null }]) {
      const r = await m.api("POST", `/meetings/${mt.id}/cancel`, body);
      expect({ status: r.status, error: r.body.error }).toEqual({ status: 400, error: "REASON_REQUIRED" });
    }
    expect((await m.api("POST", `/meetings/${mt.id}/cancel`, { reason: 5 })).body.error).toBe("invalid_request");
    const voted = await meeting(t, m, { Agenda: "A", ParticipantConnectedIds: [ana.connectedId] });
    await open(voted.id, 0);
    await vote(t, m, ana, voted.id, 0, "Assent");
    const hasVotes = await m.api("POST", `/meetings/${voted.id}/cancel`, { reason: "postponed" });
    expect({ status: hasVotes.status, error: hasVotes.body.error }).toEqual({ status: 400, error: "MEETING_HAS_VOTES" });

    const cancelled = await m.api("POST", `/meetings/${mt.id}/cancel`, { Reason: "  postponed  " });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "Cancelled", cancelReason: "postponed", cancelledAt: new Date(t.clock.now()).toISOString(), minutesFileId: null, compiledMinutes: null });
    expect(cancelled.body.agendaItems.map((i: any) => i.outcome)).toEqual([null]);
    expect((await eventsOf(t, m.org, "business.meeting.cancelled")).filter((e) => e.payload.meetingId === mt.id).map((e) => e.payload)).toEqual([{ meetingId: mt.id, reason: "postponed" }]);
    expect((await m.api("POST", `/meetings/${mt.id}/complete`)).body.error).toBe("meeting_closed");
    expect((await m.api("GET", "/meetings?status=Cancelled")).body.map((x: any) => x.id)).toContain(mt.id);
  });

  test("delete: only Completed or Cancelled (400 ONLY_COMPLETED_CAN_BE_DELETED); soft, the minutes file and the events remain", async () => {
    const scheduled = await meeting(t, m, { Agenda: "A" });
    const r = await m.api("DELETE", `/meetings/${scheduled.id}`);
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 400, error: "ONLY_COMPLETED_CAN_BE_DELETED" });
    const done = (await m.api("POST", `/meetings/${scheduled.id}/complete`)).body;
    const deleted = await m.api("DELETE", `/meetings/${scheduled.id}`);
    expect(deleted.body).toEqual({ meetingId: scheduled.id, deleted: true });
    expect((await m.api("GET", `/meetings/${scheduled.id}`)).body.error).toBe("meeting_not_found");
    expect((await m.api("DELETE", `/meetings/${scheduled.id}`)).status).toBe(404);
    expect((await m.api("GET", "/meetings")).body.map((x: any) => x.id)).not.toContain(scheduled.id);
    expect((await m.api("GET", `/files/${done.minutesFileId}/download`)).status).toBe(200);
    expect((await eventsOf(t, m.org, "business.meeting.deleted")).filter((e) => e.payload.meetingId === scheduled.id).map((e) => e.payload)).toEqual([{ meetingId: scheduled.id, status: "Completed" }]);
    expect((await eventsOf(t, m.org, "business.meeting.created")).some((e) => e.payload.meetingId === scheduled.id)).toBe(true);
  });
});

describe("the organizer's powers", () => {
  test("close-preview, compile, minutes, complete, cancel and delete are the organizer's alone", async () => {
    const [ana] = d as [Sealer];
    const admin = await person(t, m.org, "admin@life.test", "admin");
    const mt = await meeting(t, m, { Agenda: "A", ParticipantConnectedIds: [ana.connectedId] });
    const calls: Array<[string, string, unknown]> = [
      ["GET", "/close-preview", undefined],
      ["POST", "/minutes/compile", undefined],
      ["PUT", "/minutes", { body: "x" }],
      ["POST", "/complete", {}],
      ["POST", "/cancel", { reason: "x" }],
      ["DELETE", "", undefined],
    ];
    // The chairman (ana) and an Admin are not the organizer.
    for (const token of [ana.token, admin.token]) {
      for (const [method, path, body] of calls) {
        const r = await m.api(method, `/meetings/${mt.id}${path}`, body, token);
        expect({ path, status: r.status, error: r.body.error }).toEqual({ path, status: 403, error: "organizer_required" });
      }
    }
    const member = await person(t, m.org, "member@life.test");
    for (const [method, path, body] of calls) expect((await m.api(method, `/meetings/${mt.id}${path}`, body, member.token)).body.error).toBe("PERMISSION_DENIED");
    expect((await m.api("PUT", `/meetings/${mt.id}/minutes`, { Body: "y".repeat(200_001) })).status).toBe(400);
    expect((await m.api("PUT", `/meetings/${mt.id}/minutes`, {})).body).toMatchObject({ error: "invalid_request", field: "body" });
    expect((await m.api("POST", `/meetings/${mt.id}/complete`, { CreateFollowUp: "yes" })).status).toBe(400);
  });
});

test("inADay is in the future on the test clock", () => expect(Date.parse(inADay(t))).toBeGreaterThan(t.clock.now()));
