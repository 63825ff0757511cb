/** Commerce: organizations charging their own end users per app group (monetization, products, payouts, earnings) and the Korean package (docs/commerce.md). */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { createDevConnectGateway, createStripeConnectGateway } from "./adapters/connect";
import { createAddressSearch, createBusinessLookup, createDevKoreanAdapters, createPopbill, createTossBilling, type KoreanAdapters } from "./adapters/korean";
import { alimtalkCodes } from "./alimtalk";
import { commerceErrors } from "./errors";
import { COMMERCE_EVENTS } from "./events";
import { commerceGroupRoutes, commerceOrgRoutes, commercePublicRoutes } from "./routes";
import * as tables from "./schema";

function koreanAdapters(ctx: AppContext): KoreanAdapters {
  const peers = ctx.config.commerce;
  const dev = ctx.config.dev ? createDevKoreanAdapters(ctx.config.dashboardBase, ctx.sms) : null;
  return {
    toss: peers.toss ? createTossBilling(peers.toss) : (dev?.toss ?? null),
    businessLookup: peers.businessLookup ? createBusinessLookup(peers.businessLookup) : (dev?.businessLookup ?? null),
    addressSearch: peers.addressSearch ? createAddressSearch(peers.addressSearch) : (dev?.addressSearch ?? null),
    popbill: peers.popbill ? createPopbill(peers.popbill, () => ctx.clock.now()) : (dev?.popbill ?? null),
  };
}

export const commerceModule = defineModule<AppContext>({
  name: "commerce",
  errors: [commerceErrors],
  events: Object.values(COMMERCE_EVENTS),
  tags: [
    { name: "Monetization", description: "Organizations charging their own end users per app group: the policy with the §8 take rates, earnings, and the partner routes (spec 2.12, 4.2)." },
    { name: "Products", description: "What an app group sells, synced to its payment gateway account (spec 4.4)." },
    { name: "Payouts", description: "The app group's payment gateway account (Stripe Connect), its brand listing and payouts (spec 4.4)." },
    { name: "Korean package", description: "KRW billing cards, business and address lookups, Popbill and Kakao alimtalk per app group (spec 4.4)." },
  ],
  tables,
  init: (ctx) => {
    const stripe = ctx.config.stripe;
    const korean = koreanAdapters(ctx);
    return {
      commerce: { connect: stripe ? createStripeConnectGateway(stripe) : ctx.config.dev ? createDevConnectGateway(() => ctx.clock.now()) : null, korean },
      alimtalkCodes: alimtalkCodes(ctx, korean.popbill),
    };
  },
  routes: (ctx) => [commerceGroupRoutes(ctx), commerceOrgRoutes(ctx), commercePublicRoutes(ctx)],
});
