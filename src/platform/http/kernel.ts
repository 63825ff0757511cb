/**
 * The HTTP kernel every route sits behind: request ids, client IP, body limits,
 * JSON parsing, error mapping (DESIGN §7) and structured access logs.
 */
import { Elysia, mapValueError } from "elysia";
import type { Logger } from "../log";
import { kernelErrors } from "./error-catalog";
import { ApiError, KernelErrors } from "./errors";
import { clientIp, type Cidr } from "./ip";
import { nulRefused, parseJsonBody } from "./json";
import { countHttpRequest } from "../metrics";
import { databaseErrorCode, isDatabaseUnreachable } from "../db/unreachable";

/** Bodies larger than this are refused unless a route declares its own limit. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** The OpenAPI extension a route sets in `detail` to raise or lower its body limit. */
export const BODY_LIMIT_KEY = "x-body-limit";

export interface RequestInfo {
  id: string;
  start: number;
  ip: string | null;
  /** The organization the request acts in and who acts, once a guard knows (the access log carries them). */
  orgId?: string;
  principal?: string;
}

const requests = new WeakMap<Request, RequestInfo>();

const rawBodies = new WeakMap<Request, Uint8Array>();

/**
 * The body's bytes exactly as they arrived (the kernel reads them once, within the
 * route's limit): what a signed webhook is checked against, since a parsed and
 * re-serialised body would not match its signature. Null when there was no body.
 */
export function rawBody(request: Request): Uint8Array | null {
  return rawBodies.get(request) ?? null;
}

/** A guard records the organization and principal (`user:<id>`, `key:<id>`) a request acts as, for the access log. */
export function notePrincipal(request: Request, who: { orgId?: string; principal: string }): void {
  const info = requests.get(request);
  if (!info) return;
  info.principal = who.principal;
  if (who.orgId) info.orgId = who.orgId;
}

/** Per-request facts set by the kernel (id, client IP); available to every handler. */
export function requestInfo(request: Request): RequestInfo {
  return requests.get(request) ?? { id: "unknown", start: performance.now(), ip: null };
}

export interface KernelOptions {
  logger: Logger;
  trustedProxies: Cidr[];
  /** METHOD + " " + route pattern → byte limit; filled once the app's routes exist. */
  bodyLimits: Map<string, number>;
  /** TLS is served by this process: every response says Strict-Transport-Security. */
  hsts?: boolean;
  /**
   * Observers of refusals (401 and 403 answers), awaited before the answer leaves, so what
   * they record exists once the client has its answer (the agents module seals an agent's
   * refused write). One that fails is logged; the answer is unchanged.
   */
  refusalObservers?: readonly RefusalObserver[];
  /**
   * The share (0 < share ≤ 1) of successful requests (status below 400) the access log
   * writes a line for; every 4xx and 5xx is written whatever it is. 1 (every request)
   * unless the operator sets SIGNET_ACCESS_LOG_SAMPLE (docs/operations.md "Logs").
   */
  accessLogSample?: number;
}

/** Sees a request the app refused (401 or 403) and the error it answers. */
export type RefusalObserver = (request: Request, error: ApiError) => Promise<void> | void;

/** One year, subdomains left to the operator (a custom login domain's parent is the customer's). */
export const HSTS_HEADER = "max-age=31536000";

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The driver's own message under drizzle's "Failed query: …" wrapper (which repeats the whole statement). */
function causeMessage(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause;
  return ((cause ?? error) as Error)?.message;
}

/** The path of an absolute request URL, without parsing it whole (the access log needs it for every request). */
function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const query = url.indexOf("?", start);
  return query < 0 ? url.slice(start) : url.slice(start, query);
}

function tooLarge(limit: number) {
  return kernelErrors.error("payloadTooLarge", { limitBytes: limit });
}

