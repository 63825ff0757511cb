/**
 * The hosted login portal end to end in Chromium. The service runs on a real loopback
 * port and is its own portal (config.portalBase = http://localhost:PORT, so the
 * WebAuthn relying-party id is "localhost"); a second loopback server plays the
 * customer's application, whose Callback URL is where the portal sends people back
 * with ?code=. The application then trades the code over HTTP, as an SDK would, and
 * checks the end-user token against the org's published JWKS.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { endUserPasskeys, endUserSessions, endUsers } from "../../src/modules/customers/end-users/schema";
import { outboxMessages } from "../../src/platform/outbound/schema";
import { orgApi } from "../modules/customers/apps/support";
import { createSignInFixture, type SignInFixture } from "../modules/customers/end-users/support";
import { recordingGateway } from "../modules/customers/end-users/mfa/support";
import { verifyWithRemoteJwks } from "../modules/access/machine/support";
import { chromiumAvailable, describeInChromium, launchChromium } from "../support/browser";
import { TestClock } from "../support/clock";
import { createTestApp, type TestApp } from "../support/harness";
import { startOidcPeer, type OidcPeer, type PeerClient } from "../support/oidc-peer";

const describeBrowser = describeInChromium("hosted login");
/** A browser round trip takes seconds, more on PostgreSQL and a busy machine. */
const BROWSER_TIMEOUT_MS = 60_000;

let t: TestApp;
/** The SMS gateway the MFA screens text through. */
const sms = recordingGateway();
/** A real OpenID provider playing Google. */
let google: OidcPeer;
const GOOGLE_CLIENT: PeerClient = { clientId: "acme-web.apps.example", clientSecret: "acme-google-secret", redirectUris: [] };
let fx: SignInFixture;
let browser: Browser;
let service: ReturnType<typeof Bun.serve>;
let customerApp: ReturnType<typeof Bun.serve>;
/** Plays Cloudflare's siteverify: only HUMAN_TOKEN passes. */
let siteverify: ReturnType<typeof Bun.serve>;
const HUMAN_TOKEN = "token-of-a-human";
const TURNSTILE_SITE_KEY = "1x00000000000000000000AA";
/** The service and its portal: http://localhost:PORT. */
let portal: string;
/** The customer's application and its registered Callback URL. */
let appOrigin: string;
let callback: string;

const BRANDING = {
  name: "Acme Travel",
  iconUrl: "https://cdn.acme.example/icon.png",
  brandColor: "#aa3300",
  branding: { backgroundColor: "#102030", textColor: "#f0f0f0", heroTitle: "Welcome aboard", heroSubtitle: "Sign in to see your trips" },
};

beforeAll(async () => {
  if (!chromiumAvailable) return;
  let app: TestApp["app"] | undefined;
  service = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => app!.handle(request) });
  portal = `http://localhost:${service.port}`;
  customerApp = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: () => new Response("<!doctype html><title>Acme app</title><h1>Acme app callback</h1>", { headers: { "content-type": "text/html" } }),
  });
  appOrigin = `http://127.0.0.1:${customerApp.port}`;
  callback = `${appOrigin}/auth/callback`;
  siteverify = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const form = await request.formData();
      const human = form.get("secret") === "turnstile-secret" && form.get("response") === HUMAN_TOKEN;
      return Response.json(human ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] });
    },
  });
  google = await startOidcPeer({
    clients: [{ ...GOOGLE_CLIENT, redirectUris: [`${portal}/api/public/auth/social/callback`] }],
    accounts: { alice: { email: "alice@acme.example", email_verified: true, name: "Alice" } },
  });
  // Chromium and the OpenID peer keep time by the wall clock: the portal cookie's expiry
  // and the peer's id_token must be in the app's present.
  t = await createTestApp({
    clock: new TestClock(Date.now()),
    sms: sms.sender,
    env: {
      SIGNET_BASE_URL: portal,
      SIGNET_PORTAL_BASE: portal,
      SIGNET_TURNSTILE_SITE_KEY: TURNSTILE_SITE_KEY,
      SIGNET_TURNSTILE_SECRET: "turnstile-secret",
      SIGNET_TURNSTILE_VERIFY_URL: `http://127.0.0.1:${siteverify.port}/siteverify`,
      SIGNET_SOCIAL_ENDPOINTS: JSON.stringify({ google: google.endpoints }),
    },
  });
  app = t.app;
  fx = await createSignInFixture(t, "owner@acme.example", "Acme", { ...BRANDING, loginMethods: { magicLink: true, passkey: true, smsMfa: "off" } });
  const r = await orgApi(t, fx.org)("PUT", `/applications/${fx.application.id}`, fx.org.owner.token, { allowedOrigins: [appOrigin], callbackUrls: [callback] });
  if (r.status !== 200) throw new Error(`application: ${r.status} ${r.text}`);
  browser = await launchChromium();
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await browser?.close();
  service?.stop(true);
  customerApp?.stop(true);
  siteverify?.stop(true);
  await google?.close();
  await t?.close();
});

