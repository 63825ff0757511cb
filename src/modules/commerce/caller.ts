/** Who calls a commerce service, what it needs, and how its audit events name them. */
import type { AppContext } from "../../context";
import { appendAudit } from "../../platform/audit/append";
import type { Tx } from "../../platform/db/database";
import { appGroupOf } from "../customers/index";
import { assertCan, auditActorOf, type Caller, KNOWN_SCOPES, type OrgCaller } from "../orgs/index";
import type { ConnectGateway } from "./adapters/connect";
import type { KoreanAdapters } from "./adapters/korean";
import { commerceErrors } from "./errors";

/** A member's session or an M2M token (a key scoped to one app group reaches that group only). */
export type CommerceCaller = Caller<OrgCaller>;

/** What commerce's init builds: the gateway (null: none configured) and the Korean peers. */
export interface CommerceServices {
  connect: ConnectGateway | null;
  korean: KoreanAdapters;
}

export type CommerceDeps = Pick<AppContext, "db" | "clock" | "config" | "appGroups" | "secrets" | "logger" | "commerce">;

export interface GroupRef {
  id: string;
  key: string;
  name: string;
}

/** The live app group the caller reaches, by id or groupKey, or 404 app_group_not_found (unknown, another organization's, or beyond the caller's key). */
export async function groupOr404(deps: Pick<CommerceDeps, "db" | "appGroups">, caller: CommerceCaller, groupId: string): Promise<GroupRef> {
  const group = await deps.appGroups.find(deps.db.read, caller.org.id, groupId);
  const bound = caller.actor.kind === "m2m" ? caller.actor.appGroupId : null;
  const summary = group ? await appGroupOf(deps.db.read, caller.org.id, group.id) : null;
  if (!group || !summary || (bound !== null && bound !== group.id && bound !== group.key)) {
    throw commerceErrors.error("appGroupNotFound", { field: "groupId", message: "no live app group with this id or groupKey in the organization" });
  }
  return { id: group.id, key: group.key, name: summary.name };
}

/** Money and where it goes are the owner's (spec 4.4 "owner-only commerce"): view.billing, else 403 PERMISSION_DENIED. */
export function requireBillingScope(caller: CommerceCaller): void {
  assertCan(caller.actor, KNOWN_SCOPES.viewBilling);
}

/** Who to record as having made a row: the user, or the key of a machine. */
export function madeBy(actor: OrgCaller): string | null {
  return actor.kind === "m2m" ? actor.keyId : actor.userId;
}

export async function recordEvent(tx: Tx, caller: CommerceCaller, event: { type: string; payload: Record<string, unknown> }, at: number, appGroupId: string | null): Promise<void> {
  await appendAudit(tx, { orgId: caller.org.id, ...event, actor: auditActorOf(caller.actor), appGroupId, requestId: caller.requestId, ip: caller.ip, userAgent: caller.userAgent, at });
}
