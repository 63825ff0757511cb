/**
 * A dedicated PostgreSQL connection that LISTENs on one channel. It reports when it is
 * in step (listening, and the subscriber reloaded since), proves the connection alive
 * with a heartbeat, and reconnects after a drop.
 */
import postgres from "postgres";
import type { Logger } from "../log";

/** The listener connections' application_name, so operators can see them in pg_stat_activity. */
export const BUS_LISTENER_NAME = "signet-bus";

/** How often a listener proves its connection is alive, and waits before reconnecting. */
const HEARTBEAT_MS = 10_000;
const RETRY_MS = 1_000;

export class PgListener {
  private readonly client: postgres.Sql;
  private listening = false;
  private reloaded = false;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    url: string,
    private readonly channel: string,
    private readonly logger: Logger,
    private readonly handlers: { onPayload(payload: string): void; onListening(): Promise<void> },
  ) {
    this.client = postgres(url, {
      max: 1,
      idle_timeout: 0,
      max_lifetime: null,
      connect_timeout: 5,
      fetch_types: false,
      connection: { application_name: BUS_LISTENER_NAME },
      onnotice: () => {},
      onclose: () => this.lost("connection closed"),
      // Not in postgres.js's option types, but the connection calls it for every NOTIFY.
      ...({ onnotify: (channel: string, payload: string) => this.notified(channel, payload) } as object),
    });
  }

  get inStep(): boolean {
    return this.listening && this.reloaded;
  }

  async connect(): Promise<void> {
    // The channel was checked to be a plain identifier (bus/index.ts).
    await this.client.unsafe(`LISTEN ${this.channel}`);
    this.listening = true;
    await this.handlers.onListening();
    this.reloaded = true;
    this.heartbeat ??= setInterval(() => {
      this.client`select 1`.catch((e: Error) => this.lost(e.message));
    }, HEARTBEAT_MS);
    this.heartbeat.unref?.();
  }

  private notified(channel: string, payload: string): void {
    if (channel !== this.channel) return;
    try {
      this.handlers.onPayload(payload);
    } catch (e) {
      this.logger.error("bus: unreadable event", { channel, payload, error: (e as Error).message });
    }
  }

  private lost(reason: string): void {
    if (this.stopped) return;
    const wasInStep = this.inStep;
    this.listening = false;
    this.reloaded = false;
    if (wasInStep) this.logger.warn("bus: listener lost; its subscriber reads the database until it is back", { channel: this.channel, reason });
    if (this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.stopped) return;
      this.connect().catch((e: Error) => this.lost(e.message));
    }, RETRY_MS);
    this.retry.unref?.();
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.retry) clearTimeout(this.retry);
    await this.client.end({ timeout: 1 }).catch(() => {});
  }
}
