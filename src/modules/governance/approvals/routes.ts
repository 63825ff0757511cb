/**
 * Approvals: /api/org/{slug}/approvals/work-items (forms and their lines) and
 * /approvals/instances (documents, stamps) (spec 4.7). The rules live in work-items.ts,
 * instances.ts, stamps.ts and consume.ts; docs/governance.md (Approvals) describes the
 * routes and the choices the spec leaves open.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../context";
import { declaresErrors } from "../../../platform/http/error-catalog";
import { strictBody } from "../../../platform/http/strict-body";
import { MACHINE_TOKEN_ERRORS } from "../../access/index";
import { callerOf, ORG_GUARD_ERRORS, type Organization, type OrgActor, type OrgCaller, orgGuard, SlugParams } from "../../orgs/index";
import type { GovernanceCaller } from "../caller";
import { consumeApproval } from "./consume";
import { instanceByNumber, listInstances, submitInstance } from "./instances";
import * as M from "./model";
import { stampInstance } from "./stamps";
import { createWorkItem, getApprovalLine, getWorkItem, listWorkItems, previewLine, replaceApprovalLine, updateWorkItem } from "./work-items";

const TAGS = ["Approvals"];
const WHO =
  " A member's session, or an M2M token of an org-wide key holding the scope (a key scoped to one app group: 401 org_wide_key_required). " +
  "Owner and Admin hold every approval scope; every built-in Member holds org.work_item.list and .read, org.reporting_instance.create, " +
  ".list:creator=self, .read:creator=self and .approval_step.approve.";
const ADMIN = " People only (an M2M token: 403 machine_not_allowed), and only the Owner or an Admin (else 403 admin_required).";
const GUARD = [...ORG_GUARD_ERRORS, "org_wide_key_required", ...MACHINE_TOKEN_ERRORS, "PERMISSION_DENIED"];
const PEOPLE = [...ORG_GUARD_ERRORS, "admin_required"];
const SEAL = ["step_up_required", "step_up_failed"];

function caller(context: { org: Organization; orgCaller: OrgCaller; request: Request }): GovernanceCaller {
  return callerOf(context.org, context.orgCaller, context.request);
}

function person(context: { org: Organization; orgActor: OrgActor; request: Request }) {
  return callerOf(context.org, context.orgActor, context.request);
}

export function approvalRoutes(ctx: AppContext) {
  return new Elysia({ name: "governance.approvals", prefix: "/api/org/:slug/approvals" })
    .use(orgGuard(ctx))
    .get("/work-items", (c) => listWorkItems(ctx, caller(c)), {
      orgOrMachine: true,
      params: SlugParams,
      response: t.Array(M.WorkItem),
      detail: { tags: TAGS, summary: "List work items (approval forms)", description: `Every form of the organization, archived ones included, oldest first. Needs org.work_item.list.${WHO}`, ...declaresErrors(...GUARD) },
    })
    .post("/work-items", async (c) => c.status(201, await createWorkItem(ctx, person(c), c.body)), {
      org: true,
      params: SlugParams,
      ...strictBody(M.WorkItemCreate),
      response: { 201: M.WorkItem },
      detail: {
        tags: TAGS,
        summary: "Define a work item (approval form)",
        description:
          "docType permission | document | report; LineMode single | chain (default) | parallel | quorum (with QuorumK); RiskLevel 0–5 (default 2); language ko | en | ja (default en). " +
          "A permission form names RequestedScope (required there, one you hold: else 403 PERMISSION_DENIED) and may set uses 1 (one-time credential instead of a grant); " +
          "other forms take neither (400 invalid_work_item). The line starts empty (the default columns). Emits reporting.work_item.created." +
          ADMIN,
        ...declaresErrors(...PEOPLE, "invalid_work_item", "invalid_scope", "PERMISSION_DENIED"),
      },
    })
    .get("/work-items/:id", (c) => getWorkItem(ctx, caller(c), c.params.id), {
      orgOrMachine: true,
      params: M.WorkItemParams,
      response: M.WorkItem,
      detail: { tags: TAGS, summary: "Read a work item", description: `Needs org.work_item.read.${WHO}`, ...declaresErrors(...GUARD, "work_item_not_found") },
    })
    .patch("/work-items/:id", (c) => updateWorkItem(ctx, person(c), c.params.id, c.body), {
      org: true,
      params: M.WorkItemParams,
      ...strictBody(M.WorkItemChange),
      response: M.WorkItem,
      detail: {
        tags: TAGS,
        summary: "Change a work item's name or control fields, or archive it",
        description:
          "Fields left out keep their value. What the form grants (docType, RequestedScope, uses) never changes: define a new form. LineMode quorum needs QuorumK; leaving quorum clears it. " +
          "Archived true: no new documents (409 work_item_archived); documents already submitted go on. Emits reporting.work_item.updated when something changed." +
          ADMIN,
        ...declaresErrors(...PEOPLE, "work_item_not_found", "invalid_work_item"),
      },
    })
    .get("/work-items/:id/approval-line", (c) => getApprovalLine(ctx, caller(c), c.params.id), {
      orgOrMachine: true,
      params: M.WorkItemParams,
      response: M.ApprovalLine,
      detail: {
        tags: TAGS,
        summary: "Read a work item's approval line",
        description: `The ordered positions; none (isDefault) means the default staff, team-lead and executive columns up the requester's reporting tree. Needs org.work_item.read.${WHO}`,
        ...declaresErrors(...GUARD, "work_item_not_found"),
      },
    })
    .put("/work-items/:id/approval-line", (c) => replaceApprovalLine(ctx, person(c), c.params.id, c.body), {
      org: true,
      params: M.WorkItemParams,
      ...strictBody(M.LineReplace),
      response: M.ApprovalLine,
      detail: {
        tags: TAGS,
        summary: "Replace a work item's approval line",
        description:
          "Body {positions: [...]}, replacing all (at most 20; [] restores the default columns). Each: labelKo, labelEn, labelJa (at least one), resolveType drafter | role | member, " +
          "resolveRoleId (role: a built-in key or custom role id, else 404 role_not_found), resolveMemberConnectedId (member: required; role: the fallback; a person's badge, " +
          "else 404 connected_id_not_found / 400 badge_not_eligible). A field that does not belong to the resolveType is 400 invalid_position. " +
          "Emits reporting.approvalline.changed (RPT038, aggregateId the work item) unless the line is unchanged." +
          ADMIN,
        ...declaresErrors(...PEOPLE, "work_item_not_found", "invalid_position", "role_not_found", "connected_id_not_found", "badge_not_eligible"),
      },
    })
    .get("/work-items/:id/resolve-line", (c) => previewLine(ctx, caller(c), c.params.id), {
      orgOrMachine: true,
      params: M.WorkItemParams,
      response: M.LinePreview,
      detail: {
        tags: TAGS,
        summary: "Preview who would approve your document",
        description:
          "Read-only: the line resolved for the caller as requester now: approverCount, requiredApprovals, routing (routed, auto_granted for a human nobody needs to approve, " +
          "unroutable for a machine with nobody or when nobody holds the requested scope, notified for a report), the approvers and the columns left out with why. " +
          `A machine needs a key bound to a service account (403 requester_badge_required). Needs org.work_item.read.${WHO}`,
        ...declaresErrors(...GUARD, "work_item_not_found", "requester_badge_required"),
      },
    })
    .get("/instances", (c) => listInstances(ctx, caller(c), c.query), {
      orgOrMachine: true,
      params: SlugParams,
      query: M.InstancesQuery,
      response: t.Array(M.Instance),
      detail: {
        tags: TAGS,
        summary: "List your approval documents",
        description:
          "Documents you submitted and those you stamp or receive, newest first (?status=, ?limit= 1–200 default 50, ?offset=), each with isRequester, isReceiver, myStepStatus, " +
          `creatorName and every step's approverName. Needs org.reporting_instance.list in some form.${WHO}`,
        ...declaresErrors(...GUARD),
      },
    })
    .post("/instances", async (c) => c.status(201, await submitInstance(ctx, caller(c), c.body)), {
      orgOrMachine: true,
      params: SlugParams,
      ...strictBody(M.InstanceSubmit),
      response: { 201: M.Instance },
      detail: {
        tags: TAGS,
        summary: "Submit an approval document",
        description:
          "WorkItemId, Title, Body, AttachmentFileIds (live files you may read; sealed with the document, so they cannot be trashed: 409 sealed_attachment). A person seals the submit: " +
          "assertionResponseJson answering POST /api/auth/seal/options with purpose approval.submit and subject {WorkItemId}|{contentHash}, contentHash the hex SHA-256 of the " +
          'RFC 8785 canonical JSON of {"AttachmentFileIds":[…],"Body":"…","Title":"…"} as sent (403 personal_seal_required without a passkey, step_up_required without an ' +
          "assertion, step_up_failed otherwise). A machine submits with its token (a key bound to a service account). The document gets the next number {slug}-{yyyy}-{000001}, " +
          "its line is resolved (rules 2, 3) and each approver is mailed (a report's recipients instead; a report is not stamped). Nobody to approve: a person is granted at once " +
          `(status completed), a machine's document stays submitted (routing unroutable). Emits reporting.approval.submitted (and RPT033 when granted at once). Needs org.reporting_instance.create.${WHO}`,
        ...declaresErrors(...GUARD, ...SEAL, "work_item_not_found", "work_item_archived", "requester_badge_required", "personal_seal_required", "invalid_request"),
      },
    })
    .get("/instances/by-number/:documentNumber", (c) => instanceByNumber(ctx, caller(c), c.params.documentNumber), {
      orgOrMachine: true,
      params: M.NumberParams,
      response: M.Instance,
      detail: {
        tags: TAGS,
        summary: "Look up a sealed approval document by its number",
        description:
          "The document, its line and stamps with their seals (selfHash, recordHash, sealedAt) and sealIntact, re-checked now. Its requester, approvers and recipients see it; " +
          `others need org.reporting_instance.read without constraint (Owner, Admin), else 404 approval_not_found as for an unknown number.${WHO}`,
        ...declaresErrors(...GUARD, "approval_not_found"),
      },
    })
    .post("/instances/:id/stamp", (c) => stampInstance(ctx, person(c), c.params.id, c.body), {
      org: true,
      params: M.InstanceParams,
      ...strictBody(M.StampInput),
      response: M.Instance,
      detail: {
        tags: TAGS,
        summary: "Approve or reject your step",
        description:
          "StepId (yours), Decision approve | reject, Comment. Sealed: assertionResponseJson answering POST /api/auth/seal/options with purpose approval.stamp and subject " +
          "{instanceId}|{StepId}|{Decision}. The stamp re-checks the ceiling now (403 stamp_ceiling, reason role, reporting_line or scope). Progress: single needs one approval, " +
          "chain all in order (409 not_your_turn before), parallel all, quorum K of N; any rejection rejects. Completion grants a permission form's scope to the requester " +
          "(or, uses 1, makes the document a one-time credential). Emits RPT031/RPT032 reporting.approval.step_approved / step_rejected with the five pieces, and RPT033 " +
          `reporting.approval.completed. People only (machine_not_allowed). Needs org.reporting_instance.approval_step.approve.`,
        ...declaresErrors(
          ...ORG_GUARD_ERRORS,
          "PERMISSION_DENIED",
          ...SEAL,
          "approval_not_found",
          "approval_step_not_found",
          "not_your_step",
          "stamp_ceiling",
          "approval_closed",
          "not_your_turn",
          "step_already_stamped",
        ),
      },
    })
    .post("/instances/:id/consume", (c) => consumeApproval(ctx, caller(c), c.params.id, c.body ?? {}), {
      orgOrMachine: true,
      params: M.InstanceParams,
      body: t.Optional(M.ConsumeInput),
      response: M.Consumed,
      detail: {
        tags: TAGS,
        summary: "Use a one-time approval",
        description:
          "For a completed permission document whose form says uses 1: its requester uses it once (Scope, when given, must be the one approved: else 409 scope_mismatch). " +
          "Again: 409 credential_consumed; another document: 409 not_a_one_time_credential; someone else's: 403 not_the_requester. Emits reporting.approval.credential_consumed. " +
          `Needs org.reporting_instance.create.${WHO}`,
        ...declaresErrors(...GUARD, "approval_not_found", "not_the_requester", "not_a_one_time_credential", "credential_consumed", "scope_mismatch"),
      },
    });
}
