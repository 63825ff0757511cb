/**
 * The org structure a hierarchy-source connector reported (spec 4.9): its directory read
 * as a tree of units, matched to the organization's members by e-mail, previewed by the
 * setup wizard and materialized on request as teams and reporting edges through
 * governance. Never synced on its own: the directory changes with every inbound event,
 * the teams only when an Owner or Admin materializes, the whole tree in one transaction.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Static } from "elysia";
import { auditEvent } from "../../platform/audit/catalog";
import type { Queryable } from "../../platform/db/database";
import { materializeStructureInTx, type StructurePlan } from "../governance/index";
import { assertCan, memberErrors, provisionableMembers } from "../orgs/index";
import { type IntegrationsCaller, type IntegrationsDeps, recordEvent } from "./caller";
import { type ConnectorModule } from "./connectors";
import { enabledConnection, moduleOr404 } from "./connections";
import { integrationErrors } from "./errors";
import { INTEGRATION_EVENTS } from "./events";
import type * as M from "./structure-model";
import { integrationDirectoryEntries } from "./schema";
import { INTEGRATION_SCOPES } from "./scopes";

type Entry = typeof integrationDirectoryEntries.$inferSelect;

interface Unit {
  key: string;
  name: string;
  parentKey: string | null;
  path: string[];
}

interface Structure {
  entries: Entry[];
  units: Unit[];
  /** external id -> the member's badge */
  badgeOf: Map<string, string>;
}

const unitKey = (path: readonly string[]) => path.join(" / ");

function hierarchyModule(moduleKey: string): ConnectorModule {
  const module = moduleOr404(moduleKey);
  if (!module.hierarchy) throw integrationErrors.error("noHierarchySource");
  return module;
}

async function structureOf(reader: Queryable, caller: IntegrationsCaller, module: ConnectorModule): Promise<Structure> {
  const entries = await reader
    .select()
    .from(integrationDirectoryEntries)
    .where(and(eq(integrationDirectoryEntries.orgId, caller.org.id), eq(integrationDirectoryEntries.moduleKey, module.key)))
    .orderBy(asc(integrationDirectoryEntries.externalId));
  const members = await provisionableMembers(reader, caller.org);
  const byEmail = new Map(members.map((m) => [m.email.toLowerCase(), m.connectedId]));
  const badgeOf = new Map<string, string>();
  for (const entry of entries) {
    const badge = entry.email ? byEmail.get(entry.email) : undefined;
    if (badge) badgeOf.set(entry.externalId, badge);
  }
  // Every prefix of every path is a unit; parents sort before children.
  const paths = new Map<string, string[]>();
  for (const entry of entries) for (let depth = 1; depth <= entry.unitPath.length; depth++) paths.set(unitKey(entry.unitPath.slice(0, depth)), entry.unitPath.slice(0, depth));
  const sorted = [...paths.values()].sort((a, b) => a.length - b.length || unitKey(a).localeCompare(unitKey(b)));
  const leafCount = new Map<string, number>();
  for (const path of sorted) leafCount.set(path.at(-1)!.toLowerCase(), (leafCount.get(path.at(-1)!.toLowerCase()) ?? 0) + 1);
  // A team's name is its unit's own name, or the whole path where two units share it (team names are unique).
  const units = sorted.map((path) => ({
    key: unitKey(path),
    name: leafCount.get(path.at(-1)!.toLowerCase())! > 1 ? unitKey(path) : path.at(-1)!,
    parentKey: path.length > 1 ? unitKey(path.slice(0, -1)) : null,
    path,
  }));
  return { entries, units, badgeOf };
}

