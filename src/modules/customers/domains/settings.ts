/**
 * The custom login domains section of the organization settings (spec 4.3
 * `settings/domains`, 5.8): hostnames end users sign in at, each serving one app group's
 * hosted login or the organization's default. Orgs stores and serves it; the rules are
 * customers': the Pro gate on adding one, and a hostname claimed by one organization only.
 */
import { t } from "elysia";
import type { Tx } from "../../../platform/db/database";
import { duplicateValue, orgSettingsSection, requirePlan, sectionOfOtherOrganizations, validHostname } from "../../orgs/index";
import { loginDomainErrors } from "./errors";

const LoginDomain = t.Object(
  {
    domain: t.String({ minLength: 1, maxLength: 253, description: "Hostname users sign in at, e.g. login.example.com (an apex domain works too)" }),
    appGroupId: t.Optional(t.Nullable(t.String({ minLength: 1, maxLength: 100, description: "The app group whose hosted login it serves; null: the organization's default" }))),
  },
  { additionalProperties: false },
);

export const loginDomainSettings = orgSettingsSection({
  key: "domains",
  path: "domains",
  wireKey: "domains",
  body: t.Object({ customLoginDomains: t.Array(LoginDomain, { maxItems: 20, description: "Custom login domains (Pro; removal is always free)" }) }, { additionalProperties: false }),
  document: t.Object({ customLoginDomains: t.Array(t.Object({ domain: t.String(), appGroupId: t.Nullable(t.String()) })) }),
  summary: "Replace the custom login domains",
  description:
    "Adding a domain needs Pro (403 UPGRADE_REQUIRED, feature custom_login_domain); keeping or removing domains is always allowed. A hostname used by another organization is 409 domain_in_use. Each domain and each appGroupId appears once.",
  eventDescription: "Custom login domains replaced",
  defaults: () => ({ customLoginDomains: [] }),
  normalise: (body) => {
    const seenDomains = new Set<string>();
    const seenGroups = new Set<string>();
    return {
      customLoginDomains: body.customLoginDomains.map((entry, i) => {
        const domain = validHostname(entry.domain, `customLoginDomains[${i}].domain`);
        const appGroupId = entry.appGroupId ?? null;
        if (seenDomains.has(domain)) throw duplicateValue(`customLoginDomains[${i}].domain`);
        if (appGroupId !== null && seenGroups.has(appGroupId)) throw duplicateValue(`customLoginDomains[${i}].appGroupId`);
        seenDomains.add(domain);
        if (appGroupId !== null) seenGroups.add(appGroupId);
        return { domain, appGroupId };
      }),
    };
  },
  authorise: async ({ tx, org }, next, before) => {
    const had = new Set(before.customLoginDomains.map((d) => d.domain));
    if (next.customLoginDomains.some((d) => !had.has(d.domain))) requirePlan(org, "custom_login_domain");
    await assertDomainsFree(tx, org.id, next.customLoginDomains);
  },
});

/** Login hostnames route to one organization: 409 domain_in_use when another already lists one. */
async function assertDomainsFree(tx: Tx, orgId: string, domains: ReadonlyArray<{ domain: string }>): Promise<void> {
  // One lock for every organization's domains, so two cannot claim the same hostname at once.
  await tx.lock("org-settings:domains");
  const others = await sectionOfOtherOrganizations(tx, orgId, loginDomainSettings);
  const taken = new Set(others.flatMap((doc) => doc.customLoginDomains.map((d) => d.domain)));
  const index = domains.findIndex((d) => taken.has(d.domain));
  if (index >= 0) {
    throw loginDomainErrors.error("domainInUse", { field: `customLoginDomains[${index}].domain`, message: `${domains[index]!.domain} is used by another organization` });
  }
}
