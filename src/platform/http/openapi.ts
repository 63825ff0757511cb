/**
 * The API reference: OpenAPI JSON generated from the route schemas at /swagger/json,
 * and Swagger UI at /swagger. The UI's script and stylesheet are file imports, so
 * `bun build --compile` embeds them and the page works with no network.
 */
import { Elysia } from "elysia";
import { openapi } from "@elysiajs/openapi";
import swaggerBundle from "swagger-ui-dist/swagger-ui-bundle.js" with { type: "file" };
import swaggerCss from "swagger-ui-dist/swagger-ui.css" with { type: "file" };
import type { Config } from "../../config";
import { ERRORS_KEY } from "./error-catalog";
import { ApiError, KernelErrors } from "./errors";

export const API_REFERENCE_PATH = "/swagger";
export const API_SPEC_PATH = "/swagger/json";
const ASSETS_PATH = `${API_REFERENCE_PATH}/assets`;

/** A group of operations in the reference, with the text Swagger UI shows above it; modules declare theirs (`tags`). */
export interface ApiTag {
  name: string;
  description: string;
}

const DESCRIPTION =
  "Identity, organizations and billing for your applications, self-hosted in one binary. " +
  "Errors are JSON bodies of the form { error: code, ... } and every response carries an X-Request-Id header.";

const ASSETS: Record<string, string> = {
  "swagger-ui-bundle.js": swaggerBundle,
  "swagger-ui.css": swaggerCss,
};

type OpenApiDocument = { paths?: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };

/**
 * The plugin leaves a request body's `content` empty when the route's parser is a
 * function, and the kernel parses every body with one (limits, JSON errors). Bodies
 * are JSON; this fills each empty `content` with the route's own body schema.
 */
type RouteForDocs = { method: string; path: string; hooks?: { body?: unknown; detail?: Record<string, unknown> } };
type ErrorCodes = ReadonlyMap<string, { statuses: ReadonlySet<number>; message: string }>;

/**
 * Each route's error answers, from the codes it declares in `x-errors` and the catalogs
 * (DESIGN §7): one response per status, naming each code and what it means.
 */
function documentErrors(document: OpenApiDocument, routes: RouteForDocs[], errorCodes: ErrorCodes): void {
  for (const route of routes) {
    const declared = route.hooks?.detail?.[ERRORS_KEY];
    if (!Array.isArray(declared)) continue;
    const operation = document.paths?.[route.path.replace(/:([^/]+)/g, "{$1}")]?.[route.method.toLowerCase()] as { responses?: Record<string, unknown> } | undefined;
    if (!operation) continue;
    const byStatus = new Map<number, string[]>();
    for (const code of declared as string[]) {
      const entry = errorCodes.get(code);
      for (const status of entry?.statuses ?? []) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    operation.responses ??= {};
    for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
      operation.responses[String(status)] = {
        description: codes.map((code) => `\`${code}\`: ${errorCodes.get(code)!.message}`).join("; "),
        content: { "application/json": { schema: errorBody(codes) } },
      };
    }
  }
}

function errorBody(codes: string[]) {
  return {
    type: "object",
    required: ["error"],
    properties: { error: { type: "string", enum: codes }, message: { type: "string" }, field: { type: "string" } },
    additionalProperties: true,
  };
}

function documentJsonBodies(document: OpenApiDocument, routes: RouteForDocs[]): void {
  for (const route of routes) {
    if (!route.hooks?.body) continue;
    const path = route.path.replace(/:([^/]+)/g, "{$1}");
    const requestBody = document.paths?.[path]?.[route.method.toLowerCase()]?.requestBody;
    if (requestBody && (!requestBody.content || Object.keys(requestBody.content).length === 0)) {
      requestBody.content = { "application/json": { schema: route.hooks.body } };
    }
  }
}

export function apiReference(ctx: { version: string; config: Pick<Config, "dev"> }, tags: readonly ApiTag[], errorCodes: ErrorCodes = new Map()) {
  const plugin = new Elysia({ name: "api-reference" });
  // Every route of the app, as the OpenAPI plugin itself reads them (a protected accessor).
  const appRoutes = () => (plugin as unknown as { getGlobalRoutes(): RouteForDocs[] }).getGlobalRoutes();
  return plugin
    .onAfterHandle(({ path, response }) => {
      if (path === API_SPEC_PATH && response && typeof response === "object") {
        documentJsonBodies(response as OpenApiDocument, appRoutes());
        documentErrors(response as OpenApiDocument, appRoutes(), errorCodes);
      }
    })
    .use(
      openapi({
        path: API_REFERENCE_PATH,
        specPath: API_SPEC_PATH,
        provider: "swagger-ui",
        documentation: {
          info: { title: "Signet API", version: ctx.version, description: DESCRIPTION },
          tags: [...tags],
        },
        swagger: {
          // Relative, like the plugin's own spec URL, so the page also works under a path prefix.
          cdn: `${ASSETS_PATH.slice(1)}/swagger-ui-bundle.js`,
          theme: `${ASSETS_PATH.slice(1)}/swagger-ui.css`,
          // The default validator badge would call validator.swagger.io.
          validatorUrl: "none",
        },
      }),
    )
    .get(
      `${ASSETS_PATH}/:name`,
      ({ params, set }) => {
        const path = ASSETS[params.name];
        if (!path) throw new ApiError(404, KernelErrors.notFound);
        set.headers["cache-control"] = "public, max-age=3600";
        return Bun.file(path);
      },
      { detail: { hide: true } },
    );
}
