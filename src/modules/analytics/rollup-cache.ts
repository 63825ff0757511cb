/**
 * The rollup cache of spec §8: a completed day's parsed rows are kept up to 7 days (a
 * rollup never changes once sealed), and a day with no rollup is remembered for 10
 * minutes (so a dashboard polling a range full of empty days does not query them each
 * time, while a rollup built meanwhile shows up soon). In process, per database, on
 * the injected clock; bounded, the oldest entries going first.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Database } from "../../platform/db/database";
import type { RollupKind } from "./rollups";
import { analyticsRollups } from "./schema";

export const ROLLUP_CACHE = { hitMs: 7 * 24 * 60 * 60 * 1000, missMs: 10 * 60 * 1000, maxEntries: 50_000 } as const;

interface Entry {
  rows: unknown[] | null;
  at: number;
}

const caches = new WeakMap<Database, Map<string, Entry>>();

function cacheOf(db: Database): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

const keyOf = (kind: RollupKind, appGroupId: string, date: string) => `${kind}|${appGroupId}|${date}`;

/**
 * The rows of each (app group, date) that has a rollup, keyed "appGroupId|date";
 * absent keys have none. One query for whatever the cache does not hold.
 */
export async function readRollups(
  deps: Pick<AppContext, "db" | "clock">,
  kind: RollupKind,
  appGroupIds: string[],
  dates: string[],
): Promise<Map<string, unknown[]>> {
  const cache = cacheOf(deps.db);
  const now = deps.clock.now();
  const found = new Map<string, unknown[]>();
  const missingGroups = new Set<string>();
  const missingDates = new Set<string>();
  for (const appGroupId of appGroupIds) {
    for (const date of dates) {
      const entry = cache.get(keyOf(kind, appGroupId, date));
      const fresh = entry && now - entry.at < (entry.rows ? ROLLUP_CACHE.hitMs : ROLLUP_CACHE.missMs);
      if (!fresh) {
        missingGroups.add(appGroupId);
        missingDates.add(date);
      } else if (entry.rows) found.set(`${appGroupId}|${date}`, entry.rows);
    }
  }
  if (missingGroups.size > 0) {
    const rows = await deps.db.read
      .select({ appGroupId: analyticsRollups.appGroupId, date: analyticsRollups.date, rows: analyticsRollups.rows })
      .from(analyticsRollups)
      .where(and(eq(analyticsRollups.kind, kind), inArray(analyticsRollups.appGroupId, [...missingGroups]), inArray(analyticsRollups.date, [...missingDates])));
    const stored = new Map(rows.map((r) => [`${r.appGroupId}|${r.date}`, r.rows]));
    for (const appGroupId of missingGroups) {
      for (const date of missingDates) {
        const key = `${appGroupId}|${date}`;
        const hit = stored.get(key) ?? null;
        remember(cache, keyOf(kind, appGroupId, date), { rows: hit, at: now });
        if (hit) found.set(key, hit);
      }
    }
  }
  return found;
}

function remember(cache: Map<string, Entry>, key: string, entry: Entry): void {
  cache.delete(key);
  cache.set(key, entry);
  if (cache.size > ROLLUP_CACHE.maxEntries) cache.delete(cache.keys().next().value!);
}
