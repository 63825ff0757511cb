/**
 * agent.wake (spec §6): a notification that there is work for an agent. Signet emits
 * `setup_done` when the agent's operator issues its credential (the agent is hired,
 * operated and can connect). The story_* reasons (story_start, story_passed, story_revise,
 * story_redo, story_hold) belong to the project story flow; that domain, above this one,
 * calls `wakeAgent` from agents' index.ts inside its own transaction. The event is sealed
 * like every other; delivering it to the agent (a webhook) is later work.
 */
import { and, eq } from "drizzle-orm";
import { auditEvent } from "../../platform/audit/catalog";
import type { Tx } from "../../platform/db/database";
import { type AgentsCaller, recordEvent } from "./caller";
import { agentErrors } from "./errors";
import { AGENT_EVENTS, type WakeReason } from "./events";
import { agents } from "./schema";

export async function recordWake(tx: Tx, caller: AgentsCaller, input: { agentId: string; appGroupId: string; reason: WakeReason; subjectId: string | null; at: number }): Promise<void> {
  await recordEvent(tx, caller, auditEvent(AGENT_EVENTS.wake, { agentId: input.agentId, reason: input.reason, subjectId: input.subjectId }), input.at, input.appGroupId);
}

/**
 * Wakes a live (not revoked) agent of the caller's organization in the caller's
 * transaction: 404 agent_not_found otherwise. `subjectId` names what it is woken for (a
 * story's id).
 */
export async function wakeAgent(tx: Tx, caller: AgentsCaller, input: { agentId: string; reason: WakeReason; subjectId?: string | null; at: number }): Promise<void> {
  const [row] = await tx.select().from(agents).where(and(eq(agents.id, input.agentId), eq(agents.orgId, caller.org.id)));
  if (!row || row.status === "revoked") throw agentErrors.error("agentNotFound", { field: "agentId", message: "no live agent with this id in the organization" });
  await recordWake(tx, caller, { agentId: row.id, appGroupId: row.appGroupId, reason: input.reason, subjectId: input.subjectId ?? null, at: input.at });
}
