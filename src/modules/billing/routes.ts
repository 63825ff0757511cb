/**
 * Billing's routes (docs/billing.md): the owner's billing screen under
 * /api/org/{slug}/billing, the Stripe webhook, metered SMS and the public v1 invoices.
 * Rules live in the services; shapes in model.ts.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { declaresErrors } from "../../platform/http/error-catalog";
import { rawBody } from "../../platform/http/kernel";
import { strictBody } from "../../platform/http/strict-body";
import { toIso } from "../../platform/clock";
import { keyCallerOf, publicApiGuard, requiresScope } from "../access/index";
import { callerOf, ORG_GUARD_ERRORS, orgById, orgGuard, SlugParams } from "../orgs/index";
import { startTopUp, handleStripeWebhook, withdraw, withdrawalQuote } from "./credit/service";
import { assertCan } from "../orgs/index";
import { ledgerEntries } from "./ledger/ledger";
import { categoryOf } from "./ledger/ref-ids";
import { renderInvoicePdf } from "./invoices/pdf";
import { invoiceOf, issuedInvoiceRow, listInvoices, verifyInvoice } from "./invoices/service";
import * as M from "./model";
import { BILLING_SCOPE, billingSummary, changeOrgPlan } from "./plans/service";
import { SMS_SEND_SCOPE, sendMeteredSms } from "./sms/service";

const TAGS = ["Billing"];
const INVOICE_TAGS = ["Invoices"];
const OWNER = "Needs view.billing (the Owner's by default; else 403 PERMISSION_DENIED).";
const KEY_ERRORS = ["api_key_required", "invalid_api_key", "api_key_revoked", "service_account_inactive", "PERMISSION_DENIED", "org_wide_key_required"];
const KEY_AUTH = "Send an org-wide API key as `X-Api-Key: ah_live_…` (or `Authorization: Bearer`); 401 without one, 401 org_wide_key_required for an app-group key.";
export const INVOICE_READ_SCOPE = "org.invoice.read";

export function billingOrgRoutes(ctx: AppContext) {
  return new Elysia({ name: "billing", prefix: "/api/org/:slug/billing" })
    .use(orgGuard(ctx))
    .get("", ({ org, orgActor, request }) => billingSummary(ctx, callerOf(org, orgActor, request)), {
      org: true,
      params: SlugParams,
      response: M.BillingSummary,
      detail: { ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED"), tags: TAGS, summary: "Plan, credit and the delinquency clock", description: `The plan and what it costs, the prepaid credit with its reserve, a scheduled downgrade and a running grace. ${OWNER}` },
    })
    .put("/plan", ({ org, orgActor, request, body }) => changeOrgPlan(ctx, callerOf(org, orgActor, request), body.plan), {
      org: true,
      params: SlugParams,
      ...strictBody(M.PlanChange),
      response: M.PlanChangeResult,
      detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED", "unknown_plan", "plan_not_self_serve", "plan_follows_parent", "insufficient_credit"),
        tags: TAGS,
        summary: "Change the plan",
        description:
          "An upgrade applies at once and takes from the credit the new plan's monthly price × remaining days of the UTC month (today counted) ÷ days in the month, rounded down, " +
          "less the same for the old plan when it was paid for this month (at least one minor unit); 402 insufficient_credit (balance, required) when the credit is short, nothing changed. " +
          "A downgrade waits for the end of the paid period (scheduledPlan, scheduledAt) and asking for the current plan cancels it. Enterprise is per contract (400 plan_not_self_serve); " +
          `a sub-organization follows its parent (409). Emits org.plan_changed and payment.plan.upgraded, or payment.plan.downgrade_scheduled. ${OWNER}`,
      },
    })
    .get(
      "/ledger",
      async ({ org, orgActor, query }) => {
        assertCan(orgActor, BILLING_SCOPE);
        const rows = await ledgerEntries(ctx.db.read, org.id, { limit: query.limit ?? M.LEDGER_LIST.default });
        return rows.map((e) => ({ id: e.id, amount: e.amountMinor, balanceAfter: e.balanceAfterMinor, currency: e.currency, refId: e.refId, category: categoryOf(e.refId), memo: e.reason, period: e.period, at: toIso(e.at) }));
      },
      {
        org: true,
        params: SlugParams,
        query: M.LedgerQuery,
        response: t.Array(M.LedgerEntryView),
        detail: { ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED"), tags: TAGS, summary: "The credit ledger", description: `Newest first. Append-only: every top-up, charge, refund and withdrawal with the balance after it. ${OWNER}` },
      },
    )
    .post("/top-ups", ({ org, orgActor, request, body }) => startTopUp(ctx, callerOf(org, orgActor, request), body), {
      org: true,
      params: SlugParams,
      ...strictBody(M.MoneyRequest),
      response: M.TopUpResult,
      detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED", "invalid_amount", "unsupported_currency", "currency_mismatch", "payments_not_configured", "payment_failed"),
        tags: TAGS,
        summary: "Top up the prepaid credit",
        description:
          "Opens a payment for amount (whole minor units; 400 invalid_amount for zero, negative, fractional or over $100,000). With Stripe the answer is pending with a clientSecret " +
          "and the credit arrives with the signed payment_intent.succeeded webhook; with the dev gateway (dev mode, offline) it succeeds at once. 400 currency_mismatch when the credit " +
          "is kept in another currency; 503 payments_not_configured without a gateway; 502 payment_failed when the processor refuses. A top-up clears a running delinquency grace. " +
          `Emits payment.top_up.started, then org.credit.topped_up. ${OWNER}`,
      },
    })
    .get(
      "/invoices",
      async ({ org, orgActor, query }) => {
        assertCan(orgActor, BILLING_SCOPE);
        return listInvoices(ctx.db.read, org.id, query.limit ?? M.INVOICE_LIST.default);
      },
      {
        org: true,
        params: SlugParams,
        query: M.InvoiceQuery,
        response: t.Array(M.Invoice),
        detail: {
          ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED"),
          tags: INVOICE_TAGS,
          summary: "The organization's invoices (dashboard)",
          description: `What GET /api/public/v1/invoices answers, for the owner's dashboard session instead of an API key: newest period first, open statements with their lines so far. ${OWNER}`,
        },
      },
    )
    .get(
      "/invoices/:id/pdf",
      async ({ org, orgActor, params }) => {
        assertCan(orgActor, BILLING_SCOPE);
        return invoicePdf(ctx, org, params.id);
      },
      {
        org: true,
        params: M.OrgInvoiceParams,
        detail: {
          ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED", "not_found", "invoice_not_issued"),
          tags: INVOICE_TAGS,
          summary: "An issued invoice as a PDF (dashboard)",
          description: `What GET /api/public/v1/invoices/{id}/pdf answers, for the owner's dashboard session. 409 invoice_not_issued for an open statement; 404 for another organization's. ${OWNER}`,
          responses: { 200: { description: "The PDF", content: { "application/pdf": { schema: { type: "string", format: "binary" } } } } },
        },
      },
    )
    .get("/withdrawals/quote", ({ org, orgActor, request }) => withdrawalQuote(ctx, callerOf(org, orgActor, request)), {
      org: true,
      params: SlugParams,
      response: M.WithdrawalQuote,
      detail: { ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED"), tags: TAGS, summary: "What can be withdrawn", description: `Paid credit left, bonus left, the reserve held back and the most a withdrawal may take. ${OWNER}` },
    })
    .post("/withdrawals", ({ org, orgActor, request, body }) => withdraw(ctx, callerOf(org, orgActor, request), body), {
      org: true,
      params: SlugParams,
      ...strictBody(M.MoneyRequest),
      response: M.WithdrawalResult,
      detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED", "invalid_amount", "unsupported_currency", "currency_mismatch", "nothing_to_withdraw", "withdrawal_too_small", "payments_not_configured", "payment_failed"),
        tags: TAGS,
        summary: "Withdraw paid credit to the card",
        description:
          "Spec §8: the cost-recovery fee is 2.9% (rounded up) plus $0.30 (₩400) of the withdrawn amount and is kept; the bonus credit is clawed back in proportion " +
          "(bonusLeft × amount ÷ paidLeft, rounded down); the $5 service reserve stays while a paid plan or add-on is on. The rest is refunded to the cards of the newest payments first; " +
          "card refunds usually land within 5 to 10 business days. 400 nothing_to_withdraw (withdrawable) over the limit, 400 withdrawal_too_small when the fee would eat it; 502 payment_failed " +
          `when the processor refuses (the credit is put back). Emits payment.credit.withdrawn. ${OWNER}`,
      },
    });
}

/** An issued invoice of the organization as a PDF response (409 invoice_not_issued while open). */
async function invoicePdf(ctx: AppContext, org: { id: string; name: string; slug: string }, id: string): Promise<Response> {
  const row = await issuedInvoiceRow(ctx.db.read, org.id, id);
  const view = await invoiceOf(ctx.db.read, org.id, row.id);
  const bytes = await renderInvoicePdf(view, { name: org.name, slug: org.slug });
  return new Response(Buffer.from(bytes), { headers: { "content-type": "application/pdf", "content-disposition": `inline; filename="${view.number}.pdf"`, "cache-control": "private, no-store" } });
}

