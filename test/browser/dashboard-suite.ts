/**
 * The dashboard end to end in Chromium: sign in with a magic link read from the dev
 * mailbox, create an organization, add a passkey (Chromium's virtual authenticator) and
 * seal the organization with it, sign out and back in with the passkey, create and
 * revoke an API key, upload, share and trash a file, and read and verify the audit log.
 * Screenshots of the main pages go to docs/screenshots/ (linked from the README).
 *
 * The tests run in order and share one browser page: each step starts where the last
 * one left the person. The same steps run against the app in-process
 * (test/browser/dashboard.test.ts, which also writes the screenshots) and against the
 * compiled binary (test/binary/browser-dashboard.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { TestApp } from "../support/harness";

const SCREENSHOTS = join(import.meta.dir, "../../docs/screenshots");
const EMAIL = "ada@lovelace.example";
const STEP_TIMEOUT = 30_000;

/** Where the dashboard runs: a base URL on localhost (WebAuthn needs a name) and requests to it. */
export interface DashboardTarget {
  start(): Promise<{ base: string; request: TestApp["request"]; close(): Promise<void> }>;
  /** Whether to write docs/screenshots/. */
  screenshots: boolean;
}

export function dashboardSuite(target: DashboardTarget): void {
  let running: Awaited<ReturnType<DashboardTarget["start"]>>;
  let t: Pick<TestApp, "request">;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let slug: string;

  beforeAll(async () => {
    // WebAuthn needs a valid RP ID: the dashboard is served as http://localhost:PORT
    // (a secure context), and Chromium maps localhost to the loopback address the server binds.
    running = await target.start();
    base = running.base;
    t = running;
    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", `--host-resolver-rules=MAP localhost 127.0.0.1`],
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    page = await context.newPage();
    page.on("dialog", (dialog) => dialog.accept());
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
  }, STEP_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  // Every run renders the page; only the in-process run with SIGNET_SCREENSHOTS=1 writes the
  // README's screenshots, so an ordinary test run leaves the working tree as it was.
  const shot = async (name: string, fullPage = false) => {
    const png = await page.screenshot({ fullPage });
    expect(png.length).toBeGreaterThan(1000);
    if (target.screenshots && process.env.SIGNET_SCREENSHOTS === "1") await Bun.write(join(SCREENSHOTS, `${name}.png`), png);
  };

  async function auditTypes(): Promise<string[]> {
    const r = await t.request("GET", `/api/v1/admin/audit/query?org=${slug}`, { token: await ownerToken() });
    return r.body.events.map((e: { type: string }) => e.type);
  }

  /** A session token for the signed-in person, read from the browser's cookie jar. */
  async function ownerToken(): Promise<string> {
    const cookies = await context.cookies(base);
    const session = cookies.find((c) => c.httpOnly);
    if (!session) throw new Error("the browser holds no session cookie");
    return session.value;
  }

  describe("the dashboard in Chromium", () => {
    test(
      "signed out, / sends the browser to /login; the magic link from the dev mailbox signs in and comes back",
      async () => {
        await page.goto(`${base}/`);
        await page.waitForURL(/\/login\?returnUrl=/);
        await page.fill("#email", EMAIL);
        await page.click("button[type=submit]");
        await page.waitForSelector("text=Check your e-mail");

        // The dev mailbox works signed out: it is how a developer signs in without SMTP.
        await page.goto(`${base}/dev/mailbox`);
        const link = page.locator("#outbox a[href*='/api/auth/magic-link/verify']").first();
        await link.waitFor();
        await shot("dev-mailbox");
        await link.click();
        await page.waitForSelector("text=Your organizations");
        expect(new URL(page.url()).pathname).toBe("/");
        expect(await page.textContent("#account-link")).toBe(EMAIL);
        await page.waitForSelector("text=You are not in any organization yet");
      },
      STEP_TIMEOUT,
    );

    test(
      "creates an organization; the overview shows the plan, not ready, and the steps missing",
      async () => {
        // A taken slug is refused in plain words and nothing is created.
        await t.request("POST", "/api/org/create", { token: await ownerToken(), json: { name: "Squatter", slug: "taken-slug" } });
        await page.click("#create-org-link");
        await page.fill("#org-name", "Analytical Engines");
        await page.fill("#org-slug", "taken-slug");
        await page.click("#create-org button[type=submit]");
        await page.waitForSelector("#create-org .error");
        expect(await page.textContent("#create-org .error")).toContain("already uses that address");

        await page.fill("#org-slug", "");
        await page.click("#create-org button[type=submit]");
        await page.waitForSelector("#org-facts");
        slug = new URL(page.url()).pathname.split("/")[2]!;
        expect(slug).toBe("analytical-engines");
        expect(await page.textContent("#org-plan")).toBe("Free");
        expect(await page.textContent(".page-head")).toContain("Not ready");
        const steps = await page.textContent("#missing-steps");
        expect(steps).toContain("registers a passkey");
        expect(steps).toContain("Org Master Seal");
        // The switcher lists both organizations and has this one selected.
        expect(await page.$eval("#org-switcher", (s) => (s as HTMLSelectElement).value)).toBe(`org:${slug}`);
        await shot("overview-not-ready");
      },
      STEP_TIMEOUT,
    );

    test(
      "adds a passkey, creates the Master Seal with it, and the organization becomes ready",
      async () => {
        await page.click("#account-link");
        await page.waitForSelector("text=No passkey yet");
        await page.fill("#passkey-name", "Virtual key");
        await page.click("#add-passkey button[type=submit]");
        await page.waitForSelector("#passkey-table >> text=Virtual key");

        await page.selectOption("#org-switcher", `org:${slug}`);
        await page.waitForSelector("#create-master-seal");
        expect(await page.textContent("#missing-steps")).not.toContain("registers a passkey");
        await page.click("#create-master-seal");
        await page.waitForSelector("text=with the owner's passkey");
        await page.waitForSelector(".page-head >> text=Ready");
        expect(await page.textContent("#readiness")).toContain("has its Master Seal");
        await shot("overview-ready");
      },
      STEP_TIMEOUT,
    );

    test(
      "signs out and back in with the passkey, returning to the page it left",
      async () => {
        await page.goto(`${base}/orgs/${slug}/keys`);
        await page.waitForSelector("#api-keys");
        await page.click("#sign-out");
        await page.waitForURL(/\/login\?returnUrl=/);
        expect((await context.cookies(base)).some((c) => c.httpOnly)).toBe(false);
        await page.click("#passkey-sign-in");
        await page.waitForURL(`${base}/orgs/${slug}/keys`);
        await page.waitForSelector("#api-keys");
        expect(await page.textContent("#account-link")).toBe(EMAIL);
      },
      STEP_TIMEOUT,
    );

    test(
      "creates an API key shown once with a copy button, lists it, and revokes it",
      async () => {
        await page.waitForSelector("text=No API keys yet");
        await page.fill("#api-key-name", "billing-backend");
        // Without scopes or organization defaults the key is refused in plain words.
        await page.click("#create-api-key button[type=submit]");
        await page.waitForSelector("#create-api-key .error");
        expect(await page.textContent("#create-api-key .error")).toContain("Give valid scopes");
        await page.fill("#api-key-scopes", "org.org_file.list, org.org_file.create");
        await page.click("#create-api-key button[type=submit]");
        const secret = page.locator(".secret-value");
        await secret.waitFor();
        const key = (await secret.textContent())!;
        expect(key).toStartWith("ah_live_");
        await page.click("#copy-secret");
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

        // The key works: it exchanges for an M2M token.
        const exchanged = await t.request("POST", "/api/m2m/token", { json: { orgSlug: slug, apiKey: key } });
        expect(exchanged.status).toBe(200);

        await page.click("text=I have stored it");
        expect(await page.locator(".secret-value").count()).toBe(0);
        const row = page.locator("#api-key-table tr", { hasText: "billing-backend" });
        await row.waitFor();
        expect(await row.textContent()).toContain(key.slice(0, 16));
        expect(await page.textContent("#api-key-table")).not.toContain(key);
        // A token ceiling above 300 s is sealed with the owner's passkey (5.2).
        await page.fill("#api-key-name", "nightly-export");
        await page.fill("#api-key-scopes", "org.org_file.list");
        await page.selectOption("#api-key-lifetime", "86400");
        await page.click("#create-api-key button[type=submit]");
        await page.click("text=I have stored it");
        const longLived = page.locator("#api-key-table tr", { hasText: "nightly-export" });
        await longLived.waitFor();
        expect(await longLived.textContent()).toContain("86400 s");
        await longLived.locator("button", { hasText: "Revoke" }).click();
        await longLived.waitFor({ state: "detached" });

        await page.locator("#jwks-link").waitFor();
        expect(await page.getAttribute("#jwks-link", "href")).toBe(`/api/public/orgs/${slug}/jwks.json`);
        await shot("api-keys");

        await row.locator("button", { hasText: "Revoke" }).click();
        await page.waitForSelector("text=No API keys yet");
        const after = await t.request("POST", "/api/m2m/token", { json: { orgSlug: slug, apiKey: key } });
        expect(after.status).toBe(401);
      },
      STEP_TIMEOUT,
    );

    test(
      "signing-key rotation waits for the warning to be acknowledged, then replaces the keys",
      async () => {
        const before = (await t.request("GET", `/api/org/${slug}/settings/keys/signing-keys`, { token: await ownerToken() })).body;
        expect(await page.textContent("#rotation-warning")).toContain("Every permit signed so far stops verifying");
        expect(await page.isDisabled("#rotate-signing-key")).toBe(true);
        await page.check("#rotate-understood");
        await page.click("#rotate-signing-key");
        await page.waitForFunction(() => !(document.getElementById("rotate-understood") as HTMLInputElement).checked);
        const after = (await t.request("GET", `/api/org/${slug}/settings/keys/signing-keys`, { token: await ownerToken() })).body;
        expect(after.permitKeyId).not.toBe(before.permitKeyId);
        expect(after.signingKeyId).not.toBe(before.signingKeyId);
      },
      STEP_TIMEOUT,
    );

    test(
      "uploads a file, shares it with a working link and a copy button, trashes it and finds it in the trash",
      async () => {
        await page.click(`nav a[href="/orgs/${slug}/files"]`);
        await page.waitForSelector("text=No files yet");
        await page.setInputFiles("#upload-input", { name: "minutes.txt", mimeType: "text/plain", buffer: Buffer.from("Board minutes, 1843") });
        await page.click("#upload-form button[type=submit]");
        await page.waitForSelector("text=Uploaded minutes.txt");
        const item = page.locator(`li[data-file-name="minutes.txt"]`);
        await item.waitFor();
        expect(await page.textContent("#usage-text")).toContain("by 1 file.");

        await item.locator("button", { hasText: "Share" }).click();
        await item.locator("input[role=switch]").check();
        const shareLink = item.locator(".share-url");
        await shareLink.waitFor();
        const url = (await shareLink.textContent())!;
        expect(url).toStartWith(`${base}/f/`);
        const shared = await t.request("GET", `/api/public/share/${url.split("/f/")[1]}`);
        expect(shared.status).toBe(200);
        await item.locator("button", { hasText: "Copy link" }).click();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
        await shot("files");

        await item.locator("button", { hasText: "Trash" }).click();
        await page.waitForSelector("text=No files yet");
        await page.check("#show-trash");
        const trashed = page.locator(`li[data-file-name="minutes.txt"]`);
        await trashed.locator("button", { hasText: "Restore" }).waitFor();
        expect(await trashed.textContent()).toContain("restorable until");
      },
      STEP_TIMEOUT,
    );

    test(
      "invites a member with a mailed link; blocking external sharing in Settings makes a share refuse in plain words",
      async () => {
        await page.click(`nav a[href="/orgs/${slug}/members"]`);
        await page.waitForSelector("#member-table >> text=Owner");
        await page.waitForSelector("text=No pending invitations");
        await page.fill("#invite-email", "grace@hopper.example");
        await page.selectOption("#invite-role", "admin");
        await page.click("#invite-form button[type=submit]");
        const link = (await page.locator("#invitations .secret-value").textContent())!;
        expect(link).toStartWith(`${base}/invite/`);
        await page.waitForSelector("#invitations li >> text=grace@hopper.example as Admin");
        const mailed = await t.request("GET", "/api/dev/outbox?to=grace@hopper.example");
        expect(mailed.body.messages[0].links).toContain(link);
        await shot("members");

        await page.click(`nav a[href="/orgs/${slug}/settings"]`);
        await page.check("#block-external-sharing");
        await page.click("text=Save security settings");
        await page.waitForSelector("#settings-security >> text=Saved.");
        await shot("settings");

        await page.click(`nav a[href="/orgs/${slug}/files"]`);
        await page.setInputFiles("#upload-input", { name: "memo.txt", mimeType: "text/plain", buffer: Buffer.from("Internal only") });
        await page.click("#upload-form button[type=submit]");
        const item = page.locator(`li[data-file-name="memo.txt"]`);
        await item.locator("button", { hasText: "Share" }).click();
        await item.locator("input[role=switch]").click();
        await item.locator(".error").waitFor();
        expect(await item.locator(".error").textContent()).toBe("This organization blocks link sharing (Settings → Security).");
        expect(await item.locator("input[role=switch]").isChecked()).toBe(false);
        expect(await item.locator(".share-url").count()).toBe(0);
      },
      STEP_TIMEOUT,
    );

    test(
      "creates an app group, brands it with a live preview of the hosted login, and issues a client secret shown once",
      async () => {
        await page.click(`nav a[href="/orgs/${slug}/apps"]`);
        await page.waitForSelector("text=No app groups yet");
        await page.fill("#app-group-name", "Engines");
        await page.click("#create-app-group button[type=submit]");
        await page.waitForSelector("#branding-form");
        await page.getByLabel("Headline", { exact: true }).fill("Welcome to the Engines");
        await page.getByLabel("Button color").fill("#7a1fd1");
        await page.click("text=Save branding");
        const frame = page.frameLocator("#login-preview");
        await frame.locator("text=Welcome to the Engines").waitFor();
        const group = (await t.request("GET", `/api/org/${slug}/app-groups/`, { token: await ownerToken() })).body[0];
        expect(group.branding).toMatchObject({ heroTitle: "Welcome to the Engines", primaryColor: "#7a1fd1" });
        expect(await page.getAttribute("#login-preview", "src")).toBe(`/login/${group.applications[0].clientKey}`);

        const app = page.locator(".app-card").first();
        await app.locator("button", { hasText: /client secret/ }).click();
        const secret = (await page.locator("#applications .secret-value").textContent())!;
        expect(secret.length).toBeGreaterThan(20);
        await page.click("#applications >> text=I have stored it");
        await page.locator("#branding").scrollIntoViewIfNeeded();
        await shot("apps");
      },
      STEP_TIMEOUT,
    );

    test(
      "reads the audit log: the actions above, a verified record, the intact chain, events per day and the retention window",
      async () => {
        await page.click(`nav a[href="/orgs/${slug}/audit"]`);
        await page.waitForSelector("#audit-table");
        const types = await page.$$eval("#audit-table tbody tr", (rows) => rows.map((r) => r.getAttribute("data-type")));
        for (const type of ["org.created", "org.api_key.created", "org.api_key.revoked", "org.file.share_mode_changed", "org.invitation.created", "appgroup.created"]) expect(types).toContain(type);
        expect(types).toEqual(await auditTypes());
        expect(await page.textContent("#retention")).toContain("keeps 1 day of history");
        expect(await page.locator(".bar-col").count()).toBeGreaterThanOrEqual(1);

        await page.locator("#audit-table tbody tr").first().locator("button", { hasText: "Verify" }).click();
        await page.locator("#audit-table tbody tr").first().locator("text=Verified").waitFor();
        await page.click("#verify-chain");
        await page.waitForSelector("#chain-result >> text=Intact");

        // A filter narrows the table to one type prefix.
        await page.fill("#audit-type", "org.api_key.");
        await page.click("text=Apply filters");
        await page.waitForFunction(() => Array.from(document.querySelectorAll("#audit-table tbody tr")).every((r) => r.getAttribute("data-type")!.startsWith("org.api_key.")));
        expect(await page.locator("#audit-table tbody tr").count()).toBe(4); // two keys, each created and revoked
        await page.fill("#audit-type", "");
        await page.click("text=Apply filters");
        await page.waitForFunction(() => document.querySelectorAll("#audit-table tbody tr").length > 2);
        await shot("audit");
      },
      STEP_TIMEOUT,
    );

    test(
      "labels every input, select and text area on every organization page",
      async () => {
        for (const page_ of ["", "/members", "/keys", "/apps", "/files", "/audit", "/settings"]) {
          await page.goto(`${base}/orgs/${slug}${page_}`);
          await page.waitForSelector(".page-head h1");
          await page.waitForLoadState("networkidle");
          const unlabelled = await page.$$eval("input:not([type=hidden]), select, textarea", (controls) =>
            controls.filter((c) => !((c as HTMLInputElement).labels?.length || c.getAttribute("aria-label"))).map((c) => c.outerHTML),
          );
          expect({ page: page_, unlabelled }).toEqual({ page: page_, unlabelled: [] });
        }
      },
      STEP_TIMEOUT,
    );

    test(
      "the invitation link shows what it offers and, once the invitee signs in, adds them to the organization",
      async () => {
        const invitation = (await t.request("GET", "/api/dev/outbox?to=grace@hopper.example")).body.messages[0].links.find((l: string) => l.includes("/invite/"));
        const guest = await browser.newContext();
        try {
          const invitee = await guest.newPage();
          await invitee.goto(invitation);
          await invitee.waitForSelector("text=You are invited to join Analytical Engines as Admin");
          await invitee.click("text=Accept the invitation");
          await invitee.waitForURL(/\/login\?returnUrl=/);
          await invitee.fill("#email", "grace@hopper.example");
          await invitee.click("button[type=submit]");
          await invitee.waitForSelector("text=Check your e-mail");
          const signIn = (await t.request("GET", "/api/dev/outbox?to=grace@hopper.example")).body.messages[0].links.find((l: string) => l.includes("magic-link"));
          await invitee.goto(signIn);
          await invitee.waitForURL(invitation);
          await invitee.click("text=Accept the invitation");
          await invitee.waitForURL(`${base}/orgs/${slug}`);
          await invitee.waitForSelector("#org-facts >> text=Admin");
        } finally {
          await guest.close();
        }
        const members = (await t.request("GET", `/api/org/${slug}/members`, { token: await ownerToken() })).body;
        expect(members.map((m: { email: string; role: string }) => [m.email, m.role])).toContainEqual(["grace@hopper.example", "admin"]);
      },
      STEP_TIMEOUT,
    );

    test(
      "fits a 360 px wide screen without sideways scrolling",
      async () => {
        await page.setViewportSize({ width: 360, height: 780 });
        await page.goto(`${base}/orgs/${slug}`);
        await page.waitForSelector("#org-facts");
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await shot("overview-mobile");
      },
      STEP_TIMEOUT,
    );

    test(
      "links another address and switches to it from the switcher, sealed with the passkey (5.6)",
      async () => {
        await page.setViewportSize({ width: 1280, height: 860 });
        await page.goto(`${base}/account`);
        await page.getByLabel("E-mail address to link").fill("babbage@engine.example");
        await page.click("text=Send a confirmation link");
        await page.waitForSelector("text=We mailed a confirmation link to babbage@engine.example");
        const confirm = (await t.request("GET", "/api/dev/outbox?to=babbage@engine.example")).body.messages[0].links[0];
        // The mailbox owner opens the link, which only asks, and confirms with the button.
        await page.goto(`${base}${new URL(confirm).pathname}${new URL(confirm).search}`);
        await page.click("text=Confirm the link");
        await page.waitForSelector("text=Accounts linked");

        await page.goto(`${base}/`);
        await page.waitForSelector("#org-switcher optgroup[label='Switch to a linked account']", { state: "attached" });
        const target = await page.$eval("#org-switcher optgroup[label='Switch to a linked account'] option", (o) => (o as HTMLOptionElement).value);
        await page.selectOption("#org-switcher", target);
        await page.waitForFunction(() => document.getElementById("account-link")?.textContent === "babbage@engine.example");
        await page.waitForSelector("text=You are not in any organization yet");
      },
      STEP_TIMEOUT,
    );
  });
}
