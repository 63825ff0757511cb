/**
 * Who a signed-in user is inside one organization: the org, their membership, their
 * badge (ConnectedId) and the scopes their role grants. Every `/api/org/{slug}/*`
 * route resolves this once, through the guard in guard.ts.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { AuditActor } from "../../platform/audit/append";
import type { Queryable } from "../../platform/db/database";
import { joinParam, preparedQuery } from "../../platform/db/prepared";
import { requestInfo } from "../../platform/http/kernel";
import { requestLanguage, type Language } from "../../platform/languages";
import { defineErrors } from "../../platform/http/error-catalog";
import type { ApiError } from "../../platform/http/errors";
import type { PermissionActor } from "./permissions/service";
import { directScopesOf, withDirectGrants } from "./permissions/direct-grants";
import { parseBuiltinRole, scopesForRole } from "./permissions/roles";
import { connectedIds, memberships, organizations, orgRoles } from "./schema";

export type Organization = typeof organizations.$inferSelect;

export interface OrgActor extends PermissionActor {
  kind: "user";
  userId: string;
  email: string;
  /** The caller's badge in this organization. */
  connectedId: string | null;
  /** A built-in role key or a custom role id. */
  role: string;
  scopes: readonly string[];
  isOwner: boolean;
}

/**
 * A machine acting in an organization with an M2M token: the API key it was
 * issued from and, when the key acts as a service account, that account's badge. It has
 * no user, no role and is never the owner; what it may do is its scopes.
 */
export interface MachineOrgActor extends PermissionActor {
  kind: "m2m";
  userId: null;
  role: null;
  isOwner: false;
  /** The API key the token was issued from. */
  keyId: string;
  /** The token's own id (jti), for audit trails. */
  tokenId: string;
  serviceAccountId: string | null;
  /** The service account's badge, when the key acts as one. */
  connectedId: string | null;
  /** Set when the key is scoped to one app group. */
  appGroupId: string | null;
  /** The token's scopes, capped by the service account's role when bound. */
  scopes: readonly string[];
  /** When the token expires (epoch ms); for an agent, when the agent expires. */
  expiresAt: number;
  /**
   * Set when the machine is an agent acting with its credential (spec 2.9, 4.8): its id
   * (its badge, also `connectedId`). Its scopes are then its gate (access/principal.ts).
   */
  agentId: string | null;
}

/** Whoever calls an organization route that machines may use: a member or a machine. */
export type OrgCaller = OrgActor | MachineOrgActor;

/**
 * Who is calling in an organization, as the guard resolved them, and from where: what an
 * org route hands its service (DESIGN §5). `actor` is a member, or on routes machines may
 * call, a member or an M2M token's machine.
 */
export interface Caller<A extends PermissionActor = OrgCaller> {
  org: Organization;
  actor: A;
  requestId: string | null;
  /** The client IP (behind trusted proxies, the forwarded one), for rate limits and audit. */
  ip: string | null;
  userAgent: string | null;
  /** The request's language (switcher cookie, else Accept-Language): mails it causes fall back to it. */
  language?: Language;
}

/** How an audit event names whoever called: the member, the API key behind an M2M token, or an agent (its id), with their badge. */
export function auditActorOf(actor: OrgCaller): AuditActor {
  if (actor.kind === "user") return { kind: "user", id: actor.userId, connectedId: actor.connectedId };
  return actor.agentId ? { kind: "agent", id: actor.agentId, connectedId: actor.connectedId } : { kind: "m2m", id: actor.keyId, connectedId: actor.connectedId };
}

/** The Caller of a request, from what the guard resolved and the kernel's request info. */
export function callerOf<A extends PermissionActor>(org: Organization, actor: A, request: Request): Caller<A> {
  const info = requestInfo(request);
  return { org, actor, requestId: info.id, ip: info.ip, userAgent: request.headers.get("user-agent"), language: requestLanguage(request.headers) };
}

/**
 * How the org guards check an M2M token, or an agent's credential (`ah_agent_…`), which is
 * presented the same way. The access domain, above this one, provides it at init
 * (`machineTokens`), so the guard needs no import of it.
 */
export interface MachineTokens {
  /** A bearer with three dot-separated parts is an M2M token, one starting ah_agent_ an agent credential; a session token is neither. */
  looksLikeToken(bearer: string): boolean;
  /** The token checked in full, then its organization, key and service account as of now: 401/404 otherwise. */
  resolve(token: string, slug: string): Promise<{ org: Organization; actor: MachineOrgActor }>;
}

/** What the org guards and the owner check answer (DESIGN §7). */
export const orgAccessErrors = defineErrors({
  orgWideKeyRequired: { code: "org_wide_key_required", status: 401, message: "this route needs an org-wide API key, not an app-group-scoped one" },
  machineNotAllowed: { code: "machine_not_allowed", status: 403, message: "this route is for people signed in to the dashboard, not for M2M tokens" },
  ownerRequired: { code: "owner_required", status: 403, message: "only the organization owner may do this" },
  badgeSuspended: { code: "badge_suspended", status: 403, message: "your badge in this organization is suspended" },
  // The organization's security settings (security-policy.ts).
  sessionTooOld: { code: "session_too_old", status: 401, message: "the organization accepts sessions only up to sessionMaxAgeDays after sign-in; sign in again" },
  passkeyRequired: { code: "passkey_required", status: 403, message: "the organization requires owners and admins to register a passkey first" },
  emailDomainNotAllowed: { code: "email_domain_not_allowed", status: 400, message: "the organization limits members to some e-mail domains" },
});

/**
 * What the `{ org: true }` guard answers (guard.ts), for routes to declare: no or a bad
 * session (401), an unknown organization or a non-member (404), an M2M token, a
 * suspended badge, the security settings.
 */
