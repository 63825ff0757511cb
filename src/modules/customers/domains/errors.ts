/** Error codes of the custom login domains section (spec 5.8), with their statuses (DESIGN §7); its other checks are orgs' settings checks. */
import { defineErrors } from "../../../platform/http/error-catalog";

export const loginDomainErrors = defineErrors({
  domainInUse: { code: "domain_in_use", status: 409, message: "another organization already lists this hostname as a custom login domain" },
});
