/**
 * Creating meetings (spec 2.8, 4.6 rules 2, 5, 12) and the invitations' signed RSVP
 * links: the agenda materialised from its lines, the organizer always a participant, the
 * Master Seal, plan, board and add-on gates (parallel creations included), every bad
 * input, and who may call.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { topUpCredit } from "../../../src/modules/billing/addons/service";
import { meetings } from "../../../src/modules/governance/meetings/schema";
import { callerOf } from "../../../src/modules/orgs/index";
import { orgBySlug } from "../../../src/modules/orgs/hot-queries";
import { createAppGroup, createOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { boardWith, inADay, mailTo, meeting, meetingOrg, type MeetingOrg, sealer } from "./meetings-support";
import { eventsOf, person } from "./support";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (m: MeetingOrg, body: Record<string, unknown>, token: string | null = m.org.owner.token) =>
  m.api("POST", "/meetings", { Title: "Sync", ScheduledAt: inADay(t), ...body }, token);

async function enableBoardMeetings(m: MeetingOrg) {
  const org = (await orgBySlug(t.ctx.db.read, m.org.slug))!;
  const caller = callerOf(org, { kind: "user" as const, userId: m.org.owner.userId, email: m.org.owner.email, connectedId: m.owner.connectedId, role: "owner", scopes: ["org.*", "view.*"], isOwner: true }, new Request("http://localhost/"));
  await topUpCredit(t.ctx, caller, 100_00);
  const r = await m.api("POST", "/settings/addons/board_meetings");
  if (r.status !== 200) throw new Error(`addon: ${r.status} ${r.text}`);
}

describe("creating a meeting", () => {
  test("the agenda becomes items numbered from 0 (empty lines dropped, trimmed); the organizer is a participant, not checked in; one created event", async () => {
    const m = await meetingOrg(t, "meet-create");
    const ana = await person(t, m.org, "ana@meet-create.test", "org_director");
    const r = await create(m, {
      Title: "  Quarterly review  ",
      Type: 1,
      Mode: 1,
      DurationMinutes: 90,
      Location: "https://meet.example/q3",
      Agenda: "  Budget  \n\n\r\nHiring\n   \nRoadmap",
      ParticipantConnectedIds: [ana.connectedId, ana.connectedId, m.owner.connectedId],
      ExternalParticipants: [{ Email: "Guest@Partner.example", Name: "Gail Guest" }],
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      title: "Quarterly review",
      type: 1,
      typeName: "Client",
      mode: 1,
      durationMinutes: 90,
      location: "https://meet.example/q3",
      agenda: "Budget\nHiring\nRoadmap",
      status: "Scheduled",
      organizerConnectedId: m.owner.connectedId,
      scheduledAt: inADay(t),
      minutes: null,
      minutesFileId: null,
      invitationsSent: 2,
      invitationsFailed: 0,
    });
    expect(r.body.agendaItems.map((i: any) => [i.index, i.title, i.status, i.outcome, i.voteCount])).toEqual([
      [0, "Budget", "Pending", null, 0],
      [1, "Hiring", "Pending", null, 0],
      [2, "Roadmap", "Pending", null, 0],
    ]);
    expect(r.body.participants.map((p: any) => [p.role, p.connectedId, p.email, p.displayName, p.rsvpStatus, p.checkedInAt])).toEqual([
      ["Organizer", m.owner.connectedId, null, "owner@meet-create.test", "accepted", null],
      ["Participant", ana.connectedId, null, "ana@meet-create.test", "pending", null],
      ["External", null, "guest@partner.example", "Gail Guest", "pending", null],
    ]);
    const read = await m.api("GET", `/meetings/${r.body.id}`);
    expect(read.body.agendaItems).toEqual(r.body.agendaItems);
    const events = await eventsOf(t, m.org, "business.meeting.created");
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      meetingId: r.body.id,
      title: "Quarterly review",
      type: 1,
      scheduledAt: inADay(t),
      organizerConnectedId: m.owner.connectedId,
      participantConnectedIds: [m.owner.connectedId, ana.connectedId],
      externalParticipants: 1,
      agendaItems: 3,
      carriedFromMeetingId: null,
      boardMeetingsEverCreated: null,
    });
    // Defaults: TeamMeeting, offline, 60 minutes, no agenda.
    const plain = await create(m, {});
    expect(plain.body).toMatchObject({ type: 0, typeName: "TeamMeeting", mode: 0, durationMinutes: 60, agenda: "", agendaItems: [], location: null });
    expect(plain.body.participants).toHaveLength(1);
  });

  test("invitations are mailed to members and guests with signed RSVP links; the link records intent", async () => {
    const m = await meetingOrg(t, "meet-rsvp");
    const ana = await person(t, m.org, "ana@meet-rsvp.test");
    const made = (await create(m, { Title: "Offsite", Agenda: "Plan", ParticipantConnectedIds: [ana.connectedId], ExternalParticipants: [{ Email: "guest@meet-rsvp.example" }] })).body;
    expect(await mailTo(t, "owner@meet-rsvp.test")).toEqual([]);
    const [mail] = await mailTo(t, "ana@meet-rsvp.test");
    expect(mail!.subject).toContain("Offsite");
    expect(mail!.text).toContain("1. Plan");
    const links = mail!.links.filter((l) => l.includes("/api/meetings/rsvp/"));
    expect(links).toHaveLength(3);
    const guestLinks = (await mailTo(t, "guest@meet-rsvp.example"))[0]!.links.filter((l) => l.includes("/rsvp/"));
    expect(guestLinks).toHaveLength(3);
    const path = (link: string) => link.slice(link.indexOf("/api/"));
    const accept = path(links.find((l) => l.includes("/accepted?"))!);
    const decline = path(links.find((l) => l.includes("/declined?"))!);

    const accepted = await t.request("GET", accept);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ meetingId: made.id, title: "Offsite", rsvpStatus: "accepted" });
    expect((await t.request("GET", accept)).status).toBe(200);
    expect((await t.request("GET", decline)).body.rsvpStatus).toBe("declined");
    const guest = await t.request("GET", path(guestLinks.find((l) => l.includes("/tentative?"))!));
    expect(guest.body.rsvpStatus).toBe("tentative");
    const participants = (await m.api("GET", "/meetings")).body[0].participants;
    expect(participants.map((p: any) => [p.role, p.rsvpStatus])).toEqual([
      ["Organizer", "accepted"],
      ["Participant", "declined"],
      ["External", "tentative"],
    ]);
    const events = await eventsOf(t, m.org, "business.meeting.rsvp_recorded");
    expect(events.map((e) => [e.payload.response, e.payload.previous, e.actorKind])).toEqual([
      ["accepted", "pending", "system"],
      ["declined", "accepted", "system"],
      ["tentative", "pending", "system"],
    ]);

    // A link changed by hand is refused before anything is read.
    const tampered = [accept.replace("/accepted?", "/declined?"), accept.replace(/sig=.*/, "sig=forged"), accept.replace(/rsvp\/[^/]+/, `rsvp/${made.participants[0].participantId}`)];
    for (const link of tampered) {
      const r = await t.request("GET", link);
      expect({ status: r.status, error: r.body.error }).toEqual({ status: 403, error: "invalid_rsvp_link" });
    }
    expect((await t.request("GET", accept.replace(/\?sig=.*/, ""))).status).toBe(400);
    expect((await t.request("GET", accept.replace("/accepted?", "/maybe?"))).status).toBe(400);
    // RSVP is intent, not access: the guest link grants nothing, and a cancelled meeting takes no answers.
    await m.api("POST", `/meetings/${made.id}/cancel`, { reason: "moved" });
    const late = await t.request("GET", accept);
    expect({ status: late.status, error: late.body.error }).toEqual({ status: 409, error: "meeting_closed" });
    await m.api("DELETE", `/meetings/${made.id}`);
    expect((await t.request("GET", accept)).body.error).toBe("participant_not_found");
  });

  test("bad input is 400 with the field; nothing is created", async () => {
    const m = await meetingOrg(t, "meet-input");
    const other = await createOrg(t, "owner@meet-input-other.test", "MeetInputOther");
    const theirs = (await t.request("GET", `/api/org/${other.slug}/members`, { token: other.owner.token })).body[0].connectedId;
    const gone = await person(t, m.org, "gone@meet-input.test");
    await m.api("DELETE", `/members/${gone.userId}`);
    const team = (await m.api("POST", "/teams", { Name: "Crew" })).body.id;
    const past = new Date(t.clock.now() - 60_000).toISOString();
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ Title: "" }, 400, "invalid_title", "Title"],
      [{ Title: "   " }, 400, "invalid_title", "Title"],
      [{ Title: "x".repeat(201) }, 400, "invalid_request"],
      [{ Title: 7 }, 400, "invalid_request"],
      [{ Title: undefined }, 400, "invalid_request"],
      [{ ScheduledAt: past }, 400, "scheduled_in_past", "ScheduledAt"],
      [{ ScheduledAt: new Date(t.clock.now()).toISOString() }, 400, "scheduled_in_past", "ScheduledAt"],
      [{ ScheduledAt: "tomorrow" }, 400, "invalid_scheduled_at", "ScheduledAt"],
      [{ ScheduledAt: "2026-13-40T99:00:00Z" }, 400, "invalid_scheduled_at", "ScheduledAt"],
      [{ ScheduledAt: 1767225600000 }, 400, "invalid_request"],
      [{ Type: 11 }, 400, "meeting_type_not_available", "Type"],
      [{ Type: 12 }, 400, "meeting_type_not_available", "Type"],
      [{ Type: 2 }, 400, "invalid_request"],
      [{ Type: "10" }, 400, "invalid_request"],
      [{ Type: 1.5 }, 400, "invalid_request"],
      [{ Mode: 2 }, 400, "invalid_request"],
      [{ DurationMinutes: 0 }, 400, "invalid_request"],
      [{ DurationMinutes: 1441 }, 400, "invalid_request"],
      [{ DurationMinutes: "an hour" }, 400, "invalid_request"],
      [{ Agenda: Array.from({ length: 101 }, (_, i) => `Item ${i}`).join("\n") }, 400, "invalid_agenda", "Agenda"],
      [{ Agenda: `ok\n${"y".repeat(501)}` }, 400, "invalid_agenda", "Agenda"],
      [{ ParticipantConnectedIds: "nope" }, 400, "invalid_request"],
      [{ ParticipantConnectedIds: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"] }, 404, "connected_id_not_found", "ParticipantConnectedIds[0]"],
      [{ ParticipantConnectedIds: [theirs] }, 404, "connected_id_not_found", "ParticipantConnectedIds[0]"],
      [{ ParticipantConnectedIds: [gone.connectedId] }, 400, "participant_not_eligible", "ParticipantConnectedIds[0]"],
      [{ ParticipantConnectedIds: [team] }, 400, "participant_not_eligible", "ParticipantConnectedIds[0]"],
      [{ ExternalParticipants: [{ Email: "not-an-address" }] }, 400, "invalid_request"],
      [{ ExternalParticipants: [{ email: "lower@case.example" }] }, 400, "invalid_request"],
      [{ Voter: "x" }, 400, "invalid_request"],
    ];
    for (const [body, status, error, field] of cases) {
      const r = await create(m, body);
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status, error });
      if (field) expect(r.body.field).toBe(field);
    }
    const malformed = await t.request("POST", `/api/org/${m.org.slug}/meetings`, { token: m.org.owner.token, body: '{"Title":', headers: { "content-type": "application/json" } });
    expect({ status: malformed.status, error: malformed.body.error }).toEqual({ status: 400, error: "invalid_json" });
    expect((await m.api("GET", "/meetings")).body).toEqual([]);
    expect(await eventsOf(t, m.org, "business.meeting.created")).toEqual([]);
  });
});

