/**
 * Migration 0011 merges the permit keys into org_signing_keys (use = 'permit'), carrying
 * every row: a permit key stored before the merge is still the current permit key and its
 * sealed private half still opens (its seal context is unchanged).
 */
import { afterAll, expect, test } from "bun:test";
import { exportJWK, generateKeyPair } from "jose";
import { postgresMigrations, sqliteMigrations } from "../../../../migrations/index";
import { SecretBox } from "../../../../src/platform/crypto/secrets";
import { openDatabase, type Database } from "../../../../src/platform/db/database";
import { migrate } from "../../../../src/platform/db/migrator";
import { currentPermitKey, currentSigningKey, openPermitKey, openSigningKey } from "../../../../src/modules/trust/keys/signing-keys";
import { createTestDatabase, type TestDatabase } from "../../../support/database";

let database: TestDatabase;
let db: Database;
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

test("0011 carries the permit keys into org_signing_keys and they still open", async () => {
  database = await createTestDatabase();
  db = await openDatabase(database.target);
  const all = db.dialect === "sqlite" ? sqliteMigrations : postgresMigrations;
  const at = all.findIndex((m) => m.id === "0011_signing_keys_by_use");
  expect(at).toBeGreaterThan(0);
  await migrate(db, all.slice(0, at));

  const secrets = await SecretBox.fromBytes(new Uint8Array(32).fill(7));
  const key = async (label: string, kid: string) => {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    return secrets.seal(JSON.stringify(await exportJWK(privateKey)), `${label}:${kid}`);
  };
  const q = (v: string) => `'${v.replaceAll("'", "''")}'`;
  const now = 1_700_000_000_000;
  await db.execRaw(`INSERT INTO users (id, email, created_at) VALUES ('u1', 'owner@example.com', ${now})`);
  await db.execRaw(
    `INSERT INTO organizations (id, name, slug, type, plan, owner_user_id, created_at) VALUES ('o1', 'Acme', 'acme', 'company', 'free', 'u1', ${now})`,
  );
  await db.execRaw(
    `INSERT INTO org_signing_keys (id, org_id, alg, public_jwk, private_jwk_sealed, created_at) VALUES ('tok', 'o1', 'RS256', '{"kty":"RSA"}', ${q(await key("org_signing_keys", "tok"))}, ${now})`,
  );
  await db.execRaw(
    `INSERT INTO org_permit_keys (id, org_id, alg, public_jwk, private_jwk_sealed, created_at, rotated_at) VALUES ('old', 'o1', 'RS256', '{"kty":"RSA"}', ${q(await key("org_permit_keys", "old"))}, ${now - 10}, ${now - 5}), ('per', 'o1', 'RS256', '{"kty":"RSA"}', ${q(await key("org_permit_keys", "per"))}, ${now}, NULL)`,
  );

  expect(await migrate(db, all)).toEqual(all.slice(at).map((m) => m.id));

  const rows = await db.queryRaw<{ id: string; use: string; rotated_at: unknown; retire_at: unknown }>(
    "SELECT id, use, rotated_at, retire_at FROM org_signing_keys ORDER BY id",
  );
  expect(rows.map((r) => [r.id, r.use, r.rotated_at === null ? null : Number(r.rotated_at), r.retire_at])).toEqual([
    ["old", "permit", now - 5, null],
    ["per", "permit", null, null],
    ["tok", "token", null, null],
  ]);
  const permit = await currentPermitKey(db.read, "o1");
  const token = await currentSigningKey(db.read, "o1");
  expect([permit?.id, token?.id]).toEqual(["per", "tok"]);
  expect((await openPermitKey({ secrets }, permit!)).type).toBe("private");
  expect((await openSigningKey({ secrets }, token!)).type).toBe("private");
});
