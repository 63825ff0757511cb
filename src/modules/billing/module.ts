/** Billing: the prepaid credit ledger, payments, plans and add-ons with renewal, invoices and metered SMS. */
import type { AppContext } from "../../context";
import { defineModule } from "../../platform/module";
import { registerSmsCodeLedger } from "../messaging/index";
import { BILLING_EVENTS } from "./events";
import { addonRoutes } from "./addons/routes";
import * as addonTables from "./addons/schema";
import * as ledgerTables from "./ledger/schema";
import * as planTables from "./plans/schema";
import * as invoiceTables from "./invoices/schema";
import * as smsTables from "./sms/schema";
import { addonErrors } from "./addons/errors";
import { billingErrors } from "./errors";
import { billingJobs } from "./jobs";
import { createDevGateway } from "./payments/gateway";
import { createStripeGateway } from "./payments/stripe";
import { planPrices } from "./plans/prices";
import { billingOrgRoutes, billingPublicRoutes, invoiceRoutes } from "./routes";
import { publicSmsLedger } from "./sms/service";

export const billingModule = defineModule<AppContext>({
  name: "billing",
  events: Object.values(BILLING_EVENTS),
  errors: [addonErrors, billingErrors],
  limits: [planPrices],
  tags: [
    { name: "Add-ons", description: "Paid add-ons an organization switches on, charged against its prepaid credit (spec 4.4, 8)." },
    { name: "Billing", description: "The plan, the prepaid credit ledger, top-ups, withdrawals and the delinquency clock (spec 3.7, 8)." },
    { name: "Invoices", description: "Monthly invoices, sealed when issued and verifiable with SHA-256 alone (spec 2.6, 3.5)." },
    { name: "SMS", description: "Texts sent for an organization and charged to its prepaid credit (spec 4.1, 8)." },
  ],
  tables: { ...addonTables, ...ledgerTables, ...planTables, ...invoiceTables, ...smsTables },
  init: (ctx) => {
    registerSmsCodeLedger("public-sms", publicSmsLedger);
    const stripe = ctx.config.stripe;
    return { payments: stripe ? createStripeGateway(stripe) : ctx.config.dev ? createDevGateway() : null };
  },
  routes: (ctx) => [addonRoutes(ctx), billingOrgRoutes(ctx), billingPublicRoutes(ctx), invoiceRoutes(ctx)],
  jobs: (ctx) => billingJobs(ctx),
});
