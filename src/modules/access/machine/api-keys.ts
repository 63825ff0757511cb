/**
 * Org API keys (spec 2.7, 5.2): `ah_live_` plus 256 random bits, shown once, stored as
 * SHA-256 only. A key carries scopes (only ever narrowing what its creator holds), is
 * org-wide or scoped to one app group, may act as a service account, and has a ceiling
 * for the M2M tokens it is exchanged for, fixed at creation. A ceiling above 300 s
 * needs the owner and the owner's personal seal (`api_key.long_lifetime`, subject the
 * org slug). Revoking keeps the row and sets a marker that every node holds until the
 * last token the key could have issued has expired (ceiling + 1 h).
 */
import { and, asc, count, eq, gt, isNull } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { appendAudit, type AuditActor } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { ACCESS_EVENTS } from "../events";
import { toIso } from "../../../platform/clock";
import { randomSecret, sha256Hex } from "../../../platform/crypto/hash";
import type { Queryable, Tx } from "../../../platform/db/database";
import { newId } from "../../../platform/ids";
import { activeServiceAccount, assertCan, coversAll, type OrgActor, type Organization, permissionErrors, readSettingsSection, requireOwner, validateScopes } from "../../orgs/index";
import { apiKeySettings } from "./key-settings";
import { verifyPersonalSeal } from "../../identity/index";
import { machineErrors } from "./errors";
import { apiKeyBySecretHash } from "./hot-queries";
import type { KeyEvent, RevocationMarkerSource } from "../../trust/index";
import { apiKeys } from "./schema";
import type { ApiKeyView, CreatedApiKey } from "./model";

export const API_KEY_PREFIX = "ah_live_";
/** 32 random bytes in base64url: 43 characters, 256 bits. */
const API_KEY_SECRET_BYTES = 32;
const API_KEY_LENGTH = API_KEY_PREFIX.length + 43;
/** How much of the key lists show: the prefix and 8 characters (48 of its 256 bits). */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

/** Ceilings of M2M token lifetimes a key may carry (spec 5.2, §8). */
export const TOKEN_CEILING = { min: 60, max: 604_800, withoutSeal: 300 } as const;
export const LONG_LIFETIME_SEAL_PURPOSE = "api_key.long_lifetime";
/** A revoked key's marker outlives its last possible token by this much (clock skew between nodes). */
export const REVOCATION_MARKER_MARGIN_MS = 60 * 60 * 1000;
/** Live (unrevoked) keys one organization may hold. */
export const MAX_LIVE_API_KEYS = 100;
export const API_KEY_NAME_MAX = 100;

export const ApiKeyScopes = {
  create: "org.api_key.create",
  list: "org.api_key.list",
  revoke: "org.api_key.revoke",
} as const;

export type ApiKey = typeof apiKeys.$inferSelect;

export function apiKeyView(row: ApiKey): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    appGroupId: row.appGroupId,
    serviceAccountId: row.serviceAccountId,
    maxTokenLifetimeSeconds: row.maxTokenLifetimeSeconds,
    createdAt: toIso(row.createdAt),
    createdBy: row.createdBy,
    revokedAt: row.revokedAt === null ? null : toIso(row.revokedAt),
  };
}

/** Whether a string has the shape of an API key (checked before any lookup). */
export function looksLikeApiKey(value: string): boolean {
  return value.length === API_KEY_LENGTH && value.startsWith(API_KEY_PREFIX) && /^[A-Za-z0-9_-]+$/.test(value.slice(API_KEY_PREFIX.length));
}

/** The stored key behind a presented secret (revoked ones included), or null. */
export async function findApiKeyBySecret(reader: Queryable, secret: string): Promise<ApiKey | null> {
  if (!looksLikeApiKey(secret)) return null;
  return apiKeyBySecretHash(reader, sha256Hex(secret));
}

export interface CreateApiKeyInput {
  name?: string | null;
  scopes?: unknown;
  appGroupId?: string | null;
  serviceAccountId?: string | null;
  maxTokenLifetimeSeconds?: number;
  assertion?: unknown;
  requestId?: string | null;
}

/**
 * How machine access learns whether an app group exists in an organization. App groups
 * are the customers domain's; it provides this from its init (customers/module.ts), so
 * access never reads their table.
 */
export interface AppGroupDirectory {
  /** The live app group of `orgId` with this id or groupKey, or null. */
  find(reader: Queryable, orgId: string, idOrKey: string): Promise<{ id: string; key: string } | null>;
}

