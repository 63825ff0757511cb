/** From approval rows to the wire shapes of model.ts. */
import { toIso } from "../../../platform/clock";
import type { InstanceView, StepView, WorkItemView } from "./model";
import type { InstanceRow, StepRow, WorkItemRow } from "./schema";
import { chainIntact } from "./seal";

const isoOrNull = (ms: number | null) => (ms === null ? null : toIso(ms));

export function workItemView(row: WorkItemRow): WorkItemView {
  return {
    id: row.id,
    name: row.name,
    docType: row.docType,
    lineMode: row.lineMode,
    quorumK: row.quorumK,
    riskLevel: row.riskLevel,
    language: row.language,
    requestedScope: row.requestedScope,
    uses: row.uses,
    positionCount: row.positions.length,
    archived: row.archivedAt !== null,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

function stepView(step: StepRow, names: ReadonlyMap<string, string>): StepView {
  return {
    id: step.id,
    order: step.ord,
    kind: step.kind,
    approverConnectedId: step.approverConnectedId,
    approverName: names.get(step.approverConnectedId) ?? "",
    label: step.label,
    basis: step.basis,
    status: step.status,
    decision: step.decision,
    comment: step.comment,
    stampedAt: isoOrNull(step.stampedAt),
    selfHash: step.selfHash,
    recordHash: step.recordHash,
    sealedAt: isoOrNull(step.sealedAt),
  };
}

/**
 * One document as `me` (the caller's badge, null for a machine without one) sees it:
 * IsRequester, IsReceiver, MyStepStatus, CreatorName and each step's ApproverName (spec
 * 4.7), with the seals and whether they still hold.
 */
export function instanceView(instance: InstanceRow, steps: readonly StepRow[], names: ReadonlyMap<string, string>, me: string | null): InstanceView {
  const ordered = [...steps].sort((a, b) => a.ord - b.ord);
  const mine = me ? ordered.find((s) => s.approverConnectedId === me) : undefined;
  return {
    id: instance.id,
    documentNumber: instance.documentNumber,
    workItemId: instance.workItemId,
    docType: instance.docType,
    title: instance.title,
    body: instance.body,
    attachments: instance.attachments,
    requestedScope: instance.requestedScope,
    uses: instance.uses,
    lineMode: instance.lineMode,
    linePath: instance.linePath,
    riskLevel: instance.riskLevel,
    requiredApprovals: instance.requiredApprovals,
    status: instance.status,
    routing: instance.routing,
    requesterConnectedId: instance.requesterConnectedId,
    requesterKind: instance.requesterKind,
    creatorName: names.get(instance.requesterConnectedId) ?? "",
    isRequester: me !== null && instance.requesterConnectedId === me,
    isReceiver: mine !== undefined,
    myStepId: mine?.id ?? null,
    myStepStatus: mine?.status ?? null,
    submittedAt: toIso(instance.submittedAt),
    completedAt: isoOrNull(instance.completedAt),
    consumedAt: isoOrNull(instance.consumedAt),
    grantId: instance.grantId,
    steps: ordered.map((s) => stepView(s, names)),
    selfHash: instance.selfHash,
    recordHash: instance.recordHash,
    sealedAt: toIso(instance.sealedAt),
    sealIntact: chainIntact(instance, steps),
  };
}
