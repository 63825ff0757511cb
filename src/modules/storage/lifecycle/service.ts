/**
 * Storage lifecycle rules (spec 2.4, §7, §8): an organization's rules that move files
 * nobody opened for N days to infrequent-access storage (transition_ia) or to the
 * trash. Writes are plan-gated (requireLifecycleWrite): Free and Pro hold none, Pro+
 * only the preset (90 days, transition_ia, all files), Business and Enterprise up to
 * ten of any kind. Pausing (PUT {enabled: false}) and deleting are allowed on every
 * plan. A rule kept after a downgrade answers planAllows: false and is not run
 * (runner.ts).
 */
import { and, asc, count, eq } from "drizzle-orm";
import type { AppContext } from "../../../context";
import type { Tx } from "../../../platform/db/database";
import { appendAudit } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { STORAGE_EVENTS } from "../events";
import { ApiError } from "../../../platform/http/errors";
import { newId } from "../../../platform/ids";
import type { FileCaller } from "../files/service";
import { assertCan, limitsOf, type Organization } from "../../orgs/index";
import { lifecycleErrors } from "./errors";
import { isLifecyclePreset, LIFECYCLE_DAYS, LIFECYCLE_PRESET, lifecycleLimits, requireLifecycleWrite } from "./limits";
import { lifecycleRules } from "../files/schema";

export type LifecycleRule = typeof lifecycleRules.$inferSelect;
export type LifecycleAction = LifecycleRule["action"];

export const LIFECYCLE_ACTIONS: readonly LifecycleAction[] = ["transition_ia", "trash"];

export { LifecycleErrors } from "./errors";
/** Scopes of the dashboard and of API keys; owners and admins hold them through org.*. */
export const LIFECYCLE_SCOPES = {
  list: "org.lifecycle_rule.list",
  create: "org.lifecycle_rule.create",
  update: "org.lifecycle_rule.update",
  delete: "org.lifecycle_rule.delete",
} as const;

/**
 * A rule's scope: null (all files), or one of the file scopes it may target. `project:`
 * alone is every project's files; `project:{id}` one project's.
 */
const RULE_SCOPE = /^(free|notification|project:([A-Za-z0-9_-]{1,100})?)$/;

export interface RuleFields {
  action: LifecycleAction;
  unaccessedDays: number;
  scope: string | null;
}

export interface RuleView {
  id: string;
  action: LifecycleAction;
  unaccessedDays: number;
  scope: string | null;
  enabled: boolean;
  planAllows: boolean;
  lastRunAt: string | null;
  lastRunCount: number | null;
  lastRunBytes: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface RuleList {
  rules: RuleView[];
  maxRules: number | null;
  canCustomize: boolean;
  canTrash: boolean;
  presetDays: number;
  minDays: number;
  maxDays: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

function invalid(name: "invalidAction" | "invalidDays" | "invalidScope" | "emptyUpdate", field: string, message: string): ApiError {
  return lifecycleErrors.error(name, { field, message });
}

export function validAction(value: unknown): LifecycleAction {
  if (typeof value !== "string" || !(LIFECYCLE_ACTIONS as readonly string[]).includes(value)) {
    throw invalid("invalidAction", "action", `action must be one of ${LIFECYCLE_ACTIONS.join(", ")}`);
  }
  return value as LifecycleAction;
}

export function validDays(value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < LIFECYCLE_DAYS.min || value > LIFECYCLE_DAYS.max) {
    throw invalid("invalidDays", "unaccessedDays", `unaccessedDays must be a whole number from ${LIFECYCLE_DAYS.min} to ${LIFECYCLE_DAYS.max}`);
  }
  return value;
}

export function validRuleScope(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || !RULE_SCOPE.test(value)) {
    throw invalid("invalidScope", "scope", "scope must be null (all files), free, notification, project: (every project) or project:{id}");
  }
  return value;
}

/** Whether a rule's scope covers a file's scope (both as stored). */
export function ruleScopeCovers(ruleScope: string | null, fileScope: string): boolean {
  if (ruleScope === null) return true;
  return ruleScope.endsWith(":") ? fileScope.startsWith(ruleScope) : fileScope === ruleScope;
}

