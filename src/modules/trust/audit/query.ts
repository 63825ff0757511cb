/**
 * GET /audit/query and /audit/query/detail (spec 4.5, 5.4): the events a caller may
 * see (visibility.ts), within the retention window and a range of at most 90 days,
 * filtered by type prefix, actor and app group, newest first with a cursor.
 *
 * Each event says whether it still hashes to its seal (`sealIntact`): a tampered row is
 * shown as it is and flagged, never hidden, never repaired, and never fails the query.
 */
import { decodeCursor, encodeCursor } from "../../../platform/http/cursor";
import { and, desc, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { toIso } from "../../../platform/clock";
import { hashAuditRecord } from "../../../platform/audit/record";
import { auditEvents } from "../../../platform/audit/schema";
import type { AuditCaller } from "./access";
import { auditErrors } from "./errors";
import { checkLink, previousChainHashOf, type AuditEventRow } from "./verify";
import { canSeeEvent, startsWith, visibilityFor, visibleEvents, type AuditScope } from "./visibility";
import { fitToWindow, parseRange, rangeView, retentionWindow, type EffectiveRange } from "./window";

export const QUERY_LIMIT = { default: 50, max: 200 } as const;

export interface QueryInput {
  scope?: AuditScope;
  /** Event type prefix: "org.member." or a whole type. */
  type?: string;
  /** A user id or ConnectedId: events that actor performed. */
  actor?: string;
  appGroupId?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: number;
}

function sealIntact(row: AuditEventRow): boolean {
  try {
    return row.recordHash !== "" && hashAuditRecord(row) === row.recordHash;
  } catch {
    // A payload edited into something JSON cannot carry: it is certainly not the sealed one.
    return false;
  }
}

export function eventView(row: AuditEventRow) {
  return {
    logId: row.id,
    seq: row.seq,
    type: row.type,
    at: toIso(row.createdAt),
    actor: { kind: row.actorKind, id: row.actorId, connectedId: row.actorConnectedId },
    appGroupId: row.appGroupId,
    requestId: row.requestId,
    ipHash: row.ipHash,
    userAgentHash: row.userAgentHash,
    payload: row.payload as unknown,
    recordHash: row.recordHash,
    chainHash: row.chainHash,
    sealIntact: sealIntact(row),
  };
}

function encodeSeqCursor(seq: number): string {
  return encodeCursor({ s: seq });
}

function decodeSeqCursor(cursor: string): number {
  const keyset = decodeCursor(cursor, (k): k is { s: number } => Number.isSafeInteger(k.s) && (k.s as number) > 0);
  if (keyset) return keyset.s;
  throw auditErrors.error("invalidCursor", { field: "cursor", message: "use the nextCursor of a previous page" });
}

/** The range checks (400), the 5.4 judgment (403) and the window (402), in that order. */
export async function readScope(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller, input: { scope?: AuditScope; from?: string; to?: string }) {
  const now = deps.clock.now();
  const requested = parseRange(input, now);
  const visibility = visibilityFor(caller.actor, caller.org, input.scope ?? "mine");
  const range = fitToWindow(requested, await retentionWindow(deps.db.read, caller.org, now));
  return { visibility, range };
}

export function inRange(range: EffectiveRange): SQL {
  return and(gte(auditEvents.createdAt, range.from), lte(auditEvents.createdAt, range.to))!;
}

/**
 * The same range, written so that no index on createdAt can serve it (DESIGN §11). For a
 * range that reaches the present (or any range not narrower than the time since its end,
 * isNarrowPast), the newest-first page is best read by walking the
 * (orgId, seq) index backwards and testing each row's time: about one page of rows. Left
 * to itself SQLite's planner takes the (orgId, createdAt) index instead and sorts every event
 * of the range by seq, which costs as much as the range holds (a million rows for a busy
 * organization's 90 days). Both plans return the same rows.
 */
function inRangeBySeqWalk(range: EffectiveRange): SQL {
  const time = sql`(${auditEvents.createdAt} + 0)`;
  return sql`${time} >= ${range.from} and ${time} <= ${range.to}`;
}

/**
 * A range narrower than the time between its end and now ("one day, 40 days back"). Walking
 * the chain newest-first from its head would pass every event newer than the range before
 * the first match (PostgreSQL's planner takes that walk too, misled by its row estimates), so
 * such a range is read through the (orgId, createdAt) index and its rows sorted by seq: a cost
 * that follows the range's rows. Any wider range, or one reaching the present, is cheaper to
 * walk from the head (or the cursor). Rows are taken as spread evenly over time, so the two
 * spans of time stand for the rows each plan reads.
 */
function isNarrowPast(range: EffectiveRange, now: number): boolean {
  return range.to - range.from < now - range.to;
}

export async function queryEvents(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller, input: QueryInput) {
  const cursor = input.cursor === undefined ? null : decodeSeqCursor(input.cursor);
  const { visibility, range } = await readScope(deps, caller, input);
  const limit = input.limit ?? QUERY_LIMIT.default;
  const narrowPast = isNarrowPast(range, deps.clock.now());
  // One actor's events are walked along the (orgId, actor…, seq) indexes. A whole-organization
  // page of a narrow range in the past is read by time (the order `seq + 0` keeps any planner
  // off the seq index); any other whole-organization page walks the chain from its head, which
  // SQLite is told by a range no time index can serve (PostgreSQL's planner takes that walk
  // itself for broad ranges, and misjudges the rewritten range, so that hint is SQLite's only).
  // scope=mine is left to the planner: the caller's actor index, or the range's rows sorted.
  const byTime = input.actor === undefined && visibility.wholeOrg && narrowPast;
  const walk = deps.db.dialect === "sqlite" && (input.actor !== undefined || (visibility.wholeOrg && !narrowPast));
  const conditions: Array<SQL | undefined> = [eq(auditEvents.orgId, caller.org.id), walk ? inRangeBySeqWalk(range) : inRange(range), visibleEvents(visibility)];
  if (input.type) conditions.push(startsWith(auditEvents.type, input.type));
  if (input.appGroupId) conditions.push(eq(auditEvents.appGroupId, input.appGroupId));
  if (cursor !== null) conditions.push(lt(auditEvents.seq, cursor));
  const newest = (extra?: SQL) =>
    deps.db.read
      .select()
      .from(auditEvents)
      .where(and(...conditions, extra))
      .orderBy(byTime ? sql`${auditEvents.seq} + 0 desc` : desc(auditEvents.seq))
      .limit(limit + 1);
  // "Performed by" is the user id or the badge: two index walks merged, rather than one OR
  // that no single index orders by seq. An event matching both is counted once.
  const rows = input.actor === undefined ? await newest() : mergeNewest(await newest(eq(auditEvents.actorId, input.actor)), await newest(eq(auditEvents.actorConnectedId, input.actor)), limit + 1);
  const page = rows.slice(0, limit);
  return {
    scope: visibility.scope,
    events: page.map(eventView),
    nextCursor: rows.length > limit ? encodeSeqCursor(page.at(-1)!.seq) : null,
    range: rangeView(range),
  };
}

/** The newest `count` of two newest-first lists, each event once. */
function mergeNewest(a: AuditEventRow[], b: AuditEventRow[], count: number): AuditEventRow[] {
  const byId = new Map([...a, ...b].map((row) => [row.id, row]));
  return [...byId.values()].sort((x, y) => y.seq - x.seq).slice(0, count);
}

/**
 * One event with its place in the chain: the same judgment as the list, applied to this
 * event (404 when the caller may not see it, or it is another organization's), and the
 * window (402 when it lies before it).
 */
export async function eventDetail(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller, input: { logId: string; scope?: AuditScope }) {
  const visibility = visibilityFor(caller.actor, caller.org, input.scope ?? "mine");
  const [row] = await deps.db.read
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.id, input.logId), eq(auditEvents.orgId, caller.org.id)));
  if (!row || !canSeeEvent(visibility, row)) throw auditErrors.error("notFound", { message: "no such audit event" });
  const window = await retentionWindow(deps.db.read, caller.org, deps.clock.now());
  fitToWindow({ from: row.createdAt, to: row.createdAt, explicitFrom: false }, window);
  const previousChainHash = await previousChainHashOf(deps.db.read, row);
  const link = previousChainHash === null ? null : checkLink(row, previousChainHash);
  return {
    scope: visibility.scope,
    event: eventView(row),
    chain: {
      previousChainHash,
      recordIntact: sealIntact(row),
      linkIntact: previousChainHash !== null && link === null,
    },
  };
}
