/**
 * The governance domain's door (DESIGN §2): what other domains may use. Other domains
 * import from here only, never its internals or tables.
 */
export { GOVERNANCE_SCOPES } from "./scopes";
export { type GovernanceCaller } from "./caller";
export { addReportingEdgeInTx } from "./relationships";
export { type MaterializedStructure, materializeStructureInTx, type StructurePlan } from "./materialize";
export { APPROVAL_SCOPES } from "./approvals/scopes";
export { type ConsumedApproval, consumeOneTimeApproval } from "./approvals/consume";
export { type ApprovalDeps } from "./approvals/deps";
export { instanceByNumber, listInstances, submitInstance } from "./approvals/instances";
export { getWorkItem, listWorkItems, permissionFormsFor, previewLine } from "./approvals/work-items";
export { BODY_MAX as APPROVAL_BODY_MAX, TITLE_MAX as APPROVAL_TITLE_MAX, type InstanceView, type LinePreviewView, type WorkItemView } from "./approvals/model";
