/**
 * Hiring (spec 3.3 first row, 4.8 rules 1–5): in one transaction, under the organization's
 * lock for the kind,
 *
 * 1. the shared role AGENT_{KIND} is found or created and brought up to the kind template
 *    (scopes added, never removed);
 * 2. the agent's machine badge is issued (type ai, no user, membership type none);
 * 3. its roster row is written with its snapshot (the role's scopes, narrowed by `scopes`
 *    when given), expiresAt, the hirer's ConnectedId and the operator (the hirer when a
 *    person; a machine hirer leaves none until one is assigned);
 * 4. every other live agent of the kind is re-snapshotted from the role as it now is;
 * 5. a reporting edge runs from the badge to the hirer (governance);
 * 6. agent.hired, with the role's and the edge's own events.
 */
import { and, eq, ne } from "drizzle-orm";
import { auditEvent } from "../../platform/audit/catalog";
import { toIso } from "../../platform/clock";
import { addReportingEdgeInTx } from "../governance/index";
import { assertCan, auditActorOf, coversAll, ensureSharedRole, intersectScopes, issueAgentBadge, validateScopes } from "../orgs/index";
import { type AgentsCaller, type AgentsDeps, madeBy, recordEvent, refuseAgents } from "./caller";
import { agentErrors } from "./errors";
import { AGENT_EVENTS } from "./events";
import { kindDescription, kindTemplate, roleKeyOf, roleNameOf } from "./kinds";
import { type AgentHire, DISPLAY_NAME_MAX, type AgentView } from "./model";
import { agentView, groupOr404 } from "./roster";
import { type AgentKind, agents } from "./schema";
import { AGENT_SCOPES } from "./scopes";

/** A display name: trimmed, 1 to 200 characters, no control characters; else 400 invalid_display_name. */
export function cleanDisplayName(value: string, field = "displayName"): string {
  const name = value.trim();
  // eslint-disable-next-line no-control-regex
  if (!name || name.length > DISPLAY_NAME_MAX || /[\u0000-\u001f\u007f]/.test(name)) throw agentErrors.error("invalidDisplayName", { field, message: "1 to 200 characters, not only spaces, without control characters" });
  return name;
}

/** A free text field: trimmed, null when left out or blank. */
export function optionalText(value: string | null | undefined): string | null {
  const clean = value?.trim() ?? "";
  return clean === "" ? null : clean;
}

/** An ISO 8601 date-time in the future (epoch ms): 400 invalid_expires_at or expires_at_in_past otherwise. */
export function futureExpiry(value: string, now: number, field = "expiresAt"): number {
  const iso = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  // A day the calendar has (Date.parse would roll 02-31 over into March).
  const realDay = iso !== null && new Date(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]))).getUTCDate() === Number(iso[3]) && Number(iso[2]) >= 1 && Number(iso[2]) <= 12;
  const at = realDay ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(at)) throw agentErrors.error("invalidExpiresAt", { field, message: "an ISO 8601 date-time with a time zone, for example 2030-01-31T18:00:00Z" });
  if (at <= now) throw agentErrors.error("expiresAtInPast", { field, message: "expiresAt must be in the future" });
  return at;
}

/** The scopes an agent asked for, each within its kind's role: 400 invalid_scope or scope_outside_kind naming the entry. */
export function requestedWithin(list: unknown, roleScopes: readonly string[]): string[] {
  const requested = validateScopes(list, "scopes");
  requested.forEach((scope, i) => {
    if (!coversAll(roleScopes, [scope])) throw agentErrors.error("scopeOutsideKind", { field: `scopes[${i}]`, scope, message: "an agent's scopes only narrow its kind's role" });
  });
  return requested;
}

/** The snapshot a badge holds: the role's scopes, narrowed to what the agent asked for. */
export function snapshotOf(roleScopes: readonly string[], requested: readonly string[] | null): string[] {
  return requested === null ? [...roleScopes] : intersectScopes(roleScopes, requested);
}

