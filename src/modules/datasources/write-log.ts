/**
 * Reading and checking a managed database's sealed write log (write-log-sql.ts,
 * docs/datasources.md "Sealed writes"): the hash chain recomputed row by row, the heads
 * anchored in the organization's audit chain compared with the log, and the tables as they
 * are now compared with what the log says they should hold. Used by the anchoring job
 * (which refuses to anchor a log that does not verify) and by `signet datasource verify`.
 */
import type postgres from "postgres";
import { sha256Hex } from "../../platform/crypto/hash";
import { GENESIS_CHAIN } from "./write-log-sql";

export interface LogRow {
  seq: number;
  atMs: number;
  op: string;
  tbl: string;
  oldPk: string | null;
  pk: string | null;
  rowHash: string | null;
  chainHash: string;
}

export interface Anchor {
  seq: number;
  chainHash: string;
}

export type ProblemKind = "edited" | "deleted" | "reordered" | "anchor_mismatch" | "unlogged_write" | "untracked_table";

export interface Problem {
  kind: ProblemKind;
  seq?: number;
  table?: string;
  pk?: string;
  detail: string;
}

export interface VerifyReport {
  intact: boolean;
  rows: number;
  head: Anchor | null;
  anchors: number;
  problems: Problem[];
}

/** chain_hash_n from chain_hash_{n-1} and row n's fields (the SQL side computes the same). */
export function chainHashOf(previous: string, row: Omit<LogRow, "chainHash">): string {
  return sha256Hex([previous, String(row.seq), String(row.atMs), row.op, row.tbl, row.oldPk ?? "", row.pk ?? "", row.rowHash ?? ""].join("\n"));
}

/** The log rows from `fromSeq` on, in sequence order, as the operator's account reads them. */
export async function readLog(sql: postgres.Sql, fromSeq = 0): Promise<LogRow[]> {
  const rows = await sql<{ seq: string; at_ms: string; op: string; tbl: string; old_pk: string | null; pk: string | null; row_hash: string | null; chain_hash: string }[]>`
    SELECT seq, at_ms, op, tbl, old_pk::text AS old_pk, pk::text AS pk, row_hash, chain_hash FROM signet_seal.write_log l WHERE l.seq >= ${fromSeq} ORDER BY l.seq`;
  return rows.map((r) => ({ seq: Number(r.seq), atMs: Number(r.at_ms), op: r.op, tbl: r.tbl, oldPk: r.old_pk, pk: r.pk, rowHash: r.row_hash, chainHash: r.chain_hash }));
}

/** How far around a broken row a reordered one is looked for. */
const REORDER_WINDOW = 64;

/**
 * The sequence number under which `row`'s stored chain hash fits behind another nearby row
 * (or the start), or null: a row that fits somewhere else was moved.
 */
function fitsElsewhere(rows: readonly LogRow[], index: number): number | null {
  const row = rows[index]!;
  const lo = Math.max(-1, index - REORDER_WINDOW);
  const hi = Math.min(rows.length - 1, index + REORDER_WINDOW);
  const seqs = new Set<number>([1]);
  for (let j = Math.max(0, lo); j <= hi; j++) seqs.add(rows[j]!.seq);
  for (let j = lo; j <= hi; j++) {
    if (j === index) continue;
    const previous = j === -1 ? GENESIS_CHAIN : rows[j]!.chainHash;
    for (const seq of seqs) if (chainHashOf(previous, { ...row, seq }) === row.chainHash) return seq;
  }
  return null;
}

/**
 * Checks the chain of `rows` (sequence order). `base` is the anchor the rows continue from
 * (genesis when they start at 1). Each break is reported once: a missing sequence number
 * as deleted, a row whose hash fits elsewhere as reordered, any other mismatch as edited.
 */
export function checkChain(rows: readonly LogRow[], base: Anchor = { seq: 0, chainHash: GENESIS_CHAIN }): Problem[] {
  const problems: Problem[] = [];
  let previous = base.chainHash;
  let expected = base.seq + 1;
  for (const [index, row] of rows.entries()) {
    if (row.seq < expected) continue; // the base row itself, when the rows start at the anchor
    if (row.seq > expected) {
      for (let seq = expected; seq < row.seq && problems.length < 1000; seq++) problems.push({ kind: "deleted", seq, detail: `log row ${seq} is missing` });
    } else if (chainHashOf(previous, row) !== row.chainHash) {
      const fits = fitsElsewhere(rows, index);
      // A row in its own place whose predecessor was moved away is intact: the move is reported on the moved rows.
      const predecessorMoved = fits === row.seq && problems.at(-1)?.kind === "reordered";
      if (fits === null) problems.push({ kind: "edited", seq: row.seq, table: row.tbl, detail: `log row ${row.seq} does not match its chain hash: it was changed after it was written` });
      else if (!predecessorMoved) problems.push({ kind: "reordered", seq: row.seq, table: row.tbl, detail: `log row ${row.seq} belongs at another place in the chain` });
    }
    // Go on from the stored hash, so one broken row is reported once.
    previous = row.chainHash;
    expected = row.seq + 1;
  }
  return problems;
}