export function billingPublicRoutes(ctx: AppContext) {
  return new Elysia({ name: "billing.public" })
    .use(publicApiGuard(ctx))
    .post(
      "/api/public/billing/stripe/webhook",
      async ({ request }) => {
        const bytes = rawBody(request);
        return handleStripeWebhook(ctx, bytes ? new TextDecoder().decode(bytes) : "", request.headers.get("stripe-signature"));
      },
      {
        response: M.WebhookResult,
        detail: {
          ...declaresErrors("invalid_signature", "webhooks_not_configured"),
          tags: TAGS,
          summary: "Stripe webhook",
          description:
            "Called by Stripe, not by people: no key. The raw body must carry a valid `Stripe-Signature` (t=…,v1=HMAC-SHA256(whsec, \"t.body\")) within 5 minutes, else 400 invalid_signature " +
            "and nothing changes. Each event id is applied once (a replay answers duplicate and changes nothing). payment_intent.succeeded credits the payment its metadata names " +
            "(amount and currency must match); payment_intent.payment_failed marks it failed; other types are acknowledged. 404 webhooks_not_configured without a Stripe webhook secret.",
          "x-body-limit": 256 * 1024,
        },
      },
    )
    .post("/api/public/sms/send", ({ keyOrg, apiKey, keyActor, request, body }) => sendMeteredSms(ctx, keyCallerOf({ keyOrg, apiKey, keyActor }, request), body), {
      orgWideKey: true,
      ...strictBody(M.SmsSendRequest),
      response: M.SmsSendResult,
      detail: {
        ...requiresScope(SMS_SEND_SCOPE),
        ...declaresErrors(...KEY_ERRORS, "insufficient_credit", "invalid_number", "region_not_supported", "region_daily_limit", "region_fuse", "opt_in_required", "send_failed"),
        tags: ["SMS"],
        summary: "Send a text, charged to the prepaid credit",
        description:
          `Who may call: an organization's server, with an org-wide API key holding ${SMS_SEND_SCOPE} (org.* covers it). ${KEY_AUTH} ` +
          "The price per text by §8 coverage group (standard 2¢, limited 5¢, restricted 8¢; ₩25/65/105) is debited before sending: 402 insufficient_credit (balance, required) when the " +
          "credit does not cover it. 400 invalid_number, 400 region_not_supported (outside the 76 countries; nothing charged). kind code counts toward the per-number caps (429 " +
          "region_daily_limit: Limited 2, Restricted 1 per 24 h) and the shared daily fuse (429 region_fuse); kind message needs optedIn true (400 opt_in_required) and +1 numbers get " +
          "a closing opt-out line. 502 send_failed when the provider refuses: the charge is given back. Emits payment.sms.charged.",
      },
    });
}

