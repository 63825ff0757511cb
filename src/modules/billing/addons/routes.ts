/**
 * Organization add-ons (spec 4.4 settings/addons, §8): the add-on door and the prepaid
 * credit it charges. Rules in service.ts; docs/analytics.md "Add-ons and credit".
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../context";
import { assertCan, callerOf, type OrgActor, type Organization, orgGuard, OrgSlug } from "../../orgs/index";
import { strictBody } from "../../../platform/http/strict-body";
import { ADDON_MANAGE_SCOPE, creditBalance, disableAddon, enableAddon, listAddons, MAX_TOP_UP_CENTS, topUpCredit, type AddonCaller } from "./service";

const TAGS = ["Add-ons"];

const AddonView = t.Object({
  key: t.String(),
  name: t.String(),
  monthlyPriceCents: t.Integer(),
  minimumPlan: t.String(),
  planAllows: t.Boolean({ description: "The organization's plan is at least minimumPlan" }),
  active: t.Boolean(),
  enabledAt: t.Nullable(t.String({ format: "date-time" })),
  paidThrough: t.Nullable(t.String({ format: "date-time", description: "End of the last month paid for; re-enabling before it charges nothing" })),
});
const Params = t.Object({ slug: OrgSlug, addonKey: t.String({ maxLength: 100 }) });
const RULES =
  "Needs view.billing (the Owner's by default; else 403 PERMISSION_DENIED). An unknown add-on key is 404 unknown_addon. " +
  "Audit Analytics (audit_analytics): $99 a month flat, Pro or higher (else 403 UPGRADE_REQUIRED, feature audit_analytics).";

export function addonRoutes(ctx: AppContext) {
  const caller = (org: Organization, orgActor: OrgActor, request: Request): AddonCaller => callerOf(org, orgActor, request);
  const routes = new Elysia({ name: "addons", prefix: "/api/org/:slug/settings" })
    .use(orgGuard(ctx))
    .get("/addons", ({ org, orgActor, request }) => listAddons(ctx, caller(org, orgActor, request)), {
      org: true,
      response: t.Object({ addons: t.Array(AddonView), creditBalanceCents: t.Integer() }),
      detail: { tags: TAGS, summary: "Add-ons and the prepaid credit", description: "Every add-on with its price, plan floor and state, and the credit balance. Needs org.setting.read." },
    })
    .post("/addons/:addonKey", ({ org, orgActor, request, params }) => enableAddon(ctx, caller(org, orgActor, request), params.addonKey), {
      org: true,
      params: Params,
      response: t.Composite([AddonView, t.Object({ chargedCents: t.Integer(), creditBalanceCents: t.Integer() })]),
      detail: {
        tags: TAGS,
        summary: "Enable an add-on",
        description:
          "Charges the prepaid credit the monthly price × remaining days of the UTC month (today counted) ÷ days in the month, rounded down to the cent, at least $0.01; " +
          "402 insufficient_credit (balanceCents, requiredCents) when the credit is short, nothing changed. Enabling an active add-on, or re-enabling within a month already paid, charges nothing. " +
          `Audit event org.addon.enabled. ${RULES}`,
      },
    })
    .delete("/addons/:addonKey", ({ org, orgActor, request, params }) => disableAddon(ctx, caller(org, orgActor, request), params.addonKey), {
      org: true,
      params: Params,
      response: AddonView,
      detail: { tags: TAGS, summary: "Disable an add-on", description: `No refund: the add-on stays paid through the month. Audit event org.addon.disabled. ${RULES}` },
    })
    .get(
      "/credit",
      async ({ org, orgActor }) => {
        assertCan(orgActor, ADDON_MANAGE_SCOPE);
        return { creditBalanceCents: await creditBalance(ctx.db.read, org.id) };
      },
      {
        org: true,
        response: t.Object({ creditBalanceCents: t.Integer() }),
        detail: { tags: TAGS, summary: "Prepaid credit balance", description: "Needs view.billing (the Owner's by default)." },
      },
    );
  // Until billing funds the credit from payments, an operator tops it up; only in dev mode over HTTP.
  if (!ctx.config.dev) return routes;
  return routes.post("/credit", ({ org, orgActor, request, body }) => topUpCredit(ctx, caller(org, orgActor, request), body.amountCents), {
    org: true,
    ...strictBody(t.Object({ amountCents: t.Number({ description: `Whole cents, 1 to ${MAX_TOP_UP_CENTS}` }) }, { additionalProperties: false })),
    response: t.Object({ creditBalanceCents: t.Integer() }),
    detail: {
      tags: TAGS,
      summary: "Top up the prepaid credit (dev mode)",
      description: "The seam billing replaces: adds credit without a payment. Served only with SIGNET_DEV=1. Needs view.billing; 400 invalid_amount. Audit event org.credit.topped_up.",
    },
  });
}
