/**
 * The queries on machine access's hot paths (every M2M request, every exchange and
 * public v1 call, a JWKS rebuild), prepared once per database handle
 * (platform/db/prepared.ts): what lets a node serve tens of thousands of M2M requests a
 * second (docs/machine-access.md, benchmarks).
 */
import { eq, sql } from "drizzle-orm";
import { preparedQuery } from "../../../platform/db/prepared";
import type { Queryable } from "../../../platform/db/database";
import { organizations } from "../../orgs/schema";
import { apiKeys } from "./schema";

const orgBySlugQuery = preparedQuery((db) => db.select().from(organizations).where(eq(organizations.slug, sql.placeholder("slug"))).prepare());
const orgByIdQuery = preparedQuery((db) => db.select().from(organizations).where(eq(organizations.id, sql.placeholder("id"))).prepare());
const apiKeyBySecretHashQuery = preparedQuery((db) => db.select().from(apiKeys).where(eq(apiKeys.secretHash, sql.placeholder("secretHash"))).prepare());

// `execute` answers the rows on both dialects (synchronously on bun:sqlite, a promise on PostgreSQL).
export async function orgBySlug(reader: Queryable, slug: string): Promise<typeof organizations.$inferSelect | null> {
  const [row] = await orgBySlugQuery(reader).execute({ slug: slug.toLowerCase() });
  return row ?? null;
}

export async function orgById(reader: Queryable, id: string): Promise<typeof organizations.$inferSelect | null> {
  const [row] = await orgByIdQuery(reader).execute({ id });
  return row ?? null;
}

export async function apiKeyBySecretHash(reader: Queryable, secretHash: string): Promise<typeof apiKeys.$inferSelect | null> {
  const [row] = await apiKeyBySecretHashQuery(reader).execute({ secretHash });
  return row ?? null;
}
