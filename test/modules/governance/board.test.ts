/**
 * The board (spec 2.10, 4.7): one per Corporation or Project organization, a group badge
 * with GroupKind Board; directors appointed and removed and the chairman set under a
 * personal seal bound to {slug}|{target}|{appoint|remove|chairman}; who may read and
 * change it; every refusal.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createAppGroup, createOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { boardSeal, boardWith, meetingOrg, sealer } from "./meetings-support";
import { eventsOf, orgApi, person } from "./support";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("creating and reading the board", () => {
  test("a corporation has no board until one is created: then a group badge of GroupKind Board, one per organization", async () => {
    const m = await meetingOrg(t, "board-create");
    expect((await m.api("GET", "/board")).body).toEqual({ exists: false, boardId: null, name: null, chairmanConnectedId: null, members: [], createdAt: null });

    const created = await m.api("POST", "/board", {});
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ exists: true, name: "Board of Directors", chairmanConnectedId: null, members: [], createdAt: new Date(t.clock.now()).toISOString() });
    const badge = (await m.api("GET", "/badges")).body.find((b: any) => b.connectedId === created.body.boardId);
    expect(badge).toMatchObject({ type: "group", membershipType: "board", displayName: "Board of Directors", status: "active" });
    // The board is not a team.
    expect((await m.api("GET", "/teams")).body).toEqual([]);
    expect((await m.api("GET", "/board")).body).toEqual(created.body);

    const again = await m.api("POST", "/board", { Name: "Second board" });
    expect({ status: again.status, error: again.body.error }).toEqual({ status: 409, error: "board_exists" });
    const [event] = await eventsOf(t, m.org, "business.board.created");
    expect(event!.payload).toEqual({ boardId: created.body.boardId, name: "Board of Directors" });
    expect(event!.actorId).toBe(m.org.owner.userId);
  });

  test("a Project (SPV) has a board; a personal organization does not (409 board_not_applicable)", async () => {
    const spv = await meetingOrg(t, "board-spv", { type: "project" });
    const named = await spv.api("POST", "/board", { Name: "  SPV Board  " });
    expect(named.status).toBe(201);
    expect(named.body.name).toBe("SPV Board");

    const personal = await meetingOrg(t, "board-personal", { type: "personal" });
    const r = await personal.api("POST", "/board", {});
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "board_not_applicable", type: "personal" });
    expect((await personal.api("GET", "/board")).body.exists).toBe(false);
  });

  test("bad input: a blank or long name, unknown fields, malformed JSON", async () => {
    const m = await meetingOrg(t, "board-input");
    expect((await m.api("POST", "/board", { Name: "   " })).body).toMatchObject({ error: "invalid_board_name", field: "Name" });
    expect((await m.api("POST", "/board", { Name: "x".repeat(201) })).body.error).toBe("invalid_request");
    expect((await m.api("POST", "/board", { Name: 5 })).body.error).toBe("invalid_request");
    expect((await m.api("POST", "/board", { GroupKind: "Board" })).body.error).toBe("invalid_request");
    const malformed = await t.request("POST", `/api/org/${m.org.slug}/board`, { token: m.org.owner.token, body: "{", headers: { "content-type": "application/json" } });
    expect({ status: malformed.status, error: malformed.body.error }).toEqual({ status: 400, error: "invalid_json" });
    expect((await m.api("GET", "/board")).body.exists).toBe(false);
  });

  test("a board whose badge is revoked reads as none, and a new one may be created", async () => {
    const m = await meetingOrg(t, "board-revoked");
    const first = (await m.api("POST", "/board", {})).body;
    expect((await m.api("PATCH", `/badges/${first.boardId}`, { status: "revoked" })).status).toBe(200);
    expect((await m.api("GET", "/board")).body.exists).toBe(false);
    const second = await m.api("POST", "/board", { Name: "New board" });
    expect(second.status).toBe(201);
    expect(second.body.boardId).not.toBe(first.boardId);
  });
});

describe("appointing and removing directors under a personal seal", () => {
  test("appoint with SharePercent, remove; each sealed, each with its event", async () => {
    const m = await meetingOrg(t, "board-appoint");
    const ana = await person(t, m.org, "ana@board-appoint.test", "org_director");
    const ben = await person(t, m.org, "ben@board-appoint.test");
    const boardId = (await m.api("POST", "/board", {})).body.boardId;

    const appointed = await m.api("POST", "/board/members", { ConnectedId: ana.connectedId, SharePercent: 12.5, assertionResponseJson: await boardSeal(t, m.org, m.owner, ana.connectedId, "appoint") });
    expect(appointed.status).toBe(201);
    expect(appointed.body.members).toEqual([
      { connectedId: ana.connectedId, displayName: "ana@board-appoint.test", userId: ana.userId, SharePercent: 12.5, isChairman: false, appointedAt: new Date(t.clock.now()).toISOString() },
    ]);
    // SealAssertionJson is the spec's name for the same field.
    const second = await m.api("POST", "/board/members", { ConnectedId: ben.connectedId, SealAssertionJson: await boardSeal(t, m.org, m.owner, ben.connectedId, "appoint") });
    expect(second.status).toBe(201);
    expect(second.body.members.map((x: any) => [x.connectedId, x.SharePercent])).toContainEqual([ben.connectedId, null]);

    const removed = await m.api("POST", `/board/members/${ben.connectedId}/remove`, { assertionResponseJson: await boardSeal(t, m.org, m.owner, ben.connectedId, "remove") });
    expect(removed.status).toBe(200);
    expect(removed.body.members.map((x: any) => x.connectedId)).toEqual([ana.connectedId]);
    expect((await m.api("GET", "/board")).body.members.map((x: any) => x.connectedId)).toEqual([ana.connectedId]);

    const appointedEvents = await eventsOf(t, m.org, "business.board.member_appointed");
    expect(appointedEvents.map((e) => [e.payload.connectedId, e.payload.sharePercent])).toEqual([
      [ana.connectedId, 12.5],
      [ben.connectedId, null],
    ]);
    expect(appointedEvents[0]!.payload).toMatchObject({ boardId, sealCredentialId: m.owner.device.credentialId });
    const [removedEvent] = await eventsOf(t, m.org, "business.board.member_removed");
    expect(removedEvent!.payload).toMatchObject({ boardId, connectedId: ben.connectedId, chairmanCleared: false });

    // Re-appointing someone who left opens a new seat.
    const back = await m.api("POST", "/board/members", { ConnectedId: ben.connectedId, assertionResponseJson: await boardSeal(t, m.org, m.owner, ben.connectedId, "appoint") });
    expect(back.body.members).toHaveLength(2);
  });

  test("no seal, or a seal for another target, change, organization or user, is refused and changes nothing", async () => {
    const m = await meetingOrg(t, "board-seal");
    const ana = await person(t, m.org, "ana@board-seal.test");
    const ben = await person(t, m.org, "ben@board-seal.test");
    const admin = await sealer(t, m.org, "admin@board-seal.test", "admin");
    await m.api("POST", "/board", {});
    const appoint = (seal: unknown, target = ana.connectedId, token = m.org.owner.token) => m.api("POST", "/board/members", { ConnectedId: target, assertionResponseJson: seal }, token);

    const none = await appoint(undefined);
    expect({ status: none.status, error: none.body.error }).toEqual({ status: 403, error: "step_up_required" });
    expect((await appoint(null)).body.error).toBe("step_up_required");
    const refusals: Array<[unknown, string]> = [
      [await boardSeal(t, m.org, m.owner, ben.connectedId, "appoint"), "subject_mismatch"],
      [await boardSeal(t, m.org, m.owner, ana.connectedId, "remove"), "subject_mismatch"],
      [await boardSeal(t, { ...m.org, slug: "another-org" }, m.owner, ana.connectedId, "appoint"), "subject_mismatch"],
      [await boardSeal(t, m.org, admin, ana.connectedId, "appoint"), "user_mismatch"],
      ["not json", "malformed_assertion"],
    ];
    for (const [seal, reason] of refusals) {
      const r = await appoint(seal);
      expect({ status: r.status, error: r.body.error, reason: r.body.reason }).toEqual({ status: 403, error: "step_up_failed", reason });
    }
    // A seal is used once.
    const seal = await boardSeal(t, m.org, m.owner, ana.connectedId, "appoint");
    expect((await appoint(seal)).status).toBe(201);
    const removal = await boardSeal(t, m.org, m.owner, ana.connectedId, "remove");
    expect((await m.api("POST", `/board/members/${ana.connectedId}/remove`, { assertionResponseJson: removal })).status).toBe(200);
    expect((await appoint(await boardSeal(t, m.org, m.owner, ana.connectedId, "appoint"))).status).toBe(201);
    expect((await m.api("POST", `/board/members/${ana.connectedId}/remove`, { assertionResponseJson: removal })).body).toMatchObject({ error: "step_up_failed", reason: "challenge_replayed" });
    const removeNoSeal = await m.api("POST", `/board/members/${ana.connectedId}/remove`);
    expect({ status: removeNoSeal.status, error: removeNoSeal.body.error }).toEqual({ status: 403, error: "step_up_required" });
    expect((await m.api("GET", "/board")).body.members.map((x: any) => x.connectedId)).toEqual([ana.connectedId]);
    // An Admin holds org.board.* and seals with their own passkey.
    const byAdmin = await appoint(await boardSeal(t, m.org, admin, ben.connectedId, "appoint"), ben.connectedId, admin.token);
    expect(byAdmin.status).toBe(201);
    expect((await eventsOf(t, m.org, "business.board.member_appointed")).map((e) => e.actorId)).toEqual([m.org.owner.userId, m.org.owner.userId, admin.userId]);
  });

  test("who may sit: a person of this organization, not revoked, not twice", async () => {
    const m = await meetingOrg(t, "board-who");
    const other = await createOrg(t, "owner@board-who-other.test", "BoardWhoOther");
    const theirs = (await t.request("GET", `/api/org/${other.slug}/members`, { token: other.owner.token })).body[0].connectedId;
    const ana = await person(t, m.org, "ana@board-who.test");
    const gone = await person(t, m.org, "gone@board-who.test");
    await m.api("DELETE", `/members/${gone.userId}`);
    const team = (await m.api("POST", "/teams", { Name: "Crew" })).body.id;
    const boardId = (await m.api("POST", "/board", {})).body.boardId;
    const appoint = async (target: string, extra: Record<string, unknown> = {}) =>
      m.api("POST", "/board/members", { ConnectedId: target, ...extra, assertionResponseJson: await boardSeal(t, m.org, m.owner, target, "appoint") });

    for (const [target, status, error] of [
      ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", 404, "connected_id_not_found"],
      [theirs, 404, "connected_id_not_found"],
      [gone.connectedId, 400, "badge_not_eligible"],
      [team, 400, "badge_not_eligible"],
      [boardId, 400, "badge_not_eligible"],
    ] as const) {
      const r = await appoint(target);
      expect({ target, status: r.status, error: r.body.error, field: r.body.field }).toEqual({ target, status, error, field: "ConnectedId" });
    }
    for (const share of [-1, 100.5, 12.345]) {
      const r = await appoint(ana.connectedId, { SharePercent: share });
      expect(r.status).toBe(400);
      expect(["invalid_request", "invalid_share_percent"]).toContain(r.body.error);
    }
    expect((await appoint(ana.connectedId, { SharePercent: "10" })).body.error).toBe("invalid_request");
    expect((await appoint(ana.connectedId, { SharePercent: 100 })).status).toBe(201);
    const twice = await appoint(ana.connectedId);
    expect({ status: twice.status, error: twice.body.error }).toEqual({ status: 409, error: "already_on_board" });
    const notSeated = await m.api("POST", `/board/members/${theirs}/remove`, { assertionResponseJson: await boardSeal(t, m.org, m.owner, theirs, "remove") });
    expect({ status: notSeated.status, error: notSeated.body.error }).toEqual({ status: 404, error: "board_member_not_found" });
    // A director whose badge is revoked leaves the board.
    await m.api("DELETE", `/members/${ana.userId}`);
    expect((await m.api("GET", "/board")).body.members).toEqual([]);
  });

  test("no board yet: 404 board_not_found", async () => {
    const m = await meetingOrg(t, "board-none");
    const ana = await person(t, m.org, "ana@board-none.test");
    const r = await m.api("POST", "/board/members", { ConnectedId: ana.connectedId, assertionResponseJson: await boardSeal(t, m.org, m.owner, ana.connectedId, "appoint") });
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 404, error: "board_not_found" });
    expect((await m.api("PUT", "/board/chairman", { LeadConnectedId: null })).body.error).toBe("board_not_found");
  });
});

describe("the chairman", () => {
  test("set among the directors, changed, cleared; each sealed; a removed chairman leaves the chair", async () => {
    const m = await meetingOrg(t, "board-chair");
    const [ana, ben] = [await sealer(t, m.org, "ana@board-chair.test"), await sealer(t, m.org, "ben@board-chair.test")];
    const outsider = await person(t, m.org, "out@board-chair.test");
    const board = await boardWith(t, m, [ana, ben], { chairman: false });
    const chair = (target: string | null, seal?: unknown) => m.api("PUT", "/board/chairman", { LeadConnectedId: target, assertionResponseJson: seal });

    const notDirector = await chair(outsider.connectedId, await boardSeal(t, m.org, m.owner, outsider.connectedId, "chairman"));
    expect(notDirector.body).toMatchObject({ error: "not_a_director", field: "LeadConnectedId" });
    expect((await chair("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b")).body.error).toBe("connected_id_not_found");
    expect((await chair(ana.connectedId)).body.error).toBe("step_up_required");
    expect((await chair(ana.connectedId, await boardSeal(t, m.org, m.owner, ana.connectedId, "appoint"))).body.reason).toBe("subject_mismatch");

    const set = await chair(ana.connectedId, await boardSeal(t, m.org, m.owner, ana.connectedId, "chairman"));
    expect(set.status).toBe(200);
    expect(set.body.chairmanConnectedId).toBe(ana.connectedId);
    expect(set.body.members.find((x: any) => x.connectedId === ana.connectedId).isChairman).toBe(true);
    // The same chairman again: nothing changes, no seal needed.
    expect((await chair(ana.connectedId)).body.chairmanConnectedId).toBe(ana.connectedId);
    const moved = await chair(ben.connectedId, await boardSeal(t, m.org, m.owner, ben.connectedId, "chairman"));
    expect(moved.body.chairmanConnectedId).toBe(ben.connectedId);
    // Clearing seals the current chairman as the target.
    expect((await chair(null, await boardSeal(t, m.org, m.owner, "null", "chairman"))).body.error).toBe("step_up_failed");
    const cleared = await chair(null, await boardSeal(t, m.org, m.owner, ben.connectedId, "chairman"));
    expect(cleared.body.chairmanConnectedId).toBeNull();
    await chair(ana.connectedId, await boardSeal(t, m.org, m.owner, ana.connectedId, "chairman"));
    const removed = await m.api("POST", `/board/members/${ana.connectedId}/remove`, { assertionResponseJson: await boardSeal(t, m.org, m.owner, ana.connectedId, "remove") });
    expect(removed.body.chairmanConnectedId).toBeNull();

    const changes = (await eventsOf(t, m.org, "business.board.chairman_changed")).map((e) => [e.payload.from, e.payload.to]);
    expect(changes).toEqual([
      [null, ana.connectedId],
      [ana.connectedId, ben.connectedId],
      [ben.connectedId, null],
      [null, ana.connectedId],
    ]);
    const [removal] = (await eventsOf(t, m.org, "business.board.member_removed")).filter((e) => e.payload.connectedId === ana.connectedId);
    expect(removal!.payload).toMatchObject({ boardId: board.boardId, chairmanCleared: true });
  });
});

describe("who may call", () => {
  test("members and directors read the board; only Owner and Admin change it; no credential 401; another organization 404", async () => {
    const m = await meetingOrg(t, "board-access");
    const member = await person(t, m.org, "member@board-access.test");
    const director = await sealer(t, m.org, "director@board-access.test");
    await boardWith(t, m, [director]);
    const other = await createOrg(t, "owner@board-access-other.test", "BoardAccessOther");
    const writes: Array<[string, string, unknown]> = [
      ["POST", "/board", {}],
      ["POST", "/board/members", { ConnectedId: member.connectedId, assertionResponseJson: "x" }],
      ["POST", `/board/members/${director.connectedId}/remove`, { assertionResponseJson: "x" }],
      ["PUT", "/board/chairman", { LeadConnectedId: null, assertionResponseJson: "x" }],
    ];
    for (const who of [member, director]) {
      const read = await m.api("GET", "/board", undefined, who.token);
      expect(read.status).toBe(200);
      expect(read.body.members.map((x: any) => x.connectedId)).toEqual([director.connectedId]);
      for (const [method, path, body] of writes) {
        const r = await m.api(method, path, body, who.token);
        expect({ path, status: r.status, error: r.body.error }).toEqual({ path, status: 403, error: "PERMISSION_DENIED" });
      }
    }
    for (const [method, path, body] of [["GET", "/board", undefined] as [string, string, unknown], ...writes]) {
      expect((await m.api(method, path, body, null)).status).toBe(401);
      const foreign = await m.api(method, path, body, other.owner.token);
      expect({ path, status: foreign.status, error: foreign.body.error }).toEqual({ path, status: 404, error: "not_found" });
    }
  });

  test("an M2M token reads with org.board.read; changes are for people (403 machine_not_allowed); an app-group key is refused", async () => {
    const m = await meetingOrg(t, "board-m2m");
    await m.api("POST", "/board", {});
    const key = async (body: Record<string, unknown>) => (await m.api("POST", "/settings/keys/api-keys", body)).body.key as string;
    const m2m = async (apiKey: string) => (await t.request("POST", "/api/m2m/token", { json: { orgSlug: m.org.slug, apiKey } })).body.accessToken as string;
    const reader = await m2m(await key({ scopes: ["org.board.read"] }));
    const narrow = await m2m(await key({ scopes: ["org.member.list"] }));
    const wide = await m2m(await key({ scopes: ["org.*"] }));
    const group = await createAppGroup(t, m.org);
    const grouped = await m2m(await key({ scopes: ["org.*"], appGroupId: group.groupKey }));
    expect((await m.api("GET", "/board", undefined, reader)).body.exists).toBe(true);
    expect((await m.api("GET", "/board", undefined, narrow)).body.error).toBe("PERMISSION_DENIED");
    expect((await m.api("GET", "/board", undefined, grouped)).body.error).toBe("org_wide_key_required");
    const write = await m.api("PUT", "/board/chairman", { LeadConnectedId: null }, wide);
    expect({ status: write.status, error: write.body.error }).toEqual({ status: 403, error: "machine_not_allowed" });
  });
});
