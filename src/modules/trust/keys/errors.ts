/** Error codes of the organization's signing keys and Master Seal, with their statuses (DESIGN §7). */
import { defineErrors } from "../../../platform/http/error-catalog";

export const signingKeyErrors = defineErrors({
  orgSealRequired: { code: "ORG_SEAL_REQUIRED", status: 409, message: "the organization has no Org Master Seal yet, so no signing keys (spec §7)" },
  tooManySigningKeys: { code: "too_many_signing_keys", status: 409, message: "the JWKS already carries the most retiring keys it may; wait until one retires" },
  masterSealExists: { code: "master_seal_exists", status: 409, message: "this organization already has its Org Master Seal" },
});

export const SigningKeyErrors = signingKeyErrors.codes;
