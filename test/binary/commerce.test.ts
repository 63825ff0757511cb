/**
 * Commerce and the Korean package against the compiled binary, black-box (DESIGN §10;
 * docs/commerce.md): an installation from an empty directory whose outbound peers are the
 * local fakes of test/modules/commerce/fake-peers.ts (they say they are fakes). The owner
 * prices a product, links the gateway account, syncs; an end user's charge arrives signed;
 * earnings, the partner catalog, a business lookup, a Kakao channel and the legal record
 * answer as the spec and docs say, and every route is in /swagger/json.
 * On SQLite, or PostgreSQL with SIGNET_TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { TestApp } from "../support/harness";
import { type FakePeers, startFakePeers } from "../modules/commerce/fake-peers";
import { requestOverSocket, startBinary, type RunningBinary } from "./support";

let server: RunningBinary;
let peers: FakePeers;
let http: TestApp["request"];
let owner: { slug: string; token: string; orgId: string };
let group: { id: string; groupKey: string };

const api = (method: string, path: string, json?: unknown) => http(method, `/api/org/${owner.slug}${path}`, { json, token: owner.token });

beforeAll(async () => {
  peers = startFakePeers();
  server = await startBinary({ env: { ...peers.env(), SIGNET_COUNTRY_HEADER: "cf-ipcountry", SIGNET_LEGAL_BUSINESS_INFO: JSON.stringify({ companyName: "Signet Korea" }) } });
  http = requestOverSocket(server);
  const boot = await server.cli(["admin", "bootstrap", "--email", "owner@commerce-binary.example", "--org", "Commerce Binary"]);
  expect(boot.code).toBe(0);
  const parsed = JSON.parse(boot.stdout);
  owner = { slug: parsed.slug, token: parsed.sessionToken, orgId: parsed.orgId };
  const created = await api("POST", "/app-groups", { orgId: owner.orgId, name: "Store" });
  expect(created.status).toBe(201);
  group = { id: created.body.id, groupKey: created.body.groupKey };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  peers?.close();
});

describe("commerce on the binary", () => {
  test("every commerce route is in /swagger/json", async () => {
    const doc = (await http("GET", "/swagger/json")).body;
    const paths = Object.keys(doc.paths);
    for (const path of [
      "/api/public/legal/business-info",
      "/api/public/v1/monetization",
      "/api/public/v1/orgs/monetization",
      "/api/public/v1/brands/{slug}/bind-app-group",
      "/api/public/v1/catalog/by-app-group/{key}",
      "/api/org/{slug}/app-groups/{groupId}/gateway-linkup",
      "/api/org/{slug}/app-groups/{groupId}/gateway-listing",
      "/api/org/{slug}/app-groups/{groupId}/payout-session",
      "/api/org/{slug}/app-groups/{groupId}/payout-status",
      "/api/org/{slug}/app-groups/{groupId}/products",
      "/api/org/{slug}/app-groups/{groupId}/products/{productId}",
      "/api/org/{slug}/app-groups/{groupId}/products/{productId}/sync",
      "/api/org/{slug}/app-groups/{groupId}/products/{productId}/reprice",
      "/api/org/{slug}/app-groups/{groupId}/products/import",
      "/api/org/{slug}/billing/earnings",
      "/api/org/{slug}/billing/krw/billing-key/issue",
      "/api/org/{slug}/billing/business-lookup",
      "/api/org/{slug}/billing/address-search",
      "/api/org/{slug}/app-groups/{groupId}/kakao",
      "/api/org/{slug}/app-groups/{groupId}/kakao/member",
      "/api/org/{slug}/app-groups/{groupId}/kakao/popup/{kind}",
      "/api/org/{slug}/korean-package",
      "/api/org/{slug}/korean-package/popbill-member",
    ]) {
      expect(paths).toContain(path);
    }
  });

  test("a product priced, synced through the gateway; a signed charge with its take rate; earnings and the partner catalog", async () => {
    const product = await api("POST", `/app-groups/${group.id}/products`, { productKey: "gold", name: "Gold", price: 2_000 });
    expect(product.status).toBe(201);
    expect((await api("POST", `/app-groups/${group.id}/products`, { name: "Zero", price: 0 })).body.error).toBe("invalid_price");
    const linkup = await api("POST", `/app-groups/${group.id}/gateway-linkup`, {});
    expect(linkup.body).toMatchObject({ linked: true, provider: "stripe" });
    const synced = await api("POST", `/app-groups/${group.id}/products/${product.body.id}/sync`);
    expect(synced.body.changed).toBe(true);
    expect((await api("POST", `/app-groups/${group.id}/products/${product.body.id}/sync`)).body.changed).toBe(false);
    expect((await api("POST", `/app-groups/${group.id}/gateway-listing`, {})).body.brand).toBe(`${owner.slug}-store`);
    const session = await api("POST", `/app-groups/${group.id}/payout-session`, {});
    expect(session.headers.get("cache-control")).toBe("no-store");

    const event = peers.chargeEvent({ account: linkup.body.accountRef, intentId: "pi_binary", amount: 10_000, currency: "usd", atMs: Date.now() });
    const delivered = await http("POST", "/api/public/commerce/stripe/webhook", { body: event.body, headers: { "content-type": "application/json", "stripe-signature": event.signature } });
    expect(delivered.body.outcome).toBe("applied");
    expect((await http("POST", "/api/public/commerce/stripe/webhook", { body: event.body, headers: { "content-type": "application/json", "stripe-signature": event.signature } })).body.outcome).toBe("duplicate");
    // Free: 0.7% of $100.00 is 70 cents.
    const earnings = await api("GET", "/billing/earnings");
    expect(earnings.body).toMatchObject({ configured: true, cashBalance: 9_930 });

    const key = (await api("POST", "/settings/keys/api-keys", { scopes: ["org.*"] })).body.key;
    const policy = await http("GET", "/api/public/v1/monetization", { headers: { "x-api-key": key } });
    expect(policy.body).toMatchObject({ takeRatePercent: 0.7, monthlyVolumeCapUsd: 5000, collectingAppGroups: { limit: 1, enabled: 0 } });
    const catalog = await http("GET", `/api/public/v1/catalog/by-app-group/${group.groupKey}`, { headers: { "x-api-key": key } });
    expect(catalog.body.products.map((p: any) => p.productKey)).toEqual(["gold"]);
  });

  test("the Korean package: a lookup against the provider, a Kakao channel after Popbill, the legal record only for Korea", async () => {
    const lookup = await api("GET", "/billing/business-lookup?number=2208162517");
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({ number: "2208162517", remainingToday: 29 });
    expect((await api("GET", "/billing/business-lookup?number=2208162510")).body.error).toBe("invalid_business_number");
    expect((await api("POST", "/korean-package/popbill-member", { corpNum: "2208162517", corpName: "Acme", ceoName: "Kim", userId: "acmeadmin", contactEmail: "ops@acme.example" })).status).toBe(200);
    const channel = await api("PUT", `/app-groups/${group.id}/kakao`, { channelId: "@acme", templateCode: "TPL", senderNumber: "0212345678" });
    expect(channel.body).toMatchObject({ linked: true, channelId: "@acme" });
    expect((await api("GET", "/korean-package")).body).toMatchObject({ popbill: { linked: true }, lookups: { business: { used: 1, limit: 30 } } });
    expect((await http("GET", "/api/public/legal/business-info", { headers: { "cf-ipcountry": "KR" } })).body).toEqual({ companyName: "Signet Korea" });
    expect((await http("GET", "/api/public/legal/business-info", { headers: { "cf-ipcountry": "JP" } })).status).toBe(204);
  });
});
