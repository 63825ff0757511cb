/**
 * The per-app-group collection switch of the beacon (spec 4.1 rule 3, 4.5
 * appGroups[{id, name, eventsEnabled}]). On by default; when off, the beacon still
 * answers 202 and discards. Flipping it is an app-group update (org.app_group.update)
 * and an audit event in the same transaction.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { appendAudit } from "../../platform/audit/append";
import { auditEvent } from "../../platform/audit/catalog";
import { ANALYTICS_EVENTS } from "./events";
import type { Queryable } from "../../platform/db/database";
import { APP_SCOPES, appGroupOf, appGroupsOf } from "../customers/index";
import { assertCan, type OrgActor, type Organization } from "../orgs/index";
import { analyticsErrors } from "./errors";
import { analyticsCollection } from "./schema";

export interface AppGroupCollection {
  id: string;
  name: string;
  eventsEnabled: boolean;
}

/** The organization's live app groups with their switch, oldest first. */
export async function appGroupCollections(reader: Queryable, orgId: string): Promise<AppGroupCollection[]> {
  const groups = await appGroupsOf(reader, orgId, { includeDeleted: false });
  const switches = await reader.select({ id: analyticsCollection.id, eventsEnabled: analyticsCollection.eventsEnabled }).from(analyticsCollection).where(eq(analyticsCollection.orgId, orgId));
  const enabled = new Map(switches.map((s) => [s.id, s.eventsEnabled]));
  return groups.map((g) => ({ id: g.id, name: g.name, eventsEnabled: enabled.get(g.id) ?? true }));
}

export async function setCollection(
  deps: Pick<AppContext, "db" | "clock">,
  caller: { org: Organization; actor: OrgActor; requestId: string | null },
  appGroupId: string,
  eventsEnabled: boolean,
): Promise<AppGroupCollection> {
  assertCan(caller.actor, APP_SCOPES.groupUpdate);
  const now = deps.clock.now();
  return deps.db.write(async (tx) => {
    const group = await appGroupOf(tx, caller.org.id, appGroupId);
    if (!group || group.deletedAt !== null) throw analyticsErrors.error("notFound");
    const [setting] = await tx.select({ eventsEnabled: analyticsCollection.eventsEnabled }).from(analyticsCollection).where(eq(analyticsCollection.id, group.id));
    const before = setting?.eventsEnabled ?? true;
    if (before !== eventsEnabled) {
      await tx
        .insert(analyticsCollection)
        .values({ id: group.id, orgId: caller.org.id, eventsEnabled, updatedBy: caller.actor.userId, updatedAt: now })
        .onConflictDoUpdate({ target: analyticsCollection.id, set: { eventsEnabled, updatedBy: caller.actor.userId, updatedAt: now } });
      await appendAudit(tx, {
        ...auditEvent(ANALYTICS_EVENTS.analyticsCollectionChanged, { appGroupId: group.id, from: before, to: eventsEnabled }),
        orgId: caller.org.id,
        appGroupId: group.id,
        actor: { kind: "user", id: caller.actor.userId, connectedId: caller.actor.connectedId },
        requestId: caller.requestId,
        at: now,
      });
    }
    return { id: group.id, name: group.name, eventsEnabled };
  });
}
