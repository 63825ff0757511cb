/**
 * Agenda items and attendance (spec 3.1, 4.6 rules 1, 3, 4, 13): numbers from 0 never
 * reused, adding, rewording and dropping with the rebuilt summary and one updated event
 * each, items frozen by votes, memo and notes saved independently, the Pending → Open →
 * Closed moves and their refusals, recordings, attendance, and who may do what
 * (organizer, the board's chairman, a director).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../support/harness";
import { fileBody } from "../storage/files/support";
import { boardWith, meeting, meetingOrg, type MeetingOrg, sealer, type Sealer, vote } from "./meetings-support";
import { eventsOf, person } from "./support";

let t: TestApp;
let m: MeetingOrg;
let chair: Sealer;
let director: Sealer;

beforeAll(async () => {
  t = await createTestApp();
  m = await meetingOrg(t, "agenda");
  chair = await sealer(t, m.org, "chair@agenda.test");
  director = await sealer(t, m.org, "director@agenda.test");
  await boardWith(t, m, [chair, director]);
});
afterAll(() => t.close());

const items = async (id: string, query = "") => (await m.api("GET", `/meetings/${id}/agenda-items${query}`)).body as any[];

describe("the agenda", () => {
  test("add numbers after the highest number ever used; reword and drop; the summary is rebuilt and each change emits one updated event", async () => {
    const mt = await meeting(t, m, { Agenda: "Budget\nHiring\nRoadmap" });
    const added = await m.api("POST", `/meetings/${mt.id}/agenda-items`, { title: "  Raised from the floor  ", memo: "from Ana" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ index: 3, title: "Raised from the floor", memo: "from Ana", notes: null, status: "Pending" });
    expect((await m.api("DELETE", `/meetings/${mt.id}/agenda-items/3`)).body).toMatchObject({ index: 3, droppedAt: new Date(t.clock.now()).toISOString() });
    expect((await m.api("DELETE", `/meetings/${mt.id}/agenda-items/1`)).status).toBe(200);
    // A dropped number is never given again.
    const next = await m.api("POST", `/meetings/${mt.id}/agenda-items`, { Title: "Any other business" });
    expect(next.body.index).toBe(4);
    const reworded = await m.api("PUT", `/meetings/${mt.id}/agenda-items/0`, { Title: "Budget 2027" });
    expect(reworded.body).toMatchObject({ index: 0, title: "Budget 2027" });

    expect((await items(mt.id)).map((i) => [i.index, i.title])).toEqual([
      [0, "Budget 2027"],
      [2, "Roadmap"],
      [4, "Any other business"],
    ]);
    expect((await items(mt.id, "?includeDropped=true")).map((i) => [i.index, i.droppedAt !== null])).toEqual([
      [0, false],
      [1, true],
      [2, false],
      [3, true],
      [4, false],
    ]);
    const read = (await m.api("GET", `/meetings/${mt.id}`)).body;
    expect(read.agenda).toBe("Budget 2027\nRoadmap\nAny other business");
    expect(read.agendaItems.map((i: any) => i.index)).toEqual([0, 2, 4]);
    const updates = (await eventsOf(t, m.org, "business.meeting.updated")).filter((e) => e.payload.meetingId === mt.id);
    expect(updates.map((e) => [e.payload.change, e.payload.index])).toEqual([
      ["agenda_item_added", 3],
      ["agenda_item_dropped", 3],
      ["agenda_item_dropped", 1],
      ["agenda_item_added", 4],
      ["agenda_item_reworded", 0],
    ]);
    expect(updates.at(-1)!.payload).toMatchObject({ title: "Budget 2027", previousTitle: "Budget", agenda: "Budget 2027\nRoadmap\nAny other business" });
    // A dropped item is gone for every item route.
    for (const [method, path] of [["PUT", "/agenda-items/1"], ["DELETE", "/agenda-items/1"], ["POST", "/agenda-items/1/open"], ["POST", "/agenda-items/9/close"]]) {
      const r = await m.api(method!, `/meetings/${mt.id}${path}`, method === "PUT" ? { Memo: "x" } : undefined);
      expect({ path, status: r.status, error: r.body.error }).toEqual({ path, status: 404, error: "agenda_item_not_found" });
    }
  });

  test("memo and notes are saved independently, by the organizer or the chairman; a title that has not changed records nothing", async () => {
    const mt = await meeting(t, m, { Agenda: "Budget" });
    expect((await m.api("PUT", `/meetings/${mt.id}/agenda-items/0`, { Memo: "draft numbers" })).body).toMatchObject({ memo: "draft numbers", notes: null });
    expect((await m.api("PUT", `/meetings/${mt.id}/agenda-items/0`, { notes: "discussed" }, chair.token)).body).toMatchObject({ memo: "draft numbers", notes: "discussed" });
    expect((await m.api("PUT", `/meetings/${mt.id}/agenda-items/0`, { Memo: null }, chair.token)).body).toMatchObject({ memo: null, notes: "discussed" });
    expect((await m.api("PUT", `/meetings/${mt.id}/agenda-items/0`, { Title: "Budget" })).status).toBe(200);
    const saved = (await eventsOf(t, m.org, "business.meeting.agenda_notes_saved")).filter((e) => e.payload.meetingId === mt.id);
    expect(saved.map((e) => e.payload.fields)).toEqual([["memo"], ["notes"], ["memo"]]);
    expect((await eventsOf(t, m.org, "business.meeting.updated")).filter((e) => e.payload.meetingId === mt.id)).toEqual([]);
    // The chairman does not reword; a director does neither.
    const chairTitle = await m.api("PUT", `/meetings/${mt.id}/agenda-items/0`, { Title: "Other" }, chair.token);
    expect({ status: chairTitle.status, error: chairTitle.body.error }).toEqual({ status: 403, error: "organizer_required" });
    const directorMemo = await m.api("PUT", `/meetings/${mt.id}/agenda-items/0`, { Memo: "x" }, director.token);
    expect({ status: directorMemo.status, error: directorMemo.body.error }).toEqual({ status: 403, error: "chair_or_organizer_required" });
    for (const body of [{ Title: "" }, { Title: "x".repeat(501) }, { Memo: 5 }, { Colour: "red" }]) {
      expect((await m.api("PUT", `/meetings/${mt.id}/agenda-items/0`, body)).status).toBe(400);
    }
    expect((await m.api("PUT", `/meetings/${mt.id}/agenda-items/abc`, { Memo: "x" })).status).toBe(400);
    expect((await m.api("POST", `/meetings/${mt.id}/agenda-items`, {})).body).toMatchObject({ error: "invalid_title", field: "title" });
  });

  test("an item with votes is frozen: no new title, no drop (400 AGENDA_HAS_VOTES); memo and notes still change", async () => {
    const mt = await meeting(t, m, { Type: 0, Agenda: "Budget\nHiring", ParticipantConnectedIds: [director.connectedId] });
    await m.api("POST", `/meetings/${mt.id}/agenda-items/0/open`);
    expect((await vote(t, m, director, mt.id, 0, "Assent")).status).toBe(200);
    const reword = await m.api("PUT", `/meetings/${mt.id}/agenda-items/0`, { Title: "Budget v2" });
    expect({ status: reword.status, error: reword.body.error }).toEqual({ status: 400, error: "AGENDA_HAS_VOTES" });
    const drop = await m.api("DELETE", `/meetings/${mt.id}/agenda-items/0`);
    expect({ status: drop.status, error: drop.body.error }).toEqual({ status: 400, error: "AGENDA_HAS_VOTES" });
    expect((await m.api("PUT", `/meetings/${mt.id}/agenda-items/0`, { Notes: "carried 3:1" })).body.notes).toBe("carried 3:1");
    // The other item is not frozen.
    expect((await m.api("DELETE", `/meetings/${mt.id}/agenda-items/1`)).status).toBe(200);
    expect((await items(mt.id)).map((i) => [i.index, i.title, i.voteCount])).toEqual([[0, "Budget", 1]]);
  });

  test("3.1: open Pending → Open, close Open → Closed; no reopening, no closing what was never opened; chair or organizer only", async () => {
    const mt = await meeting(t, m, { Agenda: "A\nB" });
    const open = (i: number, token = m.org.owner.token) => m.api("POST", `/meetings/${mt.id}/agenda-items/${i}/open`, undefined, token);
    const close = (i: number, token = m.org.owner.token) => m.api("POST", `/meetings/${mt.id}/agenda-items/${i}/close`, undefined, token);
    const neverOpened = await close(1);
    expect({ status: neverOpened.status, error: neverOpened.body.error }).toEqual({ status: 409, error: "AGENDA_NOT_OPENED" });
    const opened = await open(0, chair.token);
    expect(opened.body).toMatchObject({ status: "Open", openedAt: new Date(t.clock.now()).toISOString(), closedAt: null });
    expect((await open(0)).body.status).toBe("Open");
    t.clock.advance(60_000);
    const closed = await close(0, chair.token);
    expect(closed.body).toMatchObject({ status: "Closed", closedAt: new Date(t.clock.now()).toISOString() });
    expect((await close(0)).body.status).toBe("Closed");
    const reopen = await open(0);
    expect({ status: reopen.status, error: reopen.body.error }).toEqual({ status: 409, error: "AGENDA_CLOSED" });
    for (const r of [await open(1, director.token), await close(0, director.token)]) expect({ status: r.status, error: r.body.error }).toEqual({ status: 403, error: "chair_or_organizer_required" });
    const moves = (await eventsOf(t, m.org, "business.meeting.agenda_opened")).concat(await eventsOf(t, m.org, "business.meeting.agenda_closed")).filter((e) => e.payload.meetingId === mt.id);
    expect(moves.map((e) => [e.type, e.payload.index, e.actorId])).toEqual([
      ["business.meeting.agenda_opened", 0, chair.userId],
      ["business.meeting.agenda_closed", 0, chair.userId],
    ]);
  });

  test("the organizer alone adds, rewords and drops items", async () => {
    const admin = await person(t, m.org, "admin@agenda.test", "admin");
    const mt = await meeting(t, m, { Agenda: "A" });
    for (const [who, token] of [["chair", chair.token], ["director", director.token], ["admin", admin.token]] as const) {
      for (const [method, path, body] of [["POST", "/agenda-items", { title: "X" }], ["PUT", "/agenda-items/0", { Title: "Y" }], ["DELETE", "/agenda-items/0", undefined]] as const) {
        const r = await m.api(method, `/meetings/${mt.id}${path}`, body, token);
        expect({ who, path, status: r.status, error: r.body.error }).toEqual({ who, path, status: 403, error: "organizer_required" });
      }
    }
  });
});

describe("recordings", () => {
  const upload = async (meetingId: string | null, name: string, type: string) => {
    const { body, headers } = fileBody(name, "RIFF....WAVEfmt ", type);
    const r = await t.request("POST", `/api/org/${m.org.slug}/files${meetingId ? `?meetingId=${meetingId}` : ""}`, { token: m.org.owner.token, body, headers });
    if (r.status !== 200) throw new Error(`upload: ${r.status} ${r.text}`);
    return r.body;
  };

  test("an audio file uploaded for the meeting is attached to an item, by the organizer or the chairman; refusals name why", async () => {
    const mt = await meeting(t, m, { Agenda: "A\nB" });
    const other = await meeting(t, m, { Agenda: "C" });
    const audio = await upload(mt.id, "item-0.m4a", "audio/mp4");
    expect(audio.scope).toBe(`meeting:${mt.id}`);
    const attach = (fileId: string | null, token = m.org.owner.token, index = 0) => m.api("PUT", `/meetings/${mt.id}/agenda-items/${index}/recording`, { FileId: fileId }, token);
    const attached = await attach(audio.id, chair.token);
    expect(attached.status).toBe(200);
    expect(attached.body.recordingFileId).toBe(audio.id);
    expect((await items(mt.id))[0].recordingFileId).toBe(audio.id);

    const foreignScope = await upload(other.id, "other.mp3", "audio/mpeg");
    const free = await upload(null, "free.mp3", "audio/mpeg");
    const text = await upload(mt.id, "notes.txt", "text/plain");
    for (const [fileId, status, error] of [
      [foreignScope.id, 400, "recording_not_for_meeting"],
      [free.id, 400, "recording_not_for_meeting"],
      [text.id, 400, "recording_not_audio"],
      ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", 404, "recording_not_found"],
    ] as const) {
      const r = await attach(fileId, m.org.owner.token, 1);
      expect({ status: r.status, error: r.body.error }).toEqual({ status, error });
    }
    // A trashed file is no recording.
    const trashed = await upload(mt.id, "gone.wav", "audio/wav");
    await m.api("DELETE", `/files/${trashed.id}`);
    expect((await attach(trashed.id, m.org.owner.token, 1)).body.error).toBe("recording_not_found");
    const byDirector = await attach(audio.id, director.token, 1);
    expect({ status: byDirector.status, error: byDirector.body.error }).toEqual({ status: 403, error: "chair_or_organizer_required" });
    expect((await attach(null)).body.recordingFileId).toBeNull();
    const events = (await eventsOf(t, m.org, "business.meeting.recording_attached")).filter((e) => e.payload.meetingId === mt.id);
    expect(events.map((e) => [e.payload.fileId, e.payload.previousFileId])).toEqual([
      [audio.id, null],
      [null, audio.id],
    ]);
    // Recordings may still be attached once the meeting is completed, not once cancelled.
    await m.api("POST", `/meetings/${mt.id}/complete`, {});
    expect((await attach(audio.id)).status).toBe(200);
    await m.api("POST", `/meetings/${other.id}/cancel`, { reason: "merged" });
    const cancelled = await m.api("PUT", `/meetings/${other.id}/agenda-items/0/recording`, { FileId: foreignScope.id });
    expect({ status: cancelled.status, error: cancelled.body.error }).toEqual({ status: 409, error: "meeting_closed" });
  });
});

describe("attendance", () => {
  test("the organizer or the chairman marks present and absent, reversibly, without a seal; each change one event", async () => {
    const mt = await meeting(t, m, { Agenda: "A", ParticipantConnectedIds: [director.connectedId], ExternalParticipants: [{ Email: "guest@agenda.example" }] });
    const [organizer, member, guest] = mt.participants;
    const mark = (participantId: string, present: unknown, token = m.org.owner.token) => m.api("POST", `/meetings/${mt.id}/participants/${participantId}/attendance`, { present }, token);
    const marked = await mark(member.participantId, true, chair.token);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ participantId: member.participantId, checkedInAt: new Date(t.clock.now()).toISOString(), checkedInBy: "manual" });
    expect((await mark(member.participantId, true)).status).toBe(200);
    expect((await mark(guest.participantId, true)).body.checkedInAt).not.toBeNull();
    expect((await mark(member.participantId, false)).body).toMatchObject({ checkedInAt: null, checkedInBy: null });
    expect((await m.api("POST", `/meetings/${mt.id}/participants/${organizer.participantId}/attendance`, { Present: true })).body.checkedInAt).not.toBeNull();
    const events = (await eventsOf(t, m.org, "business.meeting.attendance_marked")).filter((e) => e.payload.meetingId === mt.id);
    expect(events.map((e) => [e.payload.participantId, e.payload.present, e.payload.source])).toEqual([
      [member.participantId, true, "manual"],
      [guest.participantId, true, "manual"],
      [member.participantId, false, "manual"],
      [organizer.participantId, true, "manual"],
    ]);

    const byDirector = await mark(member.participantId, true, director.token);
    expect({ status: byDirector.status, error: byDirector.body.error }).toEqual({ status: 403, error: "chair_or_organizer_required" });
    expect((await mark("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", true)).body.error).toBe("participant_not_found");
    for (const body of [{}, { present: "yes" }, { present: true, by: "me" }]) {
      expect((await m.api("POST", `/meetings/${mt.id}/participants/${member.participantId}/attendance`, body)).status).toBe(400);
    }
  });
});