/**
 * Which of an organization's rules its plan lets run: the kind must be allowed (the
 * preset only, without lifecycle_custom) and, in creation order, only the first
 * maxRules allowed ones count. Everything else is kept but answers planAllows: false.
 */
export function planAllowance(org: Pick<Organization, "plan">, rules: readonly LifecycleRule[]): Map<string, boolean> {
  const limits = limitsOf(org, lifecycleLimits);
  const allowance = new Map<string, boolean>();
  let admitted = 0;
  for (const rule of [...rules].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))) {
    const ok = limits.allowed && (limits.custom || isLifecyclePreset(rule)) && (limits.maxRules === null || admitted < limits.maxRules);
    if (ok) admitted++;
    allowance.set(rule.id, ok);
  }
  return allowance;
}

function viewOf(rule: LifecycleRule, planAllows: boolean): RuleView {
  return {
    id: rule.id,
    action: rule.action,
    unaccessedDays: rule.unaccessedDays,
    scope: rule.scope,
    enabled: rule.enabled,
    planAllows,
    lastRunAt: isoOrNull(rule.lastRunAt),
    lastRunCount: rule.lastRunCount,
    lastRunBytes: rule.lastRunBytes,
    createdAt: iso(rule.createdAt),
    updatedAt: iso(rule.updatedAt),
  };
}

async function rulesOf(reader: Pick<Tx, "select">, orgId: string): Promise<LifecycleRule[]> {
  return reader.select().from(lifecycleRules).where(eq(lifecycleRules.orgId, orgId)).orderBy(asc(lifecycleRules.createdAt), asc(lifecycleRules.id));
}

async function viewIn(tx: Tx, org: Organization, ruleId: string): Promise<RuleView> {
  const rules = await rulesOf(tx, org.id);
  const rule = rules.find((r) => r.id === ruleId)!;
  return viewOf(rule, planAllowance(org, rules).get(rule.id) ?? false);
}

/** A rule of this organization, or 404 (another organization's id answers the same). */
async function ruleIn(tx: Tx, orgId: string, ruleId: string): Promise<LifecycleRule> {
  const [rule] = await tx
    .select()
    .from(lifecycleRules)
    .where(and(eq(lifecycleRules.id, ruleId), eq(lifecycleRules.orgId, orgId)));
  if (!rule) throw lifecycleErrors.error("notFound");
  return rule;
}

function fieldsOf(rule: RuleFields & { enabled?: boolean }) {
  return { action: rule.action, unaccessedDays: rule.unaccessedDays, scope: rule.scope, ...(rule.enabled === undefined ? {} : { enabled: rule.enabled }) };
}

/** Members need the lifecycle scopes; an org-wide API key manages its organization's storage, as on the files routes. */
function authorize(caller: FileCaller, scope: string): void {
  assertCan(caller.permissions, scope);
}

export async function listRules(deps: Pick<AppContext, "db">, caller: FileCaller, org: Organization): Promise<RuleList> {
  authorize(caller, LIFECYCLE_SCOPES.list);
  const rules = await rulesOf(deps.db.read, org.id);
  const allowance = planAllowance(org, rules);
  const limits = limitsOf(org, lifecycleLimits);
  return {
    rules: rules.map((rule) => viewOf(rule, allowance.get(rule.id) ?? false)),
    maxRules: limits.maxRules,
    canCustomize: limits.allowed && limits.custom,
    // The preset moves files to infrequent access; trashing is only ever a custom rule.
    canTrash: limits.allowed && limits.custom,
    presetDays: LIFECYCLE_PRESET.unaccessedDays,
    minDays: LIFECYCLE_DAYS.min,
    maxDays: LIFECYCLE_DAYS.max,
  };
}

export interface CreateRuleInput {
  action: string;
  unaccessedDays: number;
  scope?: string | null;
}

