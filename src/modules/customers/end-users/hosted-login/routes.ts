/**
 * The hosted login portal for end users (spec 5.7, the end-user gate): the page at
 * {portal_base}/login/{appKey} and its magic-link landing /login/{appKey}/verify. Both
 * serve embedded-ui/login.html; the page then talks to the public sign-in routes of that
 * application on its own origin, so the portal session cookie stays first-party. The page
 * is sent in the request's language (the switcher's cookie, else Accept-Language).
 * Pages are HTML, not API, so they stay out of the OpenAPI document.
 */
import { Elysia } from "elysia";
import type { AppContext } from "../../../../context";
import { findActiveApplication } from "../../apps/service";
import { callbackAllowed } from "../../apps/validation";
import { portalPageHeaders, renderPortalPage, type PortalView } from "./page";
import { servedDomainOf } from "../../domains/host-gate";
import { requestLanguage } from "../../../../platform/languages";
import { languageHeaders } from "../../../../platform/http/page-language";

type Deps = Pick<AppContext, "db" | "config">;

/**
 * The page for one application. An unknown or disabled key (or a deleted app group) gets
 * the page's not-found screen with status 404. `redirect_url` is kept only when it is one
 * of the application's Callback URLs (exact or same origin); anything else is dropped.
 */
async function portalPage(deps: Deps, request: Request, view: Exclude<PortalView, "not_found">, appKey: string, query: Record<string, unknown>) {
  const found = await findActiveApplication(deps.db.read, appKey);
  const language = requestLanguage(request.headers);
  const headers = { ...portalPageHeaders(deps.config), ...languageHeaders(language) };
  // On a custom login domain, only that domain's app group: another brand's key is not found there.
  const served = servedDomainOf(request);
  if (!found || (served && served.appGroupId !== found.appGroup.id)) {
    const html = await renderPortalPage({ view: "not_found", appKey, redirectUrl: null }, language);
    return new Response(html, { status: 404, headers });
  }
  const asked = query.redirect_url;
  const redirectUrl = typeof asked === "string" && callbackAllowed(found.application, asked) ? asked : null;
  return new Response(await renderPortalPage({ view, appKey, redirectUrl }, language), { headers });
}

export function hostedLoginRoutes(ctx: Deps) {
  return new Elysia({ name: "hosted-login" })
    .get("/login/:appKey", ({ params, query, request }) => portalPage(ctx, request, "sign_in", params.appKey, query), { detail: { hide: true } })
    .get("/login/:appKey/verify", ({ params, query, request }) => portalPage(ctx, request, "verify", params.appKey, query), { detail: { hide: true } });
}