export function invoiceRoutes(ctx: AppContext) {
  return new Elysia({ name: "billing.invoices", prefix: "/api/public/v1/invoices" })
    .use(publicApiGuard(ctx))
    .get("", ({ keyOrg, query }) => listInvoices(ctx.db.read, keyOrg.id, query.limit ?? M.INVOICE_LIST.default), {
      orgWideKey: true,
      query: M.InvoiceQuery,
      response: t.Array(M.Invoice),
      detail: {
        ...requiresScope(INVOICE_READ_SCOPE),
        ...declaresErrors(...KEY_ERRORS),
        tags: INVOICE_TAGS,
        summary: "The organization's invoices",
        description: `Newest period first (a correction before the invoice it superseded); limit default ${M.INVOICE_LIST.default}, at most ${M.INVOICE_LIST.max}. Open statements carry their lines so far. ${KEY_AUTH} Needs ${INVOICE_READ_SCOPE}.`,
      },
    })
    .get("/:id", ({ keyOrg, params }) => invoiceOf(ctx.db.read, keyOrg.id, params.id), {
      orgWideKey: true,
      params: M.InvoiceParams,
      response: M.Invoice,
      detail: { ...requiresScope(INVOICE_READ_SCOPE), ...declaresErrors(...KEY_ERRORS, "not_found"), tags: INVOICE_TAGS, summary: "One invoice", description: `404 when it is not the key's organization's. ${KEY_AUTH} Needs ${INVOICE_READ_SCOPE}.` },
    })
    .get(
      "/:id/pdf",
      ({ keyOrg, params }) => invoicePdf(ctx, keyOrg, params.id),
      {
        orgWideKey: true,
        params: M.InvoiceParams,
        detail: {
          ...requiresScope(INVOICE_READ_SCOPE),
          ...declaresErrors(...KEY_ERRORS, "not_found", "invoice_not_issued"),
          tags: INVOICE_TAGS,
          summary: "An issued invoice as a PDF",
          description: `application/pdf: lines, totals and the seal. 409 invoice_not_issued for an open statement; 404 for another organization's. ${KEY_AUTH} Needs ${INVOICE_READ_SCOPE}.`,
          responses: { 200: { description: "The PDF", content: { "application/pdf": { schema: { type: "string", format: "binary" } } } } },
        },
      },
    )
    .get("/:id/verify", ({ params }) => verifyInvoice(ctx.db.read, params.id), {
      params: M.InvoiceParams,
      response: M.Verification,
      detail: {
        // No key and no account: anyone holding an invoice id may check it.
        ...requiresScope("none"),
        ...declaresErrors("not_found", "UPGRADE_REQUIRED"),
        tags: INVOICE_TAGS,
        summary: "Verify an invoice's seal",
        description:
          "No key, no account. Recomputes SHA-256 over the stored invoice's canonical JSON and checks the organization's audit chain holds it; answers the verdict and the hashes, never " +
          "amounts. An open statement answers status open. 403 UPGRADE_REQUIRED (feature billing.verify) when the issuing organization is below Business; 404 unknown id. docs/billing.md " +
          "says how to verify with SHA-256 alone.",
      },
    });
}

export { orgById };