export async function createRule(deps: Pick<AppContext, "db" | "clock">, caller: FileCaller, org: Organization, input: CreateRuleInput, requestId?: string): Promise<RuleView> {
  authorize(caller, LIFECYCLE_SCOPES.create);
  const fields: RuleFields = { action: validAction(input.action), unaccessedDays: validDays(input.unaccessedDays), scope: validRuleScope(input.scope) };
  const at = deps.clock.now();
  return deps.db.write(async (tx) => {
    // Counted and inserted under one lock, so parallel creates cannot pass maxRules together.
    await tx.lock(`lifecycle:${org.id}`);
    const [held] = await tx.select({ n: count() }).from(lifecycleRules).where(eq(lifecycleRules.orgId, org.id));
    requireLifecycleWrite(org, { custom: !isLifecyclePreset(fields), rulesUsed: Number(held?.n ?? 0) });
    const id = newId();
    await tx.insert(lifecycleRules).values({ id, orgId: org.id, ...fields, enabled: true, createdBy: caller.audit.id ?? null, createdAt: at, updatedAt: at });
    await appendAudit(tx, {
      ...auditEvent(STORAGE_EVENTS.lifecycleRuleCreated, { ruleId: id, ...fields }),
      orgId: org.id,
      actor: caller.audit,
      requestId,
      at,
    });
    return viewIn(tx, org, id);
  });
}

export interface UpdateRuleInput {
  enabled?: boolean;
  action?: string;
  unaccessedDays?: number;
  scope?: string | null;
}

/**
 * PUT: the fields given replace the rule's. Only a pause ({enabled: false} and nothing
 * else) escapes the plan gate; anything else must leave a rule the plan may hold.
 */
export async function updateRule(deps: Pick<AppContext, "db" | "clock">, caller: FileCaller, org: Organization, ruleId: string, input: UpdateRuleInput, requestId?: string): Promise<RuleView> {
  authorize(caller, LIFECYCLE_SCOPES.update);
  const given = Object.keys(input).filter((k) => input[k as keyof UpdateRuleInput] !== undefined);
  if (given.length === 0) throw invalid("emptyUpdate", "body", "name at least one of enabled, action, unaccessedDays, scope");
  const changes: Partial<RuleFields> & { enabled?: boolean } = {};
  if (input.action !== undefined) changes.action = validAction(input.action);
  if (input.unaccessedDays !== undefined) changes.unaccessedDays = validDays(input.unaccessedDays);
  if (input.scope !== undefined) changes.scope = validRuleScope(input.scope);
  if (input.enabled !== undefined) changes.enabled = input.enabled;
  const pauseOnly = given.length === 1 && changes.enabled === false;
  const at = deps.clock.now();
  return deps.db.write(async (tx) => {
    await tx.lock(`lifecycle:${org.id}`);
    const before = await ruleIn(tx, org.id, ruleId);
    const after = { ...before, ...changes };
    if (!pauseOnly) requireLifecycleWrite(org, { custom: !isLifecyclePreset(after) });
    await tx
      .update(lifecycleRules)
      .set({ ...changes, updatedAt: at })
      .where(eq(lifecycleRules.id, ruleId));
    await appendAudit(tx, {
      ...auditEvent(STORAGE_EVENTS.lifecycleRuleUpdated, { ruleId, before: fieldsOf(before), after: fieldsOf(after) }),
      orgId: org.id,
      actor: caller.audit,
      requestId,
      at,
    });
    return viewIn(tx, org, ruleId);
  });
}

/** Deleting is allowed on every plan: a downgraded organization can always tidy up. */
export async function deleteRule(deps: Pick<AppContext, "db" | "clock">, caller: FileCaller, org: Organization, ruleId: string, requestId?: string): Promise<{ id: string; deleted: true }> {
  authorize(caller, LIFECYCLE_SCOPES.delete);
  const at = deps.clock.now();
  return deps.db.write(async (tx) => {
    await tx.lock(`lifecycle:${org.id}`);
    const rule = await ruleIn(tx, org.id, ruleId);
    await tx.delete(lifecycleRules).where(eq(lifecycleRules.id, ruleId));
    await appendAudit(tx, {
      ...auditEvent(STORAGE_EVENTS.lifecycleRuleDeleted, { ruleId, ...fieldsOf(rule) }),
      orgId: org.id,
      actor: caller.audit,
      requestId,
      at,
    });
    return { id: ruleId, deleted: true as const };
  });
}
