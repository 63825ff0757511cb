/**
 * Fresh databases for tests. The dialect comes from the environment:
 * SIGNET_TEST_DATABASE_URL=postgres://… runs on PostgreSQL (each test app gets its own
 * database on that server); otherwise SQLite in a temporary directory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import type { DatabaseTarget } from "../../src/platform/db/database";

export const testDialect: "sqlite" | "postgres" = process.env.SIGNET_TEST_DATABASE_URL ? "postgres" : "sqlite";

export interface TestDatabase {
  target: DatabaseTarget;
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), "signet-test-"));
  const serverUrl = process.env.SIGNET_TEST_DATABASE_URL;
  if (!serverUrl) {
    const path = join(dataDir, "signet.db");
    return {
      target: { dialect: "sqlite", path },
      url: path,
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `signet_t_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { dialect: "postgres", url: url.toString() },
    url: url.toString(),
    dataDir,
    drop: async () => {
      const a = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
