/**
 * The keyring: what each node keeps in memory about keys, so that the hot paths
 * (M2M token checks on every `/api/org/{slug}` request, the JWKS) need no database
 * round trip, and how that memory is kept in step with the database on every node.
 *
 * - Revocation markers: api key id → the time until which tokens of that key may still
 *   be alive (revokedAt + ceiling + 1 h). Loaded once, then updated by events.
 * - JWKS documents, precomputed bytes per organization slug (see jwks.ts).
 * - The HMAC secrets that authenticate M2M access tokens (immutable once created).
 * - The opened private keys an organization signs with now (token key, permit key), so a
 *   signature needs no database read and no unsealing; dropped on `signing_keys.changed`.
 *
 * Keeping nodes in step: a change publishes a KeyEvent in the transaction that makes it.
 * On PostgreSQL that is `pg_notify`, delivered to every node's listener when (and only
 * if) the transaction commits; the node that made the change also applies it locally
 * right after the commit, before it answers. SQLite is single-node (`signet serve` holds
 * the database), so the local apply is all there is.
 *
 * When a PostgreSQL node's listener is not connected (start-up, a dropped connection)
 * its memory may have missed events: `inStep` is false, revocation checks read the
 * database and JWKS documents are rebuilt per request, until the listener is back and
 * the markers are reloaded. Memory is never trusted across a gap.
 */
import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import postgres from "postgres";
import type { Clock } from "../../../platform/clock";
import type { SecretBox } from "../../../platform/crypto/secrets";
import type { Database, DatabaseTarget, Tx } from "../../../platform/db/database";
import type { Logger } from "../../../platform/log";
import type { Rs256Signer } from "../../../platform/crypto/rs256";
import { apiKeys } from "../../access/machine/schema";

export const KEY_EVENTS_CHANNEL = "signet_key_events";
/** The listener connection's application_name, so operators can see it in pg_stat_activity. */
export const KEYRING_LISTENER_NAME = "signet-keyring";

export type KeyEvent =
  | { type: "api_key.revoked"; orgId: string; keyId: string; until: number }
  | { type: "signing_keys.changed"; orgId: string };

/** A JWKS as served: the exact bytes, their ETag, and when they must be rebuilt. */
export interface JwksEntry {
  orgId: string;
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  expiresAt: number;
}

export interface KeyringDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  secrets: SecretBox;
  database: DatabaseTarget;
}

/** Which of an organization's current keys: the token key or the permit key (signing-keys.ts). */
export type SigningKeyUse = "token" | "permit";

/** How often a PostgreSQL listener proves its connection is alive, and waits before reconnecting. */
const LISTENER_HEARTBEAT_MS = 10_000;
const LISTENER_RETRY_MS = 1_000;

export class Keyring {
  private readonly markers = new Map<string, number>();
  private readonly jwks = new Map<string, JwksEntry>();
  private readonly tokenSecrets = new Map<string, Uint8Array>();
  private readonly signers = new Map<string, Rs256Signer>();
  /** The secret new M2M tokens are signed with, once known (see m2m-token.ts). */
  currentTokenSecret: { kid: string; secret: Uint8Array } | null = null;
  private started: Promise<void> | null = null;
  private loaded = false;
  private listener: PgListener | null = null;
  private closed = false;

  constructor(readonly deps: KeyringDeps) {}

  /** Loads the markers and, on PostgreSQL, starts listening; the first call does the work. */
  ready(): Promise<void> {
    this.started ??= this.start();
    return this.started;
  }

  private async start(): Promise<void> {
    if (this.deps.database.dialect === "postgres") {
      this.listener = new PgListener(this.deps.database.url, this.deps.logger, {
        onEvent: (event) => this.apply(event),
        // Listening first, then loading, leaves no gap in which an event could be missed.
        onListening: () => this.reload(),
      });
      await this.listener.connect();
    } else {
      await this.reload();
    }
  }

  /** Whether memory is known to hold every change committed so far. */
  get inStep(): boolean {
    return this.deps.database.dialect === "sqlite" ? this.loaded : (this.listener?.inStep ?? false);
  }

  /**
   * Adds every live marker from the database. It only adds: a marker is never lifted
   * before it expires, and one applied from an event while this query ran must stay.
   */
  private async reload(): Promise<void> {
    const rows = await this.deps.db.read
      .select({ id: apiKeys.id, until: apiKeys.revocationMarkerUntil })
      .from(apiKeys)
      .where(gt(apiKeys.revocationMarkerUntil, this.deps.clock.now()));
    for (const row of rows) this.markers.set(row.id, row.until!);
    this.jwks.clear();
    this.loaded = true;
  }

