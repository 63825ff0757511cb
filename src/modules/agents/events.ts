/**
 * The audit events of agents (spec §6: agent.hired, .suspended, .revoked,
 * .operator_assigned, .action_denied, .wake; the others are ours, so that no change goes
 * unrecorded). All are under agent.*, so the agent system grant (spec 5.4) reaches them.
 */
import { defineEvent } from "../../platform/audit/catalog";

type Id = string;
type Iso = string;

export type WakeReason = "story_start" | "story_passed" | "story_revise" | "story_redo" | "story_hold" | "setup_done";
export const WAKE_REASONS: readonly WakeReason[] = ["story_start", "story_passed", "story_revise", "story_redo", "story_hold", "setup_done"];

export const AGENT_EVENTS = {
  hired: defineEvent<{
    agentId: Id;
    appGroupId: Id;
    kind: string;
    displayName: string;
    roleId: Id;
    roleCreated: boolean;
    roleScopesAdded: string[];
    snapshot: string[];
    requestedScopes: string[] | null;
    expiresAt: Iso;
    hiredByConnectedId: Id;
    operatorConnectedId: Id | null;
    resnapshotted: Id[];
  }>()("agent.hired", "An agent is hired: its machine badge, the shared kind role brought up to its template, the reporting edge to the hirer, the roster row; resnapshotted lists the agents of the kind whose snapshot was re-taken"),
  updated: defineEvent<{ agentId: Id; changes: Record<string, { from: unknown; to: unknown }> }>()("agent.updated", "An agent's display name, description, system prompt, model, expiry or scopes change"),
  suspended: defineEvent<{ agentId: Id; reason: "manual" | "expired"; expiresAt: Iso }>()("agent.suspended", "An agent is suspended, by hand (manual) or by the TTL job at its expiry (expired)"),
  activated: defineEvent<{ agentId: Id; previousReason: "manual" | "expired" | null }>()("agent.activated", "A suspended agent is activated"),
  revoked: defineEvent<{ agentId: Id; revokedCredentialIds: Id[] }>()("agent.revoked", "An agent is revoked: its roster row retired, its badge revoked, its credentials revoked"),
  operatorAssigned: defineEvent<{ agentId: Id; from: Id | null; to: Id; revokedCredentialIds: Id[] }>()(
    "agent.operator_assigned",
    "An agent's operator is assigned or transferred: the gate re-clamps at once and its credentials are revoked",
  ),
  credentialIssued: defineEvent<{ agentId: Id; credentialId: Id; prefix: string; replacedCredentialIds: Id[] }>()(
    "agent.credential_issued",
    "An agent's operator issues its credential (never the credential itself); the previous one is revoked",
  ),
  actionDenied: defineEvent<{
    agentId: Id;
    via: "http" | "mcp";
    method: string | null;
    path: string | null;
    tool: string | null;
    code: string;
    scope: string | null;
    reason: "beyond_gate" | "beyond_operator" | "never_for_agents" | "agent_inactive" | "operator_inactive" | "refused";
  }>()("agent.action_denied", "An agent's write is refused (by its gate, its standing or a rule no agent passes)"),
  wake: defineEvent<{ agentId: Id; reason: WakeReason; subjectId: Id | null }>()("agent.wake", "An agent is woken: setup_done when its operator issues its credential, story_* from the project flow"),
  toolCalled: defineEvent<{ agentId: Id; tool: string; scope: string | null; outcome: "ok" | "error" | "denied"; code: string | null }>()(
    "agent.tool_called",
    "An agent calls a tool of its MCP server (a refused write is agent.action_denied instead)",
  ),
} as const;
