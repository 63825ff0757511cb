/**
 * App groups on the dashboard (spec 2.2, 4.4): create with a first application, read,
 * list, change, icon, delete; every field rule of 2.2 and §8 as a 400 naming the field;
 * roles, other organizations, scoped machines; billing collection behind view.billing
 * and the plan; audit events and the owner's notification.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { appGroups } from "../../../../src/modules/customers/apps/schema";
import { socialProviderCredentials } from "../../../../src/modules/customers/apps/service";
import { outboxMessages } from "../../../../src/platform/outbound/schema";
import { addMember, createOrg, type SignedInUser, type TestOrg } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { createSealedOrg } from "../../access/machine/support";
import { eventsOf, machineToken, orgApi } from "./support";

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let admin: SignedInUser;
let member: SignedInUser;
let api: ReturnType<typeof orgApi>;
beforeAll(async () => {
  t = await createTestApp();
  org = await createSealedOrg(t, "owner@groups.example", "Groups Co");
  other = await createOrg(t, "owner@groups-other.example", "Other Co");
  admin = await addMember(t, org, "admin@groups.example", "admin");
  member = await addMember(t, org, "member@groups.example", "member");
  api = orgApi(t, org);
});
afterAll(() => t.close());

async function createGroup(json: Record<string, unknown>, token = org.owner.token) {
  const r = await api("POST", "/app-groups", token, json);
  if (r.status !== 201) throw new Error(`create group: ${r.status} ${r.text}`);
  return r.body;
}

describe("create", () => {
  test("201: the 2.2 shape with key appgroup_<id>, defaults, a first web/production application, audited, the owner e-mailed", async () => {
    const r = await api("POST", "/app-groups", admin.token, { name: "  Acme   Shop ", description: "Our shop", iconUrl: "https://cdn.example.com/i.png", brandColor: "#a1b2c3" });
    expect(r.status).toBe(201);
    const g = r.body;
    expect(g.groupKey).toBe(`appgroup_${g.id}`);
    expect(g.id).toMatch(/^[0-9a-f]{32}$/);
    expect(g).toMatchObject({
      orgId: org.orgId,
      name: "Acme Shop",
      description: "Our shop",
      iconUrl: "https://cdn.example.com/i.png",
      brandColor: "#A1B2C3",
      branding: { primaryColor: null, backgroundColor: null, textColor: null, heroTitle: null, heroSubtitle: null },
      loginMethods: { magicLink: true, passkey: true, smsMfa: "off" },
      passkeyRpId: null,
      socialProviders: {},
      billingCollection: false,
      botProtection: false,
    });
    expect(g.applications).toHaveLength(1);
    expect(g.applications[0]).toMatchObject({ name: "Acme Shop", platform: "web", environment: "production", status: "active", appGroupId: g.id, hasClientSecret: false });
    expect(g.applications[0].clientKey).toBe(`client_${g.applications[0].id}`);

    const [created] = (await eventsOf(t, org, "appgroup.created")).filter((e) => e.appGroupId === g.id);
    expect(created!.payload).toEqual({ appGroupId: g.id, key: g.groupKey, name: "Acme Shop", firstApplicationId: g.applications[0].id });
    expect(created!.actorId).toBe(admin.userId);
    expect((await eventsOf(t, org, "appgroup.application.created")).some((e) => e.appGroupId === g.id)).toBe(true);

    const mails = await t.ctx.db.read.select().from(outboxMessages).where(eq(outboxMessages.to, "owner@groups.example"));
    expect(mails.some((m) => m.subject?.includes("Acme Shop") && m.text.includes(g.groupKey))).toBe(true);
  });

  test("the first application can be described; the orgId of 2.2's create body must be this organization", async () => {
    const g = await createGroup({ orgId: org.orgId, name: "Mobile", firstApplication: { name: "Mobile iOS", platform: "ios", environment: "staging", callbackUrls: ["com.example.mobile:/cb"] } });
    expect(g.applications[0]).toMatchObject({ name: "Mobile iOS", platform: "ios", environment: "staging", callbackUrls: ["com.example.mobile:/cb"] });
    const r = await api("POST", "/app-groups", org.owner.token, { orgId: other.orgId, name: "X" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "org_mismatch", field: "orgId" });
    const bad = await api("POST", "/app-groups", org.owner.token, { name: "Y", firstApplication: { platform: "web", callbackUrls: ["javascript:alert(1)"] } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "invalid_redirect_url", field: "firstApplication.callbackUrls[0]" });
  });

  test("each field rule of 2.2 is a 400 naming the field, and nothing is created", async () => {
    const before = (await t.ctx.db.read.select().from(appGroups)).length;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, "name", "invalid_request"],
      [{ name: "" }, "name", "invalid_request"],
      [{ name: "   " }, "name", "invalid_name"],
      [{ name: "a\u0007b" }, "name", "invalid_name"],
      [{ name: "x".repeat(201) }, "name", "invalid_request"],
      [{ name: 42 }, "name", "invalid_request"],
      [{ name: "ok", description: "d".repeat(1001) }, "description", "invalid_request"],
      [{ name: "ok", iconUrl: "https://cdn.example.com/" + "i".repeat(480) }, "iconUrl", "invalid_request"],
      [{ name: "ok", iconUrl: "http://cdn.example.com/i.png" }, "iconUrl", "invalid_icon_url"],
      [{ name: "ok", iconUrl: "javascript:alert(1)" }, "iconUrl", "invalid_icon_url"],
      [{ name: "ok", brandColor: "red" }, "brandColor", "invalid_request"],
      [{ name: "ok", brandColor: "#12345" }, "brandColor", "invalid_request"],
      [{ name: "ok", brandColor: "#1234567" }, "brandColor", "invalid_request"],
      [{ name: "ok", branding: { primaryColor: "blue" } }, "branding.primaryColor", "invalid_request"],
      [{ name: "ok", branding: { heroTitle: "h".repeat(121) } }, "branding.heroTitle", "invalid_request"],
      [{ name: "ok", loginMethods: { smsMfa: "always" } }, "loginMethods.smsMfa", "invalid_request"],
      [{ name: "ok", passkeyRpId: "https://login.example.com" }, "passkeyRpId", "invalid_rp_id"],
      [{ name: "ok", passkeyRpId: "login.example.com:443" }, "passkeyRpId", "invalid_rp_id"],
      [{ name: "ok", socialProviders: { google: { clientId: "id" } } }, "socialProviders.google.clientSecret", "invalid_social_provider"],
      [{ name: "ok", socialProviders: { myspace: { clientId: "id" } } }, "socialProviders.myspace", "invalid_request"],
      [{ name: "ok", socialProviders: { apple: { clientId: "id", clientSecret: "p8" } } }, "socialProviders.apple.teamId", "invalid_social_provider"],
      [{ name: "ok", socialProviders: { github: { clientId: "id", clientSecret: "s", tenant: "common" } } }, "socialProviders.github.tenant", "invalid_social_provider"],
      [{ name: "ok", colour: "#FFFFFF" }, "colour", "invalid_request"],
    ];
    for (const [json, field, error] of cases) {
      const r = await api("POST", "/app-groups", org.owner.token, json);
      expect({ json, status: r.status, error: r.body.error, field: r.body.field }).toEqual({ json, status: 400, error, field });
    }
    const malformed = await t.request("POST", `/api/org/${org.slug}/app-groups`, { token: org.owner.token, body: "{name:", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_json");
    expect((await t.ctx.db.read.select().from(appGroups)).length).toBe(before);
  });

  test("limits are inclusive: 200-char name, 1000-char description, 500-char iconUrl", async () => {
    const iconUrl = "https://cdn.example.com/" + "i".repeat(500 - "https://cdn.example.com/".length);
    const g = await createGroup({ name: "n".repeat(200), description: "d".repeat(1000), iconUrl });
    expect(g.name).toHaveLength(200);
    expect(g.iconUrl).toBe(iconUrl);
  });
});

describe("social providers", () => {
  test("client secrets are sealed at rest, never returned, kept when left out, and readable by the sign-in code", async () => {
    const g = await createGroup({
      name: "Social",
      socialProviders: {
        google: { clientId: "google-id", clientSecret: "google-secret-value" },
        microsoft: { clientId: "ms-id", clientSecret: "ms-secret-value" },
        kakao: { clientId: "kakao-id" },
      },
    });
    expect(g.socialProviders).toEqual({
      google: { enabled: true, clientId: "google-id", hasClientSecret: true },
      microsoft: { enabled: true, clientId: "ms-id", hasClientSecret: true, tenant: "common" },
      kakao: { enabled: true, clientId: "kakao-id", hasClientSecret: false },
    });
    const [row] = await t.ctx.db.read.select().from(appGroups).where(eq(appGroups.id, g.id));
    expect(JSON.stringify(row)).not.toContain("google-secret-value");
    expect((await socialProviderCredentials(t.ctx, row!, "google"))?.clientSecret).toBe("google-secret-value");

    const r = await api("PUT", `/app-groups/${g.id}`, org.owner.token, { socialProviders: { google: { clientId: "google-id-2", enabled: false }, kakao: null } });
    expect(r.status).toBe(200);
    expect(r.text).not.toContain("secret-value");
    expect(r.body.socialProviders).toEqual({
      google: { enabled: false, clientId: "google-id-2", hasClientSecret: true },
      microsoft: { enabled: true, clientId: "ms-id", hasClientSecret: true, tenant: "common" },
    });
    const [after] = await t.ctx.db.read.select().from(appGroups).where(eq(appGroups.id, g.id));
    expect(await socialProviderCredentials(t.ctx, after!, "google")).toBeNull();
    expect((await socialProviderCredentials(t.ctx, after!, "microsoft"))?.clientSecret).toBe("ms-secret-value");
    const updated = (await eventsOf(t, org, "appgroup.updated")).find((e) => e.appGroupId === g.id);
    expect(updated!.payload).toEqual({ appGroupId: g.id, fields: ["socialProviders"] });
  });
});

describe("read, list, change, icon, delete", () => {
  test("read by id or key; list; change merges; icon set and removed; delete takes the applications with it", async () => {
    const g = await createGroup({ name: "Lifecycle", branding: { heroTitle: "Welcome" } });
    expect((await api("GET", `/app-groups/${g.id}`, org.owner.token)).body).toEqual(g);
    expect((await api("GET", `/app-groups/${g.groupKey}`, org.owner.token)).body.id).toBe(g.id);
    const list = await api("GET", "/app-groups", admin.token);
    expect(list.status).toBe(200);
    expect(list.body.map((x: any) => x.id)).toContain(g.id);

    const put = await api("PUT", `/app-groups/${g.id}`, admin.token, { description: "Now described", branding: { primaryColor: "#000000" }, loginMethods: { passkey: false }, passkeyRpId: "Login.Example.com", botProtection: true });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      name: "Lifecycle",
      description: "Now described",
      branding: { heroTitle: "Welcome", primaryColor: "#000000" },
      loginMethods: { magicLink: true, passkey: false, smsMfa: "off" },
      passkeyRpId: "login.example.com",
      botProtection: true,
    });
    t.clock.advance(1000);

    let r = await api("POST", `/app-groups/${g.id}/icon`, org.owner.token, { iconUrl: "https://cdn.example.com/new.png" });
    expect(r.status).toBe(200);
    expect(r.body.iconUrl).toBe("https://cdn.example.com/new.png");
    r = await api("POST", `/app-groups/${g.id}/icon`, org.owner.token, { iconUrl: "data:image/png;base64,AAAA" });
    expect(r.body).toMatchObject({ error: "invalid_icon_url", field: "iconUrl" });
    r = await api("DELETE", `/app-groups/${g.id}/icon`, org.owner.token);
    expect(r.body.iconUrl).toBeNull();
    expect((await eventsOf(t, org, "appgroup.icon_changed")).filter((e) => e.appGroupId === g.id).map((e) => e.payload.iconUrl)).toEqual(["https://cdn.example.com/new.png", null]);

    r = await api("DELETE", `/app-groups/${g.id}`, org.owner.token);
    expect(r.body).toEqual({ deleted: true, id: g.id, groupKey: g.groupKey });
    expect((await api("GET", `/app-groups/${g.id}`, org.owner.token)).status).toBe(404);
    expect((await api("GET", `/applications/${g.applications[0].id}`, org.owner.token)).status).toBe(404);
    expect((await api("DELETE", `/app-groups/${g.id}`, org.owner.token)).status).toBe(404);
    const [deleted] = (await eventsOf(t, org, "appgroup.deleted")).filter((e) => e.appGroupId === g.id);
    expect(deleted!.payload).toEqual({ appGroupId: g.id, key: g.groupKey, name: "Lifecycle", applicationIds: [g.applications[0].id] });
  });

  test("PUT with bad fields is 400 naming the field and changes nothing", async () => {
    const g = await createGroup({ name: "Stable" });
    for (const [json, field] of [
      [{ name: "" }, "name"],
      [{ brandColor: "#GGGGGG" }, "brandColor"],
      [{ description: "d".repeat(1001) }, "description"],
      [{ billingCollection: "yes" }, "billingCollection"],
      [{ unknown: 1 }, "unknown"],
    ] as const) {
      const r = await api("PUT", `/app-groups/${g.id}`, org.owner.token, json);
      expect(r.status).toBe(400);
      expect(r.body.field).toBe(field);
    }
    expect((await api("GET", `/app-groups/${g.id}`, org.owner.token)).body).toEqual(g);
  });
});

describe("who may", () => {
  test("a member gets 403 PERMISSION_DENIED on every route; nothing changes", async () => {
    const g = await createGroup({ name: "Guarded" });
    for (const [method, path, json] of [
      ["GET", "/app-groups", undefined],
      ["POST", "/app-groups", { name: "Nope" }],
      ["GET", `/app-groups/${g.id}`, undefined],
      ["PUT", `/app-groups/${g.id}`, { name: "Renamed" }],
      ["DELETE", `/app-groups/${g.id}`, undefined],
      ["POST", `/app-groups/${g.id}/icon`, { iconUrl: "https://cdn.example.com/x.png" }],
      ["DELETE", `/app-groups/${g.id}/icon`, undefined],
    ] as const) {
      const r = await api(method, path, member.token, json);
      expect({ method, path, status: r.status, error: r.body.error }).toEqual({ method, path, status: 403, error: "PERMISSION_DENIED" });
    }
    expect((await api("GET", `/app-groups/${g.id}`, org.owner.token)).body).toEqual(g);
  });

  test("another organization's group is 404; a non-member and no session are refused", async () => {
    const theirs = (await t.request("POST", `/api/org/${other.slug}/app-groups`, { token: other.owner.token, json: { name: "Theirs" } })).body;
    for (const path of [`/app-groups/${theirs.id}`, `/app-groups/${theirs.groupKey}`]) {
      expect((await api("GET", path, org.owner.token)).status).toBe(404);
      expect((await api("PUT", path, org.owner.token, { name: "Mine now" })).status).toBe(404);
      expect((await api("DELETE", path, org.owner.token)).status).toBe(404);
    }
    expect((await t.request("GET", `/api/org/${other.slug}/app-groups`, { token: org.owner.token })).status).toBe(404);
    expect((await t.request("GET", `/api/org/${org.slug}/app-groups`)).status).toBe(401);
    expect((await t.request("GET", `/api/org/${other.slug}/app-groups/${theirs.id}`, { token: other.owner.token })).body.name).toBe("Theirs");
  });

  test("M2M tokens act with their key's scopes; a key scoped to one app group sees only that group and cannot create", async () => {
    const a = await createGroup({ name: "Machine A" });
    const b = await createGroup({ name: "Machine B" });
    const reader = await machineToken(t, org, { scopes: ["org.app_group.list", "org.app_group.read"] });
    expect((await api("GET", `/app-groups/${a.id}`, reader)).status).toBe(200);
    expect((await api("POST", "/app-groups", reader, { name: "No" })).body).toMatchObject({ error: "PERMISSION_DENIED" });

    const scoped = await machineToken(t, org, { scopes: ["org.app_group.*", "org.application.*"], appGroupId: a.groupKey });
    expect((await api("GET", `/app-groups/${a.id}`, scoped)).status).toBe(200);
    expect((await api("GET", `/app-groups/${b.id}`, scoped)).status).toBe(404);
    expect((await api("GET", "/app-groups", scoped)).body.map((g: any) => g.id)).toEqual([a.id]);
    expect((await api("POST", "/app-groups", scoped, { name: "No" })).status).toBe(403);
    const renamed = await api("PUT", `/app-groups/${a.id}`, scoped, { name: "Machine A2" });
    expect(renamed.body.name).toBe("Machine A2");
    const [event] = (await eventsOf(t, org, "appgroup.updated")).filter((e) => e.appGroupId === a.id);
    expect(event!.actorKind).toBe("m2m");
  });
});

describe("billing collection", () => {
  test("switching it needs view.billing (the owner, not an admin); the plan's count of collecting groups is 403 UPGRADE_REQUIRED", async () => {
    const g = await createGroup({ name: "Collect" });
    let r = await api("PUT", `/app-groups/${g.id}`, admin.token, { billingCollection: true });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("PERMISSION_DENIED");
    r = await api("PUT", `/app-groups/${g.id}`, admin.token, { billingCollection: false, name: "Collect" });
    expect(r.status).toBe(200);

    r = await api("PUT", `/app-groups/${g.id}`, org.owner.token, { billingCollection: true });
    expect(r.body.billingCollection).toBe(true);
    expect((await eventsOf(t, org, "appgroup.monetization.enabled")).map((e) => e.payload)).toContainEqual({ appGroupId: g.id });

    // Free: one collecting app group.
    const second = await createGroup({ name: "Collect 2" });
    r = await api("PUT", `/app-groups/${second.id}`, org.owner.token, { billingCollection: true });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: "UPGRADE_REQUIRED", feature: "billing.collect", limit: 1, current: 1 });
    r = await api("POST", "/app-groups", org.owner.token, { name: "Collect 3", billingCollection: true });
    expect(r.body.error).toBe("UPGRADE_REQUIRED");

    r = await api("PUT", `/app-groups/${g.id}`, org.owner.token, { billingCollection: false });
    expect(r.body.billingCollection).toBe(false);
    expect((await eventsOf(t, org, "appgroup.monetization.disabled")).map((e) => e.payload)).toContainEqual({ appGroupId: g.id });
    r = await api("PUT", `/app-groups/${second.id}`, org.owner.token, { billingCollection: true });
    expect(r.body.billingCollection).toBe(true);
  });
});
