/**
 * Open-redirect attempts in every redirect parameter of the magic-link routes: the
 * landing `redirectUrl` of send is refused (400 redirect_not_allowed), the post-sign-in
 * `postSignInRedirectUrl` of send and `redirectUrl` of verify are dropped; none is ever
 * echoed, mailed or followed.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createTestApp, type TestApp } from "../../../support/harness";
import { createFixture, mailedLink, mailsTo, type Fixture } from "./flows-support";
import { CALLBACK } from "./support";

// Fresh apps and sealed organizations take a few seconds on a busy PostgreSQL.
setDefaultTimeout(30_000);

let t: TestApp;
let fx: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  fx = await createFixture(t, "owner@redirects.example", "Redirect Co");
});
afterAll(() => t.close());

/** The registered callback is https://app.example.com/auth/callback. */
const ATTEMPTS: string[] = [
  "//evil.com",
  "//evil.com/auth/callback",
  "/\\evil.com",
  "\\\\evil.com",
  "https://evil.com",
  "HTTPS://EVIL.COM/auth/callback",
  "https://evil.com@app.example.com/auth/callback",
  "https://app.example.com@evil.com/auth/callback",
  "https://user:pass@app.example.com/auth/callback",
  "https://app.example.com.evil.com/auth/callback",
  "https://app.example.com./auth/callback",
  "https://app.example.com:8443/auth/callback",
  "http://app.example.com/auth/callback",
  "https://evil.com/https://app.example.com/auth/callback",
  "https://evil.com/?next=https://app.example.com/auth/callback",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.domain)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "https:\\\\evil.com",
  "https:/\\evil.com",
  "https://app.example.com\\@evil.com",
  "%2F%2Fevil.com",
  "https:%2F%2Fevil.com",
  "https%3A%2F%2Fevil.com",
  "https://app.example.com%2F%2Fevil.com",
  "https:evil.com",
  "https:/evil.com",
  "https://app.example.com\t.evil.com",
  "https://app.example.com/auth/callback\n.evil.com",
  " https://evil.com",
  "https://evil.com\u0000.app.example.com",
  "https://app.example.com/auth/callback#@evil.com",
  "/auth/callback",
  "auth/callback",
  "",
];

/** Whether "evil" shows up outside the random secrets (tokens are base64url, where those letters may appear by chance). */
function leaked(text: string, ...secrets: Array<string | null | undefined>): boolean {
  let rest = text;
  for (const secret of secrets) if (secret) rest = rest.replaceAll(secret, "");
  return /evil/i.test(rest);
}

// A NUL anywhere in a body is refused by the kernel before any route runs (PostgreSQL's
// text cannot hold one): those attempts are checked on their own below.
const ROUTED_ATTEMPTS = ATTEMPTS.filter((a) => a !== "" && !a.includes("\u0000"));

describe("a redirect with a NUL never reaches a route", () => {
  test.each(ATTEMPTS.filter((a) => a.includes("\u0000")))("%p", async (attempt) => {
    const email = `nul-${crypto.randomUUID().slice(0, 8)}@example.com`;
    for (const body of [{ email, redirectUrl: attempt }, { email, postSignInRedirectUrl: attempt }]) {
      const r = await fx.call("POST", "/auth/magic-link/send", body);
      expect([r.status, r.body.error]).toEqual([400, "invalid_request"]);
    }
    expect(await mailsTo(t, email)).toHaveLength(0);
  });
});

describe("magic-link send: redirectUrl (where the link lands) is refused", () => {
  test.each(ROUTED_ATTEMPTS)("%p", async (attempt) => {
    const email = `land-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const r = await fx.call("POST", "/auth/magic-link/send", { email, redirectUrl: attempt });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("redirect_not_allowed");
    expect(r.body.field).toBe("redirectUrl");
    expect(leaked(r.text)).toBe(false);
    expect(await mailsTo(t, email)).toHaveLength(0);
  });

  test("an empty redirectUrl is 400 invalid_request", async () => {
    const r = await fx.call("POST", "/auth/magic-link/send", { email: "empty@example.com", redirectUrl: "" });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe("redirectUrl");
  });
});

describe("magic-link send: postSignInRedirectUrl is dropped, never carried", () => {
  test.each(ROUTED_ATTEMPTS)("%p", async (attempt) => {
    const email = `post-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const r = await fx.call("POST", "/auth/magic-link/send", { email, postSignInRedirectUrl: attempt });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sent: true });
    const link = await mailedLink(t, email);
    expect(link.searchParams.has("redirect_url")).toBe(false);
    const [mail] = await mailsTo(t, email);
    expect(leaked(mail!.text, link.searchParams.get("token"))).toBe(false);
    const verified = await fx.call("POST", "/auth/magic-link/verify", { token: link.searchParams.get("token") });
    expect(verified.status).toBe(200);
    expect(verified.body.redirectUrl).toBeNull();
  });
});

