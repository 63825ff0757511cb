/**
 * Members and their badges (ConnectedIds): the member list, role changes, removal and
 * leaving, and badge status, type and membership type.
 *
 * Rules of our design (docs/members.md): the owner's role, membership and badge are
 * protected; only the owner appoints, changes or removes admins; role changes and
 * badges are owner/admin powers; removing others needs org.member.remove, leaving
 * needs nothing. Revoking a badge ends what it stood for: a person's membership or a
 * service account.
 */
import { decodeCursor, encodeCursor } from "../../../platform/http/cursor";
import { and, asc, eq, gt, ne, or, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../../context";
import type { Queryable, Tx } from "../../../platform/db/database";
import { kernelErrors } from "../../../platform/http/error-catalog";
import { emailContains, emailOf, emailsOf, usersWithEmailContaining } from "../../identity/index";
import { requireOwner } from "../access";
import { connectedIds, memberships, serviceAccounts } from "../schema";
import { KNOWN_SCOPES } from "../permissions/roles";
import { assertCan } from "../permissions/service";
import { auditEvent } from "../../../platform/audit/catalog";
import { ORG_EVENTS } from "../events";
import { recordEvent, requireAdmin, type MemberCaller } from "./caller";
import { containsPattern, containsText, trigramSearchable } from "../../../platform/db/like";
import { memberErrors } from "./errors";
import { MEMBER_PAGE } from "./model";
import { endMembership, endServiceAccount, setBadgeStatus, type Badge, type Membership, type ServiceAccount } from "./lifecycle";
import { resolveAssignableRole, roleNamer, type RoleNamer } from "./roles";

export type BadgeStatus = Badge["status"];
export type BadgeType = Badge["type"];

export interface MemberView {
  userId: string;
  email: string;
  role: string;
  roleName: string;
  connectedId: string | null;
  badge: { type: BadgeType; membershipType: string; status: BadgeStatus } | null;
  joinedAt: string;
  isOwner: boolean;
}

interface MemberRow {
  membership: Membership;
  email: string;
  badge: Badge | null;
}

function memberView(caller: MemberCaller, row: MemberRow, nameOf: RoleNamer): MemberView {
  const { membership, badge } = row;
  return {
    userId: membership.userId,
    email: row.email,
    role: membership.role,
    roleName: nameOf(membership.role),
    connectedId: badge?.id ?? null,
    badge: badge ? { type: badge.type, membershipType: badge.membershipType, status: badge.status } : null,
    joinedAt: new Date(membership.createdAt).toISOString(),
    isOwner: caller.org.ownerUserId === membership.userId,
  };
}

/** Memberships of the organization with each person's e-mail and live (not revoked) badge. */
async function memberRows(reader: Queryable, orgId: string, userId?: string): Promise<MemberRow[]> {
  const rows = await reader
    .select({ membership: memberships, badge: connectedIds })
    .from(memberships)
    .leftJoin(connectedIds, and(eq(connectedIds.orgId, memberships.orgId), eq(connectedIds.userId, memberships.userId), ne(connectedIds.status, "revoked")))
    .where(userId ? and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)) : eq(memberships.orgId, orgId));
  const emails = await emailsOf(reader, rows.map((r) => r.membership.userId));
  return rows
    .flatMap((r) => {
      const email = emails.get(r.membership.userId);
      return email === undefined ? [] : [{ ...r, email }];
    })
    .sort((a, b) => a.membership.createdAt - b.membership.createdAt || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}

export async function listMembers(deps: Pick<AppContext, "db">, caller: MemberCaller): Promise<MemberView[]> {
  assertCan(caller.actor, KNOWN_SCOPES.memberList);
  const [rows, nameOf] = await Promise.all([memberRows(deps.db.read, caller.org.id), roleNamer(deps.db.read, caller.org.id)]);
  return rows.map((row) => memberView(caller, row, nameOf));
}

export interface MemberPageQuery {
  /** Part of the member's address or badge name, case-insensitive. */
  q?: string;
  limit?: number;
  cursor?: string;
}

/** The keyset of the paged list: join time, then user id (unique within an organization). */
function encodeMemberCursor(row: Membership): string {
  return encodeCursor({ t: row.createdAt, u: row.userId });
}

