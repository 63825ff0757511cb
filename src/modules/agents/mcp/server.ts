/**
 * The agents' MCP server (docs/agents.md "MCP server"): `POST /mcp/{slug}`, Streamable HTTP
 * through the SDK's web-standard transport, authenticated by an agent's credential as a
 * bearer. It is stateless: each POST builds a server for the agent the credential names,
 * handles the JSON-RPC messages and answers JSON (no session id, no server-initiated
 * stream), so any node answers any request and nothing is kept between them.
 *
 * tools/list shows the tools the agent's gate opens now; tools/call checks the gate for the
 * tool's scope (a suspended, expired or operator-less agent has an empty gate: every gated
 * tool refuses), runs the service as the agent (a machine of its app group), and audits
 * the call (mcp/tools.ts).
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import { getSchemaValidator } from "elysia";
import type { AppContext } from "../../../context";
import { auditEvent } from "../../../platform/audit/catalog";
import { appendAuditCommitted } from "../../../platform/audit/group-commit";
import { ApiError } from "../../../platform/http/errors";
import type { AgentAccess } from "../../access/index";
import { auditActorOf, callerOf, permissionErrors } from "../../orgs/index";
import { sealDenial } from "../denials";
import { AGENT_EVENTS } from "../events";
import { agents } from "../schema";
import { toolErrors } from "./errors";
import { TOOLS, type ToolContext, type ToolDefinition, toolOpen } from "./tools";

const validators = new Map<string, ReturnType<typeof getSchemaValidator>>();

function validatorOf(tool: ToolDefinition) {
  let validator = validators.get(tool.name);
  if (!validator) validators.set(tool.name, (validator = getSchemaValidator(tool.input, { normalize: false })));
  return validator!;
}

/** The JSON Schema of a tool's input, as tools/list shows it (TypeBox's own markers left out). */
function inputSchema(tool: ToolDefinition): { type: "object"; [key: string]: unknown } {
  return JSON.parse(JSON.stringify(tool.input));
}

function result(value: unknown): CallToolResult {
  const structured = Array.isArray(value) ? { items: value } : (value as Record<string, unknown>);
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: structured };
}

function refusal(body: Record<string, unknown>): CallToolResult {
  return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body };
}

/** Runs one tools/call for the agent: the gate, the tool, the audit. */
async function callTool(deps: AppContext, access: AgentAccess, request: Request, name: string, args: unknown): Promise<CallToolResult> {
  const caller = callerOf(access.org, access.actor, request);
  const tool = TOOLS.find((t) => t.name === name);
  const audit = (outcome: "ok" | "error" | "denied", code: string | null) =>
    appendAuditCommitted(deps.db, {
      orgId: access.org.id,
      ...auditEvent(AGENT_EVENTS.toolCalled, { agentId: access.facts.agentId, tool: name.slice(0, 100), scope: tool?.scope ?? null, outcome, code }),
      actor: auditActorOf(access.actor),
      appGroupId: access.facts.appGroupId,
      requestId: caller.requestId,
      ip: caller.ip,
      userAgent: caller.userAgent,
      at: deps.clock.now(),
    });
  const deny = async (error: ApiError): Promise<CallToolResult> => {
    if (tool!.write) {
      const [agent] = await deps.db.read.select().from(agents).where(eq(agents.id, access.facts.agentId));
      await sealDenial(deps, {
        orgId: access.org.id,
        agent: agent!,
        via: "mcp",
        method: null,
        path: null,
        tool: tool!.name,
        code: error.code,
        scope: typeof error.extra.scope === "string" ? error.extra.scope : tool!.scope,
        requestId: caller.requestId,
        ip: caller.ip,
        userAgent: caller.userAgent,
      });
    } else {
      await audit("denied", error.code);
    }
    return refusal(error.body());
  };
  if (!tool) {
    await audit("error", "unknown_tool");
    return refusal(toolErrors.error("unknownTool", { tool: name, message: "this MCP server has no tool of that name" }).body());
  }
  const input = args ?? {};
  const validator = validatorOf(tool);
  if (!validator.Check(input)) {
    const first = [...validator.Errors(input)][0];
    await audit("error", "invalid_request");
    return refusal({ error: "invalid_request", field: first?.path?.replace(/^\//, "").replaceAll("/", ".") || null, message: first?.message ?? "the arguments do not fit the tool's input schema" });
  }
  if (tool.scope !== null) {
    if (access.refusal) return deny(access.refusal);
    if (!toolOpen(tool, access)) return deny(permissionErrors.error("permissionDenied", { scope: tool.scope, message: "the agent's gate (its snapshot and its operator's permissions) does not hold this scope" }));
  }
  const context: ToolContext = { deps, caller, access };
  try {
    const value = await tool.run(context, input);
    await audit("ok", null);
    return result(value);
  } catch (e) {
    if (!(e instanceof ApiError)) {
      deps.logger.error("MCP tool failed", { requestId: caller.requestId, tool: tool.name, error: (e as Error)?.message, stack: (e as Error)?.stack });
      await audit("error", "internal");
      return refusal({ error: "internal", requestId: caller.requestId });
    }
    if (e.status === 401 || e.status === 403) return deny(e);
    await audit("error", e.code);
    return refusal(e.body());
  }
}

/** One stateless MCP server for the agent a request's credential names. */
function serverFor(deps: AppContext, access: AgentAccess, request: Request): Server {
  const server = new Server(
    { name: "signet-agents", title: "Signet agent tools", version: deps.version },
    {
      capabilities: { tools: { listChanged: false } },
      instructions:
        "Tools of a Signet agent. What you may do is your gate: your badge's snapshot intersected with your operator's permissions (axowl_whoami shows it). " +
        "Ask for more with axowl_request_permission; file documents with axowl_approval_submit; a person approves them. Refused writes are sealed in the audit chain.",
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.filter((tool) => toolOpen(tool, access)).map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.scope ? `${tool.description} Needs ${tool.scope}.` : tool.description,
      inputSchema: inputSchema(tool),
      annotations: { readOnlyHint: !tool.write, destructiveHint: false, openWorldHint: false },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (call) => callTool(deps, access, request, call.params.name, call.params.arguments));
  return server;
}

/** Answers one POST of the Streamable HTTP transport for an authenticated agent. */
export async function handleMcpPost(deps: AppContext, access: AgentAccess, request: Request, body: unknown): Promise<Response> {
  const server = serverFor(deps, access, request);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: body });
  } finally {
    await server.close();
  }
}
