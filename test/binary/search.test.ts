/**
 * Member and file search in the compiled binary, from an empty data dir: the trigram
 * migration runs at start (FTS5 on SQLite, pg_trgm on the PostgreSQL pass), `q` of three
 * characters or more goes through the indexes, shorter `q` still matches, wildcards are
 * literal, and the files list says whether its total is exact.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bootstrapOrg, signInByMagicLink, startBinary, type RunningBinary } from "./support";

let server: RunningBinary;
let cookie = "";
let slug = "";
let apiKey = "";

beforeAll(async () => {
  server = await startBinary({ dev: true });
  ({ slug, apiKey } = await bootstrapOrg(server, { email: "owner@search.example", org: "Search Co", slug: "search-co" }));
  ({ cookie } = await signInByMagicLink(server, "owner@search.example"));
  for (const name of ["Quarterly-Report.PDF", "100% done.txt", "1000 done.txt", "snake_case.txt", "snakeXcase.txt"]) {
    const form = new FormData();
    form.append("file", new Blob([`bytes of ${name}`], { type: "text/plain" }), name);
    const r = await server.fetch("/api/public/v1/files", { method: "POST", body: form, headers: { "x-api-key": apiKey } });
    if (r.status !== 200) throw new Error(`upload ${name}: ${r.status} ${await r.text()}`);
  }
}, 120_000);

afterAll(() => server?.stop());

async function fileNames(q: string): Promise<{ names: string[]; total: number; totalExact: boolean }> {
  const r = await server.fetch(`/api/public/v1/files?q=${encodeURIComponent(q)}`, { headers: { "x-api-key": apiKey } });
  expect(r.status).toBe(200);
  const body = (await r.json()) as { files: Array<{ fileName: string }>; total: number; totalExact: boolean };
  return { names: body.files.map((f) => f.fileName).sort(), total: body.total, totalExact: body.totalExact };
}

async function memberEmails(q: string): Promise<string[]> {
  const r = await server.fetch(`/api/org/${slug}/members?q=${encodeURIComponent(q)}`, { headers: { cookie } });
  expect(r.status).toBe(200);
  return ((await r.json()) as Array<{ email: string }>).map((m) => m.email);
}

describe("search in the binary", () => {
  test("file search: a part of the name in any case, wildcards literal, short q, an exact total", async () => {
    expect(await fileNames("terly-REP")).toEqual({ names: ["Quarterly-Report.PDF"], total: 1, totalExact: true });
    expect((await fileNames("0% d")).names).toEqual(["100% done.txt"]);
    expect((await fileNames("e_c")).names).toEqual(["snake_case.txt"]);
    expect((await fileNames("_")).names).toEqual(["snake_case.txt"]);
    expect((await fileNames("q")).names).toEqual(["Quarterly-Report.PDF"]);
    expect(await fileNames("nothing like it")).toEqual({ names: [], total: 0, totalExact: true });
    expect(await fileNames("")).toMatchObject({ total: 5, totalExact: true });
  });

  test("member search: the address in any case, short q, a miss", async () => {
    expect(await memberEmails("OWNER@SEARCH")).toEqual(["owner@search.example"]);
    expect(await memberEmails("ow")).toEqual(["owner@search.example"]);
    expect(await memberEmails("nobody here")).toEqual([]);
  });
});
