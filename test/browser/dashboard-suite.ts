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
import { signatureOf } from "../../src/modules/integrations/webhooks/signing";
import type { TestApp } from "../support/harness";

const SCREENSHOTS = join(import.meta.dir, "../../docs/screenshots");
const EMAIL = "ada@lovelace.example";
const STEP_TIMEOUT = 30_000;
const AXE_SOURCE = await Bun.file(require.resolve("axe-core/axe.min.js")).text();

/** Where the dashboard runs: a base URL on localhost (WebAuthn needs a name) and requests to it. */
export interface DashboardTarget {
  start(): Promise<{ base: string; request: TestApp["request"]; close(): Promise<void> }>;
  /** Whether to write docs/screenshots/. */
  screenshots: boolean;
  /**
   * Ends the current billing month (the renewals and the invoice close run in the next one),
   * where the target can move its clock (in-process); against the binary the suite sees the
   * open statement only.
   */
  endBillingMonth?: () => Promise<void>;
  /**
   * Runs the webhook queue now (in-process, where the clock stands still); with
   * `exhaustRetries` it also moves the clock through the whole retry schedule, so failing
   * deliveries end as dead letters. Against the binary the queue runs every 10 s on its
   * own and the suite waits for it.
   */
  runWebhookQueue?: (exhaustRetries: boolean) => Promise<void>;
  /**
   * Moves past the end of the current UTC day and runs the analytics rollups, where the
   * target can move its clock (in-process); against the binary the rollup sections are empty.
   */
  rollAnalyticsDay?: () => Promise<void>;
}

