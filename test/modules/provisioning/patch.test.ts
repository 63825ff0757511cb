/**
 * PATCH /Users/{id} (RFC 7644 §3.5.2), with what real clients send: Entra's capitalised
 * op and values without a path (dotted and URN-prefixed keys), booleans as strings,
 * value-filtered paths such as emails[type eq "work"].value.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../support/harness";
import { createUser, ENTERPRISE, eventsOf, patch, scimClient, scimOrg, USER_SCHEMA, type Scim, type ScimOrg } from "./support";

let t: TestApp;
let org: ScimOrg;
let scim: Scim;

beforeAll(async () => {
  t = await createTestApp();
  org = await scimOrg(t, "Patch");
  scim = scimClient(t, org);
});
afterAll(() => t.close());

const badgeOf = async (connectedId: string) => ((await t.request("GET", `/api/org/${org.slug}/badges`, { token: org.owner.token })).body as any[]).find((b) => b.connectedId === connectedId);

describe("RFC 7644 operations", () => {
  test("replace, add and remove with paths, answered 200 with the User", async () => {
    const user = await createUser(scim, "p.rfc", { name: { givenName: "Pat", familyName: "Rfc" }, title: "Dev" });
    let r = await scim("PATCH", `/Users/${user.id}`, patch({ op: "replace", path: "userName", value: "p.renamed" }));
    expect(r.status).toBe(200);
    expect(r.body.userName).toBe("p.renamed");
    r = await scim("PATCH", `/Users/${user.id}`, patch({ op: "add", path: "nickName", value: "Patty" }, { op: "remove", path: "title" }, { op: "replace", path: "name.familyName", value: "Patched" }));
    expect(r.body).toMatchObject({ nickName: "Patty", name: { givenName: "Pat", familyName: "Patched" } });
    expect(r.body.title).toBeUndefined();
    const [event] = (await eventsOf(t, org.orgId, "org.scim.user_updated")).slice(-1);
    expect((event!.payload as any).attributes).toEqual(["name", "nickName", "title"]);
  });

  test("multi-valued: add appends, a value-filtered path replaces or removes the matching values", async () => {
    const user = await createUser(scim, "p.multi");
    let r = await scim("PATCH", `/Users/${user.id}`, patch({ op: "add", path: "emails", value: [{ value: "p.home@example.com", type: "home" }] }));
    expect(r.body.emails.map((e: any) => e.value)).toEqual(["pmulti@example.com", "p.home@example.com"]);
    r = await scim("PATCH", `/Users/${user.id}`, patch({ op: "replace", path: 'emails[type eq "work"].value', value: "p.work@example.com" }));
    expect(r.body.emails).toEqual([
      { value: "p.work@example.com", type: "work", primary: true },
      { value: "p.home@example.com", type: "home" },
    ]);
    r = await scim("PATCH", `/Users/${user.id}`, patch({ op: "remove", path: 'emails[type eq "home"]' }));
    expect(r.body.emails.map((e: any) => e.value)).toEqual(["p.work@example.com"]);
    r = await scim("PATCH", `/Users/${user.id}`, patch({ op: "add", path: 'phoneNumbers[type eq "mobile"].value', value: "+1 555 0199" }));
    expect(r.body.phoneNumbers).toEqual([{ type: "mobile", value: "+1 555 0199" }]);
    // A replace whose value filter matches nothing adds the value (scim-patch's treatMissingAsAdd), as clients that replace a missing work phone expect.
    r = await scim("PATCH", `/Users/${user.id}`, patch({ op: "replace", path: 'phoneNumbers[type eq "work"].value', value: "+1 555 0100" }));
    expect(r.body.phoneNumbers).toEqual([{ type: "mobile", value: "+1 555 0199" }, { type: "work", value: "+1 555 0100" }]);
  });

  test("the enterprise extension by its URN path", async () => {
    const user = await createUser(scim, "p.ext");
    let r = await scim("PATCH", `/Users/${user.id}`, patch({ op: "add", path: `${ENTERPRISE}:department`, value: "Research" }, { op: "add", path: `${ENTERPRISE}:manager`, value: { value: "mgr-1" } }));
    expect(r.body.schemas).toEqual([USER_SCHEMA, ENTERPRISE]);
    expect(r.body[ENTERPRISE]).toEqual({ department: "Research", manager: { value: "mgr-1" } });
    r = await scim("PATCH", `/Users/${user.id}`, patch({ op: "remove", path: `${ENTERPRISE}:manager` }));
    expect(r.body[ENTERPRISE]).toEqual({ department: "Research" });
  });

  test("active false suspends the badge, true reactivates it, each with org.badge.status_changed", async () => {
    const user = await createUser(scim, "p.active");
    expect((await scim("PATCH", `/Users/${user.id}`, patch({ op: "replace", path: "active", value: false }))).body.active).toBe(false);
    expect((await badgeOf(user.id)).status).toBe("suspended");
    expect((await scim("PATCH", `/Users/${user.id}`, patch({ op: "replace", path: "active", value: true }))).body.active).toBe(true);
    expect((await badgeOf(user.id)).status).toBe("active");
    const changes = (await eventsOf(t, org.orgId, "org.badge.status_changed")).filter((e) => (e.payload as any).connectedId === user.id);
    expect(changes.map((e) => (e.payload as any).to)).toEqual(["suspended", "active"]);
  });

  test("PATCH on a member no User manages yet starts managing them", async () => {
    const ownerId = (await scim("GET", `/Users?filter=${encodeURIComponent(`userName eq "${org.owner.email}"`)}`)).body.Resources[0].id;
    const r = await scim("PATCH", `/Users/${ownerId}`, patch({ op: "add", path: "title", value: "Founder" }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ userName: org.owner.email, title: "Founder", active: true });
  });
});

describe("what Entra ID sends", () => {
  test('capitalised ops, a value without a path whose keys are attribute paths, and "False" for a boolean', async () => {
    const user = await createUser(scim, "p.entra", { name: { givenName: "En", familyName: "Tra" } });
    const r = await scim(
      "PATCH",
      `/Users/${user.id}`,
      patch(
        { op: "Replace", value: { "name.givenName": "Entra", displayName: "Entra User", active: "False", [`${ENTERPRISE}:department`]: "Identity" } },
        { op: "Add", path: 'emails[type eq "work"].value', value: "entra@example.com" },
      ),
      { headers: { "content-type": "application/json" } },
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: { givenName: "Entra", familyName: "Tra" }, displayName: "Entra User", active: false, [ENTERPRISE]: { department: "Identity" } });
    expect(r.body.emails).toEqual([{ value: "entra@example.com", type: "work", primary: true }]);
    expect((await badgeOf(user.id))).toMatchObject({ status: "suspended", displayName: "Entra User" });
  });

  test('"True" in a path operation; Replace of userName; Remove with a capital R', async () => {
    const user = await createUser(scim, "p.entra2", { active: false, title: "Temp" });
    let r = await scim("PATCH", `/Users/${user.id}`, patch({ op: "Replace", path: "active", value: "True" }, { op: "Replace", path: "userName", value: "p.entra2.renamed" }));
    expect(r.body).toMatchObject({ active: true, userName: "p.entra2.renamed" });
    r = await scim("PATCH", `/Users/${user.id}`, patch({ op: "Remove", path: "title" }));
    expect(r.body.title).toBeUndefined();
  });

  test("attribute names in any case in a path", async () => {
    const user = await createUser(scim, "p.case");
    const r = await scim("PATCH", `/Users/${user.id}`, patch({ op: "replace", path: "Name.GivenName", value: "Cased" }, { op: "replace", path: `${USER_SCHEMA}:Title`, value: "Lead" }));
    expect(r.body).toMatchObject({ name: { givenName: "Cased" }, title: "Lead" });
  });
});

describe("refusals", () => {
  test("each in SCIM's terms, and nothing changes", async () => {
    const user = await createUser(scim, "p.refuse");
    const other = await createUser(scim, "p.other", { externalId: "taken" });
    const cases: Array<[unknown, number, string]> = [
      [patch({ op: "replace", path: "nosuch", value: "x" }), 400, "invalidPath"],
      [patch({ op: "replace", path: "name.nosuch", value: "x" }), 400, "invalidPath"],
      [patch({ op: "replace", path: "groups", value: [] }), 400, "mutability"],
      [patch({ op: "replace", path: "meta.lastModified", value: "x" }), 400, "mutability"],
      [patch({ op: "remove" }), 400, "noTarget"],
      [patch({ op: "remove", path: "userName" }), 400, "invalidValue"],
      [patch({ op: "replace", path: "active", value: "maybe" }), 400, "invalidValue"],
      [patch({ op: "replace", path: "title", value: 42 }), 400, "invalidValue"],
      [patch({ op: "replace", path: "userName", value: "P.OTHER" }), 409, "uniqueness"],
      [patch({ op: "add", path: "externalId", value: "taken" }), 409, "uniqueness"],
      [patch({ op: "frobnicate", path: "title", value: "x" }), 400, "invalidSyntax"],
      [patch({ op: "add", path: "title" }), 400, "invalidSyntax"],
      [{ Operations: [{ op: "add", path: "title", value: "x" }] }, 400, "invalidSyntax"],
      [{ schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: "add" }, 400, "invalidSyntax"],
    ];
    for (const [body, status, scimType] of cases) {
      const r = await scim("PATCH", `/Users/${user.id}`, body);
      expect({ body, status: r.status, scimType: r.body.scimType }).toEqual({ body, status, scimType });
    }
    expect((await scim("GET", `/Users/${user.id}`)).body).toEqual(user);
    expect((await scim("GET", `/Users/${other.id}`)).body.userName).toBe("p.other");
    expect((await scim("PATCH", "/Users/nope", patch({ op: "replace", path: "title", value: "x" }))).status).toBe(404);
  });
});
