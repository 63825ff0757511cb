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
 *   together in the next transaction (one multi-row insert per 200 events, duplicates
 *   of a client uuid ignored by the unique index). A request is answered once its
 *   events have committed, as if it had its own transaction.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Database } from "../../platform/db/database";
import { RateLimitedError } from "../../platform/http/errors";
import { BEACON_LIMITS, type BehaviorEventInput } from "./beacon";
import { analyticsCollection, behaviorEvents } from "./schema";

type BehaviorEventInsert = typeof behaviorEvents.$inferInsert;

const MINUTE_MS = 60_000;
/** Rows per INSERT statement (well under SQLite's bound-parameter ceiling). */
const ROWS_PER_INSERT = 200;
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
      await this.db.write(async (tx) => {
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
          await tx.insert(behaviorEvents).values(rows.slice(i, i + ROWS_PER_INSERT)).onConflictDoNothing();
        }
      });
      for (const w of batch) w.resolve();
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One request's rows broke the batch (its app group deleted meanwhile): each alone.
      for (const w of batch) await this.commit([w]);
    }
  }
}

export interface BeaconSource {
  orgId: string;
  appGroupId: string;
  applicationId: string;
  ip: string | null;
  country: string | null;
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

  /** Stores the kept events (resolves once committed); none when collection is off for the app group. */
  async store(source: BeaconSource, events: BehaviorEventInput[]): Promise<{ stored: boolean }> {
    if (events.length === 0) return { stored: true };
    if (!(await collectionEnabled(this.deps.db, source.appGroupId))) return { stored: false };
    const receivedAt = this.deps.clock.now();
    const rows = events.map(
      (e): BehaviorEventInsert => ({
        id: crypto.randomUUID(),
        orgId: source.orgId,
        appGroupId: source.appGroupId,
        applicationId: source.applicationId,
        ...e,
        sessionId: e.sessionId === null ? null : this.sessions.storedSessionId(source.appGroupId, e.sessionId, e.at),
        country: source.country,
        receivedAt,
      }),
    );
    await this.writer.insert(rows);
    return { stored: true };
  }
}

/** Whether the beacon collects for an app group (no row: on). */
export async function collectionEnabled(db: Pick<Database, "read">, appGroupId: string): Promise<boolean> {
  const [row] = await db.read.select({ on: analyticsCollection.eventsEnabled }).from(analyticsCollection).where(eq(analyticsCollection.id, appGroupId));
  return row?.on ?? true;
}
