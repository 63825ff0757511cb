/**
 * The API key lookup on machine access's hot paths (every exchange and public v1 call),
 * prepared once per database handle (platform/db/prepared.ts); the organization lookups
 * beside it are orgs' (orgs/hot-queries.ts). Docs: docs/machine-access.md, benchmarks.
 */
import { eq, sql } from "drizzle-orm";
import { preparedQuery } from "../../../platform/db/prepared";
import type { Queryable } from "../../../platform/db/database";
import { apiKeys } from "./schema";

const apiKeyBySecretHashQuery = preparedQuery((db) => db.select().from(apiKeys).where(eq(apiKeys.secretHash, sql.placeholder("secretHash"))).prepare());

// `execute` answers the rows on both dialects (synchronously on bun:sqlite, a promise on PostgreSQL).
export async function apiKeyBySecretHash(reader: Queryable, secretHash: string): Promise<typeof apiKeys.$inferSelect | null> {
  const [row] = await apiKeyBySecretHashQuery(reader).execute({ secretHash });
  return row ?? null;
}
