/**
 * Keyset pages of the file list (cursor beside page): following nextCursor gives the same
 * files in the same order as the numbered pages, ties on the upload time included, for the
 * live list, a search and the trash; a cursor this server did not issue is 400
 * invalid_cursor and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createOrg, type TestOrg } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { fileBody } from "./support";

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "owner@cursor.example", "Cursor Co");
  other = await createOrg(t, "owner@other-cursor.example", "Other Cursor");
  // Three files share an upload instant: the id orders them, and no page may skip or repeat one.
  for (const name of ["a-report.txt", "b-invoice.txt", "c-report.txt"]) await upload(org, name);
  t.clock.advance(1000);
  for (const name of ["d-report.txt", "e-scan.txt"]) await upload(org, name);
  t.clock.advance(1000);
  await upload(other, "other-report.txt");
});
afterAll(() => t.close());

async function upload(o: TestOrg, name: string) {
  const body = fileBody(name, `bytes of ${name}`);
  const r = await t.request("POST", `/api/org/${o.slug}/files`, { token: o.owner.token, body: body.body, headers: body.headers });
  if (r.status !== 200) throw new Error(`upload ${name}: ${r.status} ${r.text}`);
  return r.body.id as string;
}

const list = (query: string) => t.request("GET", `/api/org/${org.slug}/files?view=all&${query}`, { token: org.owner.token });

async function byCursor(query: string): Promise<{ names: string[]; pages: number[] }> {
  const names: string[] = [];
  const pages: number[] = [];
  let cursor: string | null = null;
  do {
    const r = await list(`${query}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(r.status).toBe(200);
    names.push(...r.body.files.map((f: any) => f.fileName));
    pages.push(r.body.page);
    cursor = r.body.nextCursor;
  } while (cursor && pages.length < 10);
  return { names, pages };
}

async function byPage(query: string): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const r = await list(`${query}&page=${page}`);
    expect(r.status).toBe(200);
    if (r.body.files.length === 0) return names;
    names.push(...r.body.files.map((f: any) => f.fileName));
  }
}

describe("GET /files with cursor", () => {
  test("nextCursor pages give the numbered pages' files in the same order, and say which page they are", async () => {
    const { names, pages } = await byCursor("pageSize=2");
    expect(names).toEqual(await byPage("pageSize=2"));
    expect(names.length).toBe(5);
    expect(pages).toEqual([1, 2, 3]);
    expect(names).not.toContain("other-report.txt");
    const last = await list(`pageSize=5`);
    expect(last.body.nextCursor).toBeNull();
    expect(last.body.total).toBe(5);
  });

  test("a search pages by cursor over its matches only", async () => {
    const { names } = await byCursor("pageSize=1&q=REPORT");
    expect(names).toEqual(await byPage("pageSize=1&q=REPORT"));
    expect(names.sort()).toEqual(["a-report.txt", "c-report.txt", "d-report.txt"]);
  });

  test("the trash pages by cursor in trash order", async () => {
    const all = (await list("pageSize=5")).body.files as Array<{ id: string }>;
    for (const file of all.slice(0, 3)) {
      const r = await t.request("DELETE", `/api/org/${org.slug}/files/${file.id}`, { token: org.owner.token });
      expect(r.status).toBe(200);
      t.clock.advance(10);
    }
    const { names } = await byCursor("trashed=true&pageSize=2");
    expect(names).toEqual(await byPage("trashed=true&pageSize=2"));
    expect(names.length).toBe(3);
  });

  test("a cursor this server did not issue is 400 invalid_cursor", async () => {
    const before = (await list("pageSize=100")).body;
    for (const cursor of ["not-a-cursor", Buffer.from('{"t":1,"i":"x"}').toString("base64url"), Buffer.from('{"t":"1","i":"x","p":1}').toString("base64url"), Buffer.from('{"t":1,"i":"x","p":0}').toString("base64url")]) {
      const r = await list(`cursor=${cursor}`);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("invalid_cursor");
    }
    const tooLong = await list(`cursor=${"x".repeat(301)}`);
    expect(tooLong.status).toBe(400);
    expect((await list("pageSize=100")).body).toEqual(before);
  });
});
