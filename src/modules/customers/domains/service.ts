/**
 * Custom login domains (spec 5.8, 4.4, 4.1; docs/custom-domains.md): the rules behind
 * settings/domains/verify, settings/domains/auto-configure, the status read and the
 * public resolve route. The list itself is the `domains` settings section (settings.ts),
 * whose PUT keeps the custom_domains rows in step (syncDomainRows).
 *
 * Ownership: a TXT record at `_service-challenge.{domain}` carrying the row's token.
 * Routing: a CNAME from `{domain}` to the configured target (SIGNET_CUSTOM_DOMAIN_TARGET);
 * a name with no CNAME (an apex, whose provider flattens the CNAME into address records)
 * passes when its A and AAAA addresses are all among the target's. Both are asked over
 * the wire each time (platform/outbound/dns.ts); nothing in the customer's zone is ever
 * written except by auto-configure, and nothing there is ever deleted.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Static } from "@sinclair/typebox";
import type { AppContext } from "../../../context";
import type { Tx } from "../../../platform/db/database";
import { appendAudit } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { kernelErrors } from "../../../platform/http/error-catalog";
import { createDnsResolver, DnsLookupError, type DnsResolver } from "../../../platform/outbound/dns";
import { createCloudflareDnsProvider, type DnsProvider } from "../../../platform/outbound/dns-provider";
import { newId } from "../../../platform/ids";
import { assertCan, auditActorOf, type Caller, type OrgActor, requirePlan } from "../../orgs/index";
import { CUSTOMER_EVENTS } from "../events";
import { appGroups } from "../apps/schema";
import { invitationApplication } from "../end-users/import/service";
import { loginDomainErrors } from "./errors";
import { CustomDomainHosts, type ServedDomain } from "./hosts";
import { hostOf } from "./hostname";
import type * as M from "./model";
import { customDomains, type CustomDomainRow } from "./schema";

export const CHALLENGE_PREFIX = "_service-challenge";
const SETTINGS_READ = "org.setting.read";
const SETTINGS_UPDATE = "org.setting.update";

/** What customers' init builds: the host map, the resolver the checks ask, the DNS provider of auto-configure. */
export interface CustomDomainServices {
  hosts: CustomDomainHosts;
  dns: DnsResolver;
  provider: DnsProvider;
  /** SIGNET_CUSTOM_DOMAIN_TARGET; null: custom domains are off. */
  target: string | null;
  /** The service's own hostnames (base, portal, dashboard): never a custom domain, always served as today. */
  ownHosts: ReadonlySet<string>;
}

export function createCustomDomainServices(ctx: Pick<AppContext, "db" | "bus" | "logger" | "config">): CustomDomainServices {
  const { config } = ctx;
  return {
    hosts: new CustomDomainHosts(ctx),
    dns: createDnsResolver({ servers: config.dnsServers }),
    provider: createCloudflareDnsProvider({ apiBase: config.cloudflareApiBase }),
    target: config.customDomainTarget,
    ownHosts: new Set([config.baseUrl, config.portalBase, config.dashboardBase].map(hostOf)),
  };
}

type Deps = Pick<AppContext, "db" | "clock" | "config" | "customDomains">;

export type VerifyFailure =
  | "not_configured"
  | "txt_record_missing"
  | "txt_record_mismatch"
  | "routing_record_missing"
  | "cname_mismatch"
  | "address_mismatch"
  | "dns_lookup_failed";

export type ServingError = VerifyFailure | "not_checked" | "app_group_deleted";

export type DomainStatus = Static<typeof M.DomainStatus>;
export type VerifyResult = Static<typeof M.VerifyResult>;
export type AutoConfigureResult = Static<typeof M.AutoConfigureResult>;
export type ResolvedHost = Static<typeof M.ResolvedHost>;

/** A fresh ownership token: 128 random bits, the value of the TXT record. */
function newToken(): string {
  return `signet-verify-${randomBytes(16).toString("hex")}`;
}

export function challengeName(hostname: string): string {
  return `${CHALLENGE_PREFIX}.${hostname}`;
}

// ---------------------------------------------------------------------------
// The section's rows (settings.ts calls these inside the PUT's transaction)