export const ORG_GUARD_ERRORS = ["unauthorized", "not_found", "machine_not_allowed", "badge_suspended", "session_too_old", "passkey_required"];

export const OrgAccessErrors = orgAccessErrors.codes;

/** 401 org_wide_key_required: the route reaches the whole organization, the key one app group. */
export function orgWideKeyRequired(): ApiError {
  return orgAccessErrors.error("orgWideKeyRequired");
}

export interface OrgAccess {
  org: Organization;
  actor: OrgActor;
}

/**
 * The org and the caller's place in it, or null when the slug is unknown or the user
 * is not a member: callers answer both with the same 404, so a non-member learns
 * nothing about another organization. A suspended badge is a member who may do
 * nothing: 403 badge_suspended.
 */
const memberAccessQuery = preparedQuery((db) =>
  db
    .select({ org: organizations, role: memberships.role, badge: connectedIds })
    .from(organizations)
    .innerJoin(memberships, and(eq(memberships.orgId, organizations.id), eq(memberships.userId, joinParam("userId"))))
    .leftJoin(connectedIds, and(eq(connectedIds.orgId, organizations.id), eq(connectedIds.userId, joinParam("userId")), ne(connectedIds.status, "revoked")))
    .where(eq(organizations.slug, joinParam("slug")))
    .prepare(),
);
const customRoleScopesQuery = preparedQuery((db) =>
  db.select({ scopes: orgRoles.scopes }).from(orgRoles).where(and(eq(orgRoles.id, sql.placeholder("roleId")), eq(orgRoles.orgId, sql.placeholder("orgId")))).prepare(),
);

export async function resolveOrgAccess(reader: Queryable, slug: string, user: { userId: string; email: string }): Promise<OrgAccess | null> {
  const [row] = await memberAccessQuery(reader).execute({ userId: user.userId, slug: slug.toLowerCase() });
  if (!row) return null;
  if (row.badge?.status === "suspended") {
    throw orgAccessErrors.error("badgeSuspended");
  }
  let custom: readonly string[] | undefined;
  if (!parseBuiltinRole(row.role)) {
    const [role] = await customRoleScopesQuery(reader).execute({ roleId: row.role, orgId: row.org.id });
    custom = role?.scopes ?? [];
  }
  // Scopes granted to the badge itself (an approved permission request) add to the role's.
  const direct = await directScopesOf(reader, row.badge?.id ?? null);
  return {
    org: row.org,
    actor: {
      kind: "user",
      userId: user.userId,
      email: user.email,
      connectedId: row.badge?.id ?? null,
      role: row.role,
      scopes: withDirectGrants(scopesForRole(row.role, custom), direct),
      isOwner: row.org.ownerUserId === user.userId,
    },
  };
}

/** 403 owner_required unless the caller owns the organization. */
export function requireOwner(actor: OrgActor): void {
  if (!actor.isOwner) throw orgAccessErrors.error("ownerRequired");
}

/** Whether the person's badge in the organization was revoked (rather than never held). */
export async function hasRevokedBadge(reader: Queryable, orgId: string, userId: string): Promise<boolean> {
  const [revoked] = await reader
    .select({ id: connectedIds.id })
    .from(connectedIds)
    .where(and(eq(connectedIds.orgId, orgId), eq(connectedIds.userId, userId), eq(connectedIds.status, "revoked")))
    .limit(1);
  return revoked !== undefined;
}

/** The ids of every badge the person holds or held in the organization. */
export async function badgeIdsOf(reader: Queryable, orgId: string, userId: string): Promise<string[]> {
  const rows = await reader.select({ id: connectedIds.id }).from(connectedIds).where(and(eq(connectedIds.orgId, orgId), eq(connectedIds.userId, userId)));
  return rows.map((b) => b.id);
}

/** The members' user ids as a subquery, for another domain's query to filter by (it runs inside that query). */
export function memberUserIds(reader: Queryable, orgId: string) {
  return reader.select({ id: memberships.userId }).from(memberships).where(eq(memberships.orgId, orgId));
}

/** What a person may do in an organization now, through their badge. */
export interface PersonAuthority {
  userId: string;
  connectedId: string;
  /** A built-in role key or a custom role id. */
  role: string;
  /** The role's scopes and the badge's direct grants, as the org guard computes them. */
  scopes: readonly string[];
}

/**
 * The authority of the person behind badge `connectedId`, read fresh: null unless the
 * badge is an active person badge of the organization whose holder is still a member
 * (a suspended or revoked badge, a machine or a team, or someone who left hold none).
 * For a domain that acts on a person's behalf (an agent's operator, spec 4.8 rule 6).
 */
export async function personAuthorityOf(reader: Queryable, orgId: string, connectedId: string): Promise<PersonAuthority | null> {
  const [row] = await reader
    .select({ userId: connectedIds.userId, role: memberships.role })
    .from(connectedIds)
    .innerJoin(memberships, and(eq(memberships.orgId, connectedIds.orgId), eq(memberships.userId, connectedIds.userId)))
    .where(and(eq(connectedIds.id, connectedId), eq(connectedIds.orgId, orgId), eq(connectedIds.type, "person"), eq(connectedIds.status, "active")));
  if (!row?.userId) return null;
  let custom: readonly string[] | undefined;
  if (!parseBuiltinRole(row.role)) {
    const [role] = await customRoleScopesQuery(reader).execute({ roleId: row.role, orgId });
    custom = role?.scopes ?? [];
  }
  return { userId: row.userId, connectedId, role: row.role, scopes: withDirectGrants(scopesForRole(row.role, custom), await directScopesOf(reader, connectedId)) };
}