export async function hireAgent(deps: AgentsDeps, caller: AgentsCaller, groupId: string, input: typeof AgentHire.static): Promise<AgentView> {
  refuseAgents(caller, "hire (org.agent.hire is always refused to agents)");
  assertCan(caller.actor, AGENT_SCOPES.hire);
  const group = await groupOr404(deps, caller, groupId);
  const hirer = caller.actor.connectedId;
  if (!hirer) {
    throw agentErrors.error("hirerBadgeRequired", {
      message: caller.actor.kind === "m2m" ? "an M2M token hires through a key bound to a service account (its badge is the hirer)" : "you have no badge in this organization",
    });
  }
  const kind: AgentKind = input.kind;
  const displayName = cleanDisplayName(input.displayName);
  const now = deps.clock.now();
  const expiresAt = futureExpiry(input.expiresAt, now);
  if (input.scopes !== undefined) validateScopes(input.scopes, "scopes");
  const description = optionalText(input.description);
  const model = optionalText(input.model);
  const systemPrompt = input.systemPrompt?.trim() ? input.systemPrompt : null;
  const operator = caller.actor.kind === "user" ? caller.actor.connectedId : null;

  return deps.db.write(async (tx) => {
    // Hires of one kind are serialised: each brings the shared role up and re-snapshots the kind's agents.
    await tx.lock(`agents.kind:${caller.org.id}:${kind}`);
    const role = await ensureSharedRole(tx, {
      orgId: caller.org.id,
      key: roleKeyOf(kind),
      name: roleNameOf(kind),
      description: `Shared by every ${kind} agent (managed by hiring: scopes are added on every hire, never removed). ${kindDescription(kind)}`,
      template: kindTemplate(kind),
      actor: auditActorOf(caller.actor),
      requestId: caller.requestId,
      at: now,
    });
    const requested = input.scopes === undefined ? null : requestedWithin(input.scopes, role.scopes);
    const badge = await issueAgentBadge(tx, { orgId: caller.org.id, displayName, at: now });
    const snapshot = snapshotOf(role.scopes, requested);
    const [row] = await tx
      .insert(agents)
      .values({
        id: badge.id,
        orgId: caller.org.id,
        appGroupId: group.id,
        kind,
        description,
        systemPrompt,
        model,
        roleId: role.id,
        requestedScopes: requested,
        snapshot,
        snapshotAt: now,
        status: "active",
        suspendedReason: null,
        expiresAt,
        hiredByConnectedId: hirer,
        hiredBy: madeBy(caller.actor),
        operatorConnectedId: operator,
        operatorAssignedAt: operator ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // Rule 2: every live agent of the kind is re-snapshotted from the role as it now is.
    const others = await tx
      .select()
      .from(agents)
      .where(and(eq(agents.orgId, caller.org.id), eq(agents.kind, kind), ne(agents.status, "revoked"), ne(agents.id, badge.id)));
    for (const other of others) {
      await tx
        .update(agents)
        .set({ roleId: role.id, snapshot: snapshotOf(role.scopes, other.requestedScopes), snapshotAt: now, updatedAt: now })
        .where(eq(agents.id, other.id));
    }
    await addReportingEdgeInTx(tx, caller, { sourceId: badge.id, targetId: hirer, at: now });
    await recordEvent(
      tx,
      caller,
      auditEvent(AGENT_EVENTS.hired, {
        agentId: badge.id,
        appGroupId: group.id,
        kind,
        displayName,
        roleId: role.id,
        roleCreated: role.created,
        roleScopesAdded: role.added,
        snapshot,
        requestedScopes: requested,
        expiresAt: toIso(expiresAt),
        hiredByConnectedId: hirer,
        operatorConnectedId: operator,
        resnapshotted: others.map((o) => o.id),
      }),
      now,
      group.id,
    );
    return agentView(tx, deps, caller.org, row!);
  });
}