/** "/name/0/x" → "name[0].x", the field as a client would name it. */
function fieldName(path: string | undefined): string | undefined {
  if (!path) return undefined;
  return path
    .split("/")
    .filter(Boolean)
    .map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`))
    .join("");
}

/**
 * What failed, in words, never the value that failed: Elysia's summary ends some messages
 * with "but found: <value>", which would echo the request (a body of up to the size limit).
 */
function validationMessage(first: { summary?: string; message?: string } | undefined): string {
  const text = mapValueError(first as any)?.summary ?? first?.message;
  if (!text) return "the request does not match the schema";
  const echo = text.indexOf(" but found:");
  return echo < 0 ? text : text.slice(0, echo);
}

/**
 * A coerced query value (t.Integer, t.BooleanString) that fails its own schema is reported
 * by Elysia without its name; find the parameter that carried the value.
 */
function queryFieldWithValue(request: Request, value: unknown): string | null {
  for (const [name, v] of new URL(request.url).searchParams) {
    // "1e309" arrives as Infinity and "99999999999999999999" as 1e20: compare as numbers too.
    if (v === String(value) || (typeof value === "number" && Number(v) === value) || (Number.isNaN(value) && Number.isNaN(Number(v)))) return name;
  }
  return null;
}

/** Reads each route's declared limit (`detail["x-body-limit"]`) once the app's routes exist. */
export function collectBodyLimits(routes: ReadonlyArray<{ method: string; path: string; hooks: unknown }>, into: Map<string, number>): void {
  for (const route of routes) {
    const limit = (route.hooks as any)?.detail?.[BODY_LIMIT_KEY];
    if (typeof limit === "number") into.set(`${route.method} ${route.path}`, limit);
  }
}

export function httpKernel(options: KernelOptions) {
  const { logger, trustedProxies, bodyLimits, hsts } = options;
  const sample = options.accessLogSample ?? 1;
  const refusalObservers = options.refusalObservers ?? [];
  const observeRefusal = async (request: Request, error: ApiError) => {
    for (const observe of refusalObservers) {
      try {
        await observe(request, error);
      } catch (e) {
        logger.error("refusal observer failed", { requestId: requestInfo(request).id, error: (e as Error)?.message, stack: (e as Error)?.stack });
      }
    }
  };
  return new Elysia({ name: "http-kernel" })
    .onRequest(({ request, set, server }) => {
      const incoming = request.headers.get("x-request-id");
      const id = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
      const peer = server?.requestIP(request)?.address ?? null;
      requests.set(request, { id, start: performance.now(), ip: clientIp(peer, request.headers.get("x-forwarded-for"), trustedProxies) });
      set.headers["x-request-id"] = id;
      if (hsts) set.headers["strict-transport-security"] = HSTS_HEADER;
      // No path or query value may carry a NUL (see json.ts): refused before any route runs.
      if (request.url.includes("%00")) throw nulRefused("query");
    })
    .onParse({ as: "global" }, async ({ request, contentType, route }) => {
      const limit = bodyLimits.get(`${request.method} ${route}`) ?? DEFAULT_BODY_LIMIT;
      const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
      // Multipart bodies are streamed by the routes that take them; they enforce their own limit.
      if (type === "multipart/form-data") {
        const declared = request.headers.get("content-length");
        if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
        return;
      }
      const bytes = await readLimited(request, limit);
      rawBodies.set(request, bytes);
      const text = () => new TextDecoder().decode(bytes);
      if (type === "application/json" || type.endsWith("+json")) {
        if (bytes.length === 0) return undefined;
        return parseJsonBody(text());
      }
      if (type === "application/x-www-form-urlencoded") {
        const form = text();
        if (form.includes("%00")) throw nulRefused("body");
        return Object.fromEntries(new URLSearchParams(form));
      }
      if (type.startsWith("text/")) return text();
      if (bytes.length === 0) return undefined;
      return bytes.buffer;
    })
    .onError({ as: "global" }, async ({ error, code, request, set }) => {
      const info = requestInfo(request);
      set.headers["x-request-id"] = info.id;
      if (hsts) set.headers["strict-transport-security"] = HSTS_HEADER;
      set.headers["content-type"] = "application/json";
      // Elysia wraps what a parse hook throws in a ParseError; the cause is ours.
      const apiError = error instanceof ApiError ? error : (error as any)?.cause instanceof ApiError ? (error as any).cause : null;
      if (apiError) {
        if ((apiError.status === 401 || apiError.status === 403) && refusalObservers.length > 0) await observeRefusal(request, apiError);
        set.status = apiError.status;
        // Any refusal that says when to come back (429 limits, 503 fuses) says it in the header too.
        const wait = apiError.extra.retryAfterSeconds;
        if (typeof wait === "number" && wait > 0) set.headers["retry-after"] = String(Math.ceil(wait));
        return apiError.body();
      }
      switch (code) {
        case "PARSE":
          set.status = 400;
          return { error: KernelErrors.invalidJson, message: "the request body could not be parsed" };
        case "VALIDATION": {
          // The first failure, already found when the error was made (`all` would validate again).
          const first = (error as any).valueError ?? (error as any).all?.[0];
          const where = (error as any).type as string | undefined;
          set.status = 400;
          return {
            error: KernelErrors.invalidRequest,
            in: where === "property" ? "query" : where,
            field: fieldName(first?.path) ?? (where === "property" ? queryFieldWithValue(request, (error as any).value) : null),
            message: validationMessage(first),
          };
        }
        case "NOT_FOUND":
          set.status = 404;
          return { error: KernelErrors.notFound };
      }
      const status = (error as any)?.status;
      if (typeof status === "number" && status >= 400 && status < 500) {
        set.status = status;
        return { error: KernelErrors.invalidRequest, message: (error as Error).message };
      }
      if (isDatabaseUnreachable(error)) {
        // The database restarted or is gone: a refusal a client (or load balancer) retries, not a server bug.
        set.status = 503;
        set.headers["retry-after"] = "1";
        logger.warn("database unreachable", { requestId: info.id, code: databaseErrorCode(error), cause: causeMessage(error) });
        return { error: KernelErrors.databaseUnavailable, requestId: info.id };
      }
      set.status = 500;
      logger.error("unhandled error", {
        requestId: info.id,
        method: request.method,
        path: new URL(request.url).pathname,
        error: (error as Error)?.message,
        code: databaseErrorCode(error),
        stack: (error as Error)?.stack,
      });
      return { error: KernelErrors.internal, requestId: info.id };
    })
    .onAfterResponse({ as: "global" }, ({ request, set, route }) => {
      const info = requestInfo(request);
      const status = typeof set.status === "number" ? set.status : 200;
      const durationMs = performance.now() - info.start;
      countHttpRequest(route || "unmatched", request.method, status, durationMs / 1000);
      if (sample < 1 && status < 400 && Math.random() >= sample) return;
      const line: Record<string, unknown> = {
        requestId: info.id,
        method: request.method,
        path: pathOf(request.url),
        route,
        status,
        durationMs: Math.round(durationMs * 100) / 100,
        ip: info.ip,
      };
      if (info.orgId) line.org = info.orgId;
      if (info.principal) line.principal = info.principal;
      logger.info("request", line);
    });
}
