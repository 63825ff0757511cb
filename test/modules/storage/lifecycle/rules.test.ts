/**
 * Lifecycle rules (spec 2.4, 4.2, §7, §8): the list and its plan facts, validation
 * (invalid_action, invalid_days, invalid_scope), the plan gates (lifecycle,
 * lifecycle_custom, lifecycle_rules with limit and used), pausing on any plan,
 * planAllows after a downgrade, other organizations' ids, roles and keys.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { lifecycleRules } from "../../../../src/modules/storage/files/schema";
import { organizations } from "../../../../src/modules/orgs/schema";
import { addMember, createOrg, type SignedInUser, type TestOrg, createAppGroup } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { createKey, eventsOf } from "../sharing/support";

let t: TestApp;
let free: TestOrg;
let pro: TestOrg;
let proPlus: TestOrg;
let business: TestOrg;
let member: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  free = await createOrg(t, "owner@free.example", "Free Co");
  pro = await createOrg(t, "owner@pro.example", "Pro Co", { plan: "pro" });
  proPlus = await createOrg(t, "owner@proplus.example", "ProPlus Co", { plan: "pro_plus" });
  business = await createOrg(t, "owner@business.example", "Business Co", { plan: "business" });
  member = await addMember(t, business, "member@business.example");
  admin = await addMember(t, business, "admin@business.example", "admin");
});
afterAll(() => t.close());

const PRESET = { action: "transition_ia", unaccessedDays: 90 };
const rulesPath = (o: TestOrg) => `/api/org/${o.slug}/storage/lifecycle/rules`;
const list = (o: TestOrg, token = o.owner.token) => t.request("GET", rulesPath(o), { token });
const create = (o: TestOrg, json: unknown, token = o.owner.token) => t.request("POST", rulesPath(o), { token, json });
const update = (o: TestOrg, id: string, json: unknown, token = o.owner.token) => t.request("PUT", `${rulesPath(o)}/${id}`, { token, json });
const remove = (o: TestOrg, id: string, token = o.owner.token) => t.request("DELETE", `${rulesPath(o)}/${id}`, { token });
const v1 = (method: string, path: string, key: string, json?: unknown) => t.request(method, `/api/public/v1/storage/lifecycle/rules${path}`, { json, headers: { "x-api-key": key } });

async function ruleCount(o: TestOrg): Promise<number> {
  return (await t.ctx.db.read.select().from(lifecycleRules).where(eq(lifecycleRules.orgId, o.orgId))).length;
}

async function setPlan(o: TestOrg, plan: string) {
  await t.ctx.db.write((tx) => tx.update(organizations).set({ plan }).where(eq(organizations.id, o.orgId)));
}

describe("the list", () => {
  test("carries the plan's facts: Free holds none", async () => {
    const r = await list(free);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ rules: [], maxRules: 0, canCustomize: false, canTrash: false, presetDays: 90, minDays: 30, maxDays: 3650 });
  });

  test("Pro+ holds the preset only; Business ten rules of any kind", async () => {
    expect((await list(proPlus)).body).toMatchObject({ maxRules: 1, canCustomize: false, canTrash: false });
    expect((await list(business)).body).toMatchObject({ maxRules: 10, canCustomize: true, canTrash: true });
  });
});

describe("plan gates", () => {
  test("Free and Pro: 403 plan_upgrade_required, feature lifecycle; nothing is created", async () => {
    for (const o of [free, pro]) {
      const r = await create(o, PRESET);
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ error: "plan_upgrade_required", feature: "lifecycle" });
      expect(await ruleCount(o)).toBe(0);
    }
  });

  test("Pro+: the preset (90 days, transition_ia, all files) only; else lifecycle_custom; a second is lifecycle_rules with limit and used", async () => {
    for (const json of [
      { action: "trash", unaccessedDays: 90 },
      { action: "transition_ia", unaccessedDays: 60 },
      { action: "transition_ia", unaccessedDays: 90, scope: "free" },
    ]) {
      const r = await create(proPlus, json);
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ error: "plan_upgrade_required", feature: "lifecycle_custom" });
    }
    const r = await create(proPlus, { ...PRESET, scope: null });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: expect.any(String),
      action: "transition_ia",
      unaccessedDays: 90,
      scope: null,
      enabled: true,
      planAllows: true,
      lastRunAt: null,
      lastRunCount: null,
      lastRunBytes: null,
      createdAt: new Date(t.clock.now()).toISOString(),
      updatedAt: new Date(t.clock.now()).toISOString(),
    });
    const second = await create(proPlus, PRESET);
    expect(second.status).toBe(403);
    expect(second.body).toEqual({ error: "plan_upgrade_required", feature: "lifecycle_rules", limit: 1, used: 1 });
    expect(await ruleCount(proPlus)).toBe(1);
    const [event] = await eventsOf(t, proPlus, "org.lifecycle_rule.created");
    expect(event!.payload).toEqual({ ruleId: r.body.id, action: "transition_ia", unaccessedDays: 90, scope: null });
  });

  test("Business: custom rules up to ten; the eleventh is lifecycle_rules with limit 10 and used 10", async () => {
    const org = await createOrg(t, "owner@ten.example", "Ten Rules", { plan: "business" });
    const made = [];
    for (let i = 0; i < 10; i++) {
      const r = await create(org, { action: i % 2 ? "trash" : "transition_ia", unaccessedDays: 30 + i, scope: i % 3 ? "free" : `project:p${i}` });
      expect(r.status).toBe(200);
      made.push(r.body);
    }
    const r = await create(org, PRESET);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: "plan_upgrade_required", feature: "lifecycle_rules", limit: 10, used: 10 });
    const listed = await list(org);
    expect(listed.body.rules.map((x: any) => x.id).sort()).toEqual(made.map((x) => x.id).sort());
    expect(listed.body.rules.every((x: any) => x.planAllows)).toBe(true);
  });

  test("parallel creates on Pro+ never hold more than one rule", async () => {
    const org = await createOrg(t, "owner@race.example", "Race Co", { plan: "pro_plus" });
    const results = await Promise.all(Array.from({ length: 5 }, () => create(org, PRESET)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 403)).toHaveLength(4);
    expect(await ruleCount(org)).toBe(1);
  });
});

describe("validation", () => {
  test("invalid_action, invalid_days (30 to 3650, whole), invalid_scope, each naming the field; nothing is created", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ action: "delete", unaccessedDays: 90 }, "invalid_action", "action"],
      [{ action: "", unaccessedDays: 90 }, "invalid_action", "action"],
      [{ action: "TRASH", unaccessedDays: 90 }, "invalid_action", "action"],
      [{ action: "trash", unaccessedDays: 29 }, "invalid_days", "unaccessedDays"],
      [{ action: "trash", unaccessedDays: 3651 }, "invalid_days", "unaccessedDays"],
      [{ action: "trash", unaccessedDays: 90.5 }, "invalid_days", "unaccessedDays"],
      [{ action: "trash", unaccessedDays: -1 }, "invalid_days", "unaccessedDays"],
      [{ action: "trash", unaccessedDays: 90, scope: "all" }, "invalid_scope", "scope"],
      [{ action: "trash", unaccessedDays: 90, scope: "project" }, "invalid_scope", "scope"],
      [{ action: "trash", unaccessedDays: 90, scope: "meeting:m1" }, "invalid_scope", "scope"],
      [{ action: "trash", unaccessedDays: 90, scope: "project:../x" }, "invalid_scope", "scope"],
      [{ action: "trash", unaccessedDays: 90, scope: "" }, "invalid_scope", "scope"],
      [{ action: "trash", unaccessedDays: 90, scope: "FREE" }, "invalid_scope", "scope"],
    ];
    const before = await ruleCount(business);
    for (const [json, error, field] of cases) {
      const r = await create(business, json);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error, field });
    }
    expect(await ruleCount(business)).toBe(before);
  });

  test("the limits hold at their edges: 30 and 3650 days, free, notification, project: and project:{id}", async () => {
    const org = await createOrg(t, "owner@edges.example", "Edges Co", { plan: "enterprise" });
    for (const json of [
      { action: "trash", unaccessedDays: 30, scope: "free" },
      { action: "transition_ia", unaccessedDays: 3650, scope: "notification" },
      { action: "trash", unaccessedDays: 365, scope: "project:" },
      { action: "trash", unaccessedDays: 365, scope: "project:Alpha_1-b" },
    ]) {
      const r = await create(org, json);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject(json);
    }
  });

  test("wrong types, missing fields, unknown fields and malformed JSON are 400, never 500", async () => {
    const before = await ruleCount(business);
    for (const json of [
      { action: 1, unaccessedDays: 90 },
      { action: "trash", unaccessedDays: "90" },
      { action: "trash" },
      { unaccessedDays: 90 },
      { action: "trash", unaccessedDays: 90, scope: 5 },
      { action: "trash", unaccessedDays: 90, name: "x" },
      [],
    ]) {
      const r = await create(business, json);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("invalid_request");
    }
    const malformed = await t.request("POST", rulesPath(business), { token: business.owner.token, body: "{", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_json");
    expect(await ruleCount(business)).toBe(before);
  });
});

describe("update and delete", () => {
  test("PUT replaces the fields given; empty is 400 empty_update; bad values as on create", async () => {
    const rule = (await create(business, { action: "trash", unaccessedDays: 200, scope: "free" })).body;
    const r = await update(business, rule.id, { unaccessedDays: 400, scope: null, action: "transition_ia" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: rule.id, action: "transition_ia", unaccessedDays: 400, scope: null, enabled: true });
    const [event] = (await eventsOf(t, business, "org.lifecycle_rule.updated")).filter((e) => e.payload.ruleId === rule.id);
    expect(event!.payload).toEqual({
      ruleId: rule.id,
      before: { action: "trash", unaccessedDays: 200, scope: "free", enabled: true },
      after: { action: "transition_ia", unaccessedDays: 400, scope: null, enabled: true },
    });
    const empty = await update(business, rule.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("empty_update");
    for (const [json, error] of [
      [{ unaccessedDays: 10 }, "invalid_days"],
      [{ action: "archive" }, "invalid_action"],
      [{ scope: "everything" }, "invalid_scope"],
      [{ enabled: "no" }, "invalid_request"],
      [{ enabled: false, extra: 1 }, "invalid_request"],
    ] as const) {
      const bad = await update(business, rule.id, json);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(error);
    }
    expect((await list(business)).body.rules.find((x: any) => x.id === rule.id)).toMatchObject({ action: "transition_ia", unaccessedDays: 400 });
  });

  test("another organization's rule and unknown ids are 404 for PUT and DELETE", async () => {
    const theirs = (await create(business, { action: "trash", unaccessedDays: 99 })).body;
    const other = await createOrg(t, "owner@other-biz.example", "Other Biz", { plan: "business" });
    for (const id of [theirs.id, crypto.randomUUID(), "nope"]) {
      expect((await update(other, id, { enabled: false })).status).toBe(404);
      expect((await remove(other, id)).status).toBe(404);
    }
    expect((await list(business)).body.rules.find((x: any) => x.id === theirs.id)).toMatchObject({ enabled: true });
  });

  test("DELETE removes the rule on any plan and records it", async () => {
    const org = await createOrg(t, "owner@delete.example", "Delete Co", { plan: "business" });
    const rule = (await create(org, { action: "trash", unaccessedDays: 45 })).body;
    await setPlan(org, "free");
    const r = await remove(org, rule.id);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: rule.id, deleted: true });
    expect(await ruleCount(org)).toBe(0);
    expect((await remove(org, rule.id)).status).toBe(404);
    const [event] = await eventsOf(t, org, "org.lifecycle_rule.deleted");
    expect(event!.payload).toEqual({ ruleId: rule.id, action: "trash", unaccessedDays: 45, scope: null, enabled: true });
  });
});

describe("after a downgrade", () => {
  test("rules are kept with planAllows false; a pause works on any plan, anything else is gated", async () => {
    const org = await createOrg(t, "owner@downgrade.example", "Downgrade Co", { plan: "business" });
    const custom = (await create(org, { action: "trash", unaccessedDays: 60 })).body;
    t.clock.advance(1000);
    const preset = (await create(org, PRESET)).body;
    t.clock.advance(1000);
    const secondPreset = (await create(org, PRESET)).body;

    await setPlan(org, "pro_plus");
    let listed = (await list(org)).body;
    expect(listed.rules.map((r: any) => [r.id, r.planAllows])).toEqual([
      [custom.id, false],
      [preset.id, true],
      // One preset fits Pro+; the later one waits.
      [secondPreset.id, false],
    ]);
    const custom403 = await update(org, custom.id, { unaccessedDays: 90, action: "transition_ia", scope: "free" });
    expect(custom403.body).toEqual({ error: "plan_upgrade_required", feature: "lifecycle_custom" });

    await setPlan(org, "free");
    listed = (await list(org)).body;
    expect(listed.rules.every((r: any) => r.planAllows === false)).toBe(true);
    expect(listed.rules).toHaveLength(3);
    const paused = await update(org, custom.id, { enabled: false });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ enabled: false, planAllows: false });
    const resume = await update(org, custom.id, { enabled: true });
    expect(resume.status).toBe(403);
    expect(resume.body).toEqual({ error: "plan_upgrade_required", feature: "lifecycle" });
    const pauseAndChange = await update(org, preset.id, { enabled: false, unaccessedDays: 100 });
    expect(pauseAndChange.status).toBe(403);
    expect((await list(org)).body.rules.find((r: any) => r.id === preset.id)).toMatchObject({ enabled: true, unaccessedDays: 90 });
  });
});

describe("who may", () => {
  test("owners and admins manage rules; a member gets 403 PERMISSION_DENIED; a stranger 404", async () => {
    expect((await list(business, admin.token)).status).toBe(200);
    const made = await create(business, { action: "trash", unaccessedDays: 120 }, admin.token);
    expect(made.status).toBe(200);
    for (const r of [await list(business, member.token), await create(business, PRESET, member.token), await update(business, made.body.id, { enabled: false }, member.token), await remove(business, made.body.id, member.token)]) {
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("PERMISSION_DENIED");
    }
    expect((await list(business, free.owner.token)).status).toBe(404);
    expect((await t.request("GET", rulesPath(business))).status).toBe(401);
  });

  test("public v1: an org-wide key works; an app-group-scoped key is 401", async () => {
    const org = await createOrg(t, "owner@v1-rules.example", "V1 Rules", { plan: "business" });
    const key = (await createKey(t, org)).key;
    const groupKey = (await createKey(t, org, { appGroupId: (await createAppGroup(t, org)).groupKey })).key;
    const made = await v1("POST", "", key, { action: "trash", unaccessedDays: 30, scope: "notification" });
    expect(made.status).toBe(200);
    expect((await v1("GET", "", key)).body.rules).toHaveLength(1);
    expect((await v1("PUT", `/${made.body.id}`, key, { enabled: false })).body.enabled).toBe(false);
    const bad = await v1("POST", "", key, { action: "trash", unaccessedDays: 3651 });
    expect(bad.body).toMatchObject({ error: "invalid_days", field: "unaccessedDays" });
    for (const [method, path, body] of [["GET", ""], ["POST", "", PRESET], ["PUT", `/${made.body.id}`, { enabled: true }], ["DELETE", `/${made.body.id}`]] as const) {
      const r = await v1(method, path, groupKey, body);
      expect(r.status).toBe(401);
      expect(r.body.error).toBe("org_wide_key_required");
    }
    const [event] = await eventsOf(t, org, "org.lifecycle_rule.created");
    expect(event).toMatchObject({ actorKind: "api_key" });
    expect((await v1("DELETE", `/${made.body.id}`, key)).status).toBe(200);
  });
});
