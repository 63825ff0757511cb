/**
 * Applications on the dashboard (spec 2.3, 4.4): create with id and client_<id>, one per
 * platform and environment (409), every field rule as a 400 naming the field, OIDC and
 * SAML config, change, status, client secret rotation (shown once, SHA-256 stored),
 * the deployment account (token sealed, never returned), delete; roles and other orgs.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { applications } from "../../../../src/modules/customers/apps/schema";
import { clientSecretMatches, cloudflareToken } from "../../../../src/modules/customers/apps/service";
import { sha256Hex } from "../../../../src/platform/crypto/hash";
import { addMember, createOrg, type SignedInUser, type TestOrg } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { createSealedOrg } from "../../access/machine/support";
import { CALLBACK, eventsOf, machineToken, orgApi, ORIGIN } from "./support";

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let member: SignedInUser;
let api: ReturnType<typeof orgApi>;
let group: any;
beforeAll(async () => {
  t = await createTestApp();
  org = await createSealedOrg(t, "owner@apps.example", "Apps Co");
  other = await createOrg(t, "owner@apps-other.example", "Other Apps");
  member = await addMember(t, org, "member@apps.example", "member");
  api = orgApi(t, org);
  group = (await api("POST", "/app-groups", org.owner.token, { name: "Brand" })).body;
});
afterAll(() => t.close());

const body = (extra: Record<string, unknown> = {}) => ({ appGroupId: group.id, name: "App", platform: "web", environment: "staging", allowedOrigins: [ORIGIN], callbackUrls: [CALLBACK], ...extra });

/** An application in a group of its own (whose first application is web/production), so slots never collide across tests. */
async function createApp(extra: Record<string, unknown> = {}) {
  const own = (await api("POST", "/app-groups", org.owner.token, { name: "Own group" })).body;
  const r = await api("POST", "/applications", org.owner.token, body({ appGroupId: own.id, ...extra }));
  if (r.status !== 201) throw new Error(`create app: ${r.status} ${r.text}`);
  return r.body;
}

async function rowOf(id: string) {
  const [row] = await t.ctx.db.read.select().from(applications).where(eq(applications.id, id));
  return row!;
}

