/**
 * Opaque page cursors: a small JSON keyset in base64url. The reader checks the shape it
 * expects and refuses anything else in its own domain's words (400 invalid_cursor).
 */

export function encodeCursor(keyset: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(keyset)).toString("base64url");
}

/** The keyset of `cursor` when `accepts` takes it, else null (not base64url JSON, or another shape). */
export function decodeCursor<T>(cursor: string, accepts: (keyset: Record<string, unknown>) => keyset is T & Record<string, unknown>): T | null {
  try {
    const keyset: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (keyset !== null && typeof keyset === "object" && accepts(keyset as Record<string, unknown>)) return keyset as T;
  } catch {
    // Not base64url JSON: refused below like any other shape.
  }
  return null;
}
