/**
 * SCIM's wire format (RFC 7644 §3.1, §3.12; DESIGN §7): application/scim+json bodies are
 * read under the kernel's limits; every answer is application/scim+json and every error,
 * the kernel's included (malformed JSON, a body too large or nested too deep), is SCIM's
 * error body. The token routes keep the ordinary error body.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../support/harness";
import { ERROR_SCHEMA, scimClient, scimOrg, USER_SCHEMA, userBody, type Scim, type ScimOrg } from "./support";

let t: TestApp;
let org: ScimOrg;
let scim: Scim;

beforeAll(async () => {
  t = await createTestApp();
  org = await scimOrg(t, "Errors");
  scim = scimClient(t, org);
});
afterAll(() => t.close());

function raw(body: string, contentType = "application/scim+json", method = "POST", path = "/Users") {
  return t.request(method, `/scim/v2/${org.slug}${path}`, { body, headers: { "content-type": contentType, authorization: `Bearer ${org.token}` } });
}

function expectScimError(r: { status: number; headers: Headers; body: any }, status: number, scimType?: string) {
  expect(r.status).toBe(status);
  expect(r.headers.get("content-type")).toBe("application/scim+json");
  expect(r.body.schemas).toEqual([ERROR_SCHEMA]);
  expect(r.body.status).toBe(String(status));
  expect(typeof r.body.detail).toBe("string");
  if (scimType) expect(r.body.scimType).toBe(scimType);
  else expect(r.body.scimType).toBeUndefined();
  expect(r.body.error).toBeUndefined();
  expect(r.headers.get("x-request-id")).toBeTruthy();
}

describe("request bodies", () => {
  test("application/scim+json and application/json bodies are both read", async () => {
    expect((await raw(JSON.stringify(userBody("typed.scim")))).status).toBe(201);
    expect((await raw(JSON.stringify(userBody("typed.json")), "application/json")).status).toBe(201);
    expect((await raw(JSON.stringify(userBody("typed.charset")), "application/scim+json; charset=utf-8")).status).toBe(201);
  });

  test("malformed JSON is 400 invalidSyntax", async () => {
    expectScimError(await raw('{"userName": tre,'), 400, "invalidSyntax");
    expectScimError(await raw('{"schemas": ["x"]', "application/json", "PATCH", "/Users/some-id"), 400, "invalidSyntax");
  });

  test("a body that is not a JSON object is 400 invalidSyntax", async () => {
    expectScimError(await raw("[1, 2]"), 400, "invalidSyntax");
    expectScimError(await raw('"SecureLogin"'), 400, "invalidSyntax");
    expectScimError(await raw('{"schemas": "not a list", "userName": "x"}'), 400, "invalidSyntax");
  });

  test("a value of the wrong type is 400 invalidValue naming the attribute", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ userName: 5 }, "userName"],
      [{ ...userBody("wrong.active"), active: "yes" }, "active"],
      [{ ...userBody("wrong.emails"), emails: "a@example.com" }, "emails"],
      [{ ...userBody("wrong.name"), name: "Ada" }, "name"],
      [{ ...userBody("wrong.sub"), name: { givenName: ["Ada"] } }, "name.givenName"],
      [{ ...userBody("two.primaries"), emails: [{ value: "a@example.com", primary: true }, { value: "b@example.com", primary: true }] }, "primary"],
      [{ ...userBody("long.title"), title: "x".repeat(1025) }, "title"],
    ];
    for (const [body, field] of cases) {
      const r = await scim("POST", "/Users", body);
      expectScimError(r, 400, "invalidValue");
      expect(r.body.detail).toContain(field);
    }
  });

  test("a body over the kernel's limit is 413 before it is parsed", async () => {
    const big = JSON.stringify({ ...userBody("big"), title: "x".repeat(1024 * 1024) });
    expectScimError(await raw(big), 413);
  });

  test("a body nested deeper than the kernel reads is 400 invalidSyntax, before parsing", async () => {
    const deep = `{"schemas":["${USER_SCHEMA}"],"userName":"deep","name":${"[".repeat(100)}${"]".repeat(100)}}`;
    const r = await raw(deep);
    expectScimError(r, 400, "invalidSyntax");
    expect(r.body.detail).toContain("deeper");
  });

  test("a NUL character is refused", async () => {
    expectScimError(await raw(JSON.stringify(userBody("nul\u0000name"))), 400, "invalidSyntax");
  });
});

describe("answers", () => {
  test("success is application/scim+json; DELETE is 204 with no body", async () => {
    const created = await scim("POST", "/Users", userBody("answer"));
    expect(created.headers.get("content-type")).toBe("application/scim+json");
    const deleted = await scim("DELETE", `/Users/${created.body.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
  });

  test("an unknown SCIM path, or a method a path does not take, is SCIM's 404", async () => {
    expectScimError(await scim("GET", "/serviceConfiguration"), 404);
    expectScimError(await scim("GET", "/users"), 404);
    expectScimError(await scim("DELETE", "/Schemas"), 404);
    expectScimError(await scim("GET", "/Users/nope"), 404);
  });

  test("401 carries WWW-Authenticate", async () => {
    const r = await scim("GET", "/Users", undefined, { token: null });
    expectScimError(r, 401);
    expect(r.headers.get("www-authenticate")).toBe('Bearer realm="scim"');
  });

  test("a bad query value is 400 invalidValue", async () => {
    expectScimError(await scim("GET", "/Users?count=many"), 400, "invalidValue");
    expectScimError(await scim("GET", `/Users?filter=${"a".repeat(5000)}`), 400, "invalidValue");
  });

  test("the token routes keep the ordinary error body", async () => {
    const r = await t.request("DELETE", `/api/org/${org.slug}/settings/scim/tokens?tokenId=nope`, { token: org.owner.token });
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toContain("application/json");
    expect(r.body.error).toBe("scim_token_not_found");
  });
});
