/**
 * The seals of an approval document (DESIGN §6: selfHash, recordHash, sealedAt with the
 * platform's canonical JSON). Each document carries its own hash chain:
 *
 *   selfHash(document) = SHA-256(canonical JSON of the document as submitted, with its line)
 *   link 0             = recordHash({kind: "submitted", previous: null, selfHash})
 *   stamp n            = recordHash({kind: "stamp", previous: link n-1, selfHash: recordHash(stamp n)})
 *   completion         = recordHash({kind: "completed", previous: last link, selfHash: recordHash(completion)})
 *
 * The instance's recordHash is the chain's head; each stamped step keeps its own selfHash
 * and recordHash (its link), which its five-piece audit event carries as sealHash, so the
 * organization's audit chain seals the document's chain in turn. Every record here is
 * rebuilt from stored columns, so anyone holding the rows can re-check them.
 */
import { recordHash } from "../../../platform/crypto/canonical-json";
import type { InstanceRow, StepRow } from "./schema";

/** The document as its requester sealed it: the form's control fields, the text, the attachments and the resolved line. */
export function documentRecord(instance: Omit<InstanceRow, "status" | "completedAt" | "grantId" | "consumedAt" | "selfHash" | "recordHash" | "sealedAt">, steps: readonly StepRow[]) {
  return {
    id: instance.id,
    orgId: instance.orgId,
    documentNumber: instance.documentNumber,
    workItemId: instance.workItemId,
    docType: instance.docType,
    lineMode: instance.lineMode,
    requiredApprovals: instance.requiredApprovals,
    linePath: instance.linePath,
    riskLevel: instance.riskLevel,
    requestedScope: instance.requestedScope,
    uses: instance.uses,
    title: instance.title,
    body: instance.body,
    attachments: instance.attachments,
    requesterConnectedId: instance.requesterConnectedId,
    requesterKind: instance.requesterKind,
    requesterUserId: instance.requesterUserId,
    requesterKeyId: instance.requesterKeyId,
    sealCredentialId: instance.sealCredentialId,
    routing: instance.routing,
    submittedAt: instance.submittedAt,
    line: [...steps]
      .sort((a, b) => a.ord - b.ord)
      .map((s) => ({ stepId: s.id, order: s.ord, kind: s.kind, approverConnectedId: s.approverConnectedId, approverUserId: s.approverUserId, label: s.label, basis: s.basis })),
  };
}

/** One stamp: who decided what on which step, when, sealed with which passkey. */
export function stampRecord(step: Pick<StepRow, "instanceId" | "id" | "ord" | "approverConnectedId" | "decision" | "comment" | "stampedAt" | "sealCredentialId">) {
  return {
    instanceId: step.instanceId,
    stepId: step.id,
    order: step.ord,
    approverConnectedId: step.approverConnectedId,
    decision: step.decision,
    comment: step.comment,
    stampedAt: step.stampedAt,
    sealCredentialId: step.sealCredentialId,
  };
}

export type Materialized = "grant" | "one_time_credential" | "document";

/** What a completed document became (rule 5). */
export function materializedOf(instance: Pick<InstanceRow, "docType" | "uses">): Materialized {
  if (instance.docType !== "permission") return "document";
  return instance.uses === 1 ? "one_time_credential" : "grant";
}

/** The completion: what it materialized as, for whom, when. */
export function completionRecord(instance: Pick<InstanceRow, "id" | "docType" | "uses" | "requestedScope" | "requesterConnectedId" | "grantId" | "completedAt" | "routing">) {
  const materialized = materializedOf(instance);
  return {
    instanceId: instance.id,
    outcome: "completed",
    materialized,
    grantedScope: materialized === "grant" ? instance.requestedScope : null,
    grantConnectedId: materialized === "grant" ? instance.requesterConnectedId : null,
    grantId: instance.grantId,
    autoGranted: instance.routing === "auto_granted",
    completedAt: instance.completedAt,
  };
}

export function link(kind: "submitted" | "stamp" | "completed", previous: string | null, selfHash: string): string {
  return recordHash({ kind, previous, selfHash });
}

/** Whether the stored document, its stamps and its completion still hash to their seals and chain up to the instance's recordHash. */
export function chainIntact(instance: InstanceRow, steps: readonly StepRow[]): boolean {
  if (recordHash(documentRecord(instance, steps)) !== instance.selfHash) return false;
  let head = link("submitted", null, instance.selfHash);
  const stamped = steps.filter((s) => s.chainIndex !== null).sort((a, b) => a.chainIndex! - b.chainIndex!);
  for (const [i, step] of stamped.entries()) {
    if (step.chainIndex !== i + 1) return false;
    if (recordHash(stampRecord(step)) !== step.selfHash) return false;
    const next = link("stamp", head, step.selfHash);
    if (next !== step.recordHash) return false;
    head = next;
  }
  if (instance.status === "completed") head = link("completed", head, recordHash(completionRecord(instance)));
  return head === instance.recordHash;
}
