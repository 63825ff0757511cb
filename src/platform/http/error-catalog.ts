/**
 * Error catalogs (DESIGN §7): each domain lists its error codes once, with the status
 * each answers and a plain-words message, in its `errors.ts`, and declares the catalog
 * as `errors` in its `module.ts`. Services throw `catalog.error(name, extra)`, so the
 * status is chosen in one place. Routes name the codes they can return in
 * `detail["x-errors"]` (`declaresErrors`); the app refuses to start when a route names a
 * code no catalog has, and the OpenAPI document lists each route's error answers from
 * that declaration.
 */
import { ApiError } from "./errors";

export interface ErrorSpec {
  /** The wire code: `{ "error": code }`. */
  code: string;
  /** The status it answers; a few codes answer more than one (the thrower picks). */
  status: number | readonly number[];
  /** What it means, in plain words: the default `message`, and the OpenAPI description. */
  message: string;
}

export interface ErrorCatalog<S extends Record<string, ErrorSpec> = Record<string, ErrorSpec>> {
  readonly specs: S;
  /** Name → wire code, for comparisons and tests. */
  readonly codes: { readonly [K in keyof S]: S[K]["code"] };
  /**
   * The ApiError for `name` with the catalog's status (`status` picks one for a code that
   * answers more than one). Without details it carries the catalog's message; with them,
   * exactly those fields (the body a client sees does not change under a site).
   */
  error<K extends keyof S>(name: K, extra?: Record<string, unknown> & { status?: number }): ApiError;
}

export function defineErrors<const S extends Record<string, ErrorSpec>>(specs: S): ErrorCatalog<S> {
  const codes = Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, spec.code])) as ErrorCatalog<S>["codes"];
  return {
    specs,
    codes,
    error(name, extra) {
      const spec = specs[name]!;
      const { status: chosen, ...rest } = extra ?? {};
      const statuses = typeof spec.status === "number" ? [spec.status] : spec.status;
      const status = chosen ?? (statuses.length === 1 ? statuses[0]! : undefined);
      if (status === undefined || !statuses.includes(status)) throw new Error(`error ${spec.code}: status ${chosen} is not one of ${statuses.join(", ")}`);
      return new ApiError(status, spec.code, Object.keys(rest).length > 0 ? rest : { message: spec.message });
    },
  };
}

/** What the kernel answers on any route (bad input, body limits, rate limits, failures). */
export const kernelErrors = defineErrors({
  invalidJson: { code: "invalid_json", status: 400, message: "the body is not JSON, or nests deeper than the kernel reads" },
  invalidRequest: { code: "invalid_request", status: 400, message: "a field is missing, of the wrong type or out of range; `field` names it" },
  unauthorized: { code: "unauthorized", status: 401, message: "no credential, or one that is not valid" },
  notFound: { code: "not_found", status: 404, message: "no such resource here" },
  payloadTooLarge: { code: "payload_too_large", status: 413, message: "the body is over the route's limit" },
  unsupportedMediaType: { code: "unsupported_media_type", status: 415, message: "the body's content type is not one the route reads" },
  rateLimited: { code: "rate_limited", status: 429, message: "too many attempts; retry after Retry-After seconds" },
  internal: { code: "internal", status: 500, message: "the server failed; the log has the request id" },
  databaseUnavailable: { code: "database_unavailable", status: 503, message: "the database cannot be reached; nothing was changed by this request unless it was acknowledged; retry after Retry-After seconds" },
});

export const ERRORS_KEY = "x-errors";

/** The `detail` entry of a route: the codes it can answer besides the kernel's (bad input, body limits). */
export function declaresErrors(...codes: string[]): { [ERRORS_KEY]: string[] } {
  return { [ERRORS_KEY]: codes };
}

/** Every code of the catalogs, with the statuses and message it answers (the first catalog's message for a shared code). */
export function mergeCatalogs(catalogs: readonly ErrorCatalog[]): Map<string, { statuses: Set<number>; message: string }> {
  const merged = new Map<string, { statuses: Set<number>; message: string }>();
  for (const catalog of catalogs) {
    for (const spec of Object.values(catalog.specs)) {
      const entry = merged.get(spec.code) ?? { statuses: new Set<number>(), message: spec.message };
      for (const status of typeof spec.status === "number" ? [spec.status] : spec.status) entry.statuses.add(status);
      merged.set(spec.code, entry);
    }
  }
  return merged;
}

/** Refuses a route that names a code no catalog has: the OpenAPI document could not say what it answers. */
export function checkDeclaredErrors(routes: ReadonlyArray<{ method: string; path: string; hooks: unknown }>, known: ReadonlyMap<string, unknown>): void {
  for (const route of routes) {
    const declared = (route.hooks as { detail?: Record<string, unknown> } | undefined)?.detail?.[ERRORS_KEY];
    if (declared === undefined) continue;
    if (!Array.isArray(declared)) throw new Error(`${route.method} ${route.path}: ${ERRORS_KEY} is not a list of codes`);
    for (const code of declared) if (!known.has(code)) throw new Error(`${route.method} ${route.path} declares the error "${code}", which no module's errors catalog has`);
  }
}
