/**
 * The tools of an agent's MCP server (docs/agents.md "MCP server"). Each names the scope
 * its work needs; the gate of the agent's credential must hold it (in some form: a
 * constrained grant counts, and the service applies the constraint). `axowl_whoami` needs
 * none. The agent's kind template and these scopes decide `harnessReady` (templates.ts).
 *
 * Every call is audited: agent.tool_called (ok, error, or a refused read), or
 * agent.action_denied for a refused write (spec 4.8 rule 7). Agents file approvals
 * (axowl_request_permission, axowl_approval_submit) as machines: never granted without a
 * person (approvals rule 3); there is no stamping tool, and the stamp route refuses them.
 */
import type { TSchema } from "elysia";
import type { AppContext } from "../../../context";
import { APPROVAL_SCOPES, getWorkItem, instanceByNumber, listInstances, listWorkItems, permissionFormsFor, previewLine, submitInstance } from "../../governance/index";
import { getAppGroup, getApplication, listApplications } from "../../customers/index";
import { can, grantFor, parseScope } from "../../orgs/index";
import type { AgentAccess } from "../../access/index";
import type { AgentsCaller } from "../caller";
import * as M from "../model";
import { toolErrors } from "./errors";

export interface ToolContext {
  deps: AppContext;
  caller: AgentsCaller;
  access: AgentAccess;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  input: TSchema;
  /** The scope the gate must hold; null: none (the agent's own description). */
  scope: string | null;
  /** A write: refused, it is sealed as agent.action_denied. */
  write: boolean;
  run(context: ToolContext, args: any): Promise<unknown>;
}

const APP_SCOPES = { groupRead: "org.app_group.read", applicationList: "org.application.list", applicationRead: "org.application.read" } as const;

