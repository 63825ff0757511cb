/**
 * Which hostnames this service answers as a brand's custom login domain: an in-memory
 * map from hostname to its app group, so that deciding on a request's Host costs a map
 * read, not a query.
 *
 * A hostname is in the map while its custom_domains row is verified and its app group is
 * live. The map is rebuilt from the database whenever it may have changed: right after a
 * commit that changed a row here (the domains section, a verification, an app group
 * deleted), and on the other nodes through the bus (platform/bus), the way the keyring
 * follows key changes. While a PostgreSQL node's listener is not connected, lookups read
 * the database instead; memory is never trusted across a gap.
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Bus, Subscription } from "../../../platform/bus";
import type { Database, Queryable, Tx } from "../../../platform/db/database";
import type { Logger } from "../../../platform/log";
import { appGroups } from "../apps/schema";
import { customDomains } from "./schema";

export const CUSTOM_DOMAIN_CHANNEL = "signet_custom_domains";

/** A verified custom domain whose app group is live: what a request on that host is served as. */
export interface ServedDomain {
  hostname: string;
  domainId: string;
  orgId: string;
  appGroupId: string;
  groupKey: string;
}

const servedColumns = () => ({
  hostname: customDomains.hostname,
  domainId: customDomains.id,
  orgId: customDomains.orgId,
  appGroupId: customDomains.appGroupId,
  groupKey: appGroups.key,
});

function servedQuery(reader: Queryable, only?: { hostname: string } | { appGroupId: string }) {
  const live = and(isNotNull(customDomains.verifiedAt), isNull(appGroups.deletedAt));
  const which = only === undefined ? undefined : "hostname" in only ? eq(customDomains.hostname, only.hostname) : eq(customDomains.appGroupId, only.appGroupId);
  return reader
    .select(servedColumns())
    .from(customDomains)
    .innerJoin(appGroups, eq(appGroups.id, customDomains.appGroupId))
    .where(which ? and(live, which) : live);
}

export class CustomDomainHosts {
  private map = new Map<string, ServedDomain>();
  private byGroup = new Map<string, ServedDomain>();
  private started: Promise<Subscription> | null = null;
  private subscription: Subscription | null = null;

  constructor(private readonly deps: { db: Database; bus: Bus; logger: Logger }) {}

  /** Subscribes and loads the map; the first call does the work. */
  async ready(): Promise<void> {
    this.started ??= this.deps.bus.subscribe<{ type: "changed" }>(CUSTOM_DOMAIN_CHANNEL, {
      onEvent: () => {
        this.reload().catch((e) => this.deps.logger.error("custom domains: reloading the host map failed", { error: (e as Error).message }));
      },
      reload: () => this.reload(),
    });
    this.subscription = await this.started;
  }

  private async reload(): Promise<void> {
    const rows = await servedQuery(this.deps.db.read);
    this.map = new Map(rows.map((row) => [row.hostname, row]));
    this.byGroup = new Map(rows.map((row) => [row.appGroupId, row]));
  }

  /** The served domain for a hostname (lower case, no port), or null. */
  async lookup(hostname: string): Promise<ServedDomain | null> {
    if (!this.subscription) await this.ready();
    if (this.subscription!.inStep) return this.map.get(hostname) ?? null;
    const [row] = await servedQuery(this.deps.db.read, { hostname });
    return row ?? null;
  }

  /** The served domain of an app group, or null: where its users are sent to sign in. */
  async forGroup(appGroupId: string): Promise<ServedDomain | null> {
    if (!this.subscription) await this.ready();
    if (this.subscription!.inStep) return this.byGroup.get(appGroupId) ?? null;
    const [row] = await servedQuery(this.deps.db.read, { appGroupId });
    return row ?? null;
  }

  /** Inside the transaction that changes what is served: tells the other nodes once it commits. */
  async publish(tx: Tx): Promise<void> {
    await this.deps.bus.publish(tx, CUSTOM_DOMAIN_CHANNEL, { type: "changed" });
  }

  /** After that commit, on this node: rebuild before answering. */
  async changed(): Promise<void> {
    if (!this.subscription) await this.ready();
    else await this.reload();
  }

  async close(): Promise<void> {
    const subscription = await this.started?.catch(() => null);
    await subscription?.close();
  }
}