function decodeMemberCursor(cursor: string): { t: number; u: string } {
  const keyset = decodeCursor(cursor, (k): k is { t: number; u: string } => Number.isSafeInteger(k.t) && typeof k.u === "string" && k.u.length > 0 && k.u.length <= 100);
  if (keyset) return keyset;
  throw memberErrors.error("invalidCursor", { field: "cursor", message: "use the nextCursor of a previous page" });
}

/** The badge name's trigram index (the migration `trigram_search`). */
const BADGE_NAME_TRIGRAMS = { fts: "connected_ids_name_trigrams", table: "connected_ids" };

/**
 * SQLite: up to this many trigram candidates (matching addresses of anyone, and this
 * organization's matching badge names), a search page sorts its matches; past it, walking the
 * join order fills a page sooner. PostgreSQL's planner makes that choice itself from its
 * statistics; SQLite's has none for an FTS5 table.
 */
export const SORT_MATCHES_UP_TO = 2_000;

interface MemberSearch {
  condition: SQL;
  /** Read the matches and sort them (few), rather than walk the join order testing each member. */
  sortMatches: boolean;
}

/**
 * Members whose address or live badge name contains `q`, case-insensitive. From three
 * characters, the candidates come from the two trigram indexes (the address's, the badge
 * name's: platform/db/like.ts), so a rare `q` reads its matches, not the organization, and a
 * common one walks the join order until a page is full. Shorter text has no trigram: it is
 * tested on each member as the page walks, and a rare one reads the whole organization to
 * fill a page (docs/members.md).
 */
async function memberSearch(deps: Pick<AppContext, "db">, orgId: string, q: string): Promise<MemberSearch> {
  if (!trigramSearchable(q)) {
    return { condition: or(emailContains(memberships.userId, q), sql`lower(${connectedIds.displayName}) like ${containsPattern(q)} escape '\\'`)!, sortMatches: false };
  }
  const badgeName = containsText(sql`lower(${connectedIds.displayName})`, q, BADGE_NAME_TRIGRAMS);
  const namedBadges = sql`select ${connectedIds.userId} from ${connectedIds} where ${connectedIds.orgId} = ${orgId} and ${connectedIds.status} <> 'revoked' and ${connectedIds.userId} is not null and ${badgeName}`;
  const candidates = sql`${usersWithEmailContaining(q)} union ${namedBadges}`;
  const condition = sql`${memberships.userId} in (${candidates})`;
  if (deps.db.dialect !== "sqlite") return { condition, sortMatches: false };
  const [counted] = await deps.db.read.select({ n: sql<number>`count(*)` }).from(sql`(${candidates} limit ${SORT_MATCHES_UP_TO + 1}) as candidates`);
  return { condition, sortMatches: Number(counted?.n ?? 0) <= SORT_MATCHES_UP_TO };
}

/**
 * One page of members, oldest first by join time then user id, optionally those whose
 * address or badge name contains `q`. Walks the (orgId, createdAt, userId) index from the
 * cursor, so a page reads about a page of rows whatever the organization's size; a search
 * with few trigram matches reads those and sorts them instead (memberSearch).
 */
