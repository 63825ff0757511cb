/**
 * Billing test helpers: organizations with credit and keys, the jobs, the owner's mail,
 * and a fake Stripe (see fake-stripe.ts).
 */
import { and, desc, eq } from "drizzle-orm";
import { grantCredit } from "../../../src/modules/billing/credit/service";
import { orgCreditLedger } from "../../../src/modules/billing/ledger/schema";
import { outboxMessages } from "../../../src/platform/outbound/schema";
import type { TestOrg } from "../../support/accounts";
import type { TestApp } from "../../support/harness";

/** The org's billing routes as its owner (or `token`). */
export const billing = (t: TestApp, org: TestOrg, method: string, path: string, json?: unknown, token = org.owner.token) =>
  t.request(method, `/api/org/${org.slug}/billing${path}`, { token, json });

/** An operator's grant (`signet admin credit`), the way tests fund an organization. */
export async function fund(t: TestApp, org: TestOrg, amount: number, options: { currency?: string; bonus?: number } = {}) {
  return grantCredit(t.ctx, { kind: "operator" }, { orgId: org.orgId, amount, currency: options.currency, bonus: options.bonus, provider: "operator" });
}

export async function balanceOf(t: TestApp, org: TestOrg): Promise<number> {
  return (await billing(t, org, "GET", "")).body.balance;
}

export async function ledgerOf(t: TestApp, org: TestOrg) {
  return t.ctx.db.read.select().from(orgCreditLedger).where(eq(orgCreditLedger.orgId, org.orgId)).orderBy(orgCreditLedger.at, orgCreditLedger.id);
}

/** An org API key with the given scopes (org-wide unless appGroupId). */
export async function apiKey(t: TestApp, org: TestOrg, scopes: string[], appGroupId?: string): Promise<string> {
  const r = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { scopes, ...(appGroupId ? { appGroupId } : {}) } });
  if (r.status !== 201) throw new Error(`key: ${r.status} ${r.text}`);
  return r.body.key as string;
}

export async function runJob(t: TestApp, name: "billing.renewals" | "billing.invoices.close") {
  const run = await t.ctx.jobs.runNow(name);
  if (run.outcome !== "ok") throw new Error(`${name}: ${run.outcome} ${run.error}`);
  return run;
}

export async function mailsTo(t: TestApp, to: string): Promise<Array<{ subject: string | null; text: string }>> {
  const rows = await t.ctx.db.read.select().from(outboxMessages).where(and(eq(outboxMessages.channel, "mail"), eq(outboxMessages.to, to))).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));
  return rows.reverse().map((r) => ({ subject: r.subject, text: r.text }));
}
