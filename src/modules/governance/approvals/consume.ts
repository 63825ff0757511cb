/**
 * One-time approvals (spec 4.7 rule 5: uses=1). A completed permission document whose form
 * says uses=1 grants nothing; the sealed document is itself the credential, and it is good
 * for one use by its requester. Using it marks it consumed (once, under the document's
 * lock) and records reporting.approval.credential_consumed.
 *
 * Two doors: `POST /approvals/instances/{id}/consume` for the requester (a person, or the
 * service account's M2M token that asked), for example a deploy job that burns its
 * approval before it acts; and `consumeOneTimeApproval(tx, …)` (governance's index) for a
 * domain that gates an action on such an approval inside its own transaction.
 */
import { eq } from "drizzle-orm";
import { auditEvent } from "../../../platform/audit/catalog";
import type { Tx } from "../../../platform/db/database";
import { assertCan } from "../../orgs/index";
import { type GovernanceCaller, recordEvent } from "../caller";
import type { ApprovalDeps } from "./deps";
import { approvalErrors } from "./errors";
import { APPROVAL_EVENTS } from "./events";
import { lockedInstance } from "./instances";
import { approvalInstances } from "./schema";
import { APPROVAL_SCOPES } from "./scopes";
import { materializedOf } from "./seal";

export interface ConsumedApproval {
  id: string;
  documentNumber: string;
  scope: string | null;
  consumedAt: string;
}

/**
 * Uses the one-time approval `instanceId` in the caller's transaction: it must be the
 * caller's own (403 not_the_requester), completed with uses=1 (409
 * not_a_one_time_credential), not used yet (409 credential_consumed) and, when `scope` is
 * given, for that scope (409 scope_mismatch). Records the use with the caller as actor.
 */
export async function consumeOneTimeApproval(tx: Tx, caller: GovernanceCaller, input: { instanceId: string; scope?: string; at: number }): Promise<ConsumedApproval> {
  const { instance } = await lockedInstance(tx, caller.org.id, input.instanceId);
  if (!caller.actor.connectedId || instance.requesterConnectedId !== caller.actor.connectedId) {
    throw approvalErrors.error("notTheRequester", { message: "only the requester may use their one-time approval" });
  }
  if (instance.status !== "completed" || materializedOf(instance) !== "one_time_credential") {
    throw approvalErrors.error("notAOneTimeCredential", { documentStatus: instance.status, message: "only a completed permission document with uses=1 is a one-time credential" });
  }
  if (instance.consumedAt !== null) throw approvalErrors.error("credentialConsumed", { consumedAt: new Date(instance.consumedAt).toISOString() });
  if (input.scope !== undefined && input.scope !== instance.requestedScope) {
    throw approvalErrors.error("scopeMismatch", { field: "Scope", scope: instance.requestedScope, message: "the approval was given for another scope" });
  }
  await tx.update(approvalInstances).set({ consumedAt: input.at }).where(eq(approvalInstances.id, instance.id));
  await recordEvent(tx, caller, auditEvent(APPROVAL_EVENTS.credentialConsumed, { aggregateId: instance.id, documentNumber: instance.documentNumber, scope: instance.requestedScope }), input.at);
  return { id: instance.id, documentNumber: instance.documentNumber, scope: instance.requestedScope, consumedAt: new Date(input.at).toISOString() };
}

export async function consumeApproval(deps: ApprovalDeps, caller: GovernanceCaller, instanceId: string, input: { Scope?: string }): Promise<ConsumedApproval> {
  assertCan(caller.actor, APPROVAL_SCOPES.instanceCreate);
  const at = deps.clock.now();
  return deps.db.write((tx) => consumeOneTimeApproval(tx, caller, { instanceId, scope: input.Scope, at }));
}
