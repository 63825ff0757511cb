/**
 * Migration 0012: messages a real adapter sent or refused before this version kept their
 * text (live sign-in links, codes); the migration keeps only their metadata. The dev
 * outbox's own messages stay readable.
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

test("0012 blanks the text and links of sent and failed messages, not of the dev outbox", async () => {
  database = await createTestDatabase();
  db = await openDatabase(database.target);
  const all = db.dialect === "sqlite" ? sqliteMigrations : postgresMigrations;
  const at = all.findIndex((m) => m.id === "0012_outbox_keeps_no_sent_text");
  expect(at).toBeGreaterThan(0);
  await migrate(db, all.slice(0, at));
  const link = "https://signet.test/api/auth/magic-link/verify?token=live-secret";
  for (const [id, status] of [["a", "sent"], ["b", "failed"], ["c", "outbox"]]) {
    await db.execRaw(
      `INSERT INTO outbox_messages (id, channel, to_address, subject, text, links, status, created_at) VALUES ('${id}', 'mail', 'x@example.com', 'Sign in', 'Sign in: ${link}', '["${link}"]', '${status}', 1)`,
    );
  }
  await migrate(db, all);
  const rows = await db.queryRaw<{ id: string; text: string; links: unknown }>("SELECT id, text, links FROM outbox_messages ORDER BY id");
  const links = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);
  expect(rows.map((r) => [r.id, r.text.includes("live-secret"), links(r.links)])).toEqual([
    ["a", false, []],
    ["b", false, []],
    ["c", true, [link]],
  ]);
});
