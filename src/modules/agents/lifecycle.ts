/**
 * An agent's life after hiring (spec 3.3): changes (PUT), suspend and activate
 * (org.agent.suspend), revoke (DELETE, org.agent.revoke), and the TTL job that suspends
 * agents whose expiresAt has passed (reason expired). Each change and its event are one
 * transaction under the agent's lock; none is open to agents themselves.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import type { AppContext } from "../../context";
import { appendAudit } from "../../platform/audit/append";
import { auditEvent } from "../../platform/audit/catalog";
import { toIso } from "../../platform/clock";
import type { Tx } from "../../platform/db/database";
import { kernelErrors } from "../../platform/http/error-catalog";
import { revokeAgentCredentials } from "../access/index";
import { assertCan, badgeOfOrg, scopesOfRole, updateAgentBadge } from "../orgs/index";
import { type AgentsCaller, type AgentsDeps, recordEvent, refuseAgents } from "./caller";
import { agentErrors } from "./errors";
import { AGENT_EVENTS } from "./events";
import { cleanDisplayName, futureExpiry, optionalText, requestedWithin, snapshotOf } from "./hire";
import type { AgentChange, AgentView } from "./model";
import { agentView, groupOr404, lockedAgent, refuseRevoked } from "./roster";
import { type AgentRow, agents } from "./schema";
import { AGENT_SCOPES } from "./scopes";

/** PUT /{agentId}: display name, expiry, scopes (re-snapshotted from the role as it is now), description, system prompt, model. */
export async function updateAgent(deps: AgentsDeps, caller: AgentsCaller, groupId: string, agentId: string, input: typeof AgentChange.static): Promise<AgentView> {
  refuseAgents(caller, "change agents");
  assertCan(caller.actor, AGENT_SCOPES.update);
  const group = await groupOr404(deps, caller, groupId);
  if (Object.keys(input).length === 0) throw kernelErrors.error("invalidRequest", { field: "displayName", message: "give at least one field to change" });
  const now = deps.clock.now();
  const displayName = input.displayName === undefined ? undefined : cleanDisplayName(input.displayName);
  const expiresAt = input.expiresAt === undefined ? undefined : futureExpiry(input.expiresAt, now);
  return deps.db.write(async (tx) => {
    const row = await lockedAgent(tx, caller.org.id, group.id, agentId);
    refuseRevoked(row);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const set: Partial<AgentRow> = {};
    if (displayName !== undefined) {
      const badge = await badgeOfOrg(tx, caller.org.id, row.id);
      if (badge && badge.displayName !== displayName) {
        changes.displayName = { from: badge.displayName, to: displayName };
        await updateAgentBadge(tx, { orgId: caller.org.id, id: row.id, displayName, at: now });
      }
    }
    if (expiresAt !== undefined && expiresAt !== row.expiresAt) {
      changes.expiresAt = { from: toIso(row.expiresAt), to: toIso(expiresAt) };
      set.expiresAt = expiresAt;
    }
    if (input.scopes !== undefined) {
      const roleScopes = await scopesOfRole(tx, caller.org.id, row.roleId);
      const requested = input.scopes === null ? null : requestedWithin(input.scopes, roleScopes);
      const snapshot = snapshotOf(roleScopes, requested);
      if (JSON.stringify(requested) !== JSON.stringify(row.requestedScopes) || JSON.stringify(snapshot) !== JSON.stringify(row.snapshot)) {
        changes.scopes = { from: row.requestedScopes, to: requested };
        changes.snapshot = { from: row.snapshot, to: snapshot };
        Object.assign(set, { requestedScopes: requested, snapshot, snapshotAt: now });
      }
    }
    for (const field of ["description", "systemPrompt", "model"] as const) {
      if (input[field] === undefined) continue;
      const value = field === "systemPrompt" ? (input.systemPrompt?.trim() ? input.systemPrompt : null) : optionalText(input[field]);
      if (value !== row[field]) {
        changes[field] = { from: row[field], to: value };
        set[field] = value;
      }
    }
    if (Object.keys(changes).length > 0) {
      await tx.update(agents).set({ ...set, updatedAt: now }).where(eq(agents.id, row.id));
      await recordEvent(tx, caller, auditEvent(AGENT_EVENTS.updated, { agentId: row.id, changes }), now, row.appGroupId);
    }
    const [changed] = await tx.select().from(agents).where(eq(agents.id, row.id));
    return agentView(tx, deps, caller.org, changed!);
  });
}

/** Suspends an active agent in the caller's transaction: the roster and the badge, with agent.suspended. */
async function suspendInTx(tx: Tx, row: AgentRow, reason: "manual" | "expired", now: number, record: (event: { type: string; payload: Record<string, unknown> }) => Promise<void>): Promise<void> {
  await tx.update(agents).set({ status: "suspended", suspendedReason: reason, suspendedAt: now, updatedAt: now }).where(eq(agents.id, row.id));
  await updateAgentBadge(tx, { orgId: row.orgId, id: row.id, status: "suspended", at: now });
  await record(auditEvent(AGENT_EVENTS.suspended, { agentId: row.id, reason, expiresAt: toIso(row.expiresAt) }));
}

