/**
 * Badges (ConnectedIds) for the domains above orgs: a read of an organization's badges
 * and the door through which a group badge (a team, later the board) is issued. Orgs
 * owns the `connected_ids` table; governance builds its teams on these functions.
 */
import { and, asc, eq, inArray, ne, type SQL } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/database";
import { newId } from "../../platform/ids";
import { connectedIds } from "./schema";

export type BadgeType = "person" | "ai" | "group";
export type BadgeStatus = "active" | "suspended" | "revoked";

/** What another domain sees of a badge. */
export interface BadgeSummary {
  id: string;
  type: BadgeType;
  status: BadgeStatus;
  displayName: string;
  membershipType: string;
  userId: string | null;
  serviceAccountId: string | null;
  createdAt: number;
  updatedAt: number;
}

function summaryColumns() {
  return {
    id: connectedIds.id,
    type: connectedIds.type,
    status: connectedIds.status,
    displayName: connectedIds.displayName,
    membershipType: connectedIds.membershipType,
    userId: connectedIds.userId,
    serviceAccountId: connectedIds.serviceAccountId,
    createdAt: connectedIds.createdAt,
    updatedAt: connectedIds.updatedAt,
  };
}

/**
 * The organization's badges, oldest first, optionally only the given ids or types.
 * Revoked badges are included (history); callers filter by status.
 */
export async function badgesOfOrg(reader: Queryable, orgId: string, filter: { ids?: readonly string[]; types?: readonly BadgeType[] } = {}): Promise<BadgeSummary[]> {
  if (filter.ids && filter.ids.length === 0) return [];
  if (filter.types && filter.types.length === 0) return [];
  const where: SQL[] = [eq(connectedIds.orgId, orgId)];
  if (filter.ids) where.push(inArray(connectedIds.id, [...filter.ids]));
  if (filter.types) where.push(inArray(connectedIds.type, [...filter.types]));
  return reader
    .select(summaryColumns())
    .from(connectedIds)
    .where(and(...where))
    .orderBy(asc(connectedIds.createdAt), asc(connectedIds.id));
}

/** One badge of the organization, or null (another organization's badge is null too). */
export async function badgeOfOrg(reader: Queryable, orgId: string, id: string): Promise<BadgeSummary | null> {
  const [badge] = await badgesOfOrg(reader, orgId, { ids: [id] });
  return badge ?? null;
}

/**
 * Issues a group badge (type group, active) in the caller's transaction: the identity of
 * a team or a board. The domain that asks records its own audit event.
 */
export async function createGroupBadge(tx: Tx, input: { orgId: string; displayName: string; membershipType: string; at: number }): Promise<BadgeSummary> {
  const id = newId();
  const [row] = await tx
    .insert(connectedIds)
    .values({ id, orgId: input.orgId, type: "group", membershipType: input.membershipType, status: "active", displayName: input.displayName, createdAt: input.at, updatedAt: input.at })
    .returning(summaryColumns());
  return row!;
}

/** Renames a group badge of the organization (a team's name is its badge's display name). */
export async function renameGroupBadge(tx: Tx, input: { orgId: string; id: string; displayName: string; at: number }): Promise<void> {
  await tx
    .update(connectedIds)
    .set({ displayName: input.displayName, updatedAt: input.at })
    .where(and(eq(connectedIds.id, input.id), eq(connectedIds.orgId, input.orgId), eq(connectedIds.type, "group")));
}

/**
 * Issues an agent's machine badge in the caller's transaction: type ai, no user and no
 * service account, membership type `none` (spec 2.9: an agent is not a member and takes
 * no seat). The agents domain records its own audit event.
 */
export async function issueAgentBadge(tx: Tx, input: { orgId: string; displayName: string; at: number }): Promise<BadgeSummary> {
  const [row] = await tx
    .insert(connectedIds)
    .values({ id: newId(), orgId: input.orgId, type: "ai", membershipType: AGENT_MEMBERSHIP_TYPE, status: "active", displayName: input.displayName, createdAt: input.at, updatedAt: input.at })
    .returning(summaryColumns());
  return row!;
}

/** What an agent's badge records as its membership type: none (it holds no membership). */
export const AGENT_MEMBERSHIP_TYPE = "none";

/**
 * Changes an agent's badge (status, display name) in the caller's transaction: only an ai
 * badge of the organization with no user and no service account. A revoked badge stays
 * revoked (revoked is final).
 */
export async function updateAgentBadge(tx: Tx, input: { orgId: string; id: string; status?: BadgeStatus; displayName?: string; at: number }): Promise<void> {
  const set: Partial<typeof connectedIds.$inferInsert> = { updatedAt: input.at };
  if (input.status !== undefined) set.status = input.status;
  if (input.displayName !== undefined) set.displayName = input.displayName;
  await tx
    .update(connectedIds)
    .set(set)
    .where(
      and(
        eq(connectedIds.id, input.id),
        eq(connectedIds.orgId, input.orgId),
        eq(connectedIds.type, "ai"),
        eq(connectedIds.membershipType, AGENT_MEMBERSHIP_TYPE),
        ne(connectedIds.status, "revoked"),
      ),
    );
}
