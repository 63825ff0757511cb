/**
 * The audit retention window (spec 2.12, 3.9, §8) and query ranges (5.4: at most 90
 * days per query). Every event is sealed on every plan; the window only limits how far
 * back a query reaches. Free 1 day, Pro 7, Pro+ 30, Business 90, Enterprise per
 * contract (unlimited until a contract says otherwise). A contract override set by the
 * operator (`signet audit retention`) applies whatever the plan.
 */
import { eq } from "drizzle-orm";
import type { Queryable } from "../../../platform/db/database";
import { toIso } from "../../../platform/clock";
import { kernelErrors } from "../../../platform/http/error-catalog";
import { limitsOf, type Organization, type PlanKey, planOf } from "../../orgs/index";
import { auditLimits, auditRetentionExceeded } from "./limits";
import { auditErrors } from "./errors";
import { auditRetentionStates } from "./schema";

export const DAY_MS = 24 * 60 * 60 * 1000;
export const MAX_QUERY_DAYS = 90;

export type RetentionState = typeof auditRetentionStates.$inferSelect;

export interface RetentionWindow {
  planKey: PlanKey;
  /** null: unlimited. */
  retentionDays: number | null;
  isContractOverride: boolean;
  /** Events at or after this instant are within the window; null when unlimited. */
  windowStart: number | null;
}

export async function retentionStateOf(reader: Queryable, orgId: string): Promise<RetentionState | null> {
  const [row] = await reader.select().from(auditRetentionStates).where(eq(auditRetentionStates.id, orgId));
  return row ?? null;
}

export function windowOf(org: Pick<Organization, "plan">, state: RetentionState | null, now: number): RetentionWindow {
  const planKey = planOf(org.plan);
  const contract = state?.contractRetentionDays ?? null;
  const retentionDays = contract ?? limitsOf(planKey, auditLimits).retentionDays;
  return { planKey, retentionDays, isContractOverride: contract !== null, windowStart: retentionDays === null ? null : now - retentionDays * DAY_MS };
}

export async function retentionWindow(reader: Queryable, org: Pick<Organization, "id" | "plan">, now: number): Promise<RetentionWindow> {
  return windowOf(org, await retentionStateOf(reader, org.id), now);
}

// ISO 8601: a date, or a date and time with seconds optional and a zone (Z or ±hh:mm).
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

function parseInstant(value: string | undefined, field: string): number | null {
  if (value === undefined) return null;
  const ms = ISO_8601.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) throw kernelErrors.error("invalidRequest", { field, message: "an ISO 8601 date or date-time with a zone, e.g. 2026-01-15T12:00:00Z" });
  return ms;
}

export interface RequestedRange {
  from: number;
  to: number;
  /** Whether the caller named `from` (a default is never "cut"). */
  explicitFrom: boolean;
}

/**
 * Parses and checks `from`/`to` (400 on malformed, inverted or longer than 90 days).
 * Defaults: `to` now, `from` 90 days before `to`.
 */
export function parseRange(query: { from?: string; to?: string }, now: number): RequestedRange {
  const to = parseInstant(query.to, "to") ?? now;
  const explicit = parseInstant(query.from, "from");
  const from = explicit ?? to - MAX_QUERY_DAYS * DAY_MS;
  if (from > to) throw auditErrors.error("invalidRange", { field: "from", message: "from must not be after to" });
  if (to - from > MAX_QUERY_DAYS * DAY_MS) {
    throw auditErrors.error("rangeTooLarge", { field: "from", maxDays: MAX_QUERY_DAYS, message: `a query covers at most ${MAX_QUERY_DAYS} days` });
  }
  return { from, to, explicitFrom: explicit !== null };
}

export interface EffectiveRange {
  from: number;
  to: number;
  requestedFrom: number;
  requestedTo: number;
  /** True when the caller asked for history before the window and the range was cut to it. */
  cut: boolean;
  window: RetentionWindow;
}

/**
 * Fits a range to the retention window: entirely before it is 402 UPGRADE_REQUIRED
 * (feature audit.retention); partly before it is cut to the window, and says so.
 */
export function fitToWindow(range: RequestedRange, window: RetentionWindow): EffectiveRange {
  const start = window.windowStart;
  if (start !== null && range.to < start) throw auditRetentionExceeded();
  const from = start !== null && range.from < start ? start : range.from;
  return { from, to: range.to, requestedFrom: range.from, requestedTo: range.to, cut: range.explicitFrom && from !== range.from, window };
}

export function rangeView(r: EffectiveRange) {
  return {
    from: toIso(r.from),
    to: toIso(r.to),
    requestedFrom: toIso(r.requestedFrom),
    requestedTo: toIso(r.requestedTo),
    cut: r.cut,
    retentionDays: r.window.retentionDays,
    windowStartUtc: r.window.windowStart === null ? null : toIso(r.window.windowStart),
  };
}
