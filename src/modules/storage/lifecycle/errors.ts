/** Error codes of lifecycle rules (spec §7), with their statuses (DESIGN §7). */
import { defineErrors } from "../../../platform/http/error-catalog";

export const lifecycleErrors = defineErrors({
  invalidAction: { code: "invalid_action", status: 400, message: "action is transition_ia or trash" },
  invalidDays: { code: "invalid_days", status: 400, message: "unaccessedDays is a whole number within the allowed range" },
  invalidScope: { code: "invalid_scope", status: 400, message: "scope is null (all files) or a file scope such as meeting:{id}" },
  emptyUpdate: { code: "empty_update", status: 400, message: "the update names no field" },
  notFound: { code: "not_found", status: 404, message: "no such lifecycle rule" },
  planUpgradeRequired: { code: "plan_upgrade_required", status: 403, message: "the plan does not allow this rule: feature lifecycle, lifecycle_custom or lifecycle_rules (with limit and used)" },
});

export const LifecycleErrors = lifecycleErrors.codes;
