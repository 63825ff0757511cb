/**
 * The beacon's batch and event rules (spec 2.5, 4.1, §8), as pure functions: what a
 * batch must look like to be accepted at all (else 400), and how each event is kept,
 * trimmed or dropped. Nothing here touches the database.
 *
 * - The batch: a JSON object `{events: [...]}` (the body of an application/json
 *   request, or the text of a text/plain one from navigator.sendBeacon), at most 50
 *   events and 64 KB. Anything else is refused whole.
 * - An event that breaks a rule is dropped on its own, silently: an unknown type, a
 *   malformed custom name, a wrong field type, custom data over 2 KB. Nothing of a
 *   dropped event is stored.
 * - A kept event keeps only what the spec allows: the pathname of `path`, the domain
 *   of `ref`, UTM fields, dwell on page_leave only, data on custom.<name> only, and a
 *   timestamp clamped to ±5 minutes of the server's clock.
 */
import { parseJsonBody } from "../../platform/http/json";
import { ApiError } from "../../platform/http/errors";
import { analyticsErrors } from "./errors";
import { kernelErrors } from "../../platform/http/error-catalog";

export const BEACON_LIMITS = {
  eventsPerRequest: 50,
  bodyBytes: 64 * 1024,
  requestsPerMinute: 120,
  clockSkewMs: 5 * 60 * 1000,
  customDataBytes: 2048,
  customNameLength: 40,
  sessionIdleMs: 30 * 60 * 1000,
} as const;

const CUSTOM_TYPE = /^custom\.[a-z0-9_]{1,40}$/;
const BUILTIN_TYPES = new Set(["page_view", "page_leave", "identify"]);
/** Client uuids and other ids: printable, no spaces, at most 100 characters. */
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const COUNTRY = /^[A-Z]{2}$/;
/** Values a country header uses for "unknown" (Cloudflare: XX, T1 for Tor). */
const UNKNOWN_COUNTRIES = new Set(["XX", "T1", "ZZ"]);
const MAX_TEXT = { path: 2048, ref: 2048, utm: 200, euid: 200, data: BEACON_LIMITS.customDataBytes };
const MAX_DWELL_MS = 24 * 60 * 60 * 1000;

export interface BehaviorEventInput {
  clientEventId: string;
  type: string;
  path: string | null;
  refDomain: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  dwellMs: number | null;
  anonId: string | null;
  endUserId: string | null;
  sessionId: string | null;
  data: Record<string, unknown> | null;
  at: number;
}

function tooLarge(field: string, limit: number, message: string): ApiError {
  return analyticsErrors.error("batchTooLarge", { field, limit, message });
}

/**
 * The events array of a request body, or 400: the body parsed by the kernel (an
 * object for JSON, a string for text/plain), and its size in bytes when known.
 */
export function parseBatch(body: unknown, declaredBytes: number | null): unknown[] {
  let size = declaredBytes;
  let parsed = body;
  if (typeof body === "string") {
    size = Math.max(size ?? 0, Buffer.byteLength(body));
    if (size > BEACON_LIMITS.bodyBytes) throw tooLarge("body", BEACON_LIMITS.bodyBytes, "a beacon body is at most 64 KB");
    parsed = parseJsonBody(body);
  }
  // A JSON body sent without Content-Length: its compact form is the least it weighed.
  size ??= Buffer.byteLength(JSON.stringify(parsed) ?? "");
  if (size > BEACON_LIMITS.bodyBytes) throw tooLarge("body", BEACON_LIMITS.bodyBytes, "a beacon body is at most 64 KB");
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw kernelErrors.error("invalidRequest", { field: "events", message: "the body is an object {events: [...]}" });
  }
  const events = (parsed as Record<string, unknown>).events;
  if (!Array.isArray(events)) throw kernelErrors.error("invalidRequest", { field: "events", message: "events is an array of behavior events" });
  if (events.length > BEACON_LIMITS.eventsPerRequest) {
    throw tooLarge("events", BEACON_LIMITS.eventsPerRequest, `a batch carries at most ${BEACON_LIMITS.eventsPerRequest} events`);
  }
  return events;
}

/** Whether a type is one the beacon records (unknown types are dropped silently). */
export function knownType(type: string): boolean {
  return BUILTIN_TYPES.has(type) || CUSTOM_TYPE.test(type);
}

type Field = { ok: true; value: string | null } | { ok: false };
const OK_NULL: Field = { ok: true, value: null };

function text(value: unknown, max: number): Field {
  if (value === undefined || value === null) return OK_NULL;
  if (typeof value !== "string" || value.length > max) return { ok: false };
  return { ok: true, value: value === "" ? null : value };
}