/** 409 domain_in_use when another organization holds one of `domains` (under one lock for every organization). */
export async function assertDomainsFree(tx: Tx, orgId: string, domains: ReadonlyArray<{ domain: string }>): Promise<void> {
  await tx.lock("org-settings:domains");
  if (domains.length === 0) return;
  const names = domains.map((d) => d.domain);
  const held = await tx
    .select({ hostname: customDomains.hostname })
    .from(customDomains)
    .where(and(inArray(customDomains.hostname, names), ne(customDomains.orgId, orgId)));
  const taken = new Set(held.map((r) => r.hostname));
  const index = domains.findIndex((d) => taken.has(d.domain));
  if (index >= 0) {
    throw loginDomainErrors.error("domainInUse", { field: `customLoginDomains[${index}].domain`, message: `${domains[index]!.domain} is used by another organization` });
  }
}

/** 400 unknown_app_group for an entry naming no live app group of the organization. */
export async function assertAppGroupsLive(tx: Tx, orgId: string, entries: ReadonlyArray<{ appGroupId: string }>, only: (index: number) => boolean): Promise<void> {
  const ids = [...new Set(entries.map((e) => e.appGroupId))];
  if (ids.length === 0) return;
  const live = await tx.select({ id: appGroups.id, deletedAt: appGroups.deletedAt }).from(appGroups).where(and(eq(appGroups.orgId, orgId), inArray(appGroups.id, ids)));
  const ok = new Set(live.filter((g) => g.deletedAt === null).map((g) => g.id));
  const index = entries.findIndex((e, i) => only(i) && !ok.has(e.appGroupId));
  if (index >= 0) {
    throw loginDomainErrors.error("unknownAppGroup", { field: `customLoginDomains[${index}].appGroupId`, message: "no live app group of this organization has that id" });
  }
}

/**
 * Makes the organization's rows match the section: a removed hostname's row is deleted
 * (the hostname is released at once: no longer served, free for anyone to claim), a new
 * one gets a fresh token, a moved one keeps its token and verification.
 */
export async function syncDomainRows(tx: Tx, services: CustomDomainServices, orgId: string, entries: ReadonlyArray<{ domain: string; appGroupId: string }>, at: number): Promise<void> {
  const rows = await tx.select().from(customDomains).where(eq(customDomains.orgId, orgId));
  const wanted = new Map(entries.map((e) => [e.domain, e.appGroupId]));
  const gone = rows.filter((r) => !wanted.has(r.hostname)).map((r) => r.id);
  if (gone.length > 0) await tx.delete(customDomains).where(inArray(customDomains.id, gone));
  const byHost = new Map(rows.map((r) => [r.hostname, r]));
  for (const [hostname, appGroupId] of wanted) {
    const row = byHost.get(hostname);
    if (!row) await tx.insert(customDomains).values({ id: newId(), orgId, appGroupId, hostname, token: newToken(), createdAt: at });
    else if (row.appGroupId !== appGroupId) await tx.update(customDomains).set({ appGroupId }).where(eq(customDomains.id, row.id));
  }
  await services.hosts.publish(tx);
}

// ---------------------------------------------------------------------------
// DNS checks

/** What DNS says of `hostname` now: null when it is proven, else the first failure. */
export async function checkDns(dns: DnsResolver, target: string | null, hostname: string, token: string): Promise<VerifyFailure | null> {
  if (!target) return "not_configured";
  try {
    const txt = await dns.txt(challengeName(hostname));
    if (txt.length === 0) return "txt_record_missing";
    if (!txt.some((value) => value.trim() === token)) return "txt_record_mismatch";
    const cnames = await dns.cname(hostname);
    if (cnames.length > 0) return cnames.includes(target) ? null : "cname_mismatch";
    // No CNAME: an apex (or a provider that flattens), compared by its addresses.
    const [own, targets] = await Promise.all([dns.addresses(hostname), dns.addresses(target)]);
    if (own.length === 0) return "routing_record_missing";
    const allowed = new Set(targets);
    return own.every((a) => allowed.has(a)) ? null : "address_mismatch";
  } catch (e) {
    if (e instanceof DnsLookupError) return "dns_lookup_failed";
    throw e;
  }
}

// ---------------------------------------------------------------------------
// Reading

function domainNotFound(): never {
  throw loginDomainErrors.error("domainNotFound", { field: "appGroupId", message: "this app group has no custom login domain; add one with PUT settings/domains first" });
}

/** `appgroup_<id>` or the id itself → the id. */
function groupIdOf(idOrKey: string): string {
  return idOrKey.startsWith("appgroup_") ? idOrKey.slice("appgroup_".length) : idOrKey;
}

