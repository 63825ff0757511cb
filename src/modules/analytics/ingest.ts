/**
 * Beacon ingest: what happens to a batch once its request passed the origin check.
 *
 * - Rate limit: at most 120 requests per minute per application and client IP, counted
 *   in process (a fixed window on the injected clock). It protects the node, it is not
 *   a promise across nodes, so it does not cost a database write per request.
 * - Sessions: a client's `sid` that the server saw idle for more than 30 minutes rolls
 *   over (stored as `<sid>.<n>`), so a tab left open overnight does not make one
 *   endless session. Tracked in process, per app group.
 * - Group commit: the events of the requests that arrive while one batch commits go
 *   together in the next transaction (raw multi-row inserts, see insertEvents;
 *   duplicates of a client uuid ignored by the unique index). A request is answered once its
 *   events have committed, as if it had its own transaction.
 */
import type { Database as SqliteConnection, SQLQueryBindings } from "bun:sqlite";
import { eq, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Database, Queryable, Tx } from "../../platform/db/database";
import { preparedQuery } from "../../platform/db/prepared";
import { activeApplicationByClientKey } from "../customers/index";
import { RateLimitedError } from "../../platform/http/errors";
import { BEACON_LIMITS, type BehaviorEventInput } from "./beacon";
import { analyticsCollection, behaviorEvents } from "./schema";
import { metrics } from "../../platform/metrics";

type BehaviorEventInsert = typeof behaviorEvents.$inferInsert;

const MINUTE_MS = 60_000;
/** Events one transaction carries at most; more wait for the next one. */
const MAX_COMMIT_EVENTS = 5_000;
/** Sessions remembered for rollover; the oldest are forgotten first. */
const MAX_TRACKED_SESSIONS = 200_000;

/** Fixed one-minute windows per key; the previous minute's counters are dropped whole. */
export class MinuteRateLimiter {
  private window = -1;
  private counts = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Counts one request, or throws 429 with Retry-After when the key's minute is full. */
  take(key: string, now: number): void {
    const window = Math.floor(now / MINUTE_MS);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const used = this.counts.get(key) ?? 0;
    if (used >= this.limit) {
      throw new RateLimitedError(Math.max(1, Math.ceil(((window + 1) * MINUTE_MS - now) / 1000)), {
        message: `at most ${this.limit} beacon requests per minute per application and IP`,
      });
    }
    this.counts.set(key, used + 1);
  }
}

/** Rolls a client's session id over after 30 idle minutes. */
export class SessionTracker {
  private sessions = new Map<string, { lastAt: number; rollovers: number }>();

  storedSessionId(appGroupId: string, sid: string, at: number): string {
    const key = `${appGroupId}|${sid}`;
    const seen = this.sessions.get(key);
    let rollovers = seen?.rollovers ?? 0;
    if (seen && at - seen.lastAt > BEACON_LIMITS.sessionIdleMs) rollovers += 1;
    // Re-inserting moves the key to the end, so the map's first keys are the least recent.
    this.sessions.delete(key);
    this.sessions.set(key, { lastAt: Math.max(at, seen?.lastAt ?? at), rollovers });
    if (this.sessions.size > MAX_TRACKED_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    return rollovers === 0 ? sid : `${sid}.${rollovers}`;
  }
}

interface Waiting {
  rows: BehaviorEventInsert[];
  resolve(): void;
  reject(error: unknown): void;
}

class EventGroupCommit {
  private waiting: Waiting[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly db: Database) {}

  insert(rows: BehaviorEventInsert[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiting.push({ rows, resolve, reject });
      this.running ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    // Let the requests already in this turn of the event loop join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      while (this.waiting.length > 0) {
        let size = 0;
        let take = 0;
        while (take < this.waiting.length && (take === 0 || size + this.waiting[take]!.rows.length <= MAX_COMMIT_EVENTS)) size += this.waiting[take++]!.rows.length;
        await this.commit(this.waiting.splice(0, take));
      }
    } finally {
      this.running = null;
    }
  }

  private async commit(batch: Waiting[]): Promise<void> {
    try {
      const rows = batch.flatMap((w) => w.rows);
      await this.db.write((tx) => insertEvents(tx, this.db.dialect, rows));
      metrics.groupCommitBatch.observe({ kind: "beacon" }, batch.length);
      for (const w of batch) w.resolve();
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One request's rows broke the batch (its app group deleted meanwhile): each alone.
      for (const w of batch) await this.commit([w]);
    }
  }
}

/** The stored columns, in the order the insert statements list them. */
const COLUMNS = [
  ["id", "text"],
  ["org_id", "text"],
  ["app_group_id", "text"],
  ["application_id", "text"],
  ["client_event_id", "text"],
  ["type", "text"],
  ["path", "text"],
  ["ref_domain", "text"],
  ["utm_source", "text"],
  ["utm_medium", "text"],
  ["utm_campaign", "text"],
  ["dwell_ms", "integer"],
  ["anon_id", "text"],
  ["end_user_id", "text"],
  ["session_id", "text"],
  ["country", "text"],
  ["data", "jsonb"],
  ["at", "bigint"],
  ["received_at", "bigint"],
] as const;
const COLUMN_LIST = COLUMNS.map(([name]) => name).join(", ");
/** Rows per SQLite statement: 50 × 19 parameters, well under its ceiling. */
const SQLITE_ROWS_PER_STATEMENT = 50;

