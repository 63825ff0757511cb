/**
 * Sealed writes (docs/datasources.md "Sealed writes"): every write to a managed
 * database's tables lands in its hash-chained write log, the anchoring job seals the head
 * into the organization's audit chain, and `signet datasource verify` (the CLI, run as an
 * operator would) finds edited, deleted and reordered log rows, a log rewritten with its
 * hashes recomputed, and writes that bypassed the log with the trigger disabled.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import postgres from "postgres";
import { chainHashOf, readLog } from "../../../src/modules/datasources/write-log";
import { GENESIS_CHAIN } from "../../../src/modules/datasources/write-log-sql";
import { envFor, runCli } from "../../support/cli";
import type { TestApp } from "../../support/harness";
import { type PgPeer, startPgPeer } from "../../support/pg-peer";
import { fund } from "../billing/support";
import { datasourceApp, datasourceEvents, type SourcesOrg, sourcesOrg } from "./support";

let peer: PgPeer;
let t: TestApp;
let o: SourcesOrg;

beforeAll(async () => {
  peer = await startPgPeer();
  t = await datasourceApp(peer);
  o = await sourcesOrg(t, "sealed");
  await fund(t, o.org, 500);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

async function asCustomer(url: string, fn: (sql: postgres.Sql) => Promise<unknown>): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await fn(sql);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** A managed database with a few writes (a table with a key, one without, an ALTER, a TRUNCATE), anchored. */
async function sealedDatabase(name: string): Promise<{ id: string; database: string; url: string }> {
  const made = (await o.ds("POST", "/strix", { name })).body;
  await asCustomer(made.connectionString, async (sql) => {
    await sql`CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL)`;
    await sql`INSERT INTO items VALUES (1, 'one'), (2, 'two'), (3, 'three')`;
    await sql`UPDATE items SET name = 'uno' WHERE id = 1`;
    await sql`UPDATE items SET id = 20 WHERE id = 2`;
    await sql`DELETE FROM items WHERE id = 3`;
    await sql`CREATE TABLE notes (body text)`;
    await sql`INSERT INTO notes VALUES ('first'), ('second')`;
    await sql`ALTER TABLE items ADD COLUMN price int`;
    await sql`CREATE TABLE scratch (id int PRIMARY KEY)`;
    await sql`INSERT INTO scratch VALUES (1)`;
    await sql`TRUNCATE scratch`;
  });
  const run = await t.ctx.jobs.runNow("datasources.anchor");
  expect(run.outcome).toBe("ok");
  return { id: made.id, database: made.database, url: made.connectionString };
}

async function verify(id: string): Promise<{ code: number; report: any }> {
  const r = await runCli(["datasource", "verify", "--id", id, "--json"], { ...envFor(t), SIGNET_MANAGED_DB_URL: peer.url });
  if (!r.stdout) throw new Error(`verify printed nothing: ${r.stderr}`);
  return { code: r.code, report: JSON.parse(r.stdout) };
}

const kinds = (report: any) => report.problems.map((p: any) => [p.kind, p.seq ?? null]);

