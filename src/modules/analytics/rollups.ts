/**
 * Daily rollups per app group, anchored in the audit chain (spec 2.5, §6).
 *
 * For each completed UTC day with source rows, and each app group, one rollup per kind:
 * - behavior: aggregate rows of the day's beacon events (behavior_events);
 * - sign_in: aggregate rows of the day's sign-in attempts (end_user_sign_ins).
 *
 * The rollup's SHA-256 is over the canonical JSON (RFC 8785) of
 * `{kind, appGroupId, date, rows}`; the source hash is the SHA-256 of the day's source
 * row ids, sorted and joined by "\n" (the "partition list"). Both, with the row and
 * event counts, go into the audit event (audit.rollup.behavior_created or
 * audit.rollup.sign_in_created) appended in the same transaction as the rollup, so a
 * verifier can recompute either from the stored rows (docs/analytics.md).
 *
 * A day is complete once it ended more than 5 minutes ago: beacon timestamps are
 * clamped to ±5 minutes of arrival, so nothing can land in it later. The job looks
 * back LOOKBACK_DAYS, builds what is missing, and is idempotent (one rollup per app
 * group, kind and day, by a unique index).
 */
import { and, eq, gte, inArray, lt } from "drizzle-orm";
import type { AppContext } from "../../context";
import { toIso } from "../../platform/clock";
import { appendAudit } from "../../platform/audit/append";
import { ANALYTICS_EVENTS } from "./events";
import { recordHash } from "../../platform/crypto/canonical-json";
import type { Queryable } from "../../platform/db/database";
import { sha256Hex } from "../../platform/crypto/hash";
import type { JobDefinition } from "../../platform/jobs/scheduler";
import { allAppGroups, hasSignInAttempts, signInAttemptsOfGroup, type SignInAttempt } from "../customers/index";
import { BEACON_LIMITS } from "./beacon";
import { analyticsRollups, behaviorEvents } from "./schema";

export const DAY_MS = 24 * 60 * 60 * 1000;
const LOOKBACK_DAYS = 7;

export type RollupKind = "behavior" | "sign_in";

/** Behavior rollup rows: one total, then per page, referrer domain, UTM source and country. */
export type BehaviorRollupRow =
  | { dim: "total"; views: number; visitors: number; identified: number; dwellMs: number; leaves: number }
  | { dim: "page"; key: string; views: number; visitors: number; dwellMs: number; leaves: number }
  | { dim: "ref" | "utm" | "country" | "event"; key: string; views: number };

/** Sign-in rollup rows: one total, then failures per reason and successes per provider. */
export type SignInRollupRow =
  | { dim: "total"; logins: number; failures: number; totalEvents: number; dau: number; signups: number }
  | { dim: "reason" | "provider"; key: string; count: number };

export interface BuiltRollup<R> {
  rows: R[];
  sha256: string;
  eventCount: number;
  sourceSha256: string;
}

export function dateOf(ms: number): string {
  return toIso(ms).slice(0, 10);
}

