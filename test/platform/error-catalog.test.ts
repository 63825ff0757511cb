/**
 * Error catalogs (DESIGN §7): a code's status is chosen once, in its domain's catalog;
 * routes declare the codes they answer, the app refuses a code no catalog has, and the
 * OpenAPI document lists each route's error answers from the declaration.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import type { AppContext } from "../../src/context";
import { MODULES } from "../../src/modules";
import { auditErrors } from "../../src/modules/trust/audit/errors";
import { declaresErrors, defineErrors } from "../../src/platform/http/error-catalog";
import { ApiError } from "../../src/platform/http/errors";
import { defineModule } from "../../src/platform/module";
import { createOrg } from "../support/accounts";
import { addMember } from "../support/accounts";
import { createTestApp, type TestApp } from "../support/harness";

describe("defineErrors", () => {
  const catalog = defineErrors({
    gone: { code: "gone_away", status: 410, message: "it went away" },
    upgrade: { code: "UPGRADE_REQUIRED", status: [402, 403], message: "a higher plan" },
  });

  test("an error carries the catalog's status and code; without details the catalog's message, with them exactly those", () => {
    const plain = catalog.error("gone");
    expect(plain).toBeInstanceOf(ApiError);
    expect([plain.status, plain.body()]).toEqual([410, { error: "gone_away", message: "it went away" }]);
    expect(catalog.error("gone", { field: "id", message: "that file went away" }).body()).toEqual({ error: "gone_away", field: "id", message: "that file went away" });
    expect(catalog.error("gone", { field: "id" }).body()).toEqual({ error: "gone_away", field: "id" });
    expect(catalog.codes).toEqual({ gone: "gone_away", upgrade: "UPGRADE_REQUIRED" });
  });

  test("a code with two statuses needs the thrower to pick one of them", () => {
    expect(catalog.error("upgrade", { status: 402 }).status).toBe(402);
    expect(() => catalog.error("upgrade")).toThrow("UPGRADE_REQUIRED");
    expect(() => catalog.error("upgrade", { status: 404 })).toThrow("status 404 is not one of 402, 403");
    expect(() => catalog.error("gone", { status: 400 })).toThrow("status 400 is not one of 410");
  });
});

describe("routes declare the codes they answer", () => {
  test("the app refuses to start when a route declares a code no catalog has", async () => {
    const careless = defineModule<AppContext>({
      name: "careless",
      routes: () => [new Elysia({ name: "careless" }).get("/api/careless", () => ({ ok: true }), { detail: { summary: "careless", ...declaresErrors("no_such_code") } })],
    });
    await expect(createTestApp({ modules: [...MODULES, careless] })).rejects.toThrow('GET /api/careless declares the error "no_such_code", which no module\'s errors catalog has');
  });

  test("a module's catalog makes its codes declarable", async () => {
    const errors = defineErrors({ teapot: { code: "teapot", status: 418, message: "short and stout" } });
    const brewing = defineModule<AppContext>({
      name: "brewing",
      errors: [errors],
      routes: () => [
        new Elysia({ name: "brewing" }).get(
          "/api/brew",
          () => {
            throw errors.error("teapot");
          },
          { detail: { summary: "brew", ...declaresErrors("teapot", "rate_limited") } },
        ),
      ],
    });
    const t = await createTestApp({ modules: [...MODULES, brewing] });
    try {
      const r = await t.request("GET", "/api/brew");
      expect([r.status, r.body]).toEqual([418, { error: "teapot", message: "short and stout" }]);
      const doc = (await t.request("GET", "/swagger/json")).body;
      const responses = doc.paths["/api/brew"].get.responses;
      expect(responses["418"].description).toBe("`teapot`: short and stout");
      expect(responses["418"].content["application/json"].schema.properties.error.enum).toEqual(["teapot"]);
      expect(responses["429"].description).toContain("`rate_limited`");
    } finally {
      await t.close();
    }
  });
});

describe("the families with catalogs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test("every audit and machine-access route documents its error answers, with the statuses of the catalogs", async () => {
    const doc = (await t.request("GET", "/swagger/json")).body;
    // The families whose domains declare catalogs so far: the audit chain (analytics shares
    // its prefix; its catalog comes later) and machine access (keys, M2M, permits, JWKS, partner assertions, public v1 organizations).
    const declared = [
      /^\/api\/v1\/admin\/(audit|integrity)\/(?!.*(analytics|behavior))/,
      /^\/api\/m2m\/token$/,
      /^\/api\/org\/\{slug\}\/(me$|master-seal|permits\/issue|settings\/keys\/)/,
      /^\/api\/public\/orgs\/\{slug\}\/(jwks\.json|partner-assertion)$/,
      /^\/api\/public\/v1\/(me|orgs\/(by-owner|match|by-id))$/,
    ];
    const audit = Object.entries<any>(doc.paths).filter(([path]) => declared.some((p) => p.test(path)));
    expect(audit.length).toBeGreaterThan(30);
    for (const [path, methods] of audit) {
      for (const [method, op] of Object.entries<any>(methods)) {
        const errorStatuses = Object.keys(op.responses ?? {}).filter((s) => Number(s) >= 400);
        expect({ route: `${method} ${path}`, documented: errorStatuses.length > 0 }).toEqual({ route: `${method} ${path}`, documented: true });
      }
    }
    const query = doc.paths["/api/v1/admin/audit/query"].get.responses;
    expect(Object.keys(query).filter((s) => Number(s) >= 400).sort()).toEqual(["400", "401", "402", "403", "404"]);
    expect(query["403"].content["application/json"].schema.properties.error.enum).toEqual(["PERMISSION_DENIED", "UPGRADE_REQUIRED"]);
  });

  test("what a route answers is what its catalog says: an admin's purge-now is 403 owner_required", async () => {
    const org = await createOrg(t, "owner@catalog.example", "Catalog Co");
    const admin = await addMember(t, org, "admin@catalog.example", "admin");
    const r = await t.request("POST", `/api/v1/admin/audit/retention/purge-now?org=${org.slug}`, { token: admin.token, json: {} });
    expect(r.status).toBe(auditErrors.specs.ownerRequired.status);
    expect(r.body.error).toBe(auditErrors.codes.ownerRequired);
  });
});
