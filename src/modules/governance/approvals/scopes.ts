/**
 * The scopes of approvals. Owner and Admin hold them through org.*. Every built-in Member
 * (and so every Director) reads the forms, submits documents, sees their own (as
 * requester, through creator=self; as an approver or recipient, through their step) and
 * stamps the steps that are theirs. Defining forms and lines is the Owner's and Admins'
 * (by role, spec 4.7: "owner or admin only").
 */
export const APPROVAL_SCOPES = {
  workItemList: "org.work_item.list",
  workItemRead: "org.work_item.read",
  instanceCreate: "org.reporting_instance.create",
  instanceList: "org.reporting_instance.list",
  instanceRead: "org.reporting_instance.read",
  stepApprove: "org.reporting_instance.approval_step.approve",
} as const;

export const APPROVAL_ROLE_SCOPES = {
  member: [
    APPROVAL_SCOPES.workItemList,
    APPROVAL_SCOPES.workItemRead,
    APPROVAL_SCOPES.instanceCreate,
    `${APPROVAL_SCOPES.instanceList}:creator=self`,
    `${APPROVAL_SCOPES.instanceRead}:creator=self`,
    APPROVAL_SCOPES.stepApprove,
  ],
} as const;
