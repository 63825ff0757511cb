/**
 * Storage lifecycle rules (spec 2.4, 4.2, §8): `/api/public/v1/storage/lifecycle/rules`
 * for org-wide API keys, and the same routes under `/api/org/{slug}` for the dashboard
 * (members with the lifecycle scopes, and M2M tokens). Rules live in service.ts; the
 * job that applies them in runner.ts.
 */
import { Elysia, t, type AnyElysia } from "elysia";
import type { AppContext } from "../../../context";
import { strictBody } from "../../../platform/http/strict-body";
import { requestInfo } from "../../../platform/http/kernel";
import { fileCallerOf, fileCallerOfKey, type FileCaller } from "../files/service";
import { type Organization, orgGuard } from "../../orgs/index";
import { publicApiGuard, requiresScope } from "../../access/index";
import { createRule, deleteRule, LIFECYCLE_SCOPES, listRules, updateRule, type CreateRuleInput, type UpdateRuleInput } from "./service";

const tags = ["Storage lifecycle"];
const PATH = "/storage/lifecycle/rules";

const Action = t.String({ maxLength: 50, description: "transition_ia (infrequent-access storage) or trash; anything else is 400 invalid_action" });
const Days = t.Number({ description: "Days since the file was last opened (upload, download or share view): 30 to 3650, else 400 invalid_days" });
const Scope = t.Nullable(
  t.String({ maxLength: 120, description: "null: all files; free, notification, project: (every project) or project:{id}; anything else is 400 invalid_scope" }),
);

const CreateBody = t.Object({ action: Action, unaccessedDays: Days, scope: t.Optional(Scope) }, { additionalProperties: false });
const UpdateBody = t.Object(
  { enabled: t.Optional(t.Boolean()), action: t.Optional(Action), unaccessedDays: t.Optional(Days), scope: t.Optional(Scope) },
  { additionalProperties: false },
);

const Rule = t.Object({
  id: t.String(),
  action: t.Union([t.Literal("transition_ia"), t.Literal("trash")]),
  unaccessedDays: t.Integer(),
  scope: t.Nullable(t.String()),
  enabled: t.Boolean(),
  planAllows: t.Boolean({ description: "False after a downgrade: the rule is kept but not run" }),
  lastRunAt: t.Nullable(t.String({ format: "date-time" })),
  lastRunCount: t.Nullable(t.Integer()),
  lastRunBytes: t.Nullable(t.Integer()),
  createdAt: t.String({ format: "date-time" }),
  updatedAt: t.String({ format: "date-time" }),
});

const RuleList = t.Object({
  rules: t.Array(Rule),
  maxRules: t.Nullable(t.Integer()),
  canCustomize: t.Boolean(),
  canTrash: t.Boolean(),
  presetDays: t.Integer(),
  minDays: t.Integer(),
  maxDays: t.Integer(),
});

const Deleted = t.Object({ id: t.String(), deleted: t.Literal(true) });
const ErrorBody = t.Object({
  error: t.String(),
  message: t.Optional(t.String()),
  field: t.Optional(t.String()),
  feature: t.Optional(t.String()),
  limit: t.Optional(t.Integer()),
  used: t.Optional(t.Integer()),
});

const PLAN =
  "403 plan_upgrade_required with feature lifecycle (Free, Pro), lifecycle_custom (Pro+ holds only the preset: transition_ia after 90 days on all files) " +
  "or lifecycle_rules with limit and used (Pro+ 1, Business and Enterprise 10).";
const BAD_BODY = "400 invalid_action, invalid_days or invalid_scope naming the field.";
const NOT_FOUND = " A rule of another organization or an unknown id is 404.";

interface Door {
  name: string;
  prefix: string;
  /** The guard plugin whose macro resolves the caller (macros apply only where the guard is used). */
  guard: AnyElysia;
  macro: Record<string, true>;
  resolve: (context: any) => { caller: FileCaller; org: Organization };
  access: (scope: string) => string;
}

