/**
 * Error codes of SCIM provisioning (DESIGN §7; docs/scim.md). The /scim/v2 routes answer
 * every error, these and the kernel's alike, in SCIM's own body (RFC 7644 §3.12) through
 * scim-format.ts, which maps each code to its `scimType`; the token routes under
 * /api/org/{slug}/settings/scim answer in the ordinary `{ "error": code }` body.
 */
import { defineErrors } from "../../platform/http/error-catalog";

export const provisioningErrors = defineErrors({
  invalidFilter: { code: "invalid_filter", status: 400, message: "the filter is not valid SCIM filter syntax, or compares a value in a way its type does not allow (scimType invalidFilter)" },
  invalidSyntax: { code: "invalid_syntax", status: 400, message: "the request body is not a SCIM message this route reads (scimType invalidSyntax)" },
  invalidPath: { code: "invalid_path", status: 400, message: "a PATCH path that names no attribute of the resource (scimType invalidPath)" },
  noTarget: { code: "no_target", status: 400, message: "a PATCH path whose value filter matched nothing to replace (scimType noTarget)" },
  invalidValue: { code: "invalid_value", status: 400, message: "a required attribute is missing, or an attribute has a value Signet does not accept (scimType invalidValue)" },
  mutability: { code: "mutability", status: 400, message: "the request changes a read-only or immutable attribute (scimType mutability)" },
  uniqueness: { code: "uniqueness", status: 409, message: "another User of this organization has this userName, externalId or e-mail address (scimType uniqueness)" },
  resourceNotFound: { code: "not_found", status: 404, message: "no such User or Group in this organization" },
  scimTokenNotFound: { code: "scim_token_not_found", status: 404, message: "no SCIM token of this organization has that id" },
  tooManyScimTokens: { code: "too_many_scim_tokens", status: 409, message: "the organization already holds the most live SCIM tokens it may; revoke one first" },
});

export const ProvisioningErrors = provisioningErrors.codes;
