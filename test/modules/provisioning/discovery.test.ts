/**
 * Discovery (RFC 7644 §4, RFC 7643 §5–7): the service provider says what it really does,
 * in SCIM's content type, to a SCIM token of the organization only.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../support/harness";
import { ENTERPRISE, ERROR_SCHEMA, GROUP_SCHEMA, scimClient, scimOrg, USER_SCHEMA, type Scim, type ScimOrg } from "./support";

let t: TestApp;
let org: ScimOrg;
let scim: Scim;

beforeAll(async () => {
  t = await createTestApp();
  org = await scimOrg(t, "Discovery");
  scim = scimClient(t, org);
});
afterAll(() => t.close());

const names = (attributes: Array<{ name: string }>) => attributes.map((a) => a.name);

describe("ServiceProviderConfig", () => {
  test("advertises PATCH and filter (200 results at most), and no bulk, sort, changePassword or ETag", async () => {
    const r = await scim("GET", "/ServiceProviderConfig");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/scim+json");
    expect(r.body).toMatchObject({
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
    });
    expect(r.body.authenticationSchemes).toEqual([expect.objectContaining({ type: "oauthbearertoken", primary: true })]);
    expect(r.body.meta.location).toBe(`${t.config.baseUrl}/scim/v2/${org.slug}/ServiceProviderConfig`);
  });
});

describe("ResourceTypes", () => {
  test("User (with the enterprise extension, optional) and Group", async () => {
    const r = await scim("GET", "/ResourceTypes");
    expect(r.status).toBe(200);
    expect(r.body.totalResults).toBe(2);
    expect(r.body.Resources.map((x: any) => [x.id, x.endpoint, x.schema])).toEqual([
      ["User", "/Users", USER_SCHEMA],
      ["Group", "/Groups", GROUP_SCHEMA],
    ]);
    expect(r.body.Resources[0].schemaExtensions).toEqual([{ schema: ENTERPRISE, required: false }]);
    expect((await scim("GET", "/ResourceTypes/Group")).body.endpoint).toBe("/Groups");
    expect((await scim("GET", "/ResourceTypes/Device")).status).toBe(404);
  });
});

describe("Schemas", () => {
  test("the User schema lists only the attributes Signet keeps, with their caseExact and mutability", async () => {
    const r = await scim("GET", "/Schemas");
    expect(r.status).toBe(200);
    expect(r.body.Resources.map((s: any) => s.id)).toEqual([USER_SCHEMA, ENTERPRISE, GROUP_SCHEMA]);
    const user = r.body.Resources[0];
    expect(user).toMatchObject({ name: "User", description: "User Account" });
    expect(names(user.attributes)).toEqual(["userName", "name", "displayName", "nickName", "title", "userType", "preferredLanguage", "locale", "timezone", "active", "emails", "phoneNumbers", "addresses", "groups"]);
    for (const missing of ["password", "photos", "ims", "entitlements", "roles", "x509Certificates"]) expect(names(user.attributes)).not.toContain(missing);
    const userName = user.attributes.find((a: any) => a.name === "userName");
    expect(userName).toMatchObject({ type: "string", required: true, caseExact: false, uniqueness: "server", multiValued: false });
    expect(user.attributes.find((a: any) => a.name === "groups").mutability).toBe("readOnly");
    const emails = user.attributes.find((a: any) => a.name === "emails");
    expect(emails.multiValued).toBe(true);
    expect(names(emails.subAttributes)).toEqual(["value", "display", "type", "primary"]);
    expect(user.attributes.find((a: any) => a.name === "active").subAttributes).toBeUndefined();
  });

  test("the enterprise extension and the Group schema", async () => {
    const enterprise = await scim("GET", `/Schemas/${ENTERPRISE}`);
    expect(enterprise.status).toBe(200);
    expect(names(enterprise.body.attributes)).toEqual(["employeeNumber", "costCenter", "organization", "division", "department", "manager"]);
    const group = await scim("GET", `/Schemas/${GROUP_SCHEMA}`);
    expect(names(group.body.attributes)).toEqual(["displayName", "members"]);
    const value = group.body.attributes[1].subAttributes.find((a: any) => a.name === "value");
    expect(value.caseExact).toBe(true);
  });

  test("an unknown schema is SCIM's 404", async () => {
    const r = await scim("GET", "/Schemas/urn:example:nothing");
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "404" });
  });
});

test("discovery needs the organization's SCIM token", async () => {
  for (const path of ["/ServiceProviderConfig", "/ResourceTypes", "/Schemas"]) {
    const r = await scim("GET", path, undefined, { token: null });
    expect({ path, status: r.status }).toEqual({ path, status: 401 });
    expect(r.body.schemas).toEqual([ERROR_SCHEMA]);
  }
});
