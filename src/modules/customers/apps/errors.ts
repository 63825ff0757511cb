/** Error codes of the apps module (app groups and applications); docs/apps.md lists when each is given. */
import { defineErrors } from "../../../platform/http/error-catalog";

export const appErrors = defineErrors({
  notFound: { code: "not_found", status: 404, message: "no such app group or application in this organization (or it was deleted)" },
  invalidName: { code: "invalid_name", status: 400, message: "a name that is blank or carries control characters" },
  invalidOrigin: { code: "invalid_origin", status: 400, message: "an Allowed Origin that is not https://host[:port] (http only on loopback)" },
  invalidRedirectUrl: { code: "invalid_redirect_url", status: 400, message: "a Callback URL or post-logout redirect that could be used to redirect anywhere unsafe" },
  invalidIconUrl: { code: "invalid_icon_url", status: 400, message: "an icon URL that is not https (http only on loopback)" },
  invalidIconType: { code: "invalid_icon_type", status: 400, message: "an uploaded icon that is not a PNG, JPEG or WebP image by its bytes (SVG is refused)" },
  invalidSaml: { code: "invalid_saml", status: 400, message: "a SAML EntityID or ACS URL we cannot accept" },
  invalidGrantTypes: { code: "invalid_grant_types", status: 400, message: "OIDC grant types that do not fit the platform (client_credentials outside server)" },
  pkceRequired: { code: "pkce_required", status: 400, message: "PKCE switched off for a public client (ios, android, desktop)" },
  invalidRpId: { code: "invalid_rp_id", status: 400, message: "a passkey relying-party id that is not a host name" },
  invalidSocialProvider: { code: "invalid_social_provider", status: 400, message: "a social provider set up without what it needs (a client secret to enable it)" },
  duplicateEntry: { code: "duplicate_entry", status: 400, message: "the same entry twice in a list" },
  orgMismatch: { code: "org_mismatch", status: 400, message: "a body orgId that is not the organization in the path" },
  applicationExists: { code: "application_exists", status: 409, message: "the app group already has an application for this platform and environment" },
  /** The public routes' CORS (cors.ts): a preflight from an origin the application does not allow. */
  originNotAllowed: { code: "origin_not_allowed", status: 403, message: "the Origin is not one of the application's Allowed Origins" },
  /** The payment engine (monetization-limits.ts); the spec gives no status, 403 is the plan-gate status. */
  upgradeRequired: { code: "upgrade_required", status: 403, message: "the charge would take this month's collected volume past the plan's cap (feature billing.volume, limitCents, usedCents)" },
});
