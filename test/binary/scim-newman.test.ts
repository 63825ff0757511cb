/**
 * Microsoft's SCIM Postman collection (a real peer, DESIGN §10) run by newman against the
 * compiled binary, on SQLite or PostgreSQL as the binary suite runs: the operator
 * bootstraps an organization from the CLI, its owner creates a SCIM token over HTTP, and
 * newman runs the folders the collection's README names (Endpoint tests, User tests,
 * Group tests) with that token, as an identity provider would.
 *
 * Every assertion must pass except those listed in MICROSOFT_SPECIFIC, each with why
 * (docs/scim.md has the same list). The list is exact: an assertion that starts passing
 * fails this test too, so the list never hides a change.
 *
 * The collection is read from ../shared/peers/scim beside the repository (as CI lays it
 * out); without it this test fails and says so.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startBinary, type RunningBinary } from "./support";

const root = resolve(import.meta.dir, "../..");
const COLLECTION = resolve(root, "../shared/peers/scim/microsoft-scim-postman-collection.json");
const NEWMAN = join(root, "node_modules/.bin/newman");
const FOLDERS = ["Endpoint tests", "User tests", "Group tests"];

/**
 * "request › assertion" that fail against Signet because they are tied to Microsoft's
 * reference server, not to RFC 7643/7644; each with why.
 */
const MICROSOFT_SPECIFIC: Record<string, string> = {
  "Get empty Users › Status code is 200":
    "it requests /users in lower case; Signet's resource endpoints are /Users and /Groups as RFC 7644 §3.2 names them (a path is case-sensitive), while Microsoft's server matches paths in any case",
  "Get ServiceProviderConfig › Status code is 200": "it requests /serviceConfiguration, Microsoft's name; RFC 7644 §4 names the endpoint /ServiceProviderConfig, which Signet serves",
  "Get ServiceProviderConfig › Pach supported is true": "the same request (/serviceConfiguration) answered 404",
  "Get group by id › Body contians user":
    'it expects a member\'s display to be what its PATCH sent ("new User"); a Signet Group\'s members are the role\'s holders, shown with the User\'s own displayName',
};

/**
 * What else fails when the collection runs as published, all from its own data: every
 * User it creates carries the same externalId, the literal "${__UUID}" (a JMeter
 * placeholder newman leaves as it is), and its users 3 and 4 share one e-mail address.
 * Signet keeps externalId unique per organization (409 uniqueness), and one address is
 * one dashboard account and so one member (409 uniqueness), so the second such User is
 * refused and the requests that use its id fail after it.
 */
const COLLECTION_DATA: Record<string, string> = {
  "Post EnterpriseUser › Status code is 201": 'its externalId "${__UUID}" is the one Post User already holds: 409 uniqueness',
  "Get user2 › Status code is 200": "no user 2 (Post EnterpriseUser was refused)",
  "Get user2 › Id is requsted": "no user 2",
  "User 2 replace test › Status code is 200": "no user 2",
  "Get user2 Check replace › Status code is 200": "no user 2",
  "Get user2 Check replace › Name is updated": "no user 2",
  "Delete user2 › Status code is 204": "no user 2",
  "Create user 4 for group 2 › Status code is 201": 'user 3 holds its externalId ("${__UUID}") and its e-mail address (testing@bob2.com): 409 uniqueness',
  "Put replace group3 › Status code is 200": "it names user 4, who does not exist: 400 invalidValue, nothing changed",
  "Validate group 3 › Body contians user id3": "the PUT that would have added user 3 was refused",
  "Delete user id4 › Status code is 204": "no user 4",
};

/** The collection with its data collisions made unique, and nothing else changed: a fresh externalId per User, and user 4's own address. */
function withUniqueData(collection: string): string {
  const json = JSON.parse(collection.replaceAll("${__UUID}", "{{$guid}}"));
  const groupTests = json.item.find((i: { name: string }) => i.name === "Group tests");
  const user4 = groupTests.item.find((i: { name: string }) => i.name === "Create user 4 for group 2");
  user4.request.body.raw = user4.request.body.raw.replace('"testing@bob2.com"', '"testing4@bob2.com"');
  return JSON.stringify(json);
}

let server: RunningBinary;
let scratch = "";

