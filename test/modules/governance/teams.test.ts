/**
 * Teams (spec 2.10, 4.7): create and list, the lead and the automatic reporting lines it
 * drives, members with the needsResolution flow, ?includeSubTeams, and the parent chain.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createOrg, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { eventsOf, orgApi, ownerOf, person, reportingPairs } from "./support";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup(name: string) {
  const org = await createOrg(t, `owner@${name}.test`, name);
  return { org, api: orgApi(t, org) };
}

describe("creating and listing teams", () => {
  test("a team is a group ConnectedId with kind, parent and lead; listed oldest first", async () => {
    const { org, api } = await setup("teams-create");
    const lead = await person(t, org, "lead@teams-create.test");
    const parent = await api("POST", "/teams", { Name: "Engineering", Kind: "department" });
    expect(parent.status).toBe(201);
    expect(parent.body).toMatchObject({ name: "Engineering", kind: "department", parentTeamId: null, leadConnectedId: null, memberCount: 0 });
    expect(parent.body.createdAt).toBe(new Date(t.clock.now()).toISOString());

    const child = await api("POST", "/teams", { Name: "  Platform  ", LeadConnectedId: lead.connectedId, ParentTeamId: parent.body.id });
    expect(child.status).toBe(201);
    expect(child.body).toMatchObject({ name: "Platform", kind: "team", parentTeamId: parent.body.id, leadConnectedId: lead.connectedId });

    // The team's id is a badge of type group in the organization's roster.
    const badges = await api("GET", "/badges");
    expect(badges.body.find((b: any) => b.connectedId === child.body.id)).toMatchObject({ type: "group", displayName: "Platform", status: "active" });

    const list = await api("GET", "/teams");
    expect(list.status).toBe(200);
    expect(list.body.map((x: any) => x.name).sort()).toEqual(["Engineering", "Platform"]);

    const created = await eventsOf(t, org, "reporting.team.created");
    expect(created.map((e) => e.payload)).toContainEqual({ teamId: child.body.id, name: "Platform", kind: "team", parentTeamId: parent.body.id, leadConnectedId: lead.connectedId });
    // Creating with a lead is a creation, not a lead change.
    expect(await eventsOf(t, org, "reporting.team.lead_changed")).toEqual([]);
  });

  test("refusals: names, kinds, unknown or foreign ids, ineligible leads, bad input", async () => {
    const { org, api } = await setup("teams-refuse");
    const other = await createOrg(t, "owner@teams-refuse-other.test", "TeamsRefuseOther");
    const otherTeam = await orgApi(t, other)("POST", "/teams", { Name: "Theirs" });
    const theirOwner = await ownerOf(t, other);
    const team = await api("POST", "/teams", { Name: "Sales" });

    const expectError = async (body: unknown, status: number, error: string, field?: string) => {
      const r = await api("POST", "/teams", body);
      expect({ status: r.status, error: r.body.error }).toEqual({ status, error });
      if (field) expect(r.body.field).toBe(field);
    };
    await expectError({ Name: "sales" }, 409, "team_name_taken", "Name");
    await expectError({ Name: "   " }, 400, "invalid_name", "Name");
    await expectError({ Name: "x".repeat(201) }, 400, "invalid_request");
    await expectError({ Name: "Board", Kind: "board" }, 400, "reserved_team_kind", "Kind");
    await expectError({ Name: "Caps", Kind: "Not A Kind" }, 400, "invalid_request");
    await expectError({}, 400, "invalid_request");
    await expectError({ Name: 7 }, 400, "invalid_request");
    await expectError({ Name: "Extra", Colour: "red" }, 400, "invalid_request");
    await expectError({ Name: "Orphan", ParentTeamId: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b" }, 404, "team_not_found", "ParentTeamId");
    await expectError({ Name: "Foreign parent", ParentTeamId: otherTeam.body.id }, 404, "team_not_found", "ParentTeamId");
    await expectError({ Name: "Foreign lead", LeadConnectedId: theirOwner.connectedId }, 404, "connected_id_not_found", "LeadConnectedId");
    await expectError({ Name: "Team lead", LeadConnectedId: team.body.id }, 400, "badge_not_eligible", "LeadConnectedId");

    const malformed = await t.request("POST", `/api/org/${org.slug}/teams`, { token: org.owner.token, body: "{not json", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_json");
    expect((await api("GET", "/teams")).body.map((x: any) => x.name)).toEqual(["Sales"]);
  });

  test("a revoked person cannot lead; revoking a team's badge takes the team out of the lists", async () => {
    const { org, api } = await setup("teams-revoked");
    const gone = await person(t, org, "gone@teams-revoked.test");
    expect((await api("DELETE", `/members/${gone.userId}`)).status).toBe(200);
    const r = await api("POST", "/teams", { Name: "Ghosts", LeadConnectedId: gone.connectedId });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "badge_not_eligible", field: "LeadConnectedId" });

    const team = await api("POST", "/teams", { Name: "Temporary" });
    expect((await api("PATCH", `/badges/${team.body.id}`, { status: "revoked" })).status).toBe(200);
    expect((await api("GET", "/teams")).body).toEqual([]);
    expect((await api("GET", `/teams/${team.body.id}/members`)).status).toBe(404);
  });
});

describe("changing a team", () => {
  test("rename, kind and parent; the parent chain never cycles", async () => {
    const { org, api } = await setup("teams-patch");
    const a = (await api("POST", "/teams", { Name: "A" })).body;
    const b = (await api("POST", "/teams", { Name: "B", ParentTeamId: a.id })).body;
    const c = (await api("POST", "/teams", { Name: "C", ParentTeamId: b.id })).body;

    const renamed = await api("PATCH", `/teams/${a.id}`, { Name: "Alpha", Kind: "division" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: a.id, name: "Alpha", kind: "division", parentTeamId: null });
    expect((await api("GET", "/badges")).body.find((x: any) => x.connectedId === a.id).displayName).toBe("Alpha");

    for (const parent of [a.id, b.id, c.id]) {
      const r = await api("PATCH", `/teams/${a.id}`, { ParentTeamId: parent });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "team_cycle", field: "ParentTeamId" });
    }
    // Moving C to the top and then A under it is fine: no cycle remains.
    expect((await api("PATCH", `/teams/${c.id}`, { ParentTeamId: null })).body.parentTeamId).toBeNull();
    expect((await api("PATCH", `/teams/${a.id}`, { ParentTeamId: c.id })).body.parentTeamId).toBe(c.id);
    expect((await api("PATCH", `/teams/${b.id}`, { Name: "alpha" })).body.error).toBe("team_name_taken");
    expect((await api("PATCH", `/teams/${b.id}`, { ParentTeamId: "nope" })).status).toBe(404);
    expect((await api("PATCH", "/teams/nope", { Name: "Z" })).body.error).toBe("team_not_found");

    const updates = await eventsOf(t, org, "reporting.team.updated");
    expect(updates[0]!.payload).toEqual({ teamId: a.id, changes: { name: { from: "A", to: "Alpha" }, kind: { from: "team", to: "division" } } });
    // A change to nothing records nothing.
    const before = updates.length;
    expect((await api("PATCH", `/teams/${b.id}`, { Name: "B" })).status).toBe(200);
    expect((await eventsOf(t, org, "reporting.team.updated")).length).toBe(before);
  });
});

describe("the lead and the automatic reporting lines", () => {
  test("members report to the lead; a new lead replaces the lines, null removes them; exactly one event per change", async () => {
    const { org, api } = await setup("teams-lead");
    const [ana, ben, cy, dee] = await Promise.all(["ana", "ben", "cy", "dee"].map((n) => person(t, org, `${n}@teams-lead.test`)));
    const team = (await api("POST", "/teams", { Name: "Support" })).body;
    for (const p of [ana, ben, cy]) expect((await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: p.connectedId })).status).toBe(201);
    expect(reportingPairs((await api("GET", "/reporting/graph")).body)).toEqual([]);

    const set = await api("PUT", `/teams/${team.id}/lead`, { LeadConnectedId: ana.connectedId });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: team.id, leadConnectedId: ana.connectedId, memberCount: 3 });
    // The lead is a member too, and does not report to themselves.
    expect(reportingPairs((await api("GET", "/reporting/graph")).body)).toEqual([`${ben.connectedId}>${ana.connectedId}`, `${cy.connectedId}>${ana.connectedId}`].sort());
    const edge = (await api("GET", "/reporting/graph")).body.edges.find((e: any) => e.type === "reporting");
    expect(edge).toMatchObject({ manual: false, viaTeamIds: [team.id] });
    const events = await eventsOf(t, org, "reporting.team.lead_changed");
    expect(events.map((e) => e.payload)).toEqual([{ teamId: team.id, from: null, to: ana.connectedId }]);

    // A lead from outside the team: every member now reports to them.
    expect((await api("PUT", `/teams/${team.id}/lead`, { LeadConnectedId: dee.connectedId })).status).toBe(200);
    expect(reportingPairs((await api("GET", "/reporting/graph")).body)).toEqual([ana, ben, cy].map((p) => `${p.connectedId}>${dee.connectedId}`).sort());

    // The same lead again changes nothing and records nothing.
    expect((await api("PUT", `/teams/${team.id}/lead`, { LeadConnectedId: dee.connectedId })).status).toBe(200);
    expect((await eventsOf(t, org, "reporting.team.lead_changed")).length).toBe(2);

    const cleared = await api("PUT", `/teams/${team.id}/lead`, { LeadConnectedId: null });
    expect(cleared.body.leadConnectedId).toBeNull();
    expect(reportingPairs((await api("GET", "/reporting/graph")).body)).toEqual([]);
    expect((await eventsOf(t, org, "reporting.team.lead_changed")).map((e) => e.payload)).toEqual([
      { teamId: team.id, from: null, to: ana.connectedId },
      { teamId: team.id, from: ana.connectedId, to: dee.connectedId },
      { teamId: team.id, from: dee.connectedId, to: null },
    ]);
  });

  test("hand-made reporting lines survive a lead change; a member who left the lead's line stays out", async () => {
    const { org, api } = await setup("teams-lead-keep");
    const [boss, lead2, ivy] = await Promise.all(["boss", "lead2", "ivy"].map((n) => person(t, org, `${n}@teams-lead-keep.test`)));
    const team = (await api("POST", "/teams", { Name: "Ops", LeadConnectedId: boss.connectedId })).body;
    await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: ivy.connectedId });
    // A hand-made edge to the same lead, and then the automatic one removed by hand.
    expect((await api("POST", "/relationships", { SourceConnectedId: ivy.connectedId, TargetConnectedId: boss.connectedId, Type: "reporting" })).status).toBe(201);
    const graph = (await api("GET", "/reporting/graph")).body;
    expect(graph.edges.filter((e: any) => e.type === "reporting")).toEqual([
      { type: "reporting", sourceConnectedId: ivy.connectedId, targetConnectedId: boss.connectedId, manual: true, viaTeamIds: [team.id] },
    ]);
    await api("PUT", `/teams/${team.id}/lead`, { LeadConnectedId: lead2.connectedId });
    expect(reportingPairs((await api("GET", "/reporting/graph")).body)).toEqual([`${ivy.connectedId}>${boss.connectedId}`, `${ivy.connectedId}>${lead2.connectedId}`].sort());

    // Removing the automatic line: Ivy no longer follows this team's lead, whoever it is.
    expect((await api("DELETE", `/relationships?sourceId=${ivy.connectedId}&targetId=${lead2.connectedId}&type=reporting`)).status).toBe(200);
    expect((await api("GET", `/teams/${team.id}/members`)).body[0]).toMatchObject({ connectedId: ivy.connectedId, reportsToLead: false });
    await api("PUT", `/teams/${team.id}/lead`, { LeadConnectedId: boss.connectedId });
    await api("PUT", `/teams/${team.id}/lead`, { LeadConnectedId: lead2.connectedId });
    expect(reportingPairs((await api("GET", "/reporting/graph")).body)).toEqual([`${ivy.connectedId}>${boss.connectedId}`]);
  });

  test("refusals: unknown team, unknown or foreign or group lead, bad body", async () => {
    const { org, api } = await setup("teams-lead-refuse");
    const other = await createOrg(t, "owner@teams-lead-refuse-other.test", "TeamsLeadOther");
    const theirs = await ownerOf(t, other);
    const team = (await api("POST", "/teams", { Name: "T" })).body;
    const sub = (await api("POST", "/teams", { Name: "S" })).body;
    const otherTeam = (await orgApi(t, other)("POST", "/teams", { Name: "Theirs" })).body;
    expect((await api("PUT", "/teams/nope/lead", { LeadConnectedId: null })).body.error).toBe("team_not_found");
    expect((await api("PUT", `/teams/${otherTeam.id}/lead`, { LeadConnectedId: null })).status).toBe(404);
    expect((await api("PUT", `/teams/${team.id}/lead`, { LeadConnectedId: theirs.connectedId })).body).toMatchObject({ error: "connected_id_not_found", field: "LeadConnectedId" });
    expect((await api("PUT", `/teams/${team.id}/lead`, { LeadConnectedId: sub.id })).body.error).toBe("badge_not_eligible");
    expect((await api("PUT", `/teams/${team.id}/lead`, {})).body.error).toBe("invalid_request");
    expect((await api("PUT", `/teams/${team.id}/lead`, { LeadConnectedId: 12 })).body.error).toBe("invalid_request");
    expect(await eventsOf(t, org, "reporting.team.lead_changed")).toEqual([]);
  });
});

describe("members and the needsResolution flow", () => {
  async function withManager(name: string) {
    const { org, api } = await setup(name);
    const [lead, manager, mia] = await Promise.all(["lead", "manager", "mia"].map((n) => person(t, org, `${n}@${name}.test`)));
    const team = (await api("POST", "/teams", { Name: "Design", LeadConnectedId: lead.connectedId })).body;
    expect((await api("POST", "/relationships", { SourceConnectedId: mia.connectedId, TargetConnectedId: manager.connectedId, Type: "reporting" })).status).toBe(201);
    return { org, api, lead, manager, mia, team };
  }

  test("no manager yet: added at once, reporting to the lead", async () => {
    const { org, api } = await setup("members-plain");
    const [lead, sam] = await Promise.all(["lead", "sam"].map((n) => person(t, org, `${n}@members-plain.test`)));
    const team = (await api("POST", "/teams", { Name: "QA", LeadConnectedId: lead.connectedId })).body;
    const r = await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: sam.connectedId });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      needsResolution: false,
      member: { connectedId: sam.connectedId, displayName: "sam@members-plain.test", type: "person", status: "active", teamId: team.id, reportsToLead: true, addedAt: expect.any(String) },
      managers: [{ connectedId: lead.connectedId, displayName: "lead@members-plain.test", type: "person", manual: false, viaTeamIds: [team.id] }],
    });
    expect((await eventsOf(t, org, "reporting.team.member_added")).map((e) => e.payload)).toEqual([
      { teamId: team.id, connectedId: sam.connectedId, resolution: null, reportsToLead: true, removedManagers: [] },
    ]);
    const again = await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: sam.connectedId });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("already_in_team");
  });

  test("an existing manager: 409 needs_resolution with existingManagers, nothing changed", async () => {
    const { org, api, manager, mia, team } = await withManager("members-ask");
    const r = await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: mia.connectedId });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({
      error: "needs_resolution",
      needsResolution: true,
      existingManagers: [{ connectedId: manager.connectedId, displayName: "manager@members-ask.test", type: "person", manual: true, viaTeamIds: [] }],
      message: expect.any(String),
    });
    expect((await api("GET", `/teams/${team.id}/members`)).body).toEqual([]);
    expect(reportingPairs((await api("GET", "/reporting/graph")).body)).toEqual([`${mia.connectedId}>${manager.connectedId}`]);
    expect(await eventsOf(t, org, "reporting.team.member_added")).toEqual([]);
  });

  test("Resolution add keeps the existing manager and adds the lead", async () => {
    const { api, lead, manager, mia, team } = await withManager("members-add");
    const r = await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: mia.connectedId, Resolution: "add" });
    expect(r.status).toBe(201);
    expect(r.body.managers.map((m: any) => m.connectedId).sort()).toEqual([lead.connectedId, manager.connectedId].sort());
    expect(reportingPairs((await api("GET", "/reporting/graph")).body)).toEqual([`${mia.connectedId}>${lead.connectedId}`, `${mia.connectedId}>${manager.connectedId}`].sort());
  });

  test("Resolution replace removes the existing reporting edges, an other team's automatic one included", async () => {
    const { org, api, lead, manager, mia, team } = await withManager("members-replace");
    const otherLead = await person(t, org, "other-lead@members-replace.test");
    const other = (await api("POST", "/teams", { Name: "Other", LeadConnectedId: otherLead.connectedId })).body;
    expect((await api("POST", `/teams/${other.id}/members`, { ConnectedIdId: mia.connectedId, Resolution: "add" })).status).toBe(201);
    const r = await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: mia.connectedId, Resolution: "replace" });
    expect(r.status).toBe(201);
    expect(r.body.managers).toEqual([{ connectedId: lead.connectedId, displayName: "lead@members-replace.test", type: "person", manual: false, viaTeamIds: [team.id] }]);
    expect(reportingPairs((await api("GET", "/reporting/graph")).body)).toEqual([`${mia.connectedId}>${lead.connectedId}`]);
    const added = await eventsOf(t, org, "reporting.team.member_added");
    expect(added.at(-1)!.payload).toEqual({ teamId: team.id, connectedId: mia.connectedId, resolution: "replace", reportsToLead: true, removedManagers: expect.arrayContaining([manager.connectedId, otherLead.connectedId]) });
    // Mia no longer follows the other team's lead: a new lead there does not bring a line back.
    expect((await api("GET", `/teams/${other.id}/members`)).body[0].reportsToLead).toBe(false);
    await api("PUT", `/teams/${other.id}/lead`, { LeadConnectedId: manager.connectedId });
    expect(reportingPairs((await api("GET", "/reporting/graph")).body)).toEqual([`${mia.connectedId}>${lead.connectedId}`]);
  });

  test("Resolution none joins the team without a reporting edge, now or after a lead change", async () => {
    const { api, manager, mia, team } = await withManager("members-none");
    const r = await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: mia.connectedId, Resolution: "none" });
    expect(r.status).toBe(201);
    expect(r.body.member.reportsToLead).toBe(false);
    expect(r.body.managers.map((m: any) => m.connectedId)).toEqual([manager.connectedId]);
    const newLead = (await api("GET", "/reporting/graph")).body.people.find((p: any) => p.displayName.startsWith("lead@")).connectedId;
    await api("PUT", `/teams/${team.id}/lead`, { LeadConnectedId: null });
    await api("PUT", `/teams/${team.id}/lead`, { LeadConnectedId: newLead });
    expect(reportingPairs((await api("GET", "/reporting/graph")).body)).toEqual([`${mia.connectedId}>${manager.connectedId}`]);
  });

  test("a team without a lead, or a manager who is the lead already, asks nothing", async () => {
    const { api, manager, mia } = await withManager("members-noask");
    const leaderless = (await api("POST", "/teams", { Name: "Leaderless" })).body;
    expect((await api("POST", `/teams/${leaderless.id}/members`, { ConnectedIdId: mia.connectedId })).status).toBe(201);
    const managed = (await api("POST", "/teams", { Name: "Managed", LeadConnectedId: manager.connectedId })).body;
    const r = await api("POST", `/teams/${managed.id}/members`, { ConnectedIdId: mia.connectedId });
    expect(r.status).toBe(201);
    expect(r.body.managers).toEqual([{ connectedId: manager.connectedId, displayName: expect.any(String), type: "person", manual: true, viaTeamIds: [managed.id] }]);
  });

  test("remove a member: the membership and its automatic line go, hand-made lines stay", async () => {
    const { org, api, manager, mia, team } = await withManager("members-remove");
    await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: mia.connectedId, Resolution: "add" });
    const r = await api("DELETE", `/teams/${team.id}/members/${mia.connectedId}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ teamId: team.id, connectedId: mia.connectedId, removed: true });
    expect((await api("GET", `/teams/${team.id}/members`)).body).toEqual([]);
    expect(reportingPairs((await api("GET", "/reporting/graph")).body)).toEqual([`${mia.connectedId}>${manager.connectedId}`]);
    expect((await eventsOf(t, org, "reporting.team.member_removed")).map((e) => e.payload)).toEqual([{ teamId: team.id, connectedId: mia.connectedId }]);
    const again = await api("DELETE", `/teams/${team.id}/members/${mia.connectedId}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe("team_member_not_found");
    expect((await api("DELETE", `/teams/nope/members/${mia.connectedId}`)).body.error).toBe("team_not_found");
  });

  test("member refusals: unknown, foreign, group or revoked badges; bad bodies", async () => {
    const { org, api } = await setup("members-refuse");
    const other = await createOrg(t, "owner@members-refuse-other.test", "MembersRefuseOther");
    const theirs = await ownerOf(t, other);
    const team = (await api("POST", "/teams", { Name: "R" })).body;
    const gone = await person(t, org, "gone@members-refuse.test");
    await api("DELETE", `/members/${gone.userId}`);
    const post = (body: unknown) => api("POST", `/teams/${team.id}/members`, body);
    expect((await post({ ConnectedIdId: "nope" })).body).toMatchObject({ error: "connected_id_not_found", field: "ConnectedIdId" });
    expect((await post({ ConnectedIdId: theirs.connectedId })).status).toBe(404);
    expect((await post({ ConnectedIdId: team.id })).body.error).toBe("badge_not_eligible");
    expect((await post({ ConnectedIdId: gone.connectedId })).body.error).toBe("badge_not_eligible");
    expect((await post({ ConnectedIdId: gone.connectedId, Resolution: "maybe" })).body.error).toBe("invalid_request");
    expect((await post({})).body.error).toBe("invalid_request");
    expect((await api("POST", "/teams/nope/members", { ConnectedIdId: gone.connectedId })).body.error).toBe("team_not_found");
  });
});

describe("listing members with ?includeSubTeams", () => {
  test("direct members only by default; with includeSubTeams=true those of every descendant team", async () => {
    const { org, api } = await setup("members-sub");
    const [a, b, c] = await Promise.all(["a", "b", "c"].map((n) => person(t, org, `${n}@members-sub.test`)));
    const top = (await api("POST", "/teams", { Name: "Top" })).body;
    const mid = (await api("POST", "/teams", { Name: "Mid", ParentTeamId: top.id })).body;
    const low = (await api("POST", "/teams", { Name: "Low", ParentTeamId: mid.id })).body;
    const aside = (await api("POST", "/teams", { Name: "Aside" })).body;
    await api("POST", `/teams/${top.id}/members`, { ConnectedIdId: a.connectedId });
    await api("POST", `/teams/${mid.id}/members`, { ConnectedIdId: b.connectedId });
    await api("POST", `/teams/${low.id}/members`, { ConnectedIdId: c.connectedId });
    await api("POST", `/teams/${aside.id}/members`, { ConnectedIdId: b.connectedId });

    const direct = await api("GET", `/teams/${top.id}/members`);
    expect(direct.body.map((m: any) => m.connectedId)).toEqual([a.connectedId]);
    const all = await api("GET", `/teams/${top.id}/members?includeSubTeams=true`);
    expect(all.status).toBe(200);
    expect(all.body.map((m: any) => [m.connectedId, m.teamId])).toEqual([
      [a.connectedId, top.id],
      [b.connectedId, mid.id],
      [c.connectedId, low.id],
    ]);
    expect((await api("GET", `/teams/${mid.id}/members?includeSubTeams=true`)).body.map((m: any) => m.connectedId)).toEqual([b.connectedId, c.connectedId]);
    expect((await api("GET", `/teams/${top.id}/members?includeSubTeams=false`)).body.length).toBe(1);
    expect((await api("GET", `/teams/${top.id}/members?includeSubTeams=perhaps`)).status).toBe(400);
    expect((await api("GET", "/teams")).body.find((x: any) => x.id === mid.id).memberCount).toBe(1);
  });
});