describe("create", () => {
  test("201 with id and clientKey client_<id>, canonical origins and URLs, OIDC defaults, audited", async () => {
    const r = await api("POST", "/applications", org.owner.token, body({ environment: "development", allowedOrigins: ["https://App.Example.com/", "http://localhost:5173"] }));
    expect(r.status).toBe(201);
    expect(r.body.clientKey).toBe(`client_${r.body.id}`);
    expect(r.body).toMatchObject({
      orgId: org.orgId,
      appGroupId: group.id,
      name: "App",
      platform: "web",
      environment: "development",
      status: "active",
      allowedOrigins: ["https://app.example.com", "http://localhost:5173"],
      callbackUrls: [CALLBACK],
      oidc: { pkceRequired: true, grantTypes: ["authorization_code", "refresh_token"], scopes: ["openid", "profile", "email"], postLogoutRedirectUris: [] },
      saml: null,
      hasClientSecret: false,
      secretRotatedAt: null,
      cloudflare: { connected: false, accountId: null, connectedAt: null },
    });
    const [event] = (await eventsOf(t, org, "appgroup.application.created")).filter((e) => e.payload.applicationId === r.body.id);
    expect(event!.payload).toEqual({ applicationId: r.body.id, clientKey: r.body.clientKey, name: "App", platform: "web", environment: "development" });
    expect(event!.appGroupId).toBe(group.id);
  });

  test("POST /app-groups/{groupId}/apps does the same; the group's key works as its id", async () => {
    const r = await api("POST", `/app-groups/${group.groupKey}/apps`, org.owner.token, { name: "Android", platform: "android", environment: "production", allowedOrigins: [], callbackUrls: ["com.example.brand:/oauth2redirect"] });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ appGroupId: group.id, platform: "android", callbackUrls: ["com.example.brand:/oauth2redirect"] });
  });

  test("one per platform and environment in a group: 409 application_exists; nothing created", async () => {
    const first = await createApp({ platform: "desktop", environment: "production", callbackUrls: ["http://127.0.0.1:8123/cb"] });
    const before = (await t.ctx.db.read.select().from(applications)).length;
    const r = await api("POST", "/applications", org.owner.token, body({ appGroupId: first.appGroupId, platform: "desktop", environment: "production", name: "Again" }));
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "application_exists", applicationId: first.id });
    expect((await t.ctx.db.read.select().from(applications)).length).toBe(before);
    // Another group may have the same platform and environment.
    const otherGroup = (await api("POST", "/app-groups", org.owner.token, { name: "Brand 2", firstApplication: { platform: "desktop", environment: "production" } })).body;
    expect(otherGroup.applications[0].platform).toBe("desktop");
  });

  test("each field rule is a 400 naming the field, and nothing is created", async () => {
    const before = (await t.ctx.db.read.select().from(applications)).length;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: "" }, "name", "invalid_request"],
      [{ name: "x".repeat(201) }, "name", "invalid_request"],
      [{ name: " \t " }, "name", "invalid_name"],
      [{ platform: "mainframe" }, "platform", "invalid_request"],
      [{ environment: "prod" }, "environment", "invalid_request"],
      [{ allowedOrigins: "https://a.example" }, "allowedOrigins", "invalid_request"],
      [{ allowedOrigins: ["http://app.example.com"] }, "allowedOrigins[0]", "invalid_origin"],
      [{ allowedOrigins: [ORIGIN, "https://app.example.com/login"] }, "allowedOrigins[1]", "invalid_origin"],
      [{ allowedOrigins: [ORIGIN, "https://APP.example.com"] }, "allowedOrigins[1]", "duplicate_entry"],
      [{ allowedOrigins: Array.from({ length: 51 }, (_, i) => `https://a${i}.example.com`) }, "allowedOrigins", "invalid_request"],
      [{ callbackUrls: ["//evil.com"] }, "callbackUrls[0]", "invalid_redirect_url"],
      [{ callbackUrls: [CALLBACK, "https://evil.com@app.example.com/cb"] }, "callbackUrls[1]", "invalid_redirect_url"],
      [{ callbackUrls: ["javascript:alert(1)"] }, "callbackUrls[0]", "invalid_redirect_url"],
      [{ callbackUrls: ["https:%2F%2Fevil.com"] }, "callbackUrls[0]", "invalid_redirect_url"],
      [{ callbackUrls: ["http://app.example.com/cb"] }, "callbackUrls[0]", "invalid_redirect_url"],
      [{ callbackUrls: ["com.example.app:/cb"] }, "callbackUrls[0]", "invalid_redirect_url"],
      [{ callbackUrls: [CALLBACK + "#x"] }, "callbackUrls[0]", "invalid_redirect_url"],
      [{ callbackUrls: ["https://app.example.com/" + "a".repeat(2000)] }, "callbackUrls[0]", "invalid_request"],
      [{ oidc: { grantTypes: ["password"] } }, "oidc.grantTypes[0]", "invalid_request"],
      [{ oidc: { grantTypes: [] } }, "oidc.grantTypes", "invalid_request"],
      [{ oidc: { grantTypes: ["client_credentials"] } }, "oidc.grantTypes", "invalid_grant_types"],
      [{ oidc: { grantTypes: ["authorization_code", "authorization_code"] } }, "oidc.grantTypes", "duplicate_entry"],
      [{ platform: "ios", callbackUrls: [], oidc: { pkceRequired: false } }, "oidc.pkceRequired", "pkce_required"],
      [{ oidc: { scopes: ["open id"] } }, "oidc.scopes[0]", "invalid_request"],
      [{ oidc: { postLogoutRedirectUris: ["https://good.com\\@evil.com"] } }, "oidc.postLogoutRedirectUris[0]", "invalid_redirect_url"],
      [{ oidc: { responseTypes: ["token"] } }, "oidc.responseTypes", "invalid_request"],
      [{ saml: { entityId: "not a uri", acsUrl: "https://app.example.com/acs" } }, "saml.entityId", "invalid_saml"],
      [{ saml: { entityId: "https://app.example.com/sp", acsUrl: "http://app.example.com/acs" } }, "saml.acsUrl", "invalid_saml"],
      [{ saml: { entityId: "https://app.example.com/sp" } }, "saml", "invalid_request"],
      [{ clientSecret: "mine" }, "clientSecret", "invalid_request"],
    ];
    for (const [extra, field, error] of cases) {
      const r = await api("POST", "/applications", org.owner.token, body({ environment: "production", ...extra }));
      expect({ extra, status: r.status, error: r.body.error, field: r.body.field }).toEqual({ extra, status: 400, error, field });
    }
    for (const missing of ["appGroupId", "name", "platform", "environment", "allowedOrigins", "callbackUrls"]) {
      const json: Record<string, unknown> = body({ environment: "production" });
      delete json[missing];
      const r = await api("POST", "/applications", org.owner.token, json);
      expect({ missing, status: r.status, field: r.body.field }).toEqual({ missing, status: 400, field: missing });
    }
    expect((await t.ctx.db.read.select().from(applications)).length).toBe(before);
  });

  test("OIDC and SAML settings are stored: server with client_credentials, PKCE off on web, SAML by URN", async () => {
    const server = await createApp({ platform: "server", environment: "production", allowedOrigins: [], callbackUrls: [], oidc: { grantTypes: ["client_credentials"], pkceRequired: false, scopes: ["api:read"] } });
    expect(server.oidc).toEqual({ pkceRequired: false, grantTypes: ["client_credentials"], scopes: ["api:read"], postLogoutRedirectUris: [] });
    const web = await createApp({
      environment: "staging",
      oidc: { pkceRequired: false, postLogoutRedirectUris: ["https://app.example.com/bye"] },
      saml: { entityId: "urn:example:sp", acsUrl: "https://app.example.com/saml/acs" },
    });
    expect(web.oidc.pkceRequired).toBe(false);
    expect(web.oidc.postLogoutRedirectUris).toEqual(["https://app.example.com/bye"]);
    expect(web.saml).toEqual({ entityId: "urn:example:sp", acsUrl: "https://app.example.com/saml/acs" });
  });

  test("an unknown group or another organization's is 404", async () => {
    const theirs = (await t.request("POST", `/api/org/${other.slug}/app-groups`, { token: other.owner.token, json: { name: "Theirs" } })).body;
    for (const appGroupId of ["nope", theirs.id, theirs.groupKey]) {
      const r = await api("POST", "/applications", org.owner.token, body({ appGroupId, environment: "production" }));
      expect(r.status).toBe(404);
    }
    expect((await api("POST", `/app-groups/${theirs.id}/apps`, org.owner.token, { name: "x", platform: "web", environment: "production", allowedOrigins: [], callbackUrls: [] })).status).toBe(404);
  });
});

