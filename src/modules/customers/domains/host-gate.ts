/**
 * Which site a request is for, by its Host (docs/custom-domains.md "Serving"):
 *
 * - the service's own hostnames (base, portal, dashboard), IP addresses and localhost:
 *   served as always;
 * - a verified custom domain: only the end-user surface of its app group: the hosted
 *   login (`/login/{appKey}` of the group's applications), the share viewer (`/f/…` and
 *   `/api/public/share/…` for its organization's files), the end-user API
 *   (`/api/public/apps/{appKey}/…` of the group's applications), the pages' assets, and
 *   `/` sends to the group's login page. Anything else there is a plain 404 page, and
 *   another brand's key or file is a 404 too: a domain never shows another brand;
 * - any other hostname, once custom domains are on (a CNAME target is configured): a
 *   plain 404 page, whatever the path (health checks excepted). With custom domains off,
 *   every host is served as the service's own, as before.
 *
 * The decision is a map read (hosts.ts); the request is tagged with its domain so the
 * routes behind (cors.ts, hosted-login, the sign-in client) hold to the same group.
 */
import { Elysia } from "elysia";
import { isIP } from "node:net";
import type { AppContext } from "../../../context";
import { pageHeaders } from "../../../platform/http/page-headers";
import { organizationOfShareToken } from "../../storage/index";
import type { ServedDomain } from "./hosts";
import { landingApplication } from "./service";

const servedDomains = new WeakMap<Request, ServedDomain>();

/** The custom domain a request came in on, when it did. */
export function servedDomainOf(request: Request): ServedDomain | null {
  return servedDomains.get(request) ?? null;
}

/** The hostname of a request URL (Bun builds it from the Host header), lower case, without port, brackets or a trailing dot. */
export function requestHostname(url: string): string {
  const start = url.indexOf("//") + 2;
  let end = start;
  while (end < url.length && url[end] !== "/" && url[end] !== "?" && url[end] !== "#") end++;
  let host = url.slice(start, end).toLowerCase();
  const at = host.lastIndexOf("@");
  if (at >= 0) host = host.slice(at + 1);
  if (host.startsWith("[")) return host.slice(1, host.indexOf("]"));
  const colon = host.indexOf(":");
  if (colon >= 0) host = host.slice(0, colon);
  return host.endsWith(".") ? host.slice(0, -1) : host;
}

function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const query = url.indexOf("?", start);
  return query < 0 ? url.slice(start) : url.slice(start, query);
}

/** Always answered, on any host: load balancers' probes and the TLS front's question. */
const ANY_HOST = [/^\/healthz$/, /^\/readyz$/, /^\/api\/public\/custom-domains\/resolve$/];
/** The end-user surface a custom domain serves (keys and tokens are checked behind). */
const DOMAIN_SURFACE = [/^\/login\/[^/]+(\/verify)?\/?$/, /^\/f\/[^/]+$/, /^\/ui\/[^/]+$/, /^\/api\/public\/apps\/[^/]+\//, /^\/api\/public\/share\/[^/]+$/, /^\/api\/public\/app-groups\/[^/]+\/icon\//];
const SHARE = /^\/(?:f|api\/public\/share)\/([^/]+)$/;

const NOT_FOUND_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not found</title></head>' +
  '<body style="font-family: system-ui, sans-serif; margin: 4rem auto; max-width: 32rem; padding: 0 1rem"><h1>Not found</h1><p>There is nothing at this address.</p></body></html>';

/** The plain 404: no brand, no script; JSON for API paths. */
export function plainNotFound(path: string): Response {
  if (path.startsWith("/api/")) return Response.json({ error: "not_found" }, { status: 404, headers: { "cache-control": "no-store" } });
  return new Response(NOT_FOUND_HTML, { status: 404, headers: pageHeaders() });
}

function isOwnHost(services: AppContext["customDomains"], host: string): boolean {
  return services.ownHosts.has(host) || host === "localhost" || isIP(host) !== 0;
}

export function customDomainHostGate(ctx: Pick<AppContext, "db" | "customDomains">) {
  const services = ctx.customDomains;
  return new Elysia({ name: "custom-domains.host-gate" }).onRequest(async ({ request }) => {
    const host = requestHostname(request.url);
    if (isOwnHost(services, host)) return;
    const domain = await services.hosts.lookup(host);
    const path = pathOf(request.url);
    if (!domain) {
      if (services.target === null || ANY_HOST.some((p) => p.test(path))) return;
      return plainNotFound(path);
    }
    servedDomains.set(request, domain);
    if (ANY_HOST.some((p) => p.test(path))) return;
    if (path === "/" && (request.method === "GET" || request.method === "HEAD")) {
      const clientKey = await landingApplication(ctx, domain);
      return clientKey ? new Response(null, { status: 302, headers: { location: `/login/${clientKey}`, "cache-control": "no-store" } }) : plainNotFound(path);
    }
    if (!DOMAIN_SURFACE.some((p) => p.test(path))) return plainNotFound(path);
    const share = SHARE.exec(path);
    if (share && request.method !== "OPTIONS") {
      let token: string;
      try {
        token = decodeURIComponent(share[1]!);
      } catch {
        return plainNotFound(path);
      }
      // The viewer page itself is static; its API call is where the file is found.
      if (path.startsWith("/api/") && (await organizationOfShareToken(ctx.db.read, token)) !== domain.orgId) return plainNotFound(path);
    }
  });
}
