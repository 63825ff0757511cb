/**
 * The one way a person joins an organization (bootstrap, org creation, invitation
 * accept): the membership, its badge (a Person ConnectedId) and org.member.added, in
 * the caller's transaction.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Tx } from "../../platform/db/database";
import { appendAudit, type AuditActor } from "../../platform/audit/append";
import { auditEvent } from "../../platform/audit/catalog";
import { ORG_EVENTS } from "./events";
import { newId } from "../../platform/ids";
import { connectedIds, memberships } from "./schema";

export interface AddMembershipInput {
  orgId: string;
  user: { id: string; email: string; displayName?: string | null };
  /** A built-in role key or a custom role id. */
  role: string;
  /** How the person belongs: member (default), or e.g. invited, sso, scim. */
  membershipType?: string;
  actor: AuditActor;
  requestId?: string | null;
  at: number;
}

/** Adds the member; an existing membership is left as it is. Returns whether one was created. */
export async function addMembership(tx: Tx, input: AddMembershipInput): Promise<{ created: boolean; connectedId: string }> {
  const [existing] = await tx
    .select({ membership: memberships.id, badge: connectedIds.id })
    .from(memberships)
    .leftJoin(
      connectedIds,
      and(eq(connectedIds.orgId, memberships.orgId), eq(connectedIds.userId, memberships.userId), ne(connectedIds.status, "revoked")),
    )
    .where(and(eq(memberships.orgId, input.orgId), eq(memberships.userId, input.user.id)));
  if (existing?.badge) return { created: false, connectedId: existing.badge };
  if (!existing) {
    await tx.insert(memberships).values({ id: newId(), orgId: input.orgId, userId: input.user.id, role: input.role, createdAt: input.at });
  }
  const connectedId = await issueBadge(tx, input);
  if (!existing) {
    await appendAudit(tx, {
      orgId: input.orgId,
      ...auditEvent(ORG_EVENTS.memberAdded, { userId: input.user.id, connectedId, role: input.role }),
      actor: input.actor,
      requestId: input.requestId,
      at: input.at,
    });
  }
  return { created: !existing, connectedId };
}

/** A person's badge. A revoked badge is final and kept as history; re-joining issues a fresh one. */
async function issueBadge(tx: Tx, input: AddMembershipInput): Promise<string> {
  const id = newId();
  await tx.insert(connectedIds).values({
    id,
    orgId: input.orgId,
    type: "person",
    membershipType: input.membershipType ?? "member",
    status: "active",
    userId: input.user.id,
    displayName: input.user.displayName ?? input.user.email,
    createdAt: input.at,
    updatedAt: input.at,
  });
  return id;
}
