/**
 * GET /audit/query and /audit/query/detail (spec 4.5, 5.4): the events a caller may
 * see (visibility.ts), within the retention window and a range of at most 90 days,
 * filtered by type prefix, actor and app group, newest first with a cursor.
 *
 * Each event says whether it still hashes to its seal (`sealIntact`): a tampered row is
 * shown as it is and flagged, never hidden, never repaired, and never fails the query.
 */
import { and, desc, eq, gte, lt, lte, or, type SQL } from "drizzle-orm";
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

function encodeCursor(seq: number): string {
  return Buffer.from(JSON.stringify({ s: seq })).toString("base64url");
}

function decodeCursor(cursor: string): number {
  try {
    const { s } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Number.isSafeInteger(s) && s > 0) return s;
  } catch {}
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

export async function queryEvents(deps: Pick<AppContext, "db" | "clock">, caller: AuditCaller, input: QueryInput) {
  const cursor = input.cursor === undefined ? null : decodeCursor(input.cursor);
  const { visibility, range } = await readScope(deps, caller, input);
  const limit = input.limit ?? QUERY_LIMIT.default;
  const conditions: Array<SQL | undefined> = [eq(auditEvents.orgId, caller.org.id), inRange(range), visibleEvents(visibility)];
  if (input.type) conditions.push(startsWith(auditEvents.type, input.type));
  if (input.actor) conditions.push(or(eq(auditEvents.actorId, input.actor), eq(auditEvents.actorConnectedId, input.actor)));
  if (input.appGroupId) conditions.push(eq(auditEvents.appGroupId, input.appGroupId));
  if (cursor !== null) conditions.push(lt(auditEvents.seq, cursor));
  const rows = await deps.db.read
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    scope: visibility.scope,
    events: page.map(eventView),
    nextCursor: rows.length > limit ? encodeCursor(page.at(-1)!.seq) : null,
    range: rangeView(range),
  };
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
