/** Error codes of the permission kernel (spec §7 where it names them). */
export const PermissionErrors = {
  /** A scope string, or a list of them, does not follow the grammar of scopes.ts. */
  invalidScope: "invalid_scope",
  /** The caller lacks the scope (spec §7 names it for audit scope=all). */
  permissionDenied: "PERMISSION_DENIED",
} as const;
