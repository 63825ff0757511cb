/**
 * The module contract (DESIGN §3): the app, the jobs, the schema and the event catalog
 * are assembled from src/modules.ts, and a new domain is one module added to that list.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { Elysia, t } from "elysia";
import type { AppContext } from "../../src/context";
import { MODULES } from "../../src/modules";
import { catalogEntry, registerAuditEvents } from "../../src/platform/audit/catalog";
import { declaredTables, table, col } from "../../src/platform/db/kit";
import { checkModules, defineModule, ownedTables } from "../../src/platform/module";
import { registerRoleScopes, ROLE_SCOPES } from "../../src/modules/orgs/permissions/roles";
import { parseScope } from "../../src/modules/orgs/permissions/scopes";
import { createTestApp, type TestApp } from "../support/harness";

describe("src/modules.ts", () => {
  test("every table belongs to exactly one module", () => {
    const owners = new Map<string, string[]>();
    for (const m of MODULES) for (const name of ownedTables(m)) owners.set(name, [...(owners.get(name) ?? []), m.name]);
    const problems = declaredTables
      .filter((d) => !d.name.startsWith("test_"))
      .map((d) => ({ table: d.name, owners: owners.get(d.name) ?? [] }))
      .filter((o) => o.owners.length !== 1);
    expect(problems).toEqual([]);
  });

  test("module names are unique and the list passes its own checks", () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("checkModules refuses an ambiguous list", () => {
  const deps = {} as AppContext;
  const job = (name: string) => ({ name, schedule: "0 * * * *", description: name, run: async () => {} });

  test("a module listed twice", () => {
    const m = defineModule<AppContext>({ name: "twice" });
    expect(() => checkModules([m, m], deps)).toThrow('module "twice" is listed twice');
  });

  test("a table owned by two modules", () => {
    const shared = table("test_module_shared", { id: col.id().primaryKey() });
    const a = defineModule<AppContext>({ name: "a", tables: { shared } });
    const b = defineModule<AppContext>({ name: "b", tables: { shared } });
    expect(() => checkModules([a, b], deps)).toThrow('table "test_module_shared" is declared by both "a" and "b"');
  });

  test("a job declared by two modules", () => {
    const a = defineModule<AppContext>({ name: "a", jobs: () => [job("x.prune")] });
    const b = defineModule<AppContext>({ name: "b", jobs: () => [job("x.prune")] });
    expect(() => checkModules([a, b], deps)).toThrow('job "x.prune" is declared by both "a" and "b"');
  });

  test("an event declared by two modules, or twice in the catalog", () => {
    const event = { type: "test.thing.happened", description: "x" };
    const a = defineModule<AppContext>({ name: "a", events: [event] });
    const b = defineModule<AppContext>({ name: "b", events: [{ ...event }] });
    expect(() => checkModules([a, b], deps)).toThrow('audit event "test.thing.happened" is declared by both "a" and "b"');
    registerAuditEvents([{ type: "test.thing.registered", description: "once" }]);
    expect(() => registerAuditEvents([{ type: "test.thing.registered", description: "again" }])).toThrow('audit event "test.thing.registered" is already in the catalog');
  });

  test("a name that is not a folder name", () => {
    expect(() => defineModule({ name: "Not A Folder" })).toThrow("is not a lower-case folder name");
  });
});

describe("a new domain is one module added to the list", () => {
  let app: TestApp;
  const ran: string[] = [];
  const greeted = { type: "test.greeting.sent", description: "A greeting is sent (test module)" };
  const greetings = defineModule<AppContext>({
    name: "greetings",
    events: [greeted],
    routes: () => [
      new Elysia({ name: "greetings" }).get("/api/greetings/:name", ({ params }) => ({ hello: params.name }), {
        params: t.Object({ name: t.String({ maxLength: 20 }) }),
        response: t.Object({ hello: t.String() }),
        detail: { tags: ["Test"], summary: "Greets" },
      }),
    ],
    jobs: () => [{ name: "greetings.tick", schedule: "0 * * * *", description: "Counts", run: async () => ({ ticks: ran.push("tick") }) }],
    scopes: { member: ["org.greeting.send"], org_director: ["org.greeting.list"] },
  });

  afterAll(() => app?.close());

  test("its routes are served and documented, its job is scheduled, its events are catalogued", async () => {
    app = await createTestApp({ modules: [...MODULES, greetings] });
    const r = await app.request("GET", "/api/greetings/ada");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ hello: "ada" });
    const doc = await app.request("GET", "/swagger/json");
    expect(doc.body.paths["/api/greetings/{name}"]).toBeDefined();
    expect(app.ctx.jobs.names()).toContain("greetings.tick");
    expect(catalogEntry("test.greeting.sent")).toBe(greeted);
    // Its scopes join the built-in roles (a director inherits a member's).
    expect(ROLE_SCOPES.member).toContain("org.greeting.send");
    expect(ROLE_SCOPES.org_director).toEqual(expect.arrayContaining(["org.greeting.send", "org.greeting.list"]));
    expect(ROLE_SCOPES.member).not.toContain("org.greeting.list");
  });

  test("a module's scopes must name a built-in role and follow the grammar", () => {
    const valid = (scope: string) => parseScope(scope).ok;
    expect(() => registerRoleScopes({ janitor: ["org.greeting.send"] }, valid)).toThrow('"janitor" is not a built-in role');
    expect(() => registerRoleScopes({ member: ["greetings!"] }, valid)).toThrow('"greetings!" is not a scope');
  });

  test("the product's own routes are all still there beside it", async () => {
    expect((await app.request("GET", "/healthz")).status).toBe(200);
    expect((await app.request("GET", "/api/auth/session")).status).toBe(401);
  });
});
