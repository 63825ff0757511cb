/**
 * "Contains this text, case-insensitive" on both dialects, served by a trigram index when the
 * text is long enough for one (DESIGN §11: a search must not read every row of an organization).
 *
 * The LIKE below is the answer on both dialects; the index only narrows the rows it is tried on:
 * - PostgreSQL: a GIN index with gin_trgm_ops (pg_trgm) on exactly the searched expression
 *   serves the LIKE itself; the planner chooses it.
 * - SQLite: an FTS5 table with tokenize='trigram' mirrors the column (external content, same
 *   rowid, kept in step by triggers: see the migration `trigram_search`); a MATCH on it gives the
 *   candidate rowids, and the LIKE then decides, so the trigram tokenizer's own case folding
 *   cannot change an answer.
 * Text of one or two characters has no trigram: it is matched by the LIKE alone, by scanning,
 * as before (the spec's files search takes any q, so it is not refused).
 */
import { sql, type SQL } from "drizzle-orm";
import { getActiveDialect } from "./kit";

/** A trigram is three characters: shorter text has none, and no trigram index can serve it. */
export const TRIGRAM_LENGTH = 3;

/**
 * The LIKE pattern: the text lower-cased and its wildcards escaped with a backslash, so `%`,
 * `_` and `\` match themselves. Use with `lower(column) like ${pattern} escape '\'`.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Whether a trigram index can serve this text (counted in characters, as the indexes count them). */
export function trigramSearchable(text: string): boolean {
  return [...text].length >= TRIGRAM_LENGTH;
}

/** An FTS5 phrase: the text as one quoted string (a `"` doubled), so no character in it is syntax. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** Where the trigram index of a searched column is: its SQLite FTS5 table, and the row's rowid it mirrors. */
export interface TrigramIndex {
  /** The FTS5 trigram table (SQLite). */
  fts: string;
  /** The searched table, whose rowid the FTS5 table's rowid is. */
  table: string;
}

/**
 * `searched` (lower-cased already, or a column stored lower-case, and on PostgreSQL exactly the
 * expression its trigram index is built on) contains `text`, case-insensitive.
 */
export function containsText(searched: SQL, text: string, index: TrigramIndex): SQL {
  const like = sql`${searched} like ${containsPattern(text)} escape '\\'`;
  if (getActiveDialect() === "postgres" || !trigramSearchable(text)) return like;
  const fts = sql.identifier(index.fts);
  return sql`${sql.identifier(index.table)}.rowid in (select rowid from ${fts} where ${fts} match ${ftsPhrase(text)}) and ${like}`;
}
