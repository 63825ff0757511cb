/**
 * What the Apps page's custom login domain section shares: the wire shapes of
 * settings/domains, taken from the server's model (type-only imports), and the codes it
 * answers in words (docs/custom-domains.md).
 */
import type { AutoConfigureResult as AutoConfigureSchema, DomainStatus as DomainStatusSchema, DomainStatusList as DomainStatusListSchema, VerifyResult as VerifyResultSchema } from "../../src/modules/customers/domains/model";
import { ApiProblem } from "./api";

export type DomainStatus = typeof DomainStatusSchema.static;
export type DomainStatusList = typeof DomainStatusListSchema.static;
export type VerifyResult = typeof VerifyResultSchema.static;
export type AutoConfigureResult = typeof AutoConfigureSchema.static;

/** Why a domain is not served (servingError), in words. */
export function servingErrorText(code: string | null, domain: string, target: string | null): string {
  switch (code) {
    case "not_configured":
      return "Custom login domains are not set up on this Signet: the operator sets SIGNET_CUSTOM_DOMAIN_TARGET first.";
    case "not_checked":
      return "Not checked yet: create the two records, then check.";
    case "txt_record_missing":
      return `No TXT record was found at _service-challenge.${domain}.`;
    case "txt_record_mismatch":
      return `The TXT record at _service-challenge.${domain} does not carry this domain's token (an old one?).`;
    case "routing_record_missing":
      return `No CNAME record (and no address) was found at ${domain}.`;
    case "cname_mismatch":
      return `The CNAME of ${domain} points to another name${target ? `, not to ${target}` : ""}.`;
    case "address_mismatch":
      return `${domain} has an address that is not ${target ?? "the target"}'s (a proxy left on?).`;
    case "dns_lookup_failed":
      return "DNS did not answer (a timeout or a refusal). Try again in a moment.";
    case "app_group_deleted":
      return "Its app group was deleted.";
    default:
      return code ?? "";
  }
}

/** The status of a check or a listed domain, in one sentence. */
export function statusText(status: { verified: boolean; served: boolean; servingError: string | null }, domain: string, target: string | null): string {
  if (status.served) return `Verified and served: end users sign in at https://${domain}.`;
  if (status.verified) return `Verified, not served yet. ${servingErrorText(status.servingError, domain, target)}`.trim();
  return `Not verified. ${servingErrorText(status.servingError, domain, target)}`.trim();
}

/** Auto-configure's error, in words. */
export function autoConfigureErrorText(code: string | null, domain: string): string {
  switch (code) {
    case "not_configured":
      return servingErrorText(code, domain, null);
    case "invalid_token":
      return "Cloudflare refused the token: it needs Zone:Read and DNS:Edit on the domain's zone.";
    case "zone_not_found":
      return `The token sees no zone that holds ${domain}.`;
    case "record_conflict":
      return `Another record already exists on one of the names; it was left alone. Remove it at Cloudflare, then try again.`;
    case "provider_error":
      return "Cloudflare refused the change.";
    case "provider_unavailable":
      return "Cloudflare could not be reached. Try again later.";
    default:
      return code ?? "The records were not created.";
  }
}

/** The section PUT's refusals about a hostname, in words (else the refusal as it came, for describeError). */
export function domainProblem(error: unknown, domain: string): unknown {
  if (!(error instanceof ApiProblem)) return error;
  switch (error.code) {
    case "invalid_hostname":
      return new Error(`“${domain}” is not a hostname such as login.example.com: give it without https://, a path, a port, an IP address or a wildcard.`);
    case "reserved_hostname":
      return new Error(`${domain} is one of this Signet's own hostnames (or under its CNAME target): choose a hostname of your brand's.`);
    case "duplicate_value":
      return new Error(`${domain} is already the domain of another app group here.`);
    case "domain_in_use":
      return new Error(`Another organization already uses ${domain}.`);
    case "unknown_app_group":
      return new Error("This app group no longer exists. Reload the page.");
    case "UPGRADE_REQUIRED":
      return new Error("Custom login domains need the Pro plan or higher. Upgrade on the Billing page; removing a domain is free on any plan.");
    default:
      return error;
  }
}
