/**
 * Sub-organizations: created by the parent's owner or an admin, one level deep, on
 * the parent's plan; listed by those who manage the parent; deleted by its owner.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { memberships, orgSettings } from "../../../src/modules/orgs/schema";
import { setOrganizationPlan } from "../../../src/modules/orgs/service";
import { SUB_ORG_LIMIT } from "../../../src/modules/orgs/service";
import { thrownApiError } from "../../support/errors";
import { addMember, createOrg, signInAs, type SignedInUser, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { auditOf, orgRow, orgState } from "./support";

let t: TestApp;
let parent: TestOrg;
let admin: SignedInUser;
let member: SignedInUser;
let rival: TestOrg;

beforeAll(async () => {
  t = await createTestApp();
  parent = await createOrg(t, "owner@parent.example", "Parent", { slug: "parent", plan: "pro" });
  admin = await addMember(t, parent, "admin@parent.example", "admin");
  member = await addMember(t, parent, "member@parent.example", "member");
  rival = await createOrg(t, "owner@rival.example", "Rival", { slug: "rival" });
});
afterAll(() => t.close());

const createSub = (json: unknown, token = parent.owner.token, slug = "parent") => t.request("POST", `/api/org/${slug}/sub-orgs`, { json, token });

describe("POST /api/org/{slug}/sub-orgs", () => {
  test("the owner creates a project sub-organization on the parent's plan, and owns it", async () => {
    const r = await createSub({ name: "Parent Tower SPV", slug: "tower" });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(String),
      name: "Parent Tower SPV",
      slug: "tower",
      type: "project",
      plan: "pro",
      ready: false,
      role: "owner",
      parentSlug: "parent",
      createdAt: new Date(t.clock.now()).toISOString(),
    });
    expect(await orgRow(t, "tower")).toMatchObject({ parentOrgId: parent.orgId, ownerUserId: parent.owner.userId, plan: "pro", type: "project" });

    const [created] = (await auditOf(t, parent.orgId)).filter((e) => e.type === "org.sub_org.created");
    expect(created).toMatchObject({ actorId: parent.owner.userId, payload: { subOrgId: r.body.id, slug: "tower", name: "Parent Tower SPV", type: "project" } });
    const own = await auditOf(t, r.body.id);
    expect(own.map((e) => e.type)).toEqual(["org.created", "org.member.added"]);
    expect(own[0]!.payload).toMatchObject({ parentOrgId: parent.orgId, plan: "pro", type: "project" });

    const read = await t.request("GET", "/api/org/tower", { token: parent.owner.token });
    expect(read.body).toMatchObject({ parentSlug: "parent", role: "owner" });
  });

  test("an admin creates one: the admin owns it and the parent's owner joins it as admin; a corporation type and a derived slug", async () => {
    const r = await createSub({ name: "Parent Labs", type: "corporation" }, admin.token);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ slug: "parent-labs", type: "corporation", role: "owner", parentSlug: "parent" });
    expect((await orgRow(t, "parent-labs"))!.ownerUserId).toBe(admin.userId);
    const rows = await t.ctx.db.read.select().from(memberships).where(eq(memberships.orgId, r.body.id));
    expect(rows.map((m) => [m.userId, m.role]).sort()).toEqual([[admin.userId, "owner"], [parent.owner.userId, "admin"]].sort());
    const asParentOwner = await t.request("GET", "/api/org/parent-labs", { token: parent.owner.token });
    expect(asParentOwner.body.role).toBe("admin");
  });

  test("a member is 403, an outsider 404, no session 401; nothing changes", async () => {
    const before = await orgState(t);
    const r = await createSub({ name: "Nope" }, member.token);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: "PERMISSION_DENIED", scope: "org.sub_org.create" });
    const foreign = await createSub({ name: "Nope" }, rival.owner.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual((await createSub({ name: "Nope" }, rival.owner.token, "no-such-org")).body);
    expect((await t.request("POST", "/api/org/parent/sub-orgs", { json: { name: "Nope" } })).status).toBe(401);
    expect(await orgState(t)).toEqual(before);
  });

  test("a sub-organization cannot have its own: 409 sub_org_nesting_limit", async () => {
    const before = await orgState(t);
    const r = await createSub({ name: "Deeper" }, parent.owner.token, "tower");
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "sub_org_nesting_limit", maxDepth: 1 });
    expect(await orgState(t)).toEqual(before);
  });

  test("a taken slug is 409 slug_taken; bad bodies are 400 naming the field; nothing changes", async () => {
    const before = await orgState(t);
    const taken = await createSub({ name: "Rival Copy", slug: "rival" });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: "slug_taken", field: "slug" });
    const cases: Array<[unknown, string, string]> = [
      [{}, "name", "invalid_request"],
      [{ name: "x".repeat(201) }, "name", "invalid_request"],
      [{ name: " " }, "name", "invalid_name"],
      [{ name: "Ok", slug: "Not OK" }, "slug", "invalid_slug"],
      [{ name: "Ok", type: "personal" }, "type", "invalid_request"],
      [{ name: "Ok", parentOrgId: rival.orgId }, "parentOrgId", "invalid_request"],
    ];
    for (const [json, field, error] of cases) {
      const r = await createSub(json);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error, field });
    }
    const malformed = await t.request("POST", "/api/org/parent/sub-orgs", { body: "[", headers: { "content-type": "application/json" }, token: parent.owner.token });
    expect(malformed.status).toBe(400);
    expect(await orgState(t)).toEqual(before);
  });
});

describe("GET /api/org/{slug}/sub-orgs", () => {
  test("lists the parent's sub-organizations with the caller's role in each (null when not a member)", async () => {
    const r = await t.request("GET", "/api/org/parent/sub-orgs", { token: admin.token });
    expect(r.status).toBe(200);
    const bySlug = Object.fromEntries(r.body.subOrgs.map((o: any) => [o.slug, o]));
    expect(Object.keys(bySlug).sort()).toEqual(["parent-labs", "tower"]);
    expect(bySlug.tower).toMatchObject({ role: null, parentSlug: "parent", plan: "pro" });
    expect(bySlug["parent-labs"]).toMatchObject({ role: "owner" });
  });

  test("a member is 403, an outsider 404; another organization's list is its own", async () => {
    const r = await t.request("GET", "/api/org/parent/sub-orgs", { token: member.token });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: "PERMISSION_DENIED", scope: "org.sub_org.list" });
    expect((await t.request("GET", "/api/org/parent/sub-orgs", { token: rival.owner.token })).status).toBe(404);
    const own = await t.request("GET", "/api/org/rival/sub-orgs", { token: rival.owner.token });
    expect(own.body).toEqual({ subOrgs: [] });
    expect((await t.request("GET", "/api/org/parent/sub-orgs")).status).toBe(401);
  });
});

describe("plans follow the parent", () => {
  test("changing the parent's plan changes its sub-organizations' plans, each with org.plan_changed", async () => {
    await setOrganizationPlan(t.ctx, { kind: "operator" }, { slug: "parent", plan: "business" });
    expect((await orgRow(t, "tower"))!.plan).toBe("business");
    expect((await orgRow(t, "parent-labs"))!.plan).toBe("business");
    const tower = await orgRow(t, "tower");
    const [changed] = (await auditOf(t, tower!.id)).filter((e) => e.type === "org.plan_changed");
    expect(changed).toMatchObject({ actorKind: "operator", payload: { from: "pro", to: "business", via: "parent" } });
  });

  test("a sub-organization's own plan cannot be set: 409 plan_follows_parent", async () => {
    const before = await orgState(t);
    let refusal: unknown = null;
    try {
      await setOrganizationPlan(t.ctx, { kind: "operator" }, { slug: "tower", plan: "free" });
    } catch (e) {
      refusal = thrownApiError(() => {
        throw e;
      });
    }
    expect(refusal).toMatchObject({ status: 409, body: { error: "plan_follows_parent", parentSlug: "parent" } });
    expect(await orgState(t)).toEqual(before);
  });
});

describe("DELETE /api/org/{slug}/sub-orgs/{subSlug}", () => {
  test("an admin of the parent (even the sub-org's owner) is 403 owner_required; a member too", async () => {
    const before = await orgState(t);
    for (const who of [admin, member]) {
      const r = await t.request("DELETE", "/api/org/parent/sub-orgs/parent-labs", { token: who.token });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("owner_required");
    }
    expect(await orgState(t)).toEqual(before);
  });

  test("a slug that is not a child of this parent is 404: another org's, the parent itself, an unknown one", async () => {
    const rivalChild = await createSub({ name: "Rival Child", slug: "rival-child" }, rival.owner.token, "rival");
    expect(rivalChild.status).toBe(201);
    const before = await orgState(t);
    const unknown = await t.request("DELETE", "/api/org/parent/sub-orgs/nothing-here", { token: parent.owner.token });
    expect(unknown.status).toBe(404);
    for (const sub of ["rival-child", "rival", "parent"]) {
      const r = await t.request("DELETE", `/api/org/parent/sub-orgs/${sub}`, { token: parent.owner.token });
      expect(r.status).toBe(404);
      expect(r.body).toEqual(unknown.body);
    }
    // The rival's owner cannot reach the parent's child through the rival either.
    expect((await t.request("DELETE", "/api/org/rival/sub-orgs/tower", { token: rival.owner.token })).status).toBe(404);
    expect((await t.request("DELETE", "/api/org/parent/sub-orgs/tower", { token: rival.owner.token })).status).toBe(404);
    expect((await t.request("DELETE", "/api/org/parent/sub-orgs/tower")).status).toBe(401);
    expect(await orgState(t)).toEqual(before);
  });

  test("the parent's owner deletes a sub-organization: its rows go, its audit history stays, the parent records it", async () => {
    const labs = (await orgRow(t, "parent-labs"))!;
    await t.request("PUT", "/api/org/parent-labs/settings/onboarding", { json: { completedSteps: ["create_org"], dismissed: false }, token: admin.token });
    const r = await t.request("DELETE", "/api/org/parent/sub-orgs/parent-labs", { token: parent.owner.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: labs.id, slug: "parent-labs", deleted: true });

    expect(await orgRow(t, "parent-labs")).toBeNull();
    expect(await t.ctx.db.read.select().from(memberships).where(eq(memberships.orgId, labs.id))).toEqual([]);
    expect(await t.ctx.db.read.select().from(orgSettings).where(and(eq(orgSettings.orgId, labs.id)))).toEqual([]);
    const history = await auditOf(t, labs.id);
    expect(history.at(-1)).toMatchObject({ type: "org.deleted", actorId: parent.owner.userId, payload: { slug: "parent-labs", parentOrgId: parent.orgId } });
    const [deleted] = (await auditOf(t, parent.orgId)).filter((e) => e.type === "org.sub_org.deleted");
    expect(deleted).toMatchObject({ actorId: parent.owner.userId, payload: { subOrgId: labs.id, slug: "parent-labs" } });

    expect((await t.request("GET", "/api/org/parent-labs", { token: admin.token })).status).toBe(404);
    const list = await t.request("GET", "/api/org/parent/sub-orgs", { token: parent.owner.token });
    expect(list.body.subOrgs.map((o: any) => o.slug)).toEqual(["tower"]);
    // The slug is free again.
    expect((await createSub({ name: "Labs Again", slug: "parent-labs" })).status).toBe(201);
  });
});

describe("limits", () => {
  test(`a parent holds at most ${SUB_ORG_LIMIT} sub-organizations: 409 sub_org_limit_reached`, async () => {
    const owner = await signInAs(t, "many@subs.example");
    const made = await t.request("POST", "/api/org/create", { json: { name: "Many Subs", slug: "many" }, token: owner.token });
    expect(made.status).toBe(201);
    for (let i = 0; i < SUB_ORG_LIMIT; i++) {
      const r = await createSub({ name: `Sub ${i}`, slug: `many-sub-${i}` }, owner.token, "many");
      expect(r.status).toBe(201);
    }
    const before = await orgState(t);
    const r = await createSub({ name: "One Too Many" }, owner.token, "many");
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "sub_org_limit_reached", limit: SUB_ORG_LIMIT, current: SUB_ORG_LIMIT });
    expect(await orgState(t)).toEqual(before);
  });
});
