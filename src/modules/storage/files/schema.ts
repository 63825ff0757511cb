/**
 * Files and storage (spec 2.4, 3.4): the file records, the upload
 * reservations behind the exact quota gate, and lifecycle rules. Bytes live in the
 * blob store (src/platform/blobs) under `storageKey`; these rows are the truth about
 * which bytes belong to whom.
 *
 * Quota: an organization's usage is the sum of `sizeBytes` over its live (untrashed)
 * files plus its unexpired reservations, computed under the lock `storage:{orgId}`.
 * A sum cannot drift the way a counter can, and a reservation left by a crashed upload
 * simply expires.
 */
import { col, table } from "../../../platform/db/kit";
import { organizations } from "../../orgs/schema";

export type StorageClass = "standard" | "infrequent";
export type ShareMode = "restricted" | "link_anyone";

export const files = table(
  "files",
  {
    /** A uuid (2.4). */
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** Sanitised: path separators and control characters stripped, non-ASCII kept. */
    name: col.text().notNull(),
    contentType: col.text().notNull(),
    sizeBytes: col.bigint().notNull(),
    /** Hex SHA-256 of the bytes as received. */
    sha256: col.text().notNull(),
    /** The blob store key; never shown to callers. */
    storageKey: col.text().notNull(),
    storageClass: col.text().$type<StorageClass>().notNull().default("standard"),
    /** When the lifecycle job last moved the storage class (null: never). */
    storageClassChangedAt: col.time(),
    /** free | project:{id} | approval | notification | meeting:{id}; set at creation, never changed. */
    scope: col.text().notNull(),
    /** The uploading person (user id), or null for an API key upload. */
    uploadedBy: col.text(),
    /** The uploading API key, or null for a person. */
    uploadedByKeyId: col.text(),
    createdAt: col.time().notNull(),
    /** Upload, download or share view; lifecycle rules count "unaccessed" days from it. */
    lastAccessedAt: col.time().notNull(),
    /** Trash (3.4): set together; the retention job removes the row after restorableUntil. */
    trashedAt: col.time(),
    trashedBy: col.text(),
    restorableUntil: col.time(),
    /** Set by the approvals module when the approval document this file is attached to is sealed. */
    sealedAt: col.time(),
    /** Sharing (3.4, file-sharing module). A rotated token is gone: only the current one resolves. */
    shareMode: col.text().$type<ShareMode>().notNull().default("restricted"),
    /** 128-bit GUID; stays (dormant) when the mode goes back to restricted. */
    shareToken: col.text(),
    shareTokenCreatedAt: col.time(),
  },
  [
    { name: "files_storage_key_uq", on: ["storageKey"], unique: true },
    { name: "files_share_token_uq", on: ["shareToken"], unique: true },
    { name: "files_org_created_idx", on: ["orgId", "createdAt"] },
    { name: "files_org_trashed_idx", on: ["orgId", "trashedAt"] },
    { name: "files_org_accessed_idx", on: ["orgId", "lastAccessedAt"] },
    { name: "files_restorable_idx", on: ["restorableUntil"] },
  ],
);

/**
 * Bytes held for uploads in flight: taken under the org's storage lock before the
 * body is streamed, replaced by the file row on success, deleted on failure, and
 * ignored (then purged) once expired if the process died in between.
 */
export const fileUploadReservations = table(
  "file_upload_reservations",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    bytes: col.bigint().notNull(),
    createdAt: col.time().notNull(),
    expiresAt: col.time().notNull(),
  },
  [
    { name: "file_upload_reservations_org_idx", on: ["orgId", "expiresAt"] },
    { name: "file_upload_reservations_expires_idx", on: ["expiresAt"] },
  ],
);

/** Lifecycle rules (2.4, lifecycle module): kept after a downgrade but not run. */
export const lifecycleRules = table(
  "lifecycle_rules",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: col.text(),
    action: col.text().$type<"transition_ia" | "trash">().notNull(),
    /** 30..3650 */
    unaccessedDays: col.int().notNull(),
    /** null for all files, or a scope prefix (free, project:, notification). */
    scope: col.text(),
    enabled: col.bool().notNull().default(true),
    createdBy: col.text(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
    lastRunAt: col.time(),
    lastRunCount: col.int(),
    lastRunBytes: col.bigint(),
  },
  [{ name: "lifecycle_rules_org_idx", on: ["orgId", "createdAt"] }],
);