const loginUrl = (redirectUrl?: string) => `${portal}/login/${fx.clientKey}${redirectUrl ? `?redirect_url=${encodeURIComponent(redirectUrl)}` : ""}`;

/** A fresh browser profile (no portal cookie) at 360 px wide, recording every host it navigates to. */
async function freshPage(): Promise<{ context: BrowserContext; page: Page; hosts: Set<string> }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const hosts = new Set<string>();
  page.on("request", (request) => {
    if (request.isNavigationRequest()) hosts.add(new URL(request.url()).host);
  });
  return { context, page, hosts };
}

/** The newest sign-in link mailed to `email`. */
async function magicLinkFor(email: string): Promise<string> {
  const [mail] = await t.ctx.db.read
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, "mail"), eq(outboxMessages.to, email)))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  const link = mail?.links.find((l) => l.startsWith(`${portal}/login/${fx.clientKey}/verify`));
  if (!link) throw new Error(`no sign-in link mailed to ${email}`);
  return link;
}

/** Asks for a magic link on the open portal page, by keyboard only, and waits for the notice. */
async function requestMagicLink(page: Page, email: string): Promise<string> {
  await page.getByLabel("E-mail address").waitFor();
  await page.getByLabel("E-mail address").focus();
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await page.locator("#magic-link-sent").waitFor();
  expect(await page.textContent("#magic-link-sent")).toContain(email);
  return magicLinkFor(email);
}

/** What the customer's application does with the ?code= it received: a session of its own. */
async function exchangeAtApp(landedOn: string) {
  const url = new URL(landedOn);
  expect(url.origin).toBe(appOrigin);
  expect(url.pathname).toBe("/auth/callback");
  const code = url.searchParams.get("code");
  expect(code).toBeTruthy();
  const r = await fetch(`${portal}/api/public/apps/${fx.clientKey}/auth/session/exchange`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: appOrigin },
    body: JSON.stringify({ code }),
  });
  expect(r.status).toBe(200);
  const session = (await r.json()) as any;
  const claims = await verifyWithRemoteJwks(portal, fx.org.slug, session.accessToken, new Date(t.clock.now()));
  expect(claims.aud).toBe(fx.clientKey);
  return { session, claims, code: code! };
}

async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

