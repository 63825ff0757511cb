/**
 * The hosted login in Chromium set to Korean: the server sends the page in Korean, its
 * checks and the API's refusals are shown in Korean words, the magic link's mail is
 * Korean, and choosing Japanese in the switcher is kept (cookie) so the next page the
 * server sends, and its errors, are Japanese.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { loginCatalog } from "../../embedded-ui/locales/login";
import { mailsTo } from "../modules/customers/end-users/flows-support";
import { createSignInFixture, type SignInFixture } from "../modules/customers/end-users/support";
import { chromiumAvailable, describeInChromium, launchChromium } from "../support/browser";
import { createTestApp, type TestApp } from "../support/harness";

const describeBrowser = describeInChromium("hosted login languages");
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
