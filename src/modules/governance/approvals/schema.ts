/**
 * Approvals (spec 2.10, 3.8, 4.7; docs/governance.md, Approvals).
 *
 * - A work item is a form definition: its kind (docType permission | document | report),
 *   its control fields (LineMode, quorum K, RiskLevel, language; for a permission form the
 *   requested scope and `uses`) and its approval line (ordered positions; none means the
 *   default staff, team-lead and executive columns up the reporting tree).
 * - An instance is one document submitted on a work item: numbered `{slug}-{yyyy}-{000001}`,
 *   sealed at submit (selfHash over the document and its resolved line), with one step per
 *   approver (or per recipient of a report). Each stamp seals its step, and the instance's
 *   recordHash is the head of the document's own hash chain: submit, each stamp, completion.
 * - The number counters hold the last number issued per organization and year; they are
 *   read and raised under a lock in the submitting transaction, so numbers have no gap and
 *   no duplicate.
 */
import { col, table } from "../../../platform/db/kit";
import { connectedIds, organizations } from "../../orgs/schema";

export type DocType = "permission" | "document" | "report";
export type LineMode = "single" | "chain" | "parallel" | "quorum";
export type FormLanguage = "ko" | "en" | "ja";
export type ResolveType = "drafter" | "role" | "member";

/** One column of an approval line, as the owner or an admin set it (spec 2.10). */
export interface LinePosition {
  labelKo: string | null;
  labelEn: string | null;
  labelJa: string | null;
  resolveType: ResolveType;
  resolveRoleId: string | null;
  resolveMemberConnectedId: string | null;
}

/** How a step's approver was found: it is what the stamp re-checks (rule 4). */
export type StepBasis =
  | { kind: "tree"; level: number }
  | { kind: "role"; roleId: string; fallback: boolean }
  | { kind: "member" };

export interface StepLabel {
  ko: string | null;
  en: string | null;
  ja: string | null;
}

export type InstanceStatus = "submitted" | "completed" | "rejected" | "reported";
/** routed: steps wait for stamps; auto_granted: no approver, a human requester; unroutable: nobody capable, stays submitted; notified: a report. */
export type Routing = "routed" | "auto_granted" | "unroutable" | "notified";
export type StepStatus = "waiting" | "pending" | "approved" | "rejected" | "skipped" | "notified";

export const approvalWorkItems = table(
  "approval_work_items",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: col.text().notNull(),
    docType: col.text().$type<DocType>().notNull(),
    lineMode: col.text().$type<LineMode>().notNull(),
    /** quorum only: approvals needed (K of N). */
    quorumK: col.int(),
    /** 0 to 5: how many levels up the reporting tree the default line climbs (at least 2 for a machine). */
    riskLevel: col.int().notNull(),
    language: col.text().$type<FormLanguage>().notNull(),
    /** permission only: the scope an approved request grants. */
    requestedScope: col.text(),
    /** permission only: 1 makes an approved document a one-time credential instead of a grant. */
    uses: col.int(),
    /** The approval line, in order; empty: the default columns. */
    positions: col.json<LinePosition[]>().notNull(),
    /** Set when the form is retired: no new documents. */
    archivedAt: col.time(),
    createdBy: col.text(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [{ name: "approval_work_items_org_idx", on: ["orgId", "createdAt"] }],
);

export const approvalInstances = table(
  "approval_instances",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    workItemId: col.text().notNull().references(() => approvalWorkItems.id),
    documentNumber: col.text().notNull(),
    // The form as it was at submit (the work item may change later).
    docType: col.text().$type<DocType>().notNull(),
    lineMode: col.text().$type<LineMode>().notNull(),
    requiredApprovals: col.int().notNull(),
    /** positions | tree */
    linePath: col.text().$type<"positions" | "tree">().notNull(),
    /** The risk level the line was resolved with (a machine's floor applied). */
    riskLevel: col.int().notNull(),
    requestedScope: col.text(),
    uses: col.int(),
    // The document.
    title: col.text().notNull(),
    body: col.text().notNull(),
    attachments: col.json<Array<{ fileId: string; fileName: string; contentType: string; sizeBytes: number; sha256: string }>>().notNull(),
    // Who asked.
    requesterConnectedId: col.text().notNull().references(() => connectedIds.id),
    requesterKind: col.text().$type<"person" | "machine">().notNull(),
    requesterUserId: col.text(),
    requesterKeyId: col.text(),
    /** The requester's passkey that sealed the submit (null for a machine). */
    sealCredentialId: col.text(),
    status: col.text().$type<InstanceStatus>().notNull(),
    routing: col.text().$type<Routing>().notNull(),
    submittedAt: col.time().notNull(),
    completedAt: col.time(),
    /** The direct grant a completed permission document made (orgs' org_direct_grants id). */
    grantId: col.text(),
    /** uses=1: when the one-time credential was used. */
    consumedAt: col.time(),
    /** SHA-256 of the canonical JSON of the document as submitted (with its resolved line). */
    selfHash: col.text().notNull(),
    /** The head of the document's hash chain: submit, then each stamp, then completion. */
    recordHash: col.text().notNull(),
    sealedAt: col.time().notNull(),
  },
  [
    { name: "approval_instances_number_uq", on: ["orgId", "documentNumber"], unique: true },
    { name: "approval_instances_requester_idx", on: ["orgId", "requesterConnectedId"] },
  ],
);

export const approvalSteps = table(
  "approval_steps",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    instanceId: col.text().notNull().references(() => approvalInstances.id, { onDelete: "cascade" }),
    /** 1, 2, … in line order. */
    ord: col.int().notNull(),
    /** approver | recipient (a report's reader, who does not stamp). */
    kind: col.text().$type<"approver" | "recipient">().notNull(),
    approverConnectedId: col.text().notNull().references(() => connectedIds.id),
    approverUserId: col.text().notNull(),
    label: col.json<StepLabel>().notNull(),
    basis: col.json<StepBasis>().notNull(),
    status: col.text().$type<StepStatus>().notNull(),
    decision: col.text().$type<"approve" | "reject">(),
    comment: col.text(),
    stampedAt: col.time(),
    sealCredentialId: col.text(),
    /** The stamp's place in the document's hash chain (1 for the first stamp). */
    chainIndex: col.int(),
    selfHash: col.text(),
    recordHash: col.text(),
    sealedAt: col.time(),
  },
  [
    { name: "approval_steps_instance_approver_uq", on: ["instanceId", "approverConnectedId"], unique: true },
    { name: "approval_steps_approver_idx", on: ["orgId", "approverConnectedId"] },
  ],
);

/** The last document number issued per organization and year: `{orgId}:{yyyy}`. */
export const approvalNumberCounters = table("approval_number_counters", {
  id: col.id(),
  orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
  year: col.int().notNull(),
  last: col.int().notNull(),
});

export type WorkItemRow = typeof approvalWorkItems.$inferSelect;
export type InstanceRow = typeof approvalInstances.$inferSelect;
export type StepRow = typeof approvalSteps.$inferSelect;
