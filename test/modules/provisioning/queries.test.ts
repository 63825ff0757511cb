/**
 * Querying Users and Groups (RFC 7644 §3.4.2): every filter operator and their
 * combinations, value filters, case per the schema's caseExact, pagination, and the
 * attributes and excludedAttributes parameters.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../support/harness";
import { createUser, ENTERPRISE, scimClient, scimOrg, type Scim, type ScimOrg } from "./support";

let t: TestApp;
let org: ScimOrg;
let scim: Scim;
const ids: Record<string, string> = {};
let start = 0;

beforeAll(async () => {
  t = await createTestApp();
  org = await scimOrg(t, "Queries");
  scim = scimClient(t, org);
  start = t.clock.now();
  // The owner (owner@queries.test) is a User too; the four below are created a minute apart.
  const people: Array<[string, Record<string, unknown>, string]> = [
    ["alice", { externalId: "EXT-A", displayName: "Alice Liddell", title: "Engineer", name: { givenName: "Alice", familyName: "Liddell" }, emails: [{ value: "alice@wonder.example", type: "work", primary: true }, { value: "alice@home.example", type: "home" }] }, ""],
    ["Bob", { externalId: "ext-b", displayName: "Bob Builder", title: "Builder", name: { givenName: "Bob", familyName: "Builder" }, emails: [{ value: "bob@build.example", type: "work", primary: true }], [ENTERPRISE]: { department: "Construction" } }, ""],
    ["carol", { displayName: "Carol Danvers", name: { givenName: "Carol", familyName: "Danvers" }, emails: [{ value: "carol@wonder.example", type: "home", primary: true }], active: false }, ""],
    ["dave", { displayName: "Dave Bowman", emails: [{ value: "dave@space.example", type: "work", primary: true }] }, ""],
  ];
  for (const [userName, extra] of people) {
    t.clock.advance(60_000);
    ids[userName] = (await createUser(scim, userName, extra)).id;
  }
});
afterAll(() => t.close());

async function matching(filter: string): Promise<string[]> {
  const r = await scim("GET", `/Users?filter=${encodeURIComponent(filter)}`);
  if (r.status !== 200) throw new Error(`${filter}: ${r.status} ${r.text}`);
  return r.body.Resources.map((u: any) => u.userName);
}

describe("filter operators", () => {
  test("eq, ne; userName without regard to case (caseExact false), externalId exactly (caseExact true)", async () => {
    expect(await matching('userName eq "ALICE"')).toEqual(["alice"]);
    expect(await matching('externalId eq "EXT-A"')).toEqual(["alice"]);
    expect(await matching('externalId eq "ext-a"')).toEqual([]);
    expect(await matching('userName ne "alice"')).toEqual(["owner@queries.test", "Bob", "carol", "dave"]);
    expect(await matching('externalId ne "ext-b"')).toEqual(["owner@queries.test", "alice", "carol", "dave"]);
  });

  test("co, sw, ew", async () => {
    expect(await matching('displayName co "build"')).toEqual(["Bob"]);
    expect(await matching('userName sw "C"')).toEqual(["carol"]);
    expect(await matching('name.familyName ew "DER"')).toEqual(["Bob"]);
    expect(await matching('displayName ew "MAN"')).toEqual(["dave"]);
    expect(await matching('externalId sw "EXT"')).toEqual(["alice"]);
  });

  test("pr: present and not empty", async () => {
    expect(await matching("externalId pr")).toEqual(["alice", "Bob"]);
    expect(await matching("title pr")).toEqual(["alice", "Bob"]);
    expect(await matching(`${ENTERPRISE}:department pr`)).toEqual(["Bob"]);
  });

  test("gt, ge, lt, le on strings and on dateTime (meta.created compares as an instant)", async () => {
    expect(await matching('userName gt "bob"')).toEqual(["owner@queries.test", "carol", "dave"]);
    expect(await matching('userName ge "bob"')).toEqual(["owner@queries.test", "Bob", "carol", "dave"]);
    expect(await matching('userName lt "bob"')).toEqual(["alice"]);
    expect(await matching('userName le "BOB"')).toEqual(["alice", "Bob"]);
    const second = new Date(start + 120_000).toISOString();
    expect(await matching(`meta.created gt "${second}"`)).toEqual(["carol", "dave"]);
    expect(await matching(`meta.created ge "${second}"`)).toEqual(["Bob", "carol", "dave"]);
    expect(await matching(`meta.created lt "${new Date(start + 60_000).toISOString().replace("Z", "+00:00")}"`)).toEqual(["owner@queries.test"]);
    expect(await matching(`meta.lastModified le "${second}"`)).toEqual(["owner@queries.test", "alice", "Bob"]);
  });

  test("booleans with eq and ne", async () => {
    expect(await matching("active eq false")).toEqual(["carol"]);
    expect(await matching("active ne false")).toEqual(["owner@queries.test", "alice", "Bob", "dave"]);
  });

  test("and, or, not, parentheses and precedence", async () => {
    expect(await matching('title pr and userName sw "a"')).toEqual(["alice"]);
    expect(await matching('userName eq "alice" or userName eq "dave"')).toEqual(["alice", "dave"]);
    expect(await matching('not (userName eq "alice" or active eq false)')).toEqual(["owner@queries.test", "Bob", "dave"]);
    expect(await matching('title pr and (userName eq "bob" or userName eq "carol")')).toEqual(["Bob"]);
    // and binds tighter than or.
    expect(await matching('userName eq "dave" or title pr and userName eq "bob"')).toEqual(["Bob", "dave"]);
  });

  test("multi-valued attributes: emails.value, emails compared as their value, value filters", async () => {
    expect(await matching('emails.value co "@wonder.example"')).toEqual(["alice", "carol"]);
    expect(await matching('emails co "@HOME.example"')).toEqual(["alice"]);
    expect(await matching('emails[type eq "work" and value co "@wonder"]')).toEqual(["alice"]);
    expect(await matching('emails[type eq "home"]')).toEqual(["alice", "carol"]);
    expect(await matching('emails[not (type eq "work")]')).toEqual(["alice", "carol"]);
    expect(await matching('name.familyName eq "Builder" and (emails.value co "build.example" or emails.value co "example.org")')).toEqual(["Bob"]);
  });

  test("attribute names in any case; an attribute the schema lacks matches nothing", async () => {
    expect(await matching('DisplayName eq "bob builder"')).toEqual(["Bob"]);
    expect(await matching('NAME.GIVENNAME eq "carol"')).toEqual(["carol"]);
    expect(await matching('nickname2 eq "x"')).toEqual([]);
  });

  test("a malformed filter or a comparison its type forbids is 400 invalidFilter", async () => {
    for (const filter of ['userName eq', 'userName zz "x"', '(userName eq "a"', "active gt true", 'meta.created gt "yesterday"', 'name gt "x"', "userName eq 5 or", 'emails[type eq "work"']) {
      const r = await scim("GET", `/Users?filter=${encodeURIComponent(filter)}`);
      expect({ filter, status: r.status, scimType: r.body.scimType }).toEqual({ filter, status: 400, scimType: "invalidFilter" });
    }
  });

  test("Groups filter too: displayName and members.value", async () => {
    const g = (await scim("POST", "/Groups", { displayName: "Query Crew", members: [{ value: ids.alice }] })).body;
    await scim("POST", "/Groups", { displayName: "Other Crew" });
    const byName = await scim("GET", `/Groups?filter=${encodeURIComponent('displayName eq "query crew"')}`);
    expect(byName.body.Resources.map((x: any) => x.id)).toEqual([g.id]);
    const byMember = await scim("GET", `/Groups?filter=${encodeURIComponent(`members[value eq "${ids.alice}"]`)}`);
    expect(byMember.body.Resources.map((x: any) => x.id)).toEqual([g.id]);
  });
});

describe("pagination", () => {
  test("startIndex (1-based) and count; totalResults counts every match, itemsPerPage the page", async () => {
    const page = await scim("GET", "/Users?startIndex=2&count=2");
    expect(page.body).toMatchObject({ totalResults: 5, itemsPerPage: 2, startIndex: 2 });
    expect(page.body.Resources.map((u: any) => u.userName)).toEqual(["alice", "Bob"]);
    const last = await scim("GET", "/Users?startIndex=5&count=2");
    expect(last.body.Resources.map((u: any) => u.userName)).toEqual(["dave"]);
    const beyond = await scim("GET", "/Users?startIndex=50");
    expect(beyond.body).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
  });

  test("count 0 (and a negative count) answers only totalResults; startIndex below 1 is 1; a filter pages its matches", async () => {
    expect((await scim("GET", "/Users?count=0")).body).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
    expect((await scim("GET", "/Users?count=-3")).body).toMatchObject({ totalResults: 5, itemsPerPage: 0 });
    expect((await scim("GET", "/Users?startIndex=0&count=1")).body).toMatchObject({ startIndex: 1, itemsPerPage: 1 });
    const filtered = await scim("GET", `/Users?filter=${encodeURIComponent("active eq true")}&startIndex=2&count=2`);
    expect(filtered.body).toMatchObject({ totalResults: 4, itemsPerPage: 2 });
    expect(filtered.body.Resources.map((u: any) => u.userName)).toEqual(["alice", "Bob"]);
  });

  test("at most 200 per page; a count that is not an integer is 400 invalidValue", async () => {
    expect((await scim("GET", "/Users?count=5000")).body.itemsPerPage).toBe(5);
    const r = await scim("GET", "/Users?count=abc");
    expect(r.status).toBe(400);
    expect(r.body.scimType).toBe("invalidValue");
    expect((await scim("GET", "/Users?startIndex=1.5")).status).toBe(400);
  });

  test("sortBy is not supported and is ignored: oldest first", async () => {
    const r = await scim("GET", "/Users?sortBy=userName&sortOrder=descending");
    expect(r.body.Resources.map((u: any) => u.userName)).toEqual(["owner@queries.test", "alice", "Bob", "carol", "dave"]);
  });
});

describe("attributes and excludedAttributes", () => {
  test("attributes: only those asked, with id and schemas always", async () => {
    const r = await scim("GET", `/Users?filter=${encodeURIComponent('userName eq "alice"')}&attributes=userName,emails`);
    expect(r.body.Resources[0]).toEqual({
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      id: ids.alice,
      userName: "alice",
      emails: [
        { value: "alice@wonder.example", type: "work", primary: true },
        { value: "alice@home.example", type: "home" },
      ],
    });
  });

  test("sub-attributes, names in any case, an extension's attribute or the whole extension, meta", async () => {
    const one = await scim("GET", `/Users/${ids.Bob}?attributes=NAME.givenName,emails.value,${ENTERPRISE}:department,meta.created`);
    expect(one.body).toEqual({
      schemas: expect.any(Array),
      id: ids.Bob,
      name: { givenName: "Bob" },
      emails: [{ value: "bob@build.example" }],
      [ENTERPRISE]: { department: "Construction" },
      meta: { created: expect.any(String) },
    });
    const whole = await scim("GET", `/Users/${ids.Bob}?attributes=${ENTERPRISE}`);
    expect(whole.body[ENTERPRISE]).toEqual({ department: "Construction" });
  });

  test("a value filter in attributes keeps the matching values", async () => {
    const r = await scim("GET", `/Users/${ids.alice}?attributes=${encodeURIComponent('emails[type eq "work"]')}`);
    expect(r.body.emails).toEqual([{ value: "alice@wonder.example", type: "work", primary: true }]);
  });

  test("excludedAttributes: everything but those; id and schemas stay", async () => {
    const r = await scim("GET", `/Users/${ids.alice}?excludedAttributes=emails,name.familyName,meta,id,schemas`);
    expect(r.body.emails).toBeUndefined();
    expect(r.body.meta).toBeUndefined();
    expect(r.body.name).toEqual({ givenName: "Alice" });
    expect(r.body.id).toBe(ids.alice);
    expect(r.body.schemas).toBeDefined();
    expect(r.body.userName).toBe("alice");
  });

  test("on lists, with pagination", async () => {
    const r = await scim("GET", "/Users?attributes=userName&count=2");
    expect(r.body.Resources).toEqual([
      { schemas: expect.any(Array), id: expect.any(String), userName: "owner@queries.test" },
      { schemas: expect.any(Array), id: ids.alice, userName: "alice" },
    ]);
  });
});
