import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../support/harness";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

test("the dashboard page names the product and version and links to the API reference without JavaScript", async () => {
  const r = await t.request("GET", "/");
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toContain("text/html");
  expect(r.text).toContain("<h1>Signet</h1>");
  expect(r.text).toContain(`<meta name="signet-version" content="${t.ctx.version}" />`);
  expect(r.text).not.toContain("%SIGNET_VERSION%");
  expect(r.text).toContain('href="/swagger"');
});

test("every path the dashboard routes in the browser answers the same page", async () => {
  const home = await t.request("GET", "/");
  for (const path of ["/orgs", "/orgs/new", "/orgs/acme/files", "/account", "/dev/mailbox", "/invite/some-code"]) {
    const r = await t.request("GET", path);
    expect(r.status).toBe(200);
    expect(r.text).toBe(home.text);
  }
  expect((await t.request("GET", "/nowhere")).status).toBe(404);
});

test("its bundled script and stylesheet are served by Signet", async () => {
  const page = await t.request("GET", "/");
  const refs = [...page.text.matchAll(/(?:src|href)="(\/ui\/[^"]+)"/g)].map((m) => m[1]!);
  expect(refs.length).toBe(2);
  const types: string[] = [];
  for (const ref of refs) {
    const asset = await t.request("GET", ref);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    types.push(asset.headers.get("content-type")!.split(";")[0]!);
  }
  expect(types.sort()).toEqual(["text/css", "text/javascript"]);
  const script = await t.request("GET", refs.find((ref) => ref.endsWith(".js"))!);
  expect(script.text).toContain("/api/auth/session");
  expect(script.text).not.toContain(": string"); // TypeScript was compiled away
});

test("an unknown asset is a JSON 404, and index.html is only served at /", async () => {
  for (const path of ["/ui/nope.js", "/ui/index.html"]) {
    const r = await t.request("GET", path);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "not_found" });
  }
});

test("every HTML page may not be framed by other sites, sniffs nothing and sends no Referer", async () => {
  for (const path of ["/", "/orgs/acme/files", "/account", "/login", "/f/some-share-token", "/api/auth/magic-link/verify?token=nope", "/api/auth/linked-identities/confirm?token=x"]) {
    const r = await t.request("GET", path);
    expect({ path, type: r.headers.get("content-type") }).toEqual({ path, type: "text/html; charset=utf-8" });
    const csp = r.headers.get("content-security-policy") ?? "";
    expect({ path, frameAncestors: csp.match(/frame-ancestors [^;]+/)?.[0], xfo: r.headers.get("x-frame-options") }).toEqual({ path, frameAncestors: "frame-ancestors 'none'", xfo: "DENY" });
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("referrer-policy")).toBe("no-referrer");
  }
});

test("/login's inline script runs only with this response's nonce", async () => {
  const [a, b] = [await t.request("GET", "/login"), await t.request("GET", "/login")];
  const nonceOf = (r: typeof a) => r.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1]!;
  expect(nonceOf(a)).not.toBe(nonceOf(b));
  const scripts = [...a.text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toBe(`<script nonce="${nonceOf(a)}">`);
  expect(a.headers.get("content-security-policy")).not.toContain("'unsafe-inline' 'self'");
  expect(a.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
});
