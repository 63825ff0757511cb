/**
 * What other domains may read about app groups and applications (analytics, machine
 * access), so that nobody else queries these tables (DESIGN §2).
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../../platform/db/database";
import { joinParam, preparedQuery } from "../../../platform/db/prepared";
import { appGroups, applications } from "./schema";

export interface AppGroupSummary {
  id: string;
  orgId: string;
  name: string;
  /** Null while the group is live. */
  deletedAt: number | null;
}

// A function, not a constant: the kit's columns resolve to the active dialect's when a query is built.
const summary = () => ({ id: appGroups.id, orgId: appGroups.orgId, name: appGroups.name, deletedAt: appGroups.deletedAt });

/** The organization's app groups, oldest first; deleted ones only when asked (their history stays theirs). */
export function appGroupsOf(reader: Queryable, orgId: string, options: { includeDeleted: boolean }): Promise<AppGroupSummary[]> {
  const where = options.includeDeleted ? eq(appGroups.orgId, orgId) : and(eq(appGroups.orgId, orgId), isNull(appGroups.deletedAt));
  return reader.select(summary()).from(appGroups).where(where).orderBy(asc(appGroups.createdAt), asc(appGroups.id));
}

/** One app group of the organization, deleted or not, or null. */
export async function appGroupOf(reader: Queryable, orgId: string, appGroupId: string): Promise<AppGroupSummary | null> {
  const [group] = await reader.select(summary()).from(appGroups).where(and(eq(appGroups.orgId, orgId), eq(appGroups.id, appGroupId)));
  return group ?? null;
}

/** The organization's live app groups with their key and whether they collect from their end users (commerce's policy). */
export function collectionOfGroups(reader: Queryable, orgId: string): Promise<Array<{ id: string; key: string; name: string; billingCollection: boolean }>> {
  return reader
    .select({ id: appGroups.id, key: appGroups.key, name: appGroups.name, billingCollection: appGroups.billingCollection })
    .from(appGroups)
    .where(and(eq(appGroups.orgId, orgId), isNull(appGroups.deletedAt)))
    .orderBy(asc(appGroups.createdAt), asc(appGroups.id));
}

/** Every app group of every organization (jobs). */
export function allAppGroups(reader: Queryable): Promise<Array<{ id: string; orgId: string }>> {
  return reader.select({ id: appGroups.id, orgId: appGroups.orgId }).from(appGroups);
}

const activeApplicationQuery = preparedQuery((db) =>
  db
    .select({ applicationId: applications.id, orgId: applications.orgId, appGroupId: applications.appGroupId, allowedOrigins: applications.allowedOrigins })
    .from(applications)
    .innerJoin(appGroups, eq(appGroups.id, applications.appGroupId))
    .where(and(eq(applications.clientKey, joinParam("clientKey")), eq(applications.status, "active"), isNull(appGroups.deletedAt)))
    .prepare(),
);

/** An active application of a live app group by its client key, with its Allowed Origins. Prepared: beacons call it per request. */
export async function activeApplicationByClientKey(
  reader: Queryable,
  clientKey: string,
): Promise<{ applicationId: string; orgId: string; appGroupId: string; allowedOrigins: string[] } | null> {
  const [row] = await activeApplicationQuery(reader).execute({ clientKey });
  return row ?? null;
}
