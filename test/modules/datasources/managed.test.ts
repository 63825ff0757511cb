/**
 * Managed databases (spec 2.12, 3.6, 3.7) on a real PostgreSQL standing in for the
 * operator's server: creation behind the credit gate with the connection string shown
 * once, the least-privilege role, disconnect and reconnect, the sealed delete that drops
 * the provider database first (and keeps the row when that fails), and non-payment:
 * suspension when billing's grace runs out, the warnings, deletion 30 days later.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import postgres from "postgres";
import { debit } from "../../../src/modules/billing/ledger/ledger";
import { signInAs } from "../../support/accounts";
import { DAY, HOUR } from "../../support/clock";
import { createTestApp, type TestApp } from "../../support/harness";
import { type PgPeer, startPgPeer } from "../../support/pg-peer";
import { fund, runJob } from "../billing/support";
import { datasourceApp, datasourceEvents, mailsTo, sealedDelete, sourcesOrg } from "./support";

let peer: PgPeer;
let t: TestApp;

beforeAll(async () => {
  peer = await startPgPeer();
  t = await datasourceApp(peer, { env: { SIGNET_DEV: "1" } });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

/** Runs `fn` connected with a customer's connection string; the connection is closed after. */
async function asCustomer<T>(connectionString: string, fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(connectionString, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

async function refusedLogin(connectionString: string): Promise<string> {
  return asCustomer(connectionString, async (sql) => {
    await sql`SELECT 1`;
    return "connected";
  }).catch((e) => (e as { code?: string }).code ?? "error");
}

const exists = async (kind: "database" | "role", name: string) =>
  (await peer.sql("postgres", kind === "database" ? "SELECT 1 FROM pg_database WHERE datname = $1" : "SELECT 1 FROM pg_roles WHERE rolname = $1", [name])).length === 1;

describe("creating a managed database", () => {
  test("without the service reserve in credit: 402 CREDIT_REQUIRED with balance, required and reserve; nothing made", async () => {
    const o = await sourcesOrg(t, "md-credit");
    const r = await o.ds("POST", "/strix", { name: "app" });
    expect(r.status).toBe(402);
    expect(r.body).toMatchObject({ error: "CREDIT_REQUIRED", code: "CREDIT_REQUIRED", balance: 0, required: 500, reserve: 500 });
    expect((await o.ds("GET", "?includeInactive=true")).body).toEqual([]);
  });

  test("a database and a least-privilege role; the connection string once; the region falls back to the server's", async () => {
    const o = await sourcesOrg(t, "md-create");
    await fund(t, o.org, 500);
    const r = await o.ds("POST", "/strix", { name: "app" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "app", isManaged: true, isActive: true, isPrimary: true, region: "us-e", tier: "starter", hasPassword: true, pd: false, host: peer.host, port: peer.port });
    expect(r.body.writeLog).toEqual({ anchoredSeq: 0, anchoredHead: null, anchoredAt: null });
    const url: string = r.body.connectionString;
    expect(url).toStartWith(`postgres://${r.body.username}:`);
    const password = decodeURIComponent(new URL(url).password);
    expect(password.length).toBeGreaterThanOrEqual(32);
    // Shown once: never in a list, a test, an event or a log line.
    const listed = await o.ds("GET", "");
    expect(listed.text).not.toContain(password);
    expect(listed.body[0].connectionString).toBeUndefined();
    expect((await o.ds("POST", `/${r.body.id}/test`)).body.test).toMatchObject({ ok: true });
    expect(JSON.stringify(await datasourceEvents(t, o.org))).not.toContain(password);
    expect(JSON.stringify(t.logs)).not.toContain(password);

    const role = (await peer.sql("postgres", "SELECT rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolconnlimit FROM pg_roles WHERE rolname = $1", [r.body.username]))[0];
    expect(role).toEqual({ rolsuper: false, rolcreatedb: false, rolcreaterole: false, rolreplication: false, rolconnlimit: 10 });
    await asCustomer(url, async (sql) => {
      await sql`CREATE TABLE notes (id int PRIMARY KEY, body text)`;
      await sql`INSERT INTO notes VALUES (1, 'hello')`;
      expect((await sql`SELECT body FROM notes`)[0]!.body).toBe("hello");
      // The write log is the operator's: the customer can neither read nor write it.
      expect(await sql`SELECT * FROM signet_seal.write_log`.catch((e) => e.code)).toBe("42501");
      expect(await sql.unsafe(`CREATE DATABASE another_${r.body.username}`).catch((e) => e.code)).toBe("42501");
      expect(await sql`CREATE ROLE intruder`.catch((e) => e.code)).toBe("42501");
    });

    const sg = await o.ds("POST", "/strix", { name: "asia", region: "sg", tier: "standard", purpose: "staging" });
    expect(sg.body).toMatchObject({ region: "sg", tier: "standard", purpose: "staging", isPrimary: false });
    const taken = await o.ds("POST", "/strix", { name: "app" });
    expect({ status: taken.status, error: taken.body.error }).toEqual({ status: 409, error: "NAME_TAKEN" });
    for (const body of [{ name: "x", tier: "huge" }, { name: "x", region: "mars" }, { name: "x", extra: 1 }, {}, { name: "" }]) {
      expect((await o.ds("POST", "/strix", body)).body.error).toBe("invalid_request");
    }
    const [connected] = await datasourceEvents(t, o.org, "appgroup.datasource.connected");
    expect(connected!.payload).toEqual({ dataSourceId: r.body.id, name: "app", isManaged: true, host: peer.host, database: r.body.database, region: "us-e", purpose: "production", tier: "starter" });
  });

  test("without a configured server: 409 managed_databases_unavailable", async () => {
    const bare = await createTestApp();
    try {
      const o = await sourcesOrg(bare, "md-none");
      await fund(bare, o.org, 500);
      const r = await o.ds("POST", "/strix", { name: "app" });
      expect({ status: r.status, error: r.body.error }).toEqual({ status: 409, error: "managed_databases_unavailable" });
    } finally {
      await bare.close();
    }
  });
});

describe("the 3.6 state machine of a managed database", () => {
  test("disconnect keeps the data; reconnect passes the credit gate and re-tests; the sealed delete drops the provider database first and records pd", async () => {
    const o = await sourcesOrg(t, "md-cycle");
    await fund(t, o.org, 500);
    const made = (await o.ds("POST", "/strix", { name: "app" })).body;
    await asCustomer(made.connectionString, (sql) => sql`CREATE TABLE kept (id int PRIMARY KEY)`.then(() => sql`INSERT INTO kept VALUES (7)`));
    expect((await o.ds("DELETE", `/${made.id}`)).body).toMatchObject({ status: "disconnected", isActive: false });
    expect(await exists("database", made.database)).toBe(true);

    // Credit spent meanwhile: the reconnect is refused until the reserve is back.
    await t.ctx.db.write((tx) => debit(tx, { orgId: o.org.orgId, amount: 200, refId: "test:spend", reason: "spent elsewhere", at: t.clock.now() }).then(() => {}));
    const poor = await o.ds("POST", `/${made.id}/reconnect`);
    expect(poor.body).toMatchObject({ error: "CREDIT_REQUIRED", balance: 300, required: 500 });
    await fund(t, o.org, 200);
    const back = await o.ds("POST", `/${made.id}/reconnect`);
    expect(back.body).toMatchObject({ status: "active", connectionString: null });
    await asCustomer(made.connectionString, async (sql) => expect((await sql`SELECT id FROM kept`).map((r) => r.id)).toEqual([7]));

    await o.ds("DELETE", `/${made.id}`);
    const deleted = await o.ds("POST", `/${made.id}/delete`, await sealedDelete(t, o, made.id, "app"));
    expect(deleted.body).toMatchObject({ status: "deleted", pd: true, hasPassword: false });
    expect(await exists("database", made.database)).toBe(false);
    expect(await exists("role", made.username)).toBe(false);
    const [event] = await datasourceEvents(t, o.org, "appgroup.datasource.deleted");
    expect(event!.payload).toMatchObject({ dataSourceId: made.id, isManaged: true, pd: true, reason: "sealed" });
  });

  test("a failed provider drop is 502 PROVIDER_DELETE_FAILED: the row stays, the seal is unused, a retry succeeds", async () => {
    const o = await sourcesOrg(t, "md-dropfail");
    await fund(t, o.org, 500);
    const made = (await o.ds("POST", "/strix", { name: "app" })).body;
    await o.ds("DELETE", `/${made.id}`);
    // Something on the server depends on the role, so DROP ROLE fails.
    await peer.sql("postgres", `GRANT CONNECT ON DATABASE postgres TO ${made.username}`);
    const body = await sealedDelete(t, o, made.id, "app");
    const failed = await o.ds("POST", `/${made.id}/delete`, body);
    expect({ status: failed.status, error: failed.body.error }).toEqual({ status: 502, error: "PROVIDER_DELETE_FAILED" });
    expect((await o.ds("GET", "?includeInactive=true")).body[0]).toMatchObject({ id: made.id, status: "disconnected", pd: false });
    expect(await datasourceEvents(t, o.org, "appgroup.datasource.deleted")).toEqual([]);
    await peer.sql("postgres", `REVOKE CONNECT ON DATABASE postgres FROM ${made.username}`);
    // The same seal was not used up by the failed attempt.
    const retried = await o.ds("POST", `/${made.id}/delete`, body);
    expect(retried.body).toMatchObject({ status: "deleted", pd: true });
    expect(await exists("role", made.username)).toBe(false);
  });
});

describe("non-payment (3.6, 3.7)", () => {
  // Each case runs billing's calendar from January on an app of its own.
  let late: TestApp;
  beforeEach(async () => {
    late = await datasourceApp(peer, { env: { SIGNET_DEV: "1" } });
  });
  afterEach(() => late.close());

  test("the grace runs out: suspended (password rotated, data kept, lastTestError); warnings at suspension, 7 days and 1 day before; deleted 30 days later with pd", async () => {
    const t = late;
    const o = await sourcesOrg(t, "md-late", { plan: "pro" });
    await fund(t, o.org, 5_429 + 600);
    expect((await t.request("POST", `/api/org/${o.org.slug}/settings/addons/audit_analytics`, { token: o.org.owner.token })).status).toBe(200);
    const made = (await o.ds("POST", "/strix", { name: "app" })).body;
    const kept = (await o.ds("POST", "/strix", { name: "kept" })).body;
    await asCustomer(made.connectionString, (sql) => sql`CREATE TABLE orders (id int PRIMARY KEY)`.then(() => sql`INSERT INTO orders VALUES (1), (2)`));
    await runJob(t, "billing.renewals");
    t.clock.set("2026-02-01T00:15:00Z");
    await runJob(t, "billing.renewals");
    expect((await o.ds("GET", "")).body.map((s: any) => s.status)).toEqual(["active", "active"]);
    // One is disconnected by hand during the grace: suspension concerns active databases only.
    await o.ds("DELETE", `/${kept.id}`);
    t.clock.set("2026-02-04T01:15:00Z");
    await runJob(t, "billing.renewals");

    const suspended = (await o.ds("GET", "?includeInactive=true")).body.find((s: any) => s.id === made.id);
    expect(suspended).toMatchObject({ status: "suspended", isActive: false, isPrimary: false, suspendedAt: "2026-02-04T01:15:00.000Z", deleteScheduledAt: "2026-03-06T01:15:00.000Z" });
    expect(suspended.lastTestError).toContain("non-payment");
    expect((await o.ds("GET", "?includeInactive=true")).body.find((s: any) => s.id === kept.id).status).toBe("disconnected");
    expect(await refusedLogin(made.connectionString)).toBe("28P01");
    expect((await peer.sql(made.database, "SELECT count(*)::int AS n FROM orders"))[0].n).toBe(2);
    const disconnected = await datasourceEvents(t, o.org, "appgroup.datasource.disconnected");
    expect(disconnected.at(-1)!.payload).toEqual({ dataSourceId: made.id, name: "app", isManaged: true, reason: "non_payment" });
    expect(disconnected.at(-1)!.actorKind).toBe("system");
    const subjects = async () => (await mailsTo(t, o.org.owner.email)).map((m) => m.subject).filter((s) => s?.includes("Managed database"));
    expect(await subjects()).toEqual(["Managed database app suspended for non-payment"]);

    const job = async () => {
      const run = await t.ctx.jobs.runNow("datasources.suspended");
      expect(run.outcome).toBe("ok");
    };
    t.clock.set("2026-02-27T01:14:00Z");
    await job();
    expect(await subjects()).toHaveLength(1);
    t.clock.set("2026-02-27T01:15:00Z");
    await job();
    await job();
    t.clock.set("2026-03-05T01:15:00Z");
    await job();
    expect(await subjects()).toEqual([
      "Managed database app suspended for non-payment",
      "Managed database app will be deleted in 7 days",
      "Managed database app will be deleted tomorrow",
    ]);
    t.clock.advance(DAY - HOUR);
    await job();
    expect(await exists("database", made.database)).toBe(true);
    t.clock.advance(HOUR);
    await job();
    expect(await exists("database", made.database)).toBe(false);
    expect(await exists("role", made.username)).toBe(false);
    // A month on, the owner signs in again.
    const token = (await signInAs(t, o.org.owner.email)).token;
    expect((await o.ds("GET", "?includeInactive=true", undefined, token)).body.map((s: any) => s.id)).toEqual([kept.id]);
    const [deleted] = await datasourceEvents(t, o.org, "appgroup.datasource.deleted");
    expect(deleted!.payload).toMatchObject({ dataSourceId: made.id, pd: true, reason: "non_payment", sealCredentialId: null });
    // The database disconnected by hand is not the clock's: it stays.
    expect(await exists("database", kept.database)).toBe(true);
  });

  test("a suspended database reconnects after a top-up with a new connection string, once; the old one stays dead", async () => {
    const t = late;
    const o = await sourcesOrg(t, "md-return", { plan: "pro" });
    await fund(t, o.org, 5_429 + 600);
    expect((await t.request("POST", `/api/org/${o.org.slug}/settings/addons/audit_analytics`, { token: o.org.owner.token })).status).toBe(200);
    const made = (await o.ds("POST", "/strix", { name: "app" })).body;
    await asCustomer(made.connectionString, (sql) => sql`CREATE TABLE t (id int PRIMARY KEY)`.then(() => sql`INSERT INTO t VALUES (1)`));
    await runJob(t, "billing.renewals");
    t.clock.set("2026-02-01T00:15:00Z");
    await runJob(t, "billing.renewals");
    t.clock.set("2026-02-04T01:15:00Z");
    await runJob(t, "billing.renewals");
    expect((await o.ds("GET", "?includeInactive=true")).body[0].status).toBe("suspended");
    // A test says the stored credentials work, and the suspension stays the error.
    const tested = await o.ds("POST", `/${made.id}/test`);
    expect(tested.body).toMatchObject({ status: "suspended", test: { ok: true } });
    expect(tested.body.lastTestError).toContain("non-payment");

    const back = await o.ds("POST", `/${made.id}/reconnect`);
    expect(back.body).toMatchObject({ status: "active", lastTestError: null, suspendedAt: null, isPrimary: true });
    expect(back.body.connectionString).not.toBe(made.connectionString);
    expect(await refusedLogin(made.connectionString)).toBe("28P01");
    await asCustomer(back.body.connectionString, async (sql) => expect((await sql`SELECT id FROM t`).map((r) => r.id)).toEqual([1]));
    expect((await datasourceEvents(t, o.org, "appgroup.datasource.reconnected")).at(-1)!.payload).toMatchObject({ passwordRotated: true });
    // Once: a second disconnect and reconnect issues nothing new.
    await o.ds("DELETE", `/${made.id}`);
    expect((await o.ds("POST", `/${made.id}/reconnect`)).body.connectionString).toBeNull();
  });
});
