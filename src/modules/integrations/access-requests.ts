/**
 * Access requests (spec 4.9): a member (the customer side) asks for the scopes a
 * connector module needs; a provider (Owner, Admin, or a role holding
 * org.access_request.decide) approves, which grants them to the requester's badge, or
 * denies. Nobody decides their own request, and a decider grants only what they hold.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Static } from "elysia";
import { toIso } from "../../platform/clock";
import { auditEvent } from "../../platform/audit/catalog";
import { newId } from "../../platform/ids";
import { assertCan, grantDirectScope, provisionableMembers } from "../orgs/index";
import type * as A from "./access-model";
import { type IntegrationsCaller, type IntegrationsDeps, recordEvent } from "./caller";
import type { ConnectorModule } from "./connectors";
import { moduleOr404 } from "./connections";
import { integrationErrors } from "./errors";
import { INTEGRATION_EVENTS } from "./events";
import { integrationAccessRequests } from "./schema";
import { INTEGRATION_SCOPES } from "./scopes";

type RequestRow = typeof integrationAccessRequests.$inferSelect;
type RequestView = Static<typeof A.AccessRequest>;

function view(row: RequestRow): RequestView {
  return {
    id: row.id,
    moduleKey: row.moduleKey,
    requesterConnectedId: row.requesterConnectedId,
    scopes: row.scopes,
    reason: row.reason,
    status: row.status,
    decidedByConnectedId: row.decidedByConnectedId,
    decisionNote: row.decisionNote,
    createdAt: toIso(row.createdAt),
    decidedAt: row.decidedAt === null ? null : toIso(row.decidedAt),
  };
}

/** The scopes asked for, each one the module needs (field names the first that is not); none given: all of them. */
export function moduleScopes(module: ConnectorModule, scopes: readonly string[] | undefined, field = "scopes"): string[] {
  if (scopes === undefined) return [...module.requiredScopes];
  scopes.forEach((scope, i) => {
    if (!module.requiredScopes.includes(scope)) throw integrationErrors.error("scopeNotGrantable", { field: `${field}[${i}]` });
  });
  return [...new Set(scopes)];
}

function callerBadge(caller: IntegrationsCaller): string {
  if (!caller.actor.connectedId) throw integrationErrors.error("badgeNotFound", { message: "the caller has no badge in this organization (a key bound to no service account)" });
  return caller.actor.connectedId;
}

/** POST /{moduleKey}/request: the caller asks for (some of) the module's scopes. */
export async function createAccessRequest(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string, input: Static<typeof A.AccessRequestCreate>): Promise<RequestView> {
  assertCan(caller.actor, INTEGRATION_SCOPES.request);
  const module = moduleOr404(moduleKey);
  const scopes = moduleScopes(module, input.scopes);
  const requester = callerBadge(caller);
  return deps.db.write(async (tx) => {
    await tx.lock(`access-request:${caller.org.id}:${requester}`);
    const [pending] = await tx
      .select({ id: integrationAccessRequests.id })
      .from(integrationAccessRequests)
      .where(and(eq(integrationAccessRequests.orgId, caller.org.id), eq(integrationAccessRequests.requesterConnectedId, requester), eq(integrationAccessRequests.moduleKey, module.key), eq(integrationAccessRequests.status, "pending")));
    if (pending) throw integrationErrors.error("accessRequestPending", { requestId: pending.id });
    const now = deps.clock.now();
    const [row] = await tx
      .insert(integrationAccessRequests)
      .values({ id: newId(), orgId: caller.org.id, moduleKey: module.key, requesterConnectedId: requester, requesterUserId: caller.actor.userId, scopes, reason: input.reason?.trim() || null, status: "pending", createdAt: now })
      .returning();
    await recordEvent(tx, caller, auditEvent(INTEGRATION_EVENTS.accessRequested, { moduleKey: module.key, requestId: row!.id, scopes }), now);
    return view(row!);
  });
}

/** GET /{moduleKey}/request: the caller's own requests for the module, newest first. */
export async function ownAccessRequests(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string): Promise<RequestView[]> {
  assertCan(caller.actor, INTEGRATION_SCOPES.request);
  const module = moduleOr404(moduleKey);
  const requester = callerBadge(caller);
  const rows = await deps.db.read
    .select()
    .from(integrationAccessRequests)
    .where(and(eq(integrationAccessRequests.orgId, caller.org.id), eq(integrationAccessRequests.moduleKey, module.key), eq(integrationAccessRequests.requesterConnectedId, requester)))
    .orderBy(desc(integrationAccessRequests.createdAt), desc(integrationAccessRequests.id));
  return rows.map(view);
}

/** GET /api/org/{slug}/access-requests: the provider's list, newest first. */
export async function listAccessRequests(deps: IntegrationsDeps, caller: IntegrationsCaller, query: Static<typeof A.AccessRequestsQuery>): Promise<RequestView[]> {
  assertCan(caller.actor, INTEGRATION_SCOPES.accessRequestList);
  const rows = await deps.db.read
    .select()
    .from(integrationAccessRequests)
    .where(and(eq(integrationAccessRequests.orgId, caller.org.id), query.status ? eq(integrationAccessRequests.status, query.status) : undefined))
    .orderBy(desc(integrationAccessRequests.createdAt), desc(integrationAccessRequests.id))
    .limit(query.limit ?? 100);
  return rows.map(view);
}

/** POST /api/org/{slug}/access-requests/{id}/approve or /deny. */
export async function decideAccessRequest(
  deps: IntegrationsDeps,
  caller: IntegrationsCaller,
  id: string,
  decision: "approved" | "denied",
  input: Static<typeof A.DecisionBody>,
): Promise<RequestView> {
  assertCan(caller.actor, INTEGRATION_SCOPES.accessRequestDecide);
  return deps.db.write(async (tx) => {
    const [row] = await tx.select().from(integrationAccessRequests).where(and(eq(integrationAccessRequests.id, id), eq(integrationAccessRequests.orgId, caller.org.id)));
    if (!row) throw integrationErrors.error("accessRequestNotFound");
    await tx.lock(`access-request:${caller.org.id}:${row.requesterConnectedId}`);
    const [current] = await tx.select().from(integrationAccessRequests).where(eq(integrationAccessRequests.id, id));
    if (current!.status !== "pending") throw integrationErrors.error("accessRequestDecided");
    if (caller.actor.connectedId === current!.requesterConnectedId) throw integrationErrors.error("ownRequest");
    const now = deps.clock.now();
    if (decision === "approved") {
      // A decider hands on only what they hold themselves.
      for (const scope of current!.scopes) assertCan(caller.actor, scope);
      const [requester] = await provisionableMembers(tx, caller.org, { connectedIds: [current!.requesterConnectedId] });
      if (!requester) throw integrationErrors.error("badgeNotFound", { message: "the requester's badge is no longer live in this organization" });
      for (const scope of current!.scopes) await grantDirectScope(tx, { orgId: caller.org.id, connectedId: requester.connectedId, scope, source: `integration:${current!.moduleKey}`, at: now });
    }
    const [updated] = await tx
      .update(integrationAccessRequests)
      .set({ status: decision, decidedByConnectedId: caller.actor.connectedId, decisionNote: input.note?.trim() || null, decidedAt: now })
      .where(eq(integrationAccessRequests.id, id))
      .returning();
    await recordEvent(
      tx,
      caller,
      auditEvent(INTEGRATION_EVENTS.accessRequestDecided, { moduleKey: current!.moduleKey, requestId: id, decision, requesterConnectedId: current!.requesterConnectedId, scopes: current!.scopes }),
      now,
    );
    return view(updated!);
  });
}
