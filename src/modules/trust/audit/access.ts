/**
 * Who calls /api/v1/admin/*: a dashboard session naming the organization with the
 * required `?org=<slug>` query parameter. An unknown slug and an organization the
 * caller is not a member of answer the same 404, as on /api/org/{slug}/*.
 */
import type { AppContext } from "../../../context";
import { type Caller, enforceSessionPolicy, type OrgActor, resolveOrgAccess } from "../../orgs/index";
import { auditErrors } from "./errors";

export type AuditCaller = Caller<OrgActor>;

/**
 * The caller in the organization, under the organization's session policy (its
 * security settings bind /api/v1/admin as they bind /api/org/{slug}).
 */
export async function resolveAuditCaller(
  deps: Pick<AppContext, "db" | "clock">,
  session: { userId: string; email: string; token: string },
  slug: string,
  request: { requestId: string | null; ip: string | null; userAgent: string | null },
): Promise<AuditCaller> {
  const access = await resolveOrgAccess(deps.db.read, slug, session);
  if (!access) throw auditErrors.error("notFound", { message: "no such organization" });
  await enforceSessionPolicy(deps.db.read, access.org, access.actor, session.token, deps.clock.now());
  return { org: access.org, actor: access.actor, ...request };
}

/** The spec's "Owner or Admin caller" (5.4): the owner, or a member holding the built-in admin role. */
export function isOwnerOrAdmin(actor: OrgActor): boolean {
  return actor.isOwner || actor.role === "admin";
}

export function requireOwnerOrAdmin(actor: OrgActor): void {
  if (!isOwnerOrAdmin(actor)) throw auditErrors.error("adminRequired", { message: "only the owner or an admin may do this" });
}

export function requireAuditOwner(actor: OrgActor): void {
  if (!actor.isOwner) throw auditErrors.error("ownerRequired", { message: "only the organization owner may do this" });
}

/** The user as the audit chain names them when they act. */
export function userActorOf(caller: AuditCaller) {
  return { kind: "user" as const, id: caller.actor.userId, connectedId: caller.actor.connectedId };
}
