/**
 * Canonical JSON (RFC 8785, JCS) for hashing records: object keys sorted by UTF-16
 * code units, no whitespace, numbers and strings as ECMAScript serialises them (which
 * is what RFC 8785 specifies). Values that JSON cannot carry are refused, not dropped,
 * so a record hash never silently covers less than the record.
 */
import { sha256Hex } from "./hash";

export function canonicalJson(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) throw new TypeError("canonical JSON has no NaN or Infinity");
      return JSON.stringify(value);
    case "string":
      return JSON.stringify(value);
    case "object": {
      if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
      const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
    }
    default:
      throw new TypeError(`canonical JSON cannot carry a ${typeof value}`);
  }
}

/** The record hash of DESIGN §6: SHA-256 (hex) of the record's canonical JSON. */
export function recordHash(record: unknown): string {
  return sha256Hex(canonicalJson(record));
}