export async function listMembersPage(deps: Pick<AppContext, "db">, caller: MemberCaller, query: MemberPageQuery): Promise<{ members: MemberView[]; nextCursor: string | null }> {
  assertCan(caller.actor, KNOWN_SCOPES.memberList);
  const after = query.cursor === undefined ? null : decodeMemberCursor(query.cursor);
  const limit = query.limit ?? MEMBER_PAGE.default;
  const conditions: Array<SQL | undefined> = [eq(memberships.orgId, caller.org.id)];
  if (after) conditions.push(or(gt(memberships.createdAt, after.t), and(eq(memberships.createdAt, after.t), gt(memberships.userId, after.u))));
  const search = query.q ? await memberSearch(deps, caller.org.id, query.q) : null;
  if (search) conditions.push(search.condition);
  // `+ 0` keeps SQLite off the join-order index, so it looks the matches up by (org, user) and sorts them.
  const joinedAt = search?.sortMatches ? sql`${memberships.createdAt} + 0` : asc(memberships.createdAt);
  const rows = await deps.db.read
    .select({ membership: memberships, badge: connectedIds })
    .from(memberships)
    .leftJoin(connectedIds, and(eq(connectedIds.orgId, memberships.orgId), eq(connectedIds.userId, memberships.userId), ne(connectedIds.status, "revoked")))
    .where(and(...conditions))
    .orderBy(joinedAt, asc(memberships.userId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const [emails, nameOf] = await Promise.all([emailsOf(deps.db.read, page.map((r) => r.membership.userId)), roleNamer(deps.db.read, caller.org.id)]);
  const members = page.flatMap((r) => {
    const email = emails.get(r.membership.userId);
    return email === undefined ? [] : [memberView(caller, { ...r, email }, nameOf)];
  });
  return { members, nextCursor: rows.length > limit ? encodeMemberCursor(page.at(-1)!.membership) : null };
}

/** The member row under a per-member lock, or 404 (unknown user, or not a member here). */
async function lockedMember(tx: Tx, orgId: string, userId: string): Promise<MemberRow> {
  await tx.lock(`membership:${orgId}:${userId}`);
  const [row] = await memberRows(tx, orgId, userId);
  if (!row) throw memberErrors.error("notFound", { message: "no such member" });
  return row;
}

function refuseOwner(caller: MemberCaller, userId: string | null, what: string): void {
  if (userId && userId === caller.org.ownerUserId) throw memberErrors.error("ownerProtected", { message: `the owner's ${what} cannot be changed` });
}

export async function changeMemberRole(
  deps: Pick<AppContext, "db" | "clock">,
  caller: MemberCaller,
  input: { userId: string; role: string },
): Promise<MemberView> {
  requireAdmin(caller.actor);
  return deps.db.write(async (tx) => {
    const row = await lockedMember(tx, caller.org.id, input.userId);
    refuseOwner(caller, input.userId, "role");
    if (row.membership.role === "admin") requireOwner(caller.actor);
    const { role } = await resolveAssignableRole(tx, caller, input.role);
    const from = row.membership.role;
    if (role !== from) {
      await tx.update(memberships).set({ role }).where(eq(memberships.id, row.membership.id));
      await recordEvent(tx, caller, auditEvent(ORG_EVENTS.memberRoleChanged, { userId: input.userId, connectedId: row.badge?.id ?? null, from, to: role }), deps.clock.now());
    }
    const updated = { ...row, membership: { ...row.membership, role } };
    return memberView(caller, updated, await roleNamer(tx, caller.org.id));
  });
}

/** Removes a member, or lets the caller leave (no scope needed for that). The owner stays. */
export async function removeMember(
  deps: Pick<AppContext, "db" | "clock">,
  caller: MemberCaller,
  input: { userId: string },
): Promise<{ userId: string; connectedId: string | null; removed: true }> {
  const leaving = input.userId === caller.actor.userId;
  if (!leaving) assertCan(caller.actor, KNOWN_SCOPES.memberRemove);
  return deps.db.write(async (tx) => {
    const row = await lockedMember(tx, caller.org.id, input.userId);
    refuseOwner(caller, input.userId, "membership");
    if (!leaving && row.membership.role === "admin") requireOwner(caller.actor);
    const { connectedId } = await endMembership(tx, caller, row.membership, { left: leaving, at: deps.clock.now() });
    return { userId: input.userId, connectedId, removed: true as const };
  });
}

export interface BadgeView {
  connectedId: string;
  type: BadgeType;
  membershipType: string;
  status: BadgeStatus;
  userId: string | null;
  email: string | null;
  serviceAccountId: string | null;
  displayName: string;
  createdAt: string;
  updatedAt: string;
}

function badgeView(badge: Badge, email: string | null): BadgeView {
  return {
    connectedId: badge.id,
    type: badge.type,
    membershipType: badge.membershipType,
    status: badge.status,
    userId: badge.userId,
    email,
    serviceAccountId: badge.serviceAccountId,
    displayName: badge.displayName,
    createdAt: new Date(badge.createdAt).toISOString(),
    updatedAt: new Date(badge.updatedAt).toISOString(),
  };
}

export async function listBadges(deps: Pick<AppContext, "db">, caller: MemberCaller, filter: { status?: BadgeStatus } = {}): Promise<BadgeView[]> {
  assertCan(caller.actor, KNOWN_SCOPES.memberList);
  const badges = await deps.db.read
    .select()
    .from(connectedIds)
    .where(filter.status ? and(eq(connectedIds.orgId, caller.org.id), eq(connectedIds.status, filter.status)) : eq(connectedIds.orgId, caller.org.id))
    .orderBy(asc(connectedIds.createdAt), asc(connectedIds.id));
  const emails = await emailsOf(deps.db.read, badges.flatMap((b) => b.userId ?? []));
  return badges.map((badge) => badgeView(badge, badge.userId ? (emails.get(badge.userId) ?? null) : null));
}

export interface BadgeChange {
  connectedId: string;
  status?: BadgeStatus;
  type?: BadgeType;
  membershipType?: string;
}

/** Whoever a badge stands for (a person's membership or a service account) and their role. */
interface BadgeHolder {
  membership?: Membership;
  account?: ServiceAccount;
  role: string | null;
}

async function badgeHolder(tx: Tx, badge: Badge): Promise<BadgeHolder> {
  if (badge.userId) {
    const [membership] = await tx.select().from(memberships).where(and(eq(memberships.orgId, badge.orgId), eq(memberships.userId, badge.userId)));
    return { membership, role: membership?.role ?? null };
  }
  if (badge.serviceAccountId) {
    const [account] = await tx.select().from(serviceAccounts).where(eq(serviceAccounts.id, badge.serviceAccountId));
    return { account, role: account?.role ?? null };
  }
  return { role: null };
}

/**
 * Changes a badge's status, type or membership type. Revoked is final: any change to a
 * revoked badge is 409 badge_revoked, and revoking ends the membership or service
 * account the badge stood for. The owner's badge is never suspended or revoked, and only
 * the owner changes its type or membership type; an admin's badge status only by the owner.
 */
export async function updateBadge(deps: Pick<AppContext, "db" | "clock">, caller: MemberCaller, change: BadgeChange): Promise<BadgeView> {
  requireAdmin(caller.actor);
  if (change.status === undefined && change.type === undefined && change.membershipType === undefined) {
    throw kernelErrors.error("invalidRequest", { field: "status", message: "give status, type or membershipType" });
  }
  return deps.db.write(async (tx) => {
    await tx.lock(`badge:${change.connectedId}`);
    const [badge] = await tx.select().from(connectedIds).where(and(eq(connectedIds.id, change.connectedId), eq(connectedIds.orgId, caller.org.id)));
    if (!badge) throw memberErrors.error("notFound", { message: "no such badge" });
    if (badge.status === "revoked") throw memberErrors.error("badgeRevoked", { message: "a revoked badge is final" });
    const now = deps.clock.now();

    const details: Record<string, { from: string; to: string }> = {};
    if (change.type !== undefined && change.type !== badge.type) details.type = { from: badge.type, to: change.type };
    if (change.membershipType !== undefined && change.membershipType !== badge.membershipType) {
      details.membershipType = { from: badge.membershipType, to: change.membershipType };
    }
    // The owner's whole badge is protected: only the owner changes its type or membership type.
    if (Object.keys(details).length > 0 && !caller.actor.isOwner) refuseOwner(caller, badge.userId, "badge");
    const newStatus = change.status !== undefined && change.status !== badge.status ? change.status : null;
    const holder = newStatus ? await badgeHolder(tx, badge) : null;
    if (newStatus) {
      if (newStatus !== "active") refuseOwner(caller, badge.userId, "badge");
      if (holder!.role === "admin") requireOwner(caller.actor);
    }

    if (Object.keys(details).length > 0) {
      await tx
        .update(connectedIds)
        .set({ type: change.type ?? badge.type, membershipType: change.membershipType ?? badge.membershipType, updatedAt: now })
        .where(eq(connectedIds.id, badge.id));
      await recordEvent(tx, caller, auditEvent(ORG_EVENTS.badgeUpdated, { connectedId: badge.id, changes: details }), now);
    }
    if (newStatus) await changeBadgeStatus(tx, caller, badge, holder!, newStatus, now);

    const [changed] = await tx.select().from(connectedIds).where(eq(connectedIds.id, badge.id));
    return badgeView(changed!, changed!.userId ? await emailOf(tx, changed!.userId) : null);
  });
}

/** A revocation ends what the badge stood for; other statuses only change the badge. */
async function changeBadgeStatus(tx: Tx, caller: MemberCaller, badge: Badge, holder: BadgeHolder, status: BadgeStatus, at: number): Promise<void> {
  if (status === "revoked" && holder.membership) await endMembership(tx, caller, holder.membership, { left: false, at });
  else if (status === "revoked" && holder.account) await endServiceAccount(tx, caller, holder.account, at);
  else await setBadgeStatus(tx, caller, badge, status, at);
}
