/** Error codes of commerce, with their statuses (DESIGN §7; docs/commerce.md). */
import { defineErrors } from "../../platform/http/error-catalog";

export const commerceErrors = defineErrors({
  appGroupNotFound: { code: "app_group_not_found", status: 404, message: "no live app group with this id or groupKey in the organization" },
  productNotFound: { code: "product_not_found", status: 404, message: "no such product in this app group" },
  brandNotFound: { code: "brand_not_found", status: 404, message: "no brand with this slug in the key's organization" },
  invalidPrice: { code: "invalid_price", status: 400, message: "a price is a whole number of minor units (cents; won for KRW), at least 1" },
  invalidCurrency: { code: "invalid_currency", status: 400, message: "the currency is not one the organization's ledger keeps (USD or KRW)" },
  invalidProduct: { code: "invalid_product", status: 400, message: "a product key is 1 to 64 of a-z, A-Z, 0-9, _ . -; a name is 1 to 200 characters without control characters" },
  duplicateProductKey: { code: "duplicate_product_key", status: 409, message: "the app group already has a product with this productKey" },
  gatewayNotLinked: { code: "gateway_not_linked", status: 409, message: "link the app group's payment gateway account first (POST gateway-linkup)" },
  gatewayNotListed: { code: "gateway_not_listed", status: 409, message: "publish the app group's brand first (POST gateway-listing)" },
  appGroupAlreadyBound: { code: "app_group_already_bound", status: 409, message: "another brand already sells this app group's catalog" },
  gatewayNotConfigured: { code: "gateway_not_configured", status: 503, message: "no payment gateway is configured on this service" },
  gatewayFailed: { code: "gateway_failed", status: 502, message: "the payment gateway refused or could not be reached; nothing changed" },
  invalidSignature: { code: "invalid_signature", status: 400, message: "the webhook's signature is missing, stale or wrong; nothing changed" },
  webhooksNotConfigured: { code: "webhooks_not_configured", status: 404, message: "no Stripe Connect webhook secret is configured" },
  // The Korean package.
  invalidBusinessNumber: { code: "invalid_business_number", status: 400, message: "a business registration number is 10 digits whose check digit matches; no lookup was spent" },
  invalidQuery: { code: "invalid_query", status: 400, message: "an address search is 2 to 80 characters without special characters" },
  lookupLimitReached: { code: "lookup_limit_reached", status: 429, message: "the organization used today's lookups (§8); retry after Retry-After seconds" },
  providerNotConfigured: { code: "provider_not_configured", status: 503, message: "the Korean provider this needs is not configured on this service" },
  providerFailed: { code: "provider_failed", status: 502, message: "the Korean provider refused or could not be reached; nothing changed" },
  popbillNotLinked: { code: "popbill_not_linked", status: 409, message: "link the organization with Popbill first (POST korean-package/popbill-member)" },
  kakaoNotLinked: { code: "kakao_not_linked", status: 409, message: "the app group has no Kakao channel linked (PUT kakao)" },
  invalidSenderNumber: { code: "invalid_sender_number", status: 400, message: "a sender number is a Korean number of 8 to 11 digits" },
});

export const CommerceErrors = commerceErrors.codes;
