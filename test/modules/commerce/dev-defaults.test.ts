/**
 * The offline dev defaults of commerce's adapters (docs/commerce.md): in dev mode without
 * any provider configured, the gateway and the Korean providers answer locally and nothing
 * leaves the machine; outside dev mode the same routes say what is missing (503).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createAppGroup, createOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { groupApi, orgApi } from "./support";

describe("dev mode, no provider configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SIGNET_DEV: "1" } });
  });
  afterAll(() => t.close());

  test("the dev gateway links, syncs and opens payout sessions at once; the Korean providers answer locally", async () => {
    const org = await createOrg(t, "owner@dev-commerce.test", "DevCommerce");
    const group = await createAppGroup(t, org, "Shop");
    const linkup = await groupApi(t, org, group.id, "POST", "/gateway-linkup", {});
    expect(linkup.body).toMatchObject({ linked: true, provider: "dev", accountRef: `acct_dev_${group.id}`, chargesEnabled: true, payoutsEnabled: true });
    expect(linkup.body.onboardingUrl).toBe(`${t.config.dashboardBase}/orgs/${org.slug}/monetization`);
    const product = (await groupApi(t, org, group.id, "POST", "/products", { name: "Thing", price: 100 })).body;
    expect((await groupApi(t, org, group.id, "POST", `/products/${product.id}/sync`)).body.product).toMatchObject({ gatewayProductRef: `prod_dev_${product.id}`, gatewayPriceRef: `price_dev_${product.id}_v1` });
    const session = await groupApi(t, org, group.id, "POST", "/payout-session", {});
    expect(session.body.clientSecret).toStartWith("dev_session_secret_");
    expect((await orgApi(t, org, "GET", "/billing/business-lookup?number=2208162517")).body.status).toBe("active");
    expect((await orgApi(t, org, "GET", "/billing/address-search?q=main")).body.total).toBe(3);
    expect((await orgApi(t, org, "POST", "/billing/krw/billing-key/issue", { authKey: "dev" })).body).toMatchObject({ registered: true, provider: "dev" });
    expect((await orgApi(t, org, "GET", "/korean-package")).body.providers).toEqual({ toss: true, businessLookup: true, addressSearch: true, popbill: true });
  });
});

describe("neither dev mode nor providers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test("503 gateway_not_configured and provider_not_configured; a bad number is still 400 first; the legal record is 204", async () => {
    const org = await createOrg(t, "owner@no-providers.test", "NoProviders");
    const group = await createAppGroup(t, org, "Shop");
    const linkup = await groupApi(t, org, group.id, "POST", "/gateway-linkup", {});
    expect(linkup.status).toBe(503);
    expect(linkup.body.error).toBe("gateway_not_configured");
    expect((await groupApi(t, org, group.id, "GET", "/payout-status")).body.linked).toBe(false);
    expect((await orgApi(t, org, "GET", "/billing/business-lookup?number=2208162517")).body.error).toBe("provider_not_configured");
    expect((await orgApi(t, org, "GET", "/billing/business-lookup?number=2208162510")).body.error).toBe("invalid_business_number");
    expect((await orgApi(t, org, "POST", "/billing/krw/billing-key/issue", { authKey: "x" })).status).toBe(503);
    // A lookup that could not be made spent nothing.
    expect((await orgApi(t, org, "GET", "/korean-package")).body.lookups.business.used).toBe(0);
    expect((await t.request("GET", "/api/public/legal/business-info", { headers: { "cf-ipcountry": "KR" } })).status).toBe(204);
    expect((await t.request("POST", "/api/public/commerce/stripe/webhook", { body: "{}", headers: { "content-type": "application/json" } })).body.error).toBe("webhooks_not_configured");
  });
});
