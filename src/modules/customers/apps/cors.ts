/**
 * CORS for the public routes of an application (`/api/public/apps/{applicationKey}/…`,
 * spec 2.3 "Allowed Origins"). Two pieces, both keyed by the application:
 *
 * - `appCorsPreflight(ctx)`: answers every preflight `OPTIONS` under that prefix. An
 *   allowed Origin gets 204 with the Access-Control-* headers; any other Origin gets 403
 *   origin_not_allowed and no Access-Control-Allow-Origin, so the browser refuses. An
 *   unknown or disabled application key is 404.
 * - `publicAppGuard(ctx)`: the `{ publicApp: true }` macro for the routes themselves.
 *   It resolves the application and its app group (404 for an unknown or disabled key,
 *   or a deleted group), and echoes the Origin in Access-Control-Allow-Origin only when
 *   it is one of the application's Allowed Origins. The handler gets `application` and
 *   `appGroup`. A route that must refuse a foreign origin outright (the beacon's 403
 *   ORIGIN_NOT_ALLOWED) checks `originAllowed` itself.
 *
 * Allowed origins are exact (scheme, host and port); responses vary on Origin.
 */
import { Elysia } from "elysia";
import type { AppContext } from "../../../context";
import { kernelErrors } from "../../../platform/http/error-catalog";
import type { ApiError } from "../../../platform/http/errors";
import { appErrors } from "./errors";
import type { AppGroupRow, ApplicationRow } from "./schema";
import { findActiveApplication } from "./service";
import { originAllowed } from "./validation";
import { servedDomainOf } from "../domains/host-gate";

/**
 * An active application of a live group, and on a custom login domain only one of that
 * domain's app group: another brand's key there is as unknown as a made-up one.
 */
async function applicationOnThisHost(ctx: Pick<AppContext, "db">, request: Request, params: unknown) {
  const found = await findActiveApplication(ctx.db.read, applicationKeyOf(params));
  const served = servedDomainOf(request);
  if (!found || (served && served.appGroupId !== found.appGroup.id)) throw unknownApplication();
  return found;
}

export const PUBLIC_APP_PREFIX = "/api/public/apps/:applicationKey";
const ALLOWED_METHODS = "GET, POST, DELETE, OPTIONS";
/** Request headers a browser may send cross-origin to these routes. */
const ALLOWED_HEADERS = ["content-type", "authorization", "x-request-id"];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

type Headers = Record<string, string | number>;

function unknownApplication(): ApiError {
  return kernelErrors.error("notFound", { message: "no such application" });
}

function applicationKeyOf(params: unknown): string {
  return (params as Record<string, string | undefined>).applicationKey ?? "";
}

/** Sets the response CORS headers for an allowed Origin; returns whether it was allowed. */
export function applyCors(app: Pick<ApplicationRow, "allowedOrigins">, request: Request, headers: Headers): boolean {
  headers.vary = "Origin";
  const origin = request.headers.get("origin");
  if (!originAllowed(app, origin)) return false;
  headers["access-control-allow-origin"] = origin!;
  headers["access-control-allow-credentials"] = "true";
  return true;
}

export function appCorsPreflight(ctx: Pick<AppContext, "db">) {
  return new Elysia({ name: "apps.cors-preflight" }).options(
    `${PUBLIC_APP_PREFIX}/*`,
    async ({ params, request, set }) => {
      const found = await applicationOnThisHost(ctx, request, params);
      if (!applyCors(found.application, request, set.headers as Headers)) {
        throw appErrors.error("originNotAllowed", { message: "this origin is not one of the application's Allowed Origins" });
      }
      const asked = (request.headers.get("access-control-request-headers") ?? "")
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter((h) => ALLOWED_HEADERS.includes(h));
      set.headers["access-control-allow-methods"] = ALLOWED_METHODS;
      set.headers["access-control-allow-headers"] = [...new Set([...ALLOWED_HEADERS, ...asked])].join(", ");
      set.headers["access-control-max-age"] = String(PREFLIGHT_MAX_AGE_SECONDS);
      set.status = 204;
      return "";
    },
    {
      detail: {
        tags: ["App groups"],
        summary: "CORS preflight for an application's public routes",
        description:
          "Answers OPTIONS for every /api/public/apps/{applicationKey}/… route. An Origin in the application's Allowed Origins gets 204 with " +
          "Access-Control-Allow-Origin (that origin), -Methods, -Headers, -Credentials and -Max-Age; any other Origin 403 origin_not_allowed without them. " +
          "An unknown or disabled application key is 404.",
      },
    },
  );
}

export function publicAppGuard(ctx: Pick<AppContext, "db">) {
  return new Elysia({ name: "apps.public-guard" }).macro({
    publicApp: {
      async resolve({ params, request, set }): Promise<{ application: ApplicationRow; appGroup: AppGroupRow }> {
        const found = await applicationOnThisHost(ctx, request, params);
        applyCors(found.application, request, set.headers as Headers);
        return found;
      },
    },
  });
}