function columnValues(r: BehaviorEventInsert): unknown[] {
  return [
    r.id,
    r.orgId,
    r.appGroupId,
    r.applicationId,
    r.clientEventId,
    r.type,
    r.path ?? null,
    r.refDomain ?? null,
    r.utmSource ?? null,
    r.utmMedium ?? null,
    r.utmCampaign ?? null,
    r.dwellMs ?? null,
    r.anonId ?? null,
    r.endUserId ?? null,
    r.sessionId ?? null,
    r.country ?? null,
    r.data == null ? null : JSON.stringify(r.data),
    r.at,
    r.receivedAt,
  ];
}

/**
 * Inserts rows without building them through drizzle (tens of microseconds a row):
 * on SQLite, multi-row statements compiled once per size and cached by the connection;
 * on PostgreSQL, one statement whose only parameter is the rows' JSON (one round
 * trip). Duplicates of a client uuid in the app group are ignored.
 */
async function insertEvents(tx: Tx, dialect: Database["dialect"], rows: BehaviorEventInsert[]): Promise<void> {
  if (dialect === "sqlite") {
    // The writer connection under the transaction (the schema kit's drizzle handle keeps it as $client).
    const connection = (tx as unknown as { $client: SqliteConnection }).$client;
    const placeholders = `(${COLUMNS.map(() => "?").join(", ")})`;
    for (let i = 0; i < rows.length; i += SQLITE_ROWS_PER_STATEMENT) {
      const chunk = rows.slice(i, i + SQLITE_ROWS_PER_STATEMENT);
      const statement = `insert into behavior_events (${COLUMN_LIST}) values ${Array(chunk.length).fill(placeholders).join(", ")} on conflict do nothing`;
      const params: unknown[] = [];
      for (const row of chunk) params.push(...columnValues(row));
      connection.query(statement).run(...(params as SQLQueryBindings[]));
    }
    return;
  }
  const record = COLUMNS.map(([name, type]) => `${name} ${type}`).join(", ");
  const json = JSON.stringify(
    rows.map((r) => {
      const values = columnValues(r);
      // data goes as the object itself (jsonb), not its serialized text.
      return Object.fromEntries(COLUMNS.map(([name], i) => [name, name === "data" ? (r.data ?? null) : values[i]]));
    }),
  );
  const statement = sql`insert into behavior_events (${sql.raw(COLUMN_LIST)}) select ${sql.raw(COLUMN_LIST)} from jsonb_to_recordset(${json}::jsonb) as r(${sql.raw(record)}) on conflict do nothing`;
  // The schema kit types a transaction as SQLite's; PostgreSQL's runs raw SQL with execute.
  await (tx as unknown as { execute(query: SQL): Promise<unknown> }).execute(statement);
}

export interface BeaconSource {
  orgId: string;
  appGroupId: string;
  applicationId: string;
  ip: string | null;
  country: string | null;
}

/** The app group's collection switch (no row: on), prepared: it runs for every beacon request. */
const eventsEnabledQuery = preparedQuery((db) =>
  db.select({ eventsEnabled: analyticsCollection.eventsEnabled }).from(analyticsCollection).where(eq(analyticsCollection.id, sql.placeholder("appGroupId"))).prepare(),
);

export interface BeaconTarget {
  applicationId: string;
  orgId: string;
  appGroupId: string;
  allowedOrigins: string[];
  eventsEnabled: boolean;
}

export async function findBeaconTarget(reader: Queryable, clientKey: string): Promise<BeaconTarget | null> {
  if (!clientKey.startsWith("client_")) return null;
  // What the beacon needs of an application key: an active application of a live app group, its Allowed Origins, and the switch.
  const app = await activeApplicationByClientKey(reader, clientKey);
  if (!app) return null;
  const [setting] = await eventsEnabledQuery(reader).execute({ appGroupId: app.appGroupId });
  return { ...app, eventsEnabled: setting?.eventsEnabled ?? true };
}

/** The beacon's per-process state: one per application context. */
export class BeaconIngest {
  private readonly limiter = new MinuteRateLimiter(BEACON_LIMITS.requestsPerMinute);
  private readonly sessions = new SessionTracker();
  private readonly writer: EventGroupCommit;

  constructor(private readonly deps: Pick<AppContext, "db" | "clock">) {
    this.writer = new EventGroupCommit(deps.db);
  }

  /** 429 once the application and IP have used this minute's requests. */
  admit(source: Pick<BeaconSource, "applicationId" | "ip">): void {
    this.limiter.take(`${source.applicationId}|${source.ip ?? "unknown"}`, this.deps.clock.now());
  }

  /** Stores the kept events; resolves once they have committed. */
  async store(source: BeaconSource, events: BehaviorEventInput[]): Promise<void> {
    const receivedAt = this.deps.clock.now();
    const rows = events.map(
      (e): BehaviorEventInsert => ({
        // Time-ordered ids: each insert lands at the end of the primary-key index.
        id: Bun.randomUUIDv7(),
        orgId: source.orgId,
        appGroupId: source.appGroupId,
        applicationId: source.applicationId,
        clientEventId: e.clientEventId,
        type: e.type,
        path: e.path,
        refDomain: e.refDomain,
        utmSource: e.utmSource,
        utmMedium: e.utmMedium,
        utmCampaign: e.utmCampaign,
        dwellMs: e.dwellMs,
        anonId: e.anonId,
        endUserId: e.endUserId,
        sessionId: e.sessionId === null ? null : this.sessions.storedSessionId(source.appGroupId, e.sessionId, e.at),
        country: source.country,
        data: e.data,
        at: e.at,
        receivedAt,
      }),
    );
    await this.writer.insert(rows);
  }
}
