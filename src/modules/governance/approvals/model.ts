/**
 * Wire shapes of approvals (they are also the API reference). Request fields take the
 * spec's spelling where it gives one (positions' labelKo… resolveMemberConnectedId,
 * docType, LineMode, RiskLevel, language, uses) and PascalCase for the rest, like the
 * other governance bodies; responses are camelCase like the rest of the API.
 */
import { t } from "elysia";
import { SealAssertionBody } from "../../identity/index";
import { OrgSlug } from "../../orgs/index";

const Time = t.String({ format: "date-time" });
const Id = t.String({ minLength: 1, maxLength: 100 });
export const WORK_ITEM_NAME_MAX = 200;
export const LABEL_MAX = 100;
export const POSITIONS_MAX = 20;
export const TITLE_MAX = 200;
export const BODY_MAX = 20_000;
export const ATTACHMENTS_MAX = 20;
export const RISK_LEVEL_MAX = 5;
export const DEFAULT_RISK_LEVEL = 2;
export const COMMENT_MAX = 2000;

export const WorkItemParams = t.Object({ slug: OrgSlug, id: t.String({ minLength: 1, maxLength: 100, description: "The work item's id" }) });
export const InstanceParams = t.Object({ slug: OrgSlug, id: t.String({ minLength: 1, maxLength: 100, description: "The approval document's id" }) });
export const NumberParams = t.Object({ slug: OrgSlug, documentNumber: t.String({ minLength: 1, maxLength: 200, description: "{slug}-{yyyy}-{000001}" }) });

export const DocType = t.Union([t.Literal("permission"), t.Literal("document"), t.Literal("report")], {
  description: "permission: an approved request grants RequestedScope (or, with uses 1, is a one-time credential); document: an approval only; report: mailed to the line, no stamps",
});
export const LineMode = t.Union([t.Literal("single"), t.Literal("chain"), t.Literal("parallel"), t.Literal("quorum")], {
  description: "single: one approval; chain: all, in line order; parallel: all, any order; quorum: QuorumK of them. Any rejection rejects",
});
export const Language = t.Union([t.Literal("ko"), t.Literal("en"), t.Literal("ja")], { description: "The form's language: which label the mails use (default en)" });
const RiskLevel = t.Integer({ minimum: 0, maximum: RISK_LEVEL_MAX, description: "Levels the default line climbs up the reporting tree: 0 none, 1 the team lead, 2 also the executive (default), up to 5; at least 2 for a machine requester" });
const QuorumK = t.Integer({ minimum: 1, maximum: POSITIONS_MAX, description: "quorum only: approvals needed (K of N; N below K needs all N)" });

export const WorkItemCreate = t.Object(
  {
    Name: t.String({ maxLength: WORK_ITEM_NAME_MAX, description: "1 to 200 characters" }),
    docType: DocType,
    LineMode: t.Optional(LineMode),
    QuorumK: t.Optional(QuorumK),
    RiskLevel: t.Optional(RiskLevel),
    language: t.Optional(Language),
    RequestedScope: t.Optional(t.String({ minLength: 1, maxLength: 200, description: "permission only, required there: the scope an approved request grants (org.<resource>.<action>[:constraint]); you must hold it" })),
    uses: t.Optional(t.Literal(1, { description: "permission only: 1 makes an approved document a one-time credential with no grant; left out, the grant is persistent" })),
  },
  { additionalProperties: false },
);

export const WorkItemChange = t.Object(
  {
    Name: t.Optional(t.String({ maxLength: WORK_ITEM_NAME_MAX })),
    LineMode: t.Optional(LineMode),
    QuorumK: t.Optional(t.Nullable(QuorumK)),
    RiskLevel: t.Optional(RiskLevel),
    language: t.Optional(Language),
    Archived: t.Optional(t.Boolean({ description: "true retires the form (no new documents); false brings it back" })),
  },
  { additionalProperties: false },
);

export const WorkItem = t.Object({
  id: t.String(),
  name: t.String(),
  docType: DocType,
  lineMode: LineMode,
  quorumK: t.Nullable(t.Integer()),
  riskLevel: t.Integer(),
  language: Language,
  requestedScope: t.Nullable(t.String()),
  uses: t.Nullable(t.Integer()),
  positionCount: t.Integer({ description: "0: the default columns" }),
  archived: t.Boolean(),
  createdAt: Time,
  updatedAt: Time,
});

