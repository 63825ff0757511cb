/** Who calls a governance service, and how its audit events name them. */
import { appendAudit } from "../../platform/audit/append";
import type { Tx } from "../../platform/db/database";
import type { AppContext } from "../../context";
import { auditActorOf, type Caller, type OrgCaller } from "../orgs/index";

/** A member's session, or an M2M token of an org-wide key (the `orgOrMachine` guard). */
export type GovernanceCaller = Caller<OrgCaller>;

export type GovernanceDeps = Pick<AppContext, "db" | "clock">;

/** Who to record as having made a row: the user, or the key of an M2M token. */
export function madeBy(actor: OrgCaller): string | null {
  return actor.kind === "m2m" ? actor.keyId : actor.userId;
}

/** Appends one event (`auditEvent(...)`) for the caller's organization, in the caller's transaction. */
export async function recordEvent(tx: Tx, caller: GovernanceCaller, event: { type: string; payload: Record<string, unknown> }, at: number): Promise<void> {
  await appendAudit(tx, { orgId: caller.org.id, ...event, actor: auditActorOf(caller.actor), requestId: caller.requestId, ip: caller.ip, userAgent: caller.userAgent, at });
}
