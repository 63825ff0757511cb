/**
 * Queries prepared once per database handle, for the paths every request takes (session
 * and organization resolution, machine credentials). Building a query through drizzle
 * and the schema kit costs tens of microseconds of CPU per call and a fresh SQL
 * statement each time; a prepared one runs in a few. Parameters are
 * `sql.placeholder(name)`, given to `execute({name: value})`.
 *
 *   const sessionById = preparedQuery((db) => db.select().from(sessions).where(eq(sessions.id, sql.placeholder("id"))).prepare());
 *   const [row] = await sessionById(ctx.db.read).execute({ id });
 *
 * A handle is the reader, or a transaction on SQLite (one writer object for the process);
 * PostgreSQL transactions are short-lived objects, whose statements go with them.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "./database";

export function preparedQuery<Q>(prepare: (db: Queryable) => Q): (db: Queryable) => Q {
  const prepared = new WeakMap<Queryable, Q>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) prepared.set(db, (query = prepare(db)));
    return query;
  };
}

/**
 * The text placeholder `name` for a prepared query that joins tables: `cast(? as text)`
 * rather than a bare `?`. The SQLite inside Bun (3.54) spends about 10 µs more on each
 * run of a join whose conditions hold a bare bound parameter than on the same join with
 * a literal or with the cast (12 µs against 0.9 µs for sessions ⋈ users by id, measured
 * in docs/performance.md): for a session's request that was most of its database time.
 * On PostgreSQL the cast is a no-op on a text column. Single-table lookups do not pay it.
 */
export function joinParam(name: string): SQL {
  return sql`cast(${sql.placeholder(name)} as text)`;
}
