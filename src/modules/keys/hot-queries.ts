/**
 * The queries on machine access's hot paths (every M2M request, every exchange and
 * public v1 call, a JWKS rebuild), prepared once per database handle. Building a query
 * through drizzle and the schema kit costs on the order of 100 µs of CPU per call; a
 * prepared one runs in a few µs on SQLite, which is what lets a node serve tens of
 * thousands of M2M requests a second (docs/machine-access.md, benchmarks).
 */
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/database";
import { organizations } from "../orgs/schema";
import { apiKeys } from "./schema";

function prepareAll(reader: Queryable) {
  return {
    orgBySlug: reader.select().from(organizations).where(eq(organizations.slug, sql.placeholder("slug"))).prepare(),
    orgById: reader.select().from(organizations).where(eq(organizations.id, sql.placeholder("id"))).prepare(),
    apiKeyBySecretHash: reader.select().from(apiKeys).where(eq(apiKeys.secretHash, sql.placeholder("secretHash"))).prepare(),
  };
}

const prepared = new WeakMap<Queryable, ReturnType<typeof prepareAll>>();

function queriesOf(reader: Queryable): ReturnType<typeof prepareAll> {
  let queries = prepared.get(reader);
  if (!queries) prepared.set(reader, (queries = prepareAll(reader)));
  return queries;
}

// `execute` answers the rows on both dialects (synchronously on bun:sqlite, a promise on PostgreSQL).
export async function orgBySlug(reader: Queryable, slug: string): Promise<typeof organizations.$inferSelect | null> {
  const [row] = await queriesOf(reader).orgBySlug.execute({ slug: slug.toLowerCase() });
  return row ?? null;
}

export async function orgById(reader: Queryable, id: string): Promise<typeof organizations.$inferSelect | null> {
  const [row] = await queriesOf(reader).orgById.execute({ id });
  return row ?? null;
}

export async function apiKeyBySecretHash(reader: Queryable, secretHash: string): Promise<typeof apiKeys.$inferSelect | null> {
  const [row] = await queriesOf(reader).apiKeyBySecretHash.execute({ secretHash });
  return row ?? null;
}
