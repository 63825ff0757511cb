/**
 * How a badge ends, shared by every route that ends one: removing a member, revoking a
 * badge, deleting a service account. A revoked badge is final and kept as history; a
 * person who joins again gets a fresh one (orgs/membership.ts).
 */
import { and, eq, ne } from "drizzle-orm";
import type { Tx } from "../../../platform/db/database";
import { connectedIds, memberships, serviceAccounts } from "../schema";
import { auditEvent } from "../../../platform/audit/catalog";
import { ORG_EVENTS } from "../events";
import { recordEvent, type EventOrigin, type MemberCaller } from "./caller";

export type Badge = typeof connectedIds.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type ServiceAccount = typeof serviceAccounts.$inferSelect;

/** Sets a badge's status, with org.badge.status_changed. */
export async function setBadgeStatus(tx: Tx, caller: MemberCaller | EventOrigin, badge: Badge, status: Badge["status"], at: number): Promise<void> {
  await tx.update(connectedIds).set({ status, updatedAt: at }).where(eq(connectedIds.id, badge.id));
  await recordEvent(
    tx,
    caller,
    auditEvent(ORG_EVENTS.badgeStatusChanged, { connectedId: badge.id, from: badge.status, to: status, userId: badge.userId, serviceAccountId: badge.serviceAccountId }),
    at,
  );
}

/** The person's badge in the organization that is not yet revoked, if any. */
export async function liveBadgeOfUser(tx: Tx, orgId: string, userId: string): Promise<Badge | undefined> {
  const [badge] = await tx
    .select()
    .from(connectedIds)
    .where(and(eq(connectedIds.orgId, orgId), eq(connectedIds.userId, userId), ne(connectedIds.status, "revoked")));
  return badge;
}

/** Removes a membership and revokes its badge, with org.member.removed (`left`: the member removed themselves). */
export async function endMembership(tx: Tx, caller: MemberCaller | EventOrigin, membership: Membership, options: { left: boolean; at: number }): Promise<{ connectedId: string | null }> {
  const badge = await liveBadgeOfUser(tx, membership.orgId, membership.userId);
  if (badge) await setBadgeStatus(tx, caller, badge, "revoked", options.at);
  await tx.delete(memberships).where(eq(memberships.id, membership.id));
  await recordEvent(
    tx,
    caller,
    auditEvent(ORG_EVENTS.memberRemoved, { userId: membership.userId, connectedId: badge?.id ?? null, role: membership.role, left: options.left }),
    options.at,
  );
  return { connectedId: badge?.id ?? null };
}

/** Deletes a service account and revokes its badge, with org.service_account.deleted. */
export async function endServiceAccount(tx: Tx, caller: MemberCaller | EventOrigin, account: ServiceAccount, at: number): Promise<void> {
  const [badge] = await tx
    .select()
    .from(connectedIds)
    .where(and(eq(connectedIds.serviceAccountId, account.id), ne(connectedIds.status, "revoked")));
  if (badge) await setBadgeStatus(tx, caller, badge, "revoked", at);
  await tx.delete(serviceAccounts).where(eq(serviceAccounts.id, account.id));
  await recordEvent(tx, caller, auditEvent(ORG_EVENTS.serviceAccountDeleted, { serviceAccountId: account.id, connectedId: badge?.id ?? null, name: account.name, role: account.role }), at);
}
