/**
 * Registered data sources (spec 2.12, 3.6, 4.4) against a real PostgreSQL: registering
 * with a real connection test, the sealed password (never returned, never in an event or
 * a log line), tests that record lastTestError in plain words and answer within the
 * timeout, the primary, purpose, and every row of 3.6 that applies to registered rows
 * (disconnect keeps the row; reconnect re-tests, NAME_TAKEN; the sealed delete).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dataSources } from "../../../src/modules/datasources/schema";
import { addMember, createAppGroup, createOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { type PgPeer, startPgPeer } from "../../support/pg-peer";
import { datasourceApp, datasourceEvents, externalDatabase, sealedDelete, sourcesOrg } from "./support";

let peer: PgPeer;
let t: TestApp;

beforeAll(async () => {
  peer = await startPgPeer();
  t = await datasourceApp(peer);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const register = (o: Awaited<ReturnType<typeof sourcesOrg>>, name: string, url: string, extra: Record<string, unknown> = {}) =>
  o.ds("POST", "", { name, connectionString: url, region: "kr", ...extra });

describe("registering an external PostgreSQL", () => {
  test("a real connection, the password sealed and never returned; the first source is the primary", async () => {
    const o = await sourcesOrg(t, "ds-register");
    const ext = await externalDatabase(peer, "reg");
    const r = await register(o, "main", ext.url, { purpose: "staging" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: "main",
      region: "kr",
      purpose: "staging",
      tier: null,
      isManaged: false,
      isActive: true,
      status: "active",
      isPrimary: true,
      host: "127.0.0.1",
      port: peer.port,
      database: ext.database,
      username: ext.user,
      sslMode: "disable",
      hasPassword: true,
      lastTestError: null,
      pd: false,
      writeLog: null,
    });
    expect(r.text).not.toContain(ext.password);
    const [row] = await t.ctx.db.read.select().from(dataSources).where(eq(dataSources.id, r.body.id));
    expect(row!.passwordSealed).toStartWith("v1.");
    expect(row!.passwordSealed).not.toContain(ext.password);

    const events = await datasourceEvents(t, o.org);
    expect(events.map((e) => e.type)).toEqual(["appgroup.datasource.connected", "appgroup.datasource.primary_changed"]);
    expect(events[0]!.payload).toEqual({ dataSourceId: r.body.id, name: "main", isManaged: false, host: "127.0.0.1", database: ext.database, region: "kr", purpose: "staging", tier: null });
    expect(events[1]!.payload).toEqual({ from: null, to: r.body.id });
    expect(events[0]!.appGroupId).toBe(o.group.id);

    const listed = await o.ds("GET", "");
    expect(listed.body).toEqual([r.body]);
    expect(JSON.stringify(events)).not.toContain(ext.password);
    expect(JSON.stringify(t.logs)).not.toContain(ext.password);
  });

  test("bad input is 400 and stores nothing: schemes, ports, names, regions, unknown fields, malformed JSON, wrong types, oversize", async () => {
    const o = await sourcesOrg(t, "ds-input");
    const ext = await externalDatabase(peer, "input");
    const base = `${ext.user}:${encodeURIComponent(ext.password)}@127.0.0.1`;
    const cases: Array<[unknown, string, string?]> = [
      [{ name: "a", connectionString: `mysql://${base}:3306/${ext.database}`, region: "kr" }, "invalid_connection_string", "scheme"],
      [{ name: "a", connectionString: `http://${base}/${ext.database}`, region: "kr" }, "invalid_connection_string", "scheme"],
      [{ name: "a", connectionString: `postgres://${base}:99999/${ext.database}`, region: "kr" }, "invalid_connection_string", "port"],
      [{ name: "a", connectionString: `postgres://${base}:0/${ext.database}`, region: "kr" }, "invalid_connection_string", "port"],
      [{ name: "a", connectionString: `postgres://${base}:54x/${ext.database}`, region: "kr" }, "invalid_connection_string", "port"],
      [{ name: "a", connectionString: `postgres://${base}:${peer.port}/`, region: "kr" }, "invalid_connection_string", "database"],
      [{ name: "a", connectionString: `postgres://127.0.0.1:${peer.port}/${ext.database}`, region: "kr" }, "invalid_connection_string", "user"],
      [{ name: "a", connectionString: `postgres://${base}:${peer.port}/${ext.database}?host=/tmp`, region: "kr" }, "invalid_connection_string", "parameter"],
      [{ name: "a", connectionString: "not a url", region: "kr" }, "invalid_connection_string", "scheme"],
      [{ name: "9lives", connectionString: ext.url, region: "kr" }, "invalid_data_source_name"],
      [{ name: "a", connectionString: ext.url, region: "mars" }, "invalid_request"],
      [{ name: "a", connectionString: ext.url }, "invalid_request"],
      [{ name: "a", connectionString: ext.url, region: "kr", password: "x" }, "invalid_request"],
      [{ name: 5, connectionString: ext.url, region: "kr" }, "invalid_request"],
      [{ name: "a", connectionString: ext.url + "x".repeat(3000), region: "kr" }, "invalid_request"],
    ];
    for (const [body, error, reason] of cases) {
      const r = await o.ds("POST", "", body);
      expect({ status: r.status, error: r.body.error, reason: r.body.reason }).toEqual({ status: 400, error, reason });
      expect(r.text).not.toContain(ext.password);
    }
    const malformed = await t.request("POST", `/api/org/${o.org.slug}/app-groups/${o.group.id}/data-sources`, { token: o.org.owner.token, body: "{", headers: { "content-type": "application/json" } });
    expect({ status: malformed.status, error: malformed.body.error }).toEqual({ status: 400, error: "invalid_json" });
    const huge = await t.request("POST", `/api/org/${o.org.slug}/app-groups/${o.group.id}/data-sources`, { token: o.org.owner.token, json: { name: "a", connectionString: "x".repeat(2_000_000), region: "kr" } });
    expect(huge.status).toBe(413);
    expect((await o.ds("GET", "?includeInactive=true")).body).toEqual([]);
    expect(await datasourceEvents(t, o.org)).toEqual([]);
  });

  test("loopback and private hosts are refused unless the operator allows private networks (SSRF)", async () => {
    const strict = await createTestApp({ env: { SIGNET_DATASOURCE_TEST_TIMEOUT: "1" } });
    try {
      const o = await sourcesOrg(strict, "ds-ssrf");
      for (const host of ["127.0.0.1", "10.1.2.3", "169.254.169.254", "[::1]", "localhost", "192.168.0.10"]) {
        const r = await o.ds("POST", "", { name: "inside", connectionString: `postgres://u:p@${host}:5432/db`, region: "us-e" });
        expect({ host, status: r.status, error: r.body.error, reason: r.body.reason }).toEqual({ host, status: 400, error: "invalid_connection_string", reason: "address" });
      }
      const tested = await o.ds("POST", "/test", { connectionString: "postgres://u:p@10.0.0.1/db" });
      expect(tested.body.reason).toBe("address");
      expect((await o.ds("GET", "?includeInactive=true")).body).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  test("a failing test stores nothing and says why in plain words; an unreachable host is answered within the timeout", async () => {
    const o = await sourcesOrg(t, "ds-fail");
    const ext = await externalDatabase(peer, "fail");
    const wrongPassword = await register(o, "main", `postgres://${ext.user}:wrong-secret@127.0.0.1:${peer.port}/${ext.database}?sslmode=disable`);
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toMatchObject({ error: "connection_test_failed", lastTestError: `the server refused the password for user ${ext.user}` });
    expect(wrongPassword.text).not.toContain("wrong-secret");

    const noDatabase = await o.ds("POST", "/test", { connectionString: `postgres://${ext.user}:${encodeURIComponent(ext.password)}@127.0.0.1:${peer.port}/nope_db?sslmode=disable` });
    expect(noDatabase.body).toMatchObject({ ok: false, error: `the database nope_db does not exist on 127.0.0.1:${peer.port}` });

    // A port with nothing listening.
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    const closedPort = closed.port;
    closed.stop(true);
    const refused = await o.ds("POST", "/test", { connectionString: `postgres://u:p@127.0.0.1:${closedPort}/db` });
    expect(refused.body).toMatchObject({ ok: false, error: `nothing accepts connections at 127.0.0.1:${closedPort}: is the server running and listening on that port?` });

    // A peer that accepts the connection and never says a word: cut off at the 1 s timeout.
    const silent = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {}, open() {} } });
    try {
      const started = performance.now();
      const hung = await register(o, "hung", `postgres://u:p@127.0.0.1:${silent.port}/db?sslmode=disable`);
      expect(performance.now() - started).toBeLessThan(4000);
      expect(hung.body).toMatchObject({ error: "connection_test_failed", lastTestError: `127.0.0.1:${silent.port} did not answer within 1 s` });
    } finally {
      silent.stop(true);
    }
    const ok = await o.ds("POST", "/test", { connectionString: ext.url });
    expect(ok.body).toMatchObject({ ok: true, error: null });
    expect((await o.ds("GET", "?includeInactive=true")).body).toEqual([]);
  });
});

describe("tests, the primary and purpose", () => {
  test("POST /{id}/test records lastTestError when the stored credentials stop working, and clears it when they work again", async () => {
    const o = await sourcesOrg(t, "ds-retest");
    const ext = await externalDatabase(peer, "retest");
    const id = (await register(o, "main", ext.url)).body.id;
    await peer.sql("postgres", `ALTER ROLE ${ext.user} PASSWORD 'rotated-elsewhere'`);
    const failed = await o.ds("POST", `/${id}/test`);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ id, isActive: true, lastTestError: `the server refused the password for user ${ext.user}`, test: { ok: false } });
    expect((await o.ds("GET", "")).body[0].lastTestError).toBe(`the server refused the password for user ${ext.user}`);
    await peer.sql("postgres", `ALTER ROLE ${ext.user} PASSWORD '${ext.password}'`);
    const passed = await o.ds("POST", `/${id}/test`);
    expect(passed.body).toMatchObject({ lastTestError: null, test: { ok: true, error: null } });
    const tested = await datasourceEvents(t, o.org, "appgroup.datasource.tested");
    expect(tested.map((e) => [e.payload.ok, e.payload.error])).toEqual([
      [false, `the server refused the password for user ${ext.user}`],
      [true, null],
    ]);
  });

  test("one primary per app group; only an active source; purpose production or staging", async () => {
    const o = await sourcesOrg(t, "ds-primary");
    const a = await externalDatabase(peer, "pa");
    const b = await externalDatabase(peer, "pb");
    const first = (await register(o, "first", a.url)).body;
    const second = (await register(o, "second", b.url)).body;
    expect([first.isPrimary, second.isPrimary]).toEqual([true, false]);
    const moved = await o.ds("POST", `/${second.id}/primary`);
    expect(moved.body.isPrimary).toBe(true);
    expect((await o.ds("GET", "")).body.map((s: any) => [s.name, s.isPrimary])).toEqual([
      ["first", false],
      ["second", true],
    ]);
    expect((await o.ds("POST", `/${second.id}/primary`)).status).toBe(200);
    const changes = await datasourceEvents(t, o.org, "appgroup.datasource.primary_changed");
    expect(changes.map((e) => e.payload)).toEqual([
      { from: null, to: first.id },
      { from: first.id, to: second.id },
    ]);
    // Disconnecting the primary leaves the group without one; the next reconnect or source claims it.
    await o.ds("DELETE", `/${second.id}`);
    const refused = await o.ds("POST", `/${second.id}/primary`);
    expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 409, error: "data_source_not_active" });
    expect((await o.ds("GET", "")).body.map((s: any) => s.isPrimary)).toEqual([false]);
    expect((await o.ds("POST", `/${first.id}/primary`)).body.isPrimary).toBe(true);

    expect((await o.ds("PATCH", `/${first.id}`, { purpose: "staging" })).body.purpose).toBe("staging");
    expect((await o.ds("PATCH", `/${first.id}`, { purpose: "testing" })).body.error).toBe("invalid_request");
    expect((await o.ds("PATCH", `/${first.id}`, { purpose: "production", name: "x" })).body.error).toBe("invalid_request");
    expect((await datasourceEvents(t, o.org, "appgroup.datasource.updated")).map((e) => e.payload.purpose)).toEqual([{ from: "production", to: "staging" }]);
  });
});

describe("the 3.6 state machine of a registered source", () => {
  test("DELETE disconnects and keeps the row; GET lists it only with includeInactive; a second DELETE changes nothing", async () => {
    const o = await sourcesOrg(t, "ds-disconnect");
    const ext = await externalDatabase(peer, "disc");
    const id = (await register(o, "main", ext.url)).body.id;
    const r = await o.ds("DELETE", `/${id}`);
    expect(r.body).toMatchObject({ id, status: "disconnected", isActive: false, isPrimary: false, hasPassword: true });
    expect((await o.ds("GET", "")).body).toEqual([]);
    expect((await o.ds("GET", "?includeInactive=true")).body.map((s: any) => s.id)).toEqual([id]);
    expect((await o.ds("DELETE", `/${id}`)).body.status).toBe("disconnected");
    const types = (await datasourceEvents(t, o.org)).map((e) => e.type);
    expect(types.filter((x) => x === "appgroup.datasource.disconnected")).toHaveLength(1);
    expect((await datasourceEvents(t, o.org, "appgroup.datasource.disconnected"))[0]!.payload).toEqual({ dataSourceId: id, name: "main", isManaged: false, reason: "manual" });
  });

  test("reconnect re-tests the stored credentials, refuses a name an active source took (409 NAME_TAKEN), and claims the primary when the group has none", async () => {
    const o = await sourcesOrg(t, "ds-reconnect");
    const a = await externalDatabase(peer, "ra");
    const b = await externalDatabase(peer, "rb");
    const id = (await register(o, "main", a.url)).body.id;
    await o.ds("DELETE", `/${id}`);
    expect((await o.ds("POST", `/${id}/reconnect`)).status).toBe(200);
    const again = await o.ds("POST", `/${id}/reconnect`);
    expect({ status: again.status, error: again.body.error }).toEqual({ status: 409, error: "data_source_active" });

    await o.ds("DELETE", `/${id}`);
    const taker = (await register(o, "main", b.url)).body;
    expect(taker.isPrimary).toBe(true);
    const taken = await o.ds("POST", `/${id}/reconnect`);
    expect({ status: taken.status, error: taken.body.error }).toEqual({ status: 409, error: "NAME_TAKEN" });
    await o.ds("DELETE", `/${taker.id}`);

    await peer.sql("postgres", `ALTER ROLE ${a.user} PASSWORD 'changed-by-dba'`);
    const failed = await o.ds("POST", `/${id}/reconnect`);
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({ error: "connection_test_failed", lastTestError: `the server refused the password for user ${a.user}` });
    const after = (await o.ds("GET", "?includeInactive=true")).body.find((s: any) => s.id === id);
    expect(after).toMatchObject({ status: "disconnected", lastTestError: `the server refused the password for user ${a.user}` });

    await peer.sql("postgres", `ALTER ROLE ${a.user} PASSWORD '${a.password}'`);
    const back = await o.ds("POST", `/${id}/reconnect`);
    expect(back.body).toMatchObject({ id, status: "active", isActive: true, isPrimary: true, lastTestError: null, connectionString: null });
    expect((await datasourceEvents(t, o.org, "appgroup.datasource.reconnected")).map((e) => e.payload)).toEqual([
      { dataSourceId: id, name: "main", isManaged: false, passwordRotated: false },
      { dataSourceId: id, name: "main", isManaged: false, passwordRotated: false },
    ]);
  });

  test("the sealed delete: STILL_ACTIVE while active, the exact name, a seal for this data source; then deleted for good", async () => {
    const o = await sourcesOrg(t, "ds-delete");
    const a = await externalDatabase(peer, "da");
    const b = await externalDatabase(peer, "db");
    const id = (await register(o, "main", a.url)).body.id;
    const other = (await register(o, "other", b.url)).body.id;

    const active = await o.ds("POST", `/${id}/delete`, await sealedDelete(t, o, id, "main"));
    expect({ status: active.status, error: active.body.error }).toEqual({ status: 400, error: "STILL_ACTIVE" });
    await o.ds("DELETE", `/${id}`);

    const wrongName = await o.ds("POST", `/${id}/delete`, await sealedDelete(t, o, id, "Main"));
    expect({ status: wrongName.status, error: wrongName.body.error }).toEqual({ status: 400, error: "confirm_name_mismatch" });
    const noSeal = await o.ds("POST", `/${id}/delete`, { confirmName: "main" });
    expect({ status: noSeal.status, error: noSeal.body.error }).toEqual({ status: 403, error: "step_up_required" });
    const otherSeal = await o.ds("POST", `/${id}/delete`, await sealedDelete(t, o, id, "main", other));
    expect({ status: otherSeal.status, error: otherSeal.body.error, reason: otherSeal.body.reason }).toEqual({ status: 403, error: "step_up_failed", reason: "subject_mismatch" });
    expect((await o.ds("GET", "?includeInactive=true")).body.map((s: any) => s.id)).toContain(id);

    const deleted = await o.ds("POST", `/${id}/delete`, await sealedDelete(t, o, id, "main"));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id, status: "deleted", isActive: false, hasPassword: false, pd: false });
    expect((await o.ds("GET", "?includeInactive=true")).body.map((s: any) => s.id)).toEqual([other]);
    for (const [method, path] of [["POST", `/${id}/test`], ["POST", `/${id}/reconnect`], ["POST", `/${id}/primary`], ["DELETE", `/${id}`], ["PATCH", `/${id}`]] as const) {
      const r = await o.ds(method, path, method === "PATCH" ? { purpose: "staging" } : undefined);
      expect({ path, status: r.status, error: r.body.error }).toEqual({ path, status: 409, error: "data_source_deleted" });
    }
    const [event] = await datasourceEvents(t, o.org, "appgroup.datasource.deleted");
    expect(event!.payload).toMatchObject({ dataSourceId: id, name: "main", isManaged: false, pd: false, reason: "sealed" });
    expect(event!.payload.sealCredentialId).toBe(o.owner.device.credentialId);
  });
});

describe("who may", () => {
  test("a Member is refused; another organization's ids and groups are 404; machines cannot seal a delete", async () => {
    const o = await sourcesOrg(t, "ds-who");
    const ext = await externalDatabase(peer, "who");
    const id = (await register(o, "main", ext.url)).body.id;
    const member = await addMember(t, o.org, "member@ds-who.test");
    for (const [method, path] of [["GET", ""], ["POST", "/test"], ["POST", `/${id}/test`], ["DELETE", `/${id}`]] as const) {
      const r = await o.ds(method, path, path === "/test" ? { connectionString: ext.url } : undefined, member.token);
      expect({ path, status: r.status, error: r.body.error }).toEqual({ path, status: 403, error: "PERMISSION_DENIED" });
    }
    const outsider = await createOrg(t, "owner@ds-who-other.test", "ds-who-other");
    const theirGroup = await createAppGroup(t, outsider, "Other web");
    // Their group under our slug, our source under their slug: 404 either way.
    expect((await o.api("GET", `/app-groups/${theirGroup.id}/data-sources`)).body.error).toBe("app_group_not_found");
    const foreign = await t.request("DELETE", `/api/org/${outsider.slug}/app-groups/${theirGroup.id}/data-sources/${id}`, { token: outsider.owner.token });
    expect({ status: foreign.status, error: foreign.body.error }).toEqual({ status: 404, error: "data_source_not_found" });
    const notMember = await t.request("GET", `/api/org/${o.org.slug}/app-groups/${o.group.id}/data-sources`, { token: outsider.owner.token });
    expect(notMember.status).toBe(404);
    const unknown = await o.ds("POST", "/ds_nope/test");
    expect({ status: unknown.status, error: unknown.body.error }).toEqual({ status: 404, error: "data_source_not_found" });
    expect((await o.ds("GET", "")).body.map((s: any) => s.status)).toEqual(["active"]);
  });
});
