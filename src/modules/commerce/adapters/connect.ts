/**
 * The gateway an app group collects its end users' money through (spec 4.4 commerce):
 * Stripe Connect, one connected account per app group. Plain fetch to Stripe's REST API,
 * as billing's gateway does (payments/stripe.ts): form-encoded bodies, an
 * Idempotency-Key on every create, `Stripe-Account` for objects that live on the
 * connected account (its products and prices). The dev gateway answers offline with
 * deterministic references. Tested against a local fake Stripe (test/modules/commerce).
 */
import { form, callPeer, PeerError } from "./http";

export interface GatewayAccount {
  accountRef: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirementsDue: string[];
}

export interface ConnectGateway {
  readonly provider: "dev" | "stripe";
  /** The connected account of an app group, created once (the app group id is the idempotency key). */
  createAccount(input: { appGroupId: string; orgId: string; country: string | null }): Promise<GatewayAccount>;
  /** Where the owner finishes the gateway's onboarding; a fresh link each call. */
  onboardingUrl(input: { accountRef: string; returnUrl: string }): Promise<string>;
  /** Publishes the brand on the account (its public business name and the brand slug). */
  publishListing(input: { accountRef: string; brand: string; displayName: string }): Promise<void>;
  /** A short-lived client secret for the embedded payouts component; never stored or cached. */
  payoutSession(input: { accountRef: string }): Promise<{ clientSecret: string; expiresAt: number }>;
  accountStatus(input: { accountRef: string }): Promise<GatewayAccount>;
  /** The product on the connected account, created once (our product id is its idempotency key). */
  createProduct(input: { accountRef: string; productId: string; name: string; description: string | null }): Promise<string>;
  /** A price for the product; `version` makes a reprice a new price and a retried sync the same one. */
  createPrice(input: { accountRef: string; productRef: string; productId: string; version: number; amountMinor: number; currency: string }): Promise<string>;
  archiveProduct(input: { accountRef: string; productRef: string }): Promise<void>;
}

export interface StripeConnectConfig {
  secretKey: string;
  apiBase: string;
}

const STRIPE_VERSION = "2024-06-20";

export function createStripeConnectGateway(config: StripeConnectConfig, fetcher: typeof fetch = fetch): ConnectGateway {
  const call = (method: "GET" | "POST", path: string, params: Record<string, string | number | boolean> | null, options: { idempotencyKey?: string; account?: string } = {}) =>
    callPeer(
      fetcher,
      "Stripe",
      {
        method,
        url: new URL(path, config.apiBase),
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          "stripe-version": STRIPE_VERSION,
          ...(params ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
          ...(options.account ? { "stripe-account": options.account } : {}),
        },
        body: params ? form(params) : undefined,
      },
      (body) => body?.error?.code ?? body?.error?.type ?? null,
    );
  const idOf = (body: any, what: string): string => {
    if (typeof body?.id !== "string") throw new PeerError("Stripe", `answered without ${what} id`, null, null);
    return body.id;
  };
  const accountOf = (body: any): GatewayAccount => ({
    accountRef: idOf(body, "an account"),
    chargesEnabled: body.charges_enabled === true,
    payoutsEnabled: body.payouts_enabled === true,
    requirementsDue: Array.isArray(body.requirements?.currently_due) ? body.requirements.currently_due.filter((r: unknown) => typeof r === "string") : [],
  });
  return {
    provider: "stripe",
    async createAccount(input) {
      const params: Record<string, string> = {
        type: "express",
        "capabilities[card_payments][requested]": "true",
        "capabilities[transfers][requested]": "true",
        "metadata[signet_app_group_id]": input.appGroupId,
        "metadata[signet_org_id]": input.orgId,
      };
      if (input.country) params.country = input.country;
      return accountOf(await call("POST", "/v1/accounts", params, { idempotencyKey: `signet-account-${input.appGroupId}` }));
    },
    async onboardingUrl(input) {
      const link = await call("POST", "/v1/account_links", { account: input.accountRef, type: "account_onboarding", return_url: input.returnUrl, refresh_url: input.returnUrl });
      if (typeof link.url !== "string") throw new PeerError("Stripe", "answered without an onboarding url", null, null);
      return link.url;
    },
    async publishListing(input) {
      await call("POST", `/v1/accounts/${encodeURIComponent(input.accountRef)}`, { "business_profile[name]": input.displayName, "metadata[signet_brand]": input.brand });
    },
    async payoutSession(input) {
      const session = await call("POST", "/v1/account_sessions", { account: input.accountRef, "components[payouts][enabled]": "true" });
      if (typeof session.client_secret !== "string") throw new PeerError("Stripe", "answered without a client secret", null, null);
      return { clientSecret: session.client_secret, expiresAt: typeof session.expires_at === "number" ? session.expires_at * 1000 : 0 };
    },
    async accountStatus(input) {
      return accountOf(await call("GET", `/v1/accounts/${encodeURIComponent(input.accountRef)}`, null));
    },
    async createProduct(input) {
      const params: Record<string, string> = { name: input.name, "metadata[signet_product_id]": input.productId };
      if (input.description) params.description = input.description;
      return idOf(await call("POST", "/v1/products", params, { idempotencyKey: `signet-product-${input.productId}`, account: input.accountRef }), "a product");
    },
    async createPrice(input) {
      const params = { product: input.productRef, unit_amount: input.amountMinor, currency: input.currency.toLowerCase(), "metadata[signet_product_id]": input.productId };
      return idOf(await call("POST", "/v1/prices", params, { idempotencyKey: `signet-price-${input.productId}-v${input.version}`, account: input.accountRef }), "a price");
    },
    async archiveProduct(input) {
      await call("POST", `/v1/products/${encodeURIComponent(input.productRef)}`, { active: "false" }, { account: input.accountRef });
    },
  };
}

/** Offline, for dev mode: every account is ready at once and references are derived from our ids. */
export function createDevConnectGateway(now: () => number): ConnectGateway {
  const ready = (accountRef: string): GatewayAccount => ({ accountRef, chargesEnabled: true, payoutsEnabled: true, requirementsDue: [] });
  return {
    provider: "dev",
    createAccount: async (input) => ready(`acct_dev_${input.appGroupId}`),
    onboardingUrl: async (input) => input.returnUrl,
    publishListing: async () => {},
    payoutSession: async () => ({ clientSecret: `dev_session_secret_${crypto.randomUUID().replaceAll("-", "")}`, expiresAt: now() + 30 * 60_000 }),
    accountStatus: async (input) => ready(input.accountRef),
    createProduct: async (input) => `prod_dev_${input.productId}`,
    createPrice: async (input) => `price_dev_${input.productId}_v${input.version}`,
    archiveProduct: async () => {},
  };
}