async function domainOfGroup(deps: Pick<Deps, "db">, orgId: string, appGroupId: string): Promise<{ row: CustomDomainRow; groupLive: boolean }> {
  const [found] = await deps.db.read
    .select({ row: customDomains, deletedAt: appGroups.deletedAt })
    .from(customDomains)
    .innerJoin(appGroups, eq(appGroups.id, customDomains.appGroupId))
    .where(and(eq(customDomains.orgId, orgId), eq(customDomains.appGroupId, groupIdOf(appGroupId))));
  if (!found) domainNotFound();
  return { row: found.row, groupLive: found.deletedAt === null };
}

function servingErrorOf(row: Pick<CustomDomainRow, "verifiedAt" | "lastError">, groupLive: boolean): ServingError | null {
  if (row.verifiedAt === null) return (row.lastError as VerifyFailure | null) ?? "not_checked";
  return groupLive ? null : "app_group_deleted";
}

function iso(at: number | null): string | null {
  return at === null ? null : new Date(at).toISOString();
}

/** GET settings/domains: each domain with the records to create and where it stands. Needs org.setting.read. */
export async function listDomainStatus(deps: Deps, c: Caller<OrgActor>): Promise<{ cnameTarget: string | null; customLoginDomains: DomainStatus[] }> {
  assertCan(c.actor, SETTINGS_READ);
  const rows = await deps.db.read
    .select({ row: customDomains, deletedAt: appGroups.deletedAt })
    .from(customDomains)
    .innerJoin(appGroups, eq(appGroups.id, customDomains.appGroupId))
    .where(eq(customDomains.orgId, c.org.id))
    .orderBy(asc(customDomains.createdAt), asc(customDomains.hostname));
  const target = deps.customDomains.target;
  return {
    cnameTarget: target,
    customLoginDomains: rows.map(({ row, deletedAt }) => {
      const servingError = servingErrorOf(row, deletedAt === null);
      return {
        domain: row.hostname,
        appGroupId: row.appGroupId,
        records: [
          { type: "TXT" as const, name: challengeName(row.hostname), value: row.token },
          { type: "CNAME" as const, name: row.hostname, value: target },
        ],
        verified: row.verifiedAt !== null,
        served: row.verifiedAt !== null && servingError === null,
        servingError,
        verifiedAt: iso(row.verifiedAt),
        checkedAt: iso(row.checkedAt),
      };
    }),
  };
}

// ---------------------------------------------------------------------------
// Verify

/**
 * POST settings/domains/verify?appGroupId=: asks DNS now. `verified`: the TXT record
 * carries the token and the hostname routes to the target; `served`: it is in the host
 * map (the resolve route answers 200, so the TLS front issues its certificate);
 * `servingError`: why not, as a code. A check that fails un-verifies a domain that
 * passed before (its records were removed): it stops being served. Needs
 * org.setting.update and Pro (the domain was added on Pro; checking it stays a Pro act).
 */
export async function verifyDomain(deps: Deps, c: Caller<OrgActor>, appGroupId: string): Promise<VerifyResult> {
  assertCan(c.actor, SETTINGS_UPDATE);
  requirePlan(c.org, "custom_login_domain");
  const { row } = await domainOfGroup(deps, c.org.id, appGroupId);
  const failure = await checkDns(deps.customDomains.dns, deps.customDomains.target, row.hostname, row.token);
  const at = deps.clock.now();
  const outcome = await deps.db.write(async (tx) => {
    await tx.lock(`custom-domain:${row.hostname}`);
    const [current] = await tx
      .select({ row: customDomains, deletedAt: appGroups.deletedAt })
      .from(customDomains)
      .innerJoin(appGroups, eq(appGroups.id, customDomains.appGroupId))
      .where(and(eq(customDomains.id, row.id), eq(customDomains.orgId, c.org.id)));
    if (!current) domainNotFound();
    const before = current.row;
    const verifiedAt = failure === null ? (before.verifiedAt ?? at) : null;
    await tx.update(customDomains).set({ verifiedAt, checkedAt: at, lastError: failure }).where(eq(customDomains.id, before.id));
    const changed = (before.verifiedAt === null) !== (verifiedAt === null);
    const payload = { appGroupId: before.appGroupId, domain: before.hostname };
    const event =
      failure === null
        ? auditEvent(CUSTOMER_EVENTS.customDomainVerified, { ...payload, first: before.verifiedAt === null })
        : auditEvent(CUSTOMER_EVENTS.customDomainCheckFailed, { ...payload, reason: failure, wasVerified: before.verifiedAt !== null });
    await appendAudit(tx, { ...event, orgId: c.org.id, actor: auditActorOf(c.actor), requestId: c.requestId, appGroupId: before.appGroupId, at });
    if (changed) await deps.customDomains.hosts.publish(tx);
    return { changed, row: { ...before, verifiedAt, lastError: failure }, groupLive: current.deletedAt === null };
  });
  if (outcome.changed) await deps.customDomains.hosts.changed();
  const servingError = servingErrorOf(outcome.row, outcome.groupLive);
  return { verified: failure === null, served: failure === null && servingError === null, servingError };
}

