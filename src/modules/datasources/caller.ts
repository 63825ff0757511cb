/** Who calls a data-source service, what it needs, and how its audit events name them. */
import type { AppContext } from "../../context";
import { appendAudit } from "../../platform/audit/append";
import type { Tx } from "../../platform/db/database";
import { auditActorOf, type Caller, type OrgCaller } from "../orgs/index";
import { datasourceErrors } from "./errors";

export type DatasourcesCaller = Caller<OrgCaller>;
export type DatasourcesDeps = Pick<AppContext, "db" | "clock" | "config" | "appGroups" | "secrets" | "logger" | "mail">;

/** Who made a row: the user, or the key behind an M2M token. */
export function madeBy(actor: OrgCaller): string {
  return actor.kind === "m2m" ? actor.keyId : actor.userId;
}

/**
 * The live app group `groupId` (id or groupKey) of the caller's organization, or 404
 * app_group_not_found: unknown, deleted, another organization's, or another group than the
 * one a group-bound machine key belongs to.
 */
export async function groupOr404(deps: Pick<DatasourcesDeps, "db" | "appGroups">, caller: DatasourcesCaller, groupId: string): Promise<{ id: string; key: string }> {
  const group = await deps.appGroups.find(deps.db.read, caller.org.id, groupId);
  const bound = caller.actor.kind === "m2m" ? caller.actor.appGroupId : null;
  if (!group || (bound !== null && bound !== group.id && bound !== group.key)) {
    throw datasourceErrors.error("appGroupNotFound", { field: "groupId", message: "no live app group with this id or groupKey in the organization" });
  }
  return group;
}

/** Appends one event for the caller's organization, in the caller's transaction. */
export async function recordEvent(tx: Tx, caller: DatasourcesCaller, event: { type: string; payload: Record<string, unknown> }, at: number, appGroupId: string): Promise<void> {
  await appendAudit(tx, { orgId: caller.org.id, ...event, actor: auditActorOf(caller.actor), appGroupId, requestId: caller.requestId, ip: caller.ip, userAgent: caller.userAgent, at });
}
