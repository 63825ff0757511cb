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
 * Keeping nodes in step: a change publishes a KeyEvent on the bus (platform/bus) in the
 * transaction that makes it, and the node that made the change also applies it locally
 * right after the commit, before it answers.
 *
 * When a PostgreSQL node's listener is not connected (start-up, a dropped connection)
 * its memory may have missed events: `inStep` is false, revocation checks read the
 * database and JWKS documents are rebuilt per request, until the listener is back and
 * the markers are reloaded. Memory is never trusted across a gap.
 */
import type { Bus, Subscription } from "../../../platform/bus";
import type { Clock } from "../../../platform/clock";
import type { SecretBox } from "../../../platform/crypto/secrets";
import type { Database, Queryable, Tx } from "../../../platform/db/database";
import type { Logger } from "../../../platform/log";
import type { Rs256Signer } from "../../../platform/crypto/rs256";
import type { SigningKeyUse } from "./schema";

export const KEY_EVENTS_CHANNEL = "signet_key_events";

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
  bus: Bus;
}

export type { SigningKeyUse } from "./schema";

/**
 * Where the revocation markers are kept: the API keys' table, which the access domain
 * owns; its init hands the keyring this reader (`readMarkersWith`).
 */
export interface RevocationMarkerSource {
  /** Every marker still in force at `now`: key id and until when. */
  live(reader: Queryable, now: number): Promise<{ id: string; until: number }[]>;
  /** Whether `keyId` has a marker still in force at `now`. */
  inForce(reader: Queryable, keyId: string, now: number): Promise<boolean>;
}

export class Keyring {
  private readonly markers = new Map<string, number>();
  private readonly jwks = new Map<string, JwksEntry>();
  private readonly tokenSecrets = new Map<string, Uint8Array>();
  private readonly signers = new Map<string, Rs256Signer>();
  /** The secret new M2M tokens are signed with, once known (see m2m-token.ts). */
  currentTokenSecret: { kid: string; secret: Uint8Array } | null = null;
  private started: Promise<Subscription> | null = null;
  private subscription: Subscription | null = null;
  private markerSource: RevocationMarkerSource | null = null;

  constructor(readonly deps: KeyringDeps) {}

  readMarkersWith(source: RevocationMarkerSource): void {
    this.markerSource = source;
  }

  private get markersTable(): RevocationMarkerSource {
    if (!this.markerSource) throw new Error("the keyring has no revocation marker source: the access module was not initialised");
    return this.markerSource;
  }

  /** Subscribes to key events and loads the markers; the first call does the work. */
  async ready(): Promise<void> {
    this.started ??= this.deps.bus.subscribe<KeyEvent>(KEY_EVENTS_CHANNEL, { onEvent: (event) => this.apply(event), reload: () => this.reload() });
    this.subscription = await this.started;
  }

  /** Whether memory is known to hold every change committed so far. */
  get inStep(): boolean {
    return this.subscription?.inStep ?? false;
  }

  /**
   * Adds every live marker from the database. It only adds: a marker is never lifted
   * before it expires, and one applied from an event while this query ran must stay.
   */
  private async reload(): Promise<void> {
    for (const row of await this.markersTable.live(this.deps.db.read, this.deps.clock.now())) this.markers.set(row.id, row.until);
    this.jwks.clear();
  }

  /** Publishes an event in the transaction that makes the change (delivered on commit). */
  async publish(tx: Tx, event: KeyEvent): Promise<void> {
    await this.deps.bus.publish(tx, KEY_EVENTS_CHANNEL, event);
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
    return this.markersTable.inForce(this.deps.db.read, keyId, now);
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
    const subscription = await this.started?.catch(() => null);
    await subscription?.close();
  }
}
