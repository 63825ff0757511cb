/**
 * Data sources of app groups (spec 2.12, 3.6; docs/datasources.md).
 *
 * - One table holds both kinds: registered sources (an external PostgreSQL the customer
 *   runs) and managed databases (a database and a least-privilege role Signet created on
 *   the operator's PostgreSQL server). `isManaged` tells them apart.
 * - `status` walks the 3.6 state machine: active → disconnected (DELETE, row kept) →
 *   active (reconnect) or deleted (sealed delete); active → suspended (non-payment, managed
 *   only) → deleted 30 days later unless reconnected. `isActive` on the wire is
 *   `status = active`.
 * - The password is sealed at rest (AES-GCM bound to the row id) and never leaves the
 *   server: the wire says `hasPassword`.
 * - Managed rows keep the head of their write log that was last anchored into the
 *   organization's audit chain (`anchoredSeq`, `anchoredHead`; docs/datasources.md
 *   "Sealed writes").
 */
import { col, table } from "../../platform/db/kit";
import { appGroups } from "../customers/apps/schema";
import { organizations } from "../orgs/schema";

export type DataSourceStatus = "active" | "disconnected" | "suspended" | "deleted";
export type DataSourcePurpose = "production" | "staging";

export const dataSources = table(
  "data_sources",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    name: col.text().notNull(),
    /** A region code of spec 2.12: kr, sg, au, eu-de, uk, us-e. */
    region: col.text().notNull(),
    purpose: col.text().$type<DataSourcePurpose>().notNull(),
    /** Managed rows: the tier it was created on (docs/datasources.md "Tiers"); null for registered sources. */
    tier: col.text(),
    isManaged: col.bool().notNull(),
    status: col.text().$type<DataSourceStatus>().notNull(),
    /** The app group's primary source: at most one active row per group has it. */
    isPrimary: col.bool().notNull(),
    host: col.text().notNull(),
    port: col.int().notNull(),
    database: col.text().notNull(),
    username: col.text().notNull(),
    /** The password, sealed (platform/crypto/secrets.ts) with the row id as context; never returned. */
    passwordSealed: col.text(),
    /** disable | require | verify-full: how the connection asks for TLS. */
    sslMode: col.text().notNull(),
    /** The last test's failure in plain words; null when it passed. */
    lastTestError: col.text(),
    lastTestedAt: col.time(),
    /** Managed rows: when the role password was last rotated by Signet and not yet shown to the customer (suspension). */
    passwordRotatedAt: col.time(),
    /** Deleted managed rows: the provider-side database and role were dropped (spec §6 `pd`). */
    providerDeleted: col.bool().notNull(),
    suspendedAt: col.time(),
    /** Suspended rows: which deletion warnings went out (suspension, 7 days, 1 day before), as a count. */
    warningsSent: col.int().notNull(),
    /** The write-log sequence and chain hash last anchored into the organization's audit chain. */
    anchoredSeq: col.bigint().notNull(),
    anchoredHead: col.text(),
    anchoredAt: col.time(),
    createdBy: col.text(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
    disconnectedAt: col.time(),
    deletedAt: col.time(),
  },
  [
    { name: "data_sources_group_idx", on: ["orgId", "appGroupId", "createdAt"] },
    { name: "data_sources_status_idx", on: ["status", "isManaged"] },
  ],
);

export type DataSourceRow = typeof dataSources.$inferSelect;
