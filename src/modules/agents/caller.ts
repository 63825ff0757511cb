/** Who calls an agents service, and how its audit events name them. */
import type { AppContext } from "../../context";
import { appendAudit } from "../../platform/audit/append";
import type { Tx } from "../../platform/db/database";
import { auditActorOf, type Caller, type OrgCaller } from "../orgs/index";
import { agentErrors } from "./errors";

/** A member's session, an M2M token, or an agent's credential (the org guards). */
export type AgentsCaller = Caller<OrgCaller>;

export type AgentsDeps = Pick<AppContext, "db" | "clock" | "config" | "appGroups" | "agentRoster">;

/** Who to record as having made a row: the user, or the key (or credential) of a machine. */
export function madeBy(actor: OrgCaller): string | null {
  return actor.kind === "m2m" ? actor.keyId : actor.userId;
}

/** Whether the caller is an agent acting with its credential. */
export function isAgent(actor: OrgCaller): boolean {
  return actor.kind === "m2m" && actor.agentId !== null;
}

/** Agents never hire, change, suspend or revoke agents, nor issue credentials (spec 4.8 rule 2): 403 agent_not_allowed. */
export function refuseAgents(caller: AgentsCaller, what: string): void {
  if (isAgent(caller.actor)) throw agentErrors.error("agentNotAllowed", { message: `agents never ${what}, whatever their gate holds` });
}

/** Appends one event for the caller's organization, in the caller's transaction. */
export async function recordEvent(tx: Tx, caller: AgentsCaller, event: { type: string; payload: Record<string, unknown> }, at: number, appGroupId?: string | null): Promise<void> {
  await appendAudit(tx, { orgId: caller.org.id, ...event, actor: auditActorOf(caller.actor), appGroupId: appGroupId ?? null, requestId: caller.requestId, ip: caller.ip, userAgent: caller.userAgent, at });
}
