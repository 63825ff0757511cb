/**
 * Billing's scheduled jobs (docs/jobs.md): the monthly renewal with the delinquency
 * clock, run hourly so retries and the end of a grace follow within the hour, and the
 * period close that issues last month's invoices. Both are idempotent: a retried slot
 * finds the dues paid (unique refIds) and the invoices issued.
 */
import type { AppContext } from "../../context";
import type { JobDefinition } from "../../platform/jobs/scheduler";
import { closePeriods } from "./invoices/service";
import { runRenewals } from "./plans/service";

export function billingJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: "billing.renewals",
      schedule: "15 * * * *",
      description: "Charges each month's plan and active paid add-ons from the prepaid credit, retries open charges, and moves the 3-day delinquency clock (spec 3.7)",
      run: async ({ now }) => runRenewals(ctx, now),
    },
    {
      name: "billing.invoices.close",
      schedule: "5 0 * * *",
      description: "Issues and seals every open invoice whose month has ended (INV-{yyyyMM}-{seq}, selfHash in the audit chain)",
      run: async ({ now }) => closePeriods(ctx, now),
    },
  ];
}
