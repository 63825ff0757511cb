/** Error codes of the permission kernel (spec §7 where it names them), with their statuses (DESIGN §7). */
import { defineErrors } from "../../../platform/http/error-catalog";

export const permissionErrors = defineErrors({
  /** A scope string, or a list of them, does not follow the grammar of scopes.ts. */
  invalidScope: { code: "invalid_scope", status: 400, message: "a scope does not follow the grammar: resource.action[:constraint=value]" },
  /** The caller lacks the scope (spec §7 names it for audit scope=all). */
  permissionDenied: { code: "PERMISSION_DENIED", status: 403, message: "the caller's role or key does not hold the scope this needs" },
});

export const PermissionErrors = permissionErrors.codes;