describe("gates", () => {
  test("below Pro: 403 UPGRADE_REQUIRED; without the Org Master Seal: 409 ORG_SEAL_REQUIRED", async () => {
    const free = await meetingOrg(t, "meet-free", { plan: "free" });
    const r = await create(free, {});
    expect({ status: r.status, body: r.body }).toEqual({ status: 403, body: { error: "UPGRADE_REQUIRED", feature: "meetings" } });
    const unsealed = await meetingOrg(t, "meet-unsealed", { seal: false });
    const u = await create(unsealed, {});
    expect({ status: u.status, error: u.body.error }).toEqual({ status: 409, error: "ORG_SEAL_REQUIRED" });
    for (const plan of ["pro_plus", "business", "enterprise"]) {
      const m = await meetingOrg(t, `meet-${plan.replace("_", "")}`, { plan });
      expect((await create(m, {})).status).toBe(201);
    }
  });

  test("a BoardMeeting needs an agenda, the board with a director (BOARD_REQUIRED) and a chairman (BOARD_CHAIRMAN_REQUIRED)", async () => {
    const personal = await meetingOrg(t, "meet-board-personal", { type: "personal" });
    expect((await create(personal, { Type: 10, Agenda: "A" })).body.error).toBe("BOARD_REQUIRED");
    const m = await meetingOrg(t, "meet-board-gates");
    const ana = await sealer(t, m.org, "ana@meet-board-gates.test");
    expect((await create(m, { Type: 10 })).body).toMatchObject({ error: "agenda_required", field: "Agenda" });
    expect((await create(m, { Type: 10, Agenda: "\n  \n" })).body.error).toBe("agenda_required");
    const noBoard = await create(m, { Type: 10, Agenda: "A" });
    expect({ status: noBoard.status, error: noBoard.body.error }).toEqual({ status: 409, error: "BOARD_REQUIRED" });
    await m.api("POST", "/board", {});
    expect((await create(m, { Type: 10, Agenda: "A" })).body.error).toBe("BOARD_REQUIRED");
    await boardWith(t, m, [ana], { chairman: false, create: false });
    const noChair = await create(m, { Type: 10, Agenda: "A" });
    expect({ status: noChair.status, error: noChair.body.error }).toEqual({ status: 409, error: "BOARD_CHAIRMAN_REQUIRED" });
    expect(await eventsOf(t, m.org, "business.meeting.created")).toEqual([]);
  });

  test("the first BoardMeeting is free for the organization's lifetime: the second is 402 ADDON_REQUIRED, deleting does not give it back, the add-on does", async () => {
    const m = await meetingOrg(t, "meet-addon");
    const ana = await sealer(t, m.org, "ana@meet-addon.test");
    await boardWith(t, m, [ana]);
    const first = await create(m, { Type: 10, Agenda: "Approve accounts", ParticipantConnectedIds: [ana.connectedId] });
    expect(first.status).toBe(201);
    // Other meeting types are not counted.
    expect((await create(m, { Type: 0 })).status).toBe(201);
    const second = await create(m, { Type: 10, Agenda: "A" });
    expect({ status: second.status, body: second.body }).toEqual({
      status: 402,
      body: expect.objectContaining({ error: "ADDON_REQUIRED", addon: "addon.board_meeting", addonKey: "board_meetings", freePerOrg: 1, everCreated: 1, priceUsd: 99 }),
    });
    await m.api("POST", `/meetings/${first.body.id}/cancel`, { reason: "wrong date" });
    expect((await m.api("DELETE", `/meetings/${first.body.id}`)).status).toBe(200);
    expect((await create(m, { Type: 10, Agenda: "A" })).body).toMatchObject({ error: "ADDON_REQUIRED", everCreated: 1 });

    await enableBoardMeetings(m);
    const paid = await create(m, { Type: 10, Agenda: "A" });
    expect(paid.status).toBe(201);
    const [, counted] = (await eventsOf(t, m.org, "business.meeting.created")).filter((e) => e.payload.type === 10).map((e) => e.payload.boardMeetingsEverCreated);
    expect(counted).toBe(2);
  });

  test("parallel creations take the one free BoardMeeting once", async () => {
    const m = await meetingOrg(t, "meet-parallel");
    const ana = await sealer(t, m.org, "ana@meet-parallel.test");
    await boardWith(t, m, [ana]);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => create(m, { Type: 10, Title: `Board ${i}`, Agenda: "A" })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 402, 402, 402, 402, 402]);
    const rows = await t.ctx.db.read.select().from(meetings).where(eq(meetings.orgId, m.org.orgId));
    expect(rows.filter((r) => r.type === 10)).toHaveLength(1);
  });
});