export const TOOLS: readonly ToolDefinition[] = [
  {
    name: "axowl_whoami",
    title: "Who am I",
    description: "This agent: its id, kind, app group, status, expiry, operator, the gate its credential has now (and why it is empty, if it is) and the tools it opens.",
    input: M.NoInput,
    scope: null,
    write: false,
    run: async ({ access, caller }) => ({
      agentId: access.facts.agentId,
      connectedId: access.facts.agentId,
      organization: { id: caller.org.id, slug: caller.org.slug, name: caller.org.name },
      appGroupId: access.facts.appGroupId,
      status: access.facts.status,
      expiresAt: new Date(access.facts.expiresAt).toISOString(),
      operatorConnectedId: access.facts.operatorConnectedId,
      gate: [...access.actor.scopes],
      gateRefusal: access.refusal?.code ?? null,
      tools: TOOLS.filter((tool) => toolOpen(tool, access)).map((tool) => tool.name),
    }),
  },
  {
    name: "axowl_work_items_list",
    title: "List approval forms",
    description: "The organization's work items (approval forms): what documents can be filed on, and for permission forms the scope each grants.",
    input: M.NoInput,
    scope: APPROVAL_SCOPES.workItemList,
    write: false,
    run: ({ deps, caller }) => listWorkItems(deps, caller),
  },
  {
    name: "axowl_work_item_read",
    title: "Read an approval form",
    description: "One work item and who would approve a document this agent filed on it now (its line, resolved up the agent's reporting tree).",
    input: M.IdInput,
    scope: APPROVAL_SCOPES.workItemRead,
    write: false,
    run: async ({ deps, caller }, args: { id: string }) => ({ workItem: await getWorkItem(deps, caller, args.id), line: await previewLine(deps, caller, args.id) }),
  },
  {
    name: "axowl_approvals_list",
    title: "List my approval documents",
    description: "The documents this agent filed, newest first, optionally by status (submitted, completed, rejected, reported).",
    input: M.InstancesInput,
    scope: APPROVAL_SCOPES.instanceList,
    write: false,
    run: ({ deps, caller }, args: { status?: "submitted" | "completed" | "rejected" | "reported"; limit?: number }) => listInstances(deps, caller, { status: args.status, limit: args.limit }),
  },
  {
    name: "axowl_approval_read",
    title: "Read an approval document",
    description: "One document by its number ({slug}-{yyyy}-{000001}), with its steps and whether its seals hold.",
    input: M.DocumentNumberInput,
    scope: APPROVAL_SCOPES.instanceRead,
    write: false,
    run: ({ deps, caller }, args: { documentNumber: string }) => instanceByNumber(deps, caller, args.documentNumber),
  },
  {
    name: "axowl_approval_submit",
    title: "File an approval document",
    description:
      "Files a document on a work item, as this agent (a machine requester: never granted without a person; with nobody to approve it, it stays submitted, unroutable). " +
      "Approvers are found up the agent's reporting tree (it reports to its hirer). Stamping is a passkey act of a person: no tool does it.",
    input: M.ApprovalSubmitInput,
    scope: APPROVAL_SCOPES.instanceCreate,
    write: true,
    run: ({ deps, caller }, args: { workItemId: string; title: string; body?: string }) => submitInstance(deps, caller, { WorkItemId: args.workItemId, Title: args.title, Body: args.body }),
  },
  {
    name: "axowl_request_permission",
    title: "Ask for a permission",
    description:
      "Asks for a scope this agent lacks: files a document on the organization's permission form granting exactly that scope (the oldest live one, or workItemId). " +
      "Once approved, the scope is granted to the agent's badge; its operator's permissions still clamp what it may do.",
    input: M.PermissionRequestInput,
    scope: APPROVAL_SCOPES.instanceCreate,
    write: true,
    run: async ({ deps, caller }, args: { scope: string; reason?: string; workItemId?: string }) => {
      const parsed = parseScope(args.scope);
      if (!parsed.ok) throw toolErrors.error("invalidScope", { field: "scope", message: parsed.reason });
      if (parsed.scope.wildcard || parsed.scope.constraint) throw toolErrors.error("invalidScope", { field: "scope", message: "ask for one concrete scope, without wildcard or constraint" });
      if (can(caller.actor, args.scope)) throw toolErrors.error("scopeAlreadyHeld", { scope: args.scope, message: "the agent's gate already holds this scope" });
      const forms = await permissionFormsFor(deps.db.read, caller.org.id, args.scope);
      const form = args.workItemId === undefined ? forms[0] : forms.find((f) => f.id === args.workItemId);
      if (!form) {
        throw toolErrors.error("noPermissionForm", {
          scope: args.scope,
          message: args.workItemId === undefined ? "no live permission form grants exactly this scope; an Owner or Admin defines one" : "that work item is not a live permission form for this scope",
        });
      }
      return submitInstance(deps, caller, { WorkItemId: form.id, Title: `Permission request: ${args.scope}`, Body: args.reason ?? "" });
    },
  },
  {
    name: "axowl_app_group_read",
    title: "Read my app group",
    description: "The app group this agent was hired in, with its applications and hosted-login settings.",
    input: M.NoInput,
    scope: APP_SCOPES.groupRead,
    write: false,
    run: ({ deps, caller, access }) => getAppGroup(deps, caller, access.facts.appGroupId),
  },
  {
    name: "axowl_applications_list",
    title: "List my app group's applications",
    description: "The applications of this agent's app group.",
    input: M.NoInput,
    scope: APP_SCOPES.applicationList,
    write: false,
    run: ({ deps, caller, access }) => listApplications(deps, caller, { appGroupId: access.facts.appGroupId }),
  },
  {
    name: "axowl_application_read",
    title: "Read an application",
    description: "One application of this agent's app group, by id or client key.",
    input: M.IdInput,
    scope: APP_SCOPES.applicationRead,
    write: false,
    run: ({ deps, caller }, args: { id: string }) => getApplication(deps, caller, args.id),
  },
];

/** Whether the agent may call the tool now: it needs no scope, or the gate holds its scope in some form. */
export function toolOpen(tool: ToolDefinition, access: Pick<AgentAccess, "actor" | "refusal">): boolean {
  if (tool.scope === null) return true;
  if (access.refusal) return false;
  return grantFor(access.actor, tool.scope) !== null;
}

/** The scopes some tool needs: what the harness can exercise. */
export function toolScopes(): string[] {
  return TOOLS.flatMap((tool) => (tool.scope ? [tool.scope] : []));
}