/** Anchors (from the audit chain) the log no longer agrees with: a rewritten or cut log. */
export function checkAnchors(rows: readonly LogRow[], anchors: readonly Anchor[]): Problem[] {
  const bySeq = new Map(rows.map((r) => [r.seq, r]));
  const problems: Problem[] = [];
  for (const anchor of anchors) {
    const row = bySeq.get(anchor.seq);
    if (!row) problems.push({ kind: "deleted", seq: anchor.seq, detail: `log row ${anchor.seq}, anchored in the audit chain, is gone` });
    else if (row.chainHash !== anchor.chainHash) problems.push({ kind: "anchor_mismatch", seq: anchor.seq, detail: `log row ${anchor.seq} is not the one anchored in the audit chain: the log was rewritten` });
  }
  return problems;
}

/** What the tables should hold according to the log: table → primary key (jsonb text) → row hash. */
export function replay(rows: readonly LogRow[]): Map<string, Map<string, string>> {
  const tables = new Map<string, Map<string, string>>();
  const of = (tbl: string) => {
    let rowsOf = tables.get(tbl);
    if (!rowsOf) tables.set(tbl, (rowsOf = new Map()));
    return rowsOf;
  };
  for (const row of rows) {
    switch (row.op) {
      case "I":
      case "A":
        of(row.tbl).set(row.pk!, row.rowHash!);
        break;
      case "U":
        if (row.oldPk !== null) of(row.tbl).delete(row.oldPk);
        of(row.tbl).set(row.pk!, row.rowHash!);
        break;
      case "D":
        of(row.tbl).delete(row.pk!);
        break;
      case "T":
        of(row.tbl).clear();
        break;
      case "X":
        tables.delete(row.tbl);
        break;
    }
  }
  return tables;
}

/** Compares the user tables as they are now with the replayed log: writes that bypassed it, and tables it does not watch. */
export async function checkTables(sql: postgres.Sql, expected: Map<string, Map<string, string>>): Promise<Problem[]> {
  const problems: Problem[] = [];
  const tables = await sql<{ oid: number; tbl: string; trigger: string | null }[]>`
    SELECT c.oid::int AS oid, quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS tbl,
           (SELECT t.tgenabled::text FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'signet_seal_rows') AS trigger
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'signet_seal')
      AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'
    ORDER BY 2`;
  const seen = new Set<string>();
  for (const table of tables) {
    seen.add(table.tbl);
    if (table.trigger === null) problems.push({ kind: "untracked_table", table: table.tbl, detail: `${table.tbl} has no write-log trigger: its writes are not sealed` });
    else if (table.trigger === "D") problems.push({ kind: "untracked_table", table: table.tbl, detail: `${table.tbl}'s write-log trigger is disabled: its writes are not sealed` });
    const logged = expected.get(table.tbl) ?? new Map<string, string>();
    const current = await sql.unsafe<{ pk: string; hash: string }[]>(
      `SELECT signet_seal.pk_of(${table.oid}, j)::text AS pk, signet_seal.row_hash(j) AS hash FROM (SELECT to_jsonb(t) AS j FROM ${table.tbl} t) s`,
    );
    const present = new Set<string>();
    for (const row of current) {
      present.add(row.pk);
      const hash = logged.get(row.pk);
      if (hash === undefined) problems.push({ kind: "unlogged_write", table: table.tbl, pk: row.pk, detail: `a row of ${table.tbl} was inserted without passing the write log` });
      else if (hash !== row.hash) problems.push({ kind: "unlogged_write", table: table.tbl, pk: row.pk, detail: `a row of ${table.tbl} was changed without passing the write log` });
    }
    for (const pk of logged.keys()) {
      if (!present.has(pk)) problems.push({ kind: "unlogged_write", table: table.tbl, pk, detail: `a row of ${table.tbl} was deleted without passing the write log` });
    }
  }
  for (const [tbl, rows] of expected) {
    if (!seen.has(tbl) && rows.size > 0) problems.push({ kind: "unlogged_write", table: tbl, detail: `${tbl} is gone (renamed or dropped) without passing the write log` });
  }
  return problems;
}

/** The whole check of one managed database, connected as the operator's account. */
export async function verifyWriteLog(sql: postgres.Sql, anchors: readonly Anchor[]): Promise<VerifyReport> {
  const rows = await readLog(sql);
  const problems = [...checkChain(rows), ...checkAnchors(rows, anchors), ...(await checkTables(sql, replay(rows)))];
  const last = rows.at(-1);
  return { intact: problems.length === 0, rows: rows.length, head: last ? { seq: last.seq, chainHash: last.chainHash } : null, anchors: anchors.length, problems };
}
