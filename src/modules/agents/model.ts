/**
 * Wire shapes of agents (they are also the API reference): the hire, change and operator
 * bodies of spec 2.9 and 4.8 (camelCase, as the spec writes them), the roster view, the
 * kind templates, the issued credential, and the input of each MCP tool.
 */
import { t } from "elysia";
import { OrgSlug } from "../orgs/index";

const Time = t.String({ format: "date-time" });
const Id = t.String({ minLength: 1, maxLength: 100 });
export const DISPLAY_NAME_MAX = 200;
export const DESCRIPTION_MAX = 1000;
export const SYSTEM_PROMPT_MAX = 20_000;
export const MODEL_MAX = 200;
export const AGENT_SCOPES_MAX = 200;

export const AgentKind = t.Union([t.Literal("design"), t.Literal("db"), t.Literal("api"), t.Literal("test"), t.Literal("infra"), t.Literal("custom")], {
  description: "design (writes screens), db (schemas and queries), api (keys, webhooks), test (read and list only), infra (app settings, client registration), custom (no scopes)",
});

export const GroupParams = t.Object({ slug: OrgSlug, groupId: t.String({ minLength: 1, maxLength: 100, description: "The app group's id or groupKey" }) });
export const AgentParams = t.Object({
  slug: OrgSlug,
  groupId: t.String({ minLength: 1, maxLength: 100, description: "The app group's id or groupKey" }),
  agentId: t.String({ minLength: 1, maxLength: 100, description: "The agent's id (its ConnectedId)" }),
});

const ScopeList = t.Array(t.String({ maxLength: 200 }), {
  maxItems: AGENT_SCOPES_MAX,
  description: "Narrows the kind's role: each entry must be covered by it (else 400 scope_outside_kind). Left out: the whole role",
});

export const AgentHire = t.Object(
  {
    kind: AgentKind,
    displayName: t.String({ maxLength: DISPLAY_NAME_MAX, description: "1 to 200 characters" }),
    expiresAt: t.String({ maxLength: 40, description: "ISO 8601 date-time, required and in the future; at expiry the TTL job suspends the agent" }),
    scopes: t.Optional(ScopeList),
    description: t.Optional(t.String({ maxLength: DESCRIPTION_MAX })),
    systemPrompt: t.Optional(t.String({ maxLength: SYSTEM_PROMPT_MAX })),
    model: t.Optional(t.String({ maxLength: MODEL_MAX, description: "The model the agent runs on (recorded, not interpreted)" })),
  },
  { additionalProperties: false },
);

export const AgentChange = t.Object(
  {
    displayName: t.Optional(t.String({ maxLength: DISPLAY_NAME_MAX })),
    expiresAt: t.Optional(t.String({ maxLength: 40, description: "A new expiry, in the future" })),
    scopes: t.Optional(t.Nullable(ScopeList, { description: "null: the whole role again" })),
    description: t.Optional(t.Nullable(t.String({ maxLength: DESCRIPTION_MAX }))),
    systemPrompt: t.Optional(t.Nullable(t.String({ maxLength: SYSTEM_PROMPT_MAX }))),
    model: t.Optional(t.Nullable(t.String({ maxLength: MODEL_MAX }))),
  },
  { additionalProperties: false },
);

export const OperatorAssign = t.Object({ operatorConnectedId: Id }, { additionalProperties: false });

export const AgentsQuery = t.Object({ includeRevoked: t.Optional(t.Boolean({ description: "Also revoked agents (their roster rows are kept)" })) });

const CredentialView = t.Object({
  id: t.String(),
  prefix: t.String({ description: "ah_agent_ and 8 characters, to recognise it" }),
  issuedByConnectedId: t.String(),
  createdAt: Time,
  revokedAt: t.Nullable(Time),
  revokedReason: t.Nullable(t.String()),
});

