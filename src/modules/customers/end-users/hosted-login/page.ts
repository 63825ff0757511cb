/**
 * What the server puts into the hosted login page before sending it: which screen to
 * open, the application key, and the post-sign-in redirect once validated here. The page
 * reads all three from one meta tag and trusts nothing else from its own address bar for
 * navigation: it only ever navigates to this validated redirect or to a `redirectTo` the
 * API answered.
 */
import { pageHeaders } from "../../../../platform/http/page-headers";
import type { Config } from "../../../../config";
import { uiFiles } from "../../../../platform/ui";
import { localizePage } from "../../../../platform/http/page-language";
import type { Language } from "../../../../platform/languages";
import { loginCatalog } from "../../../../../embedded-ui/locales/login";

/** Replaced in login.html by the escaped JSON of a PortalPageState. */
export const PORTAL_STATE_TOKEN = "%SIGNET_PORTAL_STATE%";

export type PortalView = "sign_in" | "verify" | "not_found";

export interface PortalPageState {
  view: PortalView;
  appKey: string;
  /** The app's post-sign-in target, only when it is one of its Callback URLs; else null. */
  redirectUrl: string | null;
}

/** The page in `language` (the request's: platform/languages.ts), its static words already translated. */
export async function renderPortalPage(state: PortalPageState, language: Language): Promise<string> {
  const page = (await uiFiles()).get("login.html");
  if (!page) throw new Error("embedded-ui has no login.html");
  return localizePage((await page.text()).replace(PORTAL_STATE_TOKEN, Bun.escapeHTML(JSON.stringify(state))), language, loginCatalog);
}

/**
 * Headers of every portal page. The token of a magic link sits in the verify page's
 * address, so no Referer leaves the page; scripts come from the bundle (and Cloudflare
 * Turnstile when an app group turns bot protection on); only the portal itself and the
 * dashboard (its live preview of the branding) may frame it.
 */
export function portalPageHeaders(config: Pick<Config, "dashboardBase" | "baseUrl">): Record<string, string> {
  const turnstile = "https://challenges.cloudflare.com";
  const framers = [...new Set([new URL(config.dashboardBase).origin, new URL(config.baseUrl).origin])];
  return pageHeaders({
    scripts: [turnstile],
    frames: [turnstile],
    // App group icons are URLs the owner chose, on any https host.
    images: ["https:", "data:"],
    frameAncestors: ["'self'", ...framers],
  });
}