// ---------------------------------------------------------------------------
// Auto-configure

/**
 * POST settings/domains/auto-configure {apiToken, appGroupId}: creates the TXT and the
 * CNAME record in the customer's zone at their DNS provider with a token used for these
 * calls only (never stored, logged or echoed), then answers {ok, error, zoneName}. The
 * records are not verified here: call verify next (DNS may take a moment to answer them).
 */
export async function autoConfigureDomain(deps: Deps, c: Caller<OrgActor>, input: { apiToken: string; appGroupId: string }): Promise<AutoConfigureResult> {
  assertCan(c.actor, SETTINGS_UPDATE);
  requirePlan(c.org, "custom_login_domain");
  const { row } = await domainOfGroup(deps, c.org.id, input.appGroupId);
  const target = deps.customDomains.target;
  if (!target) return { ok: false, error: "not_configured", zoneName: null };
  const result = await deps.customDomains.provider.createRecords(input.apiToken, row.hostname, [
    { type: "TXT", name: challengeName(row.hostname), content: row.token },
    { type: "CNAME", name: row.hostname, content: target },
  ]);
  const error = result.ok ? null : result.error;
  await deps.db.write(async (tx) => {
    await appendAudit(tx, {
      ...auditEvent(CUSTOMER_EVENTS.customDomainAutoConfigured, {
        appGroupId: row.appGroupId,
        domain: row.hostname,
        provider: "cloudflare",
        zoneName: result.zoneName,
        ok: result.ok,
        error,
        created: result.created,
      }),
      orgId: c.org.id,
      actor: auditActorOf(c.actor),
      requestId: c.requestId,
      appGroupId: row.appGroupId,
      at: deps.clock.now(),
    });
  });
  return { ok: result.ok, error, zoneName: result.zoneName };
}

// ---------------------------------------------------------------------------
// Resolve (the TLS front's `ask`)

/** The `host` (or Caddy's `domain`) of a resolve request, lower case, without a trailing dot or port; null when it cannot be a hostname. */
export function requestedHost(value: string): string | null {
  const host = value.trim().toLowerCase().replace(/\.$/, "");
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : null;
}

/**
 * GET /api/public/custom-domains/resolve?host=: 200 with the app group a verified custom
 * domain serves, 404 for any other name (unknown, pending, failed, removed, the group
 * deleted). From memory (the host map), then one read for the group's public face.
 */
export async function resolveHost(deps: Pick<AppContext, "db" | "customDomains">, host: string | null): Promise<ResolvedHost> {
  const served = host ? await deps.customDomains.hosts.lookup(host) : null;
  if (!served) throw kernelErrors.error("notFound", { message: "no verified custom login domain has this hostname" });
  const [group] = await deps.db.read.select().from(appGroups).where(eq(appGroups.id, served.appGroupId));
  if (!group || group.deletedAt !== null) throw kernelErrors.error("notFound", { message: "no verified custom login domain has this hostname" });
  const app = await invitationApplication(deps.db.read, group.id);
  return {
    host: served.hostname,
    appGroup: { key: group.key, name: group.name, description: group.description, iconUrl: group.iconUrl, brandColor: group.brandColor },
    loginUrl: app ? `https://${served.hostname}/login/${app.clientKey}` : null,
  };
}

/** The application a custom domain's `/` sends people to (the group's production web app first), or null. */
export async function landingApplication(deps: Pick<AppContext, "db">, served: ServedDomain): Promise<string | null> {
  const app = await invitationApplication(deps.db.read, served.appGroupId);
  return app?.clientKey ?? null;
}
