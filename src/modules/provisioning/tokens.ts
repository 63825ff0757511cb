/**
 * SCIM tokens (spec 4.4 settings: POST, DELETE …/settings/scim/tokens, plus /hard; 5.1):
 * the bearer credential an identity provider presents on /scim/v2/{slug}. `ah_scim_` and
 * 256 random bits, shown once, stored as SHA-256 only. Only the owner or an admin creates,
 * lists, revokes or erases them (a token can add members, so it is an admin's power; M2M
 * tokens are refused by the route's guard).
 *
 * DELETE revokes: the token stops working at once and its row stays (who made it, when it
 * was revoked), so the audit trail can name it. DELETE …/hard erases the row; the audit
 * events (org.scim.token_created, _revoked, _erased) remain. Both act on every token of
 * the organization, or on one with ?tokenId=.
 */
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import { appendAudit } from "../../platform/audit/append";
import { auditEvent } from "../../platform/audit/catalog";
import { toIso } from "../../platform/clock";
import { randomSecret, sha256Hex } from "../../platform/crypto/hash";
import type { Queryable } from "../../platform/db/database";
import { newId } from "../../platform/ids";
import { auditActorOf, type Caller, type OrgActor, requireAdmin } from "../orgs/index";
import { provisioningErrors } from "./errors";
import { PROVISIONING_EVENTS } from "./events";
import type { ScimTokenView } from "./model";
import { scimTokens } from "./schema";

export const SCIM_TOKEN_PREFIX = "ah_scim_";
const SECRET_BYTES = 32;
/** The prefix and 43 base64url characters (256 bits). */
const TOKEN_LENGTH = SCIM_TOKEN_PREFIX.length + 43;
/** What lists show of a token: the prefix and 8 characters (48 of its 256 bits). */
const SHOWN_PREFIX_LENGTH = SCIM_TOKEN_PREFIX.length + 8;
/** Live tokens one organization may hold: enough to rotate (create, reconfigure, revoke the old). */
export const MAX_LIVE_SCIM_TOKENS = 5;

type TokenRow = typeof scimTokens.$inferSelect;
type AdminCaller = Caller<OrgActor>;
type Deps = Pick<AppContext, "db" | "clock">;

function view(row: TokenRow): ScimTokenView {
  return {
    id: row.id,
    prefix: row.prefix,
    status: row.revokedAt === null ? "active" : "revoked",
    createdAt: toIso(row.createdAt),
    createdBy: row.createdBy,
    revokedAt: row.revokedAt === null ? null : toIso(row.revokedAt),
  };
}

async function record(tx: Parameters<Parameters<Deps["db"]["write"]>[0]>[0], caller: AdminCaller, event: { type: string; payload: Record<string, unknown> }, at: number) {
  await appendAudit(tx, { orgId: caller.org.id, ...event, actor: auditActorOf(caller.actor), requestId: caller.requestId, ip: caller.ip, userAgent: caller.userAgent, at });
}

/** POST /api/org/{slug}/settings/scim/tokens: a new token, in this answer only. */
export async function createScimToken(deps: Deps, caller: AdminCaller): Promise<ScimTokenView & { token: string }> {
  requireAdmin(caller.actor);
  return deps.db.write(async (tx) => {
    await tx.lock(`scim-tokens:${caller.org.id}`);
    const [{ live } = { live: 0 }] = await tx
      .select({ live: count() })
      .from(scimTokens)
      .where(and(eq(scimTokens.orgId, caller.org.id), isNull(scimTokens.revokedAt)));
    if (live >= MAX_LIVE_SCIM_TOKENS) {
      throw provisioningErrors.error("tooManyScimTokens", { limit: MAX_LIVE_SCIM_TOKENS, message: `an organization holds at most ${MAX_LIVE_SCIM_TOKENS} live SCIM tokens; revoke one first` });
    }
    const now = deps.clock.now();
    const token = SCIM_TOKEN_PREFIX + randomSecret(SECRET_BYTES);
    const row: TokenRow = {
      id: newId("scimtok"),
      orgId: caller.org.id,
      prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
      tokenHash: sha256Hex(token),
      createdBy: caller.actor.userId,
      createdAt: now,
      revokedAt: null,
      revokedBy: null,
    };
    await tx.insert(scimTokens).values(row);
    await record(tx, caller, auditEvent(PROVISIONING_EVENTS.tokenCreated, { tokenId: row.id, prefix: row.prefix }), now);
    return { ...view(row), token };
  });
}