describe("the write log", () => {
  test("every write is logged and chained; the anchoring job seals the head into the audit chain once; verify says intact", async () => {
    const db = await sealedDatabase("intact");
    const rows = await peer.sql(db.database, "SELECT seq::int, op, tbl, old_pk::text, pk::text FROM signet_seal.write_log ORDER BY seq");
    expect(rows.map((r: any) => [r.op, r.tbl, r.old_pk, r.pk])).toEqual([
      ["I", "public.items", null, '{"id": 1}'],
      ["I", "public.items", null, '{"id": 2}'],
      ["I", "public.items", null, '{"id": 3}'],
      ["U", "public.items", null, '{"id": 1}'],
      ["U", "public.items", '{"id": 2}', '{"id": 20}'],
      ["D", "public.items", null, '{"id": 3}'],
      ["I", "public.notes", null, '{"body": "first"}'],
      ["I", "public.notes", null, '{"body": "second"}'],
      ["A", "public.items", null, '{"id": 1}'],
      ["A", "public.items", null, '{"id": 20}'],
      ["I", "public.scratch", null, '{"id": 1}'],
      ["T", "public.scratch", null, null],
    ]);
    // The chain as a third party recomputes it, from nothing but SHA-256.
    const sql = postgres(new URL(`/${db.database}`, peer.url).toString(), { max: 1, onnotice: () => {} });
    let previous = GENESIS_CHAIN;
    try {
      const log = await readLog(sql);
      for (const row of log) {
        expect(chainHashOf(previous, row)).toBe(row.chainHash);
        previous = row.chainHash;
      }
      const anchors = (await datasourceEvents(t, o.org, "appgroup.datasource.writes_anchored")).filter((e) => e.payload.dataSourceId === db.id);
      expect(anchors.map((e) => e.payload)).toEqual([{ dataSourceId: db.id, name: "intact", seq: 12, chainHash: previous }]);
      expect(anchors[0]!.actorKind).toBe("system");
    } finally {
      await sql.end();
    }
    // Nothing new: nothing anchored again.
    await t.ctx.jobs.runNow("datasources.anchor");
    expect((await datasourceEvents(t, o.org, "appgroup.datasource.writes_anchored")).filter((e) => e.payload.dataSourceId === db.id)).toHaveLength(1);
    expect((await o.ds("GET", "")).body.find((s: any) => s.id === db.id).writeLog).toMatchObject({ anchoredSeq: 12, anchoredHead: previous });

    const { code, report } = await verify(db.id);
    expect(report).toMatchObject({ intact: true, rows: 12, anchors: 1, problems: [] });
    expect(code).toBe(0);
    const plain = await runCli(["datasource", "verify", "--id", db.id], { ...envFor(t), SIGNET_MANAGED_DB_URL: peer.url });
    expect(plain.stdout).toStartWith("intact: 12 log rows, head seq 12, 1 anchors in the audit chain agree");
  });
});

