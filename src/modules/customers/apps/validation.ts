/**
 * The rules for what an app group or application may hold (spec 2.2, 2.3, §8) and the
 * two checks the public routes make against an application: `callbackAllowed` (may we
 * redirect there?) and `originAllowed` (may this browser origin call us?).
 *
 * URLs are parsed with the WHATWG parser after refusing what a parser would quietly
 * repair: whitespace and control characters (tabs and newlines are stripped inside a
 * scheme: `java\tscript:`), backslashes (read as slashes: `https:\\evil.com`) and
 * anything that is not absolute (`//evil.com`, `%2F%2Fevil.com`). Credentials in a URL
 * (`https://good.com@evil.com`) and fragments are refused outright.
 */
import type { ApiError } from "../../../platform/http/errors";
import { appErrors } from "./errors";

export const PLATFORMS = ["web", "ios", "android", "desktop", "server"] as const;
export type Platform = (typeof PLATFORMS)[number];
export const ENVIRONMENTS = ["production", "staging", "development"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export const APPLICATION_STATUSES = ["active", "disabled"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const GRANT_TYPES = ["authorization_code", "refresh_token", "client_credentials"] as const;
export const SOCIAL_PROVIDERS = ["google", "github", "microsoft", "apple", "kakao", "naver"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Field limits: spec §8 for the app group's own fields, ours for the rest (docs/apps.md). */
export const LIMITS = {
  groupName: 200,
  description: 1000,
  iconUrl: 500,
  applicationName: 200,
  heroTitle: 120,
  heroSubtitle: 300,
  urlLength: 2000,
  origins: 50,
  callbackUrls: 50,
  oidcScopes: 50,
  oidcScopeLength: 100,
  samlEntityId: 1024,
  rpId: 253,
  socialClientId: 500,
  socialClientSecret: 8000,
} as const;

export const HEX_COLOR = "^#[0-9A-Fa-f]{6}$";

/** The 400 codes of the apps catalog: a rule a field breaks. */
type FieldErrorName = { [K in keyof typeof appErrors.specs]: (typeof appErrors.specs)[K]["status"] extends 400 ? K : never }[keyof typeof appErrors.specs];

/** 400 with the module's code for the rule and the failing field (`callbackUrls[2]`). */
export function invalidField(name: FieldErrorName, field: string, message: string): ApiError {
  return appErrors.error(name, { field, message });
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** Schemes never accepted anywhere a redirect or link may point. */
const DANGEROUS_SCHEMES = new Set(["javascript:", "data:", "vbscript:", "file:", "blob:", "about:", "filesystem:", "view-source:", "ws:", "wss:", "ftp:"]);
// Whitespace, controls, backslashes and the characters WHATWG strips or reinterprets.
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;
/** A private-use scheme of a native app (RFC 8252 §7.1), such as com.example.app or myapp. */
const PRIVATE_SCHEME = /^[a-z][a-z0-9+.-]{1,62}:$/;

/** Parses an absolute URL the strict way, or returns null (see the header comment). */
export function strictUrl(value: string): URL | null {
  if (value.length === 0 || value.length > LIMITS.urlLength || UNSAFE_CHARACTERS.test(value)) return null;
  // Percent-encoded slashes or backslashes before the host are an attempt to smuggle one.
  if (/^[a-z][a-z0-9+.-]*:(\/\/)?[^/?#]*%(2f|5c)/i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (DANGEROUS_SCHEMES.has(url.protocol)) return null;
  if (isWeb(url)) {
    // Letters, digits, dots and hyphens (IDNs arrive as punycode), or a bracketed IPv6 address: no wildcards.
    if (!/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/.test(url.hostname)) return null;
    // `https:evil.com` and `https:/evil.com` parse to a host; only the written `//` form is accepted.
    if (!/^https?:\/\/[^/\\]/i.test(value)) return null;
  }
  return url;
}

function isWeb(url: URL): boolean {
  return url.protocol === "https:" || url.protocol === "http:";
}

function isLoopback(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname);
}

/** https anywhere; http only on a loopback host (local development). */
function secureWeb(url: URL): boolean {
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url));
}

/**
 * An origin as browsers send it: scheme, host and port, nothing else. Returns its
 * canonical form (lower case, default port dropped) or throws 400 naming the field.
 */
export function validateOrigin(value: string, field: string): string {
  const url = strictUrl(value);
  if (!url || !isWeb(url)) throw invalidField("invalidOrigin", field, "an origin is https://host[:port] (http only on localhost)");
  if (!secureWeb(url)) throw invalidField("invalidOrigin", field, "an origin uses https (http only on localhost, 127.0.0.1 or [::1])");
  if (!/^https?:\/\/[^/?#]+\/?$/i.test(value)) throw invalidField("invalidOrigin", field, "an origin has no path, query or fragment");
  return url.origin;
}

/**
 * A URL we may one day redirect a signed-in user to (callback, post-logout, ACS): https
 * (http on loopback), or for native apps a private-use scheme. Returns its canonical
 * form or throws 400 naming the field.
 */
export function validateRedirectUrl(value: string, field: string, options: { allowPrivateScheme: boolean }): string {
  const url = strictUrl(value);
  if (!url) throw invalidField("invalidRedirectUrl", field, "not an absolute URL we can redirect to safely (no credentials, spaces, backslashes or dangerous schemes)");
  if (url.hash) throw invalidField("invalidRedirectUrl", field, "a redirect URL has no fragment");
  if (isWeb(url)) {
    if (!secureWeb(url)) throw invalidField("invalidRedirectUrl", field, "a redirect URL uses https (http only on localhost, 127.0.0.1 or [::1])");
    return url.href;
  }
  if (options.allowPrivateScheme && PRIVATE_SCHEME.test(url.protocol)) return url.href;
  throw invalidField("invalidRedirectUrl", field, options.allowPrivateScheme ? "use https or your app's own private-use scheme" : "a web or server application redirects over https");
}

/** Validates each entry (the schema caps the count) and refuses duplicates after canonicalising. */
export function validateList(values: readonly string[], field: string, each: (value: string, field: string) => string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  values.forEach((value, i) => {
    const canonical = each(value, `${field}[${i}]`);
    if (seen.has(canonical)) throw invalidField("duplicateEntry", `${field}[${i}]`, "listed twice");
    seen.add(canonical);
    out.push(canonical);
  });
  return out;
}

/** A WebAuthn relying-party id: a registrable host name, lower case, no port or scheme. */
export function validateRpId(value: string, field: string): string {
  const host = value.trim().toLowerCase();
  const label = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
  if (host.length > LIMITS.rpId || !(new RegExp(`^${label}(?:\\.${label})*$`).test(host))) {
    throw invalidField("invalidRpId", field, "a relying-party id is a host name such as login.example.com (no scheme, port or path)");
  }
  return host;
}

// --- The checks the public routes make ------------------------------------------------

/** What callbackAllowed and originAllowed read of an application. */
export interface RedirectTargets {
  callbackUrls: readonly string[];
  allowedOrigins: readonly string[];
}

/**
 * Spec 2.3: a URL is an allowed callback when it equals a registered Callback URL, or
 * has the same origin as one (https/http callbacks only; a private-use scheme callback
 * must match exactly). Anything the strict parser refuses is never allowed.
 */
export function callbackAllowed(app: Pick<RedirectTargets, "callbackUrls">, candidate: unknown): boolean {
  if (typeof candidate !== "string") return false;
  const url = strictUrl(candidate);
  // Registered callbacks never carry a fragment, so a candidate with one matches nothing.
  if (!url || url.hash) return false;
  for (const registered of app.callbackUrls) {
    if (registered === url.href) return true;
    const reg = strictUrl(registered);
    if (reg && isWeb(reg) && isWeb(url) && reg.origin === url.origin) return true;
  }
  return false;
}

/** True when a request's Origin header is one of the application's Allowed Origins. */
export function originAllowed(app: Pick<RedirectTargets, "allowedOrigins">, origin: string | null | undefined): boolean {
  if (!origin || origin === "null") return false;
  const url = strictUrl(origin);
  if (!url || !isWeb(url) || url.origin !== origin.toLowerCase().replace(/\/$/, "")) return false;
  return app.allowedOrigins.includes(url.origin);
}
