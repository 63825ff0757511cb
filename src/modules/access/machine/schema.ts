/**
 * Machine access tables: org API keys, the secrets that authenticate M2M access tokens,
 * the webhook secret and plugin tokens. The organization's signing keys (token and
 * permit) live in trust/keys/schema.ts.
 */
import { col, table } from "../../../platform/db/kit";
import { organizations } from "../../orgs/schema";

/**
 * Org API keys (`ah_live_…`). Only the SHA-256 of the key is kept; `prefix` is the
 * start of the key, shown in lists so a person can recognise it.
 *
 * A revoked key keeps its row (history). `revocationMarkerUntil` is revokedAt plus the
 * key's ceiling plus one hour: until then an M2M token issued from the key may still
 * be unexpired, so every node holds the marker in memory and refuses such tokens.
 */
export const apiKeys = table(
  "api_keys",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: col.text(),
    prefix: col.text().notNull(),
    secretHash: col.text().notNull(),
    scopes: col.json<string[]>().notNull(),
    /** Set on an app-group-scoped key; null on an org-wide key. */
    appGroupId: col.text(),
    /** The service account the key acts as; its badge must stay active. */
    serviceAccountId: col.text(),
    /** The ceiling of the key's M2M token lifetimes, fixed at creation (60..604800). */
    maxTokenLifetimeSeconds: col.int().notNull(),
    /** Who created it: a user id, or null for the operator (`admin bootstrap`). */
    createdBy: col.text(),
    createdAt: col.time().notNull(),
    revokedAt: col.time(),
    revokedBy: col.text(),
    revocationMarkerUntil: col.time(),
  },
  [
    { name: "api_keys_secret_uq", on: ["secretHash"], unique: true },
    { name: "api_keys_org_idx", on: ["orgId", "createdAt"] },
    { name: "api_keys_marker_idx", on: ["revocationMarkerUntil"] },
  ],
);

/**
 * HMAC secrets that sign M2M access tokens (read only by Signet, see
 * docs/machine-access.md). One per deployment, sealed with the master key; the token
 * header names it by id, so a new secret can be added without breaking issued tokens.
 */
export const m2mTokenSecrets = table("m2m_token_secrets", {
  id: col.id(),
  secretSealed: col.text().notNull(),
  createdAt: col.time().notNull(),
});

/**
 * The secret that signs the organization's outgoing webhooks (one row per org). It is
 * sealed with the master key, not hashed, because Signet must sign with it later.
 * After a regeneration the previous secret stays valid until `previousValidUntil`
 * (24 h, or at once on request), so receivers can switch over without losing events.
 */
export const orgWebhookSecrets = table("org_webhook_secrets", {
  orgId: col.id().references(() => organizations.id, { onDelete: "cascade" }),
  secretSealed: col.text().notNull(),
  createdAt: col.time().notNull(),
  createdBy: col.text().notNull(),
  previousSecretSealed: col.text(),
  previousValidUntil: col.time(),
});

/**
 * Plugin tokens (`ah_plugin_…`): credentials for the organization's plugins and
 * integrations, with scopes that only narrow their creator's and a fixed expiry. Only
 * the SHA-256 is kept; `prefix` lets people recognise a token. Revoking keeps the row.
 */
export const orgPluginTokens = table(
  "org_plugin_tokens",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: col.text().notNull(),
    prefix: col.text().notNull(),
    tokenHash: col.text().notNull(),
    scopes: col.json<string[]>().notNull(),
    createdBy: col.text().notNull(),
    createdAt: col.time().notNull(),
    expiresAt: col.time().notNull(),
    revokedAt: col.time(),
    revokedBy: col.text(),
  },
  [
    { name: "org_plugin_tokens_hash_uq", on: ["tokenHash"], unique: true },
    { name: "org_plugin_tokens_org_idx", on: ["orgId", "createdAt"] },
  ],
);

/**
 * Agent credentials (`ah_agent_…`, spec 4.8 POST /{agentId}/credential): the secret an
 * agent's operator issues for it, used directly as a bearer (on `/api/org/{slug}/*` and on
 * the agent's MCP server). Only the SHA-256 is kept; `prefix` lets people recognise one.
 * An agent has at most one live credential: issuing another revokes the previous, and
 * assigning a new operator or revoking the agent revokes it (`revokedReason`). What the
 * credential may do is decided per request in access/principal.ts (the agent's gate).
 * `agentId` is the agent's badge (the agents domain's roster row has the same id).
 */
export const agentCredentials = table(
  "agent_credentials",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    agentId: col.text().notNull(),
    prefix: col.text().notNull(),
    secretHash: col.text().notNull(),
    /** The operator who issued it: their badge and user. */
    issuedByConnectedId: col.text().notNull(),
    issuedByUserId: col.text().notNull(),
    createdAt: col.time().notNull(),
    revokedAt: col.time(),
    /** replaced | operator_changed | agent_revoked */
    revokedReason: col.text(),
  },
  [
    { name: "agent_credentials_secret_uq", on: ["secretHash"], unique: true },
    { name: "agent_credentials_agent_idx", on: ["agentId", "createdAt"] },
  ],
);
