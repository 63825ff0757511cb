/**
 * Custom login domains' routes (spec 4.4, 4.1): the status read, verify and
 * auto-configure under the organization's settings, and the public resolve route a TLS
 * front asks before it issues a certificate. The section's PUT is orgs' (settings.ts
 * declares it). docs/custom-domains.md describes them.
 */
import { Elysia } from "elysia";
import type { AppContext } from "../../../context";
import { declaresErrors } from "../../../platform/http/error-catalog";
import { strictBody } from "../../../platform/http/strict-body";
import { callerOf, ORG_GUARD_ERRORS, orgGuard, SlugParams } from "../../orgs/index";
import { loginDomainErrors } from "./errors";
import * as M from "./model";
import { autoConfigureDomain, listDomainStatus, requestedHost, resolveHost, verifyDomain } from "./service";

const tags = ["Custom login domains"];
const GUARD = [...ORG_GUARD_ERRORS, "PERMISSION_DENIED"];
const WHO = " A member's session holding the scope (owner, admin; else 403 PERMISSION_DENIED).";

export function customDomainRoutes(ctx: AppContext) {
  return new Elysia({ name: "custom-domains" })
    .use(orgGuard(ctx))
    .get("/api/org/:slug/settings/domains", ({ org, orgActor, request }) => listDomainStatus(ctx, callerOf(org, orgActor, request)), {
      org: true,
      params: SlugParams,
      response: M.DomainStatusList,
      detail: {
        tags,
        summary: "Read the custom login domains with their DNS records and status",
        description:
          "Each domain of the domains section with the two records to create (TXT at _service-challenge.{domain} carrying its token; CNAME from {domain} to cnameTarget), " +
          `whether it is verified and served, and servingError when not. Needs org.setting.read.${WHO}`,
        ...declaresErrors(...GUARD),
      },
    })
    .post("/api/org/:slug/settings/domains/verify", ({ org, orgActor, request, query }) => verifyDomain(ctx, callerOf(org, orgActor, request), query.appGroupId), {
      org: true,
      params: SlugParams,
      query: M.VerifyQuery,
      response: M.VerifyResult,
      detail: {
        tags,
        summary: "Check a custom login domain's DNS now",
        description:
          "Asks DNS for the TXT record at _service-challenge.{domain} (it must carry the domain's token) and for the routing: a CNAME to the configured target, or for an apex " +
          "its A and AAAA addresses, which must all be the target's. Returns {verified, served, servingError}: verified means the ownership record matched and the hostname routes " +
          "to the service; served means the hostname is attached to the login portal (the resolve route answers 200, so its certificate is on the way); servingError says why not " +
          "(not_configured, txt_record_missing, txt_record_mismatch, routing_record_missing, cname_mismatch, address_mismatch, dns_lookup_failed, app_group_deleted). " +
          "A failed check of a verified domain stops serving it. Audit: appgroup.custom_domain.verified or .check_failed. 404 domain_not_found when the app group has no domain. " +
          `Needs org.setting.update and Pro (403 UPGRADE_REQUIRED, feature custom_login_domain).${WHO}`,
        ...declaresErrors(...GUARD, "UPGRADE_REQUIRED", loginDomainErrors.codes.domainNotFound),
      },
    })
    .post("/api/org/:slug/settings/domains/auto-configure", ({ org, orgActor, request, body }) => autoConfigureDomain(ctx, callerOf(org, orgActor, request), body), {
      org: true,
      params: SlugParams,
      ...strictBody(M.AutoConfigureBody),
      response: M.AutoConfigureResult,
      detail: {
        tags,
        summary: "Create the domain's DNS records at the DNS provider",
        description:
          "Body {apiToken, appGroupId}: a Cloudflare API token (Zone:Read, DNS:Edit), used for this request only and never stored or logged. Finds the zone holding the domain " +
          "and creates the TXT and the CNAME record (not proxied); a record already there with the same content counts as created, any other record on the name is left alone " +
          "(error record_conflict). Returns {ok, error, zoneName}; call verify next. Audit: appgroup.custom_domain.auto_configured (never the token). " +
          `Needs org.setting.update and Pro.${WHO}`,
        ...declaresErrors(...GUARD, "UPGRADE_REQUIRED", loginDomainErrors.codes.domainNotFound),
      },
    })
    .get(
      "/api/public/custom-domains/resolve",
      ({ query }) => {
        const asked = query.host ?? query.domain;
        if (asked === undefined) throw loginDomainErrors.error("invalidHostname", { field: "host", message: "host is required" });
        return resolveHost(ctx, requestedHost(asked));
      },
      {
        query: M.ResolveQuery,
        response: M.ResolvedHost,
        detail: {
          tags,
          summary: "Is this hostname a verified custom login domain?",
          description:
            "No credential. 200 with the app group a verified custom login domain serves (key, name, icon, brand color) and its login URL; 404 not_found for any other hostname " +
            "(unknown, not verified yet, failed its last check, removed, or its app group deleted). This is Caddy's on_demand_tls `ask` endpoint: Caddy sends ?domain=, which is " +
            "read like ?host=, and issues a certificate only on a 200. 400 invalid_hostname without either.",
          ...declaresErrors("not_found", "invalid_hostname"),
        },
      },
    );
}