/** POST /api/org/{slug}/settings/keys/api-keys. */
export async function createApiKey(
  deps: Pick<AppContext, "db" | "clock" | "config" | "appGroups">,
  actor: OrgActor,
  org: Organization,
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  assertCan(actor, ApiKeyScopes.create);
  const defaults = await readSettingsSection(deps.db.read, org, apiKeySettings);
  const scopes = input.scopes === undefined ? defaults.defaultScopes : validateScopes(input.scopes, "scopes");
  if (scopes.length === 0) {
    throw permissionErrors.error("invalidScope", { field: "scopes", message: "give the key's scopes, or set the organization's default API key scopes" });
  }
  requireHeld(actor.scopes, scopes, "a key's scopes must be ones you hold");
  const ceiling = input.maxTokenLifetimeSeconds ?? defaults.maxTokenLifetimeSeconds;
  const sealed = ceiling > TOKEN_CEILING.withoutSeal;
  if (sealed) requireOwner(actor);

  return deps.db.write(async (tx) => {
    // A key may only be bound to one of its own organization's live app groups (spec 4.2, 5.3).
    if (input.appGroupId && !(await deps.appGroups.find(tx, org.id, input.appGroupId))) {
      throw machineErrors.error("appGroupNotFound", { field: "appGroupId", message: "no live app group with this id or groupKey in the organization" });
    }
    const serviceAccountId = input.serviceAccountId ?? null;
    if (serviceAccountId) {
      const account = await activeServiceAccount(tx, org.id, serviceAccountId);
      if (!account) {
        throw machineErrors.error("serviceAccountNotFound", { field: "serviceAccountId", message: "no active service account with this id in the organization" });
      }
      requireHeld(account.scopes, scopes, "a key bound to a service account may only narrow the account's role");
    }
    const credentialId = sealed
      ? (await verifyPersonalSeal(tx, deps, { userId: actor.userId, purpose: LONG_LIFETIME_SEAL_PURPOSE, subject: org.slug, assertion: input.assertion })).credentialId
      : null;
    return insertApiKey(tx, {
      orgId: org.id,
      name: input.name?.trim() || null,
      scopes,
      appGroupId: input.appGroupId ?? null,
      serviceAccountId,
      ceiling,
      createdBy: actor.userId,
      actor: { kind: "user", id: actor.userId },
      sealCredentialId: credentialId,
      requestId: input.requestId,
      at: deps.clock.now(),
    });
  });
}

/**
 * The operator's key (`signet admin bootstrap`): org-wide, every org scope, the default
 * ceiling. The operator's access to the data stands in for a creator's scopes.
 */
export async function createOperatorApiKey(deps: Pick<AppContext, "db" | "clock">, orgId: string): Promise<CreatedApiKey> {
  return deps.db.write((tx) =>
    insertApiKey(tx, {
      orgId,
      name: "bootstrap",
      scopes: ["org.*"],
      appGroupId: null,
      serviceAccountId: null,
      ceiling: TOKEN_CEILING.withoutSeal,
      createdBy: null,
      actor: { kind: "operator" },
      sealCredentialId: null,
      at: deps.clock.now(),
    }),
  );
}

interface NewKey {
  orgId: string;
  name: string | null;
  scopes: string[];
  appGroupId: string | null;
  serviceAccountId: string | null;
  ceiling: number;
  createdBy: string | null;
  actor: AuditActor;
  sealCredentialId: string | null;
  requestId?: string | null;
  at: number;
}

async function insertApiKey(tx: Tx, input: NewKey): Promise<CreatedApiKey> {
  await tx.lock(`api-keys:${input.orgId}`);
  const [{ live } = { live: 0 }] = await tx
    .select({ live: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.orgId, input.orgId), isNull(apiKeys.revokedAt)));
  if (live >= MAX_LIVE_API_KEYS) {
    throw machineErrors.error("tooManyApiKeys", { limit: MAX_LIVE_API_KEYS, message: `an organization holds at most ${MAX_LIVE_API_KEYS} live API keys; revoke one first` });
  }
  const key = API_KEY_PREFIX + randomSecret(API_KEY_SECRET_BYTES);
  const row: ApiKey = {
    id: newId("key"),
    orgId: input.orgId,
    name: input.name,
    prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
    secretHash: sha256Hex(key),
    scopes: input.scopes,
    appGroupId: input.appGroupId,
    serviceAccountId: input.serviceAccountId,
    maxTokenLifetimeSeconds: input.ceiling,
    createdBy: input.createdBy,
    createdAt: input.at,
    revokedAt: null,
    revokedBy: null,
    revocationMarkerUntil: null,
  };
  await tx.insert(apiKeys).values(row);
  await appendAudit(tx, {
    orgId: input.orgId,
    ...auditEvent(ACCESS_EVENTS.apiKeyCreated, {
      keyId: row.id,
      prefix: row.prefix,
      scopes: row.scopes,
      appGroupId: row.appGroupId,
      serviceAccountId: row.serviceAccountId,
      maxTokenLifetimeSeconds: row.maxTokenLifetimeSeconds,
      sealCredentialId: input.sealCredentialId,
    }),
    actor: input.actor,
    requestId: input.requestId,
    at: input.at,
  });
  return { ...apiKeyView(row), key };
}

