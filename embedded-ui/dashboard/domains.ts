/**
 * What the Apps page's custom login domain section shares: the wire shapes of
 * settings/domains, taken from the server's model (type-only imports), and the codes it
 * answers in words (docs/custom-domains.md).
 */
import type { AutoConfigureResult as AutoConfigureSchema, DomainStatus as DomainStatusSchema, DomainStatusList as DomainStatusListSchema, VerifyResult as VerifyResultSchema } from "../../src/modules/customers/domains/model";
import { ApiProblem } from "./api";
import type { Translate } from "./language";

export type DomainStatus = typeof DomainStatusSchema.static;
export type DomainStatusList = typeof DomainStatusListSchema.static;
export type VerifyResult = typeof VerifyResultSchema.static;
export type AutoConfigureResult = typeof AutoConfigureSchema.static;

/** Why a domain is not served (servingError), in words. */
export function servingErrorText(t: Translate, code: string | null, domain: string, target: string | null): string {
  switch (code) {
    case "not_configured":
      return t("domains.notConfigured");
    case "not_checked":
      return t("domains.notChecked");
    case "txt_record_missing":
      return t("domains.txtMissing", { domain });
    case "txt_record_mismatch":
      return t("domains.txtMismatch", { domain });
    case "routing_record_missing":
      return t("domains.routingMissing", { domain });
    case "cname_mismatch":
      return target ? t("domains.cnameMismatchTarget", { domain, target }) : t("domains.cnameMismatch", { domain });
    case "address_mismatch":
      return target ? t("domains.addressMismatchTarget", { domain, target }) : t("domains.addressMismatch", { domain });
    case "dns_lookup_failed":
      return t("domains.dnsLookupFailed");
    case "app_group_deleted":
      return t("domains.appGroupDeleted");
    default:
      return code ?? "";
  }
}

/** The status of a check or a listed domain, in one sentence. */
export function statusText(t: Translate, status: { verified: boolean; served: boolean; servingError: string | null }, domain: string, target: string | null): string {
  if (status.served) return t("domains.served", { domain });
  const reason = servingErrorText(t, status.servingError, domain, target);
  return t(status.verified ? "domains.verifiedNotServed" : "domains.notVerified", { reason }).trim();
}

/** Auto-configure's error, in words. */
export function autoConfigureErrorText(t: Translate, code: string | null, domain: string): string {
  switch (code) {
    case "not_configured":
      return servingErrorText(t, code, domain, null);
    case "invalid_token":
      return t("domains.invalidToken");
    case "zone_not_found":
      return t("domains.zoneNotFound", { domain });
    case "record_conflict":
      return t("domains.recordConflict");
    case "provider_error":
      return t("domains.providerError");
    case "provider_unavailable":
      return t("domains.providerUnavailable");
    default:
      return code ?? t("domains.notCreated");
  }
}

/** The section PUT's refusals about a hostname, in words (else the refusal as it came, for describeError). */
export function domainProblem(t: Translate, error: unknown, domain: string): unknown {
  if (!(error instanceof ApiProblem)) return error;
  switch (error.code) {
    case "invalid_hostname":
      return new Error(t("domains.invalidHostname", { domain }));
    case "reserved_hostname":
      return new Error(t("domains.reservedHostname", { domain }));
    case "duplicate_value":
      return new Error(t("domains.duplicate", { domain }));
    case "domain_in_use":
      return new Error(t("domains.inUse", { domain }));
    case "unknown_app_group":
      return new Error(t("domains.unknownGroup"));
    case "UPGRADE_REQUIRED":
      return new Error(t("domains.upgrade"));
    default:
      return error;
  }
}
