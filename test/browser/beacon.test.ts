/**
 * The analytics beacon end to end in Chromium: a customer's page on an allowed origin
 * (a second loopback server) embeds <script src="{signet}/beacon.js" data-app="client_…">;
 * page_view, custom.<name> and identify land, and leaving the page sends page_leave
 * with its dwell through navigator.sendBeacon. A page on another origin lands nothing.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { behaviorEvents } from "../../src/modules/analytics/schema";
import { createOrg, type TestOrg } from "../support/accounts";
import { chromiumAvailable, describeInChromium, launchChromium } from "../support/browser";
import { createTestApp, type TestApp } from "../support/harness";

let t: TestApp;
let org: TestOrg;
let browser: Browser;
let signet: ReturnType<typeof Bun.serve>;
let site: ReturnType<typeof Bun.serve>;
let foreignSite: ReturnType<typeof Bun.serve>;
let clientKey: string;
let groupId: string;
/** Statuses the ingest route answered, as the server saw them (a beacon's answer never reaches the page). */
const ingestStatuses: number[] = [];

const page = (title: string, script: string) =>
  `<!doctype html><html><head><title>${title}</title>${script}</head><body><a id="next" href="/next.html">next</a></body></html>`;

beforeAll(async () => {
  let app: TestApp["app"] | undefined;
  signet = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const response = await app!.handle(request);
      if (request.method === "POST" && request.url.includes("/analytics/events")) ingestStatuses.push(response.status);
      return response;
    },
  });
  const base = `http://127.0.0.1:${signet.port}`;
  t = await createTestApp({ env: { SIGNET_BASE_URL: base } });
  app = t.app;
  org = await createOrg(t, "owner@beacon-browser.example", "Beacon Browser");
  const group = await t.request("POST", `/api/org/${org.slug}/app-groups`, { token: org.owner.token, json: { name: "Site" } });
  groupId = group.body.id;
  const application = group.body.applications[0];
  clientKey = application.clientKey;

  const serveSite = () =>
    Bun.serve({
      port: 0,
      hostname: "localhost",
      fetch(request) {
        const path = new URL(request.url).pathname;
        const embed = `<script async src="${base}/beacon.js" data-app="${clientKey}"></script>`;
        const html = path === "/next.html" ? page("Next", "") : page("Home", embed);
        return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
      },
    });
  site = serveSite();
  foreignSite = serveSite();
  const allowed = await t.request("PUT", `/api/org/${org.slug}/applications/${application.id}`, {
    token: org.owner.token,
    json: { allowedOrigins: [`http://localhost:${site.port}`] },
  });
  if (allowed.status !== 200) throw new Error(`allowed origins: ${allowed.status} ${allowed.text}`);
  if (chromiumAvailable) browser = await launchChromium();
}, 30_000);

afterAll(async () => {
  await browser?.close();
  site?.stop(true);
  foreignSite?.stop(true);
  signet?.stop(true);
  await t?.close();
});

async function landed() {
  return t.ctx.db.read.select().from(behaviorEvents).where(eq(behaviorEvents.appGroupId, groupId));
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await Bun.sleep(50);
  }
}

describeInChromium("the beacon in Chromium")("the beacon in Chromium", () => {
  test("page_view, custom.<name>, identify, and page_leave with dwell via sendBeacon on unload", async () => {
    const tab = await browser.newPage();
    await tab.goto(`http://localhost:${site.port}/pricing?utm_source=newsletter#plans`);
    await tab.waitForFunction(() => (window as any).signet !== undefined);
    await tab.evaluate(() => {
      (window as any).signet.track("signup_click", { plan: "pro" });
      (window as any).signet.identify("user-42");
    });
    await Bun.sleep(300);
    // Leaving the page: pagehide queues page_leave and flushes with navigator.sendBeacon.
    await tab.click("#next");
    await tab.waitForURL(/next\.html/);
    const events = await waitFor(landed, (rows) => rows.some((r) => r.type === "page_leave"));
    const byType = new Map(events.map((e) => [e.type, e]));
    expect([...byType.keys()].sort()).toEqual(["custom.signup_click", "identify", "page_leave", "page_view"]);
    expect(byType.get("page_view")).toMatchObject({ path: "/pricing", utmSource: "newsletter" });
    expect(byType.get("custom.signup_click")!.data).toEqual({ plan: "pro" });
    expect(byType.get("identify")!.endUserId).toBe("user-42");
    expect(byType.get("page_leave")!.dwellMs).toBeGreaterThanOrEqual(300);
    expect(byType.get("page_leave")!.endUserId).toBe("user-42");
    // Time-ordered UUIDv7 ids, so the dedup index grows at its end.
    for (const e of events) expect(e.clientEventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // One visitor, one session across the page's events.
    expect(new Set(events.map((e) => e.anonId)).size).toBe(1);
    expect(new Set(events.map((e) => e.sessionId)).size).toBe(1);
    await tab.close();
  }, 20_000);

  test("a page on an origin that is not allowed lands nothing", async () => {
    const before = (await landed()).length;
    const tab = await browser.newPage();
    ingestStatuses.length = 0;
    await tab.goto(`http://localhost:${foreignSite.port}/`);
    await tab.waitForFunction(() => (window as any).signet !== undefined);
    await tab.evaluate(() => (window as any).signet.track("x"));
    await tab.click("#next");
    await tab.waitForURL(/next\.html/);
    const statuses = await waitFor(async () => ingestStatuses, (s) => s.length > 0);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 403)).toBe(true);
    expect((await landed()).length).toBe(before);
    await tab.close();
  }, 20_000);
});
