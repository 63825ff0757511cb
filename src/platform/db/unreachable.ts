/**
 * A failure to reach the database rather than a failed statement: the driver's
 * connection errors, the server shutting down (57P01-57P03) or a refused connection.
 * The kernel answers these 503 database_unavailable; the PostgreSQL pool renews itself
 * after them (pg-pool.ts).
 */
const UNREACHABLE_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT", "ECONNREFUSED", "57P01", "57P02", "57P03"]);

export function isDatabaseUnreachable(error: unknown): boolean {
  const code = databaseErrorCode(error);
  if (code === null) return false;
  // A reset connection, or a write to one the server closed (EPIPE, seen while PostgreSQL
  // restarts), is the database's only when a query failed on it (drizzle's error carries the query).
  if (code === "ECONNRESET" || code === "EPIPE") return typeof (error as { query?: unknown }).query === "string";
  // SQLSTATE class 08: connection exceptions.
  return UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code);
}

/** The code of an error or of the error it wraps (drizzle wraps the driver's). */
export function databaseErrorCode(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string") return e.code;
  }
  return null;
}
