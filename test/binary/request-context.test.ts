/**
 * Every part of the request context reaches the handlers in the binary as it does from
 * source. Elysia reads handler and hook source text to decide which parts to parse
 * (cookie, query, headers, body, set, route, path, url, server); minified output once
 * hid the cookie from the session guard and the query from its validator.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bootstrapOrg, signInByMagicLink, startBinary, type RunningBinary } from "./support";

let server: RunningBinary;
let cookie = "";
let slug = "";
let apiKey = "";

beforeAll(async () => {
  server = await startBinary({ dev: true });
  ({ slug, apiKey } = await bootstrapOrg(server, { email: "owner@example.com", org: "Context Co", slug: "context-co" }));
  ({ cookie } = await signInByMagicLink(server, "owner@example.com"));
}, 120_000);

afterAll(() => server?.stop());

describe("cookie", () => {
  test("no credential is 401, not 500", async () => {
    const r = await server.fetch("/api/auth/session");
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ error: "unauthorized" });
  });

  test("the session cookie from the mailed link signs the dashboard in", async () => {
    const r = await server.fetch("/api/auth/session", { headers: { cookie } });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ user: { email: "owner@example.com" } });
  });

  test("the cookie reaches org routes (member list)", async () => {
    const r = await server.fetch(`/api/org/${slug}/members`, { headers: { cookie } });
    expect(r.status).toBe(200);
  });

  test("sign-out clears the cookie and the session", async () => {
    const { cookie: other } = await signInByMagicLink(server, "owner@example.com");
    const out = await server.fetch("/api/auth/sign-out", { method: "POST", headers: { cookie: other } });
    expect(out.status).toBeLessThan(300);
    expect(out.headers.get("set-cookie") ?? "").toContain("signet_session=");
    expect((await server.fetch("/api/auth/session", { headers: { cookie: other } })).status).toBe(401);
  });
});

describe("query: coerced and bounded as declared", () => {
  const badPages = ["1e309", "Infinity", "99999999999999999999", "0", "-5", "NaN", "1.5", "abc"];
  for (const page of badPages) {
    test(`page=${page} on public v1 files is 400 invalid_request`, async () => {
      const r = await server.fetch(`/api/public/v1/files?page=${page}`, { headers: { "x-api-key": apiKey } });
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ error: "invalid_request", field: "page" });
    });
    test(`page=${page} on org files is 400 invalid_request`, async () => {
      const r = await server.fetch(`/api/org/${slug}/files?page=${page}`, { headers: { cookie } });
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ error: "invalid_request", field: "page" });
    });
  }

  test("pageSize past its cap is 400", async () => {
    const r = await server.fetch(`/api/org/${slug}/files?pageSize=100000`, { headers: { cookie } });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: "invalid_request", field: "pageSize" });
  });

  test("audit query limit=0 and limit=100000 are 400, a valid limit is 200", async () => {
    for (const limit of ["0", "100000", "1e309"]) {
      const r = await server.fetch(`/api/v1/admin/audit/query?org=${slug}&limit=${limit}`, { headers: { cookie } });
      expect({ limit, status: r.status }).toEqual({ limit, status: 400 });
      expect(await r.json()).toMatchObject({ error: "invalid_request", field: "limit" });
    }
    const ok = await server.fetch(`/api/v1/admin/audit/query?org=${slug}&limit=5`, { headers: { cookie } });
    expect(ok.status).toBe(200);
  });

  test("a valid page is coerced to a number", async () => {
    const r = await server.fetch(`/api/public/v1/files?page=2`, { headers: { "x-api-key": apiKey } });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ page: 2 });
  });
});

describe("headers, body, set, path", () => {
  test("X-Request-Id is kept and echoed", async () => {
    const r = await server.fetch("/healthz", { headers: { "x-request-id": "trace-1234abcd" } });
    expect(r.headers.get("x-request-id")).toBe("trace-1234abcd");
  });

  test("a JSON body is parsed and validated (a wrong type names its field)", async () => {
    const r = await server.fetch("/api/auth/magic-link/send", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: 5 }),
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: "invalid_request", field: "email" });
  });

  test("set.status and set.headers reach the response (202, Retry-After on 429)", async () => {
    const send = () =>
      server.fetch("/api/auth/magic-link/send", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "limit@example.com" }) });
    expect((await send()).status).toBe(202);
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) last = await send();
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("path params reach the handler (unknown org is 404)", async () => {
    const r = await server.fetch("/api/org/no-such-org/members", { headers: { cookie } });
    expect(r.status).toBe(404);
  });
});
