/**
 * Error codes of approvals, with their statuses (DESIGN §7; docs/governance.md, Approvals).
 * connected_id_not_found and badge_not_eligible are governance's own (../errors.ts).
 */
import { defineErrors } from "../../../platform/http/error-catalog";

export const approvalErrors = defineErrors({
  workItemNotFound: { code: "work_item_not_found", status: 404, message: "no such work item (approval form) in this organization" },
  instanceNotFound: { code: "approval_not_found", status: 404, message: "no such approval document in this organization, or not one you may see" },
  stepNotFound: { code: "approval_step_not_found", status: 404, message: "no such step on this approval document (field names which id)" },
  roleNotFound: { code: "role_not_found", status: 404, message: "no such role in this organization: a built-in role key or a custom role's id (field names which)" },
  invalidWorkItem: { code: "invalid_work_item", status: 400, message: "the form's control fields do not fit together (field names which)" },
  invalidPosition: { code: "invalid_position", status: 400, message: "an approval line position is incomplete or names what its resolveType does not take (field names which)" },
  workItemArchived: { code: "work_item_archived", status: 409, message: "the form is archived: no new documents" },
  requesterBadgeRequired: { code: "requester_badge_required", status: 403, message: "a requester needs a badge in the organization: an M2M token must come from a key bound to a service account" },
  personalSealRequired: { code: "personal_seal_required", status: 403, message: "submitting is sealed with a passkey (spec 4.7 rule 1): register one first" },
  notYourStep: { code: "not_your_step", status: 403, message: "the step belongs to another approver" },
  stampRefused: { code: "stamp_ceiling", status: 403, message: "the approver no longer holds what the step requires (rule 4; reason says what: role, reporting_line, scope, badge)" },
  notTheRequester: { code: "not_the_requester", status: 403, message: "only the requester may use their one-time approval" },
  instanceClosed: { code: "approval_closed", status: 409, message: "the document is no longer waiting for stamps (documentStatus says why)" },
  notYourTurn: { code: "not_your_turn", status: 409, message: "a chain line is stamped in order: an earlier step is still pending" },
  stepAlreadyStamped: { code: "step_already_stamped", status: 409, message: "the step was already stamped or is no longer needed (stepStatus says which)" },
  notAOneTimeCredential: { code: "not_a_one_time_credential", status: 409, message: "only a completed permission document with uses=1 is a one-time credential" },
  credentialConsumed: { code: "credential_consumed", status: 409, message: "the one-time approval was already used" },
  scopeMismatch: { code: "scope_mismatch", status: 409, message: "the one-time approval was given for another scope" },
});

export const ApprovalErrors = approvalErrors.codes;