function id(value: unknown): Field {
  if (value === undefined || value === null) return OK_NULL;
  return typeof value === "string" && CLIENT_ID.test(value) ? { ok: true, value } : { ok: false };
}

/** An absolute path the URL parser would leave as it is (no dot segments, nothing to encode). */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-_~!$&'()*+,;=:@/]*$/;
/** An http(s) URL with a plain host name, the usual referrer. */
const PLAIN_URL_HOST = /^https?:\/\/([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)(?::\d+)?(?:[/?#]|$)/;

/** The pathname of a path or URL ("/pricing?x=1#top" → "/pricing"). */
export function pathnameOf(value: string): string | null {
  // The common case skips the URL parser (this runs for every event).
  const end = value.search(/[?#]/);
  const path = end === -1 ? value : value.slice(0, end);
  if (PLAIN_PATH.test(path) && !path.includes("/.")) return path;
  try {
    const url = new URL(value, "http://beacon.invalid");
    return url.pathname || "/";
  } catch {
    return null;
  }
}

/** The domain of a referrer URL or bare host ("https://www.google.com/search?q=x" → "www.google.com"). */
export function domainOf(value: string): string | null {
  const plain = PLAIN_URL_HOST.exec(value);
  if (plain) return plain[1]!.toLowerCase();
  try {
    const url = new URL(value.includes("://") ? value : `http://${value}`);
    return url.hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** A client timestamp (epoch ms or ISO 8601) clamped to ±5 minutes of `now`; absent: now. */
export function clampTimestamp(value: unknown, now: number): number | null {
  let ms: number;
  if (value === undefined || value === null) return now;
  if (typeof value === "number" && Number.isFinite(value)) ms = value;
  else if (typeof value === "string" && value.length <= 40) ms = Date.parse(value);
  else return null;
  if (Number.isNaN(ms)) return null;
  return Math.round(Math.min(now + BEACON_LIMITS.clockSkewMs, Math.max(now - BEACON_LIMITS.clockSkewMs, ms)));
}

/** The stored form of one event, or null to drop it. */
export function normaliseEvent(raw: unknown, now: number): BehaviorEventInput | null {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const e = raw as Record<string, unknown>;
  if (typeof e.id !== "string" || !CLIENT_ID.test(e.id)) return null;
  if (typeof e.type !== "string" || !knownType(e.type)) return null;
  const path = text(e.path, MAX_TEXT.path);
  const ref = text(e.ref, MAX_TEXT.ref);
  const us = text(e.us, MAX_TEXT.utm);
  const um = text(e.um, MAX_TEXT.utm);
  const uc = text(e.uc, MAX_TEXT.utm);
  const euid = text(e.euid, MAX_TEXT.euid);
  const anon = id(e.anon);
  const sid = id(e.sid);
  if (!path.ok || !ref.ok || !us.ok || !um.ok || !uc.ok || !euid.ok || !anon.ok || !sid.ok) return null;
  const at = clampTimestamp(e.ts, now);
  if (at === null) return null;

  let dwellMs: number | null = null;
  if (e.dwell !== undefined && e.dwell !== null) {
    if (typeof e.dwell !== "number" || !Number.isFinite(e.dwell) || e.dwell < 0) return null;
    // Dwell counts on page_leave only; elsewhere it is ignored.
    if (e.type === "page_leave") dwellMs = Math.min(MAX_DWELL_MS, Math.round(e.dwell));
  }

  let data: Record<string, unknown> | null = null;
  if (e.data !== undefined && e.data !== null) {
    if (typeof e.data !== "object" || Array.isArray(e.data)) return null;
    if (e.type.startsWith("custom.")) {
      if (Buffer.byteLength(JSON.stringify(e.data)) > MAX_TEXT.data) return null;
      data = e.data as Record<string, unknown>;
    }
  }

  return {
    clientEventId: e.id,
    type: e.type,
    path: path.value === null ? null : pathnameOf(path.value),
    refDomain: ref.value === null ? null : domainOf(ref.value),
    utmSource: us.value,
    utmMedium: um.value,
    utmCampaign: uc.value,
    dwellMs,
    anonId: anon.value,
    endUserId: euid.value,
    sessionId: sid.value,
    data,
    at,
  };
}

/** The ISO country of a trusted header's value, or null (unknown). */
export function countryOf(headerValue: string | null): string | null {
  if (!headerValue) return null;
  const code = headerValue.trim().toUpperCase();
  return COUNTRY.test(code) && !UNKNOWN_COUNTRIES.has(code) ? code : null;
}