describe("read, change, status, delete", () => {
  test("read by id or clientKey; list and filter; PUT merges and re-checks the whole; a platform change into a taken slot is 409", async () => {
    const g = (await api("POST", "/app-groups", org.owner.token, { name: "Edit Brand" })).body;
    t.clock.advance(1);
    const app = (await api("POST", `/app-groups/${g.id}/apps`, org.owner.token, { name: "Edit", platform: "ios", environment: "staging", allowedOrigins: [], callbackUrls: ["com.example.edit:/cb"] })).body;
    expect((await api("GET", `/applications/${app.id}`, org.owner.token)).body).toEqual(app);
    expect((await api("GET", `/applications/${app.clientKey}`, org.owner.token)).body.id).toBe(app.id);
    const listed = (await api("GET", `/applications?appGroupId=${g.groupKey}`, org.owner.token)).body;
    expect(listed.map((a: any) => a.id)).toEqual([g.applications[0].id, app.id]);

    let r = await api("PUT", `/applications/${app.id}`, org.owner.token, { name: "Edited", oidc: { scopes: ["openid"] } });
    expect(r.body).toMatchObject({ name: "Edited" });
    expect(r.body).toMatchObject({ name: "Edited", callbackUrls: ["com.example.edit:/cb"], oidc: { pkceRequired: true, scopes: ["openid"], grantTypes: ["authorization_code", "refresh_token"] } });
    expect((await eventsOf(t, org, "appgroup.application.updated")).find((e) => e.payload.applicationId === app.id)!.payload).toEqual({ applicationId: app.id, fields: ["name", "oidc"] });
    // Moving to web makes the private-use callback unacceptable: the whole is re-checked.
    r = await api("PUT", `/applications/${app.id}`, org.owner.token, { platform: "web" });
    expect(r.body).toMatchObject({ error: "invalid_redirect_url", field: "callbackUrls[0]" });
    r = await api("PUT", `/applications/${app.id}`, org.owner.token, { platform: "web", environment: "production", callbackUrls: [] });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("application_exists");
    expect((await api("GET", `/applications/${app.id}`, org.owner.token)).body).toMatchObject({ name: "Edited", platform: "ios", environment: "staging" });
  });

  test("PATCH status disables and enables, audited once per change; bad status is 400", async () => {
    const app = await createApp({ environment: "production", platform: "server", allowedOrigins: [], callbackUrls: [] });
    let r = await api("PATCH", `/applications/${app.id}/status`, org.owner.token, { status: "disabled" });
    expect(r.body.status).toBe("disabled");
    r = await api("PATCH", `/applications/${app.id}/status`, org.owner.token, { status: "disabled" });
    expect(r.status).toBe(200);
    r = await api("PATCH", `/applications/${app.id}/status`, org.owner.token, { status: "paused" });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe("status");
    r = await api("PATCH", `/applications/${app.id}/status`, org.owner.token, { status: "active" });
    expect(r.body.status).toBe("active");
    const changes = (await eventsOf(t, org, "appgroup.application.status_changed")).filter((e) => e.payload.applicationId === app.id).map((e) => [e.payload.from, e.payload.to]);
    expect(changes).toEqual([["active", "disabled"], ["disabled", "active"]]);
  });

  test("DELETE removes it (the slot frees up), audited; again is 404", async () => {
    const g = (await api("POST", "/app-groups", org.owner.token, { name: "Delete Brand" })).body;
    const app = g.applications[0];
    expect((await api("DELETE", `/applications/${app.id}`, org.owner.token)).body).toEqual({ deleted: true, id: app.id, clientKey: app.clientKey });
    expect((await api("GET", `/applications/${app.id}`, org.owner.token)).status).toBe(404);
    expect((await api("DELETE", `/applications/${app.id}`, org.owner.token)).status).toBe(404);
    expect((await api("POST", `/app-groups/${g.id}/apps`, org.owner.token, { name: "Again", platform: "web", environment: "production", allowedOrigins: [], callbackUrls: [] })).status).toBe(201);
    expect((await eventsOf(t, org, "appgroup.application.deleted")).some((e) => e.payload.applicationId === app.id)).toBe(true);
  });
});

