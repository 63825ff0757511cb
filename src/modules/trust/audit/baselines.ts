/**
 * Sealed records and their baselines (docs/audit.md §Integrity).
 *
 * A sealed record is a row whose every legitimate change goes through the application
 * with an audit event: roles and permission assignments, API keys, the organization's
 * security settings, its signing keys. When such an event is appended, the record's
 * state right after the change is its *baseline*: stored in `audit_baselines`, and its
 * hash carried in the event's record, so the chain seals it. A scan compares each live
 * record with its baseline; a difference means the row was changed behind the
 * application's back (a direct database edit) and is recorded as a violation, which
 * an admin either restores (the row goes back to its baseline) or resolves (a false
 * positive: the live state becomes the new baseline).
 *
 * Adding a sealed record type: write a SealedRecordType next to your module's schema
 * (read, list and restore over your table, and the event types that change it with
 * where each names the record) and add it to SEALED_RECORD_TYPES below.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Queryable, Tx } from "../../../platform/db/database";
import { registerBaselineSealer, type AuditEventInput } from "../../../platform/audit/append";
import { apiKeys } from "../../access/machine/schema";
import { memberships, orgRoles, orgSettings, serviceAccounts } from "../../orgs/schema";
import { orgSigningKeys } from "../keys/schema";

export interface SealedRecordType<S = unknown> {
  entityType: string;
  description: string;
  /** The event types that change such a record, and the id of the record each one changed (null: none). */
  events: Record<string, (event: AuditEventInput) => string | null>;
  /** The record's state now, or null when it does not exist. */
  read(reader: Queryable, orgId: string, entityId: string): Promise<S | null>;
  /** Every such record of the organization, for the scan. */
  list(reader: Queryable, orgId: string): Promise<Array<{ entityId: string; state: S }>>;
  /** Puts the record back to a baseline state; null deletes it. */
  restore(tx: Tx, orgId: string, entityId: string, state: S | null): Promise<void>;
}

const payloadId = (key: string) => (event: AuditEventInput) => {
  const value = event.payload?.[key];
  return typeof value === "string" ? value : null;
};
const theOrg = (event: AuditEventInput) => event.orgId;

/** A record type kept in one table, one row per record, keyed by a column. */
function rowRecordType<T extends { orgId: string }>(spec: {
  entityType: string;
  description: string;
  events: SealedRecordType["events"];
  table: any;
  idColumn: any;
  idOf: (row: T) => string;
}): SealedRecordType<T> {
  const { table, idColumn } = spec;
  return {
    entityType: spec.entityType,
    description: spec.description,
    events: spec.events,
    async read(reader, orgId, entityId) {
      const [row] = await reader.select().from(table).where(and(eq(table.orgId, orgId), eq(idColumn, entityId)));
      return (row as T | undefined) ?? null;
    },
    async list(reader, orgId) {
      const rows = (await reader.select().from(table).where(eq(table.orgId, orgId)).orderBy(asc(idColumn))) as T[];
      return rows.map((state) => ({ entityId: spec.idOf(state), state }));
    },
    async restore(tx, orgId, entityId, state) {
      await tx.delete(table).where(and(eq(table.orgId, orgId), eq(idColumn, entityId)));
      if (state) await tx.insert(table).values(state as any);
    },
  };
}

type RoleRow = typeof orgRoles.$inferSelect;
type MembershipRow = typeof memberships.$inferSelect;
type ServiceAccountRow = typeof serviceAccounts.$inferSelect;
type ApiKeyRow = typeof apiKeys.$inferSelect;
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

export const apiKeyRecords = rowRecordType<ApiKeyRow>({
  entityType: "api_key",
  description: "An org API key: its scopes, ceiling, binding and revocation (the secret only as its SHA-256). entityId: the key id.",
  events: { "org.api_key.created": payloadId("keyId"), "org.api_key.revoked": payloadId("keyId") },
  table: apiKeys,
  idColumn: apiKeys.id,
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

type SigningKeyRow = typeof orgSigningKeys.$inferSelect;

/**
 * The state as it was sealed when token and permit keys were two tables, so baselines
 * sealed then still match: rows without `use`, and permit rows without `retireAt`.
 */
interface SigningKeysState {
  tokenKeys: Array<Omit<SigningKeyRow, "use">>;
  permitKeys: Array<Omit<SigningKeyRow, "use" | "retireAt">>;
}

/**
 * The organization's signing keys, all together (token and permit keys, current and
 * rotated): a key slipped into the table, or a rotation undone, changes the set.
 * entityId: the organization id.
 */
export const signingKeyRecords: SealedRecordType<SigningKeysState> = {
  entityType: "signing_keys",
  description: "The organization's token and permit signing keys (public JWKs, sealed private halves, rotation times). entityId: the organization id.",
  events: { "org.master_seal.created": theOrg, "org.signing_key.rotated": theOrg },
  async read(reader, orgId) {
    const rows = await reader.select().from(orgSigningKeys).where(eq(orgSigningKeys.orgId, orgId)).orderBy(asc(orgSigningKeys.id));
    const tokenKeys = rows.filter((r) => r.use === "token").map(({ use: _, ...row }) => row);
    const permitKeys = rows.filter((r) => r.use === "permit").map(({ use: _, retireAt: __, ...row }) => row);
    return rows.length > 0 ? { tokenKeys, permitKeys } : null;
  },
  async list(reader, orgId) {
    const state = await this.read(reader, orgId, orgId);
    return state ? [{ entityId: orgId, state }] : [];
  },
  async restore(tx, orgId, _entityId, state) {
    await tx.delete(orgSigningKeys).where(eq(orgSigningKeys.orgId, orgId));
    for (const row of state?.tokenKeys ?? []) await tx.insert(orgSigningKeys).values({ ...row, use: "token" });
    for (const row of state?.permitKeys ?? []) await tx.insert(orgSigningKeys).values({ ...row, use: "permit" });
  },
};

export const SEALED_RECORD_TYPES: readonly SealedRecordType<any>[] = [
  roleRecords,
  memberRoleRecords,
  serviceAccountRecords,
  apiKeyRecords,
  securitySettingsRecords,
  signingKeyRecords,
];

const byType = new Map(SEALED_RECORD_TYPES.map((t) => [t.entityType, t]));

export function sealedRecordType(entityType: string): SealedRecordType | null {
  return byType.get(entityType) ?? null;
}

// Every append of an event that changes a sealed record seals the record's new state.
for (const type of SEALED_RECORD_TYPES) {
  for (const [eventType, idOf] of Object.entries(type.events)) {
    registerBaselineSealer([eventType], async (tx, event) => {
      const entityId = idOf(event);
      return entityId ? [{ entityType: type.entityType, entityId, state: await type.read(tx, event.orgId, entityId) }] : [];
    });
  }
}
