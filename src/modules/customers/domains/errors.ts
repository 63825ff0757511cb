/** Error codes of custom login domains (spec 5.8, 4.4), with their statuses (DESIGN §7); the section's other checks are orgs' settings checks. */
import { defineErrors } from "../../../platform/http/error-catalog";

export const loginDomainErrors = defineErrors({
  domainInUse: { code: "domain_in_use", status: 409, message: "another organization already lists this hostname as a custom login domain" },
  invalidHostname: {
    code: "invalid_hostname",
    status: 400,
    message: "not a hostname such as login.example.com: no scheme, path, port, IP address or wildcard",
  },
  reservedHostname: { code: "reserved_hostname", status: 400, message: "the service's own hostnames (and the CNAME target) cannot be a custom login domain" },
  unknownAppGroup: { code: "unknown_app_group", status: 400, message: "no live app group of this organization has that id" },
  domainNotFound: { code: "domain_not_found", status: 404, message: "this app group has no custom login domain; add one with PUT settings/domains first" },
});