describe("magic-link verify: a tampered redirect_url is dropped, the sign-in still completes", () => {
  test.each(ROUTED_ATTEMPTS)("%p", async (attempt) => {
    const email = `verify-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await fx.call("POST", "/auth/magic-link/send", { email, postSignInRedirectUrl: CALLBACK });
    const link = await mailedLink(t, email);
    expect(link.searchParams.get("redirect_url")).toBe(CALLBACK);
    const verified = await fx.call("POST", "/auth/magic-link/verify", { token: link.searchParams.get("token"), redirectUrl: attempt });
    expect(verified.status).toBe(200);
    expect(verified.body.redirectUrl).toBeNull();
    expect(leaked(verified.text, verified.body.accessToken, verified.body.refreshToken)).toBe(false);
  });

  test("a portal sign-in with a dropped redirect has redirectTo null (the code is not sent anywhere)", async () => {
    const email = "portal-drop@example.com";
    await fx.call("POST", "/auth/magic-link/send", { email });
    const link = await mailedLink(t, email);
    const r = await fx.call("POST", "/auth/magic-link/verify", { token: link.searchParams.get("token"), redirectUrl: "https://evil.com/cb" }, { origin: new URL(t.config.portalBase).origin });
    expect(r.status).toBe(200);
    expect(r.body.code).toBeTruthy();
    expect(r.body.redirectTo).toBeNull();
  });

  test("a Callback URL removed after the send is dropped at verify (checked again)", async () => {
    const f = await createFixture(t, "owner2@redirects.example", "Recheck Co");
    await f.call("POST", "/auth/magic-link/send", { email: "recheck@example.com", postSignInRedirectUrl: "https://app.example.com/next" });
    const link = await mailedLink(t, "recheck@example.com");
    const api = (await import("../apps/support")).orgApi(t, f.org);
    expect((await api("PUT", `/applications/${f.application.id}`, f.org.owner.token, { callbackUrls: ["https://other.example.com/cb"] })).status).toBe(200);
    const r = await f.call("POST", "/auth/magic-link/verify", { token: link.searchParams.get("token"), redirectUrl: link.searchParams.get("redirect_url") });
    expect(r.status).toBe(200);
    expect(r.body.redirectUrl).toBeNull();
  });
});

describe("what is allowed", () => {
  test("same origin as a Callback URL, and the exact portal verify route", async () => {
    const sameOrigin = await fx.call("POST", "/auth/magic-link/send", { email: "ok1@example.com", redirectUrl: "https://app.example.com/other/path?x=1", postSignInRedirectUrl: "https://app.example.com/done" });
    expect(sameOrigin.status).toBe(200);
    const link = await mailedLink(t, "ok1@example.com");
    expect(link.origin + link.pathname).toBe("https://app.example.com/other/path");
    expect(link.searchParams.get("x")).toBe("1");
    expect(link.searchParams.get("redirect_url")).toBe("https://app.example.com/done");
    const portal = `${t.config.portalBase}/login/${fx.clientKey}/verify`;
    expect((await fx.call("POST", "/auth/magic-link/send", { email: "ok2@example.com", redirectUrl: portal })).status).toBe(200);
    // Another application's portal route is not this one's.
    const other = await fx.call("POST", "/auth/magic-link/send", { email: "ok3@example.com", redirectUrl: `${t.config.portalBase}/login/client_other/verify` });
    expect(other.body.error).toBe("redirect_not_allowed");
  });
});
