/**
 * Badges (ConnectedIds): listing, suspending and re-activating, revocation as a final
 * state, type and membership type, and what a suspended badge may still do (nothing).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { connectedIds, memberships } from "../../../../src/modules/orgs/schema";
import { addMember } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { auditTypes, lastAudit, orgState, orgWithStaff, type Staff } from "./fixtures";

let t: TestApp;
let acme: Staff;
let beta: Staff;
beforeAll(async () => {
  t = await createTestApp();
  acme = await orgWithStaff(t, "Acme");
  beta = await orgWithStaff(t, "Beta");
});
afterAll(() => t.close());

const badges = (s: Staff) => `/api/org/${s.org.slug}/badges`;

async function badgeOf(s: Staff, userId: string) {
  const [row] = await t.ctx.db.read
    .select()
    .from(connectedIds)
    .where(and(eq(connectedIds.orgId, s.org.orgId), eq(connectedIds.userId, userId)));
  return row!;
}

describe("GET /badges", () => {
  test("lists every ConnectedId of the organization, service accounts and revoked ones included", async () => {
    const sa = await t.request("POST", `/api/org/${acme.org.slug}/service-accounts`, { token: acme.owner.token, json: { name: "ci-bot", role: "member" } });
    expect(sa.status).toBe(201);
    const gone = await addMember(t, acme.org, "gone@acme.example");
    await t.request("DELETE", `/api/org/${acme.org.slug}/members/${gone.userId}`, { token: acme.owner.token });

    const r = await t.request("GET", badges(acme), { token: acme.member.token });
    expect(r.status).toBe(200);
    const owner = r.body.find((b: any) => b.userId === acme.owner.userId);
    expect(owner).toMatchObject({ type: "person", membershipType: "member", status: "active", email: "owner@acme.example", serviceAccountId: null });
    expect(typeof owner.connectedId).toBe("string");
    const machine = r.body.find((b: any) => b.serviceAccountId === sa.body.id);
    expect(machine).toMatchObject({ connectedId: sa.body.connectedId, type: "ai", membershipType: "service_account", status: "active", userId: null, displayName: "ci-bot" });
    expect(r.body.find((b: any) => b.userId === gone.userId)).toMatchObject({ status: "revoked" });
    expect(r.body.filter((b: any) => b.userId === beta.owner.userId)).toEqual([]);

    const onlyRevoked = await t.request("GET", `${badges(acme)}?status=revoked`, { token: acme.member.token });
    expect(onlyRevoked.body.map((b: any) => b.userId)).toEqual([gone.userId]);
    expect((await t.request("GET", `${badges(acme)}?status=gone`, { token: acme.member.token })).status).toBe(400);
  });
});

describe("PATCH /badges/:connectedId", () => {
  test("suspending a member's badge: 403 badge_suspended on every org route; re-activating restores access", async () => {
    const target = await addMember(t, acme.org, "suspended@acme.example");
    const badge = await badgeOf(acme, target.userId);
    let r = await t.request("PATCH", `${badges(acme)}/${badge.id}`, { token: acme.admin.token, json: { status: "suspended" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ connectedId: badge.id, status: "suspended", userId: target.userId });
    const event = await lastAudit(t, acme.org.orgId);
    expect(event.type).toBe("org.badge.status_changed");
    expect(event.payload).toMatchObject({ connectedId: badge.id, from: "active", to: "suspended" });

    for (const path of ["members", "badges", "roles"]) {
      const denied = await t.request("GET", `/api/org/${acme.org.slug}/${path}`, { token: target.token });
      expect(denied.status).toBe(403);
      expect(denied.body.error).toBe("badge_suspended");
    }
    // Still listed as a member, with the suspended badge.
    const list = await t.request("GET", `/api/org/${acme.org.slug}/members`, { token: acme.owner.token });
    expect(list.body.find((m: any) => m.userId === target.userId).badge.status).toBe("suspended");

    r = await t.request("PATCH", `${badges(acme)}/${badge.id}`, { token: acme.admin.token, json: { status: "active" } });
    expect(r.status).toBe(200);
    expect((await t.request("GET", `/api/org/${acme.org.slug}/members`, { token: target.token })).status).toBe(200);
  });

  test("revoked is final: revoking removes the membership, and a revoked badge cannot change again", async () => {
    const target = await addMember(t, acme.org, "revoked@acme.example");
    const badge = await badgeOf(acme, target.userId);
    let r = await t.request("PATCH", `${badges(acme)}/${badge.id}`, { token: acme.owner.token, json: { status: "revoked" } });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe("revoked");
    expect((await auditTypes(t, acme.org.orgId)).slice(-2)).toEqual(["org.badge.status_changed", "org.member.removed"]);
    const rows = await t.ctx.db.read.select().from(memberships).where(and(eq(memberships.orgId, acme.org.orgId), eq(memberships.userId, target.userId)));
    expect(rows).toHaveLength(0);
    expect((await t.request("GET", `/api/org/${acme.org.slug}/members`, { token: target.token })).status).toBe(404);

    const before = await orgState(t, acme.org.orgId);
    for (const json of [{ status: "active" }, { status: "suspended" }, { type: "group" }, { status: "revoked" }]) {
      r = await t.request("PATCH", `${badges(acme)}/${badge.id}`, { token: acme.owner.token, json });
      expect(r.status).toBe(409);
      expect(r.body.error).toBe("badge_revoked");
    }
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
  });

  test("type and membershipType change with org.badge.updated; same values change nothing", async () => {
    const target = await addMember(t, acme.org, "typed@acme.example");
    const badge = await badgeOf(acme, target.userId);
    let r = await t.request("PATCH", `${badges(acme)}/${badge.id}`, { token: acme.admin.token, json: { type: "group", membershipType: "contractor" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ type: "group", membershipType: "contractor", status: "active" });
    const event = await lastAudit(t, acme.org.orgId);
    expect(event.type).toBe("org.badge.updated");
    expect(event.payload).toMatchObject({ connectedId: badge.id, changes: { type: { from: "person", to: "group" }, membershipType: { from: "member", to: "contractor" } } });
    const before = await auditTypes(t, acme.org.orgId);
    r = await t.request("PATCH", `${badges(acme)}/${badge.id}`, { token: acme.admin.token, json: { type: "group", status: "active" } });
    expect(r.status).toBe(200);
    expect(await auditTypes(t, acme.org.orgId)).toEqual(before);
  });

  test("the owner's badge cannot be suspended or revoked; an admin's only by the owner", async () => {
    const ownerBadge = await badgeOf(acme, acme.owner.userId);
    const adminBadge = await badgeOf(acme, acme.admin.userId);
    const otherAdmin = await addMember(t, acme.org, "admin-b@acme.example", "admin");
    const before = await orgState(t, acme.org.orgId);
    for (const who of [acme.owner, acme.admin]) {
      for (const status of ["suspended", "revoked"]) {
        const r = await t.request("PATCH", `${badges(acme)}/${ownerBadge.id}`, { token: who.token, json: { status } });
        expect(r.status).toBe(409);
        expect(r.body.error).toBe("owner_protected");
      }
    }
    const r = await t.request("PATCH", `${badges(acme)}/${adminBadge.id}`, { token: otherAdmin.token, json: { status: "suspended" } });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("owner_required");
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
  });

  test("an admin cannot change the owner's badge type or membership type; the owner can", async () => {
    const ownerBadge = await badgeOf(acme, acme.owner.userId);
    const before = await orgState(t, acme.org.orgId);
    for (const json of [{ type: "group" }, { membershipType: "contractor" }, { type: "ai", membershipType: "none" }]) {
      const r = await t.request("PATCH", `${badges(acme)}/${ownerBadge.id}`, { token: acme.admin.token, json });
      expect({ json, status: r.status, error: r.body.error }).toEqual({ json, status: 409, error: "owner_protected" });
    }
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
    const own = await t.request("PATCH", `${badges(acme)}/${ownerBadge.id}`, { token: acme.owner.token, json: { membershipType: "contractor" } });
    expect(own.status).toBe(200);
    expect((await t.request("PATCH", `${badges(acme)}/${ownerBadge.id}`, { token: acme.owner.token, json: { membershipType: "member" } })).status).toBe(200);
  });

  test("members, directors and another organization's people cannot change badges", async () => {
    const badge = await badgeOf(acme, acme.member.userId);
    for (const who of [acme.member, acme.director]) {
      const r = await t.request("PATCH", `${badges(acme)}/${badge.id}`, { token: who.token, json: { status: "suspended" } });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("admin_required");
    }
    expect((await t.request("PATCH", `${badges(acme)}/${badge.id}`, { token: beta.owner.token, json: { status: "suspended" } })).status).toBe(404);
    // Acme's badge id through Beta's slug is unknown there.
    expect((await t.request("PATCH", `${badges(beta)}/${badge.id}`, { token: beta.owner.token, json: { status: "suspended" } })).status).toBe(404);
    expect((await badgeOf(acme, acme.member.userId)).status).toBe("active");
  });

  test("bad bodies are 400 naming the field", async () => {
    const badge = await badgeOf(acme, acme.director.userId);
    const url = `${badges(acme)}/${badge.id}`;
    const cases: Array<[unknown, string]> = [
      [{ status: "deleted" }, "status"],
      [{ type: "robot" }, "type"],
      [{ membershipType: "Not Valid!" }, "membershipType"],
      [{ membershipType: "x".repeat(41) }, "membershipType"],
      [{}, "status"],
    ];
    for (const [json, field] of cases) {
      const r = await t.request("PATCH", url, { token: acme.owner.token, json });
      expect(r.status).toBe(400);
      expect(r.body.field).toBe(field);
    }
  });
});
