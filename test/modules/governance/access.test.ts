/**
 * Who reaches teams and the graph: no credential 401; another organization's owner 404;
 * a built-in Member or Director reads teams and the graph but changes nothing (403
 * PERMISSION_DENIED); an Admin does everything; an M2M token acts within its key's scopes,
 * and a key scoped to one app group is refused (401 org_wide_key_required).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createAppGroup, createOrg, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { eventsOf, orgApi, person, type Person } from "./support";

let t: TestApp;
let org: TestOrg;
let api: ReturnType<typeof orgApi>;
let teamId: string;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "owner@gov-access.test", "GovAccess");
  api = orgApi(t, org);
  alice = await person(t, org, "alice@gov-access.test");
  bob = await person(t, org, "bob@gov-access.test");
  teamId = (await api("POST", "/teams", { Name: "Crew" })).body.id;
  await api("POST", `/teams/${teamId}/members`, { ConnectedIdId: alice.connectedId });
});
afterAll(() => t.close());

type Call = [method: string, path: string, body?: unknown];
const reads = (): Call[] => [
  ["GET", "/teams"],
  ["GET", `/teams/${teamId}/members`],
  ["GET", "/reporting/graph"],
];
const writes = (): Call[] => [
    ["POST", "/teams", { Name: "Another" }],
    ["PATCH", `/teams/${teamId}`, { Name: "Renamed" }],
    ["PUT", `/teams/${teamId}/lead`, { LeadConnectedId: alice.connectedId }],
    ["POST", `/teams/${teamId}/members`, { ConnectedIdId: bob.connectedId }],
    ["DELETE", `/teams/${teamId}/members/${alice.connectedId}`],
    ["POST", "/relationships", { SourceConnectedId: bob.connectedId, TargetConnectedId: alice.connectedId, Type: "reporting" }],
    ["DELETE", `/relationships?sourceId=${alice.connectedId}&targetId=${bob.connectedId}&type=reference`],
];

describe("refused callers", () => {
  test("no credential: 401 on every route", async () => {
    for (const [method, path, body] of [...reads(), ...writes()]) {
      const r = await api(method, path, body, null);
      expect({ route: `${method} ${path}`, status: r.status }).toEqual({ route: `${method} ${path}`, status: 401 });
    }
  });

  test("another organization's owner: 404, as for an unknown organization", async () => {
    const other = await createOrg(t, "owner@gov-access-other.test", "GovAccessOther");
    for (const [method, path, body] of [...reads(), ...writes()]) {
      const r = await api(method, path, body, other.owner.token);
      expect({ route: `${method} ${path}`, status: r.status, error: r.body.error }).toEqual({ route: `${method} ${path}`, status: 404, error: "not_found" });
    }
  });

  test("a Member and a Director read teams and the graph, and change nothing (403 PERMISSION_DENIED)", async () => {
    const director = await person(t, org, "director@gov-access.test", "org_director");
    for (const who of [alice, director]) {
      for (const [method, path] of reads()) expect((await api(method, path, undefined, who.token)).status).toBe(200);
      for (const [method, path, body] of writes()) {
        const r = await api(method, path, body, who.token);
        expect({ route: `${method} ${path}`, status: r.status, error: r.body.error }).toEqual({ route: `${method} ${path}`, status: 403, error: "PERMISSION_DENIED" });
      }
    }
    expect((await api("GET", "/teams")).body[0]).toMatchObject({ name: "Crew", memberCount: 1 });
  });
});

describe("allowed callers", () => {
  test("an Admin manages teams and relationships", async () => {
    const admin = await person(t, org, "admin@gov-access.test", "admin");
    const team = await api("POST", "/teams", { Name: "Admins' team" }, admin.token);
    expect(team.status).toBe(201);
    expect((await api("PUT", `/teams/${team.body.id}/lead`, { LeadConnectedId: admin.connectedId }, admin.token)).status).toBe(200);
    const [event] = (await eventsOf(t, org, "reporting.team.lead_changed")).filter((e) => e.payload.teamId === team.body.id);
    expect(event!.actorId).toBe(admin.userId);
    expect(event!.actorConnectedId).toBe(admin.connectedId);
  });

  test("an M2M token acts within its key's scopes; an app-group key is refused", async () => {
    const key = async (body: Record<string, unknown>) => (await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: body })).body.key as string;
    const m2m = async (apiKey: string) => (await t.request("POST", "/api/m2m/token", { json: { orgSlug: org.slug, apiKey } })).body.accessToken as string;
    const reader = await m2m(await key({ scopes: ["org.team.list", "org.reporting.read"] }));
    const writer = await m2m(await key({ scopes: ["org.team.*", "org.reporting.*"] }));
    const group = await createAppGroup(t, org);
    const grouped = await m2m(await key({ scopes: ["org.*"], appGroupId: group.groupKey }));

    expect((await api("GET", "/reporting/graph", undefined, reader)).status).toBe(200);
    const denied = await api("POST", "/teams", { Name: "By reader" }, reader);
    expect({ status: denied.status, error: denied.body.error }).toEqual({ status: 403, error: "PERMISSION_DENIED" });
    const made = await api("POST", "/teams", { Name: "By machine" }, writer);
    expect(made.status).toBe(201);
    expect((await api("POST", "/relationships", { SourceConnectedId: bob.connectedId, TargetConnectedId: alice.connectedId, Type: "reference" }, writer)).status).toBe(201);
    const [created] = (await eventsOf(t, org, "reporting.team.created")).filter((e) => e.payload.teamId === made.body.id);
    expect(created!.actorKind).toBe("m2m");
    const refused = await api("GET", "/teams", undefined, grouped);
    expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 401, error: "org_wide_key_required" });
  });
});
