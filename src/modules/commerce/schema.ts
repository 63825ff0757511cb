/**
 * Commerce's tables (docs/commerce.md): what an organization sells to its own end users
 * per app group, the gateway account its money lands in, the brands partners bind, the
 * charges its end users paid (with the platform's take rate), and the Korean package.
 * Money is integer minor units of `currency` (cents; won for KRW), never a float.
 */
import { col, table } from "../../platform/db/kit";
import { appGroups } from "../customers/apps/schema";
import { organizations } from "../orgs/schema";

/** The payment gateway account (a Stripe Connect account) an app group collects into. */
export const commerceGatewayAccounts = table(
  "commerce_gateway_accounts",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    /** dev | stripe */
    provider: col.text().notNull(),
    /** The gateway's account id (Stripe's acct_…). */
    accountRef: col.text().notNull(),
    chargesEnabled: col.bool().notNull().default(false),
    payoutsEnabled: col.bool().notNull().default(false),
    /** What the gateway still needs from the organization before payouts (Stripe's requirements.currently_due). */
    requirementsDue: col.json<string[]>().notNull(),
    createdBy: col.text(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [
    { name: "commerce_gateway_accounts_group_uq", on: ["appGroupId"], unique: true },
    { name: "commerce_gateway_accounts_ref_uq", on: ["provider", "accountRef"], unique: true },
  ],
);

/**
 * A brand: the storefront a gateway listing publishes for an app group, under a slug the
 * server chooses. Partners bind it to an app group (bind-app-group) and read that group's
 * catalog; earnings are reported per brand.
 */
export const commerceBrands = table(
  "commerce_brands",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** Unique across the service: partners address a brand by it. */
    slug: col.text().notNull(),
    /** The app group whose catalog the brand sells. */
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    createdAt: col.time().notNull(),
    boundAt: col.time().notNull(),
  },
  [
    { name: "commerce_brands_slug_uq", on: ["slug"], unique: true },
    { name: "commerce_brands_group_uq", on: ["appGroupId"], unique: true },
  ],
);

/** What an app group sells. */
export const commerceProducts = table(
  "commerce_products",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    /** The organization's own key for the product, unique in the group (import matches on it). */
    productKey: col.text().notNull(),
    name: col.text().notNull(),
    description: col.text(),
    priceMinor: col.bigint().notNull(),
    currency: col.text().notNull(),
    /** The gateway's product and price ids once synced; a reprice clears the price until the next sync. */
    gatewayProductRef: col.text(),
    gatewayPriceRef: col.text(),
    /** Bumped by every reprice: the idempotency key of the gateway price that registers it. */
    priceVersion: col.int().notNull().default(1),
    syncedAt: col.time(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [
    { name: "commerce_products_group_key_uq", on: ["appGroupId", "productKey"], unique: true },
    { name: "commerce_products_group_name_idx", on: ["appGroupId", "name"] },
  ],
);

/** An end user's settled charge, from the gateway's signed webhook; one row per gateway charge. */
export const commerceCharges = table(
  "commerce_charges",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    brandSlug: col.text(),
    productId: col.text(),
    provider: col.text().notNull(),
    /** The gateway's charge id (Stripe's PaymentIntent id). */
    chargeRef: col.text().notNull(),
    amountMinor: col.bigint().notNull(),
    currency: col.text().notNull(),
    /** The plan's take rate when it settled, in basis points (§8), and what it came to. */
    takeRateBps: col.int().notNull(),
    takeRateMinor: col.bigint().notNull(),
    /** What the organization keeps. */
    netMinor: col.bigint().notNull(),
    /** yyyyMM (UTC): the month the Free volume cap counts it in. */
    period: col.text().notNull(),
    at: col.time().notNull(),
  },
  [
    { name: "commerce_charges_ref_uq", on: ["provider", "chargeRef"], unique: true },
    { name: "commerce_charges_org_period_idx", on: ["orgId", "period"] },
  ],
);

/** Gateway webhook events applied, by provider:eventId: a replay changes nothing. */
export const commerceGatewayEvents = table("commerce_gateway_events", {
  id: col.id(),
  type: col.text().notNull(),
  orgId: col.text(),
  receivedAt: col.time().notNull(),
});

/**
 * Daily lookups per organization (§8: business lookup 30, address search 300), counted in
 * the database so the limit holds across nodes. id = orgId:kind:yyyyMMdd.
 */
export const commerceLookupCounts = table("commerce_lookup_counts", {
  id: col.id(),
  orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
  kind: col.text().notNull(),
  day: col.text().notNull(),
  used: col.int().notNull(),
});

/** The Korean package of an organization: its KRW billing key and its Popbill membership. */
export const commerceKoreanPackage = table("commerce_korean_package", {
  /** The organization's id. */
  id: col.id().references(() => organizations.id, { onDelete: "cascade" }),
  /** The Korean PG's billing key, sealed (secrets at rest); never returned. */
  billingKeySealed: col.text(),
  billingKeyProvider: col.text(),
  cardCompany: col.text(),
  /** The card number as the PG masks it (e.g. 4330****1234****). */
  cardNumberMasked: col.text(),
  billingKeyIssuedAt: col.time(),
  /** Popbill membership: the business registration number and the member id it was joined under. */
  popbillCorpNum: col.text(),
  popbillUserId: col.text(),
  popbillLinkedAt: col.time(),
  updatedAt: col.time().notNull(),
});

/** An app group's Kakao business channel, through which its verification codes go as alimtalk. */
export const commerceKakaoChannels = table(
  "commerce_kakao_channels",
  {
    /** The app group's id. */
    id: col.id().references(() => appGroups.id, { onDelete: "cascade" }),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** The channel's search id (@handle). */
    channelId: col.text().notNull(),
    /** The approved alimtalk template the verification code is sent with. */
    templateCode: col.text().notNull(),
    /** The registered sender number of the SMS fallback. */
    senderNumber: col.text().notNull(),
    /** The channel's manager joined through POST kakao/member. */
    memberId: col.text(),
    linkedAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [{ name: "commerce_kakao_channels_org_idx", on: ["orgId"] }],
);
