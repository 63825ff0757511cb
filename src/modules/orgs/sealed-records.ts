/**
 * The organization's sealed records (docs/audit.md §Integrity): custom roles, members'
 * roles, service accounts and the security settings. Every legitimate change is audited,
 * and the chain seals each record's state after it; the integrity scan finds edits made
 * behind the application's back.
 */
import { and, eq } from "drizzle-orm";
import { payloadId, rowRecordType, theOrg, type SealedRecordType } from "../../platform/audit/sealed-records";
import { memberships, orgRoles, orgSettings, serviceAccounts } from "./schema";

type RoleRow = typeof orgRoles.$inferSelect;
type MembershipRow = typeof memberships.$inferSelect;
type ServiceAccountRow = typeof serviceAccounts.$inferSelect;
type SettingsRow = typeof orgSettings.$inferSelect;

export const roleRecords = rowRecordType<RoleRow>({
  entityType: "role",
  description: "A custom role: its key, name and scopes. entityId: the role id.",
  events: { "org.role.created": payloadId("roleId"), "org.role.updated": payloadId("roleId"), "org.role.deleted": payloadId("roleId") },
  table: orgRoles,
  idColumn: orgRoles.id,
  idOf: (r) => r.id,
});

export const memberRoleRecords = rowRecordType<MembershipRow>({
  entityType: "member_role",
  description: "A person's membership and the role it grants. entityId: the user id.",
  events: {
    "org.member.added": payloadId("userId"),
    "org.member.role_changed": payloadId("userId"),
    "org.member.removed": payloadId("userId"),
  },
  table: memberships,
  idColumn: memberships.userId,
  idOf: (r) => r.userId,
});

export const serviceAccountRecords = rowRecordType<ServiceAccountRow>({
  entityType: "service_account",
  description: "A service account and the role its keys may not exceed. entityId: the service account id.",
  events: {
    "org.service_account.created": payloadId("serviceAccountId"),
    "org.service_account.updated": payloadId("serviceAccountId"),
    "org.service_account.deleted": payloadId("serviceAccountId"),
  },
  table: serviceAccounts,
  idColumn: serviceAccounts.id,
  idOf: (r) => r.id,
});

const SECURITY_SECTION = "security";

/** The security section of the org settings; one per organization. entityId: the org id. */
export const securitySettingsRecords: SealedRecordType<SettingsRow> = {
  entityType: "security_settings",
  description: "The organization's security settings. entityId: the organization id.",
  events: { "org.settings.security_updated": theOrg },
  async read(reader, orgId) {
    const [row] = await reader.select().from(orgSettings).where(and(eq(orgSettings.orgId, orgId), eq(orgSettings.section, SECURITY_SECTION)));
    return row ?? null;
  },
  async list(reader, orgId) {
    const row = await this.read(reader, orgId, orgId);
    return row ? [{ entityId: orgId, state: row }] : [];
  },
  async restore(tx, orgId, _entityId, state) {
    await tx.delete(orgSettings).where(and(eq(orgSettings.orgId, orgId), eq(orgSettings.section, SECURITY_SECTION)));
    if (state) await tx.insert(orgSettings).values(state);
  },
};

export const ORG_SEALED_RECORDS = [roleRecords, memberRoleRecords, serviceAccountRecords, securitySettingsRecords];
