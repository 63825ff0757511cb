/**
 * Commerce for organizations' own end users (spec 2.12, 4.2, 4.4; docs/commerce.md): the
 * monetization policy with the §8 take rates, caps and limits; products with the
 * idempotent sync, reprice and import; payouts through the gateway (a fake Stripe
 * Connect); charges from signed webhooks with the take rate in the ledger; earnings; the
 * partner routes. Bad input changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { commerceCharges, commerceProducts } from "../../../src/modules/commerce/schema";
import { addMember, createAppGroup, createOrg, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { FAKE, type FakePeers, startFakePeers } from "./fake-peers";
import { fund } from "../billing/support";
import { apiKey, eventsOf, groupApi, ledgerOf, orgApi, withKey } from "./support";

let t: TestApp;
let peers: FakePeers;
beforeAll(async () => {
  peers = startFakePeers();
  t = await createTestApp({ env: peers.env() });
});
afterAll(async () => {
  await t.close();
  peers.close();
});

const collect = (org: TestOrg, groupId: string, on = true) => t.request("PUT", `/api/org/${org.slug}/app-groups/${groupId}`, { token: org.owner.token, json: { billingCollection: on } });
const productsIn = async (groupId: string) => t.ctx.db.read.select().from(commerceProducts).where(eq(commerceProducts.appGroupId, groupId));

async function linkedGroup(email: string, name: string, plan?: string) {
  const org = await createOrg(t, email, name, plan ? { plan } : {});
  const group = await createAppGroup(t, org, `${name} Shop`);
  const linkup = await groupApi(t, org, group.id, "POST", "/gateway-linkup", {});
  expect(linkup.status).toBe(200);
  return { org, group, account: linkup.body.accountRef as string };
}

describe("the monetization policy (§8 take rates, caps, limits)", () => {
  test("each plan's take rate, collecting groups, volume cap and roll-up; public v1 and the dashboard answer the same", async () => {
    const expected: Array<[string | undefined, number, number, number | null, boolean]> = [
      [undefined, 0.7, 1, 5000, false],
      ["pro", 0.7, 1, null, false],
      ["pro_plus", 0.6, -1, null, false],
      ["business", 0.5, -1, null, true],
      ["enterprise", 0.4, -1, null, true],
    ];
    for (const [plan, rate, limit, cap, consolidated] of expected) {
      const org = await createOrg(t, `owner@policy-${plan ?? "free"}.test`, `Policy ${plan ?? "free"}`, plan ? { plan } : {});
      const group = await createAppGroup(t, org, "Store");
      const key = await apiKey(t, org, ["org.*"]);
      const policy = await withKey(t, key, "GET", "/api/public/v1/monetization");
      expect(policy.status).toBe(200);
      expect(policy.body).toEqual({
        takeRatePercent: rate,
        currency: "USD",
        perInvoiceFixedFeeUsd: 0,
        monthlyVolumeCapUsd: cap,
        collectingAppGroups: { limit, enabled: 0 },
        consolidatedEnabled: consolidated,
        appGroups: [{ key: group.groupKey, name: "Store", monetizationEnabled: false }],
      });
      expect((await withKey(t, key, "POST", "/api/public/v1/orgs/monetization", { orgId: org.orgId })).body).toEqual(policy.body);
      expect((await orgApi(t, org, "GET", "/billing/monetization")).body).toEqual(policy.body);
    }
  });

  test("the collection switch: view.billing, events, Free and Pro collect in one group only; another org's id is 404", async () => {
    const org = await createOrg(t, "owner@switch.test", "Switch");
    const a = await createAppGroup(t, org, "A");
    const b = await createAppGroup(t, org, "B");
    const admin = await addMember(t, org, "admin@switch.test", "admin");
    const member = await addMember(t, org, "member@switch.test", "member");
    // An admin holds org.* but not view.billing (the owner's power).
    const refused = await t.request("PUT", `/api/org/${org.slug}/app-groups/${a.id}`, { token: member.token, json: { billingCollection: true } });
    expect([403, 404]).toContain(refused.status);
    expect((await collect(org, a.id)).status).toBe(200);
    expect((await eventsOf(t, org, "appgroup.monetization.enabled")).map((e) => e.appGroupId)).toEqual([a.id]);
    const second = await collect(org, b.id);
    expect(second.status).toBe(403);
    expect(second.body.error).toBe("UPGRADE_REQUIRED");
    const key = await apiKey(t, org, ["org.*"]);
    const policy = (await withKey(t, key, "GET", "/api/public/v1/monetization")).body;
    expect(policy.collectingAppGroups).toEqual({ limit: 1, enabled: 1 });
    expect(Object.fromEntries(policy.appGroups.map((g: any) => [g.key, g.monetizationEnabled]))).toEqual({ [a.groupKey]: true, [b.groupKey]: false });
    expect((await collect(org, a.id, false)).status).toBe(200);
    expect((await eventsOf(t, org, "appgroup.monetization.disabled")).length).toBe(1);
    expect(admin.token).toBeString();

    const other = await createOrg(t, "owner@switch-other.test", "SwitchOther");
    const wrong = await withKey(t, key, "POST", "/api/public/v1/orgs/monetization", { orgId: other.orgId });
    expect(wrong.status).toBe(404);
    expect((await withKey(t, key, "POST", "/api/public/v1/orgs/monetization", { orgId: org.orgId, extra: 1 })).status).toBe(400);
    expect((await t.request("GET", "/api/public/v1/monetization")).status).toBe(401);
  });
});

describe("products", () => {
  test("members read, only view.billing writes a price; bad prices, keys and currencies are 400 and nothing is written", async () => {
    const org = await createOrg(t, "owner@products.test", "Products");
    const group = await createAppGroup(t, org, "Shop");
    const member = await addMember(t, org, "member@products.test", "member");
    const created = await groupApi(t, org, group.id, "POST", "/products", { productKey: "gold", name: "Gold plan", price: 1_999 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ productKey: "gold", name: "Gold plan", price: 1_999, currency: "USD", priceRegistered: false, gatewayPriceRef: null });
    expect((await eventsOf(t, org, "appgroup.product.created")).length).toBe(1);
    // Reading is open to a member who sees the group; writing a price is not.
    const listed = await groupApi(t, org, group.groupKey, "GET", "/products", undefined, member.token);
    expect(listed.status).toBe(200);
    expect(listed.body.map((p: any) => p.productKey)).toEqual(["gold"]);
    const denied = await groupApi(t, org, group.id, "POST", "/products", { name: "Silver", price: 999 }, member.token);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("PERMISSION_DENIED");
    expect((await groupApi(t, org, group.id, "POST", `/products/${created.body.id}/reprice`, { price: 5 }, member.token)).status).toBe(403);

    for (const price of [0, -1, -500, 1.5, 0.01, 1e21, Number.MAX_SAFE_INTEGER]) {
      const r = await groupApi(t, org, group.id, "POST", "/products", { name: "Bad", price });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_price", field: "price" });
    }
    for (const body of [{ name: "Bad", price: "100" }, { name: "Bad" }, { price: 100 }, { name: "Bad", price: 100, extra: true }, { name: 5, price: 100 }]) {
      expect((await groupApi(t, org, group.id, "POST", "/products", body)).status).toBe(400);
    }
    expect((await groupApi(t, org, group.id, "POST", "/products", { name: "Bad", price: 100, currency: "KRW" })).body).toMatchObject({ error: "invalid_currency", accountCurrency: "USD" });
    expect((await groupApi(t, org, group.id, "POST", "/products", { name: "Bad", price: 100, productKey: "no spaces" })).body.error).toBe("invalid_product");
    expect((await groupApi(t, org, group.id, "POST", "/products", { name: "Gold again", price: 100, productKey: "gold" })).body.error).toBe("duplicate_product_key");
    const malformed = await t.request("POST", `/api/org/${org.slug}/app-groups/${group.id}/products`, { token: org.owner.token, body: "{not json", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    const oversize = await groupApi(t, org, group.id, "POST", "/products", { name: "Big", price: 100, description: "x".repeat(2_000_000) });
    expect([400, 413]).toContain(oversize.status);
    expect((await groupApi(t, org, group.id, "POST", `/products/${created.body.id}/reprice`, { price: 0 })).body.error).toBe("invalid_price");
    expect(await productsIn(group.id)).toHaveLength(1);
    expect((await productsIn(group.id))[0]!.priceMinor).toBe(1_999);
  });

  test("another organization's group or product is 404, and nothing changes", async () => {
    const mine = await createOrg(t, "owner@products-mine.test", "ProductsMine");
    const theirs = await createOrg(t, "owner@products-theirs.test", "ProductsTheirs");
    const myGroup = await createAppGroup(t, mine, "Mine");
    const theirGroup = await createAppGroup(t, theirs, "Theirs");
    const theirProduct = (await groupApi(t, theirs, theirGroup.id, "POST", "/products", { name: "Theirs", price: 500 })).body;
    expect((await groupApi(t, mine, theirGroup.id, "GET", "/products")).status).toBe(404);
    expect((await groupApi(t, mine, theirGroup.id, "POST", "/products", { name: "Sneak", price: 1 })).body.error).toBe("app_group_not_found");
    for (const [method, path, body] of [
      ["POST", `/products/${theirProduct.id}/reprice`, { price: 1 }],
      ["POST", `/products/${theirProduct.id}/sync`, undefined],
      ["DELETE", `/products/${theirProduct.id}`, undefined],
    ] as const) {
      const r = await groupApi(t, mine, myGroup.id, method, path, body);
      expect(r.status).toBe(404);
      expect(r.body.error).toBe("product_not_found");
    }
    expect((await productsIn(theirGroup.id))[0]).toMatchObject({ priceMinor: 500, gatewayPriceRef: null });
    // A key scoped to one group does not reach another.
    const scoped = await apiKey(t, mine, ["org.*"], myGroup.id);
    const token = (await t.request("POST", "/api/m2m/token", { json: { apiKey: scoped } })).body.access_token;
    const other = await createAppGroup(t, mine, "Other");
    if (token) expect((await groupApi(t, mine, other.id, "GET", "/products", undefined, token)).status).toBe(404);
  });

  test("sync is idempotent, reprice unregisters the price until the next sync, delete archives on the gateway", async () => {
    const { org, group, account } = await linkedGroup("owner@sync.test", "Sync");
    const product = (await groupApi(t, org, group.id, "POST", "/products", { productKey: "pro", name: "Pro", price: 1_000 })).body;
    const calls = () => peers.requests.filter((r) => (r.path === "/v1/products" || r.path === "/v1/prices") && r.headers["stripe-account"] === account);
    const first = await groupApi(t, org, group.id, "POST", `/products/${product.id}/sync`);
    expect(first.status).toBe(200);
    expect(first.body.changed).toBe(true);
    expect(first.body.product.priceRegistered).toBe(true);
    expect(first.body.product.gatewayProductRef).toMatch(/^prod_fake_/);
    expect(first.body.product.gatewayPriceRef).toMatch(/^price_fake_/);
    expect(calls().map((c) => [c.path, c.headers["idempotency-key"]])).toEqual([
      ["/v1/products", `signet-product-${product.id}`],
      ["/v1/prices", `signet-price-${product.id}-v1`],
    ]);
    expect(calls()[1]!.form).toMatchObject({ unit_amount: "1000", currency: "usd" });
    // Again: answered as it is, nothing sent.
    const again = await groupApi(t, org, group.id, "POST", `/products/${product.id}/sync`);
    expect(again.body).toEqual({ product: first.body.product, changed: false });
    expect(calls()).toHaveLength(2);
    expect((await eventsOf(t, org, "appgroup.product.synced")).length).toBe(1);

    const repriced = await groupApi(t, org, group.id, "POST", `/products/${product.id}/reprice`, { price: 1_500 });
    expect(repriced.body).toMatchObject({ price: 1_500, priceRegistered: false, gatewayPriceRef: null, gatewayProductRef: first.body.product.gatewayProductRef });
    const resynced = await groupApi(t, org, group.id, "POST", `/products/${product.id}/sync`);
    expect(resynced.body.changed).toBe(true);
    expect(resynced.body.product.gatewayPriceRef).not.toBe(first.body.product.gatewayPriceRef);
    // The product is not created twice; the new price has its own idempotency key.
    expect(calls().map((c) => c.headers["idempotency-key"])).toEqual([`signet-product-${product.id}`, `signet-price-${product.id}-v1`, `signet-price-${product.id}-v2`]);

    // A gateway refusal: 502, nothing changed.
    const other = (await groupApi(t, org, group.id, "POST", "/products", { name: "Other", price: 300 })).body;
    peers.failNext("/v1/prices", 500, "api_error");
    const failed = await groupApi(t, org, group.id, "POST", `/products/${other.id}/sync`);
    expect(failed.status).toBe(502);
    expect(failed.body.error).toBe("gateway_failed");
    expect((await productsIn(group.id)).find((p) => p.id === other.id)).toMatchObject({ gatewayPriceRef: null, syncedAt: null });

    const deleted = await groupApi(t, org, group.id, "DELETE", `/products/${product.id}`);
    expect(deleted.status).toBe(200);
    expect(peers.requests.some((r) => r.path === `/v1/products/${first.body.product.gatewayProductRef}` && r.form.active === "false")).toBe(true);
    expect((await productsIn(group.id)).map((p) => p.id)).toEqual([other.id]);
  });

  test("sync before gateway-linkup is 409 gateway_not_linked", async () => {
    const org = await createOrg(t, "owner@unlinked.test", "Unlinked");
    const group = await createAppGroup(t, org, "Shop");
    const product = (await groupApi(t, org, group.id, "POST", "/products", { name: "Thing", price: 100 })).body;
    const r = await groupApi(t, org, group.id, "POST", `/products/${product.id}/sync`);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("gateway_not_linked");
  });

  test("import skips existing products by productKey, else by name, and refuses a bad row whole", async () => {
    const org = await createOrg(t, "owner@import.test", "Import");
    const group = await createAppGroup(t, org, "Shop");
    const existing = (await groupApi(t, org, group.id, "POST", "/products", { productKey: "basic", name: "Basic", price: 100 })).body;
    const r = await groupApi(t, org, group.id, "POST", "/products/import", {
      products: [
        { productKey: "basic", name: "Renamed basic", price: 999 },
        { name: "Basic", price: 5 },
        { productKey: "plus", name: "Plus", price: 200 },
        { name: "Plus", price: 300 },
        { name: "Max", price: 400 },
        { productKey: "basic-2", name: "Basic", price: 150 },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.created.map((p: any) => [p.productKey.startsWith("product_") ? "generated" : p.productKey, p.name, p.price])).toEqual([
      ["plus", "Plus", 200],
      ["generated", "Max", 400],
      ["basic-2", "Basic", 150],
    ]);
    expect(r.body.skipped.map((s: any) => [s.index, s.matchedBy, s.productId === existing.id])).toEqual([
      [0, "productKey", true],
      [1, "name", true],
      [3, "name", false],
    ]);
    const before = (await productsIn(group.id)).length;
    const bad = await groupApi(t, org, group.id, "POST", "/products/import", { products: [{ name: "Fine", price: 100 }, { name: "Broken", price: -3 }] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "invalid_price", field: "products[1].price" });
    expect((await groupApi(t, org, group.id, "POST", "/products/import", { products: [] })).status).toBe(400);
    expect((await groupApi(t, org, group.id, "POST", "/products/import", { products: Array.from({ length: 101 }, (_, i) => ({ name: `P${i}`, price: 1 })) })).status).toBe(400);
    expect((await productsIn(group.id)).length).toBe(before);
  });
});

describe("payouts through the gateway", () => {
  test("linkup, listing, payout session and status are owner-only; the account and brand come from the server, never the request", async () => {
    const org = await createOrg(t, "owner@payouts.test", "Payouts");
    const group = await createAppGroup(t, org, "Main Store");
    const member = await addMember(t, org, "member@payouts.test", "member");
    expect((await groupApi(t, org, group.id, "GET", "/payout-status")).body).toEqual({ linked: false, provider: null, accountRef: null, chargesEnabled: false, payoutsEnabled: false, requirementsDue: [], brand: null });
    expect((await groupApi(t, org, group.id, "POST", "/payout-session", {})).body.error).toBe("gateway_not_linked");
    expect((await groupApi(t, org, group.id, "POST", "/gateway-listing", {})).body.error).toBe("gateway_not_linked");
    // A brand or account named in the request is refused, not used.
    expect((await groupApi(t, org, group.id, "POST", "/gateway-linkup", { accountRef: "acct_evil" })).status).toBe(400);
    expect((await groupApi(t, org, group.id, "POST", "/gateway-listing", { brand: "evil" })).status).toBe(400);
    for (const path of ["/gateway-linkup", "/gateway-listing", "/payout-session"]) {
      const r = await groupApi(t, org, group.id, "POST", path, {}, member.token);
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("PERMISSION_DENIED");
    }
    expect((await groupApi(t, org, group.id, "GET", "/payout-status", undefined, member.token)).status).toBe(403);

    const linkup = await groupApi(t, org, group.id, "POST", "/gateway-linkup", {});
    expect(linkup.body.accountRef).toMatch(/^acct_fake_/);
    expect(linkup.body).toMatchObject({ linked: true, provider: "stripe", chargesEnabled: false, requirementsDue: ["external_account", "tos_acceptance.date"] });
    expect(linkup.body.onboardingUrl).toBe(`https://connect.fake.test/setup/${linkup.body.accountRef}`);
    const again = await groupApi(t, org, group.id, "POST", "/gateway-linkup", {});
    expect(again.body.accountRef).toBe(linkup.body.accountRef);
    expect(peers.accounts.get(linkup.body.accountRef)!.metadata).toEqual({ signet_app_group_id: group.id, signet_org_id: org.orgId });
    expect((await eventsOf(t, org, "appgroup.commerce.gateway_linked")).length).toBe(1);

    const listing = await groupApi(t, org, group.id, "POST", "/gateway-listing", {});
    expect(listing.body).toEqual({ brand: "payouts-main-store", appGroupKey: group.groupKey, listed: true });
    expect((await groupApi(t, org, group.id, "POST", "/gateway-listing", {})).body.brand).toBe("payouts-main-store");
    expect(peers.requests.find((r) => r.path === `/v1/accounts/${linkup.body.accountRef}` && r.method === "POST")!.form).toMatchObject({ "business_profile[name]": "Main Store", "metadata[signet_brand]": "payouts-main-store" });

    const session = await groupApi(t, org, group.id, "POST", "/payout-session", {});
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ provider: "stripe", accountRef: linkup.body.accountRef });
    expect(session.body.clientSecret).toMatch(/^accs_secret_fake_/);
    expect(session.headers.get("cache-control")).toBe("no-store");
    // Never cached: each call asks the gateway for a fresh one.
    const second = await groupApi(t, org, group.id, "POST", "/payout-session", {});
    expect(second.body.clientSecret).not.toBe(session.body.clientSecret);

    peers.accounts.get(linkup.body.accountRef)!.payouts_enabled = true;
    peers.accounts.get(linkup.body.accountRef)!.charges_enabled = true;
    peers.accounts.get(linkup.body.accountRef)!.requirements.currently_due = [];
    expect((await groupApi(t, org, group.id, "GET", "/payout-status")).body).toEqual({
      linked: true,
      provider: "stripe",
      accountRef: linkup.body.accountRef,
      chargesEnabled: true,
      payoutsEnabled: true,
      requirementsDue: [],
      brand: "payouts-main-store",
    });
  });

  test("two groups of the same name listed at once get distinct brands", async () => {
    const org = await createOrg(t, "owner@twins.test", "Twins");
    const a = await createAppGroup(t, org, "Store");
    const b = await createAppGroup(t, org, "Store");
    for (const g of [a, b]) expect((await groupApi(t, org, g.id, "POST", "/gateway-linkup", {})).status).toBe(200);
    const listed = await Promise.all([a, b].map((g) => groupApi(t, org, g.id, "POST", "/gateway-listing", {})));
    expect(listed.map((r) => r.status)).toEqual([200, 200]);
    expect(listed.map((r) => r.body.brand).sort()).toEqual(["twins-store", "twins-store-2"]);
  });
});

describe("charges, the take rate in the ledger, earnings", () => {
  test("a signed charge is recorded with the plan's take rate in integer minor units, posted to the ledger, once; replays and bad signatures change nothing", async () => {
    const { org, group, account } = await linkedGroup("owner@charges.test", "Charges", "pro_plus");
    const product = (await groupApi(t, org, group.id, "POST", "/products", { productKey: "p", name: "P", price: 12_345 })).body;
    const post = (event: { body: string; signature: string }) =>
      t.request("POST", "/api/public/commerce/stripe/webhook", { body: event.body, headers: { "content-type": "application/json", "stripe-signature": event.signature } });
    const event = peers.chargeEvent({ account, intentId: "pi_end_user_1", amount: 12_345, currency: "usd", productId: product.id, atMs: t.clock.now() });
    expect((await post(event)).body).toEqual({ received: true, outcome: "applied" });
    const [charge] = await t.ctx.db.read.select().from(commerceCharges).where(eq(commerceCharges.orgId, org.orgId));
    // Pro+ 0.6% of 123.45 USD = 74.07 cents, rounded half up to 74.
    expect(charge).toMatchObject({ amountMinor: 12_345, currency: "USD", takeRateBps: 60, takeRateMinor: 74, netMinor: 12_271, productId: product.id });
    const ledger = await ledgerOf(t, org);
    expect(ledger.map((e) => [e.refId, e.amountMinor])).toEqual([
      [`collected:take-rate:${charge!.id}`, 74],
      [`usage:take-rate:${charge!.id}`, -74],
    ]);
    expect(ledger[1]!.reason).toBe(`Take rate 0.60% of 123.45 USD (charge ${charge!.id})`);
    // The month's statement shows the fee line.
    const statement = (await orgApi(t, org, "GET", "/billing/invoices")).body[0];
    expect(JSON.stringify(statement)).toContain(`usage:take-rate:${charge!.id}`);

    // The same event again, and the same charge under another event id: nothing changes.
    expect((await post(event)).body.outcome).toBe("duplicate");
    expect((await post(peers.chargeEvent({ account, intentId: "pi_end_user_1", amount: 12_345, currency: "usd", atMs: t.clock.now() }))).body.outcome).toBe("duplicate");
    const bad = await post({ body: event.body.replace("12345", "99999"), signature: event.signature });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("invalid_signature");
    expect((await post(peers.chargeEvent({ account, intentId: "pi_x", amount: 100, currency: "usd", atMs: t.clock.now(), secret: "whsec_wrong" }))).status).toBe(400);
    expect((await post(peers.chargeEvent({ account, intentId: "pi_old", amount: 100, currency: "usd", atMs: t.clock.now() - 10 * 60_000 }))).status).toBe(400);
    expect(await t.ctx.db.read.select().from(commerceCharges).where(eq(commerceCharges.orgId, org.orgId))).toHaveLength(1);
    expect(await ledgerOf(t, org)).toHaveLength(2);
    // An account Signet does not know is acknowledged and ignored.
    expect((await post(peers.chargeEvent({ account: "acct_unknown", intentId: "pi_y", amount: 100, currency: "usd", atMs: t.clock.now() }))).body.outcome).toBe("ignored");

    await groupApi(t, org, group.id, "POST", "/gateway-listing", {});
    t.clock.advance(1_000);
    expect((await post(peers.chargeEvent({ account, intentId: "pi_end_user_2", amount: 1_000, currency: "usd", atMs: t.clock.now() }))).body.outcome).toBe("applied");
    const earnings = await orgApi(t, org, "GET", "/billing/earnings");
    expect(earnings.status).toBe(200);
    expect(earnings.body).toMatchObject({ configured: true, currency: "USD", cashBalance: 12_271 + 994 });
    expect(earnings.body.brands).toHaveLength(1);
    expect(earnings.body.brands[0]).toMatchObject({ brand: "charges-charges-shop", appGroupKey: group.groupKey, cashBalance: 13_265 });
    expect(earnings.body.brands[0].lines.map((l: any) => [l.amount, l.takeRate, l.net])).toEqual([
      [1_000, 6, 994],
      [12_345, 74, 12_271],
    ]);
    const member = await addMember(t, org, "member@charges.test", "member");
    expect((await orgApi(t, org, "GET", "/billing/earnings", undefined, member.token)).body.error).toBe("PERMISSION_DENIED");
  });

  test("a KRW ledger: prices and charges in whole won, the take rate in won, the Free cap at ₩7,000,000", async () => {
    const { org, group, account } = await linkedGroup("owner@krw-charges.test", "KrwCharges");
    await fund(t, org, 10_000, { currency: "KRW" });
    expect((await groupApi(t, org, group.id, "POST", "/products", { name: "Cents", price: 1_000, currency: "USD" })).body.error).toBe("invalid_currency");
    const product = (await groupApi(t, org, group.id, "POST", "/products", { productKey: "won", name: "Won plan", price: 39_000 })).body;
    expect(product).toMatchObject({ price: 39_000, currency: "KRW" });
    expect((await groupApi(t, org, group.id, "POST", "/products", { name: "Half won", price: 0.5 })).body.error).toBe("invalid_price");
    await groupApi(t, org, group.id, "POST", `/products/${product.id}/sync`);
    expect(peers.requests.filter((r) => r.path === "/v1/prices" && r.headers["stripe-account"] === account).at(-1)!.form).toMatchObject({ unit_amount: "39000", currency: "krw" });
    const event = peers.chargeEvent({ account, intentId: "pi_krw", amount: 39_000, currency: "krw", atMs: t.clock.now() });
    await t.request("POST", "/api/public/commerce/stripe/webhook", { body: event.body, headers: { "content-type": "application/json", "stripe-signature": event.signature } });
    // 0.7% of ₩39,000 is ₩273.
    const ledger = await ledgerOf(t, org);
    expect(ledger.filter((e) => e.refId.startsWith("usage:take-rate:")).map((e) => [e.amountMinor, e.currency])).toEqual([[-273, "KRW"]]);
    expect((await orgApi(t, org, "GET", "/billing/earnings")).body).toMatchObject({ currency: "KRW", cashBalance: 38_727 });
    const key = await apiKey(t, org, ["org.commerce.partner"]);
    expect((await withKey(t, key, "GET", `/api/public/v1/catalog/by-app-group/${group.groupKey}`)).body.volume).toEqual({ capMinor: 7_000_000, usedMinor: 39_000 });
  });

  test("earnings before any gateway: configured false, nothing collected", async () => {
    const org = await createOrg(t, "owner@no-earnings.test", "NoEarnings");
    expect((await orgApi(t, org, "GET", "/billing/earnings")).body).toEqual({ configured: false, currency: "USD", cashBalance: 0, brands: [] });
  });
});

describe("partner routes", () => {
  test("bind-app-group moves a brand to another group of the key's organization; the catalog lists registered prices and stops collecting at the Free cap", async () => {
    const { org, group, account } = await linkedGroup("owner@partner.test", "Partner");
    const brand = (await groupApi(t, org, group.id, "POST", "/gateway-listing", {})).body.brand;
    const second = await createAppGroup(t, org, "Second");
    const partner = await apiKey(t, org, ["org.commerce.partner"]);
    const weak = await apiKey(t, org, ["org.member.read"]);
    expect((await withKey(t, weak, "POST", `/api/public/v1/brands/${brand}/bind-app-group`, { appGroupKey: second.groupKey })).status).toBe(403);

    const product = (await groupApi(t, org, group.id, "POST", "/products", { productKey: "sku1", name: "Sku 1", price: 2_500 })).body;
    await groupApi(t, org, group.id, "POST", "/products", { productKey: "sku2", name: "Unsynced", price: 100 });
    await groupApi(t, org, group.id, "POST", `/products/${product.id}/sync`);
    await collect(org, group.id);
    const catalog = await withKey(t, partner, "GET", `/api/public/v1/catalog/by-app-group/${group.groupKey}`);
    expect(catalog.status).toBe(200);
    expect(catalog.body).toMatchObject({ appGroupKey: group.groupKey, name: "Partner Shop", brand, currency: "USD", collecting: true, volume: { capMinor: 500_000, usedMinor: 0 } });
    expect(catalog.body.products.map((p: any) => p.productKey)).toEqual(["sku1"]);

    // End users paid $5,000 this month: the Free cap is reached and the catalog says so.
    const event = peers.chargeEvent({ account, intentId: "pi_big", amount: 500_000, currency: "usd", atMs: t.clock.now() });
    await t.request("POST", "/api/public/commerce/stripe/webhook", { body: event.body, headers: { "content-type": "application/json", "stripe-signature": event.signature } });
    expect((await withKey(t, partner, "GET", `/api/public/v1/catalog/by-app-group/${group.groupKey}`)).body).toMatchObject({ collecting: false, volume: { capMinor: 500_000, usedMinor: 500_000 } });

    const bound = await withKey(t, partner, "POST", `/api/public/v1/brands/${brand}/bind-app-group`, { appGroupKey: second.groupKey });
    expect(bound.status).toBe(200);
    expect(bound.body).toMatchObject({ brand, appGroupKey: second.groupKey, previousAppGroupKey: group.groupKey, changed: true });
    expect((await withKey(t, partner, "POST", `/api/public/v1/brands/${brand}/bind-app-group`, { appGroupKey: second.groupKey })).body.changed).toBe(false);
    expect((await withKey(t, partner, "GET", `/api/public/v1/catalog/by-app-group/${second.groupKey}`)).body.brand).toBe(brand);
    expect((await withKey(t, partner, "GET", `/api/public/v1/catalog/by-app-group/${group.groupKey}`)).body.brand).toBeNull();
    expect((await eventsOf(t, org, "appgroup.commerce.brand_bound")).length).toBe(1);

    // Another organization's brand and group are unknown to this key; bad bodies are 400.
    const other = await linkedGroup("owner@partner-other.test", "PartnerOther");
    const otherBrand = (await groupApi(t, other.org, other.group.id, "POST", "/gateway-listing", {})).body.brand;
    expect((await withKey(t, partner, "POST", `/api/public/v1/brands/${otherBrand}/bind-app-group`, { appGroupKey: second.groupKey })).body.error).toBe("brand_not_found");
    expect((await withKey(t, partner, "POST", `/api/public/v1/brands/${brand}/bind-app-group`, { appGroupKey: other.group.groupKey })).body.error).toBe("app_group_not_found");
    expect((await withKey(t, partner, "GET", `/api/public/v1/catalog/by-app-group/${other.group.groupKey}`)).status).toBe(404);
    expect((await withKey(t, partner, "POST", `/api/public/v1/brands/${brand}/bind-app-group`, { appGroupKey: group.groupKey, brand: "x" })).status).toBe(400);
    expect((await withKey(t, partner, "POST", `/api/public/v1/brands/${brand}/bind-app-group`, { appGroupKey: 5 })).status).toBe(400);
    // A group another brand sells cannot take this one.
    const third = await createAppGroup(t, org, "Third");
    await groupApi(t, org, third.id, "POST", "/gateway-linkup", {});
    await groupApi(t, org, third.id, "POST", "/gateway-listing", {});
    expect((await withKey(t, partner, "POST", `/api/public/v1/brands/${brand}/bind-app-group`, { appGroupKey: third.groupKey })).body.error).toBe("app_group_already_bound");
    expect(FAKE.stripeKey).toStartWith("sk_test");
  });
});