  /** Publishes an event in the transaction that makes the change (delivered on commit). */
  async publish(tx: Tx, event: KeyEvent): Promise<void> {
    if (this.deps.database.dialect === "postgres") {
      // The Tx type is drizzle's SQLite surface; on PostgreSQL the transaction has execute().
      await (tx as unknown as { execute(query: SQL): Promise<unknown> }).execute(sql`select pg_notify(${KEY_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
    }
  }

  /** Applies an event to this node's memory (after the commit, or as a notification arrives). */
  apply(event: KeyEvent): void {
    switch (event.type) {
      case "api_key.revoked":
        this.markers.set(event.keyId, event.until);
        break;
      case "signing_keys.changed":
        for (const [slug, entry] of this.jwks) if (entry.orgId === event.orgId) this.jwks.delete(slug);
        this.signers.delete(`token:${event.orgId}`);
        this.signers.delete(`permit:${event.orgId}`);
        break;
    }
  }

  /**
   * Whether tokens of this API key must be refused because it was revoked. From memory
   * when in step; from the database otherwise.
   */
  async isRevoked(keyId: string): Promise<boolean> {
    await this.ready();
    const now = this.deps.clock.now();
    if (this.inStep) {
      const until = this.markers.get(keyId);
      if (until === undefined) return false;
      if (until > now) return true;
      this.markers.delete(keyId);
      return false;
    }
    const [row] = await this.deps.db.read
      .select({ until: apiKeys.revocationMarkerUntil })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), gt(apiKeys.revocationMarkerUntil, now)));
    return row !== undefined;
  }

  /** A cached JWKS, or null when there is none, it has expired, or memory is not in step. */
  cachedJwks(slug: string): JwksEntry | null {
    const entry = this.jwks.get(slug);
    if (!entry || !this.inStep) return null;
    if (entry.expiresAt <= this.deps.clock.now()) {
      this.jwks.delete(slug);
      return null;
    }
    return entry;
  }

  cacheJwks(slug: string, entry: JwksEntry): void {
    if (this.inStep) this.jwks.set(slug, entry);
  }

  /** The M2M token secret `kid`, opened once and then kept (secrets never change). */
  async tokenSecret(kid: string, load: (kid: string) => Promise<Uint8Array | null>): Promise<Uint8Array | null> {
    const known = this.tokenSecrets.get(kid);
    if (known) return known;
    const secret = await load(kid);
    if (secret) this.tokenSecrets.set(kid, secret);
    return secret;
  }

  /**
   * The organization's current signer for `use`, from memory when in step, else loaded
   * (and kept only while in step: a rotation on another node must not be missed).
   */
  async signer(use: SigningKeyUse, orgId: string, load: () => Promise<Rs256Signer | null>): Promise<Rs256Signer | null> {
    await this.ready();
    const name = `${use}:${orgId}`;
    if (this.inStep) {
      const known = this.signers.get(name);
      if (known) return known;
    }
    const signer = await load();
    if (signer && this.inStep) this.signers.set(name, signer);
    return signer;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.started?.catch(() => {});
    await this.listener?.close();
  }
}

/**
 * A dedicated PostgreSQL connection that LISTENs for key events. It reports when it is
 * in step (listening, and the markers reloaded since), proves the connection alive with
 * a heartbeat, and reconnects after a drop.
 */
class PgListener {
  private readonly client: postgres.Sql;
  private listening = false;
  private reloaded = false;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    url: string,
    private readonly logger: Logger,
    private readonly handlers: { onEvent(event: KeyEvent): void; onListening(): Promise<void> },
  ) {
    this.client = postgres(url, {
      max: 1,
      idle_timeout: 0,
      max_lifetime: null,
      connect_timeout: 5,
      fetch_types: false,
      connection: { application_name: KEYRING_LISTENER_NAME },
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
    await this.client.unsafe(`LISTEN ${KEY_EVENTS_CHANNEL}`);
    this.listening = true;
    await this.handlers.onListening();
    this.reloaded = true;
    this.heartbeat ??= setInterval(() => {
      this.client`select 1`.catch((e: Error) => this.lost(e.message));
    }, LISTENER_HEARTBEAT_MS);
    this.heartbeat.unref?.();
  }

  private notified(channel: string, payload: string): void {
    if (channel !== KEY_EVENTS_CHANNEL) return;
    try {
      this.handlers.onEvent(JSON.parse(payload) as KeyEvent);
    } catch (e) {
      this.logger.error("keyring: unreadable key event", { payload, error: (e as Error).message });
    }
  }

  private lost(reason: string): void {
    if (this.stopped) return;
    const wasInStep = this.inStep;
    this.listening = false;
    this.reloaded = false;
    if (wasInStep) this.logger.warn("keyring: key event listener lost; checking revocations in the database until it is back", { reason });
    if (this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.stopped) return;
      this.connect().catch((e: Error) => this.lost(e.message));
    }, LISTENER_RETRY_MS);
    this.retry.unref?.();
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.retry) clearTimeout(this.retry);
    await this.client.end({ timeout: 1 }).catch(() => {});
  }
}
