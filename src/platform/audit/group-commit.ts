/**
 * Group commit for audit events that are the only write of their request (an M2M token
 * issued, an assertion signed). Each such request would otherwise pay a transaction of
 * its own: BEGIN, the chain head, the insert, COMMIT (an fsync on PostgreSQL). Here the
 * events that arrive while one batch commits wait for it and go together in the next
 * transaction, appended one after the other, so the chain stays linear and never forks.
 *
 * `appendAuditCommitted` resolves only once the event's transaction has committed: the
 * caller answers its request after its event is durable, exactly as with its own
 * transaction. An event that fails (a credential field in its payload) fails alone: the
 * batch is retried without it.
 */
import type { Database } from "../db/database";
import { appendAudit, type AppendedEvent, type AuditEventInput } from "./append";
import { DayCountTally } from "./day-counts";
import { metrics } from "../metrics";

/** The most events one transaction carries; more wait for the next one. */
const MAX_BATCH = 256;

interface Waiting {
  event: AuditEventInput;
  resolve(appended: AppendedEvent): void;
  reject(error: unknown): void;
}

class AuditGroupCommit {
  private waiting: Waiting[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly db: Database) {}

  append(event: AuditEventInput): Promise<AppendedEvent> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ event, resolve, reject });
      this.running ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    // Let the requests already in this turn of the event loop join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      while (this.waiting.length > 0) await this.commit(this.waiting.splice(0, MAX_BATCH));
    } finally {
      this.running = null;
    }
  }

  private async commit(batch: Waiting[]): Promise<void> {
    try {
      const appended = await this.db.write(async (tx) => {
        // Events of one client in one day share a key: the batch adds each key's count once.
        const tally = new DayCountTally();
        const out: AppendedEvent[] = [];
        for (const item of batch) out.push(await appendAudit(tx, item.event, tally));
        await tally.flush(tx);
        return out;
      });
      metrics.groupCommitBatch.observe({ kind: "audit" }, batch.length);
      batch.forEach((item, i) => item.resolve(appended[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // Find the one that fails: each alone, in order, so the chain order stays the arrival order.
      for (const item of batch) await this.commit([item]);
    }
  }
}

const groups = new WeakMap<Database, AuditGroupCommit>();

/** Appends an event in a transaction shared with concurrent callers; resolves once it has committed. */
export function appendAuditCommitted(db: Database, event: AuditEventInput): Promise<AppendedEvent> {
  let group = groups.get(db);
  if (!group) groups.set(db, (group = new AuditGroupCommit(db)));
  return group.append(event);
}