export function dayStart(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`);
}

/** The rollup hash: SHA-256 of the canonical JSON of the document it seals. */
export function rollupSha256(kind: RollupKind, appGroupId: string, date: string, rows: unknown[]): string {
  return recordHash({ kind, appGroupId, date, rows });
}

/** The source hash: SHA-256 of the source row ids, sorted, one per line. */
export function sourceSha256(ids: string[]): string {
  return sha256Hex([...ids].sort().join("\n"));
}

const byKey = <T extends { dim: string; key?: string }>(a: T, b: T) => (a.dim === b.dim ? ((a.key ?? "") < (b.key ?? "") ? -1 : 1) : 0);

function counter<T>(map: Map<string, T>, key: string, make: () => T): T {
  let v = map.get(key);
  if (!v) map.set(key, (v = make()));
  return v;
}

type BehaviorSource = Pick<typeof behaviorEvents.$inferSelect, "id" | "type" | "path" | "refDomain" | "utmSource" | "country" | "dwellMs" | "anonId" | "endUserId" | "sessionId">;

/** Aggregates one day of beacon events (pure). A visitor is the anon id, else the end user, else the session. */
export function aggregateBehavior(events: BehaviorSource[]): BehaviorRollupRow[] {
  const visitors = new Set<string>();
  const identified = new Set<string>();
  const pages = new Map<string, { views: number; visitors: Set<string>; dwellMs: number; leaves: number }>();
  const refs = new Map<string, number>();
  const utms = new Map<string, number>();
  const countries = new Map<string, number>();
  const customs = new Map<string, number>();
  let views = 0;
  let dwellMs = 0;
  let leaves = 0;
  for (const e of events) {
    const visitor = e.anonId ? `a:${e.anonId}` : e.endUserId ? `u:${e.endUserId}` : e.sessionId ? `s:${e.sessionId}` : `e:${e.id}`;
    visitors.add(visitor);
    if (e.endUserId) identified.add(e.endUserId);
    const page = e.path ?? "/";
    if (e.type === "page_view") {
      views += 1;
      const p = counter(pages, page, () => ({ views: 0, visitors: new Set<string>(), dwellMs: 0, leaves: 0 }));
      p.views += 1;
      p.visitors.add(visitor);
      if (e.refDomain) refs.set(e.refDomain, (refs.get(e.refDomain) ?? 0) + 1);
      if (e.utmSource) utms.set(e.utmSource, (utms.get(e.utmSource) ?? 0) + 1);
      const country = e.country ?? "unknown";
      countries.set(country, (countries.get(country) ?? 0) + 1);
    } else if (e.type === "page_leave" && e.dwellMs !== null) {
      const p = counter(pages, page, () => ({ views: 0, visitors: new Set<string>(), dwellMs: 0, leaves: 0 }));
      p.dwellMs += e.dwellMs;
      p.leaves += 1;
      dwellMs += e.dwellMs;
      leaves += 1;
    } else if (e.type.startsWith("custom.")) {
      const name = e.type.slice("custom.".length);
      customs.set(name, (customs.get(name) ?? 0) + 1);
    }
  }
  const keyed = (dim: "ref" | "utm" | "country" | "event", m: Map<string, number>) => [...m].map(([key, v]): BehaviorRollupRow => ({ dim, key, views: v })).sort(byKey);
  return [
    { dim: "total", views, visitors: visitors.size, identified: identified.size, dwellMs, leaves },
    ...[...pages].map(([key, p]): BehaviorRollupRow => ({ dim: "page", key, views: p.views, visitors: p.visitors.size, dwellMs: p.dwellMs, leaves: p.leaves })).sort(byKey),
    ...keyed("ref", refs),
    ...keyed("utm", utms),
    ...keyed("country", countries),
    // Custom events (signet.track) by name; views counts them.
    ...keyed("event", customs),
  ];
}

type SignInSource = Pick<SignInAttempt, "id" | "endUserId" | "method" | "outcome" | "failureReason" | "signup">;

/** The provider of a sign-in method: social:<provider> → provider; magic_link, passkey, … as they are. */
export function providerOf(method: string): string {
  return method.startsWith("social:") ? method.slice("social:".length) : method;
}

/** Aggregates one day of sign-in attempts (pure). */
export function aggregateSignIns(attempts: SignInSource[]): SignInRollupRow[] {
  const active = new Set<string>();
  const reasons = new Map<string, number>();
  const providers = new Map<string, number>();
  let logins = 0;
  let signups = 0;
  for (const a of attempts) {
    if (a.outcome === "success") {
      logins += 1;
      if (a.signup) signups += 1;
      if (a.endUserId) active.add(a.endUserId);
      const p = providerOf(a.method);
      providers.set(p, (providers.get(p) ?? 0) + 1);
    } else {
      const r = a.failureReason ?? "unknown";
      reasons.set(r, (reasons.get(r) ?? 0) + 1);
    }
  }
  const keyed = (dim: "reason" | "provider", m: Map<string, number>) => [...m].map(([key, count]): SignInRollupRow => ({ dim, key, count })).sort(byKey);
  return [
    { dim: "total", logins, failures: attempts.length - logins, totalEvents: attempts.length, dau: active.size, signups },
    ...keyed("reason", reasons),
    ...keyed("provider", providers),
  ];
}

type Deps = Pick<AppContext, "db" | "clock" | "logger">;

/** Reads one app group's source rows of a day and builds its rollup (not stored). */
export async function buildRollup(deps: Pick<AppContext, "db">, kind: RollupKind, appGroupId: string, date: string): Promise<BuiltRollup<unknown>> {
  const from = dayStart(date);
  const to = from + DAY_MS;
  if (kind === "behavior") {
    const events = await deps.db.read
      .select({
        id: behaviorEvents.id,
        type: behaviorEvents.type,
        path: behaviorEvents.path,
        refDomain: behaviorEvents.refDomain,
        utmSource: behaviorEvents.utmSource,
        country: behaviorEvents.country,
        dwellMs: behaviorEvents.dwellMs,
        anonId: behaviorEvents.anonId,
        endUserId: behaviorEvents.endUserId,
        sessionId: behaviorEvents.sessionId,
      })
      .from(behaviorEvents)
      .where(and(eq(behaviorEvents.appGroupId, appGroupId), gte(behaviorEvents.at, from), lt(behaviorEvents.at, to)));
    const rows = aggregateBehavior(events);
    return { rows, sha256: rollupSha256(kind, appGroupId, date, rows), eventCount: events.length, sourceSha256: sourceSha256(events.map((e) => e.id)) };
  }
  const attempts = await signInAttemptsOfGroup(deps.db.read, appGroupId, from, to);
  const rows = aggregateSignIns(attempts);
  return { rows, sha256: rollupSha256(kind, appGroupId, date, rows), eventCount: attempts.length, sourceSha256: sourceSha256(attempts.map((a) => a.id)) };
}

/**
 * The (org, app group, date) triples of a kind that have source rows and no rollup yet,
 * among the given days. One index seek per app group and day (the source tables are
 * indexed on app group and time), never a scan of the days' rows.
 */
async function missingRollups(deps: Pick<AppContext, "db">, kind: RollupKind, days: number[]) {
  const existing = await deps.db.read
    .select({ appGroupId: analyticsRollups.appGroupId, date: analyticsRollups.date })
    .from(analyticsRollups)
    .where(and(eq(analyticsRollups.kind, kind), inArray(analyticsRollups.date, days.map(dateOf))));
  const done = new Set(existing.map((r) => `${r.appGroupId}|${r.date}`));
  const groups = await allAppGroups(deps.db.read);
  const missing: Array<{ orgId: string; appGroupId: string; date: string }> = [];
  for (const group of groups) {
    for (const from of days) {
      const date = dateOf(from);
      if (done.has(`${group.id}|${date}`)) continue;
      if (await hasSourceRows(deps.db.read, kind, group.id, from, from + DAY_MS)) missing.push({ orgId: group.orgId, appGroupId: group.id, date });
    }
  }
  return missing;
}

/** Whether a kind has any source row for the app group in [from, to): one index seek. */
async function hasSourceRows(reader: Queryable, kind: RollupKind, appGroupId: string, from: number, to: number): Promise<boolean> {
  if (kind !== "behavior") return hasSignInAttempts(reader, appGroupId, from, to);
  const [any] = await reader
    .select({ id: behaviorEvents.id })
    .from(behaviorEvents)
    .where(and(eq(behaviorEvents.appGroupId, appGroupId), gte(behaviorEvents.at, from), lt(behaviorEvents.at, to)))
    .limit(1);
  return any !== undefined;
}

/** Stores one rollup with its audit event, unless another run stored it first. */
async function storeRollup(deps: Deps, kind: RollupKind, target: { orgId: string; appGroupId: string; date: string }, built: BuiltRollup<unknown>): Promise<boolean> {
  const now = deps.clock.now();
  const definition = kind === "behavior" ? ANALYTICS_EVENTS.behaviorRollupCreated : ANALYTICS_EVENTS.signInRollupCreated;
  return deps.db.write(async (tx) => {
    await tx.lock(`analytics.rollup:${target.appGroupId}`);
    const [existing] = await tx
      .select({ id: analyticsRollups.id })
      .from(analyticsRollups)
      .where(and(eq(analyticsRollups.appGroupId, target.appGroupId), eq(analyticsRollups.kind, kind), eq(analyticsRollups.date, target.date)));
    if (existing) return false;
    const payload =
      kind === "behavior"
        ? { date: target.date, rollupSha256: built.sha256, rowCount: built.rows.length, eventCount: built.eventCount, sourceFilesSha256: built.sourceSha256 }
        : { date: target.date, rollupSha256: built.sha256, rowCount: built.rows.length, eventCount: built.eventCount, sourceSha256: built.sourceSha256 };
    const appended = await appendAudit(tx, {
      type: definition.type,
      payload,
      orgId: target.orgId,
      appGroupId: target.appGroupId,
      actor: { kind: "system" },
      at: now,
    });
    await tx.insert(analyticsRollups).values({
      id: crypto.randomUUID(),
      orgId: target.orgId,
      appGroupId: target.appGroupId,
      kind,
      date: target.date,
      rows: built.rows,
      sha256: built.sha256,
      rowCount: built.rows.length,
      eventCount: built.eventCount,
      sourceSha256: built.sourceSha256,
      auditEventId: appended.id,
      createdAt: now,
    });
    return true;
  });
}

/** Builds every missing rollup of the completed days in the lookback window; returns how many were stored. */
export async function buildMissingRollups(deps: Deps, now: number): Promise<{ behavior: number; signIn: number }> {
  // The last complete day ends at or before now − 5 minutes.
  const completeBefore = Math.floor((now - BEACON_LIMITS.clockSkewMs) / DAY_MS) * DAY_MS;
  const days = Array.from({ length: LOOKBACK_DAYS }, (_, i) => completeBefore - (LOOKBACK_DAYS - i) * DAY_MS);
  const stored = { behavior: 0, signIn: 0 };
  for (const kind of ["behavior", "sign_in"] as const) {
    for (const target of await missingRollups(deps, kind, days)) {
      const built = await buildRollup(deps, kind, target.appGroupId, target.date);
      if (await storeRollup(deps, kind, target, built)) {
        if (kind === "behavior") stored.behavior += 1;
        else stored.signIn += 1;
      }
    }
  }
  return stored;
}

export function analyticsRollupJob(ctx: Deps): JobDefinition {
  return {
    name: "analytics.rollups",
    schedule: "20 * * * *",
    description: "Builds the sealed daily behavior and sign-in rollups of completed UTC days (audit.rollup.*_created)",
    run: async ({ now }) => buildMissingRollups(ctx, now),
  };
}
