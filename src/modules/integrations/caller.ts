/** Who calls an integrations service, and how its audit events name them. */
import type { AppContext } from "../../context";
import { type AppendedEvent, appendAudit } from "../../platform/audit/append";
import type { Tx } from "../../platform/db/database";
import { auditActorOf, type Caller, type OrgCaller } from "../orgs/index";

/** A member's session or an M2M token (the org guard). */
export type IntegrationsCaller = Caller<OrgCaller>;

export type IntegrationsDeps = Pick<AppContext, "db" | "clock" | "config" | "secrets" | "logger">;

/** Who to record as having made a row: the user, or the key of a machine. */
export function madeBy(actor: OrgCaller): string | null {
  return actor.kind === "m2m" ? actor.keyId : actor.userId;
}

/** Appends one event for the caller's organization, in the caller's transaction. */
export async function recordEvent(tx: Tx, caller: IntegrationsCaller, event: { type: string; payload: Record<string, unknown> }, at: number): Promise<AppendedEvent> {
  return appendAudit(tx, { orgId: caller.org.id, ...event, actor: auditActorOf(caller.actor), requestId: caller.requestId, ip: caller.ip, userAgent: caller.userAgent, at });
}
