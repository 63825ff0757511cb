/**
 * LIKE patterns for "contains this text, case-insensitive" on both dialects: the text is
 * lower-cased and its wildcards escaped with a backslash, so `%` and `_` match themselves.
 * Use with `lower(column) like ${pattern} escape '\'`.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
