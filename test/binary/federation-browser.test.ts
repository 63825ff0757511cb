/**
 * IdP federation in Chromium against the compiled binary: a person opens
 * /idp/{slug}/login, signs in at the organization's OpenID Provider (oidc-provider) or SAML
 * IdP (samlify), and lands on the dashboard signed in, a member just in time. The peers run
 * in this test process on loopback; the binary may reach them because the operator setting
 * SIGNET_FEDERATION_ALLOW_PRIVATE_NETWORKS is on.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { describeInChromium, launchChromium } from "../support/browser";
import { startOidcPeer, type OidcPeer } from "../support/oidc-peer";
import { startSamlIdp, type SamlIdpPeer } from "../support/saml-idp";
import { requestOverSocket, type RunningBinary, startBinary } from "./support";

describeInChromium("federation in Chromium")("federation sign-in in Chromium against the binary", () => {
  let server: RunningBinary;
  let oidc: OidcPeer;
  let saml: SamlIdpPeer;
  let browser: Browser;
  let owner: { sessionToken: string; slug: string };
  let request: ReturnType<typeof requestOverSocket>;

  beforeAll(async () => {
    server = await startBinary({ env: { SIGNET_FEDERATION_ALLOW_PRIVATE_NETWORKS: "1" } });
    request = requestOverSocket(server);
    const boot = await server.cli(["admin", "bootstrap", "--email", "owner@acme.example", "--org", "Acme", "--slug", "acme", "--plan", "enterprise"]);
    if (boot.code !== 0) throw new Error(`bootstrap: ${boot.stderr}`);
    owner = JSON.parse(boot.stdout);
    oidc = await startOidcPeer({
      clients: [{ clientId: "signet-acme", clientSecret: "acme-secret", redirectUris: [`${server.base}/idp/acme/callback`] }],
      accounts: { alice: { email: "alice@acme.example", email_verified: true, name: "Alice Acme" } },
      // The peer's one-step login page signs the browser in as alice.
      defaultAccount: "alice",
    });
    saml = await startSamlIdp();
    const create = (json: unknown) => request("POST", "/api/org/acme/idp-connections", { token: owner.sessionToken, json });
    const o = await create({ type: "custom-oidc", email_domain: "acme.example", oidc_issuer: oidc.issuer, oidc_client_id: "signet-acme", oidc_client_secret: "acme-secret" });
    if (o.status !== 201) throw new Error(`oidc connection: ${o.status} ${o.text}`);
    const s = await create({ type: "custom-saml", email_domain: "acme-saml.example", saml_metadata_url: saml.metadataUrl });
    if (s.status !== 201) throw new Error(`saml connection: ${s.status} ${s.text}`);
    saml.actAs(await (await server.fetch("/idp/acme/saml/metadata")).text(), { nameId: "sam@acme-saml.example", attributes: { displayName: "Sam Saml" } });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await oidc?.close();
    await saml?.close();
    await server?.stop();
  });

  async function signedInAs(page: import("playwright-core").Page): Promise<string | null> {
    return page.evaluate(async () => {
      const r = await fetch("/api/auth/session");
      return r.status === 200 ? ((await r.json()) as { user: { email: string } }).user.email : null;
    });
  }

  test("OIDC: the login page of the IdP, back to the dashboard with a session, a member now", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.base}/idp/acme/login?email=alice@acme.example`);
    await page.waitForURL(`${server.base}/`);
    expect(await signedInAs(page)).toBe("alice@acme.example");
    const cookies = await context.cookies(server.base);
    expect(cookies.find((c) => c.name === "signet_session")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    const members = await request("GET", "/api/org/acme/members", { token: owner.sessionToken });
    expect((members.body as any[]).find((m) => m.email === "alice@acme.example")).toMatchObject({ badge: { membershipType: "sso" } });
    await context.close();
  }, 60_000);

  test("SAML: a signed AuthnRequest to the IdP, its auto-posted response to the ACS, the dashboard signed in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.base}/idp/acme/login?email=sam@acme-saml.example`);
    await page.waitForURL(`${server.base}/`);
    expect(await signedInAs(page)).toBe("sam@acme-saml.example");
    const members = await request("GET", "/api/org/acme/members", { token: owner.sessionToken });
    expect((members.body as any[]).find((m) => m.email === "sam@acme-saml.example")).toMatchObject({ badge: { membershipType: "sso" } });
    await context.close();
  }, 60_000);
});
