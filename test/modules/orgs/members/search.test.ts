/**
 * Member search (`q` on GET /members) through the trigram indexes (platform/db/like.ts): a
 * part of the address or of the live badge name, case-insensitive, with %, _ and \ taken
 * literally; one or two characters still match (by scanning); search pages follow the
 * cursor; another organization's people never match; and the indexes follow the rows: a
 * renamed badge (SCIM) is found by its new name only, a removed member or a member who left
 * by nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addMember, type SignedInUser } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { createUser, patch, scimClient, scimOrg, type Scim, type ScimOrg } from "../../provisioning/support";
import { users } from "../../../../src/modules/identity/schema";
import { connectedIds, memberships } from "../../../../src/modules/orgs/schema";
import { SORT_MATCHES_UP_TO } from "../../../../src/modules/orgs/members/service";

let t: TestApp;
let acme: ScimOrg;
let globex: ScimOrg;
let acmeScim: Scim;
/** SCIM user id (the badge's ConnectedId) by badge name. */
const badgeOf = new Map<string, string>();
let leaver: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  acme = await scimOrg(t, "Acme");
  globex = await scimOrg(t, "Globex");
  acmeScim = scimClient(t, acme);
  const people: Array<[userName: string, email: string, badge: string]> = [
    ["nemo", "dana.mercer@harbour.test", "Captain Nemo"],
    ["percent", "p1@harbour.test", "100% Sure"],
    ["decoy-percent", "p2@harbour.test", "1000 Sure"],
    ["underscore", "u1@harbour.test", "snake_case crew"],
    ["decoy-underscore", "u2@harbour.test", "snakeXcase crew"],
    ["backslash", "b1@harbour.test", "back\\slash crew"],
    ["decoy-backslash", "b2@harbour.test", "backslash crew"],
  ];
  for (const [userName, email, displayName] of people) {
    const user = await createUser(acmeScim, userName, { displayName }, email);
    badgeOf.set(displayName, user.id);
    t.clock.advance(1000);
  }
  // Globex has a Captain Nemo too, and a person whose address Acme's search could otherwise reach.
  const globexScim = scimClient(t, globex);
  await createUser(globexScim, "nemo", { displayName: "Captain Nemo" }, "nemo.globex@harbour.test");
  await createUser(globexScim, "only", { displayName: "Only At Globex" }, "solitary.globex@elsewhere.test");
  leaver = await addMember(t, acme, "leaving.soon@harbour.test");
});
afterAll(() => t.close());

async function search(q: string, extra = ""): Promise<{ emails: string[]; cursor: string | null }> {
  const r = await t.request("GET", `/api/org/${acme.slug}/members?q=${encodeURIComponent(q)}${extra}`, { token: acme.owner.token });
  expect(r.status).toBe(200);
  return { emails: r.body.map((m: { email: string }) => m.email), cursor: r.headers.get("x-next-cursor") };
}

const found = async (q: string) => (await search(q)).emails;

