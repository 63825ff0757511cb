/**
 * Who sees which audit events (spec 5.4), as one decision used by every read path
 * (query, detail, stats, verify, exports), in SQL for lists and in memory for one event.
 *
 * | caller holds                                   | scope=mine | scope=all                          |
 * | org.audit_event_log.list:actor=self (members)  | own events | 403 PERMISSION_DENIED              |
 * | org.audit_event_log.list_system:system=<key>   | own events | events of granted systems plus own |
 * | org.audit_event_log.list (unconstrained)       | own events | whole organization                 |
 *
 * scope=all also needs an Owner or Admin caller (else 403 PERMISSION_DENIED) and the Pro
 * plan or higher (else 403 UPGRADE_REQUIRED, feature feature.audit.view_all). A caller
 * with no audit grant at all is refused both scopes. payment.* events are the owner's
 * only, on every path, own events included.
 */
import { and, type AnyColumn, eq, not, or, sql, type SQL } from "drizzle-orm";
import { ApiError } from "../../../platform/http/errors";
import { auditEvents } from "../../../platform/audit/schema";
import { grantFor, KNOWN_SCOPES, type OrgActor, type PlanSubject, requirePlan, SYSTEM_EVENT_PREFIXES, type SystemKey, systemOfEventType } from "../../orgs/index";
import { isOwnerOrAdmin } from "./access";
import { auditErrors } from "./errors";

export const AUDIT_SCOPES = ["mine", "all"] as const;
export type AuditScope = (typeof AUDIT_SCOPES)[number];

const PAYMENT_PREFIX = SYSTEM_EVENT_PREFIXES.payment[0];
const ALL_SYSTEMS = Object.keys(SYSTEM_EVENT_PREFIXES) as SystemKey[];

export interface Visibility {
  scope: AuditScope;
  /** The whole organization (subject to the payment rule). */
  wholeOrg: boolean;
  /** Systems whose events are visible besides the caller's own. */
  systems: SystemKey[];
  /** The owner also sees payment.* events. */
  seesPayments: boolean;
  self: { userId: string; connectedId: string | null };
}

function denied(message: string): ApiError {
  return auditErrors.error("permissionDenied", { scope: KNOWN_SCOPES.auditList, message });
}

/** The 5.4 decision for a list or a detail read; throws the specified refusals. */
export function visibilityFor(actor: OrgActor, org: PlanSubject, scope: AuditScope): Visibility {
  const list = grantFor(actor, KNOWN_SCOPES.auditList);
  const system = grantFor(actor, KNOWN_SCOPES.auditListSystem);
  if (!list && !system) throw denied("you hold no audit grant");
  const own: Visibility = { scope, wholeOrg: false, systems: [], seesPayments: actor.isOwner, self: { userId: actor.userId, connectedId: actor.connectedId } };
  if (scope === "mine") return own;

  // An unconstrained list_system grant (the Owner's and Admins' org.*) covers every system.
  const systems = new Set<SystemKey>(system?.all ? ALL_SYSTEMS : (system?.systems ?? []));
  if (list && !list.all) list.systems.forEach((s) => systems.add(s));
  const wholeOrg = list?.all === true;
  if (!wholeOrg && systems.size === 0) throw denied("scope=all needs org.audit_event_log.list or org.audit_event_log.list_system");
  if (!isOwnerOrAdmin(actor)) throw denied("scope=all is for the owner and admins");
  requirePlan(org, "feature.audit.view_all");
  return { ...own, wholeOrg, systems: [...systems].sort() };
}

/** What the owner and admins may verify: any record of the organization (payment.* the owner's only); others, their own. */
export function verifierVisibility(actor: OrgActor): Visibility {
  return {
    scope: isOwnerOrAdmin(actor) ? "all" : "mine",
    wholeOrg: isOwnerOrAdmin(actor),
    systems: [],
    seesPayments: actor.isOwner,
    self: { userId: actor.userId, connectedId: actor.connectedId },
  };
}

interface EventFacts {
  type: string;
  actorId: string | null;
  actorConnectedId: string | null;
}

function isOwn(v: Visibility, e: EventFacts): boolean {
  const ids = [v.self.userId, v.self.connectedId].filter((id): id is string => !!id);
  return (e.actorId !== null && ids.includes(e.actorId)) || (e.actorConnectedId !== null && e.actorConnectedId === v.self.connectedId);
}

/** The per-event judgment (detail, verify): the in-memory twin of visibleEvents. */
export function canSeeEvent(v: Visibility, e: EventFacts): boolean {
  if (e.type.startsWith(PAYMENT_PREFIX) && !v.seesPayments) return false;
  if (v.wholeOrg || isOwn(v, e)) return true;
  const system = systemOfEventType(e.type);
  return system !== null && v.systems.includes(system);
}

/** `column` starts with `prefix`, the same on SQLite and PostgreSQL (no LIKE, so `_` and `%` are plain characters). */
export function startsWith(column: AnyColumn, prefix: string): SQL {
  return sql`substr(${column}, 1, ${sql.raw(String(prefix.length))}) = ${prefix}`;
}

/** The columns the judgment reads: the events' own, or the same key columns of the per-day counts. */
export interface VisibilityColumns {
  type: AnyColumn;
  actorId: AnyColumn;
  actorConnectedId: AnyColumn;
}

/**
 * The SQL twin of canSeeEvent, for list queries and counts. On the per-day counts (whose
 * absent actor ids are "") it selects exactly the counts of the events it selects: an
 * own id is never "".
 */
export function visibleEvents(v: Visibility, columns: VisibilityColumns = auditEvents): SQL | undefined {
  const paymentRule = v.seesPayments ? undefined : not(startsWith(columns.type, PAYMENT_PREFIX));
  if (v.wholeOrg) return paymentRule;
  const own = [eq(columns.actorId, v.self.userId)];
  if (v.self.connectedId) own.push(eq(columns.actorId, v.self.connectedId), eq(columns.actorConnectedId, v.self.connectedId));
  const systems = v.systems.flatMap((s) => SYSTEM_EVENT_PREFIXES[s].map((p) => startsWith(columns.type, p)));
  return and(or(...own, ...systems), paymentRule);
}
