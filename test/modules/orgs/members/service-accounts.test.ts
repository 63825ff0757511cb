/**
 * Service accounts: machine badges with a role, for API keys to be bound to. Create
 * (with its badge), read, update, delete (badge revoked, kept), names unique per
 * organization, and activeServiceAccount for the keys module.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { activeServiceAccount } from "../../../../src/modules/orgs/members/service-accounts";
import { connectedIds, serviceAccounts } from "../../../../src/modules/orgs/schema";
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

const accounts = (s: Staff) => `/api/org/${s.org.slug}/service-accounts`;

async function createAccount(s: Staff, json: Record<string, unknown>, by = s.owner) {
  const r = await t.request("POST", accounts(s), { token: by.token, json });
  if (r.status !== 201) throw new Error(`service account: ${r.status} ${r.text}`);
  return r.body;
}

describe("POST /service-accounts", () => {
  test("creates the account and its machine badge (type ai, membershipType service_account, active)", async () => {
    const r = await t.request("POST", accounts(acme), { token: acme.admin.token, json: { name: " deploy-bot ", description: "CI deploys", role: "member" } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "deploy-bot", description: "CI deploys", role: "member", roleName: "Member", status: "active", createdBy: acme.admin.userId });
    const [badge] = await t.ctx.db.read.select().from(connectedIds).where(eq(connectedIds.id, r.body.connectedId));
    expect(badge).toMatchObject({ orgId: acme.org.orgId, type: "ai", membershipType: "service_account", status: "active", serviceAccountId: r.body.id, userId: null, displayName: "deploy-bot" });
    const event = await lastAudit(t, acme.org.orgId);
    expect(event).toMatchObject({ type: "org.service_account.created", actorId: acme.admin.userId });
    expect(event.payload).toMatchObject({ serviceAccountId: r.body.id, connectedId: r.body.connectedId, name: "deploy-bot", role: "member" });
  });

  test("names are unique per organization: 409 name_taken; another organization may reuse one", async () => {
    await createAccount(acme, { name: "unique-bot", role: "member" });
    const before = await orgState(t, acme.org.orgId);
    const r = await t.request("POST", accounts(acme), { token: acme.owner.token, json: { name: "unique-bot", role: "member" } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "name_taken", field: "name" });
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
    expect((await createAccount(beta, { name: "unique-bot", role: "member" })).name).toBe("unique-bot");
  });

  test("roles: never owner; admin only by the owner; custom roles of this organization only, within the caller's scopes", async () => {
    const before = await orgState(t, acme.org.orgId);
    let r = await t.request("POST", accounts(acme), { token: acme.owner.token, json: { name: "root-bot", role: "owner" } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_role", field: "role" });
    r = await t.request("POST", accounts(acme), { token: acme.admin.token, json: { name: "admin-bot", role: "admin" } });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("owner_required");
    const theirs = await createRole(t, beta.org, "beta_bot_role", ["org.member.list"]);
    r = await t.request("POST", accounts(acme), { token: acme.owner.token, json: { name: "alien-bot", role: theirs } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invalid_role");
    expect(await orgState(t, acme.org.orgId)).toEqual(before);

    const billing = await createRole(t, acme.org, "bot_billing", ["view.billing"]);
    r = await t.request("POST", accounts(acme), { token: acme.admin.token, json: { name: "billing-bot", role: billing } });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("scopes_not_held");
    const created = await createAccount(acme, { name: "billing-bot", role: billing });
    expect(created).toMatchObject({ role: billing, roleName: "Role bot_billing" });
    expect((await createAccount(acme, { name: "admin-bot", role: "admin" })).role).toBe("admin");
  });

  test("only the owner and admins manage service accounts", async () => {
    const wide = await createRole(t, acme.org, "sa_wide", ["org.*"]);
    const w = await addMember(t, acme.org, "sa-wide@acme.example", wide);
    const before = await orgState(t, acme.org.orgId);
    for (const who of [acme.member, acme.director, w]) {
      for (const [method, path, json] of [
        ["GET", accounts(acme), undefined],
        ["POST", accounts(acme), { name: "nope", role: "member" }],
      ] as const) {
        const r = await t.request(method, path, { token: who.token, json });
        expect(r.status).toBe(403);
        expect(r.body.error).toBe("admin_required");
      }
    }
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
  });

  test("bad bodies are 400 naming the field", async () => {
    const before = await orgState(t, acme.org.orgId);
    const cases: Array<[unknown, string]> = [
      [{ role: "member" }, "name"],
      [{ name: "", role: "member" }, "name"],
      [{ name: "  ", role: "member" }, "name"],
      [{ name: "n".repeat(101), role: "member" }, "name"],
      [{ name: "ok", role: "member", description: "d".repeat(501) }, "description"],
      [{ name: "ok" }, "role"],
      [{ name: "ok", role: 3 }, "role"],
    ];
    for (const [json, field] of cases) {
      const r = await t.request("POST", accounts(acme), { token: acme.owner.token, json });
      expect(r.status).toBe(400);
      expect(r.body.field).toBe(field);
    }
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
  });
});

describe("GET, PATCH, DELETE /service-accounts/:id", () => {
  test("list and read; another organization's account is 404", async () => {
    const sa = await createAccount(acme, { name: "reader-bot", role: "org_director" });
    const list = await t.request("GET", accounts(acme), { token: acme.admin.token });
    expect(list.status).toBe(200);
    expect(list.body.find((x: any) => x.id === sa.id)).toEqual(sa);
    expect(list.body.every((x: any) => typeof x.connectedId === "string")).toBe(true);
    const one = await t.request("GET", `${accounts(acme)}/${sa.id}`, { token: acme.admin.token });
    expect(one.body).toEqual(sa);
    expect((await t.request("GET", `${accounts(beta)}/${sa.id}`, { token: beta.owner.token })).status).toBe(404);
    expect((await t.request("GET", `${accounts(acme)}/nope`, { token: acme.owner.token })).status).toBe(404);
    const theirs = await t.request("GET", accounts(beta), { token: beta.owner.token });
    expect(theirs.body.find((x: any) => x.id === sa.id)).toBeUndefined();
  });

  test("PATCH renames (the badge too), re-describes and re-roles, with org.service_account.updated", async () => {
    const sa = await createAccount(acme, { name: "patch-bot", description: "old", role: "member" });
    const r = await t.request("PATCH", `${accounts(acme)}/${sa.id}`, { token: acme.admin.token, json: { name: "patched-bot", description: null, role: "org_director" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: sa.id, name: "patched-bot", description: null, role: "org_director", connectedId: sa.connectedId });
    const [badge] = await t.ctx.db.read.select().from(connectedIds).where(eq(connectedIds.id, sa.connectedId));
    expect(badge!.displayName).toBe("patched-bot");
    const event = await lastAudit(t, acme.org.orgId);
    expect(event.type).toBe("org.service_account.updated");
    expect(event.payload).toMatchObject({ serviceAccountId: sa.id, changes: { name: { from: "patch-bot", to: "patched-bot" }, role: { from: "member", to: "org_director" } } });

    await createAccount(acme, { name: "taken-bot", role: "member" });
    const before = await orgState(t, acme.org.orgId);
    let bad = await t.request("PATCH", `${accounts(acme)}/${sa.id}`, { token: acme.admin.token, json: { name: "taken-bot" } });
    expect(bad.status).toBe(409);
    expect(bad.body.error).toBe("name_taken");
    bad = await t.request("PATCH", `${accounts(acme)}/${sa.id}`, { token: acme.admin.token, json: { role: "admin" } });
    expect(bad.status).toBe(403);
    bad = await t.request("PATCH", `${accounts(acme)}/${sa.id}`, { token: acme.admin.token, json: {} });
    expect(bad.status).toBe(400);
    bad = await t.request("PATCH", `${accounts(acme)}/${sa.id}`, { token: acme.member.token, json: { name: "x" } });
    expect(bad.status).toBe(403);
    bad = await t.request("PATCH", `${accounts(beta)}/${sa.id}`, { token: beta.owner.token, json: { name: "x" } });
    expect(bad.status).toBe(404);
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
  });

  test("DELETE removes the account and revokes its badge, which stays as history", async () => {
    const sa = await createAccount(acme, { name: "doomed-bot", role: "member" });
    expect((await t.request("DELETE", `${accounts(acme)}/${sa.id}`, { token: acme.member.token })).status).toBe(403);
    expect((await t.request("DELETE", `${accounts(beta)}/${sa.id}`, { token: beta.owner.token })).status).toBe(404);
    const r = await t.request("DELETE", `${accounts(acme)}/${sa.id}`, { token: acme.admin.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: sa.id, deleted: true });
    expect(await t.ctx.db.read.select().from(serviceAccounts).where(eq(serviceAccounts.id, sa.id))).toHaveLength(0);
    const [badge] = await t.ctx.db.read.select().from(connectedIds).where(eq(connectedIds.id, sa.connectedId));
    expect(badge).toMatchObject({ status: "revoked", serviceAccountId: sa.id });
    expect((await lastAudit(t, acme.org.orgId)).type).toBe("org.service_account.deleted");
    expect((await t.request("GET", `${accounts(acme)}/${sa.id}`, { token: acme.admin.token })).status).toBe(404);
    // The name is free again.
    expect((await createAccount(acme, { name: "doomed-bot", role: "member" })).id).not.toBe(sa.id);
  });

  test("revoking the badge through /badges deletes the account the same way", async () => {
    const sa = await createAccount(acme, { name: "badge-revoked-bot", role: "member" });
    const r = await t.request("PATCH", `/api/org/${acme.org.slug}/badges/${sa.connectedId}`, { token: acme.owner.token, json: { status: "revoked" } });
    expect(r.status).toBe(200);
    expect((await lastAudit(t, acme.org.orgId)).type).toBe("org.service_account.deleted");
    expect(await t.ctx.db.read.select().from(serviceAccounts).where(eq(serviceAccounts.id, sa.id))).toHaveLength(0);
  });
});

describe("activeServiceAccount", () => {
  test("answers the account with its badge and scopes while the badge is active; null otherwise", async () => {
    const custom = await createRole(t, acme.org, "bot_scopes", ["org.member.list", "org.agent.*"]);
    const sa = await createAccount(acme, { name: "keyed-bot", role: custom });
    const builtin = await createAccount(acme, { name: "keyed-member-bot", role: "member" });
    const read = t.ctx.db.read;

    const active = await activeServiceAccount(read, acme.org.orgId, sa.id);
    expect(active).toMatchObject({ id: sa.id, orgId: acme.org.orgId, name: "keyed-bot", role: custom, connectedId: sa.connectedId, scopes: ["org.member.list", "org.agent.*"] });
    expect((await activeServiceAccount(read, acme.org.orgId, builtin.id))!.scopes).toEqual([...ROLE_SCOPES.member]);
    expect(await activeServiceAccount(read, beta.org.orgId, sa.id)).toBeNull();
    expect(await activeServiceAccount(read, acme.org.orgId, "unknown")).toBeNull();

    await t.request("PATCH", `/api/org/${acme.org.slug}/badges/${sa.connectedId}`, { token: acme.owner.token, json: { status: "suspended" } });
    expect(await activeServiceAccount(read, acme.org.orgId, sa.id)).toBeNull();
    await t.request("PATCH", `/api/org/${acme.org.slug}/badges/${sa.connectedId}`, { token: acme.owner.token, json: { status: "active" } });
    expect(await activeServiceAccount(read, acme.org.orgId, sa.id)).not.toBeNull();
    await t.request("DELETE", `${accounts(acme)}/${sa.id}`, { token: acme.owner.token });
    expect(await activeServiceAccount(read, acme.org.orgId, sa.id)).toBeNull();
  });
});
