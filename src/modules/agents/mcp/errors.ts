/** What the MCP tools answer besides the services' own codes (docs/agents.md "MCP server"). */
import { defineErrors } from "../../../platform/http/error-catalog";

export const toolErrors = defineErrors({
  unknownTool: { code: "unknown_tool", status: 404, message: "this MCP server has no tool of that name" },
  invalidScope: { code: "invalid_scope", status: 400, message: "the scope asked for does not follow the grammar, or is not one concrete scope" },
  scopeAlreadyHeld: { code: "scope_already_held", status: 409, message: "the agent's gate already holds this scope" },
  noPermissionForm: { code: "no_permission_form", status: 404, message: "no live permission form grants exactly this scope" },
  mcpMethodNotAllowed: { code: "method_not_allowed", status: 405, message: "the MCP server is stateless: POST JSON-RPC messages; there is no stream to GET or session to DELETE" },
});
