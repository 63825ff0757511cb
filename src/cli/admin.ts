/** `signet admin …`: operator commands. They work while `signet serve` runs on the same database. */
import type { Config } from "../config";
import { closeContext } from "../context";
import { openCliContext } from "./context";
import { ApiError } from "../platform/http/errors";
import { startSession } from "../modules/identity/sessions";
import { bootstrapOrganization, setOrganizationPlan } from "../modules/orgs/service";
import { ensureOperatorMasterSeal } from "../modules/trust/keys/master-seal";
import { createOperatorApiKey } from "../modules/access/machine/api-keys";
import { grantCredit } from "../modules/billing/credit/service";
import { correctInvoice } from "../modules/billing/invoices/service";
import { orgBySlug } from "../modules/orgs/hot-queries";
import { parseOptions } from "./args";
import { FatalError, UsageError } from "./errors";

export async function adminCommand(config: Config, sub: string | undefined, args: string[]): Promise<number> {
  switch (sub) {
    case "bootstrap":
      return bootstrap(config, args);
    case "plan":
      return setPlan(config, args);
    case "credit":
      return addCredit(config, args);
    case "invoice-correct":
      return correctInvoiceCommand(config, args);
    case "backup":
      return (await import("./backup")).backupCommand(config, args);
    case "restore":
      return (await import("./backup")).restoreCommand(config, args);
    case "outbox": {
      const { outboxCommand } = await import("./outbox");
      return outboxCommand(config, args);
    }
    default:
      throw new UsageError(sub ? `unknown admin command "${sub}"; see signet --help` : "admin needs a command: bootstrap, plan, credit, invoice-correct, outbox, backup or restore");
  }
}

async function bootstrap(config: Config, args: string[]): Promise<number> {
  const options = parseOptions(args, ["email", "org", "slug", "plan"]);
  if (!options.email) throw new UsageError("admin bootstrap needs --email");
  if (!options.org) throw new UsageError("admin bootstrap needs --org");
  const ctx = await openCliContext(config);
  try {
    const result = await bootstrapOrganization(ctx, { kind: "operator" }, {
      email: options.email,
      orgName: options.org,
      slug: options.slug,
      plan: options.plan,
    });
    // The operator's access to the data stands in for the owner's seal; `ready` still
    // waits for the owner to register a Personal Seal.
    await ensureOperatorMasterSeal(ctx, result.orgId);
    // An org-wide key, new on every run: a key is shown once, so an earlier one cannot be printed again.
    const apiKey = await createOperatorApiKey(ctx, result.orgId);
    const session = await startSession(ctx.sessions, result.userId);
    console.log(JSON.stringify({ userId: result.userId, orgId: result.orgId, slug: result.slug, apiKey: apiKey.key, sessionToken: session.token }));
    return 0;
  } catch (e) {
    if (e instanceof ApiError) throw new FatalError(`admin bootstrap: ${(e.extra.message as string) ?? e.code}${e.extra.field ? ` (--${e.extra.field === "name" ? "org" : e.extra.field})` : ""}`);
    throw e;
  } finally {
    await closeContext(ctx);
  }
}

/** `signet admin plan --org SLUG --plan PLAN`: prints {slug, plan, previousPlan, changed}. */
async function setPlan(config: Config, args: string[]): Promise<number> {
  const options = parseOptions(args, ["org", "plan"]);
  if (!options.org) throw new UsageError("admin plan needs --org SLUG");
  if (!options.plan) throw new UsageError("admin plan needs --plan PLAN");
  const ctx = await openCliContext(config);
  try {
    const result = await setOrganizationPlan(ctx, { kind: "operator" }, { slug: options.org, plan: options.plan });
    console.log(JSON.stringify({ slug: result.slug, plan: result.plan, previousPlan: result.previousPlan, changed: result.changed }));
    return 0;
  } catch (e) {
    if (e instanceof ApiError) throw new FatalError(`admin plan: ${(e.extra.message as string) ?? e.code} (--${e.extra.field ?? "org"})`);
    throw e;
  } finally {
    await closeContext(ctx);
  }
}

/** A whole number option, or the usage error naming it (the service checks its range). */
function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value.trim())) throw new UsageError(`--${name} is a whole number of minor units (cents; won for KRW), got "${value}"`);
  return Number(value);
}

/**
 * `signet admin credit --org SLUG --amount N [--currency USD|KRW] [--bonus N]`: adds
 * prepaid credit without a payment (an operator's grant; the bonus is promotional credit a
 * withdrawal claws back in proportion). Prints {slug, paymentId, balance, currency}.
 */
async function addCredit(config: Config, args: string[]): Promise<number> {
  const options = parseOptions(args, ["org", "amount", "currency", "bonus"]);
  if (!options.org) throw new UsageError("admin credit needs --org SLUG");
  if (!options.amount) throw new UsageError("admin credit needs --amount N (minor units: cents, or won for KRW)");
  const amount = wholeNumber("amount", options.amount);
  const bonus = wholeNumber("bonus", options.bonus);
  const ctx = await openCliContext(config);
  try {
    const org = await orgBySlug(ctx.db.read, options.org.trim().toLowerCase());
    if (!org) throw new FatalError(`admin credit: no organization with the slug "${options.org}" (--org)`);
    const result = await grantCredit(ctx, { kind: "operator" }, { orgId: org.id, amount, bonus, currency: options.currency, provider: "operator" });
    console.log(JSON.stringify({ slug: org.slug, paymentId: result.paymentId, balance: result.balance, currency: result.currency }));
    return 0;
  } catch (e) {
    if (e instanceof ApiError) throw new FatalError(`admin credit: ${(e.extra.message as string) ?? e.code} (--${e.extra.field ?? "amount"})`);
    throw e;
  } finally {
    await closeContext(ctx);
  }
}

/**
 * `signet admin invoice-correct --invoice ID --reason TEXT [--adjust N --memo TEXT]`:
 * issues a correction for an issued invoice's period (with an optional ledger adjustment:
 * positive gives credit back) and marks the old invoice Superseded. Prints {id, number, supersedes}.
 */
async function correctInvoiceCommand(config: Config, args: string[]): Promise<number> {
  const options = parseOptions(args, ["invoice", "reason", "adjust", "memo"]);
  if (!options.invoice) throw new UsageError("admin invoice-correct needs --invoice ID");
  if (!options.reason) throw new UsageError("admin invoice-correct needs --reason TEXT");
  const adjust = wholeNumber("adjust", options.adjust);
  const ctx = await openCliContext(config);
  try {
    const invoice = await correctInvoice(ctx, { kind: "operator" }, {
      invoiceId: options.invoice,
      reason: options.reason,
      adjustment: adjust === undefined ? undefined : { amount: adjust, memo: options.memo ?? "Adjustment" },
    });
    console.log(JSON.stringify({ id: invoice.id, number: invoice.number, supersedes: invoice.supersedes, subtotal: invoice.subtotal, currency: invoice.currency }));
    return 0;
  } catch (e) {
    if (e instanceof ApiError) throw new FatalError(`admin invoice-correct: ${(e.extra.message as string) ?? e.code}`);
    throw e;
  } finally {
    await closeContext(ctx);
  }
}
