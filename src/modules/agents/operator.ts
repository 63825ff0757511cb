/**
 * The operator (spec 4.8 rule 6): the person an agent acts for. The gate of the agent's
 * credential is its badge's snapshot intersected with the operator's permissions as they
 * are on each request, so assigning a new operator re-clamps at once; it also revokes the
 * agent's credentials, which the previous operator issued. The operator, and only they,
 * issues the agent's credential (POST /{agentId}/credential), without any API key scope.
 */
import { eq } from "drizzle-orm";
import { auditEvent } from "../../platform/audit/catalog";
import { issueAgentCredential, revokeAgentCredentials } from "../access/index";
import { assertCan, badgeOfOrg, type OrgActor, personAuthorityOf, type Caller } from "../orgs/index";
import { type AgentsCaller, type AgentsDeps, recordEvent, refuseAgents } from "./caller";
import { agentErrors } from "./errors";
import { AGENT_EVENTS } from "./events";
import type { AgentView } from "./model";
import { agentView, groupOr404, lockedAgent, mcpUrlOf, refuseRevoked } from "./roster";
import { agents } from "./schema";
import { AGENT_SCOPES } from "./scopes";
import { recordWake } from "./wake";
import type { CredentialIssued } from "./model";

/**
 * PUT /{agentId}/operator {operatorConnectedId}: only a person can operate an agent, an
 * active member's badge (an unknown badge 404 connected_id_not_found; an AI or team badge,
 * or a person's badge that is suspended, revoked or no longer a member's, 400
 * operator_not_a_person). Assigning the operator it has changes nothing.
 */
export async function assignOperator(deps: AgentsDeps, caller: AgentsCaller, groupId: string, agentId: string, operatorConnectedId: string): Promise<AgentView> {
  refuseAgents(caller, "choose operators");
  assertCan(caller.actor, AGENT_SCOPES.update);
  const group = await groupOr404(deps, caller, groupId);
  return deps.db.write(async (tx) => {
    const row = await lockedAgent(tx, caller.org.id, group.id, agentId);
    refuseRevoked(row);
    const person = await personAuthorityOf(tx, caller.org.id, operatorConnectedId);
    if (!person) {
      const badge = await badgeOfOrg(tx, caller.org.id, operatorConnectedId);
      if (!badge) throw agentErrors.error("connectedIdNotFound", { field: "operatorConnectedId", message: "no such ConnectedId in this organization" });
      throw agentErrors.error("operatorNotAPerson", {
        field: "operatorConnectedId",
        message: badge.type !== "person" ? `only a person can be an operator, not a badge of type ${badge.type}` : "the person's badge is not active, or they are no longer a member",
      });
    }
    if (row.operatorConnectedId !== operatorConnectedId) {
      const now = deps.clock.now();
      await tx.update(agents).set({ operatorConnectedId, operatorAssignedAt: now, updatedAt: now }).where(eq(agents.id, row.id));
      const revokedCredentialIds = await revokeAgentCredentials(tx, { orgId: row.orgId, agentId: row.id, reason: "operator_changed", at: now });
      await recordEvent(tx, caller, auditEvent(AGENT_EVENTS.operatorAssigned, { agentId: row.id, from: row.operatorConnectedId, to: operatorConnectedId, revokedCredentialIds }), now, row.appGroupId);
    }
    const [changed] = await tx.select().from(agents).where(eq(agents.id, row.id));
    return agentView(tx, deps, caller.org, changed!);
  });
}

/**
 * POST /{agentId}/credential: the assigned operator issues their agent's credential, shown
 * once; the previous one is revoked. Not while the agent is suspended (409 agent_suspended),
 * expired (409 agent_expired) or revoked (409 agent_revoked). Records agent.credential_issued
 * and agent.wake (setup_done): the agent is set up and may start.
 */
export async function issueCredential(deps: AgentsDeps, caller: Caller<OrgActor>, groupId: string, agentId: string): Promise<typeof CredentialIssued.static> {
  const group = await groupOr404(deps, caller, groupId);
  return deps.db.write(async (tx) => {
    const row = await lockedAgent(tx, caller.org.id, group.id, agentId);
    refuseRevoked(row);
    if (!caller.actor.connectedId || row.operatorConnectedId !== caller.actor.connectedId) {
      throw agentErrors.error("notTheOperator", { message: "only the agent's assigned operator issues its credential" });
    }
    const now = deps.clock.now();
    if (row.status === "suspended") throw agentErrors.error("agentSuspended", { message: "the agent is suspended: no credential is issued until it is activated" });
    if (row.expiresAt <= now) throw agentErrors.error("agentExpired", { message: "the agent's expiresAt has passed: extend it (PUT) first" });
    const issued = await issueAgentCredential(tx, { orgId: row.orgId, agentId: row.id, issuedBy: { connectedId: caller.actor.connectedId, userId: caller.actor.userId }, at: now });
    await recordEvent(tx, caller, auditEvent(AGENT_EVENTS.credentialIssued, { agentId: row.id, credentialId: issued.view.id, prefix: issued.view.prefix, replacedCredentialIds: issued.replaced }), now, row.appGroupId);
    await recordWake(tx, caller, { agentId: row.id, appGroupId: row.appGroupId, reason: "setup_done", subjectId: issued.view.id, at: now });
    return {
      agentId: row.id,
      id: issued.view.id,
      credential: issued.credential,
      prefix: issued.view.prefix,
      createdAt: issued.view.createdAt,
      replacedCredentialIds: issued.replaced,
      mcpUrl: mcpUrlOf(deps, caller.org),
    };
  });
}
