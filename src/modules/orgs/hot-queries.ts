/**
 * An organization by slug or id on the hot paths (every M2M request and exchange, every
 * public v1 call, end-user sign-in, a JWKS rebuild), prepared once per database handle
 * (platform/db/prepared.ts).
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../platform/db/database";
import { preparedQuery } from "../../platform/db/prepared";
import { organizations } from "./schema";

const orgBySlugQuery = preparedQuery((db) => db.select().from(organizations).where(eq(organizations.slug, sql.placeholder("slug"))).prepare());
const orgByIdQuery = preparedQuery((db) => db.select().from(organizations).where(eq(organizations.id, sql.placeholder("id"))).prepare());

// `execute` answers the rows on both dialects (synchronously on bun:sqlite, a promise on PostgreSQL).
export async function orgBySlug(reader: Queryable, slug: string): Promise<typeof organizations.$inferSelect | null> {
  const [row] = await orgBySlugQuery(reader).execute({ slug: slug.toLowerCase() });
  return row ?? null;
}

export async function orgById(reader: Queryable, id: string): Promise<typeof organizations.$inferSelect | null> {
  const [row] = await orgByIdQuery(reader).execute({ id });
  return row ?? null;
}

/** By id, else by slug (routes that take either). */
export async function orgByIdOrSlug(reader: Queryable, idOrSlug: string): Promise<typeof organizations.$inferSelect | null> {
  return (await orgById(reader, idOrSlug)) ?? (await orgBySlug(reader, idOrSlug));
}

/** Every organization's id, for jobs that visit each one. */
export async function allOrgIds(reader: Queryable): Promise<string[]> {
  return (await reader.select({ id: organizations.id }).from(organizations)).map((o) => o.id);
}

/**
 * The ids of the organizations for which `where` holds, given their id and plan columns:
 * jobs that visit only the organizations with something due (audit retention) ask for
 * those in one query rather than reading each organization in turn.
 */
export async function orgIdsWhere(reader: Queryable, where: (org: { id: typeof organizations.id; plan: typeof organizations.plan }) => SQL): Promise<string[]> {
  const rows = await reader.select({ id: organizations.id }).from(organizations).where(where({ id: organizations.id, plan: organizations.plan }));
  return rows.map((o) => o.id);
}
