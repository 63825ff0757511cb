/**
 * The public side of app groups: the public v1 lookups (4.2: orgs/app-groups and
 * app-groups/by-key, the key's own organization only) and CORS on an application's
 * public routes (preflight, and the publicApp guard's headers), with disabled and
 * unknown application keys answering 404.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { publicAppGuard } from "../../../../src/modules/customers/apps/cors";
import { httpKernel } from "../../../../src/platform/http/kernel";
import { createOrg, type TestOrg } from "../../../support/accounts";
import { createTestApp, send, type TestApp } from "../../../support/harness";
import { createApiKey, orgApi, ORIGIN } from "./support";

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let key: string;
let groups: any[];
let app: any;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "Owner@Public-Apps.example", "Public  Apps");
  other = await createOrg(t, "owner@public-other.example", "Public Other");
  key = (await createApiKey(t, org, { scopes: ["org.app_group.list", "org.app_group.read"] })).key;
  const api = orgApi(t, org);
  groups = [];
  for (const name of ["First brand", "Second brand"]) {
    groups.push((await api("POST", "/app-groups", org.owner.token, { name, description: `${name} desc`, brandColor: "#112233" })).body);
    t.clock.advance(1);
  }
  app = (await api("PUT", `/applications/${groups[0].applications[0].id}`, org.owner.token, { allowedOrigins: [ORIGIN, "http://localhost:5173"] })).body;
});
afterAll(() => t.close());

const v1 = (path: string, json: unknown, apiKey: string | null = key) => t.request("POST", `/api/public/v1${path}`, { json, headers: apiKey ? { "x-api-key": apiKey } : {} });

describe("POST /api/public/v1/orgs/app-groups", () => {
  test("the matching organization's groups as [{key, name, description}], oldest first", async () => {
    const r = await v1("/orgs/app-groups", { ownerEmail: "owner@public-apps.example", orgName: "public apps" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(groups.map((g) => ({ key: g.groupKey, name: g.name, description: g.description })));
  });

  test("no match, another organization or a deleted group: an empty list or fewer, never another org's", async () => {
    expect((await v1("/orgs/app-groups", { ownerEmail: "owner@public-apps.example", orgName: "Other name" })).body).toEqual([]);
    expect((await v1("/orgs/app-groups", { ownerEmail: "owner@public-other.example", orgName: "Public Other" })).body).toEqual([]);
    await t.request("POST", `/api/org/${other.slug}/app-groups`, { token: other.owner.token, json: { name: "Theirs" } });
    const temp = (await orgApi(t, org)("POST", "/app-groups", org.owner.token, { name: "Temporary" })).body;
    await orgApi(t, org)("DELETE", `/app-groups/${temp.id}`, org.owner.token);
    const r = await v1("/orgs/app-groups", { ownerEmail: "owner@public-apps.example", orgName: "Public Apps" });
    expect(r.body.map((g: any) => g.name)).toEqual(["First brand", "Second brand"]);
  });

  test("bad input is 400 naming the field; no key is 401; an app-group-scoped key is 401", async () => {
    for (const [json, field] of [
      [{ orgName: "x" }, "ownerEmail"],
      [{ ownerEmail: "not-an-email", orgName: "x" }, "ownerEmail"],
      [{ ownerEmail: "a@b.example", orgName: "" }, "orgName"],
      [{ ownerEmail: "a@b.example", orgName: "x", extra: 1 }, "extra"],
    ] as const) {
      const r = await v1("/orgs/app-groups", json);
      expect({ status: r.status, field: r.body.field }).toEqual({ status: 400, field });
    }
    expect((await v1("/orgs/app-groups", { ownerEmail: "a@b.example", orgName: "x" }, null)).status).toBe(401);
    const scoped = (await createApiKey(t, org, { scopes: ["org.app_group.list", "org.app_group.read"], appGroupId: groups[0].groupKey })).key;
    expect((await v1("/orgs/app-groups", { ownerEmail: "owner@public-apps.example", orgName: "Public Apps" }, scoped)).body.error).toBe("org_wide_key_required");
  });
});

describe("POST /api/public/v1/app-groups/by-key", () => {
  test("the 2.2 read shape", async () => {
    const g = groups[0];
    const r = await v1("/app-groups/by-key", { groupKey: g.groupKey });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ groupKey: g.groupKey, id: g.id, orgId: org.orgId, name: g.name, description: g.description, iconUrl: null, brandColor: "#112233" });
  });

  test("unknown, malformed, another organization's or deleted: 404; a scoped key sees its own group only", async () => {
    const theirs = (await t.request("POST", `/api/org/${other.slug}/app-groups`, { token: other.owner.token, json: { name: "Not yours" } })).body;
    for (const groupKey of ["appgroup_00000000000000000000000000000000", groups[0].id, "x", theirs.groupKey]) {
      const r = await v1("/app-groups/by-key", { groupKey });
      expect({ groupKey, status: r.status, error: r.body.error }).toEqual({ groupKey, status: 404, error: "not_found" });
    }
    expect((await v1("/app-groups/by-key", {})).body.field).toBe("groupKey");
    const scoped = (await createApiKey(t, org, { scopes: ["org.app_group.list", "org.app_group.read"], appGroupId: groups[1].groupKey })).key;
    expect((await v1("/app-groups/by-key", { groupKey: groups[1].groupKey }, scoped)).status).toBe(200);
    expect((await v1("/app-groups/by-key", { groupKey: groups[0].groupKey }, scoped)).status).toBe(404);
  });
});

describe("CORS on an application's public routes", () => {
  const preflight = (clientKey: string, origin: string | null, extra: Record<string, string> = {}) =>
    t.request("OPTIONS", `/api/public/apps/${clientKey}/auth/magic-link/send`, {
      headers: { ...(origin ? { origin } : {}), "access-control-request-method": "POST", "access-control-request-headers": "Content-Type, X-Evil", ...extra },
    });

  test("preflight from an Allowed Origin: 204 with the origin echoed, methods, headers, credentials and max-age", async () => {
    const r = await preflight(app.clientKey, ORIGIN);
    expect(r.status).toBe(204);
    expect(r.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(r.headers.get("access-control-allow-methods")).toBe("GET, POST, DELETE, OPTIONS");
    expect(r.headers.get("access-control-allow-headers")).toBe("content-type, authorization, x-request-id");
    expect(r.headers.get("access-control-allow-credentials")).toBe("true");
    expect(r.headers.get("access-control-max-age")).toBe("600");
    expect(r.headers.get("vary")).toContain("Origin");
    expect((await preflight(app.clientKey, "http://localhost:5173")).headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
  });

  test("any other origin: 403 origin_not_allowed and no Access-Control-Allow-Origin", async () => {
    for (const origin of ["https://evil.example", "https://app.example.com.evil.example", "http://app.example.com", "null", null]) {
      const r = await preflight(app.clientKey, origin);
      expect({ origin, status: r.status, error: r.body?.error, acao: r.headers.get("access-control-allow-origin") }).toEqual({ origin, status: 403, error: "origin_not_allowed", acao: null });
    }
  });

  test("an unknown key, a disabled application or a deleted group: 404", async () => {
    expect((await preflight("client_00000000000000000000000000000000", ORIGIN)).status).toBe(404);
    expect((await preflight("not-a-key", ORIGIN)).status).toBe(404);
    const api = orgApi(t, org);
    await api("PATCH", `/applications/${app.id}/status`, org.owner.token, { status: "disabled" });
    expect((await preflight(app.clientKey, ORIGIN)).status).toBe(404);
    await api("PATCH", `/applications/${app.id}/status`, org.owner.token, { status: "active" });
    expect((await preflight(app.clientKey, ORIGIN)).status).toBe(204);
    const temp = (await api("POST", "/app-groups", org.owner.token, { name: "Gone", firstApplication: { allowedOrigins: [ORIGIN] } })).body;
    await api("DELETE", `/app-groups/${temp.id}`, org.owner.token);
    expect((await preflight(temp.applications[0].clientKey, ORIGIN)).status).toBe(404);
  });

  test("the publicApp guard resolves the application and sets the CORS headers only for an Allowed Origin", async () => {
    // A route of the kind the sign-in module mounts, behind the same kernel as the app.
    const probe = new Elysia()
      .use(httpKernel({ logger: t.ctx.logger, trustedProxies: [], bodyLimits: new Map() }))
      .use(publicAppGuard(t.ctx))
      .get("/api/public/apps/:applicationKey/probe", ({ application, appGroup }) => ({ applicationId: application.id, appGroupId: appGroup.id }), { publicApp: true });
    let r = await send(probe, "GET", `/api/public/apps/${app.clientKey}/probe`, { headers: { origin: ORIGIN } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ applicationId: app.id, appGroupId: groups[0].id });
    expect(r.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(r.headers.get("vary")).toContain("Origin");
    r = await send(probe, "GET", `/api/public/apps/${app.clientKey}/probe`, { headers: { origin: "https://evil.example" } });
    expect(r.status).toBe(200);
    expect(r.headers.get("access-control-allow-origin")).toBeNull();
    r = await send(probe, "GET", "/api/public/apps/client_00000000000000000000000000000000/probe", { headers: { origin: ORIGIN } });
    expect(r.status).toBe(404);
  });
});
