/**
 * The share viewer, the hosted login portal and the beacon in Chromium against the
 * compiled binary, set up through its HTTP API and CLI only. The in-process suites in
 * test/browser/ cover every case; these prove the embedded pages, bundles and headers
 * of the binary work in a real browser.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { describeInChromium, launchChromium } from "../support/browser";
import { latestLink, startBinary, type RunningBinary } from "./support";

let server: RunningBinary;
let browser: Browser;
let boot: { slug: string; orgId: string; apiKey: string; sessionToken: string };
let site: ReturnType<typeof Bun.serve>;
let app: { id: string; clientKey: string };
let siteOrigin = "";

async function api(method: string, path: string, json?: unknown) {
  const r = await server.fetch(path, {
    method,
    headers: { authorization: `Bearer ${boot.sessionToken}`, ...(json ? { "content-type": "application/json" } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const body = (await r.json().catch(() => null)) as any;
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(body)}`);
  return body;
}

beforeAll(async () => {
  server = await startBinary({ dev: true, baseHost: "localhost" });
  const r = await server.cli(["admin", "bootstrap", "--email", "owner@pages.example", "--org", "Pages Co"]);
  boot = JSON.parse(r.stdout);
  // The customer's site: a page that embeds the beacon, and the callback the portal returns to.
  site = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      const path = new URL(request.url).pathname;
      const embed = path === "/" ? `<script async src="${server.base}/beacon.js" data-app="${app.clientKey}"></script>` : "";
      return new Response(`<!doctype html><html><head><title>Site</title>${embed}</head><body><h1>${path}</h1></body></html>`, { headers: { "content-type": "text/html" } });
    },
  });
  siteOrigin = `http://localhost:${site.port}`;
  const group = await api("POST", `/api/org/${boot.slug}/app-groups`, { orgId: boot.orgId, name: "Pages brand" });
  app = { id: group.applications[0].id, clientKey: group.applications[0].clientKey };
  await api("PUT", `/api/org/${boot.slug}/applications/${app.id}`, { allowedOrigins: [siteOrigin], callbackUrls: [`${siteOrigin}/auth/callback`] });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  site?.stop(true);
  await server?.stop();
});

const newPage = async () => {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
};

describeInChromium("pages of the binary in Chromium")("pages of the binary in Chromium", () => {
  test("the share viewer shows a shared text file and links its download", async () => {
    const form = new FormData();
    form.append("file", new Blob(["shared from the binary\n"], { type: "text/plain" }), "note.txt");
    const file = await (await server.fetch("/api/public/v1/files", { method: "POST", body: form, headers: { "x-api-key": boot.apiKey } })).json();
    const share = await api("PATCH", `/api/org/${boot.slug}/files/${file.id}/share`, { mode: "link_anyone" });
    const { context, page } = await newPage();
    await page.goto(share.shareUrl);
    await page.waitForSelector("#text-preview");
    expect(await page.textContent("#text-preview")).toBe("shared from the binary\n");
    expect(await page.textContent("#file-name")).toBe("note.txt");
    const href = await page.$eval("#download", (a) => (a as HTMLAnchorElement).href);
    expect(await (await fetch(href)).text()).toBe("shared from the binary\n");
    await context.close();
  }, 30_000);

  test("the hosted login signs an end user in by magic link and returns to the app with a code", async () => {
    const callback = `${siteOrigin}/auth/callback`;
    const { context, page } = await newPage();
    await page.goto(`${server.base}/login/${app.clientKey}?redirect_url=${encodeURIComponent(callback)}`);
    await page.getByLabel("E-mail address").waitFor();
    await page.getByLabel("E-mail address").fill("visitor@pages.example");
    await page.keyboard.press("Enter");
    await page.locator("#magic-link-sent").waitFor();
    const link = await latestLink(server, "visitor@pages.example", `/login/${app.clientKey}/verify`);
    await page.goto(link);
    await page.waitForURL((url) => url.origin === siteOrigin);
    const code = new URL(page.url()).searchParams.get("code");
    expect(code).toBeTruthy();
    const exchanged = await server.fetch(`/api/public/apps/${app.clientKey}/auth/session/exchange`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: siteOrigin },
      body: JSON.stringify({ code }),
    });
    expect(exchanged.status).toBe(200);
    expect(((await exchanged.json()) as any).endUser.email).toBe("visitor@pages.example");
    await context.close();
  }, 30_000);

  test("the beacon on an allowed site sends its events, accepted with 202", async () => {
    const { context, page } = await newPage();
    const answers: number[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/analytics/events")) answers.push(response.status());
    });
    await page.goto(`${siteOrigin}/`);
    await page.waitForFunction(() => (window as any).signet !== undefined);
    await page.evaluate(() => (window as any).signet.track("signup_click", { plan: "pro" }));
    await page.waitForResponse((response) => response.url().includes("/analytics/events"));
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((s) => s === 202)).toBe(true);
    await context.close();
  }, 30_000);
});