/** GET …/settings/scim/tokens: every token row (revoked ones too), oldest first; never a token itself. */
export async function listScimTokens(deps: Deps, caller: AdminCaller): Promise<ScimTokenView[]> {
  requireAdmin(caller.actor);
  const rows = await deps.db.read.select().from(scimTokens).where(eq(scimTokens.orgId, caller.org.id)).orderBy(asc(scimTokens.createdAt), asc(scimTokens.id));
  return rows.map(view);
}

async function chosenRows(tx: Queryable, orgId: string, tokenId: string | undefined, liveOnly: boolean): Promise<TokenRow[]> {
  const where = [eq(scimTokens.orgId, orgId)];
  if (tokenId !== undefined) where.push(eq(scimTokens.id, tokenId));
  const rows = await tx.select().from(scimTokens).where(and(...where));
  if (tokenId !== undefined && rows.length === 0) throw provisioningErrors.error("scimTokenNotFound");
  return liveOnly ? rows.filter((r) => r.revokedAt === null) : rows;
}

/** DELETE …/settings/scim/tokens[?tokenId=]: revokes the live token(s), keeping the rows. */
export async function revokeScimTokens(deps: Deps, caller: AdminCaller, tokenId?: string): Promise<{ revoked: ScimTokenView[] }> {
  requireAdmin(caller.actor);
  return deps.db.write(async (tx) => {
    await tx.lock(`scim-tokens:${caller.org.id}`);
    const rows = await chosenRows(tx, caller.org.id, tokenId, true);
    if (rows.length === 0) return { revoked: [] };
    const now = deps.clock.now();
    const ids = rows.map((r) => r.id);
    await tx.update(scimTokens).set({ revokedAt: now, revokedBy: caller.actor.userId }).where(inArray(scimTokens.id, ids));
    await record(tx, caller, auditEvent(PROVISIONING_EVENTS.tokenRevoked, { tokenIds: ids, prefixes: rows.map((r) => r.prefix) }), now);
    return { revoked: rows.map((r) => view({ ...r, revokedAt: now, revokedBy: caller.actor.userId })) };
  });
}

/** DELETE …/settings/scim/tokens/hard[?tokenId=]: erases the token rows, live or revoked. */
export async function eraseScimTokens(deps: Deps, caller: AdminCaller, tokenId?: string): Promise<{ erased: string[] }> {
  requireAdmin(caller.actor);
  return deps.db.write(async (tx) => {
    await tx.lock(`scim-tokens:${caller.org.id}`);
    const rows = await chosenRows(tx, caller.org.id, tokenId, false);
    if (rows.length === 0) return { erased: [] };
    const now = deps.clock.now();
    const ids = rows.map((r) => r.id);
    await tx.delete(scimTokens).where(inArray(scimTokens.id, ids));
    await record(tx, caller, auditEvent(PROVISIONING_EVENTS.tokenErased, { tokenIds: ids, prefixes: rows.map((r) => r.prefix) }), now);
    return { erased: ids };
  });
}

function looksLikeScimToken(value: string): boolean {
  return value.length === TOKEN_LENGTH && value.startsWith(SCIM_TOKEN_PREFIX) && /^[A-Za-z0-9_-]+$/.test(value.slice(SCIM_TOKEN_PREFIX.length));
}

/** The live token behind a presented secret, or null (malformed, unknown or revoked). */
export async function findScimToken(reader: Queryable, token: string): Promise<TokenRow | null> {
  if (!looksLikeScimToken(token)) return null;
  const [row] = await reader.select().from(scimTokens).where(eq(scimTokens.tokenHash, sha256Hex(token)));
  return row && row.revokedAt === null ? row : null;
}
