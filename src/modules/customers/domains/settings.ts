/**
 * The custom login domains section of the organization settings (spec 4.4
 * `settings/domains`, 5.8): hostnames end users sign in at, each serving one app group's
 * hosted login, share viewer and end-user API. Orgs stores and serves it; the rules are
 * customers': the Pro gate on adding one, a live app group per domain, a hostname held by
 * one organization only, the service's own hostnames refused. The PUT keeps the
 * custom_domains rows (tokens, verification) in step in the same transaction, and the
 * host map follows once it commits (service.ts, hosts.ts).
 */
import { duplicateValue, orgSettingsSection, requirePlan } from "../../orgs/index";
import { loginDomainErrors } from "./errors";
import { normaliseLoginDomain } from "./hostname";
import { LoginDomainsBody, LoginDomainsDocument } from "./model";
import { assertAppGroupsLive, assertDomainsFree, syncDomainRows } from "./service";

/** `appgroup_<id>` or the id → the id, as stored. */
const groupId = (value: string) => (value.startsWith("appgroup_") ? value.slice("appgroup_".length) : value);

export const loginDomainSettings = orgSettingsSection({
  key: "domains",
  path: "domains",
  wireKey: "domains",
  body: LoginDomainsBody,
  document: LoginDomainsDocument,
  summary: "Replace the custom login domains",
  description:
    "Each entry is {domain, appGroupId}: a hostname (no scheme, path, port, IP address or wildcard: 400 invalid_hostname naming the field; upper case, a trailing dot and unicode are normalised, " +
    "unicode to punycode) and a live app group of this organization (400 unknown_app_group). Each domain and each app group appears once (400 duplicate_value). " +
    "The service's own hostnames and the CNAME target are 400 reserved_hostname. Adding a domain needs Pro (403 UPGRADE_REQUIRED, feature custom_login_domain); keeping or removing " +
    "domains is always allowed. A hostname another organization lists is 409 domain_in_use. A new domain gets its ownership token (GET settings/domains shows the records to create); " +
    "a removed one is released at once and no longer served, and its users go back to {portal_base}/login/{appKey}. Records in the customer's zone are left alone.",
  eventDescription: "Custom login domains replaced",
  defaults: () => ({ customLoginDomains: [] }),
  normalise: (body) => {
    const seenDomains = new Set<string>();
    const seenGroups = new Set<string>();
    return {
      customLoginDomains: body.customLoginDomains.map((entry, i) => {
        const domain = normaliseLoginDomain(entry.domain, `customLoginDomains[${i}].domain`);
        const appGroupId = groupId(entry.appGroupId.trim());
        if (seenDomains.has(domain)) throw duplicateValue(`customLoginDomains[${i}].domain`);
        if (seenGroups.has(appGroupId)) throw duplicateValue(`customLoginDomains[${i}].appGroupId`);
        seenDomains.add(domain);
        seenGroups.add(appGroupId);
        return { domain, appGroupId };
      }),
    };
  },
  authorise: async ({ tx, org, deps }, next, before) => {
    const had = new Map(before.customLoginDomains.map((d) => [d.domain, d.appGroupId]));
    const domains = next.customLoginDomains;
    const changed = (i: number) => had.get(domains[i]!.domain) !== domains[i]!.appGroupId;
    const reserved = deps.customDomains.ownHosts;
    const target = deps.customDomains.target;
    const index = domains.findIndex((d, i) => changed(i) && (reserved.has(d.domain) || (target !== null && (d.domain === target || d.domain.endsWith(`.${target}`)))));
    if (index >= 0) {
      throw loginDomainErrors.error("reservedHostname", {
        field: `customLoginDomains[${index}].domain`,
        message: `${domains[index]!.domain} is the service's own hostname (or its CNAME target), not a customer's`,
      });
    }
    if (domains.some((d) => !had.has(d.domain))) requirePlan(org, "custom_login_domain");
    // Entries kept as they were pass even if their group was deleted since: keeping and removing are always free.
    await assertAppGroupsLive(tx, org.id, domains, changed);
    await assertDomainsFree(tx, org.id, domains);
  },
  apply: (tx, org, next, deps) => syncDomainRows(tx, deps.customDomains, org.id, next.customLoginDomains, deps.clock.now()),
  committed: (deps) => deps.customDomains.hosts.changed(),
});
