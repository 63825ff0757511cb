/**
 * permissions/analyze and permissions/grant (spec 4.9): which of the scopes a connector
 * module needs a badge already holds, and granting the missing ones directly to it.
 * A granter hands on only scopes they hold themselves.
 */
import type { Static } from "elysia";
import { auditEvent } from "../../platform/audit/catalog";
import type { Queryable } from "../../platform/db/database";
import { assertCan, coversAll, grantDirectScope, memberAuthorityOf, provisionableMembers } from "../orgs/index";
import { moduleScopes } from "./access-requests";
import type * as A from "./access-model";
import { type IntegrationsCaller, type IntegrationsDeps, recordEvent } from "./caller";
import type { ConnectorModule } from "./connectors";
import { moduleOr404 } from "./connections";
import { integrationErrors } from "./errors";
import { INTEGRATION_EVENTS } from "./events";
import { INTEGRATION_SCOPES } from "./scopes";

/** The scopes a live person's badge holds (role, custom role and direct grants). */
async function scopesOfBadge(reader: Queryable, caller: IntegrationsCaller, connectedId: string, field: string): Promise<readonly string[]> {
  const [member] = await provisionableMembers(reader, caller.org, { connectedIds: [connectedId] });
  if (!member) throw integrationErrors.error("badgeNotFound", { field });
  const authority = (await memberAuthorityOf(reader, caller.org.id)).get(member.userId);
  return authority?.scopes ?? [];
}

function split(module: ConnectorModule, wanted: readonly string[], held: readonly string[]) {
  const have = wanted.filter((scope) => coversAll(held, [scope]));
  return { held: have, missing: wanted.filter((scope) => !have.includes(scope)) };
}

export async function analyzePermissions(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string, input: Static<typeof A.AnalyzeBody>): Promise<Static<typeof A.Analysis>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.analyze);
  const module = moduleOr404(moduleKey);
  const connectedId = input.connectedId ?? caller.actor.connectedId;
  if (!connectedId) throw integrationErrors.error("badgeNotFound", { field: "connectedId", message: "name a badge: the caller has none in this organization" });
  const held = await scopesOfBadge(deps.db.read, caller, connectedId, "connectedId");
  return { moduleKey: module.key, connectedId, required: [...module.requiredScopes], ...split(module, module.requiredScopes, held) };
}

export async function grantPermissions(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string, input: Static<typeof A.GrantBody>): Promise<Static<typeof A.Granted>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.grant);
  const module = moduleOr404(moduleKey);
  const wanted = moduleScopes(module, input.scopes);
  for (const scope of wanted) assertCan(caller.actor, scope);
  return deps.db.write(async (tx) => {
    const held = await scopesOfBadge(tx, caller, input.connectedId, "connectedId");
    const { held: alreadyHeld, missing } = split(module, wanted, held);
    const now = deps.clock.now();
    for (const scope of missing) await grantDirectScope(tx, { orgId: caller.org.id, connectedId: input.connectedId, scope, source: `integration:${module.key}`, at: now });
    await recordEvent(tx, caller, auditEvent(INTEGRATION_EVENTS.permissionsGranted, { moduleKey: module.key, connectedId: input.connectedId, scopes: missing, alreadyHeld }), now);
    const after = await scopesOfBadge(tx, caller, input.connectedId, "connectedId");
    return { moduleKey: module.key, connectedId: input.connectedId, granted: missing, alreadyHeld, missing: split(module, module.requiredScopes, after).missing };
  });
}
