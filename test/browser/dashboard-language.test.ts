/**
 * The dashboard's header switcher keeps the choice on the signed-in account
 * (PATCH /api/auth/account), so the person's next mail is in it; the server sends the next
 * dashboard page in it too (the cookie), whatever the browser's own languages.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { accountLanguage } from "../../src/modules/identity/service";
import { mailsTo } from "../modules/customers/end-users/flows-support";
import { signInAs } from "../support/accounts";
import { chromiumAvailable, describeInChromium, launchChromium } from "../support/browser";
import { createTestApp, type TestApp } from "../support/harness";

const describeBrowser = describeInChromium("dashboard language");
const BROWSER_TIMEOUT_MS = 60_000;

let t: TestApp;
let browser: Browser;
let service: ReturnType<typeof Bun.serve>;
let base: string;

beforeAll(async () => {
  if (!chromiumAvailable) return;
  let app: TestApp["app"] | undefined;
  service = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => app!.handle(request) });
  base = `http://localhost:${service.port}`;
  t = await createTestApp({ env: { SIGNET_BASE_URL: base, SIGNET_DASHBOARD_BASE: base } });
  app = t.app;
  browser = await launchChromium();
}, BROWSER_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  service?.stop(true);
  await t?.close();
});

describeBrowser("the dashboard's language switcher", () => {
  test(
    "choosing Korean in an English browser keeps it on the account and in the cookie",
    async () => {
      const person = await signInAs(t, "switcher@lang-dashboard.example");
      const context = await browser.newContext({ locale: "en-US" });
      await context.addCookies([{ name: "signet_session", value: person.token, url: base }]);
      const page = await context.newPage();
      const first = await page.goto(`${base}/account`);
      expect(first!.headers()["content-language"]).toBe("en");
      await page.waitForSelector("#language");

      const saved = page.waitForResponse((r) => r.url() === `${base}/api/auth/account` && r.request().method() === "PATCH");
      await page.selectOption("#language", "ko");
      expect((await saved).status()).toBe(200);
      expect(await page.getAttribute("html", "lang")).toBe("ko");
      expect(await accountLanguage(t.ctx.db.read, person.userId)).toBe("ko");

      // The next page the server sends is Korean already; so is the next sign-in mail.
      const next = await page.goto(`${base}/account`);
      expect(next!.headers()["content-language"]).toBe("ko");
      await t.request("POST", "/api/auth/magic-link/send", { json: { email: person.email }, headers: { "accept-language": "en-US" } });
      const [mail] = await mailsTo(t, person.email);
      expect(mail!.subject).toBe("Signet 로그인");
      await context.close();
    },
    BROWSER_TIMEOUT_MS,
  );
});
