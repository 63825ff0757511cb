/**
 * JSON request bodies under a nesting limit (DESIGN §7): the depth is checked by a scan of
 * the text before it is parsed, so a body nested thousands deep costs a few bytes of
 * scanning and a 400, never a parse, a validation pass or an error message built from it.
 * The scan skips strings with indexOf, so a legitimate body costs less than its parse.
 */
import { kernelErrors } from "./error-catalog";
import type { ApiError } from "./errors";

/** No route takes a body nested deeper than this; the deepest specified shape is under 10. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether the JSON text nests arrays and objects deeper than `limit`. It stops at the
 * first bracket past the limit. Malformed text is left to the parser (it answers for it).
 */
export function jsonNestingExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Jump to the closing quote: one not preceded by an odd run of backslashes.
      for (;;) {
        const quote = text.indexOf('"', i + 1);
        if (quote < 0) return false;
        let backslashes = 0;
        for (let k = quote - 1; text.charCodeAt(k) === 0x5c; k--) backslashes++;
        i = quote;
        if (backslashes % 2 === 0) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * Whether JSON text holds a NUL character in a string (the escape \u0000; raw control
 * characters are not valid JSON). PostgreSQL's text cannot store NUL, so text with one is
 * refused on every route, on both databases alike, before anything is written.
 */
export function jsonContainsNul(text: string): boolean {
  for (let at = text.indexOf("\\u0000"); at >= 0; at = text.indexOf("\\u0000", at + 1)) {
    let backslashes = 0;
    for (let k = at - 1; text.charCodeAt(k) === 0x5c; k--) backslashes++;
    // An even run before it means this backslash starts the escape.
    if (backslashes % 2 === 0) return true;
  }
  return false;
}

export function nulRefused(where: "body" | "query"): ApiError {
  return kernelErrors.error("invalidRequest", { in: where, message: "text may not contain NUL characters (U+0000)" });
}

/** Parses a JSON request body, or answers 400 `invalid_json` (too deep, or not JSON) or `invalid_request` (a NUL). */
export function parseJsonBody(text: string): unknown {
  if (jsonNestingExceeds(text)) {
    throw kernelErrors.error("invalidJson", { message: `the request body nests deeper than ${MAX_JSON_DEPTH} levels`, maxDepth: MAX_JSON_DEPTH });
  }
  if (jsonContainsNul(text)) throw nulRefused("body");
  try {
    return JSON.parse(text);
  } catch {
    throw kernelErrors.error("invalidJson", { message: "the request body is not valid JSON" });
  }
}
