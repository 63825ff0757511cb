/**
 * The built-in roles and the org-level scopes each one holds: the one place where
 * role-to-scope data lives for the scopes known today.
 *
 * Adding scopes for a new module: declare which built-in roles hold which of its scopes
 * (constraints included) as `scopes` in its `module.ts`; the context registers them here
 * (registerRoleScopes). The Owner and Admin hold `org.*`, so a module only lists what
 * Members and Directors get.
 */
export const BUILTIN_ROLES = ["owner", "admin", "member", "org_director"] as const;
export type BuiltinRole = (typeof BUILTIN_ROLES)[number];

export type ModuleRoleScopes = Partial<Record<BuiltinRole, readonly string[]>>;

/** Scopes the spec names today (sections 4.6, 4.8, 5.3, 5.4, 7), by role. */
const CORE_ROLE_SCOPES: Record<BuiltinRole, readonly string[]> = {
  // Owner-only powers (earnings, payment events, audit purge, view.billing) are the
  // only difference from Admin; modules gate them on the role as the spec says.
  owner: ["org.*", "view.*"],
  admin: ["org.*", "view.business"],
  member: [
    "org.member.list",
    // 5.3: the console shows a member their own files.
    "org.org_file.list:creator=self",
    "org.org_file.read:creator=self",
    "org.org_file.create",
    "org.org_file.update:creator=self",
    "org.org_file.delete:creator=self",
    // 5.4: the default member grant.
    "org.audit_event_log.list:actor=self",
  ],
  // 4.6: a director reaches meeting screens and votes; the governance module declares
  // those scopes (view.business, org.meeting.read, .list, .vote) as its `scopes`.
  org_director: [],
};

const MODULE_ROLE_SCOPES: ModuleRoleScopes[] = [];

/**
 * Concrete scopes the spec names today, for routes to reference instead of retyping
 * strings. Not a whitelist: custom roles and keys are checked against the grammar
 * only, so a module's new scopes work before anyone lists them here.
 */
export const KNOWN_SCOPES = {
  orgFileList: "org.org_file.list",
  auditList: "org.audit_event_log.list",
  auditListSystem: "org.audit_event_log.list_system",
  blockExternalSharing: "org.setting.block_external_sharing",
  memberList: "org.member.list",
  memberInvite: "org.member.invite",
  memberRemove: "org.member.remove",
  apiKeyCreate: "org.api_key.create",
  apiKeyRevoke: "org.api_key.revoke",
  agentHire: "org.agent.hire",
  agentUpdate: "org.agent.update",
  agentSuspend: "org.agent.suspend",
  agentRevoke: "org.agent.revoke",
  meetingRead: "org.meeting.read",
  meetingList: "org.meeting.list",
  workItemList: "org.work_item.list",
  workItemRead: "org.work_item.read",
  reportingInstanceCreate: "org.reporting_instance.create",
  reportingInstanceRead: "org.reporting_instance.read",
  reportingInstanceList: "org.reporting_instance.list",
  viewBusiness: "view.business",
  viewBilling: "view.billing",
} as const;

/** Roles whose scopes include another role's (a director is a member too). */
const INHERITS: Partial<Record<BuiltinRole, BuiltinRole>> = { org_director: "member" };

function collect(role: BuiltinRole): string[] {
  const own = [...CORE_ROLE_SCOPES[role], ...MODULE_ROLE_SCOPES.flatMap((m) => m[role] ?? [])];
  const parent = INHERITS[role];
  return [...new Set([...(parent ? collect(parent) : []), ...own])];
}

/** Every built-in role's scopes, merged from the core table and the modules' tables. */
export const ROLE_SCOPES: Readonly<Record<BuiltinRole, readonly string[]>> = {} as Record<BuiltinRole, readonly string[]>;

function rebuildRoleScopes(): void {
  for (const role of BUILTIN_ROLES) (ROLE_SCOPES as Record<BuiltinRole, readonly string[]>)[role] = Object.freeze(collect(role));
}
rebuildRoleScopes();

/**
 * Adds a module's role scopes (its `scopes` in src/modules.ts). Registering the same
 * object again does nothing (every context registers its modules); a role that is not
 * built in, or a scope outside the grammar, is refused.
 */
export function registerRoleScopes(scopes: Readonly<Record<string, readonly string[]>>, valid: (scope: string) => boolean): void {
  if (MODULE_ROLE_SCOPES.includes(scopes as ModuleRoleScopes)) return;
  for (const [role, list] of Object.entries(scopes)) {
    if (!parseBuiltinRole(role) || parseBuiltinRole(role) !== role) throw new Error(`"${role}" is not a built-in role (${BUILTIN_ROLES.join(", ")})`);
    for (const scope of list) if (!valid(scope)) throw new Error(`"${scope}" is not a scope (org.<resource>.<action>[:constraint])`);
  }
  MODULE_ROLE_SCOPES.push(scopes as ModuleRoleScopes);
  rebuildRoleScopes();
}

/** Accepts "ORG_DIRECTOR", "org-director", "Owner"…; null for anything else (custom roles included). */
export function parseBuiltinRole(value: string): BuiltinRole | null {
  const v = value.trim().toLowerCase().replace(/-/g, "_");
  return (BUILTIN_ROLES as readonly string[]).includes(v) ? (v as BuiltinRole) : null;
}

/** The scopes a membership grants: a built-in role's, or the custom role's own list. */
export function scopesForRole(role: string, customRoleScopes?: readonly string[]): readonly string[] {
  const builtin = parseBuiltinRole(role);
  if (builtin) return ROLE_SCOPES[builtin];
  return customRoleScopes ?? [];
}
