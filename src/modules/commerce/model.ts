/**
 * Wire shapes of commerce (they are also the API reference): the monetization policy and
 * earnings of spec 2.12, products, payouts, the partner payloads designed here
 * (docs/commerce.md) and the Korean package's bodies.
 */
import { t } from "elysia";
import { OrgSlug } from "../orgs/index";
import { IMPORT_MAX_ROWS } from "./products";

const Time = t.String({ format: "date-time" });
const NullableTime = t.Union([Time, t.Null()]);
const NullableText = t.Union([t.String(), t.Null()]);
const GroupId = t.String({ minLength: 1, maxLength: 100, description: "The app group's id or groupKey" });

export const GroupParams = t.Object({ slug: OrgSlug, groupId: GroupId });
export const ProductParams = t.Object({ slug: OrgSlug, groupId: GroupId, productId: t.String({ minLength: 1, maxLength: 100 }) });
export const PopupParams = t.Object({
  slug: OrgSlug,
  groupId: GroupId,
  kind: t.Union([t.Literal("channel"), t.Literal("template"), t.Literal("sender")], { description: "channel, template or sender: which Popbill management window" }),
});

export const MonetizationPolicy = t.Object({
  takeRatePercent: t.Number({ description: "§8: Free 0.7, Pro 0.7, Pro+ 0.6, Business 0.5, Enterprise from 0.4" }),
  currency: t.String({ description: "The ledger's currency; products are priced in it" }),
  perInvoiceFixedFeeUsd: t.Number(),
  monthlyVolumeCapUsd: t.Union([t.Number(), t.Null()], { description: "$5,000 on Free; null on paid plans" }),
  collectingAppGroups: t.Object({ limit: t.Integer({ description: "-1: unlimited" }), enabled: t.Integer() }),
  consolidatedEnabled: t.Boolean({ description: "Consolidated roll-up, from Business" }),
  appGroups: t.Array(t.Object({ key: t.String(), name: t.String(), monetizationEnabled: t.Boolean() })),
});

export const OrgIdBody = t.Object({ orgId: t.String({ minLength: 1, maxLength: 100 }) });

const Price = t.Number({ description: "Whole minor units of the ledger's currency (cents; won for KRW), at least 1; else 400 invalid_price" });
const ProductFields = {
  productKey: t.Optional(t.String({ minLength: 1, maxLength: 64, description: "The organization's own key, unique in the group (a-z, A-Z, 0-9, _ . -); generated when left out" })),
  name: t.String({ minLength: 1, maxLength: 200 }),
  description: t.Optional(t.Union([t.String({ maxLength: 1000 }), t.Null()])),
  price: Price,
  currency: t.Optional(t.String({ minLength: 3, maxLength: 3, description: "Must be the ledger's currency (the default)" })),
};
export const ProductCreate = t.Object(ProductFields, { additionalProperties: false });
export const Reprice = t.Object({ price: Price }, { additionalProperties: false });
export const ProductImport = t.Object({ products: t.Array(t.Object(ProductFields, { additionalProperties: false }), { minItems: 1, maxItems: IMPORT_MAX_ROWS }) }, { additionalProperties: false });

export const Product = t.Object({
  id: t.String(),
  appGroupId: t.String(),
  productKey: t.String(),
  name: t.String(),
  description: NullableText,
  price: t.Integer(),
  currency: t.String(),
  priceRegistered: t.Boolean({ description: "The price is registered on the gateway: synced, and not repriced since" }),
  gatewayProductRef: NullableText,
  gatewayPriceRef: NullableText,
  syncedAt: NullableTime,
  createdAt: Time,
  updatedAt: Time,
});
export const SyncResult = t.Object({ product: Product, changed: t.Boolean({ description: "False when it was registered already: nothing was sent to the gateway" }) });
export const ImportResult = t.Object({
  created: t.Array(Product),
  skipped: t.Array(t.Object({ index: t.Integer(), productKey: NullableText, name: t.String(), matchedBy: t.Union([t.Literal("productKey"), t.Literal("name")]), productId: t.String() })),
});

/** Routes whose partner account and brand are the server's to resolve: an empty object, anything else refused. */
export const NoBody = t.Object({}, { additionalProperties: false });

const PayoutStatusFields = {
  linked: t.Boolean(),
  provider: NullableText,
  accountRef: NullableText,
  chargesEnabled: t.Boolean(),
  payoutsEnabled: t.Boolean(),
  requirementsDue: t.Array(t.String()),
  brand: NullableText,
};
export const PayoutStatus = t.Object(PayoutStatusFields);
export const Linkup = t.Object({ ...PayoutStatusFields, onboardingUrl: t.String() });
export const Listing = t.Object({ brand: t.String(), appGroupKey: t.String(), listed: t.Literal(true) });
export const PayoutSession = t.Object({ provider: t.String(), accountRef: t.String(), clientSecret: t.String({ description: "Short-lived; for the gateway's embedded payouts component; never stored" }), expiresAt: Time });

export const Earnings = t.Object({
  configured: t.Boolean({ description: "A gateway account is linked for at least one app group" }),
  currency: t.String(),
  cashBalance: t.Integer({ description: "What end users paid less the take rate, in minor units" }),
  brands: t.Array(
    t.Object({
      brand: t.String({ description: "The brand slug, or the groupKey of an app group without one" }),
      appGroupKey: t.String(),
      cashBalance: t.Integer(),
      lines: t.Array(t.Object({ chargeId: t.String(), chargeRef: t.String(), productId: NullableText, amount: t.Integer(), takeRate: t.Integer(), net: t.Integer(), currency: t.String(), at: Time })),
    }),
  ),
});

