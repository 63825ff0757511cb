/**
 * The audit events commerce appends (spec §6: appgroup.kakao.channel_linked,
 * .channel_changed, .channel_unlinked, .member_joined; the others are ours, so that no
 * change of what an organization sells, or where its money goes, goes unrecorded).
 */
import { defineEvent } from "../../platform/audit/catalog";

type Id = string;

export const COMMERCE_EVENTS = {
  kakaoChannelLinked: defineEvent<{ appGroupId: Id; channelId: string; templateCode: string }>()("appgroup.kakao.channel_linked", "An app group's Kakao business channel is linked: its codes to Korean numbers go as alimtalk"),
  kakaoChannelChanged: defineEvent<{ appGroupId: Id; fields: string[] }>()("appgroup.kakao.channel_changed", "An app group's Kakao channel, template or sender number changes"),
  kakaoChannelUnlinked: defineEvent<{ appGroupId: Id; channelId: string }>()("appgroup.kakao.channel_unlinked", "An app group's Kakao channel is unlinked: codes go as SMS again"),
  kakaoMemberJoined: defineEvent<{ appGroupId: Id; memberId: string }>()("appgroup.kakao.member_joined", "The app group's channel manager joins the messaging partner"),
  gatewayLinked: defineEvent<{ appGroupId: Id; provider: string; accountRef: string }>()("appgroup.commerce.gateway_linked", "An app group's payment gateway account is created"),
  brandListed: defineEvent<{ appGroupId: Id; brand: string }>()("appgroup.commerce.brand_listed", "An app group's brand is published on the gateway"),
  brandBound: defineEvent<{ appGroupId: Id; brand: string; previousAppGroupId: Id }>()("appgroup.commerce.brand_bound", "A partner binds a brand to another app group of the organization"),
  productCreated: defineEvent<{ appGroupId: Id; productId: Id; productKey: string; price: number; currency: string }>()("appgroup.product.created", "A product is created with its price"),
  productRepriced: defineEvent<{ appGroupId: Id; productId: Id; from: number; to: number }>()("appgroup.product.repriced", "A product's price changes; it is unregistered until the next sync"),
  productSynced: defineEvent<{ appGroupId: Id; productId: Id; gatewayProductRef: string; gatewayPriceRef: string }>()("appgroup.product.synced", "A product and its price are registered on the gateway"),
  productsImported: defineEvent<{ appGroupId: Id; created: Id[]; skipped: number }>()("appgroup.product.imported", "Products are imported (existing ones skipped)"),
  productDeleted: defineEvent<{ appGroupId: Id; productId: Id; productKey: string }>()("appgroup.product.deleted", "A product is deleted (archived on the gateway when it was synced)"),
  chargeSettled: defineEvent<{ appGroupId: Id; chargeId: Id; amount: number; currency: string; takeRate: number }>()("appgroup.commerce.charge_settled", "An end user's charge settles; the take rate is recorded in the ledger"),
  billingKeyIssued: defineEvent<{ provider: string; cardCompany: string | null; cardNumberMasked: string | null }>()("org.krw.billing_key_issued", "A Korean recurring-billing card is registered (never the billing key)"),
  popbillLinked: defineEvent<{ corpNum: string; userId: string }>()("org.korean_package.popbill_linked", "The organization is linked with Popbill"),
} as const;
