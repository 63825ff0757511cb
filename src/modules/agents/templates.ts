/**
 * GET /templates: the kind templates (spec 2.9 "template catalog entry includes
 * harnessReady"). `harnessReady` is computed, not set by hand: a kind is ready when the MCP
 * server has a tool for every scope of its template, so an agent of that kind can do all
 * its kind's work through the harness. Today test and custom are (custom vacuously: it has
 * no scope); design, db, api and infra need write tools (branding, data sources, keys and
 * webhooks, applications) that are later work.
 */
import { coversAll } from "../orgs/index";
import { AGENT_KINDS, kindDescription, kindTemplate, roleKeyOf, roleNameOf } from "./kinds";
import { TOOLS, toolScopes } from "./mcp/tools";
import type { KindTemplateView } from "./model";

export function kindTemplates(): KindTemplateView[] {
  const served = toolScopes();
  return AGENT_KINDS.map((kind) => {
    const scopes = kindTemplate(kind);
    return {
      kind,
      role: roleNameOf(kind),
      roleKey: roleKeyOf(kind),
      description: kindDescription(kind),
      scopes,
      tools: TOOLS.filter((tool) => tool.scope === null || coversAll(scopes, [tool.scope])).map((tool) => tool.name),
      harnessReady: scopes.every((scope) => served.some((s) => coversAll([s], [scope]))),
    };
  });
}
