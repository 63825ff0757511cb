import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../support/harness";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

let t: TestApp;
let doc: any;
// Dev mode registers every route there is, so the checks below see them all.
beforeAll(async () => {
  t = await createTestApp({ env: { SIGNET_DEV: "1" } });
  doc = (await t.request("GET", "/swagger/json")).body;
});
afterAll(() => t.close());

function operations(): { method: string; path: string; op: any }[] {
  return Object.entries(doc.paths as Record<string, any>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

describe("/swagger/json", () => {
  test("is an OpenAPI 3 document about Signet", async () => {
    const r = await t.request("GET", "/swagger/json");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("application/json");
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: "Signet API", version: t.ctx.version });
    expect(doc.info.description.length).toBeGreaterThan(0);
    expect(typeof doc.paths).toBe("object");
    expect(operations().length).toBeGreaterThan(0);
    for (const { op } of operations()) expect(typeof op.responses).toBe("object");
  });

  test("numeric query and path parameters are integers: a fraction never reaches SQL (LIMIT, OFFSET)", () => {
    const numericKinds = (schema: any): string[] => [schema?.type, ...(schema?.anyOf ?? []).map((s: any) => s.type), ...(schema?.anyOf ?? []).map((s: any) => s.format)].filter(Boolean);
    const fractional = operations().flatMap(({ method, path, op }) =>
      (op.parameters ?? [])
        .filter((p: any) => p.in !== "header" && (numericKinds(p.schema).includes("number") || numericKinds(p.schema).includes("numeric")))
        .map((p: any) => `${method} ${path} ${p.in} ${p.name}`),
    );
    expect(fractional).toEqual([]);
  });

  test("every operation has tags and a summary", () => {
    const bad = operations()
      .filter(({ op }) => !(Array.isArray(op.tags) && op.tags.length > 0 && op.tags.every((tag: unknown) => typeof tag === "string" && tag)) || !(typeof op.summary === "string" && op.summary.trim()))
      .map(({ method, path }) => `${method} ${path}`);
    expect(bad).toEqual([]);
  });

  test("every request body is documented as JSON (or, for uploads, multipart/form-data) with its schema", () => {
    const undocumented = operations()
      .filter(({ op }) => op.requestBody && !(op.requestBody.content?.["application/json"] ?? op.requestBody.content?.["multipart/form-data"])?.schema)
      .map(({ method, path }) => `${method} ${path}`);
    expect(undocumented).toEqual([]);
    const create = doc.paths["/api/org/create"].post.requestBody.content["application/json"].schema;
    expect(create.properties.name).toMatchObject({ type: "string", maxLength: 200 });
    const upload = doc.paths["/api/public/v1/files"].post.requestBody.content["multipart/form-data"].schema;
    expect(upload.properties.file).toMatchObject({ type: "string", format: "binary" });
  });

  test("every tag an operation uses is declared with a description", () => {
    const declared = new Map<string, any>((doc.tags ?? []).map((tag: any) => [tag.name, tag]));
    const undeclared = [...new Set(operations().flatMap(({ op }) => op.tags as string[]))].filter((tag) => !declared.get(tag)?.description);
    expect(undeclared).toEqual([]);
  });

  test("documents the system routes and leaves out pages and assets", () => {
    expect(doc.paths["/healthz"]?.get).toBeDefined();
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => p === "/" || p.startsWith("/swagger") || p.startsWith("/ui/"))).toEqual([]);
  });
});

test("outside dev mode the Dev group is neither documented nor declared", async () => {
  const plain = await createTestApp();
  try {
    const spec = (await plain.request("GET", "/swagger/json")).body;
    expect(Object.keys(spec.paths).filter((p) => p.startsWith("/api/dev"))).toEqual([]);
    expect(spec.tags.map((tag: any) => tag.name)).not.toContain("Dev");
  } finally {
    await plain.close();
  }
});

describe("/swagger", () => {
  test("is Swagger UI with its assets served by Signet, no CDN", async () => {
    const page = await t.request("GET", "/swagger");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.text).toContain("SwaggerUIBundle");

    const refs = [...page.text.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(2);
    expect(refs.filter((ref) => /^(https?:)?\/\//i.test(ref))).toEqual([]);
    expect(page.text).not.toMatch(/unpkg\.com|jsdelivr|cdnjs|validator\.swagger\.io/);

    // Resolved as a browser would against the page's own address.
    const types: string[] = [];
    for (const ref of refs) {
      const url = new URL(ref, "http://localhost/swagger");
      const asset = await t.request("GET", url.pathname);
      expect(asset.status).toBe(200);
      expect(asset.text.length).toBeGreaterThan(1000);
      types.push(asset.headers.get("content-type")!.split(";")[0]!);
    }
    expect(types.sort()).toEqual(["text/css", "text/javascript"]);
  });

  test("points Swagger UI at the spec it serves", async () => {
    const page = await t.request("GET", "/swagger");
    const url = /"url":"([^"]+)"/.exec(page.text)?.[1];
    expect(new URL(url!, "http://localhost/swagger").pathname).toBe("/swagger/json");
  });

  test("an unknown asset is a JSON 404", async () => {
    const r = await t.request("GET", "/swagger/assets/nope.js");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "not_found" });
  });
});