describe("GET /members?q=", () => {
  test("a part of the address, or of the badge name, in any case; a miss is an empty page", async () => {
    expect(await found("mercer@harb")).toEqual(["dana.mercer@harbour.test"]);
    expect(await found("Captain NEMO")).toEqual(["dana.mercer@harbour.test"]);
    expect(await found("ptain ne")).toEqual(["dana.mercer@harbour.test"]);
    expect(await found("DANA.MERCER")).toEqual(["dana.mercer@harbour.test"]);
    expect(await found("no such person anywhere")).toEqual([]);
  });

  test("%, _ and \\ are themselves, not patterns", async () => {
    expect(await found("0% s")).toEqual(["p1@harbour.test"]);
    expect(await found("e_c")).toEqual(["u1@harbour.test"]);
    expect(await found("k\\s")).toEqual(["b1@harbour.test"]);
    // The same one or two characters, below what a trigram serves, are literal too.
    expect(await found("%")).toEqual(["p1@harbour.test"]);
    expect(await found("_")).toEqual(["u1@harbour.test"]);
    expect(await found("\\")).toEqual(["b1@harbour.test"]);
    // A double quote or FTS5 syntax in q is text too, not a query for the SQLite trigram table.
    expect(await found('"captain')).toEqual([]);
    expect(await found("nemo OR crew*")).toEqual([]);
  });

  test("one or two characters still match, by address or badge name", async () => {
    expect(await found("p2")).toEqual(["p2@harbour.test"]);
    expect(await found("EM")).toEqual(["dana.mercer@harbour.test"]);
  });

  test("search results page by cursor in join order, each once", async () => {
    const emails: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await search("CREW", `&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.emails.length).toBeLessThanOrEqual(2);
      emails.push(...page.emails);
      cursor = page.cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(emails).toEqual(["u1@harbour.test", "u2@harbour.test", "b1@harbour.test", "b2@harbour.test"]);
    expect(pages).toBe(2);
  });

  test("another organization's people never match, by address or by badge name", async () => {
    expect(await found("globex")).toEqual([]);
    expect(await found("Only At Globex")).toEqual([]);
    // Globex's Captain Nemo is not Acme's.
    expect(await found("captain nemo")).toEqual(["dana.mercer@harbour.test"]);
    const fromGlobex = await t.request("GET", `/api/org/${globex.slug}/members?q=mercer`, { token: globex.owner.token });
    expect(fromGlobex.status).toBe(200);
    expect(fromGlobex.body).toEqual([]);
  });

  test("a badge renamed through SCIM is found by its new name only", async () => {
    const r = await acmeScim("PATCH", `/Users/${badgeOf.get("Captain Nemo")}`, patch({ op: "replace", path: "displayName", value: "Admiral Ahab" }));
    expect(r.status).toBe(200);
    expect(await found("captain nemo")).toEqual([]);
    expect(await found("nemo")).toEqual([]);
    expect(await found("miral ah")).toEqual(["dana.mercer@harbour.test"]);
    // The address did not change, and still finds the person.
    expect(await found("mercer")).toEqual(["dana.mercer@harbour.test"]);
  });

  test("a removed member and a member who left are found by nothing", async () => {
    expect(await found("leaving.soon")).toEqual(["leaving.soon@harbour.test"]);
    const left = await t.request("DELETE", `/api/org/${acme.slug}/members/${leaver.userId}`, { token: leaver.token });
    expect(left.status).toBe(200);
    expect(await found("leaving.soon")).toEqual([]);

    const removed = await acmeScim("DELETE", `/Users/${badgeOf.get("1000 Sure")}`);
    expect(removed.status).toBe(204);
    expect(await found("1000 Sure")).toEqual([]);
    expect(await found("p2@harbour")).toEqual([]);
    // Those who stayed are still found.
    expect(await found("100% Sure")).toEqual(["p1@harbour.test"]);
  });
});

describe("GET /members?q= with more trigram matches than a page sorts", () => {
  test(`past ${SORT_MATCHES_UP_TO} candidates the page walks the join order: the same members, in order, each once`, async () => {
    const crowd = await scimOrg(t, "Crowd");
    const at = t.clock.now();
    const people = Array.from({ length: SORT_MATCHES_UP_TO + 1 }, (_, i) => ({ id: `crowd-user-${String(i).padStart(5, "0")}`, email: `person${i}@crowd-sourced.test` }));
    // Rows straight into the tables, as the data-scale seed writes them.
    await t.ctx.db.write(async (tx) => {
      for (let i = 0; i < people.length; i += 500) {
        const slice = people.slice(i, i + 500);
        await tx.insert(users).values(slice.map((p) => ({ id: p.id, email: p.email, createdAt: at })));
        await tx.insert(memberships).values(slice.map((p, k) => ({ id: `${p.id}-m`, orgId: crowd.orgId, userId: p.id, role: "member", createdAt: at + i + k })));
        await tx.insert(connectedIds).values(
          slice.map((p, k) => ({ id: `${p.id}-c`, orgId: crowd.orgId, type: "person" as const, membershipType: "member", status: "active" as const, userId: p.id, displayName: `Person ${i + k}`, createdAt: at, updatedAt: at })),
        );
      }
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r: { status: number; body: any; headers: Headers } = await t.request("GET", `/api/org/${crowd.slug}/members?q=CROWD-SOURCED&limit=200${cursor ? `&cursor=${cursor}` : ""}`, { token: crowd.owner.token });
      expect(r.status).toBe(200);
      seen.push(...r.body.map((m: { email: string }) => m.email));
      cursor = r.headers.get("x-next-cursor");
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen).toEqual(people.map((p) => p.email));
    // A rare q in the same organization still finds its one member.
    const rare = await t.request("GET", `/api/org/${crowd.slug}/members?q=person1999@`, { token: crowd.owner.token });
    expect(rare.body.map((m: { email: string }) => m.email)).toEqual(["person1999@crowd-sourced.test"]);
  });
});
