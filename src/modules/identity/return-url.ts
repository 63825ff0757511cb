/**
 * Where a sign-in may send the browser afterwards: only to this deployment's own
 * origins (base URL, dashboard, portal), so a crafted link can never turn Signet into
 * an open redirect. Anything doubtful is ignored rather than repaired.
 */
import type { Config } from "../../config";

export const MAX_RETURN_URL_LENGTH = 2048;

/** Whitespace and control characters (browsers silently strip some) and backslashes (some read them as "/"). */
const AMBIGUOUS = /[\s\u0000-\u001f\u007f\\]/;
/** An absolute http(s) URL, or a path on this deployment: one "/" not followed by another. */
const ACCEPTED_SHAPE = /^(https?:\/\/|\/(?!\/))/i;

function ownOrigins(config: Pick<Config, "baseUrl" | "dashboardBase" | "portalBase">): Set<string> {
  return new Set([config.baseUrl, config.dashboardBase, config.portalBase].map((base) => new URL(base).origin));
}

/**
 * The return URL to follow, as an absolute URL on one of this deployment's origins, or
 * null when there is none or it points anywhere else. A path resolves against the
 * dashboard. Reused by every flow that sends a browser back after signing in.
 */
export function safeReturnUrl(
  config: Pick<Config, "baseUrl" | "dashboardBase" | "portalBase">,
  value: string | null | undefined,
): string | null {
  if (!value || value.length > MAX_RETURN_URL_LENGTH || AMBIGUOUS.test(value) || !ACCEPTED_SHAPE.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, config.dashboardBase);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  return ownOrigins(config).has(url.origin) ? url.href : null;
}
