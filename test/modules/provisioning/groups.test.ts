/**
 * SCIM Groups (spec 4.10): custom roles, their active holders as members. POST creates a
 * role and gives it to the members; PUT and PATCH rename it and reconcile its holders;
 * DELETE deletes it and its holders return to Member. A member holds one role, so adding
 * a User to a Group moves them out of another. Built-in roles are not Groups.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addMember } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { createUser, ERROR_SCHEMA, eventsOf, GROUP_SCHEMA, patch, scimClient, scimOrg, type Scim, type ScimOrg } from "./support";

let t: TestApp;
let org: ScimOrg;
let scim: Scim;

beforeAll(async () => {
  t = await createTestApp();
  org = await scimOrg(t, "Groups");
  scim = scimClient(t, org);
});
afterAll(() => t.close());

const roleOf = async (connectedId: string) => ((await t.request("GET", `/api/org/${org.slug}/members`, { token: org.owner.token })).body as any[]).find((m) => m.connectedId === connectedId)?.role;
const memberIds = (group: any) => (group.members ?? []).map((m: any) => m.value).sort();

async function newGroup(displayName: string, members: string[] = [], extra: Record<string, unknown> = {}) {
  const r = await scim("POST", "/Groups", { schemas: [GROUP_SCHEMA], displayName, members: members.map((value) => ({ value })), ...extra });
  if (r.status !== 201) throw new Error(`group: ${r.status} ${r.text}`);
  return r.body;
}

describe("POST /Groups", () => {
  test("creates a custom role with the Member's scopes and gives it to the members named", async () => {
    const a = await createUser(scim, "g.create.a");
    const r = await scim("POST", "/Groups", { schemas: [GROUP_SCHEMA], displayName: "Platform Team", externalId: "grp-1", members: [{ value: a.id, display: "whatever" }] });
    expect(r.status).toBe(201);
    expect(r.headers.get("location")).toBe(`${t.config.baseUrl}/scim/v2/${org.slug}/Groups/${r.body.id}`);
    expect(r.body).toMatchObject({
      schemas: [GROUP_SCHEMA],
      displayName: "Platform Team",
      externalId: "grp-1",
      members: [{ value: a.id, display: a.displayName, type: "User", $ref: `${t.config.baseUrl}/scim/v2/${org.slug}/Users/${a.id}` }],
      meta: { resourceType: "Group" },
    });
    const roles = (await t.request("GET", `/api/org/${org.slug}/roles`, { token: org.owner.token })).body as any[];
    const role = roles.find((x) => x.id === r.body.id);
    expect(role).toMatchObject({ key: "platform_team", name: "Platform Team", builtin: false });
    expect(role.scopes).toEqual(roles.find((x) => x.key === "member").scopes);
    expect(await roleOf(a.id)).toBe(r.body.id);
    const types = (await eventsOf(t, org.orgId, "org.")).filter((e) => e.requestId === r.headers.get("x-request-id")).map((e) => e.type);
    expect(types).toEqual(["org.role.created", "org.member.role_changed", "org.scim.group_created"]);
  });

  test("displayName is required; an unknown member, a nested group or a bad body is refused and nothing is created", async () => {
    const before = (await scim("GET", "/Groups")).body.totalResults;
    expect((await scim("POST", "/Groups", { schemas: [GROUP_SCHEMA], members: [] })).body).toMatchObject({ status: "400", scimType: "invalidValue" });
    expect((await scim("POST", "/Groups", { displayName: "X", members: [{ value: "no-such-user" }] })).body).toMatchObject({ status: "400", scimType: "invalidValue" });
    const nested = await scim("POST", "/Groups", { displayName: "X", members: [{ value: "g1", type: "Group" }] });
    expect(nested.body.detail).toContain("nested");
    expect((await scim("POST", "/Groups", { displayName: "X", members: "not a list" })).status).toBe(400);
    expect((await scim("POST", "/Groups", { displayName: "x".repeat(101) })).body.scimType).toBe("invalidValue");
    expect((await scim("GET", "/Groups")).body.totalResults).toBe(before);
  });

  test("two Groups may share a name; each gets its own role key", async () => {
    const one = await newGroup("Twins");
    const two = await newGroup("Twins");
    const roles = (await t.request("GET", `/api/org/${org.slug}/roles`, { token: org.owner.token })).body as any[];
    expect([one.id, two.id].map((id) => roles.find((r) => r.id === id).key)).toEqual(["twins", "twins_2"]);
  });
});

describe("GET /Groups", () => {
  test("lists custom roles only (the built-in ones are not Groups), with active holders as members", async () => {
    const o = await scimOrg(t, "GroupsList");
    const s = scimClient(t, o);
    expect((await s("GET", "/Groups")).body).toMatchObject({ totalResults: 0, Resources: [] });
    const custom = await t.request("POST", `/api/org/${o.slug}/roles`, { token: o.owner.token, json: { key: "auditors", name: "Auditors", scopes: ["org.member.list"] } });
    const holder = await addMember(t, o, "holder@groups-list.example", custom.body.id);
    const sleeper = await addMember(t, o, "sleeper@groups-list.example", custom.body.id);
    const members = (await t.request("GET", `/api/org/${o.slug}/members`, { token: o.owner.token })).body as any[];
    const sleeperBadge = members.find((m) => m.userId === sleeper.userId).connectedId;
    await t.request("PATCH", `/api/org/${o.slug}/badges/${sleeperBadge}`, { token: o.owner.token, json: { status: "suspended" } });
    const list = await s("GET", "/Groups");
    expect(list.body.Resources.map((g: any) => g.displayName)).toEqual(["Auditors"]);
    expect(memberIds(list.body.Resources[0])).toEqual([members.find((m) => m.userId === holder.userId).connectedId]);
    expect((await s("GET", "/Groups/admin")).status).toBe(404);
    expect((await s("GET", "/Groups/member")).status).toBe(404);
  });

  test("GET /Groups/{id}; another organization's Group is 404; excludedAttributes=members", async () => {
    const g = await newGroup("Fetched", [(await createUser(scim, "g.fetch")).id]);
    expect((await scim("GET", `/Groups/${g.id}`)).body).toEqual(g);
    const without = await scim("GET", `/Groups/${g.id}?excludedAttributes=members`);
    expect(without.body.members).toBeUndefined();
    expect(without.body.displayName).toBe("Fetched");
    const o = await scimOrg(t, "GroupsElsewhere");
    const foreign = await newGroupIn(scimClient(t, o), "Theirs");
    const r = await scim("GET", `/Groups/${foreign.id}`);
    expect(r.status).toBe(404);
    expect(r.body.schemas).toEqual([ERROR_SCHEMA]);
  });
});

async function newGroupIn(s: Scim, displayName: string) {
  return (await s("POST", "/Groups", { displayName })).body;
}

describe("PUT /Groups/{id}", () => {
  test("renames the role and makes its holders exactly the members named", async () => {
    const [a, b, c] = [await createUser(scim, "g.put.a"), await createUser(scim, "g.put.b"), await createUser(scim, "g.put.c")];
    const g = await newGroup("Before", [a.id, b.id]);
    const r = await scim("PUT", `/Groups/${g.id}`, { schemas: [GROUP_SCHEMA], displayName: "After", members: [{ value: b.id }, { value: c.id }] });
    expect(r.status).toBe(200);
    expect(r.body.displayName).toBe("After");
    expect(memberIds(r.body)).toEqual([b.id, c.id].sort());
    expect(await roleOf(a.id)).toBe("member");
    expect(await roleOf(c.id)).toBe(g.id);
    const updated = (await eventsOf(t, org.orgId, "org.scim.group_updated")).at(-1)!;
    expect(updated.payload).toEqual({ roleId: g.id, displayName: "After", renamedFrom: "Before", added: [c.id], removed: [a.id] });
    const role = ((await t.request("GET", `/api/org/${org.slug}/roles`, { token: org.owner.token })).body as any[]).find((x) => x.id === g.id);
    expect(role).toMatchObject({ name: "After", key: "before" });
  });

  test("a PUT without members empties the Group", async () => {
    const a = await createUser(scim, "g.put.empty");
    const g = await newGroup("Emptied", [a.id]);
    const r = await scim("PUT", `/Groups/${g.id}`, { displayName: "Emptied" });
    expect(r.body.members).toEqual([]);
    expect(await roleOf(a.id)).toBe("member");
  });

  test("adding a User to a Group moves them out of the one they were in", async () => {
    const a = await createUser(scim, "g.mover");
    const first = await newGroup("First", [a.id]);
    const second = await newGroup("Second", [a.id]);
    expect(await roleOf(a.id)).toBe(second.id);
    expect((await scim("GET", `/Groups/${first.id}`)).body.members).toEqual([]);
    expect((await scim("GET", `/Users/${a.id}`)).body.groups.map((x: any) => x.value)).toEqual([second.id]);
  });

  test("the owner and admins are never moved into a Group: 403, nothing changed", async () => {
    const ownerId = (await scim("GET", `/Users?filter=${encodeURIComponent(`userName eq "${org.owner.email}"`)}`)).body.Resources[0].id;
    const g = await newGroup("Protected");
    const r = await scim("PUT", `/Groups/${g.id}`, { displayName: "Protected", members: [{ value: ownerId }] });
    expect(r.status).toBe(403);
    expect(await roleOf(ownerId)).toBe("owner");
  });
});

describe("PATCH /Groups/{id}", () => {
  test("add members, remove one by members[value eq], rename: RFC 7644 §3.5.2", async () => {
    const [a, b] = [await createUser(scim, "g.patch.a"), await createUser(scim, "g.patch.b")];
    const g = await newGroup("Patched");
    let r = await scim("PATCH", `/Groups/${g.id}`, patch({ op: "add", path: "members", value: [{ value: a.id, display: "A" }, { value: b.id }] }));
    expect(r.status).toBe(200);
    expect(memberIds(r.body)).toEqual([a.id, b.id].sort());
    r = await scim("PATCH", `/Groups/${g.id}`, patch({ op: "remove", path: `members[value eq "${a.id}"]` }));
    expect(memberIds(r.body)).toEqual([b.id]);
    expect(await roleOf(a.id)).toBe("member");
    r = await scim("PATCH", `/Groups/${g.id}`, patch({ op: "replace", path: "displayName", value: "Renamed" }));
    expect(r.body.displayName).toBe("Renamed");
    expect(memberIds(r.body)).toEqual([b.id]);
  });

  test("Entra's form: capitalised op, removal by a value list, a value without a path", async () => {
    const [a, b] = [await createUser(scim, "g.entra.a"), await createUser(scim, "g.entra.b")];
    const g = await newGroup("Entra", [a.id, b.id]);
    let r = await scim("PATCH", `/Groups/${g.id}`, patch({ op: "Remove", path: "members", value: [{ value: a.id }] }));
    expect(r.status).toBe(200);
    expect(memberIds(r.body)).toEqual([b.id]);
    r = await scim("PATCH", `/Groups/${g.id}`, patch({ op: "Add", path: "members", value: [{ value: a.id }] }), { headers: { "content-type": "application/json" } });
    expect(memberIds(r.body)).toEqual([a.id, b.id].sort());
    r = await scim("PATCH", `/Groups/${g.id}`, patch({ op: "Replace", value: { id: g.id, displayName: "Entra Renamed" } }));
    expect(r.body.displayName).toBe("Entra Renamed");
    // Adding a member who already is one changes nothing.
    const before = (await eventsOf(t, org.orgId, "org.")).length;
    await scim("PATCH", `/Groups/${g.id}`, patch({ op: "Add", path: "members", value: [{ value: b.id }] }));
    expect((await eventsOf(t, org.orgId, "org.")).length).toBe(before);
  });

  test("remove all members; replace members", async () => {
    const [a, b, c] = [await createUser(scim, "g.all.a"), await createUser(scim, "g.all.b"), await createUser(scim, "g.all.c")];
    const g = await newGroup("All", [a.id, b.id]);
    let r = await scim("PATCH", `/Groups/${g.id}`, patch({ op: "replace", path: "members", value: [{ value: c.id }] }));
    expect(memberIds(r.body)).toEqual([c.id]);
    r = await scim("PATCH", `/Groups/${g.id}`, patch({ op: "remove", path: "members" }));
    expect(r.body.members).toEqual([]);
    expect(await Promise.all([a, b, c].map((u) => roleOf(u.id)))).toEqual(["member", "member", "member"]);
  });

  test("bad operations are refused in SCIM's terms, nothing changed", async () => {
    const a = await createUser(scim, "g.bad");
    const g = await newGroup("Bad", [a.id]);
    const cases: Array<[unknown, string]> = [
      [patch({ op: "move", path: "members" }), "invalidSyntax"],
      [{ Operations: [{ op: "add", path: "members", value: [] }] }, "invalidSyntax"],
      [patch(), "invalidSyntax"],
      [patch({ op: "add", path: "owners", value: "x" }), "invalidPath"],
      [patch({ op: "replace", path: "id", value: "x" }), "mutability"],
      [patch({ op: "replace", path: "meta.created", value: "x" }), "mutability"],
      [patch({ op: "remove" }), "noTarget"],
      [patch({ op: "add", path: "members", value: [{ value: "no-such-user" }] }), "invalidValue"],
      [patch({ op: "add", path: "members", value: "string id 1" }), "invalidValue"],
    ];
    for (const [body, scimType] of cases) {
      const r = await scim("PATCH", `/Groups/${g.id}`, body);
      expect({ body, status: r.status, scimType: r.body.scimType }).toEqual({ body, status: 400, scimType });
    }
    expect(memberIds((await scim("GET", `/Groups/${g.id}`)).body)).toEqual([a.id]);
    expect((await scim("PATCH", "/Groups/nope", patch({ op: "remove", path: "members" }))).status).toBe(404);
  });
});

describe("DELETE /Groups/{id}", () => {
  test("deletes the role; its holders return to Member; 204", async () => {
    const a = await createUser(scim, "g.del");
    const g = await newGroup("Doomed", [a.id]);
    const r = await scim("DELETE", `/Groups/${g.id}`);
    expect(r.status).toBe(204);
    expect(await roleOf(a.id)).toBe("member");
    expect((await scim("GET", `/Groups/${g.id}`)).status).toBe(404);
    const roles = (await t.request("GET", `/api/org/${org.slug}/roles`, { token: org.owner.token })).body as any[];
    expect(roles.some((x) => x.id === g.id)).toBe(false);
    const types = (await eventsOf(t, org.orgId, "org.")).filter((e) => e.requestId === r.headers.get("x-request-id")).map((e) => e.type);
    expect(types).toEqual(["org.member.role_changed", "org.role.deleted", "org.scim.group_deleted"]);
    expect((await scim("DELETE", `/Groups/${g.id}`)).status).toBe(404);
  });

  test("a role a pending invitation holds is 409, nothing deleted", async () => {
    const g = await newGroup("Invited");
    const invite = await t.request("POST", `/api/org/${org.slug}/invitations`, { token: org.owner.token, json: { email: "invitee@groups.example", role: g.id } });
    expect(invite.status).toBe(201);
    const r = await scim("DELETE", `/Groups/${g.id}`);
    expect(r.status).toBe(409);
    expect(r.body.schemas).toEqual([ERROR_SCHEMA]);
    expect((await scim("GET", `/Groups/${g.id}`)).status).toBe(200);
  });
});
