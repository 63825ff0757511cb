/**
 * What other domains may read about dashboard users and their sessions, so that nobody
 * else queries identity's tables (DESIGN §2). Lookups take a reader (a transaction, or
 * the read handle), so a caller inside a transaction sees its own writes.
 */
import { and, desc, eq, gt, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Queryable } from "../../platform/db/database";
import { containsPattern, containsText } from "../../platform/db/like";
import { preparedQuery } from "../../platform/db/prepared";
import { sessions, users } from "./schema";
import { normaliseEmail } from "./service";

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;

/** Lookups of many ids go in slices, well under either dialect's limit on bound parameters. */
const SLICE = 500;

export async function userById(reader: Queryable, userId: string): Promise<User | null> {
  const [user] = await reader.select().from(users).where(eq(users.id, userId));
  return user ?? null;
}

/** The user holding this address (normalised here), or null. */
export async function userByEmail(reader: Queryable, email: string): Promise<User | null> {
  const [user] = await reader.select().from(users).where(eq(users.email, normaliseEmail(email)));
  return user ?? null;
}

export async function emailOf(reader: Queryable, userId: string): Promise<string | null> {
  const [user] = await reader.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? null;
}

/**
 * A condition for another domain's query: the user named by `userId` has an address that
 * contains `text` (case-insensitive). A subquery on identity's table, so its owner keeps it.
 */
export function emailContains(userId: SQL | AnyColumn, text: string): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.email} like ${containsPattern(text)} escape '\\')`;
}

/**
 * For another domain's query: the ids of users whose address contains `text` (addresses are
 * stored lower-case), found through the address's trigram index (platform/db/like.ts) when
 * `text` has at least three characters. Searches every user: join it to your own rows.
 */
export function usersWithEmailContaining(text: string): SQL {
  return sql`select ${users.id} from ${users} where ${containsText(sql`${users.email}`, text, { fts: "users_email_trigrams", table: "users" })}`;
}

/** Each known user's address; unknown ids are absent. */
export async function emailsOf(reader: Queryable, userIds: Iterable<string>): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  const found = new Map<string, string>();
  for (let i = 0; i < ids.length; i += SLICE) {
    const rows = await reader.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids.slice(i, i + SLICE)));
    for (const row of rows) found.set(row.id, row.email);
  }
  return found;
}

const sessionCreatedAtQuery = preparedQuery((db) => db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sql.placeholder("id"))).prepare());

/** When the session with this id (the SHA-256 of its token) was signed in, or null. Prepared: it runs on every org request. */
export async function sessionCreatedAt(reader: Queryable, sessionId: string): Promise<number | null> {
  const [session] = await sessionCreatedAtQuery(reader).execute({ id: sessionId });
  return session?.createdAt ?? null;
}

/**
 * Unexpired sessions of one user, or of the users a subquery selects (another domain's
 * query function, such as an organization's members), newest first, with each address.
 */
export async function liveSessions(reader: Queryable, who: string | SQL | { getSQL(): SQL }, now: number, limit: number): Promise<Array<{ session: Session; email: string }>> {
  const whose = typeof who === "string" ? eq(sessions.userId, who) : inArray(sessions.userId, who as SQL);
  return reader
    .select({ session: sessions, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(whose, gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt))
    .limit(limit);
}
