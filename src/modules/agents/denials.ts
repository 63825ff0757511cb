/**
 * Refused writes of agents are sealed (spec 4.8 rule 7): agent.action_denied, in the
 * organization's audit chain, with why.
 *
 * - On `/api/org/{slug}/*`, the kernel shows this module every 401 and 403 before the
 *   answer leaves (`refusalObserver`, the module's `refusals`): a POST, PUT, PATCH or
 *   DELETE carrying an agent's credential (even a revoked one, or one sent to another
 *   organization's slug) is sealed in the credential's organization. Reads are not: the
 *   spec seals denied writes.
 * - On the MCP server, the tool layer seals a refused write itself (mcp/tools.ts).
 *
 * Appended through the group commit (its own transaction: the refused change wrote
 * nothing), awaited before the answer leaves.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { auditEvent } from "../../platform/audit/catalog";
import { appendAuditCommitted } from "../../platform/audit/group-commit";
import { requestInfo } from "../../platform/http/kernel";
import type { ApiError } from "../../platform/http/errors";
import { findAgentCredential, looksLikeAgentCredential } from "../access/index";
import { bearerToken } from "../identity/index";
import { coversAll, directScopesOf } from "../orgs/index";
import { AGENT_EVENTS } from "./events";
import { type AgentRow, agents } from "./schema";

type Reason = "beyond_gate" | "beyond_operator" | "never_for_agents" | "agent_inactive" | "operator_inactive" | "refused";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Why the write was refused, from the error and what the agent's badge holds. */
export async function denialReason(reader: AppContext["db"]["read"], agent: Pick<AgentRow, "id" | "snapshot">, error: { code: string; scope: string | null }): Promise<Reason> {
  switch (error.code) {
    case "agent_not_allowed":
    case "machine_not_allowed":
      return "never_for_agents";
    case "agent_suspended":
    case "agent_expired":
    case "agent_credential_revoked":
      return "agent_inactive";
    case "operator_inactive":
      return "operator_inactive";
    case "PERMISSION_DENIED": {
      if (!error.scope) return "beyond_gate";
      const held = [...agent.snapshot, ...(await directScopesOf(reader, agent.id))];
      // The badge holds it, so the operator's permissions took it away.
      return coversAll(held, [error.scope]) ? "beyond_operator" : "beyond_gate";
    }
    default:
      return "refused";
  }
}

export interface Denial {
  orgId: string;
  agent: AgentRow;
  via: "http" | "mcp";
  method: string | null;
  path: string | null;
  tool: string | null;
  code: string;
  scope: string | null;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
}

export async function sealDenial(deps: Pick<AppContext, "db" | "clock">, denial: Denial): Promise<void> {
  const reason = await denialReason(deps.db.read, denial.agent, denial);
  await appendAuditCommitted(deps.db, {
    orgId: denial.orgId,
    ...auditEvent(AGENT_EVENTS.actionDenied, {
      agentId: denial.agent.id,
      via: denial.via,
      method: denial.method,
      path: denial.path,
      tool: denial.tool,
      code: denial.code,
      scope: denial.scope,
      reason,
    }),
    actor: { kind: "agent", id: denial.agent.id, connectedId: denial.agent.id },
    appGroupId: denial.agent.appGroupId,
    requestId: denial.requestId,
    ip: denial.ip,
    userAgent: denial.userAgent,
    at: deps.clock.now(),
  });
}

/** The kernel's refusal observer: seals an agent's refused write on the HTTP routes (not the MCP server, whose tools seal their own). */
export function refusalObserver(deps: Pick<AppContext, "db" | "clock">) {
  return async (request: Request, error: ApiError): Promise<void> => {
    if (!WRITES.has(request.method)) return;
    const bearer = bearerToken(request);
    if (!bearer || !looksLikeAgentCredential(bearer)) return;
    const path = new URL(request.url).pathname;
    if (path.startsWith("/mcp/")) return;
    const credential = await findAgentCredential(deps.db.read, bearer);
    if (!credential) return;
    const [agent] = await deps.db.read.select().from(agents).where(eq(agents.id, credential.agentId));
    if (!agent) return;
    const body = error.body() as Record<string, unknown>;
    await sealDenial(deps, {
      orgId: agent.orgId,
      agent,
      via: "http",
      method: request.method,
      path,
      tool: null,
      code: error.code,
      scope: typeof body.scope === "string" ? body.scope : null,
      requestId: requestInfo(request).id,
      ip: requestInfo(request).ip,
      userAgent: request.headers.get("user-agent"),
    });
  };
}
