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
        for (const page_ of ["", "/members", "/teams", "/org-chart", "/approvals", "/keys", "/apps", "/files", "/audit", "/settings"]) {
          await page.goto(`${base}/orgs/${slug}${page_}`);
          await page.waitForSelector(".page-head h1");
          await page.waitForLoadState("networkidle");
          expect({ page: page_, unlabelled: await unlabelledControls() }).toEqual({ page: page_, unlabelled: [] });
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

        // The approver signs in in a browser of his own, adds a passkey and approves.
        const approverContext = await browser.newContext();
        try {
          const approver = await approverContext.newPage();
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
        } finally {
          await approverContext.close();
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
      "fits a 360 px wide screen without sideways scrolling",
      async () => {
        await page.setViewportSize({ width: 360, height: 780 });
        for (const path of ["/teams", "/org-chart", "/approvals", ""]) {
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
