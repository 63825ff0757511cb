/**
 * GET /api/v1/admin/audit/behavior/rollup (spec 2.5, 4.5): behavior analytics read
 * from the sealed daily rollups only. `days` is 1 to 90 (default 30), with no add-on
 * gate and no clamp beyond that range; the requested dates are the `days` completed
 * UTC days before today. Days without a rollup are omitted, not zero-filled. Unique
 * counts are per day in a rollup, so their sums over days and app groups are ceilings
 * (visitorsUpperBound, identifiedUsersUpperBound); views and dwell add up exactly.
 */
import { t } from "elysia";
import type { AppContext } from "../../context";
import type { AuditCaller } from "../trust/index";
import { ANALYTICS_DAYS } from "../orgs/index";
import { readRollups } from "./rollup-cache";
import type { BehaviorRollupRow } from "./rollups";
import { reportScope, requestedDates, type ReportQuery } from "./window";

/** Entries listed per breakdown (pages, referrers, UTM sources, countries). */
export const TOP_ENTRIES = 20;

export const BehaviorRollupView = t.Object({
  available: t.Boolean(),
  reason: t.Optional(t.Literal("no_rollups_yet")),
  days: t.Integer(),
  coveredDates: t.Array(t.String()),
  requestedDates: t.Array(t.String()),
  daily: t.Array(t.Object({ date: t.String(), views: t.Integer(), visitorsUpperBound: t.Integer() })),
  topPages: t.Array(t.Object({ path: t.String(), views: t.Integer(), visitorsUpperBound: t.Integer(), avgDwellSec: t.Nullable(t.Number()) })),
  referrers: t.Array(t.Object({ domain: t.String(), views: t.Integer() })),
  utmSources: t.Array(t.Object({ source: t.String(), views: t.Integer() })),
  countries: t.Array(t.Object({ country: t.String(), views: t.Integer() })),
  customEvents: t.Array(t.Object({ name: t.String({ description: "custom.<name> without its prefix" }), count: t.Integer() })),
  totals: t.Object({ views: t.Integer(), visitorsUpperBound: t.Integer(), identifiedUsersUpperBound: t.Integer(), avgDwellSec: t.Nullable(t.Number()) }),
});

/** Seconds, one decimal; null with no page_leave to average. */
function avgDwellSec(dwellMs: number, leaves: number): number | null {
  return leaves === 0 ? null : Math.round(dwellMs / leaves / 100) / 10;
}

function top<V extends { views: number }>(entries: Map<string, V>, limit = TOP_ENTRIES): Array<[string, V]> {
  return [...entries].sort(([ka, a], [kb, b]) => b.views - a.views || (ka < kb ? -1 : 1)).slice(0, limit);
}

function add(map: Map<string, { views: number }>, key: string, views: number) {
  const entry = map.get(key);
  if (entry) entry.views += views;
  else map.set(key, { views });
}

export async function behaviorRollupReport(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller, query: ReportQuery) {
  const days = Math.min(ANALYTICS_DAYS.max, Math.max(ANALYTICS_DAYS.min, Math.trunc(query.days ?? ANALYTICS_DAYS.default)));
  const { appGroupIds } = await reportScope(deps, caller, query.appGroupId);
  const dates = requestedDates(deps.clock.now(), days);
  const found = await readRollups(deps, "behavior", appGroupIds, dates);

  const daily = new Map<string, { views: number; visitors: number }>();
  const pages = new Map<string, { views: number; visitors: number; dwellMs: number; leaves: number }>();
  const referrers = new Map<string, { views: number }>();
  const utmSources = new Map<string, { views: number }>();
  const countries = new Map<string, { views: number }>();
  const customEvents = new Map<string, { views: number }>();
  const totals = { views: 0, visitors: 0, identified: 0, dwellMs: 0, leaves: 0 };
  for (const [key, rows] of found) {
    const date = key.slice(key.indexOf("|") + 1);
    for (const row of rows as BehaviorRollupRow[]) {
      switch (row.dim) {
        case "total": {
          const d = daily.get(date) ?? { views: 0, visitors: 0 };
          d.views += row.views;
          d.visitors += row.visitors;
          daily.set(date, d);
          totals.views += row.views;
          totals.visitors += row.visitors;
          totals.identified += row.identified;
          totals.dwellMs += row.dwellMs;
          totals.leaves += row.leaves;
          break;
        }
        case "page": {
          const p = pages.get(row.key) ?? { views: 0, visitors: 0, dwellMs: 0, leaves: 0 };
          p.views += row.views;
          p.visitors += row.visitors;
          p.dwellMs += row.dwellMs;
          p.leaves += row.leaves;
          pages.set(row.key, p);
          break;
        }
        case "ref":
          add(referrers, row.key, row.views);
          break;
        case "utm":
          add(utmSources, row.key, row.views);
          break;
        case "country":
          add(countries, row.key, row.views);
          break;
        case "event":
          add(customEvents, row.key, row.views);
          break;
      }
    }
  }
  const coveredDates = dates.filter((d) => daily.has(d));
  return {
    available: coveredDates.length > 0,
    ...(coveredDates.length === 0 ? { reason: "no_rollups_yet" as const } : {}),
    days,
    coveredDates,
    requestedDates: dates,
    daily: coveredDates.map((date) => ({ date, views: daily.get(date)!.views, visitorsUpperBound: daily.get(date)!.visitors })),
    topPages: top(pages).map(([path, p]) => ({ path, views: p.views, visitorsUpperBound: p.visitors, avgDwellSec: avgDwellSec(p.dwellMs, p.leaves) })),
    referrers: top(referrers).map(([domain, r]) => ({ domain, views: r.views })),
    utmSources: top(utmSources).map(([source, r]) => ({ source, views: r.views })),
    countries: top(countries).map(([country, r]) => ({ country, views: r.views })),
    customEvents: top(customEvents).map(([name, r]) => ({ name, count: r.views })),
    totals: {
      views: totals.views,
      visitorsUpperBound: totals.visitors,
      identifiedUsersUpperBound: totals.identified,
      avgDwellSec: avgDwellSec(totals.dwellMs, totals.leaves),
    },
  };
}
