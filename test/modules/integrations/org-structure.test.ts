/**
 * A hierarchy source's org structure (spec 4.9): the setup wizard's previews, and
 * materialize: Owner or Admin only, the whole tree (teams, members, reporting edges) in
 * one transaction, never synced on its own.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { orgRelationships, teamMembers, teams } from "../../../src/modules/governance/schema";
import { auditEvents } from "../../../src/platform/audit/schema";
import { addMember, createOrg, type SignedInUser, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { HR_FIELDS, sendInbound, TICKETING_FIELDS, webhookSecretOf } from "./support";

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let admin: SignedInUser;
let member: SignedInUser;
let secret: string;

const api = (method: string, path: string, token = org.owner.token, json?: unknown) => t.request(method, `/api/org/${org.slug}/integrations${path}`, { token, json });
const person = (id: string, name: string, department: string, managerId?: string, email = `${id}@structure.example`) =>
  sendInbound(t, org.slug, secret, { moduleKey: "hr_directory", type: "employee.upserted", data: { id, name, email, department, ...(managerId ? { managerId } : {}) } });
const graph = async () => ({
  teams: await t.ctx.db.read.select().from(teams).where(eq(teams.orgId, org.orgId)),
  members: await t.ctx.db.read.select().from(teamMembers).where(eq(teamMembers.orgId, org.orgId)),
  edges: await t.ctx.db.read.select().from(orgRelationships).where(eq(orgRelationships.orgId, org.orgId)),
});

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "ceo@structure.example", "Structure Co");
  other = await createOrg(t, "owner@structure-other.example", "Structure Other");
  admin = await addMember(t, org, "cto@structure.example", "admin");
  member = await addMember(t, org, "dev@structure.example");
  await addMember(t, org, "ops@structure.example");
  secret = await webhookSecretOf(t, org);
  expect((await api("POST", "/hr_directory/enable", org.owner.token, { fields: HR_FIELDS })).status).toBe(200);
  expect((await api("POST", "/ticketing/enable", org.owner.token, { fields: TICKETING_FIELDS })).status).toBe(200);
});
afterAll(() => t.close());

describe("before there is a directory", () => {
  test("materialize refuses an empty directory, and a module that is no hierarchy source", async () => {
    expect((await api("POST", "/hr_directory/org-structure/materialize")).body.error).toBe("empty_hierarchy");
    expect((await api("GET", "/ticketing/hierarchy-preview")).body.error).toBe("no_hierarchy_source");
    expect((await api("POST", "/ticketing/org-structure/materialize")).body.error).toBe("no_hierarchy_source");
  });
});

describe("previews and materialize", () => {
  beforeAll(async () => {
    expect((await person("ceo", "Cee", "Company", undefined, "ceo@structure.example")).status).toBe(202);
    expect((await person("cto", "Tee", "Company/Engineering", "ceo", "cto@structure.example")).status).toBe(202);
    expect((await person("dev", "Dee", "Company/Engineering/Platform", "cto", "dev@structure.example")).status).toBe(202);
    expect((await person("ops", "Oh", "Company/Operations/Platform", "ceo", "ops@structure.example")).status).toBe(202);
    expect((await person("ext", "Contractor", "Company/Operations", "ceo", "nobody@elsewhere.example")).status).toBe(202);
  });

  test("hierarchy-preview, org-structure and its members match people by e-mail; shared unit names take their path", async () => {
    const preview = await api("GET", "/hr_directory/hierarchy-preview");
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ people: 5, matched: 4, unmatched: 1 });
    expect(preview.body.units.map((u: any) => [u.key, u.name, u.depth, u.people, u.matched])).toEqual([
      ["Company", "Company", 1, 1, 1],
      ["Company / Engineering", "Engineering", 2, 1, 1],
      ["Company / Operations", "Operations", 2, 1, 0],
      ["Company / Engineering / Platform", "Company / Engineering / Platform", 3, 1, 1],
      ["Company / Operations / Platform", "Company / Operations / Platform", 3, 1, 1],
    ]);
    const structure = await api("GET", "/hr_directory/org-structure");
    expect(structure.body.reportingEdges).toBe(3);
    const people = await api("GET", "/hr_directory/org-structure/members");
    const dev = people.body.find((p: any) => p.externalId === "dev");
    expect(dev).toMatchObject({ unit: "Company / Engineering / Platform", managerExternalId: "cto" });
    expect(dev.connectedId).toBeString();
    expect(dev.managerConnectedId).toBeString();
    expect(people.body.find((p: any) => p.externalId === "ext").connectedId).toBeNull();
  });

  test("nothing is synced on its own: inbound events change the directory, not the teams", async () => {
    expect(await graph()).toEqual({ teams: [], members: [], edges: [] });
  });

  test("a member, another organization and no credential may not materialize; nothing is created", async () => {
    expect((await api("POST", "/hr_directory/org-structure/materialize", member.token)).status).toBe(403);
    expect((await t.request("POST", `/api/org/${org.slug}/integrations/hr_directory/org-structure/materialize`, { token: other.owner.token })).status).toBe(404);
    expect((await t.request("POST", `/api/org/${org.slug}/integrations/hr_directory/org-structure/materialize`)).status).toBe(401);
    expect(await graph()).toEqual({ teams: [], members: [], edges: [] });
  });

  test("an admin materializes the whole tree in one go; a second run reuses it and adds nothing", async () => {
    const r = await api("POST", "/hr_directory/org-structure/materialize", admin.token);
    expect(r.status).toBe(200);
    expect(r.body.teams.map((x: any) => [x.key, x.created])).toEqual([
      ["Company", true],
      ["Company / Engineering", true],
      ["Company / Operations", true],
      ["Company / Engineering / Platform", true],
      ["Company / Operations / Platform", true],
    ]);
    expect(r.body).toMatchObject({ membersPlaced: 4, edgesAdded: 3, edgesSkipped: [], unmatched: 1 });
    const after = await graph();
    expect(after.teams).toHaveLength(5);
    const byId = new Map(r.body.teams.map((x: any) => [x.teamId, x.key]));
    const platform = after.teams.find((x) => byId.get(x.id) === "Company / Engineering / Platform")!;
    expect(byId.get(platform.parentTeamId!)).toBe("Company / Engineering");
    expect(after.members).toHaveLength(4);
    expect(after.edges).toHaveLength(3);
    const sealed = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, org.orgId));
    expect(sealed.filter((e) => e.type === "integration.org_structure_materialized")).toHaveLength(1);
    expect(sealed.filter((e) => e.type === "reporting.team.created")).toHaveLength(5);

    const again = await api("POST", "/hr_directory/org-structure/materialize");
    expect(again.body.teams.every((x: any) => !x.created)).toBe(true);
    expect(again.body).toMatchObject({ membersPlaced: 0, edgesAdded: 0 });
    expect(again.body.edgesSkipped.map((e: any) => e.reason)).toEqual(["exists", "exists", "exists"]);
    expect((await graph()).edges).toHaveLength(3);
  });

  test("an edge that would close a reporting cycle is skipped and listed, the rest is written", async () => {
    // The CEO now reports to the developer: a cycle through the CTO.
    expect((await person("ceo", "Cee", "Company", "dev", "ceo@structure.example")).status).toBe(202);
    const r = await api("POST", "/hr_directory/org-structure/materialize");
    expect(r.status).toBe(200);
    expect(r.body.edgesSkipped.filter((e: any) => e.reason === "cycle")).toHaveLength(1);
    expect((await graph()).edges).toHaveLength(3);
  });
});
