/**
 * Several nodes on one PostgreSQL database: a revocation or a rotation on one node
 * reaches the others through LISTEN/NOTIFY, and a node whose listener is down checks the
 * database instead of trusting its memory. (SQLite is single-node: one `signet serve`
 * holds the database, so there is nothing to keep in step.)
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../../../../src/app";
import { closeContext, createContext, type AppContext } from "../../../../src/context";
import { BUS_LISTENER_NAME } from "../../../../src/platform/bus/pg";
import { createLogger } from "../../../../src/platform/log";
import type { TestOrg } from "../../../support/accounts";
import { testDialect } from "../../../support/database";
import { createTestApp, send, type TestApp } from "../../../support/harness";
import { createSealedOrg } from "../../access/machine/support";

const onPostgres = testDialect === "postgres";

let a: TestApp;
let bCtx: AppContext;
let b: { handle(r: Request): Promise<Response> };
let org: TestOrg;
beforeAll(async () => {
  if (!onPostgres) return;
  a = await createTestApp();
  bCtx = await createContext(a.config, { clock: a.clock, logger: createLogger("silent") });
  b = createApp(bCtx);
  await bCtx.keyring.ready();
  org = await createSealedOrg(a, "owner@nodes.example", "Nodes Co");
});
afterAll(async () => {
  if (!onPostgres) return;
  await closeContext(bCtx);
  await a.close();
});

/** Polls until `check` holds (events cross nodes asynchronously); fails after `ms`. */
async function eventually(check: () => Promise<boolean> | boolean, ms = 3000): Promise<number> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await Bun.sleep(5);
  }
  return performance.now() - start;
}

async function keyAndToken(): Promise<{ id: string; token: string }> {
  const key = await a.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { scopes: ["org.member.list"] } });
  const token = await a.request("POST", "/api/m2m/token", { json: { orgSlug: org.slug, apiKey: key.body.key } });
  return { id: key.body.id, token: token.body.accessToken };
}

const meOnB = (token: string) => send(b, "GET", `/api/org/${org.slug}/me`, { token });
const revokeOnA = (id: string) => a.request("DELETE", `/api/org/${org.slug}/settings/keys/api-keys/${id}`, { token: org.owner.token });

describe.skipIf(!onPostgres)("several nodes on PostgreSQL", () => {
  test("a token issued on one node works on another", async () => {
    const { token } = await keyAndToken();
    expect((await meOnB(token)).status).toBe(200);
  });

  test("a revocation on node A reaches node B's memory through NOTIFY at once", async () => {
    const { id, token } = await keyAndToken();
    expect((await meOnB(token)).status).toBe(200);
    expect((await revokeOnA(id)).status).toBe(200);
    const took = await eventually(async () => (await meOnB(token)).status === 401);
    expect(took).toBeLessThan(1000);
    expect((await meOnB(token)).body.error).toBe("api_key_revoked");
  });

  test("a rotation on node A changes node B's cached JWKS", async () => {
    const jwksOnB = async () => (await send(b, "GET", `/api/public/orgs/${org.slug}/jwks.json`)).headers.get("etag");
    const before = await jwksOnB();
    expect(await jwksOnB()).toBe(before);
    expect((await a.request("POST", `/api/org/${org.slug}/settings/keys/signing-key/rotate`, { token: org.owner.token })).status).toBe(200);
    const etagOnA = (await a.request("GET", `/api/public/orgs/${org.slug}/jwks.json`)).headers.get("etag");
    expect(etagOnA).not.toBe(before);
    expect(await eventually(async () => (await jwksOnB()) === etagOnA)).toBeLessThan(1000);
  });

  test("with its listener down, node B checks revocation in the database; back in step, it still refuses", async () => {
    const { id, token } = await keyAndToken();
    expect((await meOnB(token)).status).toBe(200);
    expect(bCtx.keyring.inStep).toBe(true);
    const [{ count }] = await bCtx.db.queryRaw<{ count: number }>(
      "select count(pg_terminate_backend(pid))::int as count from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()",
      [BUS_LISTENER_NAME],
    );
    // One listener per bus subscription on each of the two nodes (the keyring's, and others
    // such as the custom-domain host map's), all of them ended.
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count % 2).toBe(0);
    await eventually(() => !bCtx.keyring.inStep);
    // The NOTIFY of this revocation cannot reach B's closed listener.
    expect((await revokeOnA(id)).status).toBe(200);
    const r = await meOnB(token);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("api_key_revoked");
    await eventually(() => bCtx.keyring.inStep);
    expect((await meOnB(token)).status).toBe(401);
    expect(await bCtx.keyring.isRevoked(id)).toBe(true);
  });
});
