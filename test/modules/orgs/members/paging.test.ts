/**
 * The paged member list (q, limit, cursor on GET /members): pages follow X-Next-Cursor in
 * join order and together hold every member once; q searches address and badge name;
 * bad cursors and limits are 400; another organization's members never show.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addMember } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { orgWithStaff, type Staff } from "./fixtures";

let t: TestApp;
let acme: Staff;
let beta: Staff;
beforeAll(async () => {
  t = await createTestApp();
  acme = await orgWithStaff(t, "Acme");
  beta = await orgWithStaff(t, "Beta");
  // Members who join at the same instant are ordered by user id: the cursor must not skip or repeat them.
  for (const name of ["kim", "lee", "park"]) await addMember(t, acme.org, `${name}@acme.example`);
  t.clock.advance(60_000);
  for (const name of ["sato", "suzuki"]) await addMember(t, acme.org, `${name}@acme.example`);
});
afterAll(() => t.close());

const members = (s: Staff, query = "") => `/api/org/${s.org.slug}/members${query}`;

async function allPages(query: string, token: string): Promise<{ emails: string[]; pages: number }> {
  const emails: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const r: { status: number; body: any; headers: Headers } = await t.request("GET", members(acme, `?${query}${cursor ? `&cursor=${cursor}` : ""}`), { token });
    expect(r.status).toBe(200);
    emails.push(...r.body.map((m: any) => m.email));
    cursor = r.headers.get("x-next-cursor");
    pages += 1;
  } while (cursor && pages < 20);
  return { emails, pages };
}

describe("GET /members, paged", () => {
  test("pages of two follow X-Next-Cursor in join order and hold every member exactly once", async () => {
    const whole = await t.request("GET", members(acme), { token: acme.member.token });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("x-next-cursor")).toBeNull();
    const { emails, pages } = await allPages("limit=2", acme.member.token);
    expect(pages).toBe(Math.ceil(whole.body.length / 2));
    expect(emails.length).toBe(whole.body.length);
    expect(new Set(emails)).toEqual(new Set(whole.body.map((m: any) => m.email)));
    // Join order: the two who joined a minute later come last.
    expect(emails.slice(-2).sort()).toEqual(["sato@acme.example", "suzuki@acme.example"]);
    expect(emails.some((e) => e.endsWith("@beta.example"))).toBe(false);
  });

  test("a page carries the same member view as the whole list", async () => {
    const whole = await t.request("GET", members(acme), { token: acme.owner.token });
    const page = await t.request("GET", members(acme, "?limit=200"), { token: acme.owner.token });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-next-cursor")).toBeNull();
    const byId = (list: any[]) => new Map(list.map((m) => [m.userId, m]));
    expect(byId(page.body)).toEqual(byId(whole.body));
  });

  test("q matches part of the address, case-insensitive, and pages like the rest", async () => {
    const r = await t.request("GET", members(acme, "?q=SU"), { token: acme.member.token });
    expect(r.status).toBe(200);
    expect(r.body.map((m: any) => m.email)).toEqual(["suzuki@acme.example"]);
    const { emails } = await allPages("q=acme.example&limit=3", acme.member.token);
    expect(emails.length).toBe((await t.request("GET", members(acme), { token: acme.owner.token })).body.length);
    // A wildcard in q is a literal character, not a pattern.
    const wildcard = await t.request("GET", members(acme, "?q=%25"), { token: acme.member.token });
    expect(wildcard.status).toBe(200);
    expect(wildcard.body).toEqual([]);
    // Beta's people are not found from Acme.
    const other = await t.request("GET", members(acme, "?q=beta"), { token: acme.owner.token });
    expect(other.body).toEqual([]);
  });

  test("a cursor this server did not issue is 400 invalid_cursor; bad limits and q are 400", async () => {
    for (const cursor of ["not-a-cursor", Buffer.from('{"t":"x","u":"y"}').toString("base64url"), Buffer.from('{"t":1}').toString("base64url")]) {
      const r = await t.request("GET", members(acme, `?cursor=${cursor}`), { token: acme.owner.token });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("invalid_cursor");
    }
    for (const query of ["?limit=0", "?limit=201", "?limit=two", "?q=", `?q=${"x".repeat(101)}`]) {
      const r = await t.request("GET", members(acme, query), { token: acme.owner.token });
      expect(r.status).toBe(400);
    }
  });

  test("another organization's caller cannot page Acme's members", async () => {
    const r = await t.request("GET", members(acme, "?limit=2"), { token: beta.owner.token });
    expect(r.status).toBe(404);
    const none = await t.request("GET", members(acme, "?limit=2"));
    expect(none.status).toBe(401);
  });
});