/** GET /api/org/{slug}/settings/keys/api-keys: live keys, oldest first; revoked ones on request. */
export async function listApiKeys(deps: Pick<AppContext, "db">, actor: OrgActor, org: Organization, options: { includeRevoked?: boolean } = {}): Promise<ApiKeyView[]> {
  assertCan(actor, ApiKeyScopes.list);
  const rows = await deps.db.read
    .select()
    .from(apiKeys)
    .where(options.includeRevoked ? eq(apiKeys.orgId, org.id) : and(eq(apiKeys.orgId, org.id), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map(apiKeyView);
}

/**
 * DELETE /api/org/{slug}/settings/keys/api-keys/{keyId}. Tokens the key issued stop
 * working on the next request, on every node. Revoking a revoked key changes nothing.
 */
export async function revokeApiKey(
  deps: Pick<AppContext, "db" | "clock" | "keyring">,
  actor: OrgActor,
  org: Organization,
  keyId: string,
  options: { requestId?: string | null } = {},
): Promise<ApiKeyView> {
  assertCan(actor, ApiKeyScopes.revoke);
  const { row, event } = await deps.db.write(async (tx) => {
    await tx.lock(`api-key:${keyId}`);
    const [key] = await tx.select().from(apiKeys).where(and(eq(apiKeys.id, keyId), eq(apiKeys.orgId, org.id)));
    if (!key) throw machineErrors.error("notFound", { message: "no such API key" });
    if (key.revokedAt !== null) return { row: key, event: null };
    const now = deps.clock.now();
    const until = now + key.maxTokenLifetimeSeconds * 1000 + REVOCATION_MARKER_MARGIN_MS;
    const revoked = { ...key, revokedAt: now, revokedBy: actor.userId, revocationMarkerUntil: until };
    await tx.update(apiKeys).set({ revokedAt: now, revokedBy: actor.userId, revocationMarkerUntil: until }).where(eq(apiKeys.id, keyId));
    await appendAudit(tx, {
      orgId: org.id,
      ...auditEvent(ACCESS_EVENTS.apiKeyRevoked, { keyId, prefix: key.prefix, markerUntil: toIso(until) }),
      actor: { kind: "user", id: actor.userId },
      requestId: options.requestId,
      at: now,
    });
    const event: KeyEvent = { type: "api_key.revoked", orgId: org.id, keyId, until };
    await deps.keyring.publish(tx, event);
    return { row: revoked, event };
  });
  if (event) deps.keyring.apply(event);
  return apiKeyView(row);
}

/** 403 PERMISSION_DENIED naming the first scope `held` does not cover (also plugin tokens' check). */
export function requireHeld(held: readonly string[], scopes: readonly string[], message: string): void {
  const index = scopes.findIndex((scope) => !coversAll(held, [scope]));
  if (index >= 0) throw permissionErrors.error("permissionDenied", { field: `scopes[${index}]`, scope: scopes[index], message });
}

/** The revocation markers the keyring keeps in memory, read from this domain's table. */
export const apiKeyRevocationMarkers: RevocationMarkerSource = {
  async live(reader, now) {
    const rows = await reader.select({ id: apiKeys.id, until: apiKeys.revocationMarkerUntil }).from(apiKeys).where(gt(apiKeys.revocationMarkerUntil, now));
    return rows.map((row) => ({ id: row.id, until: row.until! }));
  },
  async inForce(reader, keyId, now) {
    const [row] = await reader.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.id, keyId), gt(apiKeys.revocationMarkerUntil, now)));
    return row !== undefined;
  },
};
