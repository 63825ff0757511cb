/**
 * Who calls a members service: the organization, the caller's place in it (from the
 * org guard) and the request id that audit events carry.
 */
import type { Tx } from "../../../platform/db/database";
import { appendAudit, type AuditActor } from "../../../platform/audit/append";
import type { Caller, OrgActor } from "../access";
import { memberErrors } from "./errors";

/** What member services take: the Caller of a member (access.ts). */
export type MemberCaller = Caller<OrgActor>;

/**
 * Who changes members when no member calls: a domain above orgs acting with its own
 * credential (provisioning's SCIM token). Its audit events name that actor.
 */
export interface EventOrigin {
  org: { id: string };
  auditActor: AuditActor;
  requestId: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/**
 * 403 admin_required unless the caller is the owner or holds the built-in admin role.
 * These powers (roles, badges, service accounts) follow the role, not scopes, so a
 * custom role holding `org.*` cannot hand itself more.
 */
export function requireAdmin(actor: OrgActor): void {
  if (!actor.isOwner && actor.role !== "admin") {
    throw memberErrors.error("adminRequired", { message: "only the owner or an admin may do this" });
  }
}

/** Appends one catalog event (`auditEvent(ORG_EVENTS.x, payload)`) for the caller's organization, in the caller's transaction. */
export async function recordEvent(tx: Tx, caller: MemberCaller | EventOrigin, event: { type: string; payload: Record<string, unknown> }, at: number): Promise<void> {
  if ("auditActor" in caller) {
    await appendAudit(tx, { orgId: caller.org.id, ...event, actor: caller.auditActor, requestId: caller.requestId, ip: caller.ip, userAgent: caller.userAgent, at });
    return;
  }
  await appendAudit(tx, { orgId: caller.org.id, ...event, actor: { kind: "user", id: caller.actor.userId, connectedId: caller.actor.connectedId }, requestId: caller.requestId, at });
}
