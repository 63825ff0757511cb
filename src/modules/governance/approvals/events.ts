/**
 * Audit events of approvals (spec §6): the line replaced (RPT038), each step stamped
 * (RPT031 approved, RPT032 rejected: the five pieces of ApprovalStepPayload) and the
 * document completed and materialized (RPT033), plus our own: forms created and changed,
 * documents submitted, one-time approvals used. All under reporting.* so the reporting
 * system grant (spec 5.4) reaches them.
 */
import { defineEvent } from "../../../platform/audit/catalog";
import type { LinePosition } from "./schema";

type Id = string;

/** The five pieces every stamp records (spec §6: "every approval step is sealed and emits a five-piece audit event"). */
export type ApprovalStepPayload = {
  /** The approval document (instance). */
  aggregateId: Id;
  stepId: Id;
  approverConnectedId: Id;
  decision: "approve" | "reject";
  /** The step's recordHash: its link in the document's hash chain. */
  sealHash: string;
};

export const APPROVAL_EVENTS = {
  lineChanged: defineEvent<{ aggregateId: Id; positions: LinePosition[] }>()(
    "reporting.approvalline.changed",
    "A work item's approval line is replaced; aggregateId is the WorkItemId, positions the new line (empty: the default columns)",
    "RPT038",
  ),
  stepApproved: defineEvent<ApprovalStepPayload>()("reporting.approval.step_approved", "An approval step is stamped approved (sealed)", "RPT031"),
  stepRejected: defineEvent<ApprovalStepPayload>()("reporting.approval.step_rejected", "An approval step is stamped rejected (sealed); the document is rejected", "RPT032"),
  completed: defineEvent<{
    aggregateId: Id;
    documentNumber: string;
    materialized: "grant" | "one_time_credential" | "document";
    grantedScope: string | null;
    grantId: Id | null;
    autoGranted: boolean;
    sealHash: string;
  }>()("reporting.approval.completed", "An approval document's line is completed and materialized: a direct grant, a one-time credential or an approved document", "RPT033"),
  submitted: defineEvent<{
    aggregateId: Id;
    documentNumber: string;
    workItemId: Id;
    docType: "permission" | "document" | "report";
    routing: "routed" | "auto_granted" | "unroutable" | "notified";
    approverConnectedIds: Id[];
    attachmentFileIds: Id[];
    sealHash: string;
  }>()("reporting.approval.submitted", "An approval document is submitted and sealed (for a report: its recipients notified)"),
  credentialConsumed: defineEvent<{ aggregateId: Id; documentNumber: string; scope: string | null }>()(
    "reporting.approval.credential_consumed",
    "A one-time approval (uses=1) is used by its requester",
  ),
  workItemCreated: defineEvent<{ workItemId: Id; name: string; docType: string; lineMode: string; quorumK: number | null; riskLevel: number; language: string; requestedScope: string | null; uses: number | null }>()(
    "reporting.work_item.created",
    "An approval form (work item) is defined",
  ),
  workItemUpdated: defineEvent<{ workItemId: Id; changes: Record<string, { from: unknown; to: unknown }> }>()(
    "reporting.work_item.updated",
    "An approval form's name or control fields change, or it is archived or restored",
  ),
} as const;
