/** What every analytics report shares: the query, the app groups it covers and its dates. */
import type { AppContext } from "../../context";
import type { AuditCaller } from "../trust/index";
import { appGroupOf, appGroupsOf } from "../customers/index";
import { analyticsErrors } from "./errors";
import { DAY_MS, dateOf } from "./rollups";

export interface ReportQuery {
  orgId: string;
  days?: number;
  appGroupId?: string;
}

/**
 * The app groups a report covers: the one named (404 when it is not this
 * organization's), else all of the organization's, deleted ones included (their
 * history stays theirs).
 */
export async function reportScope(deps: Pick<AppContext, "db">, caller: AuditCaller, appGroupId: string | undefined) {
  const groups =
    appGroupId === undefined
      ? await appGroupsOf(deps.db.read, caller.org.id, { includeDeleted: true })
      : [await appGroupOf(deps.db.read, caller.org.id, appGroupId)].flatMap((g) => g ?? []);
  if (appGroupId !== undefined && groups.length === 0) throw analyticsErrors.error("notFound", { field: "appGroupId", message: "no such app group in this organization" });
  return { groups, appGroupIds: groups.map((g) => g.id) };
}

/** The `days` completed UTC days before today's, oldest first (what rollups can cover). */
export function requestedDates(now: number, days: number): string[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, i) => dateOf(today - (days - i) * DAY_MS));
}

/** The `days` UTC days ending with today, oldest first (what raw rows cover). */
export function windowDates(now: number, days: number): string[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, i) => dateOf(today - (days - 1 - i) * DAY_MS));
}