/**
 * One lifecycle step of an agent: refused to agents, gated by `scope`, on an agent of the
 * route's app group found under its lock; `change` writes what moves (and its event) in
 * the same transaction, and the answer is the agent as it is afterwards.
 */
async function lifecycleStep(
  deps: AgentsDeps,
  caller: AgentsCaller,
  step: { groupId: string; agentId: string; what: string; scope: string },
  change: (tx: Tx, row: AgentRow, now: number) => Promise<void>,
): Promise<AgentView> {
  refuseAgents(caller, step.what);
  assertCan(caller.actor, step.scope);
  const group = await groupOr404(deps, caller, step.groupId);
  return deps.db.write(async (tx) => {
    const row = await lockedAgent(tx, caller.org.id, group.id, step.agentId);
    await change(tx, row, deps.clock.now());
    const [changed] = await tx.select().from(agents).where(eq(agents.id, row.id));
    return agentView(tx, deps, caller.org, changed!);
  });
}

/** POST /{agentId}/suspend: active → suspended (reason manual); its credential is refused until it is activated. Suspending a suspended agent changes nothing. */
export function suspendAgent(deps: AgentsDeps, caller: AgentsCaller, groupId: string, agentId: string): Promise<AgentView> {
  return lifecycleStep(deps, caller, { groupId, agentId, what: "suspend agents", scope: AGENT_SCOPES.suspend }, async (tx, row, now) => {
    refuseRevoked(row);
    if (row.status === "active") await suspendInTx(tx, row, "manual", now, (event) => recordEvent(tx, caller, event, now, row.appGroupId));
  });
}

/** POST /{agentId}/activate: suspended → active, unless its expiresAt has passed (409 agent_expired: extend it first). */
export function activateAgent(deps: AgentsDeps, caller: AgentsCaller, groupId: string, agentId: string): Promise<AgentView> {
  return lifecycleStep(deps, caller, { groupId, agentId, what: "activate agents", scope: AGENT_SCOPES.suspend }, async (tx, row, now) => {
    refuseRevoked(row);
    if (row.status !== "suspended") return;
    if (row.expiresAt <= now) throw agentErrors.error("agentExpired", { expiresAt: toIso(row.expiresAt), message: "the agent's expiresAt has passed: extend it (PUT) before activating" });
    await tx.update(agents).set({ status: "active", suspendedReason: null, suspendedAt: null, updatedAt: now }).where(eq(agents.id, row.id));
    await updateAgentBadge(tx, { orgId: row.orgId, id: row.id, status: "active", at: now });
    await recordEvent(tx, caller, auditEvent(AGENT_EVENTS.activated, { agentId: row.id, previousReason: row.suspendedReason }), now, row.appGroupId);
  });
}

/**
 * DELETE /{agentId}: active or suspended → revoked. The roster row is retired (kept, with
 * revokedAt), the badge revoked (so its reporting edges leave the graph), its credentials
 * revoked, agent.revoked. Revoking a revoked agent answers its view and records nothing.
 */
export function revokeAgent(deps: AgentsDeps, caller: AgentsCaller, groupId: string, agentId: string): Promise<AgentView> {
  return lifecycleStep(deps, caller, { groupId, agentId, what: "revoke agents", scope: AGENT_SCOPES.revoke }, async (tx, row, now) => {
    if (row.status === "revoked") return;
    await tx.update(agents).set({ status: "revoked", revokedAt: now, updatedAt: now }).where(eq(agents.id, row.id));
    await updateAgentBadge(tx, { orgId: row.orgId, id: row.id, status: "revoked", at: now });
    const revokedCredentialIds = await revokeAgentCredentials(tx, { orgId: row.orgId, agentId: row.id, reason: "agent_revoked", at: now });
    await recordEvent(tx, caller, auditEvent(AGENT_EVENTS.revoked, { agentId: row.id, revokedCredentialIds }), now, row.appGroupId);
  });
}

/** How many expired agents one run of the TTL job suspends at most (the next minute takes the rest). */
const EXPIRY_BATCH = 500;

/**
 * The TTL job's work (spec 3.3: active → suspended at expiry, reason expired): each active
 * agent whose expiresAt has passed is suspended in its own transaction, re-read under its
 * lock (an agent extended or suspended meanwhile is left alone). The actor is the system.
 */
export async function suspendExpiredAgents(deps: Pick<AppContext, "db">, now: number): Promise<{ suspended: number }> {
  const due = await deps.db.read
    .select({ id: agents.id, orgId: agents.orgId })
    .from(agents)
    .where(and(eq(agents.status, "active"), lte(agents.expiresAt, now)))
    .orderBy(asc(agents.expiresAt))
    .limit(EXPIRY_BATCH);
  let suspended = 0;
  for (const { id, orgId } of due) {
    suspended += await deps.db.write(async (tx) => {
      await tx.lock(`agents.agent:${id}`);
      const [row] = await tx.select().from(agents).where(eq(agents.id, id));
      if (!row || row.status !== "active" || row.expiresAt > now) return 0;
      await suspendInTx(tx, row, "expired", now, async (event) => {
        await appendAudit(tx, { orgId, ...event, actor: { kind: "system", id: "agents.expiry", connectedId: null }, appGroupId: row.appGroupId, at: now });
      });
      return 1;
    });
  }
  return { suspended };
}
