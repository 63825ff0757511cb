/**
 * GET /audit/stats, /audit/stats/quick and /audit/stats/forensic: counts over the events
 * a caller may see (the same 5.4 judgment, window and range rules as /audit/query).
 */
import { and, count, desc, eq, gte, inArray, lte, max, sql, sum, type SQL } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { toIso } from "../../../platform/clock";
import { auditDayOf } from "../../../platform/audit/day-counts";
import { auditCheckpoints, auditDayCounts, auditEvents } from "../../../platform/audit/schema";
import { userByEmail } from "../../identity/index";
import { badgeIdsOf } from "../../orgs/index";
import { isOwnerOrAdmin, type AuditCaller } from "./access";
import { eventView, inRange, readScope } from "./query";
import { integrityViolations } from "./schema";
import { visibleEvents, visibilityFor, type AuditScope, type Visibility } from "./visibility";
import { DAY_MS, rangeView, retentionWindow, type EffectiveRange } from "./window";

const TOP_TYPES = 50;
const TOP_ACTORS = 20;
const FORENSIC_EVENTS = 100;

/** Inclusive instants. */
interface Span {
  from: number;
  to: number;
}

/**
 * A range cut at UTC midnights: the whole days in it, read from the per-day counts, and
 * at most two partial days at its ends, read from the events (by the (orgId, createdAt)
 * index, so at most a day of events). `to` null: no end (everything since `from`).
 */
export function splitAtMidnights(from: number, to: number | null): { wholeDays: { first: number; last: number | null } | null; partialDays: Span[] } {
  const first = Math.ceil(from / DAY_MS);
  const last = to === null ? null : Math.floor((to + 1) / DAY_MS) - 1;
  if (to !== null && first > last!) {
    // No whole day: the range lies within one day or straddles one midnight.
    const midnight = (auditDayOf(from) + 1) * DAY_MS;
    return { wholeDays: null, partialDays: to < midnight ? [{ from, to }] : [{ from, to: midnight - 1 }, { from: midnight, to }] };
  }
  const partialDays: Span[] = [];
  if (from < first * DAY_MS) partialDays.push({ from, to: first * DAY_MS - 1 });
  if (to !== null && to >= (last! + 1) * DAY_MS) partialDays.push({ from: (last! + 1) * DAY_MS, to });
  return { wholeDays: { first, last }, partialDays };
}

type DaySplit = ReturnType<typeof splitAtMidnights>;

function wholeDaysWhere(orgId: string, visibility: Visibility, days: NonNullable<DaySplit["wholeDays"]>): SQL | undefined {
  return and(
    eq(auditDayCounts.orgId, orgId),
    gte(auditDayCounts.day, days.first),
    days.last === null ? undefined : lte(auditDayCounts.day, days.last),
    visibleEvents(visibility, auditDayCounts),
  );
}

function partialDayWhere(orgId: string, visibility: Visibility, span: Span): SQL | undefined {
  return and(eq(auditEvents.orgId, orgId), gte(auditEvents.createdAt, span.from), lte(auditEvents.createdAt, span.to), visibleEvents(visibility));
}

/** Counts by type, day and actor of the visible events of a range: whole days from the counts, partial days from the events. */
async function tallyRange(deps: Pick<AppContext, "db">, orgId: string, visibility: Visibility, split: DaySplit) {
  const reader = deps.db.read;
  const byType = new Map<string, number>();
  const byDay = new Map<number, number>();
  const byActor = new Map<string, { kind: string; id: string | null; count: number }>();
  const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  const addActor = (kind: string, id: string | null, n: number) => {
    const key = JSON.stringify([kind, id]);
    const entry = byActor.get(key);
    if (entry) entry.count += n;
    else byActor.set(key, { kind, id, count: n });
  };
  if (split.wholeDays) {
    const where = wholeDaysWhere(orgId, visibility, split.wholeDays);
    const n = sum(auditDayCounts.n);
    // Two passes over the days' counts: by (type, actor), from which both the types and the actors follow, and by day.
    const pairs = await reader
      .select({ type: auditDayCounts.type, kind: auditDayCounts.actorKind, id: auditDayCounts.actorId, n })
      .from(auditDayCounts)
      .where(where)
      .groupBy(auditDayCounts.type, auditDayCounts.actorKind, auditDayCounts.actorId);
    for (const row of pairs) {
      add(byType, row.type, Number(row.n));
      // The counts store an absent actor id as "" (schema.ts).
      addActor(row.kind, row.id === "" ? null : row.id, Number(row.n));
    }
    for (const row of await reader.select({ day: auditDayCounts.day, n }).from(auditDayCounts).where(where).groupBy(auditDayCounts.day)) add(byDay, Number(row.day), Number(row.n));
  }
  for (const span of split.partialDays) {
    const rows = await reader
      .select({ type: auditEvents.type, kind: auditEvents.actorKind, id: auditEvents.actorId, n: count() })
      .from(auditEvents)
      .where(partialDayWhere(orgId, visibility, span))
      .groupBy(auditEvents.type, auditEvents.actorKind, auditEvents.actorId);
    for (const row of rows) {
      add(byType, row.type, row.n);
      add(byDay, auditDayOf(span.from), row.n);
      addActor(row.kind, row.id, row.n);
    }
  }
  return { byType, byDay, byActor: [...byActor.values()] };
}

