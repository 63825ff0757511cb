/**
 * Fixed-window rate limits kept in the database, so a limit that is a promise (sends
 * per address, per IP, per number) holds across restarts and across nodes. A refused
 * attempt does not count: a client that keeps retrying is not locked out longer.
 */
import { eq, lt } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Database, Tx } from "../db/database";
import type { JobDefinition } from "../jobs/scheduler";
import { RateLimitedError } from "./errors";
import { rateCounters } from "./schema";

export interface RateLimit {
  /** The counter, e.g. `magic-link:ip:203.0.113.9`. */
  key: string;
  limit: number;
  windowMs: number;
  /** How many units this attempt takes (default 1): a batch takes its size at once. */
  cost?: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window that refused this attempt ends (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against every limit, in the caller's transaction, if and only if
 * all of them still have room. Takes a lock per key so parallel requests cannot both
 * take the last slot.
 */
export async function takeRateLimits(tx: Tx, limits: readonly RateLimit[], now: number): Promise<RateDecision> {
  const windows: Array<{ limit: RateLimit; start: number; count: number; exists: boolean }> = [];
  for (const limit of limits) {
    await tx.lock(`rate:${limit.key}`);
    const [row] = await tx.select().from(rateCounters).where(eq(rateCounters.id, limit.key));
    const start = Math.floor(now / limit.windowMs) * limit.windowMs;
    const count = row && row.windowStart === start ? row.count : 0;
    if (count + (limit.cost ?? 1) > limit.limit) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((start + limit.windowMs - now) / 1000)) };
    }
    windows.push({ limit, start, count, exists: !!row });
  }
  for (const w of windows) {
    if (w.exists) {
      await tx.update(rateCounters).set({ windowStart: w.start, count: w.count + (w.limit.cost ?? 1) }).where(eq(rateCounters.id, w.limit.key));
    } else {
      await tx.insert(rateCounters).values({ id: w.limit.key, windowStart: w.start, count: w.limit.cost ?? 1 });
    }
  }
  return { allowed: true, retryAfterSeconds: 0 };
}

/**
 * takeRateLimits, refusing with 429 `rate_limited` (RateLimitedError, whose wait the
 * kernel also sends as Retry-After) when any limit is full.
 */
export async function enforceRateLimits(tx: Tx, limits: readonly RateLimit[], now: number, detail?: { field?: string; message?: string }): Promise<void> {
  const decision = await takeRateLimits(tx, limits, now);
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds, detail);
}

/** Longest window any limit uses; counters older than this are dead. */
const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;

export function rateCountersPruneJob(ctx: { db: Database; clock: Clock }): JobDefinition {
  return {
    name: "rate-counters.prune",
    schedule: "41 * * * *",
    description: "Deletes rate-limit counters whose window ended more than a day ago",
    async run() {
      const before = ctx.clock.now() - 2 * LONGEST_WINDOW_MS;
      await ctx.db.write((tx) => tx.delete(rateCounters).where(lt(rateCounters.windowStart, before)));
    },
  };
}