const Label = t.Nullable(t.String({ maxLength: LABEL_MAX }));
export const ResolveType = t.Union([t.Literal("drafter"), t.Literal("role"), t.Literal("member")], {
  description: "drafter: the requester (no step); role: the nearest holder of resolveRoleId up the requester's reporting tree, else resolveMemberConnectedId; member: resolveMemberConnectedId",
});

export const PositionInput = t.Object(
  {
    labelKo: t.Optional(Label),
    labelEn: t.Optional(Label),
    labelJa: t.Optional(Label),
    resolveType: ResolveType,
    resolveRoleId: t.Optional(t.Nullable(t.String({ minLength: 1, maxLength: 100, description: "role: a built-in role key (owner, admin, member, org_director) or a custom role's id" }))),
    resolveMemberConnectedId: t.Optional(t.Nullable(t.String({ minLength: 1, maxLength: 100, description: "member: the approver; role: the fallback when nobody up the tree holds the role" }))),
  },
  { additionalProperties: false },
);

export const LineReplace = t.Object({ positions: t.Array(PositionInput, { maxItems: POSITIONS_MAX, description: "The whole line, in order; [] restores the default columns" }) }, { additionalProperties: false });

export const Position = t.Object({
  labelKo: t.Nullable(t.String()),
  labelEn: t.Nullable(t.String()),
  labelJa: t.Nullable(t.String()),
  resolveType: ResolveType,
  resolveRoleId: t.Nullable(t.String()),
  resolveMemberConnectedId: t.Nullable(t.String()),
});

export const DefaultColumn = t.Object({
  key: t.Union([t.Literal("staff"), t.Literal("team_lead"), t.Literal("executive")]),
  labelKo: t.String(),
  labelEn: t.String(),
  labelJa: t.String(),
  level: t.Integer({ description: "Levels up the requester's reporting tree (0: the requester)" }),
});

export const ApprovalLine = t.Object({
  workItemId: t.String(),
  positions: t.Array(Position),
  isDefault: t.Boolean({ description: "No positions: the default staff, team-lead and executive columns apply (RiskLevel says how far up they reach)" }),
  defaultColumns: t.Array(DefaultColumn),
  updatedAt: Time,
});

const StepLabel = t.Object({ ko: t.Nullable(t.String()), en: t.Nullable(t.String()), ja: t.Nullable(t.String()) });
const StepBasis = t.Object({
  kind: t.Union([t.Literal("tree"), t.Literal("role"), t.Literal("member")]),
  level: t.Optional(t.Integer()),
  roleId: t.Optional(t.String()),
  fallback: t.Optional(t.Boolean()),
});

export const LinePreview = t.Object({
  workItemId: t.String(),
  requesterConnectedId: t.String(),
  requesterKind: t.Union([t.Literal("person"), t.Literal("machine")]),
  linePath: t.Union([t.Literal("positions"), t.Literal("tree")]),
  riskLevel: t.Integer({ description: "The level the tree path climbs for this requester (a machine's floor of 2 applied)" }),
  lineMode: LineMode,
  approverCount: t.Integer({ description: "People who would stamp (for a report: who would be mailed)" }),
  requiredApprovals: t.Integer({ description: "Stamps the document would need: 1 single, all for chain and parallel, min(K, N) quorum; 0 for a report" }),
  routing: t.Union([t.Literal("routed"), t.Literal("auto_granted"), t.Literal("unroutable"), t.Literal("notified")]),
  approvers: t.Array(t.Object({ connectedId: t.String(), displayName: t.String(), label: StepLabel, basis: StepBasis })),
  skipped: t.Array(
    t.Object({
      label: StepLabel,
      connectedId: t.Nullable(t.String()),
      reason: t.String({ description: "nobody_found, not_a_person, inactive, requester, duplicate, below_ceiling" }),
    }),
  ),
});

