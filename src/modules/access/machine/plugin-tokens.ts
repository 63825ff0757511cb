/**
 * Plugin tokens (spec 4.4 settings keys: POST, DELETE …/settings/keys/plugin-tokens):
 * credentials the organization hands to its plugins and integrations. `ah_plugin_` plus
 * 256 random bits, shown once, stored as SHA-256 only. Like org API keys they belong to
 * the organization: their scopes only narrow their creator's (checked at creation, as
 * for API keys) and do not shrink when the creator later loses a role; revoking is the
 * way to end one. Unlike API keys they always expire (1 to 365 days).
 */
import { and, asc, count, eq, gt, isNull } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { appendAudit } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { ACCESS_EVENTS } from "../events";
import { toIso } from "../../../platform/clock";
import { randomSecret, sha256Hex } from "../../../platform/crypto/hash";
import type { Queryable } from "../../../platform/db/database";
import { newId } from "../../../platform/ids";
import { assertCan, type OrgActor, type Organization, permissionErrors, readSettingsSection, validateScopes, validName } from "../../orgs/index";
import { apiKeySettings } from "./key-settings";
import { requireHeld } from "./api-keys";
import { machineErrors } from "./errors";
import { orgPluginTokens } from "./schema";

export const PLUGIN_TOKEN_PREFIX = "ah_plugin_";
/** 32 random bytes in base64url: 43 characters, 256 bits. */
const PLUGIN_TOKEN_SECRET_BYTES = 32;
const PLUGIN_TOKEN_LENGTH = PLUGIN_TOKEN_PREFIX.length + 43;
/** How much of the token lists show: the prefix and 8 characters (48 of its 256 bits). */
const SHOWN_PREFIX_LENGTH = PLUGIN_TOKEN_PREFIX.length + 8;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Live (unrevoked, unexpired) tokens one organization may hold. */
export const MAX_LIVE_PLUGIN_TOKENS = 50;
export const PLUGIN_TOKEN_NAME_MAX = 100;
export const PLUGIN_TOKEN_EXPIRY_DAYS = { min: 1, max: 365, default: 90 } as const;

/** Owner and Admin hold them through `org.*`; a custom role may be given them. */
export const PluginTokenScopes = {
  create: "org.plugin_token.create",
  list: "org.plugin_token.list",
  revoke: "org.plugin_token.revoke",
} as const;

export type PluginToken = typeof orgPluginTokens.$inferSelect;

export interface PluginTokenView {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  status: "active" | "expired" | "revoked";
  createdAt: string;
  createdBy: string;
  expiresAt: string;
  revokedAt: string | null;
}

/** The create response: the view plus the token itself, shown this once. */
export interface CreatedPluginToken extends PluginTokenView {
  token: string;
}

function pluginTokenView(row: PluginToken, now: number): PluginTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    status: row.revokedAt !== null ? "revoked" : row.expiresAt <= now ? "expired" : "active",
    createdAt: toIso(row.createdAt),
    createdBy: row.createdBy,
    expiresAt: toIso(row.expiresAt),
    revokedAt: row.revokedAt === null ? null : toIso(row.revokedAt),
  };
}

export interface CreatePluginTokenInput {
  name: string;
  scopes?: unknown;
  expiresInDays?: number;
  requestId?: string | null;
}

/** POST /api/org/{slug}/settings/keys/plugin-tokens. */
export async function createPluginToken(deps: Pick<AppContext, "db" | "clock">, actor: OrgActor, org: Organization, input: CreatePluginTokenInput): Promise<CreatedPluginToken> {
  assertCan(actor, PluginTokenScopes.create);
  // The route caps the length at PLUGIN_TOKEN_NAME_MAX; this trims and refuses blank names and control characters.
  const name = validName(input.name);
  const scopes = input.scopes === undefined ? (await readSettingsSection(deps.db.read, org, apiKeySettings)).defaultScopes : validateScopes(input.scopes, "scopes");
  if (scopes.length === 0) {
    throw permissionErrors.error("invalidScope", { field: "scopes", message: "give the token's scopes, or set the organization's default API key scopes" });
  }
  requireHeld(actor.scopes, scopes, "a plugin token's scopes must be ones you hold");
  const days = input.expiresInDays ?? PLUGIN_TOKEN_EXPIRY_DAYS.default;

  return deps.db.write(async (tx) => {
    await tx.lock(`plugin-tokens:${org.id}`);
    const now = deps.clock.now();
    const [{ live } = { live: 0 }] = await tx
      .select({ live: count() })
      .from(orgPluginTokens)
      .where(and(eq(orgPluginTokens.orgId, org.id), isNull(orgPluginTokens.revokedAt), gt(orgPluginTokens.expiresAt, now)));
    if (live >= MAX_LIVE_PLUGIN_TOKENS) {
      throw machineErrors.error("tooManyPluginTokens", {
        limit: MAX_LIVE_PLUGIN_TOKENS,
        message: `an organization holds at most ${MAX_LIVE_PLUGIN_TOKENS} live plugin tokens; revoke one first`,
      });
    }
    const token = PLUGIN_TOKEN_PREFIX + randomSecret(PLUGIN_TOKEN_SECRET_BYTES);
    const row: PluginToken = {
      id: newId("plg"),
      orgId: org.id,
      name,
      prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
      tokenHash: sha256Hex(token),
      scopes,
      createdBy: actor.userId,
      createdAt: now,
      expiresAt: now + days * DAY_MS,
      revokedAt: null,
      revokedBy: null,
    };
    await tx.insert(orgPluginTokens).values(row);
    await appendAudit(tx, {
      orgId: org.id,
      ...auditEvent(ACCESS_EVENTS.pluginTokenCreated, { tokenId: row.id, name, prefix: row.prefix, scopes, expiresAt: toIso(row.expiresAt) }),
      actor: { kind: "user", id: actor.userId, connectedId: actor.connectedId },
      requestId: input.requestId,
      at: now,
    });
    return { ...pluginTokenView(row, now), token };
  });
}