export async function hierarchyPreview(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string): Promise<Static<typeof M.HierarchyPreview>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.read);
  const module = hierarchyModule(moduleKey);
  const { entries, units, badgeOf } = await structureOf(deps.db.read, caller, module);
  return {
    moduleKey: module.key,
    people: entries.length,
    matched: badgeOf.size,
    unmatched: entries.length - badgeOf.size,
    units: units.map((unit) => {
      const inside = entries.filter((e) => unitKey(e.unitPath) === unit.key);
      return { key: unit.key, name: unit.name, depth: unit.path.length, parentKey: unit.parentKey, people: inside.length, matched: inside.filter((e) => badgeOf.has(e.externalId)).length };
    }),
  };
}

export async function orgStructure(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string): Promise<Static<typeof M.OrgStructure>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.read);
  const module = hierarchyModule(moduleKey);
  const { units, entries, badgeOf } = await structureOf(deps.db.read, caller, module);
  const edges = reportingEdges(entries, badgeOf);
  return { moduleKey: module.key, units: units.map((u) => ({ key: u.key, name: u.name, parentKey: u.parentKey })), reportingEdges: edges.length };
}

export async function orgStructureMembers(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string): Promise<Array<Static<typeof M.DirectoryMember>>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.read);
  const module = hierarchyModule(moduleKey);
  const { entries, badgeOf } = await structureOf(deps.db.read, caller, module);
  return entries.map((e) => ({
    externalId: e.externalId,
    displayName: e.displayName,
    email: e.email,
    unit: e.unitPath.length ? unitKey(e.unitPath) : null,
    managerExternalId: e.managerExternalId,
    connectedId: badgeOf.get(e.externalId) ?? null,
    managerConnectedId: e.managerExternalId ? (badgeOf.get(e.managerExternalId) ?? null) : null,
  }));
}

function reportingEdges(entries: Entry[], badgeOf: Map<string, string>): StructurePlan["edges"] {
  return entries.flatMap((e) => {
    const source = badgeOf.get(e.externalId);
    const target = e.managerExternalId ? badgeOf.get(e.managerExternalId) : undefined;
    return source && target && source !== target ? [{ sourceId: source, targetId: target }] : [];
  });
}

/**
 * POST /{moduleKey}/org-structure/materialize: Owner or Admin (a person; spec 4.9), the
 * whole tree in one transaction: teams for every unit (an existing team of the same name
 * is reused), matched people placed in their unit's team, and a reporting edge from each
 * matched person to their matched manager.
 */
export async function materializeStructure(deps: IntegrationsDeps, caller: IntegrationsCaller, moduleKey: string): Promise<Static<typeof M.Materialized>> {
  assertCan(caller.actor, INTEGRATION_SCOPES.materialize);
  if (caller.actor.kind !== "user" || !(caller.actor.isOwner || caller.actor.role === "admin")) {
    throw memberErrors.error("adminRequired", { message: "only the owner or an admin materializes an org structure" });
  }
  const module = hierarchyModule(moduleKey);
  return deps.db.write(async (tx) => {
    await enabledConnection(tx, caller.org.id, module);
    const { entries, units, badgeOf } = await structureOf(tx, caller, module);
    if (entries.length === 0) throw integrationErrors.error("emptyHierarchy");
    const plan: StructurePlan = {
      units,
      placements: entries.flatMap((e) => (e.unitPath.length && badgeOf.has(e.externalId) ? [{ unitKey: unitKey(e.unitPath), connectedId: badgeOf.get(e.externalId)! }] : [])),
      edges: reportingEdges(entries, badgeOf),
    };
    const now = deps.clock.now();
    const done = await materializeStructureInTx(tx, caller, plan, now);
    await recordEvent(
      tx,
      caller,
      auditEvent(INTEGRATION_EVENTS.structureMaterialized, {
        moduleKey: module.key,
        teamsCreated: done.teams.filter((t) => t.created).map((t) => t.teamId),
        teamsReused: done.teams.filter((t) => !t.created).map((t) => t.teamId),
        membersPlaced: done.membersPlaced,
        edgesAdded: done.edgesAdded,
        unmatched: entries.length - badgeOf.size,
      }),
      now,
    );
    return { moduleKey: module.key, ...done, unmatched: entries.length - badgeOf.size };
  });
}
