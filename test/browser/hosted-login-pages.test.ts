/**
 * The hosted login pages over HTTP (no browser): /login/{appKey} and /verify serve the
 * bundled page with the state the server decided (screen, app key, redirect), 404 for an
 * unknown or disabled key or a deleted group, and a redirect_url that is not one of the
 * application's Callback URLs never reaches the page.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../support/harness";
import { CALLBACK, createSignInFixture, type SignInFixture } from "../modules/customers/end-users/support";
import { orgApi } from "../modules/customers/apps/support";

let t: TestApp;
let fx: SignInFixture;

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNET_PORTAL_BASE: "https://login.example.net" } });
  fx = await createSignInFixture(t, "owner@pages.example", "Pages Co");
});
afterAll(() => t?.close());

/** The page's state from its meta tag, as the browser script reads it. */
function stateOf(html: string): { view: string; appKey: string; redirectUrl: string | null } {
  const match = html.match(/<meta name="signet-portal" content="([^"]*)"/);
  if (!match) throw new Error("no portal state in the page");
  const unescaped = match[1]!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return JSON.parse(unescaped);
}

describe("GET /login/{appKey}", () => {
  test("serves the sign-in screen for an active application, with headers that keep the page to itself", async () => {
    const r = await t.request("GET", `/login/${fx.clientKey}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/html");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("referrer-policy")).toBe("no-referrer");
    const csp = r.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors *");
    expect(stateOf(r.text)).toEqual({ view: "sign_in", appKey: fx.clientKey, redirectUrl: null });
    // The bundled script and style are served beside it.
    const script = r.text.match(/src="(\/ui\/[^"]+\.js)"/)![1]!;
    expect((await t.request("GET", script)).status).toBe(200);
  });

  test("the verify page is the same page on its verify screen", async () => {
    const r = await t.request("GET", `/login/${fx.clientKey}/verify?token=abc`);
    expect(r.status).toBe(200);
    expect(stateOf(r.text)).toEqual({ view: "verify", appKey: fx.clientKey, redirectUrl: null });
  });

  test("a registered redirect_url (exact or same origin) is passed to the page", async () => {
    let r = await t.request("GET", `/login/${fx.clientKey}?redirect_url=${encodeURIComponent(CALLBACK)}`);
    expect(stateOf(r.text).redirectUrl).toBe(CALLBACK);
    const sameOrigin = "https://app.example.com/after?tab=2";
    r = await t.request("GET", `/login/${fx.clientKey}/verify?redirect_url=${encodeURIComponent(sameOrigin)}`);
    expect(stateOf(r.text).redirectUrl).toBe(sameOrigin);
  });

  test("open-redirect attempts are dropped, never echoed into the page", async () => {
    const attempts = [
      "//evil.com",
      "https://evil.com",
      "https://evil.com@app.example.com/auth/callback",
      "https://app.example.com@evil.com/",
      "https://app.example.com.evil.com/auth/callback",
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "https:\\\\evil.com",
      "https://app.example.com\\@evil.com",
      "%2F%2Fevil.com",
      "https:%2F%2Fevil.com",
      "https://app.example.com%2F@evil.com",
      "http://app.example.com/auth/callback",
      "https://app.example.com/auth/callback#frag",
      "\thttps://evil.com",
      "https://evil.com\n",
      "/relative/path",
    ];
    for (const attempt of attempts) {
      const r = await t.request("GET", `/login/${fx.clientKey}?redirect_url=${encodeURIComponent(attempt)}`);
      expect(r.status).toBe(200);
      expect(stateOf(r.text).redirectUrl).toBeNull();
      expect(r.text).not.toContain("evil.com");
    }
    // A repeated parameter is not a string: dropped too.
    const r = await t.request("GET", `/login/${fx.clientKey}?redirect_url=${encodeURIComponent(CALLBACK)}&redirect_url=https://evil.com`);
    expect(stateOf(r.text).redirectUrl).toBeNull();
  });

  test("the app key cannot inject markup into the page", async () => {
    const r = await t.request("GET", `/login/${encodeURIComponent('client_"><script>alert(1)</script>')}`);
    expect(r.status).toBe(404);
    expect(r.text).not.toContain("<script>alert(1)");
    expect(stateOf(r.text).view).toBe("not_found");
  });

  test("unknown key, disabled application and deleted app group: the not-found page with 404", async () => {
    for (const key of ["client_nope", "appgroup_x", "nothing"]) {
      const r = await t.request("GET", `/login/${key}`);
      expect(r.status).toBe(404);
      expect(r.headers.get("content-type")).toContain("text/html");
      expect(stateOf(r.text).view).toBe("not_found");
      expect((await t.request("GET", `/login/${key}/verify`)).status).toBe(404);
    }

    const api = orgApi(t, fx.org);
    expect((await api("PATCH", `/applications/${fx.application.id}/status`, fx.org.owner.token, { status: "disabled" })).status).toBe(200);
    let r = await t.request("GET", `/login/${fx.clientKey}?redirect_url=${encodeURIComponent(CALLBACK)}`);
    expect(r.status).toBe(404);
    expect(stateOf(r.text)).toEqual({ view: "not_found", appKey: fx.clientKey, redirectUrl: null });
    expect((await api("PATCH", `/applications/${fx.application.id}/status`, fx.org.owner.token, { status: "active" })).status).toBe(200);
    expect((await t.request("GET", `/login/${fx.clientKey}`)).status).toBe(200);

    const other = await createSignInFixture(t, "owner@deleted.example", "Deleted Co");
    expect((await orgApi(t, other.org)("DELETE", `/app-groups/${other.group.id}`, other.org.owner.token)).status).toBe(200);
    r = await t.request("GET", `/login/${other.clientKey}`);
    expect(r.status).toBe(404);
  });
});
