/**
 * The hosted portal's own session (docs/end-users.md "Tokens and sessions"). When a
 * sign-in happens on the portal ({portal_base}/login/{appKey}), the portal keeps the
 * session's refresh token in an HttpOnly cookie instead of handing it to page script,
 * and the application receives a one-time exchange code (60 s) that it trades for a
 * session of its own at auth/session/exchange. Later visits to the portal from any
 * application of the same app group find that cookie through auth/session/handshake and
 * get a fresh code without signing in again.
 */
import type { Cookie } from "elysia";
import type { Config } from "../../../config";
import type { Tx } from "../../../platform/db/database";
import type { AppGroupRow } from "../apps/schema";
import type { SignInClient } from "./sign-in";
import { createFlowToken } from "./flow-tokens";
import { customPortalOf } from "./client";

/** One cookie per app group: a brand's sign-in never replaces another brand's on the same portal host. */
export function portalCookieName(group: Pick<AppGroupRow, "key">): string {
  return `signet_portal_${group.key}`;
}
/** Every public application route, so handshake, exchange and sign-out all receive the cookie. */
export const PORTAL_COOKIE_PATH = "/api/public/apps/";
export const EXCHANGE_CODE_TTL_MS = 60_000;

type Cookies = Record<string, Cookie<unknown>>;

/**
 * The portal a request is on: the app group's custom login domain when it came in there
 * (the sign-in client's `portal`), else the configured `{portal_base}`. Cookies, the
 * passkey relying party, the magic link's landing and "is this the portal" follow it.
 */
export function portalOf(config: Pick<Config, "portalBase">, client: { portal?: Pick<Config, "portalBase"> | null }): Pick<Config, "portalBase"> {
  return client.portal ?? config;
}

/**
 * Where a brand's users are sent to sign in: the custom login domain the request is on,
 * else the group's served custom domain, else `{portal_base}`.
 */
export async function brandPortal(
  deps: { config: Pick<Config, "portalBase">; customDomains: { hosts: { forGroup(appGroupId: string): Promise<{ hostname: string } | null> } } },
  request: Request | null,
  appGroup: Pick<AppGroupRow, "id">,
): Promise<Pick<Config, "portalBase">> {
  const here = request ? customPortalOf(request, appGroup) : null;
  if (here) return here;
  const served = await deps.customDomains.hosts.forGroup(appGroup.id);
  return served ? { portalBase: `https://${served.hostname}` } : deps.config;
}

/** `{portal_base}/login/{clientKey}/verify`: where the portal's magic links land. */
export function portalVerifyUrl(config: Pick<Config, "portalBase">, clientKey: string): string {
  return `${config.portalBase}/login/${clientKey}/verify`;
}

/** `{portal_base}/login/{clientKey}`: the hosted login of an application. */
export function portalLoginUrl(config: Pick<Config, "portalBase">, clientKey: string): string {
  return `${config.portalBase}/login/${clientKey}`;
}

/** The request comes from a page of the hosted portal (its Origin is the portal's origin). */
export function fromPortal(config: Pick<Config, "portalBase">, request: Request): boolean {
  const origin = request.headers.get("origin");
  return origin !== null && origin === new URL(config.portalBase).origin;
}

/** Secure always, except for a portal served over http on a loopback host (local development). */
function secureCookie(config: Pick<Config, "portalBase">): boolean {
  const portal = new URL(config.portalBase);
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(portal.hostname);
  return !(portal.protocol === "http:" && loopback);
}

export function setPortalCookie(config: Pick<Config, "portalBase">, cookie: Cookies, group: Pick<AppGroupRow, "key">, refreshToken: string, expiresAt: number): void {
  cookie[portalCookieName(group)]!.set({
    value: refreshToken,
    httpOnly: true,
    secure: secureCookie(config),
    sameSite: "lax",
    path: PORTAL_COOKIE_PATH,
    expires: new Date(expiresAt),
  });
}

export function clearPortalCookie(config: Pick<Config, "portalBase">, cookie: Cookies, group: Pick<AppGroupRow, "key">): void {
  cookie[portalCookieName(group)]!.set({ value: "", httpOnly: true, secure: secureCookie(config), sameSite: "lax", path: PORTAL_COOKIE_PATH, maxAge: 0, expires: new Date(0) });
}

/** The refresh token of the portal session this browser holds, if any. */
export function portalRefreshToken(cookie: Cookies, group: Pick<AppGroupRow, "key">): string | null {
  const value = cookie[portalCookieName(group)]?.value;
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** What an exchange code carries to auth/session/exchange. */
export interface ExchangeCodeData {
  amr: string[];
  /** The portal session the code came from. */
  portalSessionId: string;
}

/** A one-time code (60 s) for `client.application` that opens a session for `endUserId`. */
export async function issueExchangeCode(tx: Tx, client: SignInClient, endUserId: string, data: ExchangeCodeData, now: number): Promise<string> {
  return createFlowToken(
    tx,
    {
      kind: "exchange_code",
      orgId: client.appGroup.orgId,
      appGroupId: client.appGroup.id,
      applicationId: client.application.id,
      endUserId,
      data: { ...data },
      ttlMs: EXCHANGE_CODE_TTL_MS,
    },
    now,
  );
}

/** `redirectUrl` with `code` appended as a query parameter; null without a redirect. */
export function withCode(redirectUrl: string | null, code: string): string | null {
  if (!redirectUrl) return null;
  const url = new URL(redirectUrl);
  url.searchParams.set("code", code);
  return url.href;
}