export function dashboardSuite(target: DashboardTarget): void {
  let running: Awaited<ReturnType<DashboardTarget["start"]>>;
  let t: Pick<TestApp, "request">;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let slug: string;
  /** The organization of the billing, single sign-on and SCIM steps (Free, no credit, when they start). */
  let billingSlug: string;
  /** Grace's own browser with her virtual authenticator: the approver, later the second director. */
  let grace: { context: BrowserContext; page: Page } | undefined;
  /** The board meeting the governance steps run. */
  let meetingId: string;

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
    await addVirtualAuthenticator(context, page);
  }, STEP_TIMEOUT);

  /** A CDP virtual authenticator for one page: its passkeys are that page's alone. */
  async function addVirtualAuthenticator(owner: BrowserContext, target: Page): Promise<void> {
    const cdp = await owner.newCDPSession(target);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
  }

  /** Signs a browser page in with a magic link read from the dev outbox. */
  async function signInWithMagicLink(target: Page, email: string): Promise<void> {
    await target.goto(`${base}/login`);
    await target.fill("#email", email);
    await target.click("button[type=submit]");
    await target.waitForSelector("text=Check your e-mail");
    const link = (await t.request("GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`)).body.messages[0].links.find((l: string) => l.includes("magic-link"));
    await target.goto(link);
    await target.waitForSelector("#account-link");
  }

  /** The controls of the page shown that have no label: every input, select and text area needs one. */
  function unlabelledControls(target: Page = page): Promise<string[]> {
    return target.$$eval("input:not([type=hidden]), select, textarea", (controls) =>
      controls.filter((c) => !((c as HTMLInputElement).labels?.length || c.getAttribute("aria-label"))).map((c) => c.outerHTML),
    );
  }

  /** axe-core's serious and critical findings on the page shown (its source evaluated through the debugger, which no CSP stops). */
  async function seriousAccessibilityViolations(target: Page = page): Promise<string[]> {
    await target.evaluate(AXE_SOURCE);
    return target.evaluate(async () => {
      const result = await (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe.run(document, {
        resultTypes: ["violations"],
      });
      return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
    });
  }

  /** The document's width: at most the viewport's means no sideways scrolling. */
  function pageWidth(target: Page = page): Promise<number> {
    return target.evaluate(() => document.documentElement.scrollWidth);
  }

  /** The organization's reporting graph as the API returns it. */
  async function orgGraph(): Promise<{ people: { connectedId: string; displayName: string; type: string }[]; teams: { id: string; name: string; leadConnectedId: string | null }[]; edges: { type: string; sourceConnectedId: string; targetConnectedId: string; manual: boolean; viaTeamIds: string[] }[] }> {
    const r = await t.request("GET", `/api/org/${slug}/reporting/graph`, { token: await ownerToken() });
    expect(r.status).toBe(200);
    return r.body;
  }

  afterAll(async () => {
    await grace?.context.close();
    await browser?.close();
    await running?.close();
  });

  // Every run renders the page; only the in-process run with SIGNET_SCREENSHOTS=1 writes the
  // README's screenshots, so an ordinary test run leaves the working tree as it was.
  const shot = async (name: string, fullPage = false, on: Page = page) => {
    const png = await on.screenshot({ fullPage });
    expect(png.length).toBeGreaterThan(1000);
    if (target.screenshots && process.env.SIGNET_SCREENSHOTS === "1") await Bun.write(join(SCREENSHOTS, `${name}.png`), png);
  };

  /** The newest audit events' types (50), or up to 200 of those under a type prefix. */
  async function auditTypes(prefix?: string, org = slug): Promise<string[]> {
    const r = await t.request("GET", `/api/v1/admin/audit/query?org=${org}${prefix ? `&type=${prefix}&limit=200` : ""}`, { token: await ownerToken() });
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
        // The finished action is told in a toast, in the polite live region the shell renders once.
        await page.locator("#toasts .toast", { hasText: "API key created." }).first().waitFor();
        expect(await page.getAttribute("#toasts", "role")).toBe("status");
        expect(await page.getAttribute("#toasts", "aria-live")).toBe("polite");
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
        // A toast can be dismissed from the keyboard: its button, then Enter.
        const revoked = page.locator("#toasts .toast", { hasText: "Revoked." });
        await revoked.waitFor();
        await revoked.getByRole("button", { name: "Dismiss" }).focus();
        await page.keyboard.press("Enter");
        await revoked.waitFor({ state: "detached" });

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
        // The usage bar reloads after the list does: wait for it rather than read it once.
        await page.waitForSelector("#usage-text >> text=by 1 file.");

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
        await page.getByLabel("Button color", { exact: true }).fill("#7a1fd1");
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
        // The chain is verified in steps behind a progress bar; at the end it reads "{n} of {n} records".
        expect(await page.locator("#chain-progress [role=progressbar]").getAttribute("aria-valuenow")).toBe("100");
        expect(await page.locator("#chain-progress p").textContent()).toMatch(/^(\d+) of \1 records$/);

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
        for (const page_ of ["", "/members", "/roles", "/service-accounts", "/badges", "/teams", "/org-chart", "/approvals", "/board", "/meetings", "/keys", "/apps", "/files", "/audit", "/analytics", "/sso", "/billing", "/settings", "/monetization", "/korean-package"]) {
          await page.goto(`${base}/orgs/${slug}${page_}`);
          await page.waitForSelector(".page-head h1");
          await page.waitForLoadState("networkidle");
          expect({ page: page_, unlabelled: await unlabelledControls() }).toEqual({ page: page_, unlabelled: [] });
        }
      },
      STEP_TIMEOUT,
    );

    test(
      "monetization: the policy's take rate, a product priced and synced through the dev gateway after the account is linked; the Korean package looks a business up",
      async () => {
        const owner = { token: await ownerToken() };
        await page.click(`nav a[href="/orgs/${slug}/monetization"]`);
        await page.waitForSelector("#policy-summary");
        const policy = (await t.request("GET", `/api/org/${slug}/billing/monetization`, owner)).body;
        expect(await page.getAttribute("#policy-summary", "data-take-rate")).toBe(String(policy.takeRatePercent));
        await page.fill("#product-name", "Gold plan");
        await page.fill("#product-price", "19.99");
        await page.click("#product-create button[type=submit]");
        await page.waitForSelector("#product-table tr[data-synced=false]");
        const group = policy.appGroups[0].key;
        const [product] = (await t.request("GET", `/api/org/${slug}/app-groups/${group}/products`, owner)).body;
        expect(product).toMatchObject({ name: "Gold plan", price: 1_999, priceRegistered: false });
        await page.click("#gateway-linkup");
        await page.waitForSelector("#payout-account[data-linked=true]");
        await page.click(`#sync-${product.productKey}`);
        await page.waitForSelector(`#product-table tr[data-product-key='${product.productKey}'][data-synced=true]`);
        expect((await t.request("GET", `/api/org/${slug}/app-groups/${group}/products`, owner)).body[0].priceRegistered).toBe(true);
        await page.waitForSelector("#earnings-total");
        expect(await unlabelledControls()).toEqual([]);
        await shot("monetization");

        // A CSV file: a bad row refuses the whole file before anything is sent, named by its row.
        const csv = (rows: string[]) => ({ name: "products.csv", mimeType: "text/csv", buffer: Buffer.from(["name,price,productKey", ...rows].join("\n")) });
        const catalog = Array.from({ length: 149 }, (_, i) => `"Sticker, no. ${i + 1}",${i + 1}.50,sticker-${i + 1}`);
        await page.setInputFiles("#product-import-file", csv([...catalog.slice(0, 3), "Broken,0,broken"]));
        await page.click("#product-import button[type=submit]");
        await page.waitForSelector("#product-import .error");
        expect(await page.textContent("#product-import .error")).toContain("Row 5: ");
        expect((await t.request("GET", `/api/org/${slug}/app-groups/${group}/products`, owner)).body).toHaveLength(1);
        // 150 rows go in two parts, with progress; the existing product is skipped by its name.
        await page.setInputFiles("#product-import-file", csv([...catalog, "Gold plan,19.99,"]));
        await page.click("#product-import button[type=submit]");
        await page.waitForSelector("#product-import-outcome[data-created='149'][data-skipped='1']");
        expect(await page.textContent("#product-import-outcome")).toBe("Import finished: 149 added, 1 skipped (already there).");
        const imported = (await t.request("GET", `/api/org/${slug}/app-groups/${group}/products`, owner)).body as { productKey: string; name: string; price: number }[];
        expect(imported).toHaveLength(150);
        expect(imported.find((p) => p.productKey === "sticker-7")).toMatchObject({ name: "Sticker, no. 7", price: 750 });
        // The list reads by name, numbers in order.
        await page.waitForSelector("#product-table tr[data-product-key='sticker-149']");
        const keys = await page.$$eval("#product-table tr[data-product-key]", (rows) => rows.map((r) => r.getAttribute("data-product-key")));
        expect(keys).toHaveLength(150);
        expect(keys.slice(0, 4)).toEqual([product.productKey, "sticker-1", "sticker-2", "sticker-3"]);
        expect(keys.at(-1)).toBe("sticker-149");

        await page.click(`nav a[href="/orgs/${slug}/korean-package"]`);
        await page.waitForSelector("#lookup-counts");
        await page.fill("#business-number", "123-45-67891");
        await page.click("#business-lookup button[type=submit]");
        await page.waitForSelector("#lookup-result");
        expect(await page.textContent("#lookup-result")).toContain("1234567891: active");
        await page.fill("#business-number", "1234567890");
        await page.click("#business-lookup button[type=submit]");
        await page.waitForSelector("#business-lookup .error");
        expect(await page.textContent("#business-lookup .error")).toContain("not valid");
        await page.waitForSelector("#lookup-counts >> text=1 of 30");
        await shot("korean-package");
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
      "draws the org chart of people and AI badges, and the owner adds a reporting line by hand",
      async () => {
        const owner = { token: await ownerToken() };
        for (const name of ["Analytical Bot", "Ledger Bot"]) {
          const created = await t.request("POST", `/api/org/${slug}/service-accounts`, { ...owner, json: { name, role: "member" } });
          expect(created.status).toBe(201);
        }
        await page.click(`nav a[href="/orgs/${slug}/org-chart"]`);
        await page.waitForSelector("#org-chart-svg");
        const names = await page.$$eval("#org-chart-svg [data-node-id]", (nodes) => nodes.map((n) => `${n.getAttribute("data-node-kind")}:${n.getAttribute("data-node-name")}`).sort());
        expect(names).toEqual(["ai:Analytical Bot", "ai:Ledger Bot", `person:${EMAIL}`, "person:grace@hopper.example"]);
        expect(await page.locator("#org-chart-svg [data-edge-type]").count()).toBe(0);

        const ids = Object.fromEntries((await orgGraph()).people.map((p) => [p.displayName, p.connectedId]));
        await page.selectOption("#line-type", "reporting");
        await page.selectOption("#line-source", ids["Analytical Bot"]!);
        await page.selectOption("#line-target", ids[EMAIL]!);
        await page.click("#add-line-form button[type=submit]");
        await page.waitForSelector(`#org-chart-svg path[data-edge-type=reporting][data-source="${ids["Analytical Bot"]}"][data-target="${ids[EMAIL]}"][data-manual=true]`, { state: "attached" });
        expect(await unlabelledControls()).toEqual([]);
      },
      STEP_TIMEOUT,
    );

    test(
      "creates a team with a lead; a member who already has a manager asks, and replace moves their line to the lead; a sub-team's members show on request",
      async () => {
        const ids = Object.fromEntries((await orgGraph()).people.map((p) => [p.displayName, p.connectedId]));
        await page.click(`nav a[href="/orgs/${slug}/teams"]`);
        await page.waitForSelector("text=No teams yet");
        await page.fill("#team-name", "Research");
        await page.fill("#team-kind", "department");
        await page.selectOption("#team-lead", ids["grace@hopper.example"]!);
        await page.click("#create-team-form button[type=submit]");
        const research = page.locator(`li[data-team-name="Research"]`);
        await research.locator(".team-lead", { hasText: "grace@hopper.example" }).waitFor();
        const team = (await t.request("GET", `/api/org/${slug}/teams`, { token: await ownerToken() })).body[0];
        expect(team).toMatchObject({ name: "Research", kind: "department", leadConnectedId: ids["grace@hopper.example"] });

        // Ada reports to nobody yet: she joins at once and reports to the lead.
        await page.selectOption(`#member-${team.id}`, ids[EMAIL]!);
        await page.click(`#add-member-${team.id} button[type=submit]`);
        await research.locator(`li[data-member-name="${EMAIL}"]`).waitFor();

        // The bot reports to Ada (the line added on the org chart): the API answers 409
        // needs_resolution and the dialog lists Ada with the three choices.
        await page.selectOption(`#member-${team.id}`, ids["Analytical Bot"]!);
        await page.click(`#add-member-${team.id} button[type=submit]`);
        const dialog = page.locator("#resolution-dialog");
        await dialog.waitFor();
        expect(await dialog.locator("#existing-managers li").evaluateAll((items) => items.map((i) => i.getAttribute("data-manager-name")))).toEqual([EMAIL]);
        for (const choice of ["add", "replace", "none"]) expect(await dialog.locator(`#resolution-${choice}`).isVisible()).toBe(true);
        expect(await dialog.locator("#resolution-replace").textContent()).toBe("Report only to grace@hopper.example");
        expect(await unlabelledControls()).toEqual([]);
        await dialog.locator("#resolution-replace").click();
        await dialog.waitFor({ state: "detached" });
        await research.locator(`li[data-member-name="Analytical Bot"]`).waitFor();
        const reporting = (await orgGraph()).edges.filter((e) => e.type === "reporting" && e.sourceConnectedId === ids["Analytical Bot"]);
        expect(reporting).toEqual([{ type: "reporting", sourceConnectedId: ids["Analytical Bot"]!, targetConnectedId: ids["grace@hopper.example"]!, manual: false, viaTeamIds: [team.id] }]);

        // A sub-team under Research, its lead set (the Ledger Bot then reports to Ada) and cleared and set again.
        await page.fill("#team-name", "Engines");
        await page.fill("#team-kind", "squad");
        await page.selectOption("#team-parent", team.id);
        await page.click("#create-team-form button[type=submit]");
        const engines = page.locator(`li[data-team-name="Engines"]`);
        await engines.locator(".team-facts", { hasText: "part of Research" }).waitFor();
        const sub = (await t.request("GET", `/api/org/${slug}/teams`, { token: await ownerToken() })).body.find((x: { name: string }) => x.name === "Engines");
        await page.selectOption(`#member-${sub.id}`, ids["Ledger Bot"]!);
        await page.click(`#add-member-${sub.id} button[type=submit]`);
        await engines.locator(`li[data-member-name="Ledger Bot"]`).waitFor();
        await page.selectOption(`#lead-${sub.id}`, ids[EMAIL]!);
        await page.click(`#save-lead-${sub.id}`);
        await engines.locator(".team-lead", { hasText: EMAIL }).waitFor();
        await page.selectOption(`#lead-${sub.id}`, "");
        await page.click(`#save-lead-${sub.id}`);
        await engines.locator(".team-lead", { hasText: "none" }).waitFor();
        expect((await orgGraph()).edges.some((e) => e.sourceConnectedId === ids["Ledger Bot"] && e.type === "reporting")).toBe(false);
        await page.selectOption(`#lead-${sub.id}`, ids[EMAIL]!);
        await page.click(`#save-lead-${sub.id}`);
        await engines.locator(".team-lead", { hasText: EMAIL }).waitFor();

        // Research with its sub-teams: the Ledger Bot appears, named with its own team.
        await research.locator("button[aria-expanded]").click();
        await research.locator(`#sub-teams-${team.id}`).check();
        await research.locator(`li[data-member-name="Ledger Bot"][data-member-team="${sub.id}"]`).waitFor();
        expect(await research.locator(`li[data-member-name="Ledger Bot"]`).textContent()).toContain("in Engines");
        expect(await unlabelledControls()).toEqual([]);
        await research.scrollIntoViewIfNeeded();
        await shot("teams");
      },
      STEP_TIMEOUT,
    );

    test(
      "the org chart draws every node and line of the graph, shows a person's managers and teams, adds a reference and refuses a reporting cycle in plain words",
      async () => {
        await page.click(`nav a[href="/orgs/${slug}/org-chart"]`);
        await page.waitForSelector("#org-chart-svg [data-node-kind=team]");
        const graph = await orgGraph();
        const ids = Object.fromEntries([...graph.people.map((p) => [p.displayName, p.connectedId]), ...graph.teams.map((x) => [x.name, x.id])]);
        const drawnNodes = () => page.$$eval("#org-chart-svg [data-node-id]", (nodes) => nodes.map((n) => `${n.getAttribute("data-node-kind")}:${n.getAttribute("data-node-name")}`).sort());
        expect(await drawnNodes()).toEqual(["ai:Analytical Bot", "ai:Ledger Bot", `person:${EMAIL}`, "person:grace@hopper.example", "team:Engines", "team:Research"]);
        const drawnEdges = () => page.$$eval("#org-chart-svg path[data-edge-type]", (paths) => paths.map((p) => `${p.getAttribute("data-edge-type")} ${p.getAttribute("data-source")} ${p.getAttribute("data-target")}`).sort());
        const apiEdges = (g: Awaited<ReturnType<typeof orgGraph>>) => g.edges.map((e) => `${e.type} ${e.sourceConnectedId} ${e.targetConnectedId}`).sort();
        const expected = [
          `member_of ${ids[EMAIL]} ${ids.Research}`,
          `member_of ${ids["Analytical Bot"]} ${ids.Research}`,
          `member_of ${ids["Ledger Bot"]} ${ids.Engines}`,
          `reporting ${ids[EMAIL]} ${ids["grace@hopper.example"]}`,
          `reporting ${ids["Analytical Bot"]} ${ids["grace@hopper.example"]}`,
          `reporting ${ids["Ledger Bot"]} ${ids[EMAIL]}`,
        ].sort();
        expect(apiEdges(graph)).toEqual(expected);
        expect(await drawnEdges()).toEqual(expected);
        // Top-down along reporting lines: each manager above the people who report to them, each team below its members.
        const top = async (id: string) => Number((await page.getAttribute(`#org-chart-svg [data-node-id="${id}"]`, "transform"))!.split(" ")[1]!.replace(")", ""));
        expect(await top(ids["grace@hopper.example"]!)).toBeLessThan(await top(ids[EMAIL]!));
        expect(await top(ids[EMAIL]!)).toBeLessThan(await top(ids["Ledger Bot"]!));
        expect(await top(ids["Ledger Bot"]!)).toBeLessThan(await top(ids.Engines!));
        // The three kinds of line look different.
        const look = (type: string) => page.$eval(`#org-chart-svg path[data-edge-type=${type}]`, (p) => `${getComputedStyle(p).stroke} ${getComputedStyle(p).strokeDasharray}`);
        expect(new Set([await look("reporting"), await look("member_of")]).size).toBe(2);

        // A reference line, drawn in its own style.
        await page.selectOption("#line-type", "reference");
        await page.selectOption("#line-source", ids["Ledger Bot"]!);
        await page.selectOption("#line-target", ids.Research!);
        await page.click("#add-line-form button[type=submit]");
        await page.waitForSelector(`#org-chart-svg path[data-edge-type=reference][data-source="${ids["Ledger Bot"]}"][data-target="${ids.Research}"]`, { state: "attached" });
        expect(new Set([await look("reporting"), await look("member_of"), await look("reference")]).size).toBe(3);

        // Grace reporting to the Ledger Bot would close Grace → Ledger Bot → Ada → Grace.
        await page.selectOption("#line-type", "reporting");
        await page.selectOption("#line-source", ids["grace@hopper.example"]!);
        await page.selectOption("#line-target", ids["Ledger Bot"]!);
        await page.click("#add-line-form button[type=submit]");
        await page.waitForSelector("#add-line-form .error");
        expect(await page.textContent("#add-line-form .error")).toBe(
          `Nothing was changed: grace@hopper.example would report to Ledger Bot, who reports to ${EMAIL}, who reports to grace@hopper.example. Reporting lines cannot go round in a circle.`,
        );
        expect(apiEdges(await orgGraph())).toHaveLength(7);

        // Choosing Ada shows her manager (through Research's lead), her report and her team.
        await page.click(`#org-chart-svg [data-node-id="${ids[EMAIL]}"]`);
        const details = page.locator("#chart-details");
        await details.waitFor();
        expect(await details.locator("[data-list=managers] li .line-who").allTextContents()).toEqual(["grace@hopper.example (as lead of Research)"]);
        expect(await details.locator("[data-list=reports] li .line-who").allTextContents()).toEqual(["Ledger Bot (as lead of Engines)"]);
        expect(await details.locator("[data-list=teams] li .line-who").allTextContents()).toEqual(["Research"]);
        expect(await page.getAttribute(`#org-chart-svg [data-node-id="${ids[EMAIL]}"]`, "aria-pressed")).toBe("true");
        expect(await unlabelledControls()).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot("org-chart");
      },
      STEP_TIMEOUT,
    );

    test(
      "approvals: the owner defines a form and its line, submits a document sealed with her passkey, the approver stamps it with his own, and the number finds it with its seal intact",
      async () => {
        await page.click(`nav a[href="/orgs/${slug}/approvals"]`);
        await page.waitForSelector("text=No forms yet");
        await page.fill("#form-name", "Purchase request");
        await page.selectOption("#form-type", "document");
        await page.selectOption("#form-line-mode", "chain");
        await page.click("#create-form button[type=submit]");
        const form = page.locator(`li[data-form-name="Purchase request"]`);
        await form.waitFor();

        // The line: one position, the nearest admin up the requester's lines (Grace, Ada's lead).
        await form.locator("button", { hasText: "Approval line" }).click();
        await page.waitForSelector("#default-line");
        await page.click("#add-position");
        await page.getByLabel("Label of position 1 (English)").fill("Admin review");
        await page.getByLabel("Role for position 1").selectOption("admin");
        await page.click("#save-line");
        await page.waitForSelector("#line-saved");
        await page.locator("#line-editor [data-approver-name='grace@hopper.example']").waitFor();
        expect(await unlabelledControls()).toEqual([]);
        const item = (await t.request("GET", `/api/org/${slug}/approvals/work-items`, { token: await ownerToken() })).body[0];
        const line = (await t.request("GET", `/api/org/${slug}/approvals/work-items/${item.id}/approval-line`, { token: await ownerToken() })).body;
        expect(line.positions).toEqual([{ labelEn: "Admin review", labelKo: null, labelJa: null, resolveType: "role", resolveRoleId: "admin", resolveMemberConnectedId: null }]);

        // Submit: the preview names Grace; the passkey seals the title and text.
        await page.selectOption("#submit-form", item.id);
        await page.locator("#submit-document [data-approver-name='grace@hopper.example']").waitFor();
        await page.fill("#submit-title", "A second difference engine");
        await page.fill("#submit-body", "Parts and labour, 1843.");
        await page.click("#submit-document-form button[type=submit]");
        const number = `${slug}-${new Date().getUTCFullYear()}-000001`;
        await page.waitForSelector(`#submitted >> text=${number}`);
        const mine = page.locator(`#approvals-inbox [data-document-number="${number}"]`);
        await mine.waitFor();
        expect(await mine.getAttribute("data-status")).toBe("submitted");
        expect(await mine.textContent()).toContain("you submitted it");

        // The approver signs in in a browser of her own, adds a passkey and approves. The
        // browser stays open: she sits on the board and votes with the same passkey later.
        const approverContext = await browser.newContext();
        grace = { context: approverContext, page: await approverContext.newPage() };
        {
          const approver = grace.page;
          approver.on("dialog", (d) => d.accept());
          await addVirtualAuthenticator(approverContext, approver);
          await signInWithMagicLink(approver, "grace@hopper.example");
          await approver.goto(`${base}/account`);
          await approver.fill("#passkey-name", "Approver key");
          await approver.click("#add-passkey button[type=submit]");
          await approver.waitForSelector("#passkey-table >> text=Approver key");
          await approver.goto(`${base}/orgs/${slug}/approvals`);
          const doc = approver.locator(`#approvals-inbox [data-document-number="${number}"]`);
          await doc.waitFor();
          expect(await doc.textContent()).toContain("your stamp is needed");
          expect(await unlabelledControls(approver)).toEqual([]);
          await doc.getByLabel(`Comment on ${number} (optional)`).fill("Approved within budget.");
          await doc.locator("button", { hasText: "Approve with my passkey" }).click();
          await approver.waitForSelector(`#approvals-inbox [data-document-number="${number}"][data-status=completed]`);
          expect(await approver.textContent(`#approvals-inbox [data-document-number="${number}"]`)).toContain("you approved it");
        }

        // Back with the owner: the document is approved, and its number finds it, sealed and intact.
        await page.reload();
        await page.waitForSelector(`#approvals-inbox [data-document-number="${number}"][data-status=completed]`);
        await page.fill("#document-number", number);
        await page.click("#find-document-form button[type=submit]");
        const found = page.locator(`#found-document [data-document-number="${number}"]`);
        await found.waitFor();
        expect(await found.getAttribute("data-seal-intact")).toBe("true");
        expect(await found.textContent()).toContain("Seal intact");
        expect(await found.locator("[data-step-status=approved]").textContent()).toContain("grace@hopper.example");
        const looked = (await t.request("GET", `/api/org/${slug}/approvals/instances/by-number/${number}`, { token: await ownerToken() })).body;
        expect(looked).toMatchObject({ documentNumber: number, status: "completed", sealIntact: true, title: "A second difference engine" });
        expect(looked.steps[0]).toMatchObject({ decision: "approve", comment: "Approved within budget.", approverName: "grace@hopper.example" });
        // The owner's own events (the stamp and the completion are the approver's).
        expect(await auditTypes()).toEqual(expect.arrayContaining(["reporting.work_item.created", "reporting.approvalline.changed", "reporting.approval.submitted"]));

        // A number nobody has is refused in plain words.
        await page.fill("#document-number", `${slug}-1999-000009`);
        await page.click("#find-document-form button[type=submit]");
        await page.waitForSelector("#find-document-form .error");
        expect(await page.textContent("#find-document-form .error")).toBe("No document has that number, or it is not one you may see.");
        await page.fill("#document-number", number);
        await page.click("#find-document-form button[type=submit]");
        await found.waitFor();
        await page.locator("#approvals-inbox").scrollIntoViewIfNeeded();
        await shot("approvals");
      },
      STEP_TIMEOUT,
    );

    test(
      "the board: a personal organization is told why it has none; as a corporation the owner creates it, appoints two directors with their shares and the chairman, each sealed with her passkey",
      async () => {
        await page.click(`nav a[href="/orgs/${slug}/board"]`);
        await page.waitForSelector("#board-not-applicable");
        expect(await page.textContent("#board-not-applicable")).toContain("Only corporations and projects (SPVs) have a board of directors. Analytical Engines is a personal organization");
        await page.click("#make-corporation");
        await page.waitForSelector("#create-board");
        expect((await t.request("GET", `/api/org/${slug}`, { token: await ownerToken() })).body.type).toBe("corporation");
        await page.click("#create-board button[type=submit]");
        await page.waitForSelector("#appoint-form");
        expect(await page.textContent("#board-heading")).toBe("Board of Directors");

        const ids = Object.fromEntries((await orgGraph()).people.map((p) => [p.displayName, p.connectedId]));
        // AI badges are not offered: a director is a person.
        expect(await page.$$eval("#appoint-who option", (options) => options.map((o) => o.textContent))).toEqual(["Choose…", EMAIL, "grace@hopper.example"]);
        for (const [who, share] of [[EMAIL, "60"], ["grace@hopper.example", "40"]] as const) {
          await page.selectOption("#appoint-who", ids[who]!);
          await page.fill("#appoint-share", share);
          await page.click("#appoint-form button[type=submit]");
          await page.locator(`#directors li[data-director-name="${who}"][data-share="${share}"]`).waitFor();
        }
        await page.selectOption("#chairman", ids[EMAIL]!);
        await page.click("#save-chairman");
        await page.locator(`#directors li[data-director-name="${EMAIL}"][data-chairman=true]`).waitFor();
        expect(await page.textContent("#board-chairman")).toBe(EMAIL);
        expect(await unlabelledControls()).toEqual([]);

        const board = (await t.request("GET", `/api/org/${slug}/board`, { token: await ownerToken() })).body;
        expect(board).toMatchObject({ exists: true, name: "Board of Directors", chairmanConnectedId: ids[EMAIL] });
        // Longest-serving first; the test clock stands still, so both seats date from the same instant: compare by name.
        expect(board.members.map((m: { displayName: string; SharePercent: number; isChairman: boolean }) => [m.displayName, m.SharePercent, m.isChairman]).sort()).toEqual([
          [EMAIL, 60, true],
          ["grace@hopper.example", 40, false],
        ]);
        expect((await auditTypes("business.board.")).sort()).toEqual(["business.board.chairman_changed", "business.board.created", "business.board.member_appointed", "business.board.member_appointed"]);
        expect(await auditTypes("org.type_changed")).toEqual(["org.type_changed"]);
        await shot("board");
      },
      STEP_TIMEOUT,
    );

    test(
      "meetings: scheduling on the Free plan is refused in plain words; on Pro a board meeting with two agenda items and both directors is scheduled and listed with their RSVP",
      async () => {
        const ids = Object.fromEntries((await orgGraph()).people.map((p) => [p.displayName, p.connectedId]));
        await page.click(`nav a[href="/orgs/${slug}/meetings"]`);
        await page.waitForSelector("text=No meetings yet");
        await page.fill("#meeting-title", "Board meeting, first quarter");
        await page.selectOption("#meeting-type", "10");
        await page.selectOption("#meeting-mode", "1");
        await page.fill("#meeting-location", "https://meet.example/board");
        await page.fill("#meeting-agenda", "Approve the accounts\nElect the auditor");
        await page.locator("#meeting-participants").getByLabel("grace@hopper.example", { exact: true }).check();
        expect(await unlabelledControls()).toEqual([]);
        await page.click("#create-meeting-form button[type=submit]");
        await page.waitForSelector("#create-meeting-form .error");
        expect(await page.textContent("#create-meeting-form .error")).toBe("Meetings need the Pro plan or higher.");

        // Pro, paid from credit topped up through the dev gateway, and the board meetings add-on
        // (the first board meeting is free; the follow-up made at completion is the second).
        const owner = { token: await ownerToken() };
        expect((await t.request("POST", `/api/org/${slug}/billing/top-ups`, { ...owner, json: { amount: 50_000 } })).status).toBe(200);
        expect((await t.request("PUT", `/api/org/${slug}/billing/plan`, { ...owner, json: { plan: "pro" } })).status).toBe(200);
        expect((await t.request("POST", `/api/org/${slug}/settings/addons/board_meetings`, owner)).status).toBe(200);

        await page.click("#create-meeting-form button[type=submit]");
        await page.waitForSelector("#agenda li[data-index='1']", { timeout: 10_000 }).catch(async (e) => {
          throw new Error(`no meeting page: ${(await page.locator("#create-meeting-form .error").allTextContents()).join(" ") || e}`);
        });
        meetingId = new URL(page.url()).pathname.split("/").pop()!;
        const created = (await t.request("GET", `/api/org/${slug}/meetings/${meetingId}`, owner)).body;
        expect(created).toMatchObject({ title: "Board meeting, first quarter", type: 10, mode: 1, status: "Scheduled", location: "https://meet.example/board", organizerConnectedId: ids[EMAIL] });
        expect(created.agendaItems.map((i: { index: number; title: string }) => `${i.index} ${i.title}`)).toEqual(["0 Approve the accounts", "1 Elect the auditor"]);
        expect(created.participants.map((p: { displayName: string; role: string; rsvpStatus: string }) => [p.displayName, p.role, p.rsvpStatus])).toEqual([
          [EMAIL, "Organizer", "accepted"],
          ["grace@hopper.example", "Participant", "pending"],
        ]);
        // Grace's invitation carries the three RSVP links.
        const invitation = (await t.request("GET", "/api/dev/outbox?to=grace@hopper.example")).body.messages[0];
        expect(invitation.links.filter((l: string) => l.includes(`/api/meetings/rsvp/`))).toHaveLength(3);

        await page.click(`nav a[href="/orgs/${slug}/meetings"]`);
        const card = page.locator(`#meeting-list li[data-meeting-id="${meetingId}"]`);
        await card.waitFor();
        expect(await card.getAttribute("data-status")).toBe("Scheduled");
        expect(await card.locator(".rsvp-list li").evaluateAll((items) => items.map((i) => `${i.getAttribute("data-participant-name")} ${i.getAttribute("data-rsvp")}`))).toEqual([
          `${EMAIL} accepted`,
          "grace@hopper.example pending",
        ]);
      },
      STEP_TIMEOUT,
    );

    test(
      "a board meeting: both directors checked in, item 0 opened, each votes Assent with her own passkey, the vote closed and the outcome previewed (0 Passed, 1 Not voted)",
      async () => {
        await page.click(`#meeting-list li[data-meeting-id="${meetingId}"] h3 a`);
        await page.waitForSelector("#participant-list");
        for (const who of [EMAIL, "grace@hopper.example"]) {
          await page.getByLabel(`${who} is present`).check();
          await page.locator(`#participant-list li[data-participant-name="${who}"][data-present=true]`).waitFor();
        }
        await page.click("#open-item-0");
        const item0 = page.locator("#agenda li[data-index='0']");
        await page.locator("#agenda li[data-index='0'][data-status=Open]").waitFor();
        expect(await unlabelledControls()).toEqual([]);

        // The chairman (and organizer) votes with her passkey: the seal binds meeting, item and choice.
        await page.click("#vote-0-assent");
        await item0.locator(`.vote-list li[data-voter-name="${EMAIL}"][data-decision=Assent]`).waitFor();

        // The second director votes in her own browser with her own passkey.
        const other = grace!.page;
        await other.goto(`${base}/orgs/${slug}/meetings/${meetingId}`);
        await other.locator("#agenda li[data-index='0'][data-status=Open]").waitFor();
        // She is neither organizer nor chairman: she votes, and does not open, close or check in.
        expect(await other.locator("#open-item-1, #close-item-0, #complete-meeting, input[id^=present-]").count()).toBe(0);
        expect(await unlabelledControls(other)).toEqual([]);
        await other.click("#vote-0-assent");
        await other.locator(`#agenda li[data-index='0'] .vote-list li[data-voter-name="grace@hopper.example"][data-decision=Assent]`).waitFor();
        expect(await other.textContent("#agenda li[data-index='0'] .vote")).toContain("Your vote: Assent");

        // The organizer's page follows the vote live.
        await item0.locator(`.vote-list li[data-voter-name="grace@hopper.example"][data-decision=Assent]`).waitFor();
        const votes = (await t.request("GET", `/api/org/${slug}/meetings/${meetingId}/agenda-votes`, { token: await ownerToken() })).body;
        expect(votes.map((v: { agendaIndex: number; voterName: string; decision: string; changes: number }) => [v.agendaIndex, v.voterName, v.decision, v.changes]).sort()).toEqual([
          [0, EMAIL, "Assent", 0],
          [0, "grace@hopper.example", "Assent", 0],
        ]);
        for (const v of votes) expect(v.recordHash).toMatch(/^[0-9a-f]{64}$/);

        await page.click("#close-item-0");
        await page.locator("#agenda li[data-index='0'][data-status=Closed]").waitFor();
        // Frozen once voted: the organizer may no longer reword or drop it.
        await item0.locator(".item-editor summary").click();
        expect(await item0.textContent()).toContain("its title is frozen");
        expect(await item0.locator("[id^=drop-]").count()).toBe(0);

        await page.click("#preview-outcomes");
        await page.locator("#outcomes tr[data-index='0'][data-outcome=Passed]").waitFor();
        expect(await page.locator("#outcomes tr[data-index='1']").getAttribute("data-outcome")).toBe("NotVoted");
        expect(await page.textContent("#outcomes tr[data-index='0']")).toContain("2 of 2");
        await item0.locator(".item-editor summary").click();
        await page.locator("#agenda-heading").evaluate((heading) => heading.scrollIntoView());
        await shot("meeting");
      },
      STEP_TIMEOUT,
    );

    test(
      "completing the board meeting with a follow-up files the minutes in Files under the meeting and lists the follow-up with the unvoted item",
      async () => {
        await page.click("#complete-meeting");
        await page.waitForSelector("#minutes-filed");
        await page.waitForSelector("#follow-up-created");
        await page.waitForSelector(".page-head >> text=Completed");
        const owner = { token: await ownerToken() };
        const done = (await t.request("GET", `/api/org/${slug}/meetings/${meetingId}`, owner)).body;
        expect(done.status).toBe("Completed");
        expect(done.agendaItems.map((i: { index: number; status: string; outcome: string }) => [i.index, i.status, i.outcome])).toEqual([
          [0, "Closed", "Passed"],
          [1, "Closed", "NotVoted"],
        ]);
        expect(done.minutesFileId).toBeString();
        expect(done.followUpMeetingId).toBeString();
        expect(await page.textContent("#compiled-minutes")).toContain("Approve the accounts");
        // No more voting, opening or check-in on a completed meeting.
        expect(await page.locator("[id^=vote-], [id^=open-item-], [id^=close-item-], input[id^=present-]").count()).toBe(0);

        // The filed minutes, from the meeting's link to Files: scope meeting:{id}.
        await page.click("#minutes-in-files");
        const file = page.locator(`#files li[data-file-scope="meeting:${meetingId}"]`);
        await file.waitFor();
        expect(await file.getAttribute("data-file-name")).toMatch(/^Minutes - Board meeting, first quarter - \d{4}-\d{2}-\d{2}\.md$/);
        expect(await file.textContent()).toContain("for a meeting");
        const listed = (await t.request("GET", `/api/org/${slug}/files?view=all&q=Minutes`, owner)).body.files;
        expect(listed).toContainEqual(expect.objectContaining({ id: done.minutesFileId, scope: `meeting:${meetingId}`, contentType: "text/markdown" }));

        // The follow-up in the list: Scheduled, a week out, carrying item 1 to both directors.
        await page.click(`nav a[href="/orgs/${slug}/meetings"]`);
        const followUp = page.locator(`#meeting-list li[data-meeting-id="${done.followUpMeetingId}"]`);
        await followUp.waitFor();
        expect(await followUp.getAttribute("data-meeting-title")).toBe("Board meeting, first quarter (follow-up)");
        expect(await followUp.getAttribute("data-status")).toBe("Scheduled");
        expect(await page.getAttribute(`#meeting-list li[data-meeting-id="${meetingId}"]`, "data-status")).toBe("Completed");
        const next = (await t.request("GET", `/api/org/${slug}/meetings/${done.followUpMeetingId}`, owner)).body;
        expect(next).toMatchObject({ type: 10, carriedFromMeetingId: meetingId });
        expect(next.agendaItems.map((i: { title: string; carriedFromIndex: number }) => [i.title, i.carriedFromIndex])).toEqual([["Elect the auditor", 1]]);
        expect(await auditTypes("business.meeting.")).toEqual(
          expect.arrayContaining(["business.meeting.created", "business.meeting.attendance_marked", "business.meeting.agenda_opened", "business.meeting.agenda_voted", "business.meeting.completed", "business.meeting.minutes_filed", "business.meeting.follow_up_linked"]),
        );
        expect(await unlabelledControls()).toEqual([]);
        await shot("meetings");
      },
      STEP_TIMEOUT,
    );

    test(
      "single sign-on on the Free plan: the page says the plan includes no connections, and adding one is refused in words",
      async () => {
        // Billing, single sign-on and SCIM run in an organization of their own, on the Free plan with
        // no credit: the board and meetings steps above upgraded the first one.
        const created = await t.request("POST", "/api/org/create", { token: await ownerToken(), json: { name: "Difference Engines", slug: "difference-engines" } });
        expect(created.status).toBeLessThan(300);
        billingSlug = "difference-engines";
        await page.goto(`${base}/orgs/${billingSlug}`);
        await page.click(`nav a[href="/orgs/${billingSlug}/sso"]`);
        await page.waitForSelector("#sso-cap[data-limit='0']");
        expect(await page.textContent("#sso-cap")).toContain("The Free plan includes no single sign-on connections.");
        await page.fill("#oidc-client-id", "signet-dashboard");
        await page.fill("#oidc-issuer", "https://idp.engines.example");
        await page.click("#connection-editor button[type=submit]");
        await page.waitForSelector("#connection-editor .error");
        expect(await page.textContent("#connection-editor .error")).toBe("Your plan allows no single sign-on connections. Upgrade the plan on the Billing page, or deactivate a connection.");
        expect((await t.request("GET", `/api/org/${billingSlug}/idp-connections`, { token: await ownerToken() })).body).toMatchObject({ connections: [], limit: 0, used: 0 });
      },
      STEP_TIMEOUT,
    );

    test(
      "billing: a dev-gateway top-up shows in the balance and the ledger, the upgrade to Business its charge, an add-on goes on, and the month's invoice answers its verify link",
      async () => {
        const owner = { token: await ownerToken() };
        const usd = (minor: number) => page.evaluate((m) => new Intl.NumberFormat(undefined, { style: "currency", currency: "USD" }).format(m / 100), minor);
        await page.click(`nav a[href="/orgs/${billingSlug}/billing"]`);
        await page.waitForSelector("#credit-balance");
        expect(await page.textContent("#credit-balance")).toBe(await usd(0));
        expect(await page.textContent("#plan-name")).toBe("Free");
        await page.waitForSelector("#ledger >> text=No money has moved yet.");
        await page.waitForSelector("#invoices >> text=No invoices yet.");

        // A fraction of a cent is refused before anything is sent; then $500 through the dev gateway.
        await page.fill("#top-up-amount", "12.345");
        await page.click("#top-up button[type=submit]");
        await page.waitForSelector("#top-up .error");
        expect(await page.textContent("#top-up .error")).toContain("at most 2 decimals");
        await page.fill("#top-up-amount", "500");
        await page.click("#top-up button[type=submit]");
        await page.waitForSelector("#top-up-result");
        expect(await page.textContent("#top-up-result")).toBe(`Added ${await usd(50_000)} through the dev gateway (no card was charged).`);
        await page.waitForSelector(`#credit-balance >> text=${await usd(50_000)}`);
        const topUp = page.locator("#ledger-table tr[data-ref-id^='topup:']");
        await topUp.waitFor();
        expect(await topUp.textContent()).toContain(`+${await usd(50_000)}`);

        // Upgrading charges the rest of the month at once, and the page says how much.
        await page.selectOption("#plan-select", "business");
        await page.click("#change-plan button[type=submit]");
        await page.waitForSelector("#plan-result[data-change=upgraded]");
        const charged = Number(await page.getAttribute("#plan-result", "data-charged"));
        const summary = (await t.request("GET", `/api/org/${billingSlug}/billing`, owner)).body;
        expect(summary).toMatchObject({ plan: "business", balance: 50_000 - charged, scheduledPlan: null, delinquency: null });
        expect(charged).toBeGreaterThan(0);
        expect(await page.textContent("#plan-result")).toBe(`Upgraded to Business: ${await usd(charged)} was taken from the credit for the rest of this month.`);
        await page.waitForSelector("#plan-name >> text=Business");
        const proration = page.locator("#ledger-table tr[data-ref-id^='proration:plan:free>business']");
        await proration.waitFor();
        expect(await proration.textContent()).toContain(await usd(-charged));

        // An add-on on, charged its prorated month.
        await page.check("#addon-audit_analytics");
        await page.waitForSelector("li[data-addon-key=audit_analytics][data-active=true] .addon-note");
        const addonCharge = summary.balance - (await t.request("GET", `/api/org/${billingSlug}/billing`, owner)).body.balance;
        expect(addonCharge).toBeGreaterThan(0);
        expect(await page.textContent("li[data-addon-key=audit_analytics] .addon-note")).toBe(`On: ${await usd(addonCharge)} was taken from the credit for the rest of this month.`);

        // The month's open statement holds both charges; its verify link answers without an account.
        // The statements are read again once the add-on's charge lands: wait for that reading.
        const statement = page.locator("#invoices li[data-status=Open]", { hasText: `Total ${await usd(charged + addonCharge)}` });
        await statement.waitFor();
        expect(await statement.locator("a", { hasText: "PDF" }).count()).toBe(0);
        const verifyHref = (await statement.locator("a.verify-link").getAttribute("href"))!;
        const openVerdict = await t.request("GET", verifyHref);
        expect(openVerdict.status).toBe(200);
        expect(openVerdict.body).toMatchObject({ status: "open", verdict: "open", selfHash: null });
        await statement.locator("button", { hasText: "Check the seal" }).click();
        await statement.locator("[data-verdict=open]").waitFor();
        expect(await unlabelledControls()).toEqual([]);
        await shot("billing", true);

        if (target.endBillingMonth) {
          // The month ends: the statement is issued, sealed and numbered, with a PDF and a valid seal;
          // the next month's Business plan costs more than the credit left, so a grace opens.
          await target.endBillingMonth();
          await page.reload();
          await page.waitForSelector("#grace-banner");
          const delinquency = (await t.request("GET", `/api/org/${billingSlug}/billing`, owner)).body.delinquency;
          expect(delinquency.failedAttempts).toBe(1);
          const graceEnds = await page.evaluate((iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }), delinquency.graceEndsAt);
          expect(await page.textContent("#grace-ends")).toBe(graceEnds);
          expect(await page.textContent("#grace-banner")).toContain("the plan drops to Free and paid add-ons switch off");
          const issued = page.locator("#invoices li[data-status=Issued]");
          await issued.waitFor();
          expect(await issued.locator(".invoice-number").textContent()).toMatch(/^INV-\d{6}-\d{4}$/);
          const pdfHref = (await issued.locator("a", { hasText: "PDF" }).getAttribute("href"))!;
          const pdf = await page.evaluate(async (href) => {
            const r = await fetch(href);
            return { status: r.status, type: r.headers.get("content-type"), head: new TextDecoder().decode((await r.arrayBuffer()).slice(0, 5)) };
          }, pdfHref);
          expect(pdf).toEqual({ status: 200, type: "application/pdf", head: "%PDF-" });
          await issued.locator("button", { hasText: "Check the seal" }).click();
          await issued.locator("[data-verdict=valid]").waitFor();
          expect((await t.request("GET", (await issued.locator("a.verify-link").getAttribute("href"))!)).body.verdict).toBe("valid");

          // A top-up pays the open charge at once and ends the grace.
          await page.fill("#top-up-amount", "300");
          await page.click("#top-up button[type=submit]");
          await page.waitForSelector("#grace-banner", { state: "detached" });
          expect((await t.request("GET", `/api/org/${billingSlug}/billing`, owner)).body).toMatchObject({ plan: "business", delinquency: null });
        }

        // What can go back to the card, and a withdrawal with its fee.
        const quote = (await t.request("GET", `/api/org/${billingSlug}/billing/withdrawals/quote`, owner)).body;
        await page.waitForSelector(`#withdrawable >> text=${await usd(quote.withdrawable)}`);
        await page.fill("#withdraw-amount", "10");
        await page.click("#withdraw-form button[type=submit]");
        await page.waitForSelector("#withdraw-result");
        expect(await page.textContent("#withdraw-result")).toContain(`Withdrew ${await usd(1_000)}: fee ${await usd(59)}, ${await usd(941)} back to the card`);
        expect(await auditTypes(undefined, billingSlug)).toEqual(expect.arrayContaining(["org.credit.topped_up", "payment.plan.upgraded", "org.addon.enabled", "payment.credit.withdrawn"]));
      },
      STEP_TIMEOUT,
    );

    test(
      "SSO: a custom OIDC connection shows “Client secret set” and never the secret, counts against the cap, tests in plain words, becomes the default, and the SP details copy",
      async () => {
        const owner = { token: await ownerToken() };
        const secret = "sso-client-secret-never-shown-0123456789";
        await page.click(`nav a[href="/orgs/${billingSlug}/sso"]`);
        await page.waitForSelector("#sso-cap[data-limit='10']");
        expect(await page.textContent("#sso-cap")).toBe("0 of 10 active connections on the Business plan. Inactive connections do not count.");
        await page.selectOption("#connection-type", "custom-oidc");
        await page.fill("#connection-name", "Engines IdP");
        await page.fill("#connection-domain", "engines.example");
        await page.fill("#oidc-client-id", "signet-dashboard");
        await page.fill("#oidc-client-secret", secret);
        // A discovery URL on the loopback: saved without being fetched; the test reports it.
        await page.selectOption("#oidc-source", "discovery");
        await page.fill("#oidc-discovery", "https://127.0.0.1:9/.well-known/openid-configuration");
        expect(await unlabelledControls()).toEqual([]);
        await page.click("#connection-editor button[type=submit]");
        const item = page.locator("li[data-connection-name='Engines IdP']");
        await item.waitFor();
        expect(await item.locator(".secret-state").textContent()).toBe("Client secret set");
        expect(await page.inputValue("#oidc-client-secret")).toBe("");
        expect(await page.content()).not.toContain(secret);
        await page.waitForSelector("#sso-cap[data-used='1']");
        expect(await page.textContent("#sso-cap")).toContain("1 of 10 active connections");
        const list = (await t.request("GET", `/api/org/${billingSlug}/idp-connections`, owner)).body;
        expect(list).toMatchObject({ limit: 10, used: 1 });
        expect(list.connections[0]).toMatchObject({ type: "custom-oidc", display_name: "Engines IdP", email_domain: "engines.example", oidc_client_secret_set: true });
        expect(JSON.stringify(list)).not.toContain(secret);
        expect(await item.textContent()).toContain(list.connections[0].redirect_uri);

        // The test fetches what a sign-in would and says what is wrong.
        await item.locator("button", { hasText: "Test" }).click();
        const report = item.locator(".report");
        await report.waitFor();
        expect(await report.getAttribute("data-ok")).toBe("false");
        expect(await report.textContent()).toContain("A sign-in through this connection would fail.");
        expect(await report.locator(".problems li").count()).toBeGreaterThan(0);

        // Editing without a secret keeps the stored one.
        await item.locator("button", { hasText: "Edit" }).click();
        await page.waitForSelector("#connection-form-heading >> text=Edit Engines IdP");
        await page.fill("#connection-name", "Engines SSO");
        await page.click("#connection-editor button[type=submit]");
        const renamed = page.locator("li[data-connection-name='Engines SSO']");
        await renamed.waitFor();
        expect(await renamed.locator(".secret-state").textContent()).toBe("Client secret set");

        // The policy: this connection by default, existing members only.
        const id = list.connections[0].id;
        await page.selectOption("#policy-default", id);
        await page.uncheck("#policy-jit");
        await page.click("#policy-form button[type=submit]");
        await page.waitForSelector("#sso-policy >> text=Saved.");
        expect((await t.request("GET", `/api/org/${billingSlug}/settings/federation`, owner)).body).toMatchObject({ default_connection_id: id, jit_membership: false });
        await renamed.locator("text=Default").waitFor();

        // The organization's SAML service-provider details, with copy buttons.
        expect(await page.textContent("#sp-entity-id")).toBe(`${base}/idp/${billingSlug}/saml/metadata`);
        expect(await page.textContent("#sp-acs-url")).toBe(`${base}/idp/${billingSlug}/callback`);
        expect(await page.textContent("#sp-certificate")).toStartWith("-----BEGIN CERTIFICATE-----");
        await page.click("#sp-metadata >> button:has-text('Copy entity ID')");
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${base}/idp/${billingSlug}/saml/metadata`);
        expect(await unlabelledControls()).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot("sso");

        // Deactivated, it no longer counts.
        await renamed.locator("button", { hasText: "Deactivate" }).click();
        await page.waitForSelector("li[data-connection-name='Engines SSO'][data-status=inactive]");
        await page.waitForSelector("#sso-cap[data-used='0']");
      },
      STEP_TIMEOUT,
    );

    test(
      "SCIM: the base URL, a token shown once that works, revoked (it stops working), then deleted",
      async () => {
        expect(await page.textContent("#scim-base-url")).toBe(`${base}/scim/v2/${billingSlug}`);
        await page.waitForSelector("#scim >> text=No SCIM tokens.");
        await page.click("#create-scim-token");
        const shown = page.locator("#scim .secret-value");
        await shown.waitFor();
        const token = (await shown.textContent())!;
        expect(token).toStartWith("ah_scim_");
        await page.click("#scim #copy-secret");
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
        expect((await t.request("GET", `/scim/v2/${billingSlug}/Users`, { token })).status).toBe(200);
        await page.click("#scim >> text=I have stored it");
        const row = page.locator("#scim-tokens li[data-status=active]");
        await row.waitFor();
        expect(await row.textContent()).toContain(token.slice(0, 16));
        expect(await page.content()).not.toContain(token);

        await row.locator("button", { hasText: "Revoke" }).click();
        await page.waitForSelector("#scim-tokens li[data-status=revoked]");
        expect((await t.request("GET", `/scim/v2/${billingSlug}/Users`, { token })).status).toBe(401);
        await page.locator("#scim-tokens li[data-status=revoked]").locator("button", { hasText: "Delete" }).click();
        await page.waitForSelector("#scim >> text=No SCIM tokens.");
        expect((await t.request("GET", `/api/org/${billingSlug}/settings/scim/tokens`, { token: await ownerToken() })).body).toEqual([]);
        expect(await auditTypes(undefined, billingSlug)).toEqual(expect.arrayContaining(["org.scim.token_created", "org.scim.token_revoked", "org.scim.token_erased", "org.idp.connection_created", "org.idp.policy_updated"]));
      },
      STEP_TIMEOUT,
    );

    test(
      "a custom login domain on Pro: the app group's section refuses a URL in words, adds login.example.test with its TXT and CNAME records and copy buttons, a check says not verified in words, and removing it releases the name",
      async () => {
        const owner = { token: await ownerToken() };
        // The meetings step moved this organization to Pro, where adding a domain is allowed.
        expect((await t.request("GET", `/api/org/${slug}/billing`, owner)).body.plan).toBe("pro");
        await page.goto(`${base}/orgs/${slug}/apps`);
        await page.waitForSelector("#add-domain");
        await page.fill("#domain-hostname", "https://login.example.test/");
        await page.click("#add-domain button[type=submit]");
        await page.waitForSelector("#add-domain .error");
        expect(await page.textContent("#add-domain .error")).toBe("“https://login.example.test/” is not a hostname such as login.example.com: give it without https://, a path, a port, an IP address or a wildcard.");

        await page.fill("#domain-hostname", "login.example.test");
        await page.click("#add-domain button[type=submit]");
        await page.waitForSelector("#domain-records");
        const listed = (await t.request("GET", `/api/org/${slug}/settings/domains`, owner)).body;
        expect(listed.customLoginDomains).toHaveLength(1);
        const records: { type: string; name: string; value: string | null }[] = listed.customLoginDomains[0].records;
        expect(records.map((r) => [r.type, r.name])).toEqual([
          ["TXT", "_service-challenge.login.example.test"],
          ["CNAME", "login.example.test"],
        ]);
        expect(records[0]!.value).toMatch(/^signet-verify-[0-9a-f]{32}$/);
        for (const r of records) {
          const row = page.locator(`#domain-records li[data-type=${r.type}]`);
          expect(await row.locator("code").allTextContents()).toEqual(r.value ? [r.name, r.value] : [r.name]);
          await row.locator("button", { hasText: `Copy ${r.type} name` }).click();
          expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(r.name);
        }
        await page.locator("#domain-records li[data-type=TXT]").locator("button", { hasText: "Copy TXT value" }).click();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(records[0]!.value!);
        expect(await page.textContent("#domain-status")).toBe("Not verified. Not checked yet: create the two records, then check.");
        expect(await page.getAttribute("#dns-provider-token", "type")).toBe("password");
        expect(await unlabelledControls()).toEqual([]);
        await page.setViewportSize({ width: 360, height: 780 });
        expect(await pageWidth()).toBeLessThanOrEqual(360);
        await page.setViewportSize({ width: 1280, height: 860 });

        // No DNS server answers here: the check fails in words and nothing is verified.
        await page.click("#check-domain");
        await page.waitForFunction(() => !document.getElementById("domain-status")?.textContent?.includes("Not checked yet"), undefined, { timeout: 20_000 });
        expect(await page.textContent("#domain-status")).toMatch(/^Not verified\. (DNS did not answer \(a timeout or a refusal\)\. Try again in a moment\.|Custom login domains are not set up on this Signet)/);
        expect(await page.getAttribute("#domain-status", "data-verified")).toBe("false");
        const checked = (await t.request("GET", `/api/org/${slug}/settings/domains`, owner)).body.customLoginDomains[0];
        expect(checked).toMatchObject({ verified: false, served: false });
        expect(checked.checkedAt).not.toBeNull();

        await page.click("#remove-domain");
        await page.waitForSelector("#add-domain");
        expect((await t.request("GET", `/api/org/${slug}/settings/domains`, owner)).body.customLoginDomains).toEqual([]);
        expect((await t.request("GET", "/api/public/custom-domains/resolve?host=login.example.test")).status).toBe(404);
      },
      STEP_TIMEOUT,
    );

    test(
      "agents: hires a test agent with an expiry, makes the owner its operator, issues its credential once, suspends, activates and revokes it",
      async () => {
        await page.setViewportSize({ width: 1280, height: 860 });
        await page.click(`nav a[href="/orgs/${slug}/agents"]`);
        await page.waitForSelector("text=No agents in this app group.");
        expect(await unlabelledControls()).toEqual([]);
        await page.selectOption("#agent-kind", "test");
        await page.fill("#agent-name", "Difference Tester");
        // The picker's default is 30 days ahead; a past date is refused in words and nothing is hired.
        await page.fill("#agent-expires", "2001-01-01T00:00");
        await page.click("#hire-agent button[type=submit]");
        await page.waitForSelector("#hire-agent .error");
        await page.fill("#agent-expires", new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 16));
        await page.click("#hire-agent button[type=submit]");
        const row = page.locator("#agent-table tbody tr", { hasText: "Difference Tester" });
        await row.waitFor();
        const agentId = (await row.getAttribute("data-agent"))!;
        expect(await row.textContent()).toContain("AGENT_TEST");

        const me = (await t.request("GET", `/api/org/${slug}/me`, { token: await ownerToken() })).body.connectedId;
        await page.selectOption(`#operator-${agentId}`, me);
        await page.waitForFunction(([id, value]) => (document.getElementById(`operator-${id}`) as HTMLSelectElement | null)?.value === value, [agentId, me]);
        await page.click(`#credential-${agentId}`);
        const credential = (await page.locator(".secret-value").textContent())!;
        expect(credential).toStartWith("ah_agent_");
        await page.click("text=I have stored it");
        expect(await page.locator(".secret-value").count()).toBe(0);
        await row.locator("text=credential ah_agent_").waitFor();

        await row.locator("button", { hasText: "Suspend" }).click();
        await row.locator(".badge", { hasText: "suspended" }).waitFor();
        await row.locator("button", { hasText: "Activate" }).click();
        await row.locator(".badge", { hasText: "active" }).waitFor();
        await page.click(`#revoke-${agentId}`);
        await row.locator(".badge", { hasText: "revoked" }).waitFor();
        const agent = (await t.request("GET", `/api/org/${slug}/app-groups/${(await t.request("GET", `/api/org/${slug}/app-groups/`, { token: await ownerToken() })).body[0].id}/agents/${agentId}`, { token: await ownerToken() })).body;
        expect(agent).toMatchObject({ status: "revoked", operatorConnectedId: me });
        expect(await auditTypes("agent.")).toEqual(expect.arrayContaining(["agent.hired", "agent.credential_issued", "agent.suspended", "agent.activated", "agent.revoked"]));
        await shot("agents");
      },
      STEP_TIMEOUT,
    );

    test(
      "roles, service accounts and badges: a custom role from the owner's scopes, a service account holding it, its badge suspended and reactivated, and the role in use refused in words",
      async () => {
        // A step that waits in vain fails with its own message, before the test's timeout closes the browser.
        page.setDefaultTimeout(10_000);
        const owner = { token: await ownerToken() };
        await page.goto(`${base}/orgs/${slug}/roles`);
        await page.waitForSelector("#role-table");
        expect(await page.locator("#role-table tr[data-role-key=owner]").count()).toBe(1);
        await page.fill("#role-key", "auditor");
        await page.fill("#role-name", "Auditor");
        await page.fill("#role-description", "Reads the audit log");
        const scope = "org.analytics.read";
        await page.check(`#role-form input[type=checkbox][value="${scope}"]`);
        await page.click("#role-form button[type=submit]");
        await page.waitForSelector("#role-table tr[data-role-key=auditor]");
        await shot("roles");
        const role = (await t.request("GET", `/api/org/${slug}/roles`, owner)).body.find((r: { key: string }) => r.key === "auditor");
        expect(role).toMatchObject({ name: "Auditor", description: "Reads the audit log", scopes: [scope], builtin: false });
        // A key that is not a-z, 0-9 and _ is refused before anything is sent.
        await page.fill("#role-key", "Bad Key");
        await page.fill("#role-name", "Bad");
        await page.click("#role-form button[type=submit]");
        await page.waitForSelector("#role-form .error");
        expect(await page.textContent("#role-form .error")).toContain("a-z, 0-9 and _");

        await page.click(`nav a[href="/orgs/${slug}/service-accounts"]`);
        await page.waitForSelector("#service-account-list .table-wrap, #service-account-list .empty");
        await page.fill("#service-account-name", "ci-bot");
        await page.selectOption("#service-account-role", { label: "Auditor" });
        await page.click("#service-account-form button[type=submit]");
        await page.waitForSelector("tr[data-service-account=ci-bot]");
        await shot("service-accounts");
        const account = (await t.request("GET", `/api/org/${slug}/service-accounts`, owner)).body.find((a: { name: string }) => a.name === "ci-bot");
        expect(account).toMatchObject({ role: role.id, status: "active" });

        // The role is held: deleting it is refused in words, and it stays.
        await page.goto(`${base}/orgs/${slug}/roles`);
        await page.locator("#role-table tr[data-role-key=auditor]").locator("button", { hasText: "Delete" }).click();
        await page.waitForSelector("#role-table tr[data-role-key=auditor] .error");
        expect(await page.textContent("#role-table tr[data-role-key=auditor] .error")).toContain("still hold this role");
        expect(await page.locator("#role-table tr[data-role-key=auditor] .request-id code").textContent()).toMatch(/\S+/);

        await page.click(`nav a[href="/orgs/${slug}/badges"]`);
        const row = page.locator(`tr[data-badge="${account.connectedId}"]`);
        await row.waitFor();
        await row.locator("button", { hasText: "Suspend" }).click();
        await page.waitForSelector(`tr[data-badge="${account.connectedId}"][data-badge-status=suspended]`);
        expect((await t.request("GET", `/api/org/${slug}/badges?status=suspended`, owner)).body.map((b: { connectedId: string }) => b.connectedId)).toContain(account.connectedId);
        await page.locator(`tr[data-badge="${account.connectedId}"]`).locator("button", { hasText: "Reactivate" }).click();
        await page.waitForSelector(`tr[data-badge="${account.connectedId}"][data-badge-status=active]`);
        await page.selectOption("#badge-status-filter", "suspended");
        await page.waitForSelector("text=No badges with this status");
        await shot("badges");
      },
      STEP_TIMEOUT,
    );

    test(
      "webhooks: adds a subscriber; its deliveries arrive signed and show in the log; dead letters are redelivered",
      async () => {
        const owner = { token: await ownerToken() };
        const secret = (await t.request("POST", `/api/org/${slug}/settings/keys/webhook-secret/regenerate`, owner)).body.secret as string;
        const received: { id: string; timestamp: string; signature: string; body: string }[] = [];
        let answer = 200;
        const receiver = Bun.serve({
          hostname: "127.0.0.1",
          port: 0,
          async fetch(request) {
            received.push({ id: request.headers.get("webhook-id")!, timestamp: request.headers.get("webhook-timestamp")!, signature: request.headers.get("webhook-signature")!, body: await request.text() });
            return new Response("a test receiver", { status: answer });
          },
        });
        try {
          await page.click(`nav a[href="/orgs/${slug}/webhooks"]`);
          await page.waitForSelector("text=No subscribers yet.");
          expect(await unlabelledControls()).toEqual([]);
          await page.fill("#webhook-url", `http://127.0.0.1:${receiver.port}/signet`);
          await page.fill("#webhook-types", "webhook.*");
          await page.click("#add-webhook button[type=submit]");
          await page.waitForSelector(`#webhook-table >> text=127.0.0.1:${receiver.port}`);

          // The queue sends the subscriber its own creation event.
          if (target.runWebhookQueue) await target.runWebhookQueue(false);
          for (let waited = 0; received.length === 0 && waited < 25_000; waited += 200) await Bun.sleep(200);
          expect(received).toHaveLength(1);
          expect(received[0]!.signature.split(" ")).toContain(signatureOf(secret, received[0]!.id, received[0]!.timestamp, received[0]!.body));
          expect(JSON.parse(received[0]!.body).type).toBe("webhook.subscription_created");
          await page.click("text=Delivery log");
          await page.locator(`#delivery-log [data-delivery="${received[0]!.id}"] .badge`, { hasText: "delivered" }).waitFor();

          if (target.runWebhookQueue) {
            // A receiver that keeps failing: after the whole retry schedule the delivery is a dead letter.
            answer = 503;
            await page.click("#webhook-table button:has-text('Pause')");
            await page.waitForSelector("#webhook-table button:has-text('Resume')");
            await page.click("#webhook-table button:has-text('Resume')");
            await page.waitForSelector("#webhook-table button:has-text('Pause')");
            await target.runWebhookQueue(true);
            await page.reload();
            await page.click("text=Delivery log");
            await page.selectOption("#delivery-filter", "dead");
            // The filtered list replaces the whole log when it arrives: until then the delivered row shows too.
            await page.waitForFunction(() => {
              const rows = Array.from(document.querySelectorAll<HTMLElement>("#delivery-log [data-delivery]"));
              return rows.length > 0 && rows.every((row) => row.dataset.deliveryStatus === "dead");
            });
            const dead = await page.locator("#delivery-log [data-delivery]").count();
            expect(dead).toBe(2);
            answer = 200;
            const before = received.length;
            const letter = page.locator("#delivery-log [data-delivery]").first();
            const letterId = (await letter.getAttribute("data-delivery"))!;
            await letter.locator("button:has-text('Redeliver')").click();
            await page.waitForFunction((n) => document.querySelectorAll("#delivery-log [data-delivery]").length === n, dead - 1);
            // The dead letter again, under its own webhook-id. (The redelivery is itself a webhook.* event, which
            // the queue may already have sent too: count the letter, not everything received.)
            const again = received.slice(before).filter((r) => r.id === letterId);
            expect(again).toHaveLength(1);
            expect(again[0]!.signature.split(" ")).toContain(signatureOf(secret, again[0]!.id, again[0]!.timestamp, again[0]!.body));
          }
          await shot("webhooks");
        } finally {
          receiver.stop(true);
        }
      },
      STEP_TIMEOUT * 2,
    );

    test(
      "integrations: the setup wizard enables the HR directory, seals its events, previews and materializes its org structure; an access request is approved",
      async () => {
        const owner = { token: await ownerToken() };
        await page.click(`nav a[href="/orgs/${slug}/integrations"]`);
        await page.click("#setup-hr_directory");
        await page.waitForSelector("#connector-tenantUrl");
        expect(await unlabelledControls()).toEqual([]);
        await page.fill("#connector-tenantUrl", "http://not-https.example");
        await page.selectOption("#connector-employeeIdAttribute", "id");
        await page.click("#enable-connector button[type=submit]");
        await page.waitForSelector("#enable-connector .error");
        await page.fill("#connector-tenantUrl", "https://engines.bamboohr.example");
        await page.click("#enable-connector button[type=submit]");
        await page.waitForSelector("#connection-status >> text=enabled");
        // The switch flips at once; the server has it when its POST is answered.
        const saved = page.waitForResponse((r) => r.url().endsWith("/integrations/hr_directory/notarize-scopes") && r.request().method() === "POST");
        await page.click("#notarize-department-renamed");
        expect((await saved).status()).toBe(200);
        await page.waitForFunction(() => (document.getElementById("notarize-department-renamed") as HTMLInputElement | null)?.checked === true);
        expect((await t.request("GET", `/api/org/${slug}/integrations/hr_directory/notarize-scopes`, owner)).body.eventTypes).toContain("department.renamed");

        // The HR system sends two people, signed with the webhook secret.
        const regenerated = (await t.request("POST", `/api/org/${slug}/settings/keys/webhook-secret/regenerate`, owner)).body;
        const secret = regenerated.secret as string;
        // The server's clock (the in-process one stands still): the timestamp must be within 5 minutes of it.
        const timestamp = Math.floor(Date.parse(regenerated.createdAt) / 1000);
        for (const [id, email, department] of [["1", EMAIL, "Engine Works"], ["2", "grace@hopper.example", "Engine Works/Calculation Office"]]) {
          const body = JSON.stringify({ moduleKey: "hr_directory", type: "employee.upserted", data: { id, name: email, email, department, ...(id === "2" ? { managerId: "1" } : {}) } });
          const sent = await t.request("POST", `/api/org/${slug}/inbound`, {
            body,
            headers: { "content-type": "application/json", "webhook-id": `msg_dash_${id}`, "webhook-timestamp": String(timestamp), "webhook-signature": signatureOf(secret, `msg_dash_${id}`, timestamp, body) },
          });
          expect(sent.status).toBe(202);
        }
        await page.reload();
        await page.click("#setup-hr_directory");
        await page.waitForSelector("#hierarchy-summary >> text=2 people, 2 matched");
        expect(await page.locator("#inbound-preview li").count()).toBe(2);
        await page.click("#materialize");
        // Grace's line to the owner is added unless it would close a cycle (earlier steps made the owner report to her).
        await page.waitForSelector("#materialized");
        expect(await page.textContent("#materialized")).toMatch(/^2 teams created, 2 people placed, [01] reporting lines added\.$/);
        const teamNames = (await t.request("GET", `/api/org/${slug}/teams`, owner)).body.map((team: { name?: string; Name?: string }) => team.name ?? team.Name);
        expect(teamNames).toEqual(expect.arrayContaining(["Engine Works", "Calculation Office"]));
        await shot("integrations");

        // Grace asks for the ticketing connector's scopes; the owner approves in his own page.
        const approver = grace!.page;
        await approver.goto(`${base}/orgs/${slug}/integrations`);
        await approver.selectOption("#request-module", "ticketing");
        await approver.fill("#request-reason", "to file approvals from tickets");
        await approver.click("#request-access button[type=submit]");
        await approver.waitForSelector("#my-request-list >> text=pending");
        // Nobody decides their own request.
        await approver.locator("#pending-requests li", { hasText: "to file approvals from tickets" }).locator("button", { hasText: "Approve" }).click();
        await approver.waitForSelector("text=Nobody decides their own access request");
        await page.reload();
        await page.locator("#pending-requests li", { hasText: "to file approvals from tickets" }).locator("button", { hasText: "Approve" }).click();
        await page.waitForSelector("#access-requests >> text=No pending requests.");
        await approver.reload();
        await approver.selectOption("#request-module", "ticketing");
        await approver.waitForSelector("#my-request-list >> text=approved");
      },
      STEP_TIMEOUT * 2,
    );

    test(
      "settings: the onboarding checklist and the API key defaults are saved",
      async () => {
        const owner = { token: await ownerToken() };
        await page.goto(`${base}/orgs/${slug}/settings`);
        await page.waitForSelector("#settings-onboarding");
        await page.check("#onboarding-master_seal");
        await page.check("#onboarding-create_app");
        await page.click("#settings-onboarding button[type=submit]");
        await page.waitForSelector("#settings-onboarding >> text=Saved.");
        await page.fill("#default-key-scopes", "org.org_file.list");
        await page.fill("#default-token-lifetime", "120");
        await page.click("#settings-api-key-scope button[type=submit]");
        await page.waitForSelector("#settings-api-key-scope >> text=Saved.");
        const settings = (await t.request("GET", `/api/org/${slug}/settings`, owner)).body;
        expect(settings.onboarding).toEqual({ completedSteps: ["master_seal", "create_app"], dismissed: false });
        expect(settings.apiKeyScope).toEqual({ defaultScopes: ["org.org_file.list"], maxTokenLifetimeSeconds: 120 });
      },
      STEP_TIMEOUT,
    );

    test(
      "an app group's icon uploads with progress, social sign-in keeps its secret write-only, and the quickstart carries the application's key and copies",
      async () => {
        const owner = { token: await ownerToken() };
        await page.goto(`${base}/orgs/${slug}/apps`);
        await page.waitForSelector("#app-group-icon");
        // A 1×1 PNG.
        const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
        await page.setInputFiles("#app-group-icon-file", { name: "icon.png", mimeType: "image/png", buffer: png });
        await page.waitForSelector("#app-group-icon-image");
        let group = (await t.request("GET", `/api/org/${slug}/app-groups/`, owner)).body[0];
        expect(group.iconUrl).toContain(`/icon/`);
        expect(await page.getAttribute("#app-group-icon-image", "src")).toBe(group.iconUrl);
        expect(await page.evaluate(() => (document.getElementById("app-group-icon-image") as HTMLImageElement).naturalWidth)).toBe(1);
        // SVG is refused in words.
        await page.setInputFiles("#app-group-icon-file", { name: "icon.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
        await page.waitForSelector("#app-group-icon .error");
        expect(await page.textContent("#app-group-icon .error")).toContain("not a PNG, JPEG or WebP");

        const secret = "google-secret-value-1234";
        await page.click("details[data-provider=google] > summary");
        await page.fill("#social-google-client-id", "1234.apps.googleusercontent.com");
        await page.fill("#social-google-secret", secret);
        await page.click("#social-google-form button[type=submit]");
        await page.waitForSelector("details[data-provider=google] >> text=Client secret set");
        group = (await t.request("GET", `/api/org/${slug}/app-groups/${group.id}`, owner)).body;
        expect(group.socialProviders.google).toMatchObject({ enabled: true, clientId: "1234.apps.googleusercontent.com", hasClientSecret: true });
        expect(JSON.stringify(group)).not.toContain(secret);
        expect(await page.content()).not.toContain(secret);
        expect(await page.inputValue("#social-google-secret")).toBe("");

        const app = group.applications[0];
        const quickstart = page.locator(`details[data-quickstart="${app.clientKey}"]`);
        await quickstart.locator("summary").click();
        const code = (await quickstart.locator("pre code").textContent())!;
        expect(code).toContain(`${base}/api/public/orgs/${slug}/jwks.json`);
        expect(code).toContain(`audience: "${app.clientKey}"`);
        await quickstart.locator("button", { hasText: "Copy the JavaScript snippet" }).click();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
        for (const [tab, expected] of [["Verify a token in Python", "PyJWKClient"], ["Verify a token in Go", "jwt.WithAudience"], ["Analytics beacon", "beacon.js"], ["Hosted login", `/login/${app.clientKey}`], ["Machine-to-machine token", "/api/m2m/token"]]) {
          await quickstart.locator("[role=tab]", { hasText: tab }).click();
          await quickstart.locator("pre code", { hasText: expected! }).waitFor();
        }
        await shot("app-quickstart");
      },
      STEP_TIMEOUT,
    );

    test(
      "the audit log exports a range with a download link that answers, and says when nothing is past the window",
      async () => {
        await page.goto(`${base}/orgs/${slug}/audit`);
        await page.waitForSelector("#audit-export-form");
        await page.click("#audit-export-form button[type=submit]");
        await page.waitForSelector("#audit-export-result");
        expect(await page.textContent("#audit-export-result")).toMatch(/\d+ records?/);
        const href = (await page.getAttribute("#audit-export-download", "href"))!;
        const download = await page.evaluate(async (url) => {
          const r = await fetch(url);
          return { status: r.status, text: await r.text() };
        }, href);
        expect(download.status).toBe(200);
        expect(download.text.split("\n").filter(Boolean).length).toBeGreaterThan(1);
        await page.waitForSelector("#audit-purge >> text=No history is older than the window");
      },
      STEP_TIMEOUT,
    );

    test(
      "analytics draws sign-ins (logins, sign-ups, failures) and the beacon's pages from seeded events, with the numbers as tables and the add-on clamp explained",
      async () => {
        const owner = { token: await ownerToken() };
        const group = (await t.request("GET", `/api/org/${slug}/app-groups/`, owner)).body[0];
        const app = group.applications[0];
        const origin = "https://shop.example";
        expect((await t.request("PUT", `/api/org/${slug}/applications/${app.id}`, { ...owner, json: { allowedOrigins: [origin] } })).status).toBe(200);
        const publicApi = `/api/public/apps/${app.clientKey}`;
        for (const email of ["reader1@shop.example", "reader2@shop.example"]) {
          expect((await t.request("POST", `${publicApi}/auth/magic-link/send`, { json: { email } })).status).toBe(200);
          const mail = (await t.request("GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`)).body.messages[0];
          const token = new URL(mail.links.find((l: string) => l.includes("token="))).searchParams.get("token");
          expect((await t.request("POST", `${publicApi}/auth/magic-link/verify`, { json: { token } })).status).toBe(200);
        }
        expect((await t.request("POST", `${publicApi}/auth/magic-link/verify`, { json: { token: "not-a-real-token" } })).status).toBeGreaterThanOrEqual(400);
        const pageView = (id: string, path: string, extra: Record<string, unknown> = {}) => ({ id, type: "page_view", path, anon: `anon-${id}`, sid: `sid-${id}`, ...extra });
        const beacon = await t.request("POST", `${publicApi}/analytics/events`, {
          headers: { origin },
          json: {
            events: [
              pageView("v1", "/pricing", { ref: "https://news.example.org/post" }),
              pageView("v2", "/pricing"),
              pageView("v3", "/docs"),
              { id: "l1", type: "page_leave", path: "/pricing", anon: "anon-v1", sid: "sid-v1", dwell: 12_000 },
              { id: "c1", type: "custom.signup_clicked", path: "/pricing", anon: "anon-v1", sid: "sid-v1", data: { plan: "pro" } },
            ],
          },
        });
        expect(beacon.status).toBe(202);
        await target.rollAnalyticsDay?.();

        await page.goto(`${base}/orgs/${slug}/analytics`);
        await page.waitForSelector("#chart-sign-ins canvas");
        const report = (await t.request("GET", `/api/v1/admin/audit/analytics?orgId=${slug}&days=30`, owner)).body;
        expect(report.kpi.logins).toBeGreaterThanOrEqual(2);
        expect(report.kpi.signups).toBeGreaterThanOrEqual(2);
        expect(await page.textContent("#kpi-logins .kpi-value")).toBe(report.kpi.logins.toLocaleString("en-US"));
        expect(await page.textContent("#kpi-signups .kpi-value")).toBe(report.kpi.signups.toLocaleString("en-US"));
        // Without the Audit Analytics add-on the 30 days asked for are cut to 3, and the page says so.
        expect(report.days).toBe(3);
        expect(await page.textContent("#analytics-window")).toContain("were cut to 3");
        // The chart's numbers, as a table: one row per day, the logins column summing to the KPI.
        const rows = await page.$$eval("#chart-sign-ins .chart-numbers tbody tr", (trs) => trs.map((tr) => Array.from(tr.children).map((c) => c.textContent)));
        expect(rows.map((r) => r[0])).toEqual(report.daily.map((d: { date: string }) => d.date));
        expect(rows.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(report.kpi.logins);
        await page.waitForSelector("#chart-providers canvas");
        await page.click("#chart-sign-ins button[aria-controls='chart-sign-ins-numbers']");
        expect(await page.isVisible("#chart-sign-ins .chart-numbers")).toBe(true);

        if (target.rollAnalyticsDay) {
          // The day rolled up: failures by reason and the beacon's pages from the sealed rollups.
          await page.waitForSelector("#chart-failure-reasons canvas");
          const reasons = await page.$$eval("#chart-failure-reasons .chart-numbers tbody tr th", (ths) => ths.map((th) => th.textContent));
          expect(reasons.length).toBeGreaterThanOrEqual(1);
          await page.waitForSelector("#chart-page-views canvas");
          expect(await page.textContent("#kpi-views .kpi-value")).toBe("3");
          expect(await page.textContent("#top-pages tbody tr:first-child")).toContain("/pricing");
          expect(await page.textContent("#top-pages tbody tr:first-child")).toContain("12 s");
          expect(await page.textContent("#top-referrers")).toContain("news.example.org");
          expect(await page.$$eval("#chart-custom-events .chart-numbers tbody tr", (trs) => trs.map((tr) => Array.from(tr.children).map((c) => c.textContent)))).toEqual([["signup_clicked", "1"]]);
        } else {
          // A real clock: today is not rolled up yet, and the page says what comes when.
          await page.waitForSelector("#analytics-behavior >> text=No page analytics yet");
        }
        // One app group at a time.
        await page.selectOption("#analytics-app-group", group.id);
        await page.waitForSelector("#chart-sign-ins canvas");
        await shot("analytics", true);
      },
      STEP_TIMEOUT,
    );

    test(
      "speaks English, Korean and Japanese: the browser's language decides, the switcher changes it, and the hosted login and share viewer follow",
      async () => {
        const group = (await t.request("GET", `/api/org/${slug}/app-groups/`, { token: await ownerToken() })).body[0];
        const clientKey = group.applications[0].clientKey;
        // A browser whose Accept-Language is Japanese: the hosted login speaks Japanese.
        const japanese = await browser.newContext({ locale: "ja-JP" });
        const portal = await japanese.newPage();
        await portal.goto(`${base}/login/${clientKey}`);
        await portal.waitForSelector("#methods:not([hidden])");
        expect(await portal.getAttribute("html", "lang")).toBe("ja");
        expect(await portal.textContent("label[for=email]")).toBe("メールアドレス");
        // Its switcher: Korean, kept for the next visit.
        await portal.selectOption("#language", "ko");
        await portal.waitForFunction(() => document.documentElement.lang === "ko");
        expect(await portal.textContent("label[for=email]")).toBe("이메일 주소");
        await portal.goto(`${base}/f/no-such-share-token`);
        await portal.waitForSelector("#status");
        expect(await portal.textContent("#status")).toBe("이 링크는 더 이상 유효하지 않습니다.");
        await japanese.close();

        // The dashboard: switching to Korean names the navigation in Korean, at once.
        await page.goto(`${base}/orgs/${slug}/roles`);
        await page.waitForSelector("#role-table");
        await page.selectOption("#language", "ko");
        await page.waitForFunction(() => document.documentElement.lang === "ko");
        expect(await page.textContent(`nav a[href="/orgs/${slug}/roles"]`)).toBe("역할");
        expect(await page.textContent("#sign-out")).toBe("로그아웃");
        await page.selectOption("#language", "ja");
        expect(await page.textContent(`nav a[href="/orgs/${slug}/analytics"]`)).toBe("分析");
        await shot("roles-japanese");
        await page.selectOption("#language", "en");
        expect(await page.textContent(`nav a[href="/orgs/${slug}/roles"]`)).toBe("Roles");
      },
      STEP_TIMEOUT,
    );

    test(
      "a browser whose language is Korean gets the API & keys page and its toasts in Korean",
      async () => {
        const korean = await browser.newContext({ locale: "ko-KR", viewport: { width: 360, height: 780 } });
        await korean.addCookies(await context.cookies());
        const seoul = await korean.newPage();
        seoul.on("dialog", (dialog) => dialog.accept());
        await seoul.goto(`${base}/orgs/${slug}/keys`);
        await seoul.waitForSelector("#api-key-name");
        expect(await seoul.getAttribute("html", "lang")).toBe("ko");
        expect(await seoul.textContent("main h1")).toBe("API 및 키");
        expect(await seoul.textContent("#api-keys-heading")).toBe("API 키");
        expect(await seoul.textContent("label[for=api-key-name]")).toBe("이름");
        await seoul.fill("#api-key-name", "seoul-backend");
        await seoul.fill("#api-key-scopes", "org.org_file.list");
        await seoul.click("#create-api-key button[type=submit]");
        await seoul.locator("#toasts .toast", { hasText: "API 키를 만들었습니다." }).waitFor();
        await shot("api-keys-korean-phone", false, seoul);
        expect(await seriousAccessibilityViolations(seoul)).toEqual([]);
        await seoul.click("text=저장했습니다");
        const row = seoul.locator("#api-key-table tr", { hasText: "seoul-backend" });
        await row.locator("button", { hasText: "폐기" }).click();
        await row.waitFor({ state: "detached" });
        await seoul.locator("#toasts .toast", { hasText: "폐기했습니다." }).waitFor();
        // Nothing overflows sideways at 360 px in Korean.
        const wide = await seoul.evaluate(() =>
          Array.from(document.querySelectorAll("main *"))
            .filter((element) => element.getBoundingClientRect().right > 361 && !element.closest(".table-wrap"))
            .map((element) => `${element.tagName.toLowerCase()}#${element.id}.${element.className}`),
        );
        expect({ width: await pageWidth(seoul), wide }).toEqual({ width: 360, wide: [] });
        await korean.close();
      },
      STEP_TIMEOUT,
    );

    test(
      "axe-core finds no serious or critical violation on any organization page, the hosted login or the share viewer, in English, Korean and Japanese, at 1280 and 360 px",
      async () => {
        const group = (await t.request("GET", `/api/org/${slug}/app-groups/`, { token: await ownerToken() })).body[0];
        const orgPages = ["", "/members", "/roles", "/service-accounts", "/badges", "/teams", "/org-chart", "/approvals", "/board", "/meetings", "/keys", "/apps", "/files", "/audit", "/analytics", "/sso", "/billing", "/settings", "/monetization", "/korean-package", "/agents", "/integrations", "/webhooks"];
        const paths = [...orgPages.map((p) => `/orgs/${slug}${p}`), "/account", `/login/${group.applications[0].clientKey}`, "/f/no-such-share-token"];
        for (const width of [1280, 360]) {
          await page.setViewportSize({ width, height: 860 });
          for (const language of ["en", "ko", "ja"]) {
            await page.evaluate((l) => localStorage.setItem("signet.language", l), language);
            for (const path of paths) {
              await page.goto(`${base}${path}`);
              await page.waitForSelector(path.startsWith("/f/") ? "#status" : path.startsWith("/login/") ? "#methods:not([hidden])" : "main h1");
              await page.waitForLoadState(path.startsWith("/f/") ? "load" : "networkidle");
              expect(await page.getAttribute("html", "lang")).toBe(language);
              expect({ width, language, path, violations: await seriousAccessibilityViolations() }).toEqual({ width, language, path, violations: [] });
            }
          }
        }
        await page.evaluate(() => localStorage.removeItem("signet.language"));
        await page.setViewportSize({ width: 1280, height: 860 });
      },
      // About 200 page visits, each with an axe run: 160 s on an idle machine, over 300 s on a loaded one.
      900_000,
    );

    test(
      "fits a 360 px wide screen without sideways scrolling",
      async () => {
        await page.setViewportSize({ width: 360, height: 780 });
        for (const path of ["/teams", "/org-chart", "/approvals", "/board", "/meetings", `/meetings/${meetingId}`, "/billing", "/sso", "/roles", "/service-accounts", "/badges", "/apps", "/analytics", "/settings", "/agents", "/integrations", "/webhooks", ""]) {
          await page.goto(`${base}/orgs/${slug}${path}`);
          await page.waitForSelector(".page-head h1");
          await page.waitForLoadState("networkidle");
          expect({ path, fits: (await pageWidth()) <= 360 }).toEqual({ path, fits: true });
        }
        await page.waitForSelector("#org-facts");
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
