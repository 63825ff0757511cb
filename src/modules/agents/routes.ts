/**
 * Agents: /api/org/{slug}/app-groups/{groupId}/agents (spec 4.8) and the agents' MCP server,
 * /mcp/{slug}. The rules live in hire.ts, lifecycle.ts, operator.ts and mcp/; docs/agents.md
 * describes the routes and the choices the spec leaves open.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { declaresErrors, kernelErrors } from "../../platform/http/error-catalog";
import { strictBody } from "../../platform/http/strict-body";
import { MACHINE_TOKEN_ERRORS, resolveAgentCredential } from "../access/index";
import { bearerToken } from "../identity/index";
import { callerOf, ORG_GUARD_ERRORS, type Organization, type OrgActor, type OrgCaller, orgGuard, SlugParams } from "../orgs/index";
import type { AgentsCaller } from "./caller";
import { hireAgent } from "./hire";
import { activateAgent, revokeAgent, suspendAgent, updateAgent } from "./lifecycle";
import { toolErrors } from "./mcp/errors";
import { handleMcpPost } from "./mcp/server";
import * as M from "./model";
import { assignOperator, issueCredential } from "./operator";
import { getAgent, groupOr404, listAgents } from "./roster";
import { kindTemplates } from "./templates";

const TAGS = ["Agents"];
const MCP_TAGS = ["Agent MCP server"];
const WHO =
  " A member's session, or an M2M token (a key scoped to one app group reaches that group only). Owner and Admin hold org.agent.*; no other built-in role does. " +
  "Agents themselves are refused (403 agent_not_allowed), and the refusal is sealed as agent.action_denied.";
const GUARD = [...ORG_GUARD_ERRORS, ...MACHINE_TOKEN_ERRORS, "app_group_not_found"];
const CHANGE = [...GUARD, "PERMISSION_DENIED", "agent_not_allowed", "agent_not_found", "agent_revoked"];

function caller(context: { org: Organization; orgCaller: OrgCaller; request: Request }): AgentsCaller {
  return callerOf(context.org, context.orgCaller, context.request);
}

function person(context: { org: Organization; orgActor: OrgActor; request: Request }) {
  return callerOf(context.org, context.orgActor, context.request);
}

export function agentRoutes(ctx: AppContext) {
  return new Elysia({ name: "agents", prefix: "/api/org/:slug/app-groups/:groupId/agents" })
    .use(orgGuard(ctx))
    .get("", (c) => listAgents(ctx, caller(c), c.params.groupId, { includeRevoked: c.query.includeRevoked }), {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      query: M.AgentsQuery,
      response: t.Array(M.Agent),
      detail: {
        tags: TAGS,
        summary: "List the app group's agents",
        description:
          "The roster of the app group, oldest first: each agent's kind, status, expiry, role, snapshot, operator and live credential (its prefix). Revoked agents with ?includeRevoked=true. " +
          "Membership is enough (spec 4.8); a machine bound to another app group gets 404 app_group_not_found.",
        ...declaresErrors(...GUARD),
      },
    })
    .get("/templates", async (c) => {
      // The group must be one the caller reaches, like every route of the family.
      await groupOr404(ctx, caller(c), c.params.groupId);
      return kindTemplates();
    }, {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      response: t.Array(M.KindTemplate),
      detail: {
        tags: TAGS,
        summary: "List the kind templates",
        description:
          "One entry per kind (design, db, api, test, infra, custom): the shared role AGENT_{KIND}, the scopes it is brought up to on every hire, the MCP tools they open, and harnessReady " +
          "(true when the MCP server has a tool for every scope of the template). Membership is enough.",
        ...declaresErrors(...GUARD),
      },
    })
    .post("", async (c) => c.status(201, await hireAgent(ctx, caller(c), c.params.groupId, c.body)), {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      ...strictBody(M.AgentHire),
      response: { 201: M.Agent },
      detail: {
        tags: TAGS,
        summary: "Hire an agent",
        description:
          "Issues the agent's machine badge (type ai, no user, membership type none: no seat, never in member lists), finds or creates the shared role AGENT_{KIND} and brings it up to the " +
          "kind template (scopes added, never removed), re-snapshots every live agent of the kind, adds a reporting edge from the badge to the hirer and writes the roster row. expiresAt is " +
          "required and in the future (400 expires_at_in_past, invalid_expires_at); scopes only narrow the kind's role (400 scope_outside_kind). The operator is the hirer when a person; a " +
          `machine hirer (a key bound to a service account) leaves none until PUT /operator. Emits agent.hired. Needs org.agent.hire.${WHO}`,
        ...declaresErrors(...CHANGE, "hirer_badge_required", "invalid_display_name", "invalid_expires_at", "expires_at_in_past", "invalid_scope", "scope_outside_kind"),
      },
    })
    .get("/:agentId", (c) => getAgent(ctx, caller(c), c.params.groupId, c.params.agentId), {
      orgOrGroupMachine: true,
      params: M.AgentParams,
      response: M.AgentDetail,
      detail: {
        tags: TAGS,
        summary: "Read an agent, with its gate",
        description: "The roster view plus the gate its credential has now (the snapshot and direct grants intersected with the operator's permissions) and why it is empty, if it is. Membership is enough.",
        ...declaresErrors(...GUARD, "agent_not_found"),
      },
    })
    .put("/:agentId", (c) => updateAgent(ctx, caller(c), c.params.groupId, c.params.agentId, c.body), {
      orgOrGroupMachine: true,
      params: M.AgentParams,
      ...strictBody(M.AgentChange),
      response: M.Agent,
      detail: {
        tags: TAGS,
        summary: "Change an agent",
        description:
          "displayName, expiresAt (in the future), scopes (re-snapshotted from the kind's role as it is now; null: the whole role), description, systemPrompt, model. Fields left out keep " +
          `their value. Emits agent.updated when something changed. Needs org.agent.update.${WHO}`,
        ...declaresErrors(...CHANGE, "invalid_display_name", "invalid_expires_at", "expires_at_in_past", "invalid_scope", "scope_outside_kind"),
      },
    })
    .post("/:agentId/suspend", (c) => suspendAgent(ctx, caller(c), c.params.groupId, c.params.agentId), {
      orgOrGroupMachine: true,
      params: M.AgentParams,
      response: M.Agent,
      detail: {
        tags: TAGS,
        summary: "Suspend an agent",
        description: `active → suspended (reason manual): its credential and MCP tools refuse until it is activated, and no credential is issued. Emits agent.suspended. Needs org.agent.suspend.${WHO}`,
        ...declaresErrors(...CHANGE),
      },
    })
    .post("/:agentId/activate", (c) => activateAgent(ctx, caller(c), c.params.groupId, c.params.agentId), {
      orgOrGroupMachine: true,
      params: M.AgentParams,
      response: M.Agent,
      detail: {
        tags: TAGS,
        summary: "Activate a suspended agent",
        description: `suspended → active, unless its expiresAt has passed (409 agent_expired: extend it with PUT first). Emits agent.activated. Needs org.agent.suspend.${WHO}`,
        ...declaresErrors(...CHANGE, "agent_expired"),
      },
    })
    .delete("/:agentId", (c) => revokeAgent(ctx, caller(c), c.params.groupId, c.params.agentId), {
      orgOrGroupMachine: true,
      params: M.AgentParams,
      response: M.Agent,
      detail: {
        tags: TAGS,
        summary: "Revoke an agent",
        description:
          "active or suspended → revoked: the roster row is retired (kept as history), the badge revoked, its credentials revoked. Revoking a revoked agent answers its view. " +
          `Emits agent.revoked. Needs org.agent.revoke.${WHO}`,
        ...declaresErrors(...GUARD, "PERMISSION_DENIED", "agent_not_allowed", "agent_not_found"),
      },
    })
    .put("/:agentId/operator", (c) => assignOperator(ctx, caller(c), c.params.groupId, c.params.agentId, c.body.operatorConnectedId), {
      orgOrGroupMachine: true,
      params: M.AgentParams,
      ...strictBody(M.OperatorAssign),
      response: M.Agent,
      detail: {
        tags: TAGS,
        summary: "Assign the agent's operator",
        description:
          "Only a person can operate an agent: an active member's badge (unknown 404 connected_id_not_found; an AI or team badge, or a suspended, revoked or departed person's, 400 " +
          "operator_not_a_person). The gate re-clamps at once to the new operator's permissions and the agent's credentials are revoked (the new operator issues one). Emits " +
          `agent.operator_assigned (nothing when the operator is unchanged). Needs org.agent.update.${WHO}`,
        ...declaresErrors(...CHANGE, "connected_id_not_found", "operator_not_a_person"),
      },
    })
    .post("/:agentId/credential", async (c) => c.status(201, await issueCredential(ctx, person(c), c.params.groupId, c.params.agentId)), {
      org: true,
      params: M.AgentParams,
      response: { 201: M.CredentialIssued },
      detail: {
        tags: TAGS,
        summary: "Issue the agent's credential (its operator)",
        description:
          "The agent's assigned operator, and only they (403 not_the_operator), issues its credential without any API key permission: ah_agent_…, shown once, stored as SHA-256. " +
          "The previous one is revoked. Use it as a bearer on /api/org/{slug}/* (the agent is a machine of its app group; what it may do is its gate) and on its MCP server (mcpUrl). " +
          "Not while the agent is suspended (409 agent_suspended), expired (409 agent_expired) or revoked (409 agent_revoked). People only. Emits agent.credential_issued and agent.wake (setup_done).",
        ...declaresErrors(...ORG_GUARD_ERRORS, "app_group_not_found", "agent_not_found", "not_the_operator", "agent_suspended", "agent_expired", "agent_revoked"),
      },
    });
}

const MCP_DESCRIPTION =
  "The agents' MCP server (Model Context Protocol, Streamable HTTP, stateless: JSON answers, no session, no server-initiated stream). Authenticate with an agent credential " +
  "(Authorization: Bearer ah_agent_…) issued by its operator; the slug must be its organization's. Tools: axowl_whoami, axowl_work_items_list, axowl_work_item_read, axowl_approvals_list, " +
  "axowl_approval_read, axowl_approval_submit, axowl_request_permission, axowl_app_group_read, axowl_applications_list, axowl_application_read; tools/list shows those the agent's gate opens. " +
  "Every call passes the gate and is audited (agent.tool_called; a refused write agent.action_denied). docs/agents.md.";

export function mcpRoutes(ctx: AppContext) {
  const authenticate = async (request: Request, slug: string) => {
    const secret = bearerToken(request);
    if (!secret) throw kernelErrors.error("unauthorized", { message: "send the agent's credential as Authorization: Bearer ah_agent_…" });
    return resolveAgentCredential(ctx, secret, slug);
  };
  const notAllowed = async ({ request, params, set }: { request: Request; params: { slug: string }; set: { headers: Record<string, string | number> } }) => {
    await authenticate(request, params.slug);
    set.headers.allow = "POST";
    throw toolErrors.error("mcpMethodNotAllowed");
  };
  const refused = ["unauthorized", "invalid_agent_credential", "agent_credential_revoked"];
  return new Elysia({ name: "agents.mcp", prefix: "/mcp" })
    .post("/:slug", async ({ request, params, body }) => handleMcpPost(ctx, await authenticate(request, params.slug), request, body), {
      params: SlugParams,
      body: t.Unknown({ description: "A JSON-RPC message or batch (initialize, tools/list, tools/call, …)" }),
      detail: {
        tags: MCP_TAGS,
        summary: "MCP: send JSON-RPC messages",
        description: `${MCP_DESCRIPTION} Clients must accept application/json and text/event-stream and send application/json (406 and 415 otherwise, from the transport).`,
        ...declaresErrors(...refused),
      },
    })
    .get("/:slug", notAllowed, {
      params: SlugParams,
      detail: { tags: MCP_TAGS, summary: "MCP: no server stream", description: "405 method_not_allowed: the server is stateless and sends nothing unasked.", ...declaresErrors(...refused, "method_not_allowed") },
    })
    .delete("/:slug", notAllowed, {
      params: SlugParams,
      detail: { tags: MCP_TAGS, summary: "MCP: no session to end", description: "405 method_not_allowed: the server keeps no session.", ...declaresErrors(...refused, "method_not_allowed") },
    });
}
