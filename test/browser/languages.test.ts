/**
 * Languages in Chromium. The hosted login in a Korean browser: the server sends the page
 * in Korean, its checks and the API's refusals are shown in Korean words, the magic link's
 * mail is Korean, and choosing Japanese in the switcher is kept (cookie) so the next page
 * the server sends, and its errors, are Japanese. The dashboard's header switcher keeps
 * the choice on the signed-in account (PATCH /api/auth/account), so the next page and the
 * next mail follow it whatever the browser's own languages.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { loginCatalog } from "../../embedded-ui/locales/login";
import { accountLanguage } from "../../src/modules/identity/service";
import { signInAs } from "../support/accounts";
import { mailsTo } from "../modules/customers/end-users/flows-support";
import { createSignInFixture, type SignInFixture } from "../modules/customers/end-users/support";
import { chromiumAvailable, describeInChromium, launchChromium } from "../support/browser";
import { createTestApp, type TestApp } from "../support/harness";

const describeBrowser = describeInChromium("languages in the browser");
const BROWSER_TIMEOUT_MS = 60_000;

let t: TestApp;
let fx: SignInFixture;
let browser: Browser;
let service: ReturnType<typeof Bun.serve>;
let portal: string;

beforeAll(async () => {
  if (!chromiumAvailable) return;
  let app: TestApp["app"] | undefined;
  service = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => app!.handle(request) });
  portal = `http://localhost:${service.port}`;
  t = await createTestApp({ env: { SIGNET_BASE_URL: portal, SIGNET_PORTAL_BASE: portal, SIGNET_DASHBOARD_BASE: portal } });
  app = t.app;
  fx = await createSignInFixture(t, "owner@lang-browser.example", "Hangul Travel");
  browser = await launchChromium();
}, BROWSER_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  service?.stop(true);
  await t?.close();
});

describeBrowser("the hosted login in the browser's language", () => {
  test(
    "Korean page, Korean checks and mail; the switcher's Japanese is kept for the server's next page and the API's refusals",
    async () => {
      const context = await browser.newContext({ locale: "ko-KR" });
      const page = await context.newPage();
      const first = await page.goto(`${portal}/login/${fx.clientKey}`);
      expect(first!.headers()["content-language"]).toBe("ko");
      expect(await page.getAttribute("html", "lang")).toBe("ko");
      await page.waitForSelector("#magic-link-form:not([hidden])");
      expect(await page.textContent("#magic-link-send")).toBe(loginCatalog.ko.sendLink);

      // A client-side check, in Korean.
      await page.click("#magic-link-send");
      await page.waitForSelector("#error:not([hidden])");
      expect(await page.textContent("#error")).toBe(loginCatalog.ko.enterEmail);

      // The mail follows the page's request: Korean.
      await page.fill("#email", "minji@lang-browser.example");
      await page.click("#magic-link-send");
      await page.waitForSelector("#magic-link-sent:not([hidden])");
      expect(await page.textContent("#magic-link-sent")).toContain("로그인 링크가 곧 도착합니다");
      const [mail] = await mailsTo(t, "minji@lang-browser.example");
      expect(mail!.subject).toBe("Hangul Travel brand 로그인");

      // Japanese in the switcher: the page reloads, and the server already sends it in Japanese.
      const reloaded = page.waitForResponse((r) => r.url().startsWith(`${portal}/login/`) && r.request().resourceType() === "document");
      await page.selectOption("#language", "ja");
      expect((await reloaded).headers()["content-language"]).toBe("ja");
      await page.waitForSelector("#magic-link-form:not([hidden])");
      expect(await page.getAttribute("html", "lang")).toBe("ja");
      expect((await context.cookies()).find((c) => c.name === "signet_lang")?.value).toBe("ja");

      // An API refusal in Japanese words: a link that is not one.
      await page.goto(`${portal}/login/${fx.clientKey}/verify?token=not-a-real-token`);
      await page.waitForSelector("#error:not([hidden])");
      expect(await page.textContent("#error")).toBe(loginCatalog.ja["error.invalid_token"]);
      await context.close();
    },
    BROWSER_TIMEOUT_MS,
  );
});

describeBrowser("the dashboard's language switcher", () => {
  test(
    "choosing Korean in an English browser keeps it on the account and in the cookie",
    async () => {
      const person = await signInAs(t, "switcher@lang-dashboard.example");
      const context = await browser.newContext({ locale: "en-US" });
      await context.addCookies([{ name: "signet_session", value: person.token, url: portal }]);
      const page = await context.newPage();
      const first = await page.goto(`${portal}/account`);
      expect(first!.headers()["content-language"]).toBe("en");
      await page.waitForSelector("#language");

      const saved = page.waitForResponse((r) => r.url() === `${portal}/api/auth/account` && r.request().method() === "PATCH");
      await page.selectOption("#language", "ko");
      expect((await saved).status()).toBe(200);
      expect(await page.getAttribute("html", "lang")).toBe("ko");
      expect(await accountLanguage(t.ctx.db.read, person.userId)).toBe("ko");

      // The next page the server sends is Korean already; so is the next sign-in mail.
      const next = await page.goto(`${portal}/account`);
      expect(next!.headers()["content-language"]).toBe("ko");
      await t.request("POST", "/api/auth/magic-link/send", { json: { email: person.email }, headers: { "accept-language": "en-US" } });
      const [mail] = await mailsTo(t, person.email);
      expect(mail!.subject).toBe("Signet 로그인");
      await context.close();
    },
    BROWSER_TIMEOUT_MS,
  );
});