describeBrowser("the hosted login page in Chromium", () => {
  test("carries the app group's branding and offers exactly the configured methods, 360 px wide", async () => {
    await fx.updateGroup({ loginMethods: { magicLink: true, passkey: false }, socialProviders: { google: { clientId: "g-id", clientSecret: "g-secret" }, github: { enabled: false, clientId: "gh-id", clientSecret: "gh-secret" } } });
    const { context, page } = await freshPage();
    await page.goto(loginUrl(callback));
    await page.locator("#methods").waitFor();
    expect(await page.textContent("#hero-title")).toBe("Welcome aboard");
    expect(await page.textContent("#hero-subtitle")).toBe("Sign in to see your trips");
    expect(await page.textContent("#brand-name")).toBe("Acme Travel");
    expect(await page.getAttribute("#brand-icon", "src")).toBe(BRANDING.iconUrl);
    expect(await page.title()).toBe("Sign in · Acme Travel");
    const colors = await page.evaluate(() => ({
      background: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.body).color,
      button: getComputedStyle(document.getElementById("magic-link-send")!).backgroundColor,
    }));
    expect(colors).toEqual({ background: "rgb(16, 32, 48)", text: "rgb(240, 240, 240)", button: "rgb(170, 51, 0)" });

    expect(await page.isVisible("#magic-link-form")).toBe(true);
    expect(await page.isVisible("#passkey-login")).toBe(false);
    const social = await page.$$eval("#social a", (links) => links.map((a) => ({ provider: (a as HTMLElement).dataset.provider, href: (a as HTMLAnchorElement).href, text: a.textContent })));
    expect(social).toHaveLength(1);
    expect(social[0]!.provider).toBe("google");
    expect(social[0]!.text).toContain("Google");
    const start = new URL(social[0]!.href);
    expect(start.pathname).toBe(`/api/public/apps/${fx.clientKey}/auth/social/google/start`);
    const back = new URL(start.searchParams.get("redirect_url")!);
    expect(back.origin + back.pathname).toBe(`${portal}/login/${fx.clientKey}/verify`);
    expect(back.searchParams.get("redirect_url")).toBe(callback);
    expect(await page.isVisible("#turnstile")).toBe(false);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await fx.updateGroup({ loginMethods: { magicLink: false, passkey: true }, socialProviders: { google: null, github: null } });
    await page.reload();
    await page.locator("#methods").waitFor();
    expect(await page.isVisible("#magic-link-form")).toBe(false);
    expect(await page.isVisible("#passkey-login")).toBe(true);
    expect(await page.$$("#social a")).toHaveLength(0);

    await fx.updateGroup({ loginMethods: { magicLink: true, passkey: true }, botProtection: true });
    await page.reload();
    await page.locator("#methods").waitFor();
    expect(await page.isVisible("#turnstile")).toBe(true);
    expect(await page.getAttribute("#turnstile", "data-sitekey")).toBe(TURNSTILE_SITE_KEY);
    await fx.updateGroup({ botProtection: false });
    await context.close();
  }, BROWSER_TIMEOUT_MS);

  test("an unknown or disabled application key shows the not-found page", async () => {
    const { context, page } = await freshPage();
    const response = await page.goto(`${portal}/login/client_nope`);
    expect(response!.status()).toBe(404);
    await page.locator("#not-found").waitFor();
    expect(await page.textContent("#not-found")).toContain("does not exist");
    expect(await page.isVisible("#methods")).toBe(false);
    await context.close();
  }, BROWSER_TIMEOUT_MS);

  test("magic link end to end: mailed link, opened in the browser, back at the app's callback with ?code=, tokens verified with the org JWKS", async () => {
    const { context, page, hosts } = await freshPage();
    await page.goto(loginUrl(callback));
    const link = await requestMagicLink(page, "traveller@acme.example");
    expect(new URL(link).searchParams.get("redirect_url")).toBe(callback);

    await page.goto(link);
    await page.waitForURL((url) => url.origin === appOrigin);
    const { session, claims } = await exchangeAtApp(page.url());
    expect(claims.email).toBe("traveller@acme.example");
    expect(claims.amr).toEqual(["otp"]);
    expect(session.endUser.email).toBe("traveller@acme.example");
    expect(session.refreshToken).toBeTruthy();
    expect([...hosts].every((h) => h === new URL(portal).host || h === new URL(appOrigin).host)).toBe(true);

    // The link is single-use: opened again, the portal says so in plain words.
    await page.goto(link);
    await page.locator("#error").waitFor();
    expect(await page.textContent("#error")).toContain("already used");
    expect(new URL(page.url()).origin).toBe(portal);
    // And the token left the address bar.
    expect(page.url()).not.toContain("token=");

    // Back on the portal later, the portal session sends the browser straight on with a fresh code.
    await page.goto(loginUrl(callback));
    await page.waitForURL((url) => url.origin === appOrigin);
    const again = await exchangeAtApp(page.url());
    expect(again.claims.sub).toBe(claims.sub);
    await context.close();
  }, BROWSER_TIMEOUT_MS);

  test("passkey: added after a magic-link sign-in through the virtual authenticator, then used to sign in", async () => {
    const { context, page } = await freshPage();
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    await page.goto(loginUrl());
    const link = await requestMagicLink(page, "passkey.person@acme.example");
    await page.goto(link);
    // No redirect asked for: the signed-in screen.
    await page.locator("#signed-in").waitFor();
    expect(await page.textContent("#signed-in-email")).toBe("passkey.person@acme.example");

    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.waitForFunction(() => document.getElementById("status")?.textContent?.includes("Passkey added"));
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.rpId).toBe("localhost");
    expect(credentials[0]!.isResidentCredential).toBe(true);
    const stored = await t.ctx.db.read.select().from(endUserPasskeys);
    expect(stored.filter((p) => p.rpId === "localhost")).toHaveLength(1);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.locator("#methods").waitFor();

    // Signed out, the portal asks again; the passkey signs in and the app gets its code.
    await page.goto(loginUrl(callback));
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL((url) => url.origin === appOrigin);
    const { claims } = await exchangeAtApp(page.url());
    expect(claims.email).toBe("passkey.person@acme.example");
    expect(claims.amr).toEqual(["hwk", "user"]);
    await context.close();
  }, BROWSER_TIMEOUT_MS);

  test("already signed in: the handshake shows who, a passkey can be added from there, and sign-out ends every session of the page", async () => {
    const { context, page } = await freshPage();
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    await page.goto(loginUrl());
    await page.goto(await requestMagicLink(page, "returning@acme.example"));
    await page.locator("#signed-in").waitFor();

    // A new visit knows the person from the portal cookie alone.
    await page.goto(loginUrl());
    await page.locator("#signed-in").waitFor();
    expect(await page.textContent("#signed-in-email")).toBe("returning@acme.example");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.waitForFunction(() => document.getElementById("status")?.textContent?.includes("Passkey added"));
    expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.locator("#methods").waitFor();
    expect(await page.textContent("#status")).toContain("signed out");
    const [person] = await t.ctx.db.read.select().from(endUsers).where(eq(endUsers.email, "returning@acme.example"));
    const sessions = await t.ctx.db.read.select().from(endUserSessions).where(eq(endUserSessions.endUserId, person!.id));
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    // The cookie went with it: the next visit asks again.
    await page.goto(loginUrl(callback));
    await page.locator("#methods").waitFor();
    expect(new URL(page.url()).origin).toBe(portal);
    await context.close();
  }, BROWSER_TIMEOUT_MS);

  test("mistakes are said in plain words: a malformed address, a link without its token", async () => {
    const { context, page } = await freshPage();
    await page.goto(loginUrl());
    await page.getByLabel("E-mail address").fill("not-an-address");
    await page.keyboard.press("Enter");
    await page.locator("#error").waitFor();
    expect(await page.textContent("#error")).toContain("Please enter your e-mail address");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("email");
    expect(await page.isVisible("#magic-link-sent")).toBe(false);

    await page.goto(`${portal}/login/${fx.clientKey}/verify`);
    await page.locator("#error").waitFor();
    expect(await page.textContent("#error")).toContain("incomplete");
    expect(await page.isVisible("#magic-link-form")).toBe(true);
    await context.close();
  }, BROWSER_TIMEOUT_MS);

  test("bot protection: the Turnstile widget's token goes with the magic link, and a refused one is said in plain words", async () => {
    await fx.updateGroup({ botProtection: true });
    const { context, page } = await freshPage();
    // Cloudflare's widget script, played offline: a human and a robot button hand the page a token.
    await page.route("https://challenges.cloudflare.com/turnstile/v0/api.js*", (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: `window.turnstile = {
          render(target, options) {
            for (const [label, token] of [["I am human", ${JSON.stringify(HUMAN_TOKEN)}], ["I am a robot", "robot-token"]]) {
              const button = document.createElement("button");
              button.type = "button";
              button.textContent = label;
              button.onclick = () => options.callback(token);
              target.append(button);
            }
            target.dataset.rendered = options.sitekey;
            return "widget-1";
          },
          reset() { window.turnstileResets = (window.turnstileResets || 0) + 1; },
        };`,
      }),
    );
    await page.goto(loginUrl());
    await page.locator("#turnstile[data-rendered]").waitFor({ state: "attached" });
    expect(await page.getAttribute("#turnstile", "data-rendered")).toBe(TURNSTILE_SITE_KEY);
    await page.getByLabel("E-mail address").fill("guarded@acme.example");

    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await page.locator("#error").waitFor();
    expect(await page.textContent("#error")).toContain("complete the bot check");

    await page.getByRole("button", { name: "I am a robot" }).click();
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await page.waitForFunction(() => document.getElementById("error")?.textContent?.includes("did not pass"));
    expect(await page.isVisible("#magic-link-sent")).toBe(false);
    await expect(magicLinkFor("guarded@acme.example")).rejects.toThrow();

    await page.getByRole("button", { name: "I am human" }).click();
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await page.locator("#magic-link-sent").waitFor();
    expect(await magicLinkFor("guarded@acme.example")).toContain("/verify?token=");
    // Each token went to one check only.
    expect(await page.evaluate(() => (window as any).turnstileResets)).toBe(2);
    await context.close();
    await fx.updateGroup({ botProtection: false });
  }, BROWSER_TIMEOUT_MS);

  test("an open redirect in redirect_url never takes the browser off the portal and the app", async () => {
    const { context, page, hosts } = await freshPage();
    const evil = ["https://evil.example/steal", "//evil.example/x", `https://evil.example@127.0.0.1:${customerApp.port}/auth/callback`];
    await page.goto(loginUrl(evil[0]));
    const link = await requestMagicLink(page, "careful@acme.example");
    expect(link).not.toContain("evil");
    await page.goto(link);
    await page.locator("#signed-in").waitFor();
    expect(new URL(page.url()).origin).toBe(portal);
    // Signed in now: each attempt lands on the signed-in screen instead of following it.
    for (const target of evil) {
      await page.goto(loginUrl(target));
      await page.locator("#signed-in").waitFor();
      expect(new URL(page.url()).origin).toBe(portal);
    }
    expect([...hosts].some((h) => h.includes("evil"))).toBe(false);
    await context.close();
  }, BROWSER_TIMEOUT_MS);
  test("SMS MFA: enroll a phone, then the code (a wrong one said in plain words); the next sign-in challenges, resend waits out the cooldown", async () => {
    await fx.updateGroup({ loginMethods: { magicLink: true, passkey: true, smsMfa: "required" } });
    const phone = "+12025550143";
    const { context, page } = await freshPage();
    await page.clock.install();
    await page.goto(loginUrl(callback));
    await page.goto(await requestMagicLink(page, "second.factor@acme.example"));
    await page.locator("#mfa-enroll").waitFor();
    expect(await page.textContent("#mfa-phone-hint")).toContain("+");

    // Not E.164: said on the page, nothing texted.
    await page.getByLabel("Mobile phone number").fill("202 555 0143");
    await page.getByRole("button", { name: "Text me a code" }).click();
    await page.locator("#error").waitFor();
    expect(await page.textContent("#error")).toContain("international format");
    expect(sms.sentTo(phone)).toBe(0);

    await page.getByLabel("Mobile phone number").fill(phone);
    await page.getByRole("button", { name: "Text me a code" }).click();
    await page.locator("#mfa-code").waitFor();
    expect(sms.sentTo(phone)).toBe(1);
    expect(await page.isDisabled("#mfa-resend")).toBe(true);

    await page.getByLabel("Code", { exact: true }).fill(sms.lastCode(phone) === "000000" ? "111111" : "000000");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.getElementById("error")?.textContent?.includes("not right"));
    expect(await page.textContent("#error")).toContain("4 tries left");

    await page.getByLabel("Code", { exact: true }).fill(sms.lastCode(phone));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.origin === appOrigin);
    const enrolled = await exchangeAtApp(page.url());
    expect(enrolled.claims.amr).toEqual(["otp", "sms", "mfa"]);
    await context.close();

    // Enrolled: the next sign-in texts a code at once (challenge mode).
    const next = await freshPage();
    await next.page.clock.install();
    await next.page.goto(loginUrl(callback));
    await next.page.goto(await requestMagicLink(next.page, "second.factor@acme.example"));
    await next.page.locator("#mfa-code").waitFor();
    expect(sms.sentTo(phone)).toBe(2);
    expect(await next.page.isDisabled("#mfa-resend")).toBe(true);

    // A minute later (page and service), a failed send is said and starts no cooldown…
    await next.page.clock.fastForward(61_000);
    t.clock.advance(61_000);
    expect(await next.page.isEnabled("#mfa-resend")).toBe(true);
    sms.failing = true;
    await next.page.getByRole("button", { name: "Send a new code" }).click();
    await next.page.waitForFunction(() => document.getElementById("error")?.textContent?.includes("could not be sent"));
    expect(await next.page.isEnabled("#mfa-resend")).toBe(true);
    // …and a delivered one does.
    sms.failing = false;
    await next.page.getByRole("button", { name: "Send a new code" }).click();
    await next.page.waitForFunction(() => document.getElementById("status")?.textContent?.includes("new code"));
    expect(await next.page.isDisabled("#mfa-resend")).toBe(true);
    await next.page.getByLabel("Code", { exact: true }).fill(sms.lastCode(phone));
    await next.page.keyboard.press("Enter");
    await next.page.waitForURL((url) => url.origin === appOrigin);
    expect((await exchangeAtApp(next.page.url())).claims.amr).toEqual(["otp", "sms", "mfa"]);
    await next.context.close();
    await fx.updateGroup({ loginMethods: { smsMfa: "off" } });
  }, BROWSER_TIMEOUT_MS);

  test("social: the Google button goes through a real OpenID provider and comes back to the app with a code", async () => {
    await fx.updateGroup({ loginMethods: { smsMfa: "off" }, socialProviders: { google: { clientId: GOOGLE_CLIENT.clientId, clientSecret: GOOGLE_CLIENT.clientSecret } } });
    const { context, page } = await freshPage();
    // The provider's own login screen is not ours to drive: when the button's request to
    // start leaves for the provider, alice signs in there (the peer's one-step login, over
    // HTTP), and the browser continues from the provider's redirect back to the service.
    await page.route("**/auth/social/google/start?*", async (route) => {
      const started = await route.fetch({ maxRedirects: 0 });
      const back = await google.authorize(started.headers().location!, "alice");
      const callbackUrl = new URL(back.redirectUri);
      for (const [k, v] of Object.entries(back.params)) callbackUrl.searchParams.set(k, v);
      await route.fulfill({ status: 302, headers: { location: callbackUrl.href } });
    });
    await page.goto(loginUrl(callback));
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await page.waitForURL((url) => url.origin === appOrigin);
    const { claims } = await exchangeAtApp(page.url());
    expect(claims.email).toBe("alice@acme.example");
    expect(claims.amr).toEqual(["fed"]);
    await context.close();
    await fx.updateGroup({ socialProviders: { google: null } });
  }, BROWSER_TIMEOUT_MS);
});