describe("tampering that verify finds", () => {
  test("an edited log row", async () => {
    const db = await sealedDatabase("edited");
    await peer.sql(db.database, "UPDATE signet_seal.write_log SET row_hash = repeat('a', 64) WHERE seq = 4");
    const { code, report } = await verify(db.id);
    expect(code).toBe(1);
    expect(kinds(report)).toContainEqual(["edited", 4]);
    // The anchoring job checks what came since its last anchor, and refuses to seal it when it does not verify.
    await asCustomer(db.url, (sql) => sql`INSERT INTO items (id, name) VALUES (98, 'later'), (99, 'later')`);
    await peer.sql(db.database, "UPDATE signet_seal.write_log SET pk = '{\"id\": 97}' WHERE seq = 13");
    expect((await t.ctx.jobs.runNow("datasources.anchor")).outcome).toBe("ok");
    expect(t.logs.some((l) => l.msg === "managed database write log does not verify; not anchored" && l.dataSourceId === db.id)).toBe(true);
    expect((await datasourceEvents(t, o.org, "appgroup.datasource.writes_anchored")).filter((e) => e.payload.dataSourceId === db.id)).toHaveLength(1);
  });

  test("a deleted log row, and a cut tail that was anchored", async () => {
    const db = await sealedDatabase("deleted");
    await peer.sql(db.database, "DELETE FROM signet_seal.write_log WHERE seq = 6");
    expect(kinds((await verify(db.id)).report)).toContainEqual(["deleted", 6]);
    await peer.sql(db.database, "DELETE FROM signet_seal.write_log WHERE seq = 12");
    const { code, report } = await verify(db.id);
    expect(code).toBe(1);
    expect(report.problems).toContainEqual({ kind: "deleted", seq: 12, detail: "log row 12, anchored in the audit chain, is gone" });
  });

  test("reordered log rows", async () => {
    const db = await sealedDatabase("reordered");
    await peer.sql(db.database, "UPDATE signet_seal.write_log SET seq = -1 WHERE seq = 2");
    await peer.sql(db.database, "UPDATE signet_seal.write_log SET seq = 2 WHERE seq = 3");
    await peer.sql(db.database, "UPDATE signet_seal.write_log SET seq = 3 WHERE seq = -1");
    const { code, report } = await verify(db.id);
    expect(code).toBe(1);
    expect(kinds(report).filter(([kind]: [string]) => kind !== "unlogged_write")).toEqual([
      ["reordered", 2],
      ["reordered", 3],
    ]);
  });

  test("a log rewritten with its hashes recomputed no longer matches the anchor in the audit chain", async () => {
    const db = await sealedDatabase("rewritten");
    const sql = postgres(new URL(`/${db.database}`, peer.url).toString(), { max: 1, onnotice: () => {} });
    try {
      const log = await readLog(sql);
      let previous = GENESIS_CHAIN;
      for (const row of log) {
        const forged = row.seq === 7 ? { ...row, rowHash: "b".repeat(64) } : row;
        const chainHash = chainHashOf(previous, forged);
        await sql`UPDATE signet_seal.write_log SET row_hash = ${forged.rowHash}, chain_hash = ${chainHash} WHERE seq = ${row.seq}`;
        previous = chainHash;
      }
    } finally {
      await sql.end();
    }
    const { code, report } = await verify(db.id);
    expect(code).toBe(1);
    expect(kinds(report)).toContainEqual(["anchor_mismatch", 12]);
    expect(kinds(report).filter(([kind]: [string]) => kind === "edited")).toEqual([]);
  });

  test("writes with the trigger disabled: changed, inserted and deleted rows that bypassed the log, and a table left unwatched", async () => {
    const db = await sealedDatabase("bypass");
    await asCustomer(db.url, async (sql) => {
      await sql`ALTER TABLE items DISABLE TRIGGER signet_seal_rows`;
      await sql`UPDATE items SET name = 'forged' WHERE id = 1`;
      await sql`DELETE FROM items WHERE id = 20`;
      await sql`INSERT INTO items (id, name) VALUES (5, 'smuggled')`;
    });
    const { code, report } = await verify(db.id);
    expect(code).toBe(1);
    const unlogged = report.problems.filter((p: any) => p.kind !== "untracked_table").map((p: any) => [p.kind, p.table, p.pk, p.detail.split(" without")[0]]);
    expect(unlogged).toEqual([
      ["unlogged_write", "public.items", '{"id": 1}', "a row of public.items was changed"],
      ["unlogged_write", "public.items", '{"id": 5}', "a row of public.items was inserted"],
      ["unlogged_write", "public.items", '{"id": 20}', "a row of public.items was deleted"],
    ]);
    expect(report.problems).toContainEqual({ kind: "untracked_table", table: "public.items", detail: "public.items's write-log trigger is disabled: its writes are not sealed" });
    // Switched back on, the trigger does not hide what happened while it was off.
    await asCustomer(db.url, (sql) => sql`ALTER TABLE items ENABLE TRIGGER signet_seal_rows`);
    expect(kinds((await verify(db.id)).report)).toEqual([
      ["unlogged_write", null],
      ["unlogged_write", null],
      ["unlogged_write", null],
    ]);
  });

  test("usage errors: unknown id, a registered source, no server configured", async () => {
    const unknown = await runCli(["datasource", "verify", "--id", "ds_nope"], { ...envFor(t), SIGNET_MANAGED_DB_URL: peer.url });
    expect({ code: unknown.code, stderr: unknown.stderr.trim() }).toEqual({ code: 1, stderr: 'signet: datasource verify: no data source with the id "ds_nope"' });
    const noServer = await runCli(["datasource", "verify", "--id", "ds_nope"], envFor(t));
    expect(noServer.stderr).toContain("no managed database server is configured");
    const usage = await runCli(["datasource", "verify"], envFor(t));
    expect(usage.code).toBe(2);
  });
});
