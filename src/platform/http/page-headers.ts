/**
 * The headers every HTML page the server sends carries (DESIGN §9): a Content-Security-
 * Policy that names where the page may load from and who may frame it, the matching
 * X-Frame-Options for browsers that predate frame-ancestors, nosniff, no Referer (page
 * addresses can carry tokens) and no caching of pages that depend on who asks.
 */
import { randomBytes } from "node:crypto";

export interface PagePolicy {
  /** Script sources beyond 'self' (a nonce is added with `nonce`). */
  scripts?: readonly string[];
  /** A per-response nonce: the page's inline scripts carry it. */
  nonce?: string;
  images?: readonly string[];
  frames?: readonly string[];
  connect?: readonly string[];
  /** Who may frame the page; default nobody. */
  frameAncestors?: readonly string[];
  cache?: "no-store" | "no-cache";
}

export function pageHeaders(policy: PagePolicy = {}): Record<string, string> {
  const ancestors = policy.frameAncestors?.length ? policy.frameAncestors : ["'none'"];
  const list = (extra: readonly string[] | undefined) => ["'self'", ...(extra ?? [])].join(" ");
  const csp = [
    "default-src 'self'",
    `script-src ${list([...(policy.scripts ?? []), ...(policy.nonce ? [`'nonce-${policy.nonce}'`] : [])])}`,
    // Inline style attributes are how the pages lay out; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list(policy.images)}`,
    `frame-src ${list(policy.frames)}`,
    `connect-src ${list(policy.connect)}`,
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    `frame-ancestors ${ancestors.join(" ")}`,
  ].join("; ");
  return {
    "content-type": "text/html; charset=utf-8",
    "cache-control": policy.cache ?? "no-store",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    // Only 'none' and 'self' have an X-Frame-Options form; other framers rely on the CSP.
    ...(ancestors.length === 1 && ancestors[0] === "'none'" ? { "x-frame-options": "DENY" } : ancestors.every((a) => a === "'self'") ? { "x-frame-options": "SAMEORIGIN" } : {}),
    "content-security-policy": csp,
  };
}

/** A fresh nonce for one response's inline scripts. */
export function scriptNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Marks every inline `<script>` of a page the server rendered (its own templates) with the nonce. */
export function withNonce(html: string, nonce: string): string {
  return html.replaceAll("<script>", `<script nonce="${nonce}">`);
}
