/**
 * Custom roles: list (built-in roles with their scopes included), create, replace and
 * delete; key and scope validation; a role never grants more than its author holds;
 * a role in use is kept; edits take effect on the holders' next request.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { orgRoles } from "../../../../src/modules/orgs/schema";
import { ROLE_SCOPES } from "../../../../src/modules/orgs/permissions/roles";
import { addMember } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { createRole, lastAudit, orgState, orgWithStaff, type Staff } from "./fixtures";

let t: TestApp;
let acme: Staff;
let beta: Staff;
beforeAll(async () => {
  t = await createTestApp();
  acme = await orgWithStaff(t, "Acme");
  beta = await orgWithStaff(t, "Beta");
});
afterAll(() => t.close());

const roles = (s: Staff) => `/api/org/${s.org.slug}/roles`;

describe("GET /roles", () => {
  test("lists the built-in roles with their scopes, then this organization's custom roles", async () => {
    const id = await createRole(t, acme.org, "auditor", ["org.audit_event_log.list"]);
    await createRole(t, beta.org, "beta_only", ["org.member.list"]);
    const r = await t.request("GET", roles(acme), { token: acme.member.token });
    expect(r.status).toBe(200);
    expect(r.body.slice(0, 4).map((x: any) => [x.id, x.key, x.name, x.builtin])).toEqual([
      ["owner", "owner", "Owner", true],
      ["admin", "admin", "Admin", true],
      ["member", "member", "Member", true],
      ["org_director", "org_director", "Director", true],
    ]);
    expect(r.body[3].scopes).toEqual([...ROLE_SCOPES.org_director]);
    const custom = r.body.slice(4);
    expect(custom.map((x: any) => x.key)).toEqual(["auditor"]);
    expect(custom[0]).toMatchObject({ id, name: "Role auditor", description: null, scopes: ["org.audit_event_log.list"], builtin: false });
    expect(new Date(custom[0].createdAt).toISOString()).toBe(custom[0].createdAt);
  });
});

describe("POST /roles", () => {
  test("owner and admin create roles; org.role.created is recorded; duplicates in scopes are folded", async () => {
    const r = await t.request("POST", roles(acme), {
      token: acme.admin.token,
      json: { key: "support_2", name: "  Support tier 2 ", description: "Reads members", scopes: ["org.member.list", "org.member.list", "org.agent.*"] },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ key: "support_2", name: "Support tier 2", description: "Reads members", scopes: ["org.member.list", "org.agent.*"], builtin: false });
    const event = await lastAudit(t, acme.org.orgId);
    expect(event).toMatchObject({ type: "org.role.created", actorId: acme.admin.userId });
    expect(event.payload).toMatchObject({ roleId: r.body.id, key: "support_2", scopes: ["org.member.list", "org.agent.*"] });
  });

  test("members, directors and custom roles cannot create roles", async () => {
    const wide = await createRole(t, acme.org, "wide_open", ["org.*"]);
    const w = await addMember(t, acme.org, "wide@acme.example", wide);
    const before = await orgState(t, acme.org.orgId);
    for (const who of [acme.member, acme.director, w]) {
      const r = await t.request("POST", roles(acme), { token: who.token, json: { key: "sneaky", name: "Sneaky", scopes: [] } });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("admin_required");
    }
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
  });

  test("a role may not grant scopes its author does not hold: 403 scopes_not_held naming them", async () => {
    const before = await orgState(t, acme.org.orgId);
    const r = await t.request("POST", roles(acme), { token: acme.admin.token, json: { key: "money", name: "Money", scopes: ["org.member.list", "view.billing", "view.*"] } });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: "scopes_not_held", field: "scopes", scopes: ["view.billing", "view.*"] });
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
    expect((await t.request("POST", roles(acme), { token: acme.owner.token, json: { key: "money", name: "Money", scopes: ["view.billing"] } })).status).toBe(201);
  });

  test("a built-in name or a taken key is refused", async () => {
    for (const key of ["owner", "admin", "member", "org_director"]) {
      const r = await t.request("POST", roles(acme), { token: acme.owner.token, json: { key, name: "Clash", scopes: [] } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "reserved_role_key", field: "key" });
    }
    await createRole(t, acme.org, "dupe", []);
    const r = await t.request("POST", roles(acme), { token: acme.owner.token, json: { key: "dupe", name: "Again", scopes: [] } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "role_key_taken", field: "key" });
    // The same key in another organization is fine.
    expect((await t.request("POST", roles(beta), { token: beta.owner.token, json: { key: "dupe", name: "Dupe", scopes: [] } })).status).toBe(201);
  });

  test("bad bodies are 400 naming the field and write nothing", async () => {
    const before = await orgState(t, acme.org.orgId);
    const ok = { key: "good_key", name: "Good", scopes: ["org.member.list"] };
    const cases: Array<[unknown, string, string?]> = [
      [{ ...ok, key: "Bad-Key" }, "key"],
      [{ ...ok, key: "k".repeat(41) }, "key"],
      [{ ...ok, key: "" }, "key"],
      [{ ...ok, name: "" }, "name"],
      [{ ...ok, name: "   " }, "name"],
      [{ ...ok, name: "n".repeat(101) }, "name"],
      [{ ...ok, description: "d".repeat(501) }, "description"],
      [{ ...ok, scopes: "org.member.list" }, "scopes"],
      [{ ...ok, scopes: ["org.member.list", "Not A Scope"] }, "scopes[1]", "invalid_scope"],
      [{ ...ok, scopes: ["org.member.list:creator=everyone"] }, "scopes[0]", "invalid_scope"],
      [{ key: "k", name: "n" }, "scopes"],
    ];
    for (const [json, field, code] of cases) {
      const r = await t.request("POST", roles(acme), { token: acme.owner.token, json });
      expect(r.status).toBe(400);
      expect(r.body.field).toBe(field);
      if (code) expect(r.body.error).toBe(code);
    }
    const r = await t.request("POST", roles(acme), { token: acme.owner.token, body: "{", headers: { "content-type": "application/json" } });
    expect(r.body.error).toBe("invalid_json");
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
  });
});

describe("PUT /roles/:roleId", () => {
  test("replaces the role; holders get the new scopes on their next request; org.role.updated", async () => {
    const id = await createRole(t, acme.org, "evolving", ["org.member.list"]);
    const holder = await addMember(t, acme.org, "evolving@acme.example", id);
    expect((await t.request("GET", `/api/org/${acme.org.slug}/invitations`, { token: holder.token })).status).toBe(403);
    const r = await t.request("PUT", `${roles(acme)}/${id}`, {
      token: acme.admin.token,
      json: { key: "evolved", name: "Evolved", description: "now invites", scopes: ["org.member.list", "org.member.invite"] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, key: "evolved", name: "Evolved", description: "now invites", scopes: ["org.member.list", "org.member.invite"] });
    const event = await lastAudit(t, acme.org.orgId);
    expect(event.type).toBe("org.role.updated");
    expect(event.payload).toMatchObject({ roleId: id, before: { key: "evolving", scopes: ["org.member.list"] }, after: { key: "evolved" } });
    expect((await t.request("GET", `/api/org/${acme.org.slug}/invitations`, { token: holder.token })).status).toBe(200);
  });

  test("an admin cannot edit a role holding scopes the admin lacks, nor add them", async () => {
    const id = await createRole(t, acme.org, "payments_view", ["view.billing"]);
    const mine = await createRole(t, acme.org, "plain", ["org.member.list"]);
    const before = await orgState(t, acme.org.orgId);
    let r = await t.request("PUT", `${roles(acme)}/${id}`, { token: acme.admin.token, json: { key: "payments_view", name: "Narrowed", scopes: [] } });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: "scopes_not_held", scopes: ["view.billing"] });
    r = await t.request("PUT", `${roles(acme)}/${mine}`, { token: acme.admin.token, json: { key: "plain", name: "Plain", scopes: ["view.billing"] } });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: "scopes_not_held", field: "scopes", scopes: ["view.billing"] });
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
  });

  test("built-in roles are not editable; unknown and another organization's roles are 404; taken keys 409", async () => {
    const body = { key: "x_role", name: "X", scopes: [] };
    let r = await t.request("PUT", `${roles(acme)}/admin`, { token: acme.owner.token, json: body });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("builtin_role");
    const theirs = await createRole(t, beta.org, "theirs", []);
    expect((await t.request("PUT", `${roles(acme)}/${theirs}`, { token: acme.owner.token, json: body })).status).toBe(404);
    expect((await t.request("PUT", `${roles(acme)}/00000000-0000-0000-0000-000000000000`, { token: acme.owner.token, json: body })).status).toBe(404);
    const a = await createRole(t, acme.org, "key_a", []);
    await createRole(t, acme.org, "key_b", []);
    r = await t.request("PUT", `${roles(acme)}/${a}`, { token: acme.owner.token, json: { key: "key_b", name: "A", scopes: [] } });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("role_key_taken");
    // Keeping one's own key is not a clash.
    expect((await t.request("PUT", `${roles(acme)}/${a}`, { token: acme.owner.token, json: { key: "key_a", name: "A2", scopes: [] } })).status).toBe(200);
    expect((await t.request("PUT", `${roles(acme)}/${a}`, { token: acme.member.token, json: { key: "key_a", name: "A3", scopes: [] } })).status).toBe(403);
  });
});

describe("DELETE /roles/:roleId", () => {
  test("a role held by a member, a pending invitation or a service account is 409 role_in_use", async () => {
    const held = await createRole(t, acme.org, "held", ["org.member.list"]);
    const holder = await addMember(t, acme.org, "holder@acme.example", held);
    const invited = await createRole(t, acme.org, "invited_role", ["org.member.list"]);
    await t.request("POST", `/api/org/${acme.org.slug}/invitations`, { token: acme.owner.token, json: { email: "i@example.com", role: invited } });
    const machine = await createRole(t, acme.org, "machine_role", ["org.member.list"]);
    const sa = await t.request("POST", `/api/org/${acme.org.slug}/service-accounts`, { token: acme.owner.token, json: { name: "robot", role: machine } });
    expect(sa.status).toBe(201);
    const before = await orgState(t, acme.org.orgId);
    for (const id of [held, invited, machine]) {
      const r = await t.request("DELETE", `${roles(acme)}/${id}`, { token: acme.owner.token });
      expect(r.status).toBe(409);
      expect(r.body.error).toBe("role_in_use");
    }
    const r = await t.request("DELETE", `${roles(acme)}/${held}`, { token: acme.owner.token });
    expect(r.body).toMatchObject({ members: 1, invitations: 0, serviceAccounts: 0 });
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
    // Once nobody holds it, it goes.
    await t.request("PATCH", `/api/org/${acme.org.slug}/members/${holder.userId}`, { token: acme.owner.token, json: { role: "member" } });
    expect((await t.request("DELETE", `${roles(acme)}/${held}`, { token: acme.owner.token })).status).toBe(200);
  });

  test("deletes an unused role with org.role.deleted; members 403; built-in 400; another org's 404", async () => {
    const id = await createRole(t, acme.org, "short_lived", []);
    expect((await t.request("DELETE", `${roles(acme)}/${id}`, { token: acme.member.token })).status).toBe(403);
    expect((await t.request("DELETE", `${roles(beta)}/${id}`, { token: beta.owner.token })).status).toBe(404);
    expect((await t.request("DELETE", `${roles(acme)}/member`, { token: acme.owner.token })).body.error).toBe("builtin_role");
    const r = await t.request("DELETE", `${roles(acme)}/${id}`, { token: acme.admin.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, deleted: true });
    expect((await lastAudit(t, acme.org.orgId)).type).toBe("org.role.deleted");
    expect(await t.ctx.db.read.select().from(orgRoles).where(eq(orgRoles.id, id))).toHaveLength(0);
    expect((await t.request("DELETE", `${roles(acme)}/${id}`, { token: acme.admin.token })).status).toBe(404);
  });
});
