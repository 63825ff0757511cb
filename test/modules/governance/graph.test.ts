/**
 * The reporting graph (spec 4.7): GET /reporting/graph, reporting and reference edges
 * added and removed by hand, and no reporting cycle ever: directly, through a team's
 * lead, through a member add, or from two requests that would close one together.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { eventsOf, orgApi, ownerOf, person, reportingPairs } from "./support";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup(name: string, people: string[]) {
  const org = await createOrg(t, `owner@${name}.test`, name);
  const api = orgApi(t, org);
  const badges = await Promise.all(people.map((n) => person(t, org, `${n}@${name}.test`)));
  return { org, api, p: Object.fromEntries(people.map((n, i) => [n, badges[i]!.connectedId])) as Record<string, string> };
}

const reporting = (source: string, target: string) => ({ SourceConnectedId: source, TargetConnectedId: target, Type: "reporting" });

describe("GET /reporting/graph", () => {
  test("people (person and AI badges), teams and the three edge types", async () => {
    const { org, api, p } = await setup("graph-read", ["ann", "bob"]);
    const owner = await ownerOf(t, org);
    const account = await api("POST", "/service-accounts", { name: "Robot", role: "member" });
    expect(account.status).toBe(201);
    const team = (await api("POST", "/teams", { Name: "Core", LeadConnectedId: p.ann })).body;
    await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: p.bob });
    await api("POST", "/relationships", reporting(p.ann!, owner.connectedId));
    await api("POST", "/relationships", { SourceConnectedId: account.body.connectedId, TargetConnectedId: team.id, Type: "reference" });
    const gone = await person(t, org, "gone@graph-read.test");
    await api("DELETE", `/members/${gone.userId}`);

    const r = await api("GET", "/reporting/graph");
    expect(r.status).toBe(200);
    expect(r.body.people.map((x: any) => [x.displayName, x.type, x.status]).sort()).toEqual(
      [
        ["Robot", "ai", "active"],
        ["ann@graph-read.test", "person", "active"],
        ["bob@graph-read.test", "person", "active"],
        ["owner@graph-read.test", "person", "active"],
      ].sort(),
    );
    expect(r.body.people.find((x: any) => x.connectedId === owner.connectedId).userId).toBe(org.owner.userId);
    expect(r.body.teams).toEqual([expect.objectContaining({ id: team.id, name: "Core", leadConnectedId: p.ann, memberCount: 1 })]);
    const edges = r.body.edges.map((e: any) => `${e.type}:${e.sourceConnectedId}>${e.targetConnectedId}:${e.manual}`).sort();
    expect(edges).toEqual(
      [
        `member_of:${p.bob}>${team.id}:true`,
        `reporting:${p.bob}>${p.ann}:false`,
        `reporting:${p.ann}>${owner.connectedId}:true`,
        `reference:${account.body.connectedId}>${team.id}:true`,
      ].sort(),
    );
  });
});

describe("relationships", () => {
  test("add and remove reporting and reference edges, each audited", async () => {
    const { org, api, p } = await setup("rel-crud", ["a", "b"]);
    const add = await api("POST", "/relationships", reporting(p.a!, p.b!));
    expect(add.status).toBe(201);
    expect(add.body).toEqual({ type: "reporting", sourceConnectedId: p.a, targetConnectedId: p.b, manual: true, viaTeamIds: [] });
    const ref = await api("POST", "/relationships", { SourceConnectedId: p.b, TargetConnectedId: p.a, Type: "reference" });
    expect(ref.status).toBe(201);
    // A reference edge is no reporting line: b → a does not cycle with a → b.
    const dup = await api("POST", "/relationships", reporting(p.a!, p.b!));
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe("relationship_exists");

    const del = await api("DELETE", `/relationships?sourceId=${p.a}&targetId=${p.b}&type=reporting`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ type: "reporting", sourceConnectedId: p.a, targetConnectedId: p.b, removed: true });
    expect((await api("DELETE", `/relationships?sourceId=${p.a}&targetId=${p.b}&type=reporting`)).body.error).toBe("relationship_not_found");
    expect((await api("DELETE", `/relationships?sourceId=${p.b}&targetId=${p.a}&type=reference`)).status).toBe(200);
    expect((await api("GET", "/reporting/graph")).body.edges).toEqual([]);

    expect((await eventsOf(t, org, "reporting.relationship.added")).map((e) => e.payload)).toEqual([
      { type: "reporting", sourceConnectedId: p.a, targetConnectedId: p.b },
      { type: "reference", sourceConnectedId: p.b, targetConnectedId: p.a },
    ]);
    expect((await eventsOf(t, org, "reporting.relationship.removed")).map((e) => e.payload)).toEqual([
      { type: "reporting", sourceConnectedId: p.a, targetConnectedId: p.b, manual: true, viaTeamIds: [] },
      { type: "reference", sourceConnectedId: p.b, targetConnectedId: p.a, manual: true, viaTeamIds: [] },
    ]);
  });

  test("refusals: member_of, self, unknown or foreign ids, a team in a reporting line, bad input", async () => {
    const { org, api, p } = await setup("rel-refuse", ["a", "b"]);
    const other = await createOrg(t, "owner@rel-refuse-other.test", "RelRefuseOther");
    const theirs = await ownerOf(t, other);
    const team = (await api("POST", "/teams", { Name: "Team" })).body;
    const post = (body: unknown) => api("POST", "/relationships", body);
    expect((await post({ SourceConnectedId: p.a, TargetConnectedId: team.id, Type: "member_of" })).body.error).toBe("relationship_type_not_allowed");
    expect((await post({ SourceConnectedId: p.a, TargetConnectedId: team.id, Type: "member_of" })).status).toBe(400);
    expect((await post(reporting(p.a!, p.a!))).body.error).toBe("self_relationship");
    expect((await post(reporting(p.a!, "nope"))).body).toMatchObject({ error: "connected_id_not_found", field: "TargetConnectedId" });
    expect((await post(reporting(theirs.connectedId, p.a!))).body).toMatchObject({ error: "connected_id_not_found", field: "SourceConnectedId" });
    expect((await post(reporting(p.a!, team.id))).body).toMatchObject({ error: "badge_not_eligible", field: "TargetConnectedId" });
    expect((await post({ SourceConnectedId: p.a, TargetConnectedId: p.b, Type: "manages" })).body.error).toBe("invalid_request");
    expect((await post({ SourceConnectedId: p.a, TargetConnectedId: p.b })).body.error).toBe("invalid_request");
    expect((await post({ SourceConnectedId: p.a, TargetConnectedId: p.b, Type: "reporting", Note: "x" })).body.error).toBe("invalid_request");
    const malformed = await t.request("POST", `/api/org/${org.slug}/relationships`, { token: org.owner.token, body: "[", headers: { "content-type": "application/json" } });
    expect(malformed.body.error).toBe("invalid_json");
    expect((await api("DELETE", `/relationships?sourceId=${p.a}&targetId=${team.id}&type=member_of`)).body.error).toBe("relationship_type_not_allowed");
    expect((await api("DELETE", `/relationships?sourceId=${p.a}&targetId=${p.b}`)).body.error).toBe("invalid_request");
    expect((await api("GET", "/reporting/graph")).body.edges).toEqual([]);
  });
});

describe("no reporting cycle", () => {
  test("directly: a → b → c, then c → a is 400 reporting_cycle naming the cycle, and a → a's own report too", async () => {
    const { api, p } = await setup("cycle-direct", ["a", "b", "c"]);
    expect((await api("POST", "/relationships", reporting(p.a!, p.b!))).status).toBe(201);
    expect((await api("POST", "/relationships", reporting(p.b!, p.c!))).status).toBe(201);
    const r = await api("POST", "/relationships", reporting(p.c!, p.a!));
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("reporting_cycle");
    expect(r.body.cycle).toEqual([p.c, p.a, p.b, p.c]);
    expect((await api("POST", "/relationships", reporting(p.b!, p.a!))).body.error).toBe("reporting_cycle");
    expect(reportingPairs((await api("GET", "/reporting/graph")).body)).toEqual([`${p.a}>${p.b}`, `${p.b}>${p.c}`].sort());
  });

  test("through a lead change: a lead who reports to a member is refused, nothing changed", async () => {
    const { org, api, p } = await setup("cycle-lead", ["lead", "m1", "m2", "boss"]);
    const team = (await api("POST", "/teams", { Name: "T", LeadConnectedId: p.lead })).body;
    await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: p.m1 });
    await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: p.m2 });
    // boss reports to m2 (by hand); making boss the lead would have m2 report to boss.
    await api("POST", "/relationships", reporting(p.boss!, p.m2!));
    const before = reportingPairs((await api("GET", "/reporting/graph")).body);
    const r = await api("PUT", `/teams/${team.id}/lead`, { LeadConnectedId: p.boss });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("reporting_cycle");
    expect(r.body.cycle).toContain(p.boss);
    expect(reportingPairs((await api("GET", "/reporting/graph")).body)).toEqual(before);
    expect((await api("GET", "/teams")).body[0].leadConnectedId).toBe(p.lead);
    expect(await eventsOf(t, org, "reporting.team.lead_changed")).toEqual([]);
  });

  test("through a member add: the lead's own manager cannot join and report to the lead", async () => {
    const { api, p } = await setup("cycle-member", ["lead", "top"]);
    await api("POST", "/relationships", reporting(p.lead!, p.top!));
    const team = (await api("POST", "/teams", { Name: "T", LeadConnectedId: p.lead })).body;
    // top has no manager, so nothing to resolve: the add itself would close the cycle.
    const r = await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: p.top });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "reporting_cycle", cycle: [p.top, p.lead, p.top] });
    expect((await api("GET", `/teams/${team.id}/members`)).body).toEqual([]);
    // Without the reporting line it may join.
    expect((await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: p.top, Resolution: "none" })).status).toBe(201);
  });

  test("Resolution replace is checked on the graph after the replaced lines are gone: it still cannot close a cycle", async () => {
    const { api, p } = await setup("cycle-replace", ["lead", "x", "y"]);
    await api("POST", "/relationships", reporting(p.lead!, p.y!));
    await api("POST", "/relationships", reporting(p.y!, p.x!));
    const team = (await api("POST", "/teams", { Name: "T", LeadConnectedId: p.lead })).body;
    // x → lead would close lead → y → x → lead.
    expect((await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: p.x })).body.error).toBe("reporting_cycle");
    // y has a manager (x): replace drops y → x, and y → lead then closes lead → y → lead: still refused.
    expect((await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: p.y, Resolution: "replace" })).body.error).toBe("reporting_cycle");
    expect(reportingPairs((await api("GET", "/reporting/graph")).body)).toEqual([`${p.lead}>${p.y}`, `${p.y}>${p.x}`].sort());
  });

  test("two requests that together would close a cycle: one wins, no cycle is left", async () => {
    const { api, p } = await setup("cycle-race", ["a", "b", "c", "d"]);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([
        api("POST", "/relationships", reporting(p.a!, p.b!)),
        api("POST", "/relationships", reporting(p.b!, p.a!)),
        api("POST", "/relationships", reporting(p.c!, p.d!)),
        api("POST", "/relationships", reporting(p.d!, p.c!)),
      ]);
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201).length).toBe(2);
      expect(results.filter((r) => r.status === 400).map((r) => r.body.error)).toEqual(["reporting_cycle", "reporting_cycle"]);
      const pairs = reportingPairs((await api("GET", "/reporting/graph")).body);
      expect(pairs.length).toBe(2);
      expect(pairs.includes(`${p.a}>${p.b}`) !== pairs.includes(`${p.b}>${p.a}`)).toBe(true);
      for (const pair of pairs) {
        const [s, tg] = pair.split(">");
        expect((await api("DELETE", `/relationships?sourceId=${s}&targetId=${tg}&type=reporting`)).status).toBe(200);
      }
    }
  });

  test("a lead change and a hand-made edge racing to close a cycle: no cycle is left", async () => {
    const { api, p } = await setup("cycle-race-lead", ["lead", "m"]);
    const team = (await api("POST", "/teams", { Name: "T" })).body;
    await api("POST", `/teams/${team.id}/members`, { ConnectedIdId: p.m });
    const [setLead, edge] = await Promise.all([api("PUT", `/teams/${team.id}/lead`, { LeadConnectedId: p.lead }), api("POST", "/relationships", reporting(p.lead!, p.m!))]);
    // Whichever commits first stands; the other would close lead → m → lead and is refused.
    expect([setLead.status, edge.status]).toContainEqual(400);
    expect([`${setLead.status}/${edge.status}`]).toContainEqual(setLead.status === 200 ? "200/400" : "400/201");
    const pairs = reportingPairs((await api("GET", "/reporting/graph")).body);
    expect(pairs.length).toBe(1);
  });
});
