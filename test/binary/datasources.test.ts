/**
 * Data sources against the compiled binary, black-box, with a real PostgreSQL as the
 * customer's database and the operator's managed server: the operator bootstraps and
 * grants credit with the CLI, the owner registers a database and creates a managed one
 * over HTTP, the customer writes to it, `signet jobs run datasources.anchor` seals the
 * log's head, and `signet datasource verify` says intact, then finds an edited log row.
 * On SQLite, or PostgreSQL with SIGNET_TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres from "postgres";
import type { TestApp } from "../support/harness";
import { type PgPeer, startPgPeer } from "../support/pg-peer";
import { externalDatabase } from "../modules/datasources/support";
import { requestOverSocket, startBinary, type RunningBinary } from "./support";

let peer: PgPeer;
let server: RunningBinary;
let http: TestApp["request"];
let owner: { slug: string; token: string };
let groupId = "";

const ds = (method: string, path: string, json?: unknown, token: string = owner.token) => http(method, `/api/org/${owner.slug}/app-groups/${groupId}/data-sources${path}`, { json, token });

beforeAll(async () => {
  peer = await startPgPeer();
  server = await startBinary({ env: { SIGNET_MANAGED_DB_URL: peer.url, SIGNET_DATASOURCE_ALLOW_PRIVATE_NETWORKS: "1", SIGNET_DATASOURCE_TEST_TIMEOUT: "2" } });
  http = requestOverSocket(server);
  const boot = await server.cli(["admin", "bootstrap", "--email", "owner@ds-binary.example", "--org", "Data Binary"]);
  expect(boot.code).toBe(0);
  const { slug, sessionToken, orgId } = JSON.parse(boot.stdout);
  owner = { slug, token: sessionToken };
  expect((await server.cli(["admin", "credit", "--org", slug, "--amount", "500"])).code).toBe(0);
  const group = await http("POST", `/api/org/${slug}/app-groups`, { json: { orgId, name: "Shop" }, token: sessionToken });
  expect(group.status).toBe(201);
  groupId = group.body.id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await peer?.close();
});

test("a registered PostgreSQL: refused strings in words, a real test, the password never returned; disconnect and the seal the delete needs", async () => {
  const refused = await ds("POST", "", { name: "main", connectionString: "mysql://u:p@db.example/shop", region: "kr" });
  expect({ status: refused.status, error: refused.body.error, reason: refused.body.reason }).toEqual({ status: 400, error: "invalid_connection_string", reason: "scheme" });
  const ext = await externalDatabase(peer, "bin");
  const made = await ds("POST", "", { name: "main", connectionString: ext.url, region: "kr" });
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ name: "main", isActive: true, isPrimary: true, hasPassword: true, lastTestError: null });
  expect(made.text).not.toContain(ext.password);
  expect((await ds("POST", `/${made.body.id}/test`)).body.test.ok).toBe(true);
  expect((await ds("DELETE", `/${made.body.id}`)).body.status).toBe("disconnected");
  const unsealed = await ds("POST", `/${made.body.id}/delete`, { confirmName: "main" });
  expect({ status: unsealed.status, error: unsealed.body.error }).toEqual({ status: 403, error: "step_up_required" });
  expect(server.logs().some((l) => JSON.stringify(l).includes(ext.password))).toBe(false);
});

test("a managed database: the connection string once, writes sealed and anchored, verify intact, then an edited log row found", async () => {
  const made = await ds("POST", "/strix", { name: "ledger" });
  expect(made.status).toBe(201);
  const sql = postgres(made.body.connectionString, { max: 1, onnotice: () => {} });
  await sql`CREATE TABLE entries (id int PRIMARY KEY, amount int NOT NULL)`;
  await sql`INSERT INTO entries VALUES (1, 100), (2, 250)`;
  await sql`UPDATE entries SET amount = 300 WHERE id = 2`;
  await sql.end();

  const anchored = await server.cli(["jobs", "run", "datasources.anchor"]);
  expect(anchored.code).toBe(0);
  const listed = (await ds("GET", "")).body.find((s: any) => s.id === made.body.id);
  expect(listed.writeLog.anchoredSeq).toBe(3);
  expect(listed.connectionString).toBeUndefined();

  const intact = await server.cli(["datasource", "verify", "--id", made.body.id, "--json"]);
  expect(intact.code).toBe(0);
  expect(JSON.parse(intact.stdout)).toMatchObject({ intact: true, rows: 3, anchors: 1, problems: [] });

  await peer.sql(made.body.database, "UPDATE signet_seal.write_log SET row_hash = repeat('0', 64) WHERE seq = 2");
  const broken = await server.cli(["datasource", "verify", "--id", made.body.id]);
  expect(broken.code).toBe(1);
  expect(broken.stdout).toContain("edited at seq 2 in public.entries: log row 2 does not match its chain hash");
});

test("the routes are in /swagger/json", async () => {
  const doc = await (await server.fetch("/swagger/json")).json();
  const paths = Object.keys(doc.paths).filter((p) => p.includes("/data-sources"));
  expect(paths.sort()).toEqual(
    [
      "/api/org/{slug}/app-groups/{groupId}/data-sources",
      "/api/org/{slug}/app-groups/{groupId}/data-sources/test",
      "/api/org/{slug}/app-groups/{groupId}/data-sources/strix",
      "/api/org/{slug}/app-groups/{groupId}/data-sources/{id}",
      "/api/org/{slug}/app-groups/{groupId}/data-sources/{id}/test",
      "/api/org/{slug}/app-groups/{groupId}/data-sources/{id}/primary",
      "/api/org/{slug}/app-groups/{groupId}/data-sources/{id}/reconnect",
      "/api/org/{slug}/app-groups/{groupId}/data-sources/{id}/delete",
    ].sort(),
  );
});
