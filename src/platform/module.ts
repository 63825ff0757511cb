/**
 * The module contract (DESIGN §3): a domain declares what it brings next to the code
 * that implements it, and `src/modules.ts` lists the domains once. The app's routes, the
 * scheduler's jobs, the migration schema and the audit event catalog are assembled from
 * that list, and so are the API reference's tags, the error catalogs, the plan limits and
 * the organization settings sections: a new domain is one folder and one line in
 * `src/modules.ts`.
 *
 * The kernel imports no module: the dependencies a module receives are a type parameter,
 * fixed by the top-level wiring (`AppContext`).
 */
import type { AnyElysia } from "elysia";
import type { AuditEventDefinition } from "./audit/catalog";
import type { SealedRecordType } from "./audit/sealed-records";
import type { ErrorCatalog } from "./http/error-catalog";
import type { RefusalObserver } from "./http/kernel";
import type { ApiTag } from "./http/openapi";
import type { JobDefinition } from "./jobs/scheduler";
import type { PlanLimitFamily } from "./plans";
import type { AnySettingsSection } from "./settings";
import { kitTableName } from "./db/kit";

export interface ModuleDefinition<Deps> {
  /** Unique, lower-case: the domain's folder name (`orgs`, `storage`, `surfaces.pages`). */
  name: string;
  /**
   * Builds the module's services from the platform and what the modules listed before
   * it built; what it returns joins the dependencies every later module and route sees.
   */
  init?: (deps: Deps) => Partial<Deps> | Promise<Partial<Deps>>;
  /** Releases what `init` opened (connections, timers), in reverse list order at shutdown. */
  stop?: (deps: Deps) => Promise<void>;
  /** Route plugins, mounted in this order after the modules listed before this one. */
  routes?: (deps: Deps) => AnyElysia[];
  /** Scheduled jobs, registered on the scheduler at start (and listed by `signet jobs`). */
  jobs?: (deps: Deps) => JobDefinition[];
  /**
   * The tables this module owns (a schema file's namespace, `import * as schema`): no
   * other module reads or writes them directly. Values that are not kit tables are ignored.
   */
  tables?: Readonly<Record<string, unknown>>;
  /**
   * Which built-in roles (owner, admin, member, org_director) hold which of this module's
   * scopes; the Owner and Admin hold `org.*` already. Registered in the role table
   * (orgs/permissions/roles.ts).
   */
  scopes?: Readonly<Record<string, readonly string[]>>;
  /** The groups its operations carry in the API reference, each with the text shown above it. */
  tags?: readonly ApiTag[];
  /** The domain's error catalogs (platform/http/error-catalog.ts): the codes its routes may declare in `x-errors`. */
  errors?: readonly ErrorCatalog[];
  /** Rows whose state the audit chain seals (platform/audit/sealed-records.ts), for the integrity scan. */
  sealedRecords?: readonly SealedRecordType<any>[];
  /** Audit event types this module adds to the catalog (platform/audit/catalog.ts). */
  events?: readonly AuditEventDefinition[];
  /** The plan limits it enforces (platform/plans.ts), one family each; read with orgs' limitsOf. */
  limits?: readonly PlanLimitFamily[];
  /** The organization settings sections whose rules it owns (platform/settings.ts); orgs stores and serves them. */
  settings?: readonly AnySettingsSection[];
  /**
   * Sees every request the app refuses with 401 or 403, before the answer leaves (the
   * kernel awaits it): for a domain that must record refusals (agents seal an agent's
   * refused write as agent.action_denied). It must be cheap for requests not its own.
   */
  refusals?: (deps: Deps) => RefusalObserver;
  /** When given, the module's routes are mounted only where this is true (dev routes). */
  mountedWhen?: (deps: Deps) => boolean;
}

export function defineModule<Deps>(definition: ModuleDefinition<Deps>): ModuleDefinition<Deps> {
  if (!/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)?$/.test(definition.name)) throw new Error(`module name "${definition.name}" is not a lower-case folder name`);
  return definition;
}

/** The names of the kit tables a module declares it owns. */
export function ownedTables(module: Pick<ModuleDefinition<never>, "tables">): string[] {
  return Object.values(module.tables ?? {}).flatMap((value) => kitTableName(value) ?? []);
}

/**
 * Checks a list of modules once, at assembly: unique names, each table owned by one
 * module, each job, event type, plan limit family and settings section (key, path and
 * wire key) declared once.
 */
export function checkModules<Deps>(modules: readonly ModuleDefinition<Deps>[], deps: Deps): void {
  const names = new Set<string>();
  const claim = declaredOnce();
  for (const m of modules) {
    if (names.has(m.name)) throw new Error(`module "${m.name}" is listed twice`);
    names.add(m.name);
    for (const table of ownedTables(m)) claim("table", table, m.name);
    for (const event of m.events ?? []) claim("audit event", event.type, m.name);
    for (const family of m.limits ?? []) claim("plan limit family", family.name, m.name);
    for (const section of m.settings ?? []) {
      claim("settings section", section.key, m.name);
      claim("settings path", section.path, m.name);
      claim("settings wire key", section.wireKey, m.name);
    }
  }
  for (const m of modules) for (const job of m.jobs?.(deps) ?? []) claim("job", job.name, m.name);
}

/** A check that a kind of name is declared by one module only. */
function declaredOnce(): (kind: string, name: string, module: string) => void {
  const owners = new Map<string, string>();
  return (kind, name, module) => {
    const owner = owners.get(`${kind}:${name}`);
    if (owner) throw new Error(`${kind} "${name}" is declared by both "${owner}" and "${module}"`);
    owners.set(`${kind}:${name}`, module);
  };
}
