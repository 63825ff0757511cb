/**
 * File search (`q` on the file list) through the file name's trigram index
 * (platform/db/like.ts), and the list's `total`, exact up to FILE_TOTAL_CAP: a part of the
 * name in any case, %, _ and \ taken literally, one or two characters still matching, search
 * pages by cursor, another organization's files never matching, the trash followed by the
 * index; and past the cap, `total` is the cap and `totalExact` false.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addMember, createOrg, type TestOrg } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { files } from "../../../../src/modules/storage/files/schema";
import { FILE_TOTAL_CAP } from "../../../../src/modules/storage/files/service";
import { fileBody } from "./support";

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
const ids = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "owner@search-files.example", "Search Files");
  other = await createOrg(t, "owner@other-search.example", "Other Search");
  const names = ["Quarterly-Report.PDF", "100% done.txt", "1000 done.txt", "snake_case.txt", "snakeXcase.txt", "backslash.txt", "minutes-report-1.txt", "minutes-report-2.txt", "minutes-report-3.txt"];
  for (const name of names) {
    ids.set(name, await upload(org, name));
    t.clock.advance(1000);
  }
  await upload(other, "Quarterly-Report-of-Other.pdf");
  await upload(other, "secret-plans.txt");
});
afterAll(() => t.close());

async function upload(o: TestOrg, name: string): Promise<string> {
  const body = fileBody(name, `bytes of ${name}`);
  const r = await t.request("POST", `/api/org/${o.slug}/files`, { token: o.owner.token, body: body.body, headers: body.headers });
  if (r.status !== 200) throw new Error(`upload ${name}: ${r.status} ${r.text}`);
  return r.body.id as string;
}

async function list(query: string, o: TestOrg = org) {
  const r = await t.request("GET", `/api/org/${o.slug}/files?view=all&${query}`, { token: o.owner.token });
  expect(r.status).toBe(200);
  return r.body as { files: Array<{ fileName: string }>; total: number; totalExact: boolean; nextCursor: string | null };
}

/** The names found for q, newest first, and the total the answer gave. */
async function found(q: string, extra = ""): Promise<{ names: string[]; total: number }> {
  const body = await list(`q=${encodeURIComponent(q)}${extra}`);
  expect(body.totalExact).toBe(true);
  return { names: body.files.map((f) => f.fileName), total: body.total };
}

describe("GET /files?q=", () => {
  test("a part of the name in any case; a miss is an empty list with total 0", async () => {
    expect(await found("terly-rep")).toEqual({ names: ["Quarterly-Report.PDF"], total: 1 });
    expect(await found("QUARTERLY-report.pdf")).toEqual({ names: ["Quarterly-Report.PDF"], total: 1 });
    expect(await found("no such file")).toEqual({ names: [], total: 0 });
  });

  test("%, _ and \\ are themselves, not patterns", async () => {
    expect((await found("0% d")).names).toEqual(["100% done.txt"]);
    expect((await found("e_c")).names).toEqual(["snake_case.txt"]);
    // Unescaped, k\s would be the pattern "ks", which backslash.txt holds.
    expect((await found("k\\s")).names).toEqual([]);
    expect((await found("%")).names).toEqual(["100% done.txt"]);
    expect((await found("_")).names).toEqual(["snake_case.txt"]);
    expect((await found("\\")).names).toEqual([]);
    // A double quote or FTS5 syntax in q is text too, not a query for the SQLite trigram table.
    expect((await found('"quarterly')).names).toEqual([]);
    expect((await found("report OR scan*")).names).toEqual([]);
  });

  test("one or two characters still match", async () => {
    expect((await found("Q")).names).toEqual(["Quarterly-Report.PDF"]);
    expect(await found("-3")).toEqual({ names: ["minutes-report-3.txt"], total: 1 });
  });

  test("search results page by cursor, newest first, each once, with the same total on every page", async () => {
    const names: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body = await list(`q=REPORT&pageSize=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(body.total).toBe(4);
      names.push(...body.files.map((f) => f.fileName));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(names).toEqual(["minutes-report-3.txt", "minutes-report-2.txt", "minutes-report-1.txt", "Quarterly-Report.PDF"]);
    expect(pages).toBe(2);
  });

  test("another organization's files never match; a member's own view searches only their files", async () => {
    expect((await found("of-other")).names).toEqual([]);
    expect((await found("secret")).names).toEqual([]);
    const theirs = await list("q=quarterly", other);
    expect(theirs.files.map((f) => f.fileName)).toEqual(["Quarterly-Report-of-Other.pdf"]);
    const member = await addMember(t, org, "reader@search-files.example");
    const own = await t.request("GET", `/api/org/${org.slug}/files?q=report`, { token: member.token });
    expect(own.status).toBe(200);
    expect(own.body.files).toEqual([]);
    expect(own.body.total).toBe(0);
  });

  test("a trashed file leaves the live search for the trash's, and comes back when restored", async () => {
    const id = ids.get("minutes-report-2.txt")!;
    expect((await t.request("DELETE", `/api/org/${org.slug}/files/${id}`, { token: org.owner.token })).status).toBe(200);
    expect((await found("report-2")).names).toEqual([]);
    expect((await list("trashed=true&q=REPORT-2")).files.map((f) => f.fileName)).toEqual(["minutes-report-2.txt"]);
    expect((await t.request("POST", `/api/org/${org.slug}/files/${id}/restore`, { token: org.owner.token })).status).toBe(200);
    expect((await found("report-2")).names).toEqual(["minutes-report-2.txt"]);
  });

  test("q longer than 200 characters is 400", async () => {
    const long = await t.request("GET", `/api/org/${org.slug}/files?view=all&q=${"x".repeat(201)}`, { token: org.owner.token });
    expect(long.status).toBe(400);
  });
});

describe("the list's total", () => {
  test(`is exact up to ${FILE_TOTAL_CAP}; past it, the cap with totalExact false, while the pages and a narrow search stay exact`, async () => {
    const big = await createOrg(t, "owner@many-files.example", "Many Files");
    const now = t.clock.now();
    // Rows straight into the table, as the data-scale seed writes them: no bytes behind them.
    const rows = Array.from({ length: FILE_TOTAL_CAP + 1 }, (_, i) => ({
      id: crypto.randomUUID(),
      orgId: big.orgId,
      name: i === 7 ? "the-only-ledger.csv" : `scan-${i}.png`,
      contentType: "image/png",
      sizeBytes: 1,
      sha256: "0".repeat(64),
      storageKey: `test/many/${i}`,
      scope: "free",
      uploadedBy: big.owner.userId,
      createdAt: now - i,
      lastAccessedAt: now - i,
    }));
    await t.ctx.db.write(async (tx) => {
      for (let i = 0; i < rows.length; i += 500) await tx.insert(files).values(rows.slice(i, i + 500));
    });
    const whole = await list("pageSize=3", big);
    expect(whole).toMatchObject({ total: FILE_TOTAL_CAP, totalExact: false });
    expect(whole.files.map((f) => f.fileName)).toEqual(["scan-0.png", "scan-1.png", "scan-2.png"]);
    const narrow = await list("q=LEDGER", big);
    expect(narrow).toMatchObject({ total: 1, totalExact: true, nextCursor: null });
    expect(narrow.files.map((f) => f.fileName)).toEqual(["the-only-ledger.csv"]);
    // One file fewer and the count is exact again.
    await t.request("DELETE", `/api/org/${big.slug}/files/${rows[0]!.id}`, { token: big.owner.token });
    expect(await list("pageSize=1", big)).toMatchObject({ total: FILE_TOTAL_CAP, totalExact: true });
  });
});
