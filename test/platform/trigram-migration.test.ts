/**
 * The trigram search migration on a database that already holds people, badges and files:
 * the indexes it builds cover the rows written before it (SQLite: the FTS5 tables are rebuilt
 * from their tables; PostgreSQL: the GIN indexes are built over them), and on SQLite the
 * triggers keep the FTS5 tables in step with the writes after it.
 */
import { afterAll, expect, test } from "bun:test";
import { postgresMigrations, sqliteMigrations } from "../../migrations/index";
import { openDatabase, type Database } from "../../src/platform/db/database";
import { migrate } from "../../src/platform/db/migrator";
import { createTestDatabase, type TestDatabase } from "../support/database";

let database: TestDatabase;
let db: Database;
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

const ORG = "org-trgm";

async function seedBeforeMigration() {
  await db.execRaw(`INSERT INTO users (id, email, created_at) VALUES ('u1', 'ada.lovelace@engine.test', 1), ('u2', 'charles@engine.test', 1)`);
  await db.execRaw(`INSERT INTO organizations (id, name, slug, plan, owner_user_id, created_at) VALUES ('${ORG}', 'Engine', 'engine', 'free', 'u1', 1)`);
  await db.execRaw(
    `INSERT INTO connected_ids (id, org_id, type, membership_type, status, user_id, display_name, created_at, updated_at) VALUES ('c1', '${ORG}', 'person', 'member', 'active', 'u1', 'Countess Of Lovelace', 1, 1)`,
  );
  await db.execRaw(
    `INSERT INTO files (id, org_id, name, content_type, size_bytes, sha256, storage_key, scope, created_at, last_accessed_at) VALUES ('f1', '${ORG}', 'Analytical-Engine-Notes.PDF', 'application/pdf', 1, 'x', 'k1', 'free', 1, 1)`,
  );
}

/** The ids of the rows whose column contains `text`, the way the services ask (platform/db/like.ts). */
async function matching(table: string, column: string, text: string, fts: string): Promise<string[]> {
  const like = `lower(${column}) like '%${text.toLowerCase()}%'`;
  const where = db.dialect === "sqlite" ? `rowid in (select rowid from ${fts} where ${fts} match '"${text}"') and ${like}` : like;
  const rows = await db.queryRaw<{ id: string }>(`SELECT id FROM ${table} WHERE ${where} ORDER BY id`);
  return rows.map((r) => r.id);
}

test("the trigram migration indexes the rows that were already there, and the rows written after it", async () => {
  database = await createTestDatabase();
  db = await openDatabase(database.target);
  const all = db.dialect === "sqlite" ? sqliteMigrations : postgresMigrations;
  const at = all.findIndex((m) => m.id.endsWith("_trigram_search"));
  expect(at).toBeGreaterThan(0);
  await migrate(db, all.slice(0, at));
  await seedBeforeMigration();
  await migrate(db, all);

  expect(await matching("users", "email", "lovelace@eng", "users_email_trigrams")).toEqual(["u1"]);
  expect(await matching("connected_ids", "display_name", "ESS OF LOVE", "connected_ids_name_trigrams")).toEqual(["c1"]);
  expect(await matching("files", "name", "engine-notes", "files_name_trigrams")).toEqual(["f1"]);

  if (db.dialect === "postgres") {
    const indexes = await db.queryRaw<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE indexname LIKE '%_trgm_idx' ORDER BY indexname`);
    expect(indexes.map((i) => i.indexname)).toEqual(["connected_ids_name_trgm_idx", "files_name_trgm_idx", "users_email_trgm_idx"]);
    return;
  }
  // SQLite: the triggers follow a rename, a new row and a deletion.
  await db.execRaw(`UPDATE files SET name = 'Difference-Engine.txt' WHERE id = 'f1'`);
  await db.execRaw(`INSERT INTO users (id, email, created_at) VALUES ('u3', 'babbage@engine.test', 2)`);
  await db.execRaw(`DELETE FROM connected_ids WHERE id = 'c1'`);
  const ftsRows = async (fts: string, text: string) => (await db.queryRaw<{ rowid: number }>(`SELECT rowid FROM ${fts} WHERE ${fts} MATCH '"${text}"'`)).length;
  expect(await ftsRows("files_name_trigrams", "engine-notes")).toBe(0);
  expect(await ftsRows("files_name_trigrams", "difference")).toBe(1);
  expect(await ftsRows("users_email_trigrams", "babbage")).toBe(1);
  expect(await ftsRows("connected_ids_name_trigrams", "lovelace")).toBe(0);
});