/** The most frequent types first (ties by type), at most TOP_TYPES. */
function topTypes(byType: Map<string, number>) {
  return [...byType]
    .map(([type, count]) => ({ type, count }))
    .sort((a, b) => b.count - a.count || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0))
    .slice(0, TOP_TYPES);
}

function daysAscending(byDay: Map<number, number>) {
  return [...byDay]
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a - b)
    .map(([day, count]) => ({ date: toIso(day * DAY_MS).slice(0, 10), count }));
}

/** GET /audit/stats: totals by type, day and actor over a range. */
export async function auditStats(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller, input: { scope?: AuditScope; from?: string; to?: string }) {
  const { visibility, range } = await readScope(deps, caller, input);
  const tally = await tallyRange(deps, caller.org.id, visibility, splitAtMidnights(range.from, range.to));
  const byDay = daysAscending(tally.byDay);
  const byActor = tally.byActor
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind) || (a.id ?? "").localeCompare(b.id ?? ""))
    .slice(0, TOP_ACTORS);
  return {
    scope: visibility.scope,
    range: rangeView(range),
    total: byDay.reduce((total, d) => total + d.count, 0),
    byType: topTypes(tally.byType),
    byDay,
    byActor,
  };
}

/** How many visible events there are after `after` (strictly): whole days from the counts, the partial first day from the events. */
async function countAfter(deps: Pick<AppContext, "db">, orgId: string, visibility: Visibility, after: number): Promise<number> {
  const split = splitAtMidnights(after + 1, null);
  let total = 0;
  if (split.wholeDays) {
    const [row] = await deps.db.read.select({ n: sum(auditDayCounts.n) }).from(auditDayCounts).where(wholeDaysWhere(orgId, visibility, split.wholeDays));
    total += Number(row?.n ?? 0);
  }
  for (const span of split.partialDays) {
    const [row] = await deps.db.read.select({ n: count() }).from(auditEvents).where(partialDayWhere(orgId, visibility, span));
    total += row?.n ?? 0;
  }
  return total;
}

/** GET /audit/stats/quick: the last day and week (within the window), the chain's head and open violations. */
export async function quickStats(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller, input: { scope?: AuditScope }) {
  const visibility = visibilityFor(caller.actor, caller.org, input.scope ?? "mine");
  const now = deps.clock.now();
  const window = await retentionWindow(deps.db.read, caller.org, now);
  const since = (days: number) => Math.max(now - days * DAY_MS, window.windowStart === null ? -Infinity : window.windowStart - 1);
  const visible = and(eq(auditEvents.orgId, caller.org.id), visibleEvents(visibility));
  // Strictly after: an event exactly 24 hours old is not in the last 24 hours.
  const countSince = (from: number) => countAfter(deps, caller.org.id, visibility, from);
  const inWindow = window.windowStart === null ? visible : and(visible, gte(auditEvents.createdAt, window.windowStart));
  const [last] = await deps.db.read.select({ at: max(auditEvents.createdAt) }).from(auditEvents).where(inWindow);
  const [head] = await deps.db.read.select({ seq: max(auditEvents.seq) }).from(auditEvents).where(eq(auditEvents.orgId, caller.org.id));
  const [checkpoint] = await deps.db.read
    .select({ seq: auditCheckpoints.seq, at: auditCheckpoints.createdAt })
    .from(auditCheckpoints)
    .where(eq(auditCheckpoints.orgId, caller.org.id))
    .orderBy(desc(auditCheckpoints.seq))
    .limit(1);
  let openViolations: number | null = null;
  if (isOwnerOrAdmin(caller.actor)) {
    const [open] = await deps.db.read
      .select({ n: count() })
      .from(integrityViolations)
      .where(and(eq(integrityViolations.orgId, caller.org.id), eq(integrityViolations.status, "open")));
    openViolations = open?.n ?? 0;
  }
  return {
    scope: visibility.scope,
    retentionDays: window.retentionDays,
    last24h: await countSince(since(1)),
    last7d: await countSince(since(7)),
    lastEventAt: last?.at == null ? null : toIso(last.at),
    chain: { headSeq: head?.seq ?? null, latestCheckpointSeq: checkpoint?.seq ?? null, latestCheckpointAt: checkpoint ? toIso(checkpoint.at) : null },
    openViolations,
  };
}

