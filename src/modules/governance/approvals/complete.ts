/**
 * Completion (spec 4.7 rule 5, §6 RPT033): a document whose line is satisfied is
 * materialized. A permission form's document becomes a persistent direct grant of the
 * requested scope to the requester's badge (orgs' org_direct_grants, so it takes effect on
 * the requester's next request), unless the form says uses=1: then the sealed document
 * itself is a one-time credential and nothing is granted (see consume.ts). Any other
 * document is simply approved. The completion is the last link of the document's chain.
 */
import { eq } from "drizzle-orm";
import { auditEvent } from "../../../platform/audit/catalog";
import { recordHash } from "../../../platform/crypto/canonical-json";
import type { Tx } from "../../../platform/db/database";
import { grantDirectScope } from "../../orgs/index";
import { type GovernanceCaller, recordEvent } from "../caller";
import { APPROVAL_EVENTS } from "./events";
import { approvalInstances, type InstanceRow } from "./schema";
import { completionRecord, link, materializedOf } from "./seal";

export async function completeInstance(tx: Tx, caller: GovernanceCaller, instance: InstanceRow, at: number): Promise<InstanceRow> {
  const materialized = materializedOf(instance);
  const grant =
    materialized === "grant" && instance.requestedScope
      ? await grantDirectScope(tx, { orgId: instance.orgId, connectedId: instance.requesterConnectedId, scope: instance.requestedScope, source: `approval:${instance.id}`, at })
      : null;
  const completed = { ...instance, status: "completed" as const, completedAt: at, grantId: grant?.id ?? null };
  const head = link("completed", instance.recordHash, recordHash(completionRecord(completed)));
  const [row] = await tx
    .update(approvalInstances)
    .set({ status: "completed", completedAt: at, grantId: completed.grantId, recordHash: head })
    .where(eq(approvalInstances.id, instance.id))
    .returning();
  await recordEvent(
    tx,
    caller,
    auditEvent(APPROVAL_EVENTS.completed, {
      aggregateId: instance.id,
      documentNumber: instance.documentNumber,
      materialized,
      grantedScope: grant ? instance.requestedScope : null,
      grantId: grant?.id ?? null,
      autoGranted: instance.routing === "auto_granted",
      sealHash: head,
    }),
    at,
  );
  return row!;
}
