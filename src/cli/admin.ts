/** `signet admin …`: operator commands. They work while `signet serve` runs on the same database. */
import type { Config } from "../config";
import { closeContext } from "../context";
import { openCliContext } from "./context";
import { ApiError } from "../platform/http/errors";
import { startSession } from "../modules/identity/sessions";
import { bootstrapOrganization, setOrganizationPlan } from "../modules/orgs/service";
import { ensureOperatorMasterSeal } from "../modules/trust/keys/master-seal";
import { createOperatorApiKey } from "../modules/access/machine/api-keys";
import { parseOptions } from "./args";
import { FatalError, UsageError } from "./errors";

export async function adminCommand(config: Config, sub: string | undefined, args: string[]): Promise<number> {
  switch (sub) {
    case "bootstrap":
      return bootstrap(config, args);
    case "plan":
      return setPlan(config, args);
    case "outbox": {
      const { outboxCommand } = await import("./outbox");
      return outboxCommand(config, args);
    }
    default:
      throw new UsageError(sub ? `unknown admin command "${sub}"; see signet --help` : "admin needs a command: bootstrap, plan or outbox");
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