/** GET /api/org/{slug}/settings/keys/plugin-tokens: unrevoked tokens (expired ones too), oldest first; revoked ones on request. */
export async function listPluginTokens(
  deps: Pick<AppContext, "db" | "clock">,
  actor: OrgActor,
  org: Organization,
  options: { includeRevoked?: boolean } = {},
): Promise<PluginTokenView[]> {
  assertCan(actor, PluginTokenScopes.list);
  const ofOrg = eq(orgPluginTokens.orgId, org.id);
  const rows = await deps.db.read
    .select()
    .from(orgPluginTokens)
    .where(options.includeRevoked ? ofOrg : and(ofOrg, isNull(orgPluginTokens.revokedAt)))
    .orderBy(asc(orgPluginTokens.createdAt), asc(orgPluginTokens.id));
  const now = deps.clock.now();
  return rows.map((row) => pluginTokenView(row, now));
}

/** DELETE /api/org/{slug}/settings/keys/plugin-tokens/{tokenId}. Revoking a revoked token changes nothing. */
export async function revokePluginToken(
  deps: Pick<AppContext, "db" | "clock">,
  actor: OrgActor,
  org: Organization,
  tokenId: string,
  options: { requestId?: string | null } = {},
): Promise<PluginTokenView> {
  assertCan(actor, PluginTokenScopes.revoke);
  return deps.db.write(async (tx) => {
    await tx.lock(`plugin-token:${tokenId}`);
    const now = deps.clock.now();
    const [row] = await tx.select().from(orgPluginTokens).where(and(eq(orgPluginTokens.id, tokenId), eq(orgPluginTokens.orgId, org.id)));
    if (!row) throw machineErrors.error("notFound", { message: "no such plugin token" });
    if (row.revokedAt !== null) return pluginTokenView(row, now);
    await tx.update(orgPluginTokens).set({ revokedAt: now, revokedBy: actor.userId }).where(eq(orgPluginTokens.id, tokenId));
    await appendAudit(tx, {
      orgId: org.id,
      ...auditEvent(ACCESS_EVENTS.pluginTokenRevoked, { tokenId, name: row.name, prefix: row.prefix }),
      actor: { kind: "user", id: actor.userId, connectedId: actor.connectedId },
      requestId: options.requestId,
      at: now,
    });
    return pluginTokenView({ ...row, revokedAt: now, revokedBy: actor.userId }, now);
  });
}

/** Whether a string has the shape of a plugin token (checked before any lookup). */
export function looksLikePluginToken(value: string): boolean {
  return value.length === PLUGIN_TOKEN_LENGTH && value.startsWith(PLUGIN_TOKEN_PREFIX) && /^[A-Za-z0-9_-]+$/.test(value.slice(PLUGIN_TOKEN_PREFIX.length));
}

/**
 * The live token behind a presented secret, for the plugin and integration routes to
 * come: null for a malformed, unknown, revoked or expired one (at `now`, epoch ms from
 * the caller's clock). The caller checks the token's org and scopes for its route.
 */
export async function findPluginToken(reader: Queryable, token: string, now: number): Promise<PluginToken | null> {
  if (!looksLikePluginToken(token)) return null;
  const [row] = await reader.select().from(orgPluginTokens).where(eq(orgPluginTokens.tokenHash, sha256Hex(token)));
  if (!row || row.revokedAt !== null || row.expiresAt <= now) return null;
  return row;
}
