import { col, table } from "../../platform/db/kit";
import type { Language } from "../../platform/languages";

/**
 * A dashboard account (the spec's User identity). `language`: the one the person chose
 * in the dashboard's switcher; Signet's mails to them use it (null: not chosen yet).
 */
export const users = table(
  "users",
  {
    id: col.id(),
    email: col.text().notNull(),
    displayName: col.text(),
    language: col.text().$type<Language>(),
    createdAt: col.time().notNull(),
  },
  [{ name: "users_email_uq", on: ["email"], unique: true }],
);

/** Dashboard sessions. `id` is the SHA-256 of the token the client holds. */
export const sessions = table(
  "sessions",
  {
    id: col.id(),
    userId: col.text().notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: col.time().notNull(),
    createdAt: col.time().notNull(),
    userAgent: col.text(),
    ip: col.text(),
  },
  [{ name: "sessions_user_idx", on: ["userId"] }],
);

/**
 * Registered passkeys. Any of a user's passkeys is their Personal Seal. `id` is the
 * credential id (base64url); `publicKey` the COSE key (base64url).
 */
export const passkeys = table(
  "passkeys",
  {
    id: col.id(),
    userId: col.text().notNull().references(() => users.id, { onDelete: "cascade" }),
    publicKey: col.text().notNull(),
    counter: col.bigint().notNull(),
    transports: col.json<string[]>().notNull(),
    deviceType: col.text().notNull(),
    backedUp: col.bool().notNull(),
    name: col.text().notNull(),
    createdAt: col.time().notNull(),
    lastUsedAt: col.time(),
  },
  [{ name: "passkeys_user_idx", on: ["userId"] }],
);

/**
 * WebAuthn challenges: single-use, short-lived. A seal challenge is bound to
 * (user, purpose, subject); a registration challenge to the user; a login challenge
 * to nobody (discoverable credentials).
 */
export const webauthnChallenges = table(
  "webauthn_challenges",
  {
    id: col.id(),
    challenge: col.text().notNull(),
    ceremony: col.text().$type<"register" | "login" | "seal">().notNull(),
    userId: col.text().references(() => users.id, { onDelete: "cascade" }),
    purpose: col.text(),
    subject: col.text(),
    expiresAt: col.time().notNull(),
    consumedAt: col.time(),
    createdAt: col.time().notNull(),
  },
  [
    { name: "webauthn_challenges_challenge_uq", on: ["challenge"], unique: true },
    { name: "webauthn_challenges_expires_idx", on: ["expiresAt"] },
  ],
);

/** Dashboard magic links. `id` is the SHA-256 of the token in the e-mailed link. */
export const magicLinks = table(
  "magic_links",
  {
    id: col.id(),
    email: col.text().notNull(),
    returnUrl: col.text(),
    requestIp: col.text(),
    expiresAt: col.time().notNull(),
    consumedAt: col.time(),
    createdAt: col.time().notNull(),
  },
  [{ name: "magic_links_email_idx", on: ["email", "createdAt"] }],
);

/** Requests to link another e-mail's account (4.4 initiate); `id` is the SHA-256 of the confirm token. */
export const linkRequests = table(
  "link_requests",
  {
    id: col.id(),
    userId: col.text().notNull().references(() => users.id, { onDelete: "cascade" }),
    email: col.text().notNull(),
    expiresAt: col.time().notNull(),
    consumedAt: col.time(),
    createdAt: col.time().notNull(),
  },
  [{ name: "link_requests_user_idx", on: ["userId", "createdAt"] }],
);

/**
 * Linked identities, append-only: a link is never updated except to record its one
 * revocation; re-linking writes a new row. `recordHash` seals the link as created
 * (SHA-256 of its canonical JSON).
 */
export const linkedIdentities = table(
  "linked_identities",
  {
    id: col.id(),
    userId: col.text().notNull().references(() => users.id, { onDelete: "cascade" }),
    linkedUserId: col.text().notNull().references(() => users.id, { onDelete: "cascade" }),
    recordHash: col.text().notNull(),
    createdAt: col.time().notNull(),
    revokedAt: col.time(),
    revokedBy: col.text(),
  },
  [
    { name: "linked_identities_user_idx", on: ["userId"] },
    { name: "linked_identities_linked_idx", on: ["linkedUserId"] },
  ],
);