export const InstanceSubmit = t.Object(
  {
    WorkItemId: Id,
    Title: t.String({ maxLength: TITLE_MAX, description: "1 to 200 characters" }),
    Body: t.Optional(t.String({ maxLength: BODY_MAX, description: "The document's text (default empty)" })),
    AttachmentFileIds: t.Optional(t.Array(Id, { maxItems: ATTACHMENTS_MAX, description: "Live files of the organization you may read; sealed with the document (no trash afterwards)" })),
    ...SealAssertionBody,
  },
  { additionalProperties: false },
);

export const StampInput = t.Object(
  {
    StepId: Id,
    Decision: t.Union([t.Literal("approve"), t.Literal("reject")]),
    Comment: t.Optional(t.String({ maxLength: COMMENT_MAX })),
    ...SealAssertionBody,
  },
  { additionalProperties: false },
);

export const ConsumeInput = t.Object(
  { Scope: t.Optional(t.String({ minLength: 1, maxLength: 200, description: "When given, must be the scope the approval was for (else 409 scope_mismatch)" })) },
  { additionalProperties: false },
);

export const InstancesQuery = t.Object({
  status: t.Optional(t.Union([t.Literal("submitted"), t.Literal("completed"), t.Literal("rejected"), t.Literal("reported")])),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 200, description: "Default 50" })),
  offset: t.Optional(t.Integer({ minimum: 0, maximum: 1_000_000 })),
});

const Hash = t.String({ description: "SHA-256, hex" });

export const Step = t.Object({
  id: t.String(),
  order: t.Integer(),
  kind: t.Union([t.Literal("approver"), t.Literal("recipient")]),
  approverConnectedId: t.String(),
  approverName: t.String(),
  label: StepLabel,
  basis: StepBasis,
  status: t.Union([t.Literal("waiting"), t.Literal("pending"), t.Literal("approved"), t.Literal("rejected"), t.Literal("skipped"), t.Literal("notified")]),
  decision: t.Nullable(t.Union([t.Literal("approve"), t.Literal("reject")])),
  comment: t.Nullable(t.String()),
  stampedAt: t.Nullable(Time),
  selfHash: t.Nullable(Hash),
  recordHash: t.Nullable(Hash),
  sealedAt: t.Nullable(Time),
});

export const Attachment = t.Object({ fileId: t.String(), fileName: t.String(), contentType: t.String(), sizeBytes: t.Integer(), sha256: Hash });

export const Instance = t.Object({
  id: t.String(),
  documentNumber: t.String(),
  workItemId: t.String(),
  docType: DocType,
  title: t.String(),
  body: t.String(),
  attachments: t.Array(Attachment),
  requestedScope: t.Nullable(t.String()),
  uses: t.Nullable(t.Integer()),
  lineMode: LineMode,
  linePath: t.Union([t.Literal("positions"), t.Literal("tree")]),
  riskLevel: t.Integer(),
  requiredApprovals: t.Integer(),
  status: t.Union([t.Literal("submitted"), t.Literal("completed"), t.Literal("rejected"), t.Literal("reported")]),
  routing: t.Union([t.Literal("routed"), t.Literal("auto_granted"), t.Literal("unroutable"), t.Literal("notified")]),
  requesterConnectedId: t.String(),
  requesterKind: t.Union([t.Literal("person"), t.Literal("machine")]),
  creatorName: t.String({ description: "The requester's display name" }),
  isRequester: t.Boolean(),
  isReceiver: t.Boolean({ description: "You stamp a step of it, or receive the report" }),
  myStepId: t.Nullable(t.String()),
  myStepStatus: t.Nullable(t.String({ description: "Your step's status: waiting, pending, approved, rejected, skipped; notified for a report's recipient" })),
  submittedAt: Time,
  completedAt: t.Nullable(Time),
  consumedAt: t.Nullable(Time),
  grantId: t.Nullable(t.String()),
  steps: t.Array(Step),
  selfHash: Hash,
  recordHash: Hash,
  sealedAt: Time,
  sealIntact: t.Boolean({ description: "The document and every stamp still hash to their seals, and the chain links up to recordHash" }),
});

export const Consumed = t.Object({ id: t.String(), documentNumber: t.String(), scope: t.Nullable(t.String()), consumedAt: Time });

export type WorkItemView = typeof WorkItem.static;
export type ApprovalLineView = typeof ApprovalLine.static;
export type LinePreviewView = typeof LinePreview.static;
export type InstanceView = typeof Instance.static;
export type StepView = typeof Step.static;