export const Agent = t.Object({
  id: t.String({ description: "The agent's id: its machine ConnectedId (type ai, no user, membership type none)" }),
  connectedId: t.String(),
  appGroupId: t.String(),
  kind: AgentKind,
  displayName: t.String(),
  description: t.Nullable(t.String()),
  systemPrompt: t.Nullable(t.String()),
  model: t.Nullable(t.String()),
  status: t.Union([t.Literal("active"), t.Literal("suspended"), t.Literal("revoked")]),
  suspendedReason: t.Nullable(t.Union([t.Literal("manual"), t.Literal("expired")])),
  badgeStatus: t.Nullable(t.Union([t.Literal("active"), t.Literal("suspended"), t.Literal("revoked")])),
  expiresAt: Time,
  role: t.Object({ id: t.String(), name: t.String({ description: "AGENT_{KIND}" }) }),
  requestedScopes: t.Nullable(t.Array(t.String())),
  snapshot: t.Array(t.String(), { description: "The permission snapshot its badge holds" }),
  snapshotAt: Time,
  hiredByConnectedId: t.String(),
  operatorConnectedId: t.Nullable(t.String()),
  operatorAssignedAt: t.Nullable(Time),
  credential: t.Nullable(CredentialView),
  mcpUrl: t.String({ description: "Its MCP server (Streamable HTTP); authenticate with the credential as a bearer" }),
  createdAt: Time,
  updatedAt: Time,
  suspendedAt: t.Nullable(Time),
  revokedAt: t.Nullable(Time),
});

export const AgentDetail = t.Composite([
  Agent,
  t.Object({
    gate: t.Array(t.String(), { description: "What its credential may do now: the snapshot and its direct grants intersected with the operator's permissions" }),
    gateRefusal: t.Nullable(t.String({ description: "Why it may do nothing now (agent_suspended, agent_expired, operator_inactive), or null" })),
  }),
]);

export const KindTemplate = t.Object({
  kind: AgentKind,
  role: t.String({ description: "The shared role AGENT_{KIND}" }),
  roleKey: t.String({ description: "The role's key among the organization's custom roles" }),
  description: t.String(),
  scopes: t.Array(t.String(), { description: "What the role is brought up to on every hire" }),
  tools: t.Array(t.String(), { description: "The MCP tools these scopes open" }),
  harnessReady: t.Boolean({ description: "True when the MCP server has a tool for every scope of the template: the agent can do all its kind's work through it" }),
});

export const CredentialIssued = t.Object({
  agentId: t.String(),
  id: t.String(),
  credential: t.String({ description: "ah_agent_…, shown this once; stored as SHA-256 only" }),
  prefix: t.String(),
  createdAt: Time,
  replacedCredentialIds: t.Array(t.String()),
  mcpUrl: t.String(),
});

export type AgentView = typeof Agent.static;
export type AgentDetailView = typeof AgentDetail.static;
export type KindTemplateView = typeof KindTemplate.static;

// --- MCP tool inputs (JSON Schema for tools/list, checked before a tool runs) ---

export const NoInput = t.Object({}, { additionalProperties: false });
export const IdInput = t.Object({ id: Id }, { additionalProperties: false });
export const DocumentNumberInput = t.Object({ documentNumber: t.String({ minLength: 1, maxLength: 200, description: "{slug}-{yyyy}-{000001}" }) }, { additionalProperties: false });
export const InstancesInput = t.Object(
  {
    status: t.Optional(t.Union([t.Literal("submitted"), t.Literal("completed"), t.Literal("rejected"), t.Literal("reported")])),
    limit: t.Optional(t.Number({ minimum: 1, maximum: 200, multipleOf: 1 })),
  },
  { additionalProperties: false },
);
export const ApprovalSubmitInput = t.Object(
  {
    workItemId: Id,
    title: t.String({ minLength: 1, maxLength: 200 }),
    body: t.Optional(t.String({ maxLength: 20_000 })),
  },
  { additionalProperties: false },
);
export const PermissionRequestInput = t.Object(
  {
    scope: t.String({ minLength: 1, maxLength: 200, description: "The scope asked for: a permission form granting exactly it must exist" }),
    reason: t.Optional(t.String({ maxLength: 20_000, description: "Why: the document's text" })),
    workItemId: t.Optional(Id),
  },
  { additionalProperties: false },
);
