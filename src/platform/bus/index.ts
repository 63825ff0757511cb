/**
 * Cross-node events for any domain that keeps per-node state (DESIGN §1: nodes keep
 * nothing of their own that is not rebuilt from the database).
 *
 * A change publishes an event in the transaction that makes it. On PostgreSQL that is
 * `pg_notify`, delivered to every node's listener when (and only if) the transaction
 * commits; the node that made the change applies it locally itself, right after the
 * commit, before it answers. SQLite is single-node (`signet serve` holds the database),
 * so there is nothing to deliver: publishing is free and a subscriber is in step once it
 * has loaded.
 *
 * A subscriber gives `onEvent` and `reload`. `reload` runs after the listener is
 * listening (so no event can fall between the two) and again after every reconnect;
 * until it has run, the subscription is not `inStep` and the subscriber must not trust
 * its memory.
 */
import { sql, type SQL } from "drizzle-orm";
import type { DatabaseTarget, Tx } from "../db/database";
import type { Logger } from "../log";
import { PgListener } from "./pg";

export interface Subscriber<E> {
  onEvent(event: E): void;
  /** Rebuilds memory from the database; runs once listening, and after every gap. */
  reload(): Promise<void>;
}

export interface Subscription {
  /** Whether every event committed on the channel so far has reached the subscriber. */
  readonly inStep: boolean;
  close(): Promise<void>;
}

export interface Bus {
  /** Starts listening on `channel` and runs the first reload. */
  subscribe<E>(channel: string, subscriber: Subscriber<E>): Promise<Subscription>;
  /** Publishes inside `tx`; delivered to the other nodes if and only if it commits. */
  publish(tx: Tx, channel: string, event: unknown): Promise<void>;
  close(): Promise<void>;
}

/** Channel names are SQL identifiers on PostgreSQL (LISTEN takes no parameter). */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export function createBus(database: DatabaseTarget, logger: Logger): Bus {
  return database.dialect === "postgres" ? new PostgresBus(database.url, logger) : new LocalBus();
}

class LocalBus implements Bus {
  async subscribe<E>(channel: string, subscriber: Subscriber<E>): Promise<Subscription> {
    assertChannel(channel);
    await subscriber.reload();
    return { inStep: true, close: async () => {} };
  }

  async publish(): Promise<void> {}

  async close(): Promise<void> {}
}

class PostgresBus implements Bus {
  private readonly listeners = new Set<PgListener>();

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
  ) {}

  async subscribe<E>(channel: string, subscriber: Subscriber<E>): Promise<Subscription> {
    assertChannel(channel);
    // One connection per subscription, so each knows on its own whether it missed events.
    const listener = new PgListener(this.url, channel, this.logger, {
      onPayload: (payload) => subscriber.onEvent(JSON.parse(payload) as E),
      onListening: () => subscriber.reload(),
    });
    this.listeners.add(listener);
    await listener.connect();
    return {
      get inStep() {
        return listener.inStep;
      },
      close: async () => {
        this.listeners.delete(listener);
        await listener.close();
      },
    };
  }

  async publish(tx: Tx, channel: string, event: unknown): Promise<void> {
    // The Tx type is drizzle's SQLite surface; on PostgreSQL the transaction has execute().
    await (tx as unknown as { execute(query: SQL): Promise<unknown> }).execute(sql`select pg_notify(${channel}, ${JSON.stringify(event)})`);
  }

  async close(): Promise<void> {
    await Promise.all([...this.listeners].map((l) => l.close()));
    this.listeners.clear();
  }
}

function assertChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`bus channel "${channel}" is not a lower-case identifier`);
}