describe("who may call", () => {
  test("Owner and Admin create; a Member or Director may not (403 PERMISSION_DENIED); a Director reads; a Member reads nothing", async () => {
    const m = await meetingOrg(t, "meet-access");
    const admin = await person(t, m.org, "admin@meet-access.test", "admin");
    const director = await person(t, m.org, "director@meet-access.test", "org_director");
    const member = await person(t, m.org, "member@meet-access.test");
    const byAdmin = await create(m, {}, admin.token);
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.organizerConnectedId).toBe(admin.connectedId);
    for (const who of [director, member]) {
      const r = await create(m, {}, who.token);
      expect({ status: r.status, error: r.body.error }).toEqual({ status: 403, error: "PERMISSION_DENIED" });
    }
    expect((await m.api("GET", "/meetings", undefined, director.token)).body).toHaveLength(1);
    expect((await m.api("GET", `/meetings/${byAdmin.body.id}`, undefined, director.token)).status).toBe(200);
    expect((await m.api("GET", `/meetings/${byAdmin.body.id}/agenda-items`, undefined, director.token)).status).toBe(200);
    expect((await m.api("GET", `/meetings/${byAdmin.body.id}/agenda-votes`, undefined, director.token)).status).toBe(200);
    for (const path of ["/meetings", `/meetings/${byAdmin.body.id}`, `/meetings/${byAdmin.body.id}/agenda-items`, `/meetings/${byAdmin.body.id}/agenda-votes`]) {
      const r = await m.api("GET", path, undefined, member.token);
      expect({ path, status: r.status, error: r.body.error }).toEqual({ path, status: 403, error: "PERMISSION_DENIED" });
    }
  });

  test("no credential 401; another organization's owner 404; another organization's meeting id 404", async () => {
    const m = await meetingOrg(t, "meet-foreign");
    const other = await meetingOrg(t, "meet-foreign-other");
    const mine = await meeting(t, m);
    const theirs = await meeting(t, other);
    expect((await create(m, {}, null)).status).toBe(401);
    expect((await m.api("GET", "/meetings", undefined, null)).status).toBe(401);
    expect((await m.api("POST", `/meetings/${mine.id}/cancel`, { reason: "x" }, null)).status).toBe(401);
    const foreign = await m.api("GET", `/meetings/${mine.id}`, undefined, other.org.owner.token);
    expect({ status: foreign.status, error: foreign.body.error }).toEqual({ status: 404, error: "not_found" });
    for (const [method, path] of [
      ["GET", `/meetings/${theirs.id}`],
      ["GET", `/meetings/${theirs.id}/agenda-items`],
      ["GET", `/meetings/${theirs.id}/agenda-votes`],
      ["POST", `/meetings/${theirs.id}/agenda-items/0/open`],
      ["POST", `/meetings/${theirs.id}/cancel`],
      ["DELETE", `/meetings/${theirs.id}`],
      ["GET", "/meetings/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
    ]) {
      const r = await m.api(method!, path!, method === "POST" ? { reason: "x" } : undefined);
      expect({ path, status: r.status, error: r.body.error }).toEqual({ path, status: 404, error: "meeting_not_found" });
    }
    expect((await m.api("GET", "/meetings")).body.map((x: any) => x.id)).toEqual([mine.id]);
  });

  test("an M2M token reads meetings with org.meeting.list and .read; every change is for people (403 machine_not_allowed); an app-group key is refused", async () => {
    const m = await meetingOrg(t, "meet-m2m");
    const mt = await meeting(t, m);
    const key = async (body: Record<string, unknown>) => (await m.api("POST", "/settings/keys/api-keys", body)).body.key as string;
    const m2m = async (apiKey: string) => (await t.request("POST", "/api/m2m/token", { json: { orgSlug: m.org.slug, apiKey } })).body.accessToken as string;
    const reader = await m2m(await key({ scopes: ["org.meeting.list", "org.meeting.read"] }));
    const narrow = await m2m(await key({ scopes: ["org.member.list"] }));
    const wide = await m2m(await key({ scopes: ["org.*"] }));
    const group = await createAppGroup(t, m.org);
    const grouped = await m2m(await key({ scopes: ["org.*"], appGroupId: group.groupKey }));
    expect((await m.api("GET", "/meetings", undefined, reader)).body.map((x: any) => x.id)).toEqual([mt.id]);
    expect((await m.api("GET", `/meetings/${mt.id}`, undefined, reader)).body.agendaItems).toHaveLength(2);
    expect((await m.api("GET", `/meetings/${mt.id}/agenda-items`, undefined, reader)).status).toBe(200);
    expect((await m.api("GET", `/meetings/${mt.id}/agenda-votes`, undefined, reader)).body).toEqual([]);
    expect((await m.api("GET", "/meetings", undefined, narrow)).body.error).toBe("PERMISSION_DENIED");
    expect((await m.api("GET", "/meetings", undefined, grouped)).body.error).toBe("org_wide_key_required");
    for (const [method, path, body] of [
      ["POST", "/meetings", { Title: "By machine", ScheduledAt: inADay(t) }],
      ["POST", `/meetings/${mt.id}/agenda-items/0/open`, undefined],
      ["POST", `/meetings/${mt.id}/agenda-votes`, { AgendaIndex: 0, Decision: "Assent" }],
      ["POST", `/meetings/${mt.id}/cancel`, { reason: "x" }],
    ] as const) {
      const r = await m.api(method, path, body, wide);
      expect({ path, status: r.status, error: r.body.error }).toEqual({ path, status: 403, error: "machine_not_allowed" });
    }
  });

});