/**
 * The payload's `email`, lower-cased, exactly as the expression index
 * audit_events_payload_email_org_idx is written (the migration), so the planner uses it.
 * The index leads with the e-mail, not orgId: one led by orgId alone would offer SQLite's
 * planner a walk of the whole organization for `max(seq) where orgId = ?` (the chain head)
 * and it took it, reading every event (as schema.ts says of the actor indexes).
 */
function payloadEmailOf(dialect: "sqlite" | "postgres"): SQL {
  return dialect === "postgres" ? sql`lower(${auditEvents.payload} ->> 'email')` : sql`lower(json_extract(${auditEvents.payload}, '$.email'))`;
}

/**
 * The range, written on SQLite so that no index on createdAt can serve it (`+ 0`), which
 * leaves the planner the person's own indexes. Left to itself it walks the organization's
 * whole range (0.7 s at 1M events): its statistics see the badge column as mostly NULL and
 * judge a badge unselective. PostgreSQL's statistics know the NULLs: there the plain range.
 */
function personRange(dialect: "sqlite" | "postgres", range: EffectiveRange): SQL {
  if (dialect === "postgres") return inRange(range);
  const time = sql`(${auditEvents.createdAt} + 0)`;
  return sql`${time} >= ${range.from} and ${time} <= ${range.to}`;
}

/** Counts by a key, most frequent first, at most `limit`. */
function topBy<T>(rows: T[], keyOf: (row: T) => string | null, limit: number) {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)).slice(0, limit);
}

/**
 * GET /audit/stats/forensic: what one person did within one app group. The person is
 * named by e-mail: events whose actor is the dashboard user with that address (by user
 * id or any of their badges here), or whose payload's `email` is that address (end-user
 * events). Needs what scope=all needs (5.4).
 *
 * Reads only that person's events: one index read per way of naming them (the payload
 * e-mail's expression index, the actor-first indexes), merged here, rather than one OR
 * that the planners answer by scanning the range. Their counts are then small.
 */
export async function forensicStats(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller, input: { email: string; appGroupId: string; from?: string; to?: string }) {
  const { visibility, range } = await readScope(deps, caller, { ...input, scope: "all" });
  const email = input.email.trim().toLowerCase();
  const user = await userByEmail(deps.db.read, email);
  const badges = user ? await badgeIdsOf(deps.db.read, caller.org.id, user.id) : [];
  const actorIds = [...(user ? [user.id] : []), ...badges];
  const scope = and(eq(auditEvents.orgId, caller.org.id), personRange(deps.db.dialect, range), eq(auditEvents.appGroupId, input.appGroupId), visibleEvents(visibility));
  // One equality per id: SQLite's planner multiplies its estimate for an `in (…)` list and scans.
  const ways = [sql`${payloadEmailOf(deps.db.dialect)} = ${email}`, ...actorIds.flatMap((id) => [eq(auditEvents.actorId, id), eq(auditEvents.actorConnectedId, id)])];
  const light = { id: auditEvents.id, seq: auditEvents.seq, type: auditEvents.type, createdAt: auditEvents.createdAt, ipHash: auditEvents.ipHash, userAgentHash: auditEvents.userAgentHash };
  const byId = new Map<string, { id: string; seq: number; type: string; createdAt: number; ipHash: string | null; userAgentHash: string | null }>();
  for (const way of ways) for (const row of await deps.db.read.select(light).from(auditEvents).where(and(scope, way))) byId.set(row.id, row);
  const found = [...byId.values()].sort((a, b) => b.seq - a.seq);
  const newestIds = found.slice(0, FORENSIC_EVENTS).map((e) => e.id);
  const events = newestIds.length ? await deps.db.read.select().from(auditEvents).where(inArray(auditEvents.id, newestIds)).orderBy(desc(auditEvents.seq)) : [];
  const byDay = new Map<number, number>();
  for (const e of found) byDay.set(auditDayOf(e.createdAt), (byDay.get(auditDayOf(e.createdAt)) ?? 0) + 1);
  const first = found.reduce((at, e) => Math.min(at, e.createdAt), Infinity);
  const last = found.reduce((at, e) => Math.max(at, e.createdAt), -Infinity);
  return {
    email,
    userId: user?.id ?? null,
    appGroupId: input.appGroupId,
    range: rangeView(range),
    total: found.length,
    byType: topBy(found, (e) => e.type, TOP_TYPES).map(([type, count]) => ({ type, count })),
    byDay: daysAscending(byDay),
    firstAt: found.length ? toIso(first) : null,
    lastAt: found.length ? toIso(last) : null,
    ipHashes: topBy(found, (e) => e.ipHash, TOP_ACTORS).map(([hash, count]) => ({ hash, count })),
    userAgentHashes: topBy(found, (e) => e.userAgentHash, TOP_ACTORS).map(([hash, count]) => ({ hash, count })),
    events: events.map(eventView),
  };
}
