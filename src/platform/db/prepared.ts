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
import type { Queryable } from "./database";

export function preparedQuery<Q>(prepare: (db: Queryable) => Q): (db: Queryable) => Q {
  const prepared = new WeakMap<Queryable, Q>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) prepared.set(db, (query = prepare(db)));
    return query;
  };
}