describe("client secret", () => {
  test("rotate-secret shows it once, stores only its SHA-256, and the previous one stops matching", async () => {
    const app = await createApp({ platform: "server", environment: "staging", allowedOrigins: [], callbackUrls: [] });
    const first = await api("POST", `/applications/${app.id}/rotate-secret`, org.owner.token);
    expect(first.status).toBe(200);
    expect(first.body.clientKey).toBe(app.clientKey);
    expect(first.body.clientSecret).toMatch(/^cs_[A-Za-z0-9_-]{43}$/);
    let row = await rowOf(app.id);
    expect(row.clientSecretHash).toBe(sha256Hex(first.body.clientSecret));
    expect(JSON.stringify(row)).not.toContain(first.body.clientSecret);
    expect(clientSecretMatches(row, first.body.clientSecret)).toBe(true);
    const read = await api("GET", `/applications/${app.id}`, org.owner.token);
    expect(read.body.hasClientSecret).toBe(true);
    expect(read.text).not.toContain(first.body.clientSecret);

    t.clock.advance(60_000);
    const second = await api("POST", `/applications/${app.id}/rotate-secret`, org.owner.token);
    row = await rowOf(app.id);
    expect(clientSecretMatches(row, first.body.clientSecret)).toBe(false);
    expect(clientSecretMatches(row, second.body.clientSecret)).toBe(true);
    expect(second.body.secretRotatedAt).toBe(new Date(t.clock.now()).toISOString());
    const events = (await eventsOf(t, org, "appgroup.application.secret_rotated")).filter((e) => e.payload.applicationId === app.id);
    expect(events.map((e) => e.payload.first)).toEqual([true, false]);
    expect(JSON.stringify(events)).not.toContain(second.body.clientSecret);
  });
});