/** An organization bootstrapped from the CLI, and a SCIM token its owner creates over HTTP. */
async function organizationWithToken(name: string): Promise<{ slug: string; token: string }> {
  const bootstrap = await server.cli(["admin", "bootstrap", "--email", `owner@${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.example`, "--org", name]);
  if (bootstrap.code !== 0) throw new Error(`bootstrap: ${bootstrap.stderr}`);
  const { slug, sessionToken } = JSON.parse(bootstrap.stdout) as { slug: string; sessionToken: string };
  const r = await server.fetch(`/api/org/${slug}/settings/scim/tokens`, { method: "POST", headers: { authorization: `Bearer ${sessionToken}` } });
  if (r.status !== 201) throw new Error(`SCIM token: ${r.status} ${await r.text()}`);
  return { slug, token: ((await r.json()) as { token: string }).token };
}

beforeAll(async () => {
  if (!existsSync(COLLECTION)) {
    throw new Error(`Microsoft's SCIM collection is missing: expected ${COLLECTION} (shared/peers/scim beside the repository, as CI lays it out)`);
  }
  server = await startBinary();
  scratch = mkdtempSync(join(tmpdir(), "signet-newman-"));
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

interface Outcome {
  request: string;
  assertion: string;
  passed: boolean;
  error?: string;
}

/** Runs newman (as the README says) and reads its JSON report. */
async function runCollection(collection: string, org: { slug: string; token: string }, name: string): Promise<{ outcomes: Outcome[]; requests: number }> {
  const report = join(scratch, `${name}-report.json`);
  const { slug, token } = org;
  const port = new URL(server.base).port;
  const args = [
    "run",
    collection,
    ...["--env-var", "Protocol=http", "--env-var", "Server=127.0.0.1", "--env-var", `Port=:${port}`, "--env-var", `Api=scim/v2/${slug}`, "--env-var", `token=${token}`],
    ...FOLDERS.flatMap((f) => ["--folder", f]),
    "--reporters",
    "json",
    "--reporter-json-export",
    report,
    "--timeout-request",
    "20000",
  ];
  const run = Bun.spawn([NEWMAN, ...args], { cwd: scratch, stdout: "pipe", stderr: "pipe", env: { PATH: process.env.PATH ?? "", HOME: scratch } });
  const [stdout, stderr] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
  if (!existsSync(report)) throw new Error(`newman wrote no report (exit ${run.exitCode}):\n${stdout}\n${stderr}`);
  const json = JSON.parse(readFileSync(report, "utf8")) as {
    run: { executions: Array<{ item: { name: string }; requestError?: unknown; assertions?: Array<{ assertion: string; error?: { message: string } }> }> };
  };
  const outcomes = json.run.executions.flatMap((e) =>
    (e.assertions ?? []).map((a) => ({ request: e.item.name, assertion: a.assertion, passed: !a.error, ...(a.error ? { error: a.error.message } : {}) })),
  );
  return { outcomes, requests: json.run.executions.length };
}

function summarise(name: string, outcomes: Outcome[], requests: number, expected: Record<string, string>): string[] {
  const failed = outcomes.filter((o) => !o.passed);
  console.log(`newman (${name}): ${requests} requests, ${outcomes.length} assertions, ${outcomes.length - failed.length} passed, ${failed.length} failed`);
  for (const f of failed) console.log(`  failed: ${f.request} › ${f.assertion}${f.request + " › " + f.assertion in expected ? "" : ` (unexpected: ${f.error})`}`);
  return failed.map((f) => `${f.request} › ${f.assertion}`).sort();
}

test("as published, the collection fails only its Microsoft-specific assertions and those its own colliding data makes fail", async () => {
  const expected = { ...MICROSOFT_SPECIFIC, ...COLLECTION_DATA };
  const { outcomes, requests } = await runCollection(COLLECTION, await organizationWithToken("SCIM Newman"), "published");
  expect(requests).toBeGreaterThan(30);
  expect(summarise("as published", outcomes, requests, expected)).toEqual(Object.keys(expected).sort());
}, 180_000);

test("with its data made unique (a fresh externalId per User, user 4's own address), it fails only its Microsoft-specific assertions", async () => {
  const copy = join(scratch, "collection-unique-data.json");
  await Bun.write(copy, withUniqueData(readFileSync(COLLECTION, "utf8")));
  const { outcomes, requests } = await runCollection(copy, await organizationWithToken("SCIM Newman Unique"), "unique-data");
  expect(requests).toBeGreaterThan(30);
  expect(summarise("unique data", outcomes, requests, MICROSOFT_SPECIFIC)).toEqual(Object.keys(MICROSOFT_SPECIFIC).sort());
}, 180_000);