/** The routes once, for each way in (dashboard, public v1). */
function ruleRoutes(ctx: AppContext, door: Door) {
  const { resolve, access, macro: guard } = door;
  const ruleParams = t.Object({ id: t.String({ maxLength: 100 }) }, { additionalProperties: true });
  return new Elysia({ name: door.name, prefix: door.prefix })
    .use(door.guard as unknown as Elysia)
    .get(PATH, (c) => listRules(ctx, resolve(c).caller, resolve(c).org), {
      ...guard,
      response: RuleList,
      detail: {
        ...requiresScope(LIFECYCLE_SCOPES.list),
        tags,
        summary: "List lifecycle rules",
        description: `The organization's rules with planAllows, and what its plan allows: maxRules, canCustomize, canTrash, presetDays, minDays, maxDays. ${access(LIFECYCLE_SCOPES.list)}`,
      },
    })
    .post(PATH, (c) => createRule(ctx, resolve(c).caller, resolve(c).org, c.body as CreateRuleInput, requestInfo(c.request).id), {
      ...guard,
      ...strictBody(CreateBody),
      response: { 200: Rule, 400: ErrorBody, 403: ErrorBody },
      detail: { ...requiresScope(LIFECYCLE_SCOPES.create), tags, summary: "Create a lifecycle rule", description: `${BAD_BODY} ${PLAN} Emits org.lifecycle_rule.created. ${access(LIFECYCLE_SCOPES.create)}` },
    })
    .put(`${PATH}/:id`, (c) => updateRule(ctx, resolve(c).caller, resolve(c).org, c.params.id, c.body as UpdateRuleInput, requestInfo(c.request).id), {
      ...guard,
      params: ruleParams,
      ...strictBody(UpdateBody),
      response: { 200: Rule, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      detail: {
        ...requiresScope(LIFECYCLE_SCOPES.update),
        tags,
        summary: "Change, pause or resume a lifecycle rule",
        description: `The fields given replace the rule's. Only {enabled: false} alone (a pause) is allowed on every plan; any other change must leave a rule the plan may hold: ${PLAN} ${BAD_BODY} An empty body is 400 empty_update. Emits org.lifecycle_rule.updated.${NOT_FOUND} ${access(LIFECYCLE_SCOPES.update)}`,
      },
    })
    .delete(`${PATH}/:id`, (c) => deleteRule(ctx, resolve(c).caller, resolve(c).org, c.params.id, requestInfo(c.request).id), {
      ...guard,
      params: ruleParams,
      response: { 200: Deleted, 404: ErrorBody },
      detail: { ...requiresScope(LIFECYCLE_SCOPES.delete), tags, summary: "Delete a lifecycle rule", description: `Allowed on every plan. Emits org.lifecycle_rule.deleted.${NOT_FOUND} ${access(LIFECYCLE_SCOPES.delete)}` },
    });
}

export function lifecycleRoutes(ctx: AppContext) {
  const dashboard = ruleRoutes(ctx, {
    name: "lifecycle.org",
    prefix: "/api/org/:slug",
    guard: orgGuard(ctx),
    macro: { orgOrMachine: true },
    resolve: (c) => ({ caller: fileCallerOf(c.orgCaller), org: c.org }),
    access: (scope) => `Needs ${scope} (owners and admins hold it).`,
  });
  const publicV1 = ruleRoutes(ctx, {
    name: "lifecycle.public-v1",
    prefix: "/api/public/v1",
    guard: publicApiGuard(ctx),
    macro: { orgWideKey: true },
    resolve: (c) => ({ caller: fileCallerOfKey(c.keyActor), org: c.keyOrg }),
    access: (scope) => `Needs an org-wide API key holding ${scope} (an app-group-scoped one is 401; 403 PERMISSION_DENIED without the scope).`,
  });
  return new Elysia({ name: "lifecycle" }).use(dashboard).use(publicV1);
}
