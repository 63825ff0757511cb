/**
 * End users (spec 2.3, 4.1, 5.7): the people who sign in to our customers' applications
 * through the hosted login or an SDK. An end user belongs to one app group (brand) of
 * one organization; the dashboard's users (accounts module) are a separate identity.
 * docs/end-users.md describes the sign-in flows that write these rows.
 */
import { col, table } from "../../../platform/db/kit";
import { appGroups, applications } from "../apps/schema";
import { organizations } from "../../orgs/schema";

export const endUsers = table(
  "end_users",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    /** Normalised (lower case, trimmed); null for a social identity that gave none. */
    email: col.text(),
    emailVerified: col.bool().notNull().default(false),
    displayName: col.text(),
    /** invited (imported, never signed in) | active | disabled */
    status: col.text().notNull(),
    /** The E.164 number enrolled for SMS MFA, set once a code sent to it is verified. */
    mfaPhone: col.text(),
    mfaPhoneVerifiedAt: col.time(),
    /** Where an imported user came from (the import's `source`). */
    importSource: col.text(),
    /** A password hash supplied at import, kept dormant: sign-in is passwordless. */
    importedPasswordHash: col.text(),
    /** The scheme of importedPasswordHash (bcrypt, argon2id, scrypt, pbkdf2-sha256, …). */
    importedPasswordAlgorithm: col.text(),
    /** The user's id in the system it was imported from (the import row's externalId). */
    externalId: col.text(),
    lastSignInAt: col.time(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [
    { name: "end_users_group_email_uq", on: ["appGroupId", "email"], unique: true },
    { name: "end_users_org_idx", on: ["orgId"] },
  ],
);

/**
 * A signed-in end user on one application: the refresh token's row. Access tokens are
 * RS256 JWTs that carry `sid`; revoking the session stops its refresh at once.
 */
export const endUserSessions = table(
  "end_user_sessions",
  {
    id: col.id(),
    endUserId: col.text().notNull().references(() => endUsers.id, { onDelete: "cascade" }),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    applicationId: col.text().notNull().references(() => applications.id, { onDelete: "cascade" }),
    /** Authentication methods of the sign-in (RFC 8176 values: otp, hwk, user, fed, sms, mfa). */
    amr: col.json<string[]>().notNull(),
    /** SHA-256 of the current refresh token; each refresh rotates it. */
    refreshTokenHash: col.text().notNull(),
    /** SHA-256 of the token it replaced: presenting that one again means theft, and ends the session. */
    previousRefreshTokenHash: col.text(),
    createdAt: col.time().notNull(),
    lastRefreshedAt: col.time().notNull(),
    /** Sliding: a refresh pushes it forward, never past `expiresAt`. */
    idleExpiresAt: col.time().notNull(),
    /** Absolute end of the session. */
    expiresAt: col.time().notNull(),
    revokedAt: col.time(),
    /** sign_out | refresh_reuse | user_disabled | admin */
    revokedReason: col.text(),
    ip: col.text(),
    userAgent: col.text(),
  },
  [
    { name: "end_user_sessions_refresh_uq", on: ["refreshTokenHash"], unique: true },
    { name: "end_user_sessions_previous_idx", on: ["previousRefreshTokenHash"] },
    { name: "end_user_sessions_user_idx", on: ["endUserId"] },
    { name: "end_user_sessions_expiry_idx", on: ["expiresAt"] },
  ],
);

/**
 * The single-use secrets of the sign-in flows, stored as the SHA-256 of the secret:
 * magic links, exchange codes, MFA tokens, social `state`, passkey challenges. Each kind
 * keeps what it needs in `data`; `usedAt` makes every one single-use.
 */
export const endUserFlowTokens = table(
  "end_user_flow_tokens",
  {
    /** SHA-256 (hex) of the secret handed out. */
    id: col.id(),
    /** magic_link | exchange_code | mfa | social_state | passkey_registration | passkey_login */
    kind: col.text().notNull(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    applicationId: col.text().notNull().references(() => applications.id, { onDelete: "cascade" }),
    endUserId: col.text().references(() => endUsers.id, { onDelete: "cascade" }),
    email: col.text(),
    data: col.json<Record<string, unknown>>().notNull(),
    attempts: col.int().notNull().default(0),
    expiresAt: col.time().notNull(),
    usedAt: col.time(),
    createdAt: col.time().notNull(),
  },
  [
    { name: "end_user_flow_tokens_kind_expiry_idx", on: ["kind", "expiresAt"] },
    { name: "end_user_flow_tokens_user_idx", on: ["endUserId"] },
  ],
);

/** Passkeys of end users, bound to the relying-party id of their app group. `id` is the credential id (base64url). */
export const endUserPasskeys = table(
  "end_user_passkeys",
  {
    id: col.id(),
    endUserId: col.text().notNull().references(() => endUsers.id, { onDelete: "cascade" }),
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    rpId: col.text().notNull(),
    /** COSE public key, base64url. */
    publicKey: col.text().notNull(),
    counter: col.bigint().notNull(),
    transports: col.json<string[]>().notNull(),
    deviceType: col.text().notNull(),
    backedUp: col.bool().notNull(),
    name: col.text().notNull(),
    createdAt: col.time().notNull(),
    lastUsedAt: col.time(),
  },
  [
    { name: "end_user_passkeys_user_idx", on: ["endUserId"] },
    { name: "end_user_passkeys_group_idx", on: ["appGroupId"] },
  ],
);

/** Social identities linked to end users: one (provider, subject) per app group. */
export const endUserIdentities = table(
  "end_user_identities",
  {
    id: col.id(),
    endUserId: col.text().notNull().references(() => endUsers.id, { onDelete: "cascade" }),
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    /** google | github | microsoft | apple | kakao | naver */
    provider: col.text().notNull(),
    /** The provider's stable user id. */
    subject: col.text().notNull(),
    email: col.text(),
    createdAt: col.time().notNull(),
    lastUsedAt: col.time(),
  },
  [
    { name: "end_user_identities_subject_uq", on: ["appGroupId", "provider", "subject"], unique: true },
    { name: "end_user_identities_user_idx", on: ["endUserId"] },
  ],
);

/**
 * SMS MFA codes sent to end users (spec 4.1, §8). A row counts toward the per-number
 * caps and the platform-wide fuse only once delivered; the code is kept as its SHA-256.
 */
export const endUserMfaCodes = table(
  "end_user_mfa_codes",
  {
    id: col.id(),
    /** The mfa flow token (end_user_flow_tokens.id) the code belongs to: the "session" of the 60 s resend rule. */
    flowTokenId: col.text().notNull(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    endUserId: col.text().notNull().references(() => endUsers.id, { onDelete: "cascade" }),
    phone: col.text().notNull(),
    /** ISO 3166-1 alpha-2 and §8 group (standard | limited | restricted). */
    country: col.text().notNull(),
    coverageGroup: col.text().notNull(),
    /** sms | alimtalk */
    channel: col.text().notNull(),
    codeHash: col.text().notNull(),
    delivered: col.bool().notNull().default(false),
    attempts: col.int().notNull().default(0),
    expiresAt: col.time().notNull(),
    usedAt: col.time(),
    createdAt: col.time().notNull(),
  },
  [
    { name: "end_user_mfa_codes_flow_idx", on: ["flowTokenId"] },
    { name: "end_user_mfa_codes_phone_idx", on: ["phone", "createdAt"] },
    { name: "end_user_mfa_codes_created_idx", on: ["createdAt"] },
  ],
);

/**
 * One row per end-user sign-in attempt that reached a verdict: the source of sign-in
 * analytics (spec 4.5) and of its sealed daily rollups. Not an audit event: sign-ins are
 * many and belong to the organization's end users, not to its members.
 */
export const endUserSignIns = table(
  "end_user_sign_ins",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    applicationId: col.text().notNull().references(() => applications.id, { onDelete: "cascade" }),
    /** Null when the attempt failed before an end user was known. */
    endUserId: col.text(),
    /** magic_link | passkey | social:<provider> | mfa_sms */
    method: col.text().notNull(),
    /** success | failure */
    outcome: col.text().notNull(),
    /** The error code of a failure. */
    failureReason: col.text(),
    /** The end user was created by this sign-in. */
    signup: col.bool().notNull().default(false),
    ip: col.text(),
    at: col.time().notNull(),
  },
  [
    // Covers every column the sign-in report aggregates (analytics), so a window is read from
    // the index alone instead of one table lookup per attempt (about six times faster).
    { name: "end_user_sign_ins_org_report_idx", on: ["orgId", "at", "appGroupId", "outcome", "endUserId", "signup", "method", "ip"] },
    { name: "end_user_sign_ins_group_at_idx", on: ["appGroupId", "at"] },
  ],
);

export type EndUserRow = typeof endUsers.$inferSelect;
export type EndUserSessionRow = typeof endUserSessions.$inferSelect;
export type EndUserFlowTokenRow = typeof endUserFlowTokens.$inferSelect;
