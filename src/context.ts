/**
 * The application's dependencies, built once from the config: database, clock,
 * logger, secrets, outbound adapters and the job scheduler. Services take a narrow
 * `Pick<AppContext, …>` of it.
 */
import type { Config } from "./config";
import { MODULES } from "./modules";
import { settingsUpdatedEvent } from "./platform/settings";
import { registerAuditEvents } from "./platform/audit/catalog";
import { registerSealedRecordTypes } from "./platform/audit/sealed-records";
import { closePlatform, openPlatform, type PlatformDeps, type PlatformOverrides } from "./platform/deps";
import { checkModules, type ModuleDefinition } from "./platform/module";
import type { SessionManager } from "./modules/identity/sessions";
import { registerRoleScopes } from "./modules/orgs/permissions/roles";
import { parseScope } from "./modules/orgs/permissions/scopes";
import type { Keyring } from "./modules/trust/keys/keyring";
import type { AppGroupDirectory } from "./modules/access/machine/api-keys";
import type { AgentRoster } from "./modules/access/machine/agent-credentials";
import type { MachineTokens } from "./modules/orgs/access";
import type { PaymentGateway } from "./modules/billing/payments/gateway";
import type { CustomDomainServices } from "./modules/customers/domains/service";
import type { CommerceServices } from "./modules/commerce/caller";
import type { AlimtalkCodes } from "./modules/customers/end-users/mfa/codes";

export { VERSION } from "./platform/deps";

export interface AppContext extends PlatformDeps {
  /** Dashboard sessions (identity's init). */
  sessions: SessionManager;
  /** In-memory key state (revocation markers, JWKS bytes), kept in step across nodes (trust's init). */
  keyring: Keyring;
  /** How the org guards check M2M tokens (access's init). */
  machineTokens: MachineTokens;
  /** Whether an app group exists in an organization, for machine access (customers' init). */
  appGroups: AppGroupDirectory;
  /** Custom login domains: the host map, DNS and the DNS provider (customers' init). */
  customDomains: CustomDomainServices;
  /** The agents' roster, as machine access checks an agent credential against it (agents' init; absent without the agents module: no agent credential is valid). */
  agentRoster?: AgentRoster;
  /** Where top-ups and withdrawals go (billing's init): Stripe, the offline dev gateway in dev mode, else none. */
  payments: PaymentGateway | null;
  /** Verification codes to Korean numbers as alimtalk, where an app group linked a Kakao channel (commerce's init; absent: SMS only). */
  alimtalkCodes?: AlimtalkCodes;
  /** Commerce's outbound peers (commerce's init): the payment gateway of end users' charges and the Korean package's providers. */
  commerce: CommerceServices;
  /** The modules this app is assembled from (src/modules.ts). */
  modules: readonly ModuleDefinition<AppContext>[];
}

export interface ContextOverrides extends PlatformOverrides {
  /** Another module list than src/modules.ts (a test adding a module). */
  modules?: readonly ModuleDefinition<AppContext>[];
}

/**
 * Opens the platform, then builds each module's services (`init`, in list order, each
 * seeing what the modules before it built), registers every module's jobs, audit events
 * and role scopes, and checks the list (DESIGN §3).
 */
export async function createContext(config: Config, overrides: ContextOverrides = {}): Promise<AppContext> {
  const platform = await openPlatform(config, overrides);
  const modules = overrides.modules ?? MODULES;
  const ctx = { ...platform, modules } as AppContext;
  try {
    for (const module of modules) Object.assign(ctx, await module.init?.(ctx));
    for (const service of ["sessions", "keyring", "machineTokens", "appGroups"] as const) if (!ctx[service]) throw new Error(`no module built the "${service}" service`);
    checkModules(modules, ctx);
    for (const module of modules) {
      registerAuditEvents([...(module.events ?? []), ...(module.settings ?? []).map(settingsUpdatedEvent)]);
      registerSealedRecordTypes(module.sealedRecords ?? []);
      if (module.scopes) registerRoleScopes(module.scopes, (scope) => parseScope(scope).ok);
      for (const job of module.jobs?.(ctx) ?? []) ctx.jobs.register(job);
    }
  } catch (e) {
    await closePlatform(platform);
    throw e;
  }
  return ctx;
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.jobs.stop();
  for (const module of [...ctx.modules].reverse()) await module.stop?.(ctx);
  await closePlatform(ctx);
}
