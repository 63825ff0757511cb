/**
 * Members: the list, role changes and removal (leaving included), with the owner's
 * protections, the admin rule and custom roles of this organization only.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { connectedIds, memberships } from "../../../../src/modules/orgs/schema";
import { addMember, signInAs } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { auditTypes, createRole, lastAudit, orgState, orgWithStaff, type Staff } from "./fixtures";

let t: TestApp;
let acme: Staff;
let beta: Staff;
beforeAll(async () => {
  t = await createTestApp();
  acme = await orgWithStaff(t, "Acme");
  beta = await orgWithStaff(t, "Beta");
});
afterAll(() => t.close());

const members = (s: Staff) => `/api/org/${s.org.slug}/members`;

describe("GET /members", () => {
  test("every built-in role lists every member with role, badge and joinedAt", async () => {
    for (const who of [acme.owner, acme.admin, acme.member, acme.director]) {
      const r = await t.request("GET", members(acme), { token: who.token });
      expect(r.status).toBe(200);
      expect(r.body.map((m: any) => m.email).sort()).toEqual(["admin@acme.example", "director@acme.example", "member@acme.example", "owner@acme.example"]);
    }
    const r = await t.request("GET", members(acme), { token: acme.member.token });
    const owner = r.body.find((m: any) => m.userId === acme.owner.userId);
    expect(owner).toMatchObject({ email: "owner@acme.example", role: "owner", roleName: "Owner", isOwner: true });
    expect(owner.badge).toEqual({ type: "person", membershipType: "member", status: "active" });
    expect(typeof owner.connectedId).toBe("string");
    expect(new Date(owner.joinedAt).toISOString()).toBe(owner.joinedAt);
    const director = r.body.find((m: any) => m.userId === acme.director.userId);
    expect(director).toMatchObject({ role: "org_director", roleName: "Director", isOwner: false });
  });

  test("a custom role's name is shown; a custom role without org.member.list cannot list", async () => {
    const viewer = await createRole(t, acme.org, "list_viewer", ["org.member.list"]);
    const blind = await createRole(t, acme.org, "blind", ["org.meeting.read"]);
    const v = await addMember(t, acme.org, "viewer@acme.example", viewer);
    const b = await addMember(t, acme.org, "blind@acme.example", blind);
    const r = await t.request("GET", members(acme), { token: v.token });
    expect(r.status).toBe(200);
    expect(r.body.find((m: any) => m.userId === v.userId)).toMatchObject({ role: viewer, roleName: "Role list_viewer" });
    const denied = await t.request("GET", members(acme), { token: b.token });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: "PERMISSION_DENIED", scope: "org.member.list" });
  });

  test("no session is 401; another organization's member and an unknown slug are the same 404", async () => {
    expect((await t.request("GET", members(acme))).status).toBe(401);
    const other = await t.request("GET", members(acme), { token: beta.owner.token });
    const unknown = await t.request("GET", "/api/org/no-such-org/members", { token: beta.owner.token });
    expect(other.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(other.body).toEqual(unknown.body);
  });
});

describe("PATCH /members/:userId", () => {
  test("an admin changes a member to director and back; org.member.role_changed is recorded", async () => {
    const target = await addMember(t, acme.org, "promote@acme.example");
    let r = await t.request("PATCH", `${members(acme)}/${target.userId}`, { token: acme.admin.token, json: { role: "ORG_DIRECTOR" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ userId: target.userId, role: "org_director", roleName: "Director" });
    const event = await lastAudit(t, acme.org.orgId);
    expect(event).toMatchObject({ type: "org.member.role_changed", actorKind: "user", actorId: acme.admin.userId });
    expect(event.payload).toMatchObject({ userId: target.userId, from: "member", to: "org_director" });
    r = await t.request("PATCH", `${members(acme)}/${target.userId}`, { token: acme.owner.token, json: { role: "member" } });
    expect(r.status).toBe(200);
    const [row] = await t.ctx.db.read.select().from(memberships).where(and(eq(memberships.orgId, acme.org.orgId), eq(memberships.userId, target.userId)));
    expect(row!.role).toBe("member");
  });

  test("the new role takes effect on the member's next request", async () => {
    const target = await addMember(t, acme.org, "effect@acme.example");
    expect((await t.request("GET", `/api/org/${acme.org.slug}/invitations`, { token: target.token })).status).toBe(403);
    await t.request("PATCH", `${members(acme)}/${target.userId}`, { token: acme.owner.token, json: { role: "admin" } });
    expect((await t.request("GET", `/api/org/${acme.org.slug}/invitations`, { token: target.token })).status).toBe(200);
  });

  test("setting the role a member already has changes nothing and records nothing", async () => {
    const target = await addMember(t, acme.org, "same@acme.example");
    const before = await auditTypes(t, acme.org.orgId);
    const r = await t.request("PATCH", `${members(acme)}/${target.userId}`, { token: acme.admin.token, json: { role: "member" } });
    expect(r.status).toBe(200);
    expect(await auditTypes(t, acme.org.orgId)).toEqual(before);
  });

  test("custom roles of this organization are assignable; another organization's role id is refused like an unknown one", async () => {
    const target = await addMember(t, acme.org, "custom@acme.example");
    const mine = await createRole(t, acme.org, "reviewer", ["org.member.list"]);
    const theirs = await createRole(t, beta.org, "reviewer", ["org.member.list"]);
    let r = await t.request("PATCH", `${members(acme)}/${target.userId}`, { token: acme.admin.token, json: { role: mine } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ role: mine, roleName: "Role reviewer" });
    const before = await orgState(t, acme.org.orgId);
    for (const role of [theirs, "00000000-0000-0000-0000-000000000000", "superuser"]) {
      r = await t.request("PATCH", `${members(acme)}/${target.userId}`, { token: acme.admin.token, json: { role } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_role", field: "role" });
    }
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
  });

  test("nobody changes the owner's role, not even the owner; nobody is made owner", async () => {
    const before = await orgState(t, acme.org.orgId);
    for (const who of [acme.owner, acme.admin]) {
      const r = await t.request("PATCH", `${members(acme)}/${acme.owner.userId}`, { token: who.token, json: { role: "member" } });
      expect(r.status).toBe(409);
      expect(r.body.error).toBe("owner_protected");
    }
    const r = await t.request("PATCH", `${members(acme)}/${acme.member.userId}`, { token: acme.owner.token, json: { role: "owner" } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_role", field: "role" });
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
  });

  test("only the owner makes someone admin or changes an admin's role", async () => {
    const target = await addMember(t, acme.org, "would-be-admin@acme.example");
    const before = await orgState(t, acme.org.orgId);
    let r = await t.request("PATCH", `${members(acme)}/${target.userId}`, { token: acme.admin.token, json: { role: "admin" } });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("owner_required");
    r = await t.request("PATCH", `${members(acme)}/${acme.admin.userId}`, { token: acme.admin.token, json: { role: "member" } });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("owner_required");
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
    r = await t.request("PATCH", `${members(acme)}/${target.userId}`, { token: acme.owner.token, json: { role: "admin" } });
    expect(r.status).toBe(200);
  });

  test("members, directors and custom roles cannot change roles, even with org.* in a custom role", async () => {
    const wide = await createRole(t, acme.org, "wide", ["org.*"]);
    const w = await addMember(t, acme.org, "wide@acme.example", wide);
    const target = await addMember(t, acme.org, "untouched@acme.example");
    const before = await orgState(t, acme.org.orgId);
    for (const who of [acme.member, acme.director, w]) {
      const r = await t.request("PATCH", `${members(acme)}/${target.userId}`, { token: who.token, json: { role: "org_director" } });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("admin_required");
    }
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
  });

  test("a custom role is assignable only by someone holding all its scopes", async () => {
    const billing = await createRole(t, acme.org, "billing_viewer", ["view.billing"]);
    const target = await addMember(t, acme.org, "billing@acme.example");
    const r = await t.request("PATCH", `${members(acme)}/${target.userId}`, { token: acme.admin.token, json: { role: billing } });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: "scopes_not_held", field: "role", scopes: ["view.billing"] });
    expect((await t.request("PATCH", `${members(acme)}/${target.userId}`, { token: acme.owner.token, json: { role: billing } })).status).toBe(200);
  });

  test("unknown users, non-members and another organization's members are 404", async () => {
    const stranger = await signInAs(t, "stranger@elsewhere.example");
    for (const id of [stranger.userId, beta.member.userId, "nope"]) {
      const r = await t.request("PATCH", `${members(acme)}/${id}`, { token: acme.owner.token, json: { role: "member" } });
      expect(r.status).toBe(404);
    }
  });

  test("bad bodies are 400 naming the field", async () => {
    const url = `${members(acme)}/${acme.member.userId}`;
    let r = await t.request("PATCH", url, { token: acme.owner.token, json: {} });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe("role");
    r = await t.request("PATCH", url, { token: acme.owner.token, json: { role: 7 } });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe("role");
    r = await t.request("PATCH", url, { token: acme.owner.token, json: { role: "x".repeat(101) } });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe("role");
    r = await t.request("PATCH", url, { token: acme.owner.token, body: "{not json", headers: { "content-type": "application/json" } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invalid_json");
  });
});

describe("DELETE /members/:userId", () => {
  test("an admin removes a member: membership gone, badge revoked and kept, org.member.removed", async () => {
    const target = await addMember(t, acme.org, "removed@acme.example");
    const r = await t.request("DELETE", `${members(acme)}/${target.userId}`, { token: acme.admin.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ userId: target.userId, removed: true });
    const rows = await t.ctx.db.read.select().from(memberships).where(and(eq(memberships.orgId, acme.org.orgId), eq(memberships.userId, target.userId)));
    expect(rows).toHaveLength(0);
    const badges = await t.ctx.db.read.select().from(connectedIds).where(and(eq(connectedIds.orgId, acme.org.orgId), eq(connectedIds.userId, target.userId)));
    expect(badges.map((b) => b.status)).toEqual(["revoked"]);
    const event = await lastAudit(t, acme.org.orgId);
    expect(event.type).toBe("org.member.removed");
    expect(event.payload).toMatchObject({ userId: target.userId, connectedId: badges[0]!.id, role: "member" });
    // The removed person is now a stranger to the organization.
    expect((await t.request("GET", members(acme), { token: target.token })).status).toBe(404);
    expect((await t.request("DELETE", `${members(acme)}/${target.userId}`, { token: acme.admin.token })).status).toBe(404);
  });

  test("a member may leave; a member may not remove anyone else", async () => {
    const leaver = await addMember(t, acme.org, "leaver@acme.example");
    const before = await orgState(t, acme.org.orgId);
    const refused = await t.request("DELETE", `${members(acme)}/${acme.director.userId}`, { token: leaver.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "PERMISSION_DENIED", scope: "org.member.remove" });
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
    const r = await t.request("DELETE", `${members(acme)}/${leaver.userId}`, { token: leaver.token });
    expect(r.status).toBe(200);
    expect((await lastAudit(t, acme.org.orgId)).payload).toMatchObject({ userId: leaver.userId, left: true });
  });

  test("the owner cannot be removed and cannot leave", async () => {
    const before = await orgState(t, acme.org.orgId);
    for (const who of [acme.owner, acme.admin]) {
      const r = await t.request("DELETE", `${members(acme)}/${acme.owner.userId}`, { token: who.token });
      expect(r.status).toBe(409);
      expect(r.body.error).toBe("owner_protected");
    }
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
  });

  test("only the owner removes an admin; an admin may leave", async () => {
    const a1 = await addMember(t, acme.org, "admin1@acme.example", "admin");
    const a2 = await addMember(t, acme.org, "admin2@acme.example", "admin");
    const r = await t.request("DELETE", `${members(acme)}/${a2.userId}`, { token: a1.token });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("owner_required");
    expect((await t.request("DELETE", `${members(acme)}/${a1.userId}`, { token: a1.token })).status).toBe(200);
    expect((await t.request("DELETE", `${members(acme)}/${a2.userId}`, { token: acme.owner.token })).status).toBe(200);
  });

  test("a custom role with org.member.remove removes members; another organization's member is 404", async () => {
    const remover = await createRole(t, acme.org, "remover", ["org.member.remove", "org.member.list"]);
    const r1 = await addMember(t, acme.org, "remover@acme.example", remover);
    const target = await addMember(t, acme.org, "target@acme.example");
    expect((await t.request("DELETE", `${members(acme)}/${beta.member.userId}`, { token: r1.token })).status).toBe(404);
    expect((await t.request("DELETE", `${members(acme)}/${target.userId}`, { token: r1.token })).status).toBe(200);
  });

  test("a removed member invited again gets a fresh badge; the revoked one stays as history", async () => {
    const target = await addMember(t, acme.org, "again@acme.example");
    await t.request("DELETE", `${members(acme)}/${target.userId}`, { token: acme.owner.token });
    await addMember(t, acme.org, "again@acme.example");
    const badges = await t.ctx.db.read.select().from(connectedIds).where(and(eq(connectedIds.orgId, acme.org.orgId), eq(connectedIds.userId, target.userId)));
    expect(badges.map((b) => b.status).sort()).toEqual(["active", "revoked"]);
    const list = await t.request("GET", members(acme), { token: target.token });
    expect(list.body.find((m: any) => m.userId === target.userId).connectedId).toBe(badges.find((b) => b.status === "active")!.id);
  });
});