export const WebhookResult = t.Object({ received: t.Literal(true), outcome: t.Union([t.Literal("applied"), t.Literal("duplicate"), t.Literal("ignored")]) });

export const BrandParams = t.Object({ slug: t.String({ minLength: 1, maxLength: 100, description: "The brand slug gateway-listing chose" }) });
export const BindAppGroup = t.Object({ appGroupKey: t.String({ minLength: 1, maxLength: 100, description: "The app group (groupKey) whose catalog the brand sells from now" }) }, { additionalProperties: false });
export const BrandBinding = t.Object({ brand: t.String(), appGroupKey: t.String(), previousAppGroupKey: t.String(), changed: t.Boolean(), boundAt: Time });
export const CatalogParams = t.Object({ key: t.String({ minLength: 1, maxLength: 100, description: "The app group's groupKey" }) });
export const Catalog = t.Object({
  appGroupKey: t.String(),
  name: t.String(),
  brand: NullableText,
  currency: t.String(),
  collecting: t.Boolean({ description: "The group's collection switch is on and this month's volume is under the plan's cap" }),
  volume: t.Object({ capMinor: t.Union([t.Integer(), t.Null()]), usedMinor: t.Integer() }),
  products: t.Array(Product, { description: "Products whose price is registered on the gateway" }),
});

// The Korean package.
export const BillingKeyIssue = t.Object({ authKey: t.String({ minLength: 1, maxLength: 300, description: "What the Korean PG's card window returned (Toss Payments' authKey), opened with the customerKey GET korean-package gives" }) }, { additionalProperties: false });
export const BillingKeyIssued = t.Object({ registered: t.Literal(true), provider: t.String(), currency: t.Literal("KRW"), cardCompany: NullableText, cardNumberMasked: NullableText, issuedAt: Time });
export const BusinessLookupQuery = t.Object({ number: t.String({ minLength: 1, maxLength: 20, description: "10 digits, dashes allowed" }) });
export const BusinessLookupResult = t.Object({
  number: t.String(),
  status: t.Union([t.Literal("active"), t.Literal("suspended"), t.Literal("closed"), t.Literal("unregistered")]),
  taxType: NullableText,
  closedOn: NullableText,
  remainingToday: t.Integer(),
});
export const AddressQuery = t.Object({ q: t.String({ minLength: 1, maxLength: 200 }) });
export const AddressResult = t.Object({
  query: t.String(),
  total: t.Integer(),
  results: t.Array(t.Object({ roadAddress: t.String(), jibunAddress: t.String(), zipCode: t.String(), buildingName: NullableText })),
  remainingToday: t.Integer(),
});
export const KakaoChannel = t.Object({ appGroupId: t.String(), linked: t.Boolean(), channelId: NullableText, templateCode: NullableText, senderNumber: NullableText, memberId: NullableText, linkedAt: NullableTime });
export const KakaoChange = t.Object(
  {
    channelId: t.Union([t.String({ minLength: 2, maxLength: 100, description: "The channel's search id (@handle)" }), t.Null()], { description: "null unlinks the channel" }),
    templateCode: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
    senderNumber: t.Optional(t.String({ minLength: 8, maxLength: 14 })),
  },
  { additionalProperties: false },
);
export const KakaoMember = t.Object({ memberId: t.String({ minLength: 4, maxLength: 50, description: "The channel manager's Popbill user id" }) }, { additionalProperties: false });
export const KakaoPopupResult = t.Object({ kind: t.String(), url: t.String() });
export const PopbillMember = t.Object(
  {
    corpNum: t.String({ minLength: 10, maxLength: 12, description: "The business registration number (10 digits, dashes allowed)" }),
    corpName: t.String({ minLength: 1, maxLength: 200 }),
    ceoName: t.String({ minLength: 1, maxLength: 100 }),
    userId: t.String({ minLength: 4, maxLength: 50, description: "The Popbill user id to join under" }),
    contactEmail: t.String({ minLength: 3, maxLength: 320, format: "email" }),
  },
  { additionalProperties: false },
);
export const PopbillLinked = t.Object({ linked: t.Literal(true), corpNum: t.String(), userId: t.String(), linkedAt: Time });
const LookupUse = t.Object({ used: t.Integer(), limit: t.Integer() });
export const KoreanPackage = t.Object({
  krwBillingKey: t.Object({ registered: t.Boolean(), provider: NullableText, cardCompany: NullableText, cardNumberMasked: NullableText, issuedAt: NullableTime, customerKey: t.String({ description: "Open the PG's card window with it" }) }),
  popbill: t.Object({ linked: t.Boolean(), corpNum: NullableText, userId: NullableText, linkedAt: NullableTime }),
  lookups: t.Object({ business: LookupUse, address: LookupUse }),
  kakaoChannels: t.Array(KakaoChannel),
  providers: t.Object({ toss: t.Boolean(), businessLookup: t.Boolean(), addressSearch: t.Boolean(), popbill: t.Boolean() }),
});
export const BusinessInfo = t.Record(t.String(), t.String(), { description: "The operator's business record (SIGNET_LEGAL_BUSINESS_INFO)" });
