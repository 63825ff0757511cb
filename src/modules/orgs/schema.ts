import { col, table } from "../../platform/db/kit";
import { users } from "../identity/schema";

export const organizations = table(
  "organizations",
  {
    id: col.id(),
    name: col.text().notNull(),
    slug: col.text().notNull(),
    plan: col.text().notNull(),
    ownerUserId: col.text().references(() => users.id),
    createdAt: col.time().notNull(),
    /** personal | corporation | project (an SPV); see orgs/types.ts. */
    type: col.text().notNull().default("personal"),
    /** Set on a sub-organization: the organization it belongs to. */
    parentOrgId: col.text(),
    /** The representative director of a corporation or project: {name, email, phone?, userId?}. */
    representative: col.json<Record<string, unknown>>(),
    /** Contact channels proven by OTP (4.4 /otp/verify, /otp/email/verify). */
    verifiedPhone: col.text(),
    phoneVerifiedAt: col.time(),
    verifiedEmail: col.text(),
    emailVerifiedAt: col.time(),
  },
  [
    { name: "organizations_slug_uq", on: ["slug"], unique: true },
    { name: "organizations_parent_idx", on: ["parentOrgId"] },
  ],
);

export const memberships = table(
  "memberships",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    userId: col.text().notNull().references(() => users.id, { onDelete: "cascade" }),
    /** A built-in role key (owner, admin, member, org_director) or a custom role's id. */
    role: col.text().notNull(),
    createdAt: col.time().notNull(),
  },
  [
    { name: "memberships_org_user_uq", on: ["orgId", "userId"], unique: true },
    // The paged member list walks an organization's members in join order (members/service.ts).
    { name: "memberships_org_created_user_idx", on: ["orgId", "createdAt", "userId"] },
  ],
);

/**
 * Org settings, one JSON document per section (general, security, domains,
 * api_key_scope, onboarding, notifications); bodies are validated in orgs/settings.ts.
 */
export const orgSettings = table(
  "org_settings",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    section: col.text().notNull(),
    value: col.json<Record<string, unknown>>().notNull(),
    updatedAt: col.time().notNull(),
    updatedBy: col.text(),
  },
  [{ name: "org_settings_org_section_uq", on: ["orgId", "section"], unique: true }],
);

/**
 * Organization OTP codes (phone and e-mail). Only the code's SHA-256 is kept.
 * `delivered` counts toward the SMS daily caps of section 8 (only delivered codes count).
 */
export const otpCodes = table(
  "otp_codes",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    userId: col.text().notNull(),
    channel: col.text().$type<"phone" | "email">().notNull(),
    destination: col.text().notNull(),
    /** standard | limited | restricted for phones; null for e-mail. */
    coverage: col.text(),
    codeHash: col.text().notNull(),
    attempts: col.int().notNull(),
    delivered: col.bool().notNull(),
    expiresAt: col.time().notNull(),
    consumedAt: col.time(),
    createdAt: col.time().notNull(),
  },
  [
    { name: "otp_codes_destination_idx", on: ["destination", "createdAt"] },
    { name: "otp_codes_org_idx", on: ["orgId", "channel", "createdAt"] },
    { name: "otp_codes_coverage_idx", on: ["coverage", "createdAt"] },
  ],
);

/** Custom roles: an organization's own named scope lists. */
export const orgRoles = table(
  "org_roles",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    key: col.text().notNull(),
    name: col.text().notNull(),
    description: col.text(),
    scopes: col.json<string[]>().notNull(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [{ name: "org_roles_org_key_uq", on: ["orgId", "key"], unique: true }],
);

/**
 * ConnectedIds (badges): who acts in an organization. A member's badge has a userId,
 * a service account's a serviceAccountId. type: person | ai | group;
 * status: active | suspended | revoked (revoked is final).
 */
export const connectedIds = table(
  "connected_ids",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    type: col.text().$type<"person" | "ai" | "group">().notNull(),
    membershipType: col.text().notNull(),
    status: col.text().$type<"active" | "suspended" | "revoked">().notNull(),
    userId: col.text(),
    serviceAccountId: col.text(),
    displayName: col.text().notNull(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [
    { name: "connected_ids_org_user_idx", on: ["orgId", "userId"] },
    { name: "connected_ids_service_account_uq", on: ["serviceAccountId"], unique: true },
  ],
);

/** Service accounts: machine badges that API keys may be bound to. */
export const serviceAccounts = table(
  "service_accounts",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: col.text().notNull(),
    description: col.text(),
    /** The role or custom role id whose scopes bound keys may not exceed. */
    role: col.text().notNull(),
    createdBy: col.text(),
    createdAt: col.time().notNull(),
  },
  [{ name: "service_accounts_org_name_uq", on: ["orgId", "name"], unique: true }],
);

/** Invitations by e-mail. The code is public via /api/public/invitations/{code}; only its SHA-256 is kept. */
export const invitations = table(
  "invitations",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    email: col.text().notNull(),
    role: col.text().notNull(),
    codeHash: col.text().notNull(),
    invitedBy: col.text().notNull(),
    expiresAt: col.time().notNull(),
    acceptedAt: col.time(),
    acceptedBy: col.text(),
    revokedAt: col.time(),
    createdAt: col.time().notNull(),
  },
  [
    { name: "invitations_code_uq", on: ["codeHash"], unique: true },
    { name: "invitations_org_email_idx", on: ["orgId", "email"] },
  ],
);

/**
 * The Org Master Seal: created once by the owner's personal seal (or by the operator
 * at bootstrap). Its existence is what lets the organization sign.
 */
export const orgMasterSeals = table(
  "org_master_seals",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** passkey: the owner's personal seal; operator: `signet admin bootstrap`. */
    method: col.text().$type<"passkey" | "operator">().notNull(),
    createdBy: col.text(),
    credentialId: col.text(),
    signingKeyId: col.text().notNull(),
    recordHash: col.text().notNull(),
    createdAt: col.time().notNull(),
  },
  [{ name: "org_master_seals_org_uq", on: ["orgId"], unique: true }],
);

/**
 * Direct permission grants: a scope held by one badge (a person or a service account) on
 * top of its role's, for example the scope an approval document granted (governance's
 * approvals, spec 4.7 rule 5). Keyed by the badge, so a grant ends with it: a revoked badge
 * holds nothing, and rejoining starts without grants. `source` names what granted it
 * (`approval:{instanceId}`).
 */
export const orgDirectGrants = table(
  "org_direct_grants",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    connectedId: col.text().notNull().references(() => connectedIds.id, { onDelete: "cascade" }),
    scope: col.text().notNull(),
    source: col.text().notNull(),
    grantedAt: col.time().notNull(),
  },
  [
    { name: "org_direct_grants_badge_scope_uq", on: ["connectedId", "scope"], unique: true },
    { name: "org_direct_grants_org_idx", on: ["orgId"] },
  ],
);
