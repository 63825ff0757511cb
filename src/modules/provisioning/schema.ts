/**
 * Provisioning's tables (docs/scim.md): SCIM bearer tokens, and what SCIM says about the
 * members and roles it manages beyond what orgs keeps. A SCIM User is a member's Person
 * badge (its id is the ConnectedId); a SCIM Group is a custom role (its id is the role id).
 */
import { col, table } from "../../platform/db/kit";
import { organizations } from "../orgs/schema";

/**
 * SCIM tokens (`ah_scim_…`): one organization's credential for /scim/v2/{slug}. Only the
 * SHA-256 is kept; `prefix` lets people recognise a token. Revoking keeps the row (the
 * audit trail names it); the hard delete erases it.
 */
export const scimTokens = table(
  "scim_tokens",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    prefix: col.text().notNull(),
    tokenHash: col.text().notNull(),
    createdBy: col.text().notNull(),
    createdAt: col.time().notNull(),
    revokedAt: col.time(),
    revokedBy: col.text(),
  },
  [
    { name: "scim_tokens_hash_uq", on: ["tokenHash"], unique: true },
    { name: "scim_tokens_org_idx", on: ["orgId", "createdAt"] },
  ],
);

/**
 * The SCIM attributes of a member an identity provider manages: `id` is the member's
 * ConnectedId. userName is unique per organization without regard to case (`userNameKey`
 * is its lower-case form), externalId exactly. `attributes` holds name, displayName,
 * emails, the other simple attributes and the enterprise extension as SCIM sent them.
 * A member without a row is still a SCIM User (userName: their e-mail).
 */
export const scimUsers = table(
  "scim_users",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    userId: col.text().notNull(),
    userName: col.text().notNull(),
    userNameKey: col.text().notNull(),
    externalId: col.text(),
    attributes: col.json<Record<string, unknown>>().notNull(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [
    { name: "scim_users_org_username_uq", on: ["orgId", "userNameKey"], unique: true },
    { name: "scim_users_org_external_uq", on: ["orgId", "externalId"], unique: true },
  ],
);

/** A SCIM Group's externalId and when SCIM last changed it; `id` is the custom role's id. */
export const scimGroups = table(
  "scim_groups",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    externalId: col.text(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [{ name: "scim_groups_org_idx", on: ["orgId"] }],
);