describe("deployment account", () => {
  test("the token is sealed at rest and never returned; disconnect forgets both", async () => {
    const app = await createApp({ environment: "production", platform: "ios", allowedOrigins: [], callbackUrls: [] });
    const token = "cf_" + "T".repeat(37);
    const accountId = "0123456789abcdef0123456789abcdef";
    let r = await api("POST", `/applications/${app.id}/cloudflare`, org.owner.token, { accountId, token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ connected: true, accountId, connectedAt: new Date(t.clock.now()).toISOString() });
    expect(r.text).not.toContain(token);
    const row = await rowOf(app.id);
    expect(row.cloudflareTokenSealed).not.toContain(token);
    expect(await cloudflareToken(t.ctx, row)).toBe(token);
    expect((await api("GET", `/applications/${app.id}/cloudflare`, org.owner.token)).body).toMatchObject({ connected: true, accountId });
    expect((await api("GET", `/applications/${app.id}`, org.owner.token)).text).not.toContain(token);

    for (const [json, field] of [
      [{ accountId: "xyz", token }, "accountId"],
      [{ accountId, token: "short" }, "token"],
      [{ accountId }, "token"],
      [{ accountId, token, zone: "x" }, "zone"],
    ] as const) {
      r = await api("POST", `/applications/${app.id}/cloudflare`, org.owner.token, json);
      expect({ status: r.status, field: r.body.field }).toEqual({ status: 400, field });
    }
    r = await api("DELETE", `/applications/${app.id}/cloudflare`, org.owner.token);
    expect(r.body).toEqual({ connected: false, accountId: null, connectedAt: null });
    expect((await rowOf(app.id)).cloudflareTokenSealed).toBeNull();
    const types = (await eventsOf(t, org, "appgroup.application.cloudflare_connected")).concat(await eventsOf(t, org, "appgroup.application.cloudflare_disconnected"));
    expect(types.filter((e) => e.payload.applicationId === app.id).map((e) => e.payload)).toEqual([
      { applicationId: app.id, accountId },
      { applicationId: app.id, accountId },
    ]);
  });
});

describe("who may", () => {
  test("a member gets 403 on every application route; another org's application is 404; machines need the scopes", async () => {
    const app = await createApp({ environment: "production", platform: "android", allowedOrigins: [], callbackUrls: [] });
    for (const [method, path, json] of [
      ["GET", "/applications", undefined],
      ["POST", "/applications", body({ environment: "production", platform: "desktop" })],
      ["GET", `/applications/${app.id}`, undefined],
      ["PUT", `/applications/${app.id}`, { name: "x" }],
      ["DELETE", `/applications/${app.id}`, undefined],
      ["PATCH", `/applications/${app.id}/status`, { status: "disabled" }],
      ["POST", `/applications/${app.id}/rotate-secret`, undefined],
      ["GET", `/applications/${app.id}/cloudflare`, undefined],
      ["POST", `/applications/${app.id}/cloudflare`, { accountId: "0123456789abcdef0123456789abcdef", token: "T".repeat(40) }],
      ["DELETE", `/applications/${app.id}/cloudflare`, undefined],
      ["POST", `/app-groups/${group.id}/apps`, { name: "x", platform: "desktop", environment: "staging", allowedOrigins: [], callbackUrls: [] }],
    ] as const) {
      const r = await api(method, path, member.token, json);
      expect({ method, path, status: r.status }).toEqual({ method, path, status: 403 });
    }
    expect((await rowOf(app.id)).status).toBe("active");

    const theirs = (await t.request("POST", `/api/org/${other.slug}/app-groups`, { token: other.owner.token, json: { name: "Theirs" } })).body.applications[0];
    for (const [method, path] of [
      ["GET", `/applications/${theirs.id}`],
      ["GET", `/applications/${theirs.clientKey}`],
      ["PATCH", `/applications/${theirs.id}/status`],
      ["POST", `/applications/${theirs.id}/rotate-secret`],
      ["DELETE", `/applications/${theirs.id}`],
    ] as const) {
      const r = await api(method, path, org.owner.token, method === "PATCH" ? { status: "disabled" } : undefined);
      expect({ method, path, status: r.status }).toEqual({ method, path, status: 404 });
    }
    expect((await api("GET", "/applications", org.owner.token)).body.map((a: any) => a.id)).not.toContain(theirs.id);

    const rotator = await machineToken(t, org, { scopes: ["org.application.read"] });
    expect((await api("GET", `/applications/${app.id}`, rotator)).status).toBe(200);
    expect((await api("POST", `/applications/${app.id}/rotate-secret`, rotator)).body).toMatchObject({ error: "PERMISSION_DENIED", scope: "org.application.rotate_secret" });
  });
});
