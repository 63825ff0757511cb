/**
 * The dashboard's data sources (Apps page, docs/datasources.md) in Chromium, against the
 * app in-process and a real PostgreSQL: register an external database (a refused string
 * in words first), create a managed database whose connection string is shown once, test,
 * make primary, disconnect, reconnect, and the sealed delete with the exact name and the
 * owner's passkey (Chromium's virtual authenticator).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { chromium, type Browser, type Page } from "playwright-core";
import postgres from "postgres";
import { createAppGroup, createOrg, signInAs, type TestOrg } from "../support/accounts";
import type { TestApp } from "../support/harness";
import { type PgPeer, startPgPeer } from "../support/pg-peer";
import { fund } from "../modules/billing/support";
import { datasourceApp, externalDatabase } from "../modules/datasources/support";

const STEP_TIMEOUT = 30_000;
let peer: PgPeer;
let t: TestApp;
let server: ReturnType<typeof Bun.serve>;
let browser: Browser;
let page: Page;
let base: string;
let org: TestOrg;
let group: { id: string };

beforeAll(async () => {
  peer = await startPgPeer();
  let app: TestApp["app"] | undefined;
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => app!.handle(request) });
  base = `http://localhost:${server.port}`;
  t = await datasourceApp(peer, { env: { SIGNET_BASE_URL: base, SIGNET_DEV: "1" } });
  app = t.app;
  org = await createOrg(t, "owner@ds-browser.test", "Data Browser");
  group = await createAppGroup(t, org, "Shop");
  await fund(t, org, 500);
  const session = await signInAs(t, org.owner.email);
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--host-resolver-rules=MAP localhost 127.0.0.1"] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  await context.addCookies([{ name: "signet_session", value: session.token, url: base }]);
  page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}, STEP_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  server?.stop(true);
  await t?.close();
  await peer?.close();
});

const api = (method: string, path: string) => t.request(method, `/api/org/${org.slug}/app-groups/${group.id}/data-sources${path}`, { token: org.owner.token });
const row = (name: string) => page.locator(`#data-source-list li[data-source=${name}]`);

test(
  "register a PostgreSQL and create a managed database; the connection string is shown once",
  async () => {
    await page.goto(`${base}/account`);
    await page.waitForSelector("text=No passkey yet");
    await page.fill("#passkey-name", "Virtual key");
    await page.click("#add-passkey button[type=submit]");
    await page.waitForSelector("#passkey-table >> text=Virtual key");

    await page.goto(`${base}/orgs/${org.slug}/apps`);
    await page.waitForSelector("#data-sources >> text=No data sources yet.");
    await page.fill("#data-source-name", "main");
    await page.fill("#data-source-url", "mysql://u:p@db.example:3306/shop");
    await page.click("#register-data-source button[type=submit]");
    await page.waitForSelector("#register-data-source .error");
    expect(await page.textContent("#register-data-source .error")).toBe("only postgres:// and postgresql:// connection strings are supported");

    const ext = await externalDatabase(peer, "browser");
    await page.fill("#data-source-url", ext.url);
    await page.selectOption("#data-source-region", "kr");
    await page.click("#register-data-source button[type=submit]");
    await row("main").waitFor();
    expect(await row("main").getAttribute("data-status")).toBe("active");
    expect(await row("main").textContent()).toContain("primary");
    expect(await row("main").textContent()).toContain(`${ext.user}@127.0.0.1:${peer.port}/${ext.database} · kr · production`);
    expect(await page.inputValue("#data-source-url")).toBe("");

    await page.fill("#managed-name", "ledger");
    await page.click("#create-managed-database button[type=submit]");
    await page.waitForSelector(".secret-value");
    const shown = (await page.textContent(".secret-value"))!;
    expect(shown).toStartWith("postgres://sgrole_");
    expect(await page.textContent(".secret")).toContain("Signet keeps the password sealed (encrypted)");
    const sql = postgres(shown, { max: 1, onnotice: () => {} });
    expect((await sql`SELECT current_user AS u`)[0]!.u).toStartWith("sgrole_");
    await sql.end();
    await page.click("text=I have stored it");
    await row("ledger").waitFor();
    expect(await page.locator(".secret-value").count()).toBe(0);
    const password = decodeURIComponent(new URL(shown).password);
    expect(await page.content()).not.toContain(password);
    expect((await api("GET", "")).text).not.toContain(password);
  },
  STEP_TIMEOUT,
);

test(
  "test, primary, disconnect and reconnect; the sealed delete asks for the exact name and the passkey",
  async () => {
    await row("ledger").locator("button", { hasText: "Test" }).click();
    await row("ledger").locator("text=Last test passed").waitFor();
    await row("ledger").locator("button", { hasText: "Make primary" }).click();
    await row("ledger").locator(".badge", { hasText: "primary" }).waitFor();
    expect((await api("GET", "")).body.map((s: any) => [s.name, s.isPrimary])).toEqual([
      ["ledger", true],
      ["main", false],
    ]);

    await row("main").locator("button", { hasText: "Disconnect" }).click();
    await page.waitForSelector("#data-source-list li[data-source=main][data-status=disconnected]");
    await row("main").locator("button", { hasText: "Reconnect" }).click();
    await page.waitForSelector("#data-source-list li[data-source=main][data-status=active]");
    await row("main").locator("button", { hasText: "Disconnect" }).click();
    await page.waitForSelector("#data-source-list li[data-source=main][data-status=disconnected]");

    await page.fill("#confirm-main", "Main");
    await page.click("#delete-main button[type=submit]");
    await page.waitForSelector("#delete-main .error");
    expect(await page.textContent("#delete-main .error")).toBe("Type the data source's exact name to delete it. (field: confirmName)");
    await page.fill("#confirm-main", "main");
    await page.click("#delete-main button[type=submit]");
    await page.waitForSelector("#data-source-list li[data-source=main]", { state: "detached" });
    const all = (await api("GET", "?includeInactive=true")).body;
    expect(all.map((s: any) => s.name)).toEqual(["ledger"]);
  },
  STEP_TIMEOUT,
);
