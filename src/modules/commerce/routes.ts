/**
 * Commerce's routes (docs/commerce.md): products, payouts and Kakao under
 * /api/org/{slug}/app-groups/{groupId}, earnings and the Korean lookups under
 * /api/org/{slug}/billing, the Korean package, the public v1 monetization and partner
 * routes, the Stripe Connect webhook and the legal business record. HTTP only: the rules
 * live in the services, the shapes in model.ts.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { declaresErrors } from "../../platform/http/error-catalog";
import { rawBody } from "../../platform/http/kernel";
import { strictBody } from "../../platform/http/strict-body";
import { keyCallerOf, MACHINE_TOKEN_ERRORS, publicApiGuard, requiresScope } from "../access/index";
import { callerOf, ORG_GUARD_ERRORS, type Organization, type OrgCaller, orgGuard, SlugParams } from "../orgs/index";
import type { CommerceCaller } from "./caller";
import { earningsOf, handleConnectWebhook } from "./earnings";
import { addressSearch, businessInfoFor, businessLookup, getKakao, issueKrwBillingKey, kakaoMember, kakaoPopup, koreanPackage, popbillMember, putKakao } from "./korean";
import * as M from "./model";
import { bindAppGroup, catalogByAppGroup, policyOfOrgId } from "./partner";
import { gatewayLinkup, gatewayListing, payoutSession, payoutStatus } from "./payouts";
import { monetizationPolicy } from "./policy";
import { createProduct, deleteProduct, importProducts, listProducts, repriceProduct, syncProduct } from "./products";

const PRODUCT_TAGS = ["Products"];
const PAYOUT_TAGS = ["Payouts"];
const KOREAN_TAGS = ["Korean package"];
const MONETIZATION_TAGS = ["Monetization"];

export const COMMERCE_PARTNER_SCOPE = "org.commerce.partner";

const WHO = " A member's session, or an M2M token (a key scoped to one app group reaches that group only).";
const OWNER = " Needs view.billing (the Owner's by default; else 403 PERMISSION_DENIED).";
const GUARD = [...ORG_GUARD_ERRORS, ...MACHINE_TOKEN_ERRORS, "app_group_not_found"];
const WRITE = [...GUARD, "PERMISSION_DENIED"];
const GATEWAY = ["gateway_not_configured", "gateway_failed"];
const KEY_ERRORS = ["api_key_required", "invalid_api_key", "api_key_revoked", "service_account_inactive", "PERMISSION_DENIED", "org_wide_key_required"];
const KEY_AUTH = " Send an org-wide API key as `X-Api-Key: ah_live_…` (or `Authorization: Bearer`); 401 org_wide_key_required for an app-group key.";
const PROVIDER = ["provider_not_configured", "provider_failed"];

function caller(context: { org: Organization; orgCaller: OrgCaller; request: Request }): CommerceCaller {
  return callerOf(context.org, context.orgCaller, context.request);
}

export function commerceGroupRoutes(ctx: AppContext) {
  return new Elysia({ name: "commerce.groups", prefix: "/api/org/:slug/app-groups/:groupId" })
    .use(orgGuard(ctx))
    .get("/products", (c) => listProducts(ctx, caller(c), c.params.groupId), {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      response: t.Array(M.Product),
      detail: {
        tags: PRODUCT_TAGS,
        summary: "List the app group's products",
        description: `Oldest first, each with its price in minor units and whether that price is registered on the gateway. Open to any member who can see the group.${WHO}`,
        ...declaresErrors(...GUARD),
      },
    })
    .post("/products", async (c) => c.status(201, await createProduct(ctx, caller(c), c.params.groupId, c.body)), {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      ...strictBody(M.ProductCreate),
      response: { 201: M.Product },
      detail: {
        tags: PRODUCT_TAGS,
        summary: "Create a product",
        description:
          "name, price (whole minor units of the ledger's currency, at least 1: 400 invalid_price for zero, negative or fractional), productKey (unique in the group: 409 duplicate_product_key), " +
          `description, currency (must be the ledger's: 400 invalid_currency). Not on the gateway until synced. Emits appgroup.product.created.${OWNER}${WHO}`,
        ...declaresErrors(...WRITE, "invalid_price", "invalid_currency", "invalid_product", "duplicate_product_key"),
      },
    })
    .post("/products/import", (c) => importProducts(ctx, caller(c), c.params.groupId, c.body), {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      ...strictBody(M.ProductImport),
      response: M.ImportResult,
      detail: {
        tags: PRODUCT_TAGS,
        summary: "Import products",
        description:
          "Up to 100 rows, each as the create body. A row whose productKey the group has is skipped, else (without a productKey) one whose name it has; rows of one import are matched " +
          `against each other the same way. Every row is checked first: a bad one (field names it) refuses the import, nothing written. Emits appgroup.product.imported.${OWNER}${WHO}`,
        ...declaresErrors(...WRITE, "invalid_price", "invalid_currency", "invalid_product"),
      },
    })
    .post("/products/:productId/sync", (c) => syncProduct(ctx, caller(c), c.params.groupId, c.params.productId), {
      orgOrGroupMachine: true,
      params: M.ProductParams,
      response: M.SyncResult,
      detail: {
        tags: PRODUCT_TAGS,
        summary: "Register the product and its price on the gateway",
        description:
          "Idempotent: a product whose price is registered is answered as it is (changed false) with no gateway call; the gateway's idempotency keys are the product id and its price " +
          `version, so a retried sync registers nothing twice. 409 gateway_not_linked before gateway-linkup; 502 gateway_failed changes nothing. Emits appgroup.product.synced.${OWNER}${WHO}`,
        ...declaresErrors(...WRITE, "product_not_found", "gateway_not_linked", ...GATEWAY),
      },
    })
    .post("/products/:productId/reprice", (c) => repriceProduct(ctx, caller(c), c.params.groupId, c.params.productId, c.body), {
      orgOrGroupMachine: true,
      params: M.ProductParams,
      ...strictBody(M.Reprice),
      response: M.Product,
      detail: {
        tags: PRODUCT_TAGS,
        summary: "Change a product's price",
        description: `The new price is unregistered (priceRegistered false, gone from the partner catalog) until the next sync. The same price changes nothing. Emits appgroup.product.repriced.${OWNER}${WHO}`,
        ...declaresErrors(...WRITE, "product_not_found", "invalid_price"),
      },
    })
    .delete("/products/:productId", (c) => deleteProduct(ctx, caller(c), c.params.groupId, c.params.productId), {
      orgOrGroupMachine: true,
      params: M.ProductParams,
      response: M.Product,
      detail: {
        tags: PRODUCT_TAGS,
        summary: "Delete a product",
        description: `A synced product is archived on the gateway first (502 gateway_failed leaves it as it was). Answers the product as it was. Emits appgroup.product.deleted.${OWNER}${WHO}`,
        ...declaresErrors(...WRITE, "product_not_found", ...GATEWAY),
      },
    })
    .post("/gateway-linkup", (c) => gatewayLinkup(ctx, caller(c), c.params.groupId), {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      ...strictBody(M.NoBody),
      response: M.Linkup,
      detail: {
        tags: PAYOUT_TAGS,
        summary: "Link the app group's gateway account",
        description:
          "Creates the group's connected account on the gateway (Stripe Connect; once per group) and answers a fresh onboarding link. The account is resolved from the app group, never " +
          `from the request: the body is an empty object. Emits appgroup.commerce.gateway_linked on creation.${OWNER}${WHO}`,
        ...declaresErrors(...WRITE, ...GATEWAY),
      },
    })
    .post("/gateway-listing", (c) => gatewayListing(ctx, caller(c), c.params.groupId), {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      ...strictBody(M.NoBody),
      response: M.Listing,
      detail: {
        tags: PAYOUT_TAGS,
        summary: "Publish the app group's brand",
        description:
          "Publishes the brand on the group's gateway account. The brand slug is chosen by the server ({orgSlug}-{group name}, made unique) once and kept; the body is an empty object. " +
          `409 gateway_not_linked before gateway-linkup. Emits appgroup.commerce.brand_listed the first time.${OWNER}${WHO}`,
        ...declaresErrors(...WRITE, "gateway_not_linked", ...GATEWAY),
      },
    })
    .post(
      "/payout-session",
      async (c) => {
        const session = await payoutSession(ctx, caller(c), c.params.groupId);
        // A short-lived client secret: no cache anywhere may keep it.
        c.set.headers["cache-control"] = "no-store";
        c.set.headers.pragma = "no-cache";
        return session;
      },
      {
        orgOrGroupMachine: true,
        params: M.GroupParams,
        ...strictBody(M.NoBody),
        response: M.PayoutSession,
        detail: {
          tags: PAYOUT_TAGS,
          summary: "Open a payouts session",
          description: `A short-lived client secret for the gateway's embedded payouts component; never stored, answered with Cache-Control: no-store. 409 gateway_not_linked.${OWNER}${WHO}`,
          ...declaresErrors(...WRITE, "gateway_not_linked", ...GATEWAY),
        },
      },
    )
    .get("/payout-status", (c) => payoutStatus(ctx, caller(c), c.params.groupId), {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      response: M.PayoutStatus,
      detail: {
        tags: PAYOUT_TAGS,
        summary: "The gateway account's status",
        description: `linked false before gateway-linkup; else the account as the gateway sees it now: charges and payouts enabled, what it still needs, the brand.${OWNER}${WHO}`,
        ...declaresErrors(...WRITE, ...GATEWAY),
      },
    })
    .get("/kakao", (c) => getKakao(ctx, caller(c), c.params.groupId), {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      response: M.KakaoChannel,
      detail: { tags: KOREAN_TAGS, summary: "The app group's Kakao channel", description: `linked, the channel, template and sender number, the manager who joined. Any member who can see the group.${WHO}`, ...declaresErrors(...GUARD) },
    })
    .put("/kakao", (c) => putKakao(ctx, caller(c), c.params.groupId, c.body), {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      ...strictBody(M.KakaoChange),
      response: M.KakaoChannel,
      detail: {
        tags: KOREAN_TAGS,
        summary: "Link, change or unlink the Kakao channel",
        description:
          "{channelId, templateCode, senderNumber} links or changes (409 popbill_not_linked before the Popbill membership; 400 invalid_sender_number; 400 invalid_request without a templateCode); {channelId: null} unlinks. Once linked, " +
          "verification codes to Korean numbers go as alimtalk with SMS fallback. Emits appgroup.kakao.channel_linked, channel_changed or channel_unlinked." +
          `${OWNER}${WHO}`,
        ...declaresErrors(...WRITE, "popbill_not_linked", "invalid_sender_number"),
      },
    })
    .post("/kakao/member", (c) => kakaoMember(ctx, caller(c), c.params.groupId, c.body), {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      ...strictBody(M.KakaoMember),
      response: M.KakaoChannel,
      detail: {
        tags: KOREAN_TAGS,
        summary: "Join the channel's manager",
        description: `The channel's manager (a Popbill user id under the organization's membership) joins; 409 kakao_not_linked before PUT kakao. Emits appgroup.kakao.member_joined.${OWNER}${WHO}`,
        ...declaresErrors(...WRITE, "popbill_not_linked", "kakao_not_linked"),
      },
    })
    .post("/kakao/popup/:kind", (c) => kakaoPopup(ctx, caller(c), c.params.groupId, c.params.kind), {
      orgOrGroupMachine: true,
      params: M.PopupParams,
      ...strictBody(M.NoBody),
      response: M.KakaoPopupResult,
      detail: {
        tags: KOREAN_TAGS,
        summary: "Open a Kakao management window",
        description: `The Popbill window where the owner registers the channel (channel), its alimtalk templates (template) or sender numbers (sender).${OWNER}${WHO}`,
        ...declaresErrors(...WRITE, "popbill_not_linked", ...PROVIDER),
      },
    });
}

export function commerceOrgRoutes(ctx: AppContext) {
  return new Elysia({ name: "commerce.org", prefix: "/api/org/:slug" })
    .use(orgGuard(ctx))
    .get("/billing/earnings", (c) => earningsOf(ctx, caller(c)), {
      orgOrMachine: true,
      params: SlugParams,
      response: M.Earnings,
      detail: {
        tags: MONETIZATION_TAGS,
        summary: "Earnings from end users",
        description: `Spec 2.12: configured, cashBalance and per brand its cashBalance and newest lines (charge, take rate, net, in minor units).${OWNER}${WHO}`,
        ...declaresErrors(...ORG_GUARD_ERRORS, ...MACHINE_TOKEN_ERRORS, "org_wide_key_required", "PERMISSION_DENIED"),
      },
    })
    .get("/billing/monetization", (c) => monetizationPolicy(ctx.db.read, c.org), {
      orgOrMachine: true,
      params: SlugParams,
      response: M.MonetizationPolicy,
      detail: {
        tags: MONETIZATION_TAGS,
        summary: "The monetization policy (dashboard)",
        description: `What GET /api/public/v1/monetization answers, for a member or an M2M token. Switch an app group's collection with PUT app-groups/{groupId} billingCollection.${WHO}`,
        ...declaresErrors(...ORG_GUARD_ERRORS, ...MACHINE_TOKEN_ERRORS, "org_wide_key_required"),
      },
    })
    .post("/billing/krw/billing-key/issue", (c) => issueKrwBillingKey(ctx, caller(c), c.body), {
      orgOrMachine: true,
      params: SlugParams,
      ...strictBody(M.BillingKeyIssue),
      response: M.BillingKeyIssued,
      detail: {
        tags: KOREAN_TAGS,
        summary: "Register a Korean recurring-billing card",
        description:
          "Exchanges the authKey of the Korean PG's card window (opened with the customerKey GET korean-package gives) for a billing key, kept sealed and never answered. KRW is zero-decimal. " +
          `Emits org.krw.billing_key_issued.${OWNER}${WHO}`,
        ...declaresErrors(...ORG_GUARD_ERRORS, ...MACHINE_TOKEN_ERRORS, "org_wide_key_required", "PERMISSION_DENIED", ...PROVIDER),
      },
    })
    .get("/billing/business-lookup", (c) => businessLookup(ctx, caller(c), c.query.number), {
      orgOrMachine: true,
      params: SlugParams,
      query: M.BusinessLookupQuery,
      response: M.BusinessLookupResult,
      detail: {
        tags: KOREAN_TAGS,
        summary: "Look up a Korean business registration number",
        description:
          "active, suspended, closed or unregistered, with the tax type. 30 per organization per UTC day (429 lookup_limit_reached with Retry-After); a number with a bad check digit is " +
          `400 invalid_business_number and spends nothing; a provider failure gives the lookup back.${OWNER}${WHO}`,
        ...declaresErrors(...ORG_GUARD_ERRORS, ...MACHINE_TOKEN_ERRORS, "org_wide_key_required", "PERMISSION_DENIED", "invalid_business_number", "lookup_limit_reached", ...PROVIDER),
      },
    })
    .get("/billing/address-search", (c) => addressSearch(ctx, caller(c), c.query.q), {
      orgOrMachine: true,
      params: SlugParams,
      query: M.AddressQuery,
      response: M.AddressResult,
      detail: {
        tags: KOREAN_TAGS,
        summary: "Search Korean road-name addresses",
        description: `Up to 10 hits. 300 per organization per UTC day (429 lookup_limit_reached with Retry-After); 400 invalid_query spends nothing.${OWNER}${WHO}`,
        ...declaresErrors(...ORG_GUARD_ERRORS, ...MACHINE_TOKEN_ERRORS, "org_wide_key_required", "PERMISSION_DENIED", "invalid_query", "lookup_limit_reached", ...PROVIDER),
      },
    })
    .get("/korean-package", (c) => koreanPackage(ctx, caller(c)), {
      orgOrMachine: true,
      params: SlugParams,
      response: M.KoreanPackage,
      detail: {
        tags: KOREAN_TAGS,
        summary: "The Korean package's state",
        description: `One read: the KRW billing card, the Popbill membership, today's lookups, the app groups' Kakao channels and which providers this service has.${OWNER}${WHO}`,
        ...declaresErrors(...ORG_GUARD_ERRORS, ...MACHINE_TOKEN_ERRORS, "org_wide_key_required", "PERMISSION_DENIED"),
      },
    })
    .post("/korean-package/popbill-member", (c) => popbillMember(ctx, caller(c), c.body), {
      orgOrMachine: true,
      params: SlugParams,
      ...strictBody(M.PopbillMember),
      response: M.PopbillLinked,
      detail: {
        tags: KOREAN_TAGS,
        summary: "Link the organization with Popbill",
        description: `Joins the organization as a Popbill member (messaging and e-tax billing partner) under its business registration number (400 invalid_business_number). Emits org.korean_package.popbill_linked.${OWNER}${WHO}`,
        ...declaresErrors(...ORG_GUARD_ERRORS, ...MACHINE_TOKEN_ERRORS, "org_wide_key_required", "PERMISSION_DENIED", "invalid_business_number", ...PROVIDER),
      },
    });
}

export function commercePublicRoutes(ctx: AppContext) {
  return new Elysia({ name: "commerce.public" })
    .use(publicApiGuard(ctx))
    .get("/api/public/v1/monetization", ({ keyOrg }) => monetizationPolicy(ctx.db.read, keyOrg), {
      orgWideKey: true,
      response: M.MonetizationPolicy,
      detail: { ...requiresScope("none"), ...declaresErrors(...KEY_ERRORS), tags: MONETIZATION_TAGS, summary: "The monetization policy", description: `Spec 2.12 for the key's organization.${KEY_AUTH}` },
    })
    .post("/api/public/v1/orgs/monetization", ({ keyOrg, body }) => policyOfOrgId(ctx, keyOrg, body.orgId), {
      orgWideKey: true,
      ...strictBody(M.OrgIdBody),
      response: M.MonetizationPolicy,
      detail: {
        ...requiresScope("none"),
        ...declaresErrors(...KEY_ERRORS, "not_found"),
        tags: MONETIZATION_TAGS,
        summary: "The monetization policy of an organization",
        description: `The same answer for {orgId}; a key sees its own organization only, any other id is 404.${KEY_AUTH}`,
      },
    })
    .post("/api/public/v1/brands/:slug/bind-app-group", ({ keyOrg, apiKey, keyActor, request, params, body }) => bindAppGroup(ctx, keyCallerOf({ keyOrg, apiKey, keyActor }, request), params.slug, body), {
      orgWideKey: true,
      params: M.BrandParams,
      ...strictBody(M.BindAppGroup),
      response: M.BrandBinding,
      detail: {
        ...requiresScope(COMMERCE_PARTNER_SCOPE),
        ...declaresErrors(...KEY_ERRORS, "brand_not_found", "app_group_not_found", "app_group_already_bound"),
        tags: MONETIZATION_TAGS,
        summary: "Bind a brand to an app group (partner)",
        description:
          "Body {appGroupKey}: from now the brand sells that group's catalog and its charges are reported under it. Answers {brand, appGroupKey, previousAppGroupKey, changed, boundAt}; " +
          `binding the group it has changes nothing; a group another brand sells is 409. A brand or group of another organization is 404. Emits appgroup.commerce.brand_bound. Needs ${COMMERCE_PARTNER_SCOPE}.${KEY_AUTH}`,
      },
    })
    .get("/api/public/v1/catalog/by-app-group/:key", ({ keyOrg, params }) => catalogByAppGroup(ctx, keyOrg, params.key), {
      orgWideKey: true,
      params: M.CatalogParams,
      response: M.Catalog,
      detail: {
        ...requiresScope(COMMERCE_PARTNER_SCOPE),
        ...declaresErrors(...KEY_ERRORS, "app_group_not_found"),
        tags: MONETIZATION_TAGS,
        summary: "An app group's catalog (partner)",
        description:
          "What a partner may sell for the group: its brand, currency, whether it collects (switch on and the month's volume under the plan's cap), the volume, and the products whose price " +
          `is registered on the gateway. Needs ${COMMERCE_PARTNER_SCOPE}.${KEY_AUTH}`,
      },
    })
    .post(
      "/api/public/commerce/stripe/webhook",
      async ({ request }) => {
        const bytes = rawBody(request);
        return handleConnectWebhook(ctx, bytes ? new TextDecoder().decode(bytes) : "", request.headers.get("stripe-signature"));
      },
      {
        response: M.WebhookResult,
        detail: {
          ...declaresErrors("invalid_signature", "webhooks_not_configured"),
          tags: MONETIZATION_TAGS,
          summary: "Stripe Connect webhook",
          description:
            "Called by Stripe for connected accounts, not by people: no key. The raw body must carry a valid Stripe-Signature within 5 minutes (400 invalid_signature, nothing changed). " +
            "payment_intent.succeeded on a linked account records the charge with the plan's take rate and posts the take rate to the ledger; each event and each charge is applied once " +
            "(a replay answers duplicate). Other types and unknown accounts are acknowledged (ignored). 404 webhooks_not_configured without SIGNET_STRIPE_CONNECT_WEBHOOK_SECRET.",
          "x-body-limit": 256 * 1024,
        },
      },
    )
    .get(
      "/api/public/legal/business-info",
      ({ request, set }) => {
        const record = businessInfoFor(ctx, request);
        set.headers.vary = ctx.config.countryHeader ?? "*";
        if (!record) {
          set.status = 204;
          return undefined;
        }
        return record;
      },
      {
        detail: {
          ...requiresScope("none"),
          tags: KOREAN_TAGS,
          summary: "The operator's business record (Korea)",
          description:
            "No auth. The record (SIGNET_LEGAL_BUSINESS_INFO) only to clients the country header (SIGNET_COUNTRY_HEADER) places in Korea (KR); fails closed: no header configured, no header " +
            "sent, another country or no record is 204 with no body.",
          responses: { 200: { description: "The record" }, 204: { description: "Not a client in Korea, or no record" } },
        },
      },
    );
}
