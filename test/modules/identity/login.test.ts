/**
 * The dashboard login page and the hand-over of spec 5.7, rule by rule:
 * 1. the account-owner gate (/login) is not the end-user gate (/login/{appKey});
 * 2. a session matching login_hint forwards at once;
 * 3. no session opens the form with the hint filled and the passkey (and social) options closed;
 * 4. a different session: prompt omitted or login → the hint wins, the other session is signed out;
 * 5. prompt select_account → the person chooses; nothing is signed out until they do;
 * 6. an unrecognised prompt is treated as the default;
 * 7. returnUrl is honoured only after the identity check, and only to this deployment's origins.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { magicLinks, sessions } from "../../../src/modules/identity/schema";
import { sha256Hex } from "../../../src/platform/crypto/hash";
import { MINUTE } from "../../support/clock";
import { createTestApp, type TestApp, type TestResponse } from "../../support/harness";
import { cookieHeader, mailsTo, newMagicLink, sessionCookie, sessionSetCookie, signInWithMagicLink } from "./support";

let t: TestApp;
let dash: string;
beforeAll(async () => {
  t = await createTestApp();
  dash = t.config.dashboardBase;
});
afterAll(() => t.close());

function loginPath(query: Record<string, string>): string {
  return `/login?${new URLSearchParams(query)}`;
}
const isLive = async (token: string) => (await t.ctx.db.read.select().from(sessions).where(eq(sessions.id, sha256Hex(token)))).length === 1;

/** The value of the input named `name` in a page, or undefined. */
function inputValue(page: string, name: string): string | undefined {
  const tag = page.match(new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`))?.[0];
  if (!tag) return undefined;
  const value = tag.match(/\bvalue="([^"]*)"/)?.[1] ?? "";
  return value.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
}

function expectSignInForm(r: TestResponse, hint: string | null) {
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toContain("text/html");
  expect(r.headers.get("cache-control")).toBe("no-store");
  expect(r.text).toContain('data-gate="dashboard"');
  expect(r.text).toMatch(/<form[^>]*method="post"[^>]*action="\/login"/);
  // A labelled e-mail field.
  expect(r.text).toMatch(/<label for="email">/);
  expect(r.text).toMatch(/<input[^>]*id="email"[^>]*type="email"/);
  expect(inputValue(r.text, "email")).toBe(hint ?? "");
}

describe("rule 1: the dashboard gate and the end-user gate are separate", () => {
  test("/login is the dashboard's sign-in page; /login/{appKey} is not it", async () => {
    expectSignInForm(await t.request("GET", "/login"), null);
    const portal = await t.request("GET", "/login/app_0123456789");
    expect(portal.text).not.toContain('data-gate="dashboard"');
  });
});

describe("rule 2: a session matching the hint forwards immediately", () => {
  test("303 to the returnUrl; the hint is compared without regard to case", async () => {
    const { cookie } = await signInWithMagicLink(t, "owner@acme.example");
    const r = await t.request("GET", loginPath({ returnUrl: `${dash}/orgs/acme`, login_hint: "Owner@ACME.example" }), { headers: cookieHeader(cookie) });
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`${dash}/orgs/acme`);
    expect(await isLive(cookie)).toBe(true);
  });

  test("without a returnUrl, or with one outside this deployment, it forwards to /", async () => {
    const { cookie } = await signInWithMagicLink(t, "owner2@acme.example");
    for (const returnUrl of [undefined, "https://evil.example/", "//evil.example", "javascript:alert(1)", "/\\evil.example"]) {
      const query: Record<string, string> = { login_hint: "owner2@acme.example" };
      if (returnUrl !== undefined) query.returnUrl = returnUrl;
      const r = await t.request("GET", loginPath(query), { headers: cookieHeader(cookie) });
      expect(r.status).toBe(303);
      expect(r.headers.get("location")).toBe("/");
    }
  });

  test("a session and no hint forwards too: any signed-in account will do", async () => {
    const { cookie } = await signInWithMagicLink(t, "nohint@acme.example");
    const r = await t.request("GET", loginPath({ returnUrl: "/orgs/x" }), { headers: cookieHeader(cookie) });
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`${dash}/orgs/x`);
  });
});

describe("rule 3: no session opens the form", () => {
  test("with the hint filled, the returnUrl carried, and the passkey and social options closed", async () => {
    const r = await t.request("GET", loginPath({ returnUrl: "/orgs/acme", login_hint: "Hinted@Acme.example" }));
    expectSignInForm(r, "hinted@acme.example");
    expect(inputValue(r.text, "login_hint")).toBe("hinted@acme.example");
    expect(inputValue(r.text, "returnUrl")).toBe(`${dash}/orgs/acme`);
    expect(r.text).not.toContain('id="passkey-sign-in"');
    expect(r.text).not.toMatch(/social/i);
  });

  test("without a hint the passkey option is offered", async () => {
    const r = await t.request("GET", "/login");
    expectSignInForm(r, null);
    expect(r.text).toContain('id="passkey-sign-in"');
    expect(inputValue(r.text, "login_hint")).toBeUndefined();
  });

  test("a returnUrl outside this deployment is not carried; a malformed hint is no hint", async () => {
    const r = await t.request("GET", loginPath({ returnUrl: "https://evil.example/x", login_hint: "not-an-address" }));
    expectSignInForm(r, null);
    expect(r.text).not.toContain("evil.example");
    expect(inputValue(r.text, "returnUrl")).toBeUndefined();
  });

  test("a stale cookie is no session: the form is shown and the cookie cleared", async () => {
    const r = await t.request("GET", loginPath({ login_hint: "a@acme.example" }), { headers: cookieHeader("stale-token") });
    expectSignInForm(r, "a@acme.example");
    expect(sessionCookie(r)).toBe("");
  });

  test("markup in the hint or returnUrl is escaped, never rendered", async () => {
    const r = await t.request("GET", loginPath({ returnUrl: '/x"><script>alert(1)</script>', login_hint: '"><img src=x onerror=alert(1)>@x.example' }));
    expect(r.status).toBe(200);
    expect(r.text).not.toContain("<script>alert(1)</script>");
    expect(r.text).not.toContain("<img src=x");
  });
});

describe("rule 4: a different session, prompt omitted or login: the hint wins", () => {
  for (const prompt of [undefined, "login"]) {
    test(`prompt ${prompt ?? "omitted"}: the other session is signed out and the form shows the hint`, async () => {
      const { cookie } = await signInWithMagicLink(t, `other-${prompt ?? "none"}@acme.example`);
      const query: Record<string, string> = { returnUrl: "/orgs/acme", login_hint: "hinted@acme.example" };
      if (prompt) query.prompt = prompt;
      const r = await t.request("GET", loginPath(query), { headers: cookieHeader(cookie) });
      expectSignInForm(r, "hinted@acme.example");
      expect(r.headers.get("location")).toBeNull();
      expect(sessionCookie(r)).toBe("");
      expect(await isLive(cookie)).toBe(false);
      expect((await t.request("GET", "/api/auth/session", { headers: cookieHeader(cookie) })).status).toBe(401);
    });
  }
});

describe("rule 5: prompt select_account lets the person choose", () => {
  test("a chooser; nothing is signed out until the person chooses", async () => {
    const { cookie } = await signInWithMagicLink(t, "current@acme.example");
    const r = await t.request("GET", loginPath({ returnUrl: "/orgs/acme", login_hint: "hinted@acme.example", prompt: "select_account" }), {
      headers: cookieHeader(cookie),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/html");
    expect(r.text).toContain('data-gate="dashboard"');
    expect(r.text).toContain("current@acme.example");
    expect(r.text).toContain("hinted@acme.example");
    expect(sessionSetCookie(r)).toBeUndefined();
    expect(await isLive(cookie)).toBe(true);

    const links = [...r.text.matchAll(/<a[^>]*id="(continue|switch)"[^>]*href="([^"]+)"/g)].map((m) => [m[1], m[2]!.replaceAll("&amp;", "&")]);
    const target = Object.fromEntries(links);
    // Continue as the current account: straight to the returnUrl, the session kept.
    expect(target.continue).toBe(`${dash}/orgs/acme`);
    // Use the hinted account: the default prompt, which signs the current session out.
    const switched = await t.request("GET", target.switch!, { headers: cookieHeader(cookie) });
    expectSignInForm(switched, "hinted@acme.example");
    expect(inputValue(switched.text, "returnUrl")).toBe(`${dash}/orgs/acme`);
    expect(sessionCookie(switched)).toBe("");
    expect(await isLive(cookie)).toBe(false);
  });

  test("without a returnUrl, continuing goes to /", async () => {
    const { cookie } = await signInWithMagicLink(t, "current2@acme.example");
    const r = await t.request("GET", loginPath({ login_hint: "hinted@acme.example", prompt: "select_account" }), { headers: cookieHeader(cookie) });
    expect(r.text).toMatch(/<a[^>]*id="continue"[^>]*href="\/"/);
  });

  test("a matching session still forwards, and no session still gets the form", async () => {
    const { cookie } = await signInWithMagicLink(t, "match@acme.example");
    const forwarded = await t.request("GET", loginPath({ login_hint: "match@acme.example", prompt: "select_account" }), { headers: cookieHeader(cookie) });
    expect(forwarded.status).toBe(303);
    expectSignInForm(await t.request("GET", loginPath({ login_hint: "match@acme.example", prompt: "select_account" })), "match@acme.example");
  });
});

describe("rule 6: an unrecognised prompt is the default", () => {
  for (const prompt of ["consent", "none", "SELECT_ACCOUNT", "select_account login", ""]) {
    test(`prompt "${prompt}" signs the other session out`, async () => {
      const { cookie } = await signInWithMagicLink(t, `unrecognised-${crypto.randomUUID().slice(0, 8)}@acme.example`);
      const r = await t.request("GET", loginPath({ login_hint: "hinted@acme.example", prompt }), { headers: cookieHeader(cookie) });
      expectSignInForm(r, "hinted@acme.example");
      expect(await isLive(cookie)).toBe(false);
    });
  }
});

describe("rule 7: returnUrl only after the identity check", () => {
  test("end to end in a browser: form → mail → click → back through /login → returnUrl", async () => {
    const page = await t.request("GET", loginPath({ returnUrl: "/orgs/acme", login_hint: "owner@hand-over.example" }));
    expect(page.status).toBe(200); // no session: nothing is forwarded before the identity check

    const seen = new Set((await mailsTo(t, "owner@hand-over.example")).map((m) => m.id));
    const form = new URLSearchParams({ email: inputValue(page.text, "email")!, login_hint: inputValue(page.text, "login_hint")!, returnUrl: inputValue(page.text, "returnUrl")! });
    const sent = await t.request("POST", "/login", { body: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(sent.status).toBe(200);
    expect(sent.headers.get("content-type")).toContain("text/html");
    expect(sent.text).toContain("owner@hand-over.example");
    expect(sent.text).toMatch(/check your (e-mail|inbox)/i);

    const { url } = await newMagicLink(t, "owner@hand-over.example", seen);
    const clicked = await t.request("GET", new URL(url).pathname + new URL(url).search);
    expect(clicked.status).toBe(303);
    const back = clicked.headers.get("location")!;
    expect(new URL(back, dash).pathname).toBe("/login");
    const cookie = sessionCookie(clicked)!;

    const landed = await t.request("GET", new URL(back, dash).pathname + new URL(back, dash).search, { headers: cookieHeader(cookie) });
    expect(landed.status).toBe(303);
    expect(landed.headers.get("location")).toBe(`${dash}/orgs/acme`);
  });

  test("signing in as another address from the hinted form never reaches the returnUrl", async () => {
    const seen = new Set<string>();
    const form = new URLSearchParams({ email: "someone-else@hand-over.example", login_hint: "owner@hand-over.example", returnUrl: `${dash}/orgs/acme` });
    expect((await t.request("POST", "/login", { body: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(200);
    const { url } = await newMagicLink(t, "someone-else@hand-over.example", seen);
    const clicked = await t.request("GET", new URL(url).pathname + new URL(url).search);
    const back = new URL(clicked.headers.get("location")!, dash);
    const cookie = sessionCookie(clicked)!;
    const landed = await t.request("GET", back.pathname + back.search, { headers: cookieHeader(cookie) });
    // The hint wins: the other account is signed out and the form asks again.
    expectSignInForm(landed, "owner@hand-over.example");
    expect(await isLive(cookie)).toBe(false);
  });

  test("a hand-over link without a hint comes back to the returnUrl after any sign-in", async () => {
    const form = new URLSearchParams({ email: "anyone@hand-over.example", returnUrl: `${dash}/orgs/any` });
    expect((await t.request("POST", "/login", { body: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(200);
    const [link] = await t.ctx.db.read.select().from(magicLinks).where(eq(magicLinks.email, "anyone@hand-over.example"));
    expect(link!.returnUrl).toBe(`${dash}/login?returnUrl=${encodeURIComponent(`${dash}/orgs/any`)}`);
  });

  test("a returnUrl outside this deployment posted to the form is dropped", async () => {
    const form = new URLSearchParams({ email: "dropped@hand-over.example", returnUrl: "https://evil.example/" });
    expect((await t.request("POST", "/login", { body: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(200);
    const [link] = await t.ctx.db.read.select().from(magicLinks).where(eq(magicLinks.email, "dropped@hand-over.example"));
    expect(link!.returnUrl).toBe(`${dash}/login`);
  });
});

describe("POST /login (the form)", () => {
  const post = (fields: Record<string, string>) =>
    t.request("POST", "/login", { body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });

  test("an invalid address shows the form again with the error and what was typed; nothing is sent", async () => {
    const r = await post({ email: "nope", login_hint: "hint@x.example", returnUrl: "/orgs/a" });
    expect(r.status).toBe(400);
    expect(r.headers.get("content-type")).toContain("text/html");
    expect(r.text).toMatch(/role="alert"/);
    expect(inputValue(r.text, "email")).toBe("nope");
    expect(inputValue(r.text, "login_hint")).toBe("hint@x.example");
    expect(inputValue(r.text, "returnUrl")).toBe(`${dash}/orgs/a`);
    expect(await mailsTo(t, "nope")).toEqual([]);
    expect((await post({})).status).toBe(400);
  });

  test("shares the magic-link limits: the sixth send in 15 minutes is a 429 page with Retry-After", async () => {
    const window = 15 * MINUTE;
    t.clock.set(Math.ceil((t.clock.now() + 1) / window) * window);
    for (let i = 0; i < 5; i++) expect((await post({ email: "busy@x.example" })).status).toBe(200);
    const r = await post({ email: "busy@x.example" });
    expect(r.status).toBe(429);
    expect(r.headers.get("content-type")).toContain("text/html");
    expect(r.headers.get("retry-after")).toBe("900");
    expect(r.text).toContain("15 minutes");
    expect(await mailsTo(t, "busy@x.example")).toHaveLength(5);
  });
});
