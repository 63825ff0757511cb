/** Error codes of the apps module (app groups and applications); docs/apps.md lists when each is given. */
export const AppErrors = {
  /** 404: no such app group or application in this organization (or it was deleted). */
  notFound: "not_found",
  /** 400: a name that is blank or carries control characters. */
  invalidName: "invalid_name",
  /** 400: an Allowed Origin that is not https://host[:port] (http only on loopback). */
  invalidOrigin: "invalid_origin",
  /** 400: a Callback URL or post-logout redirect that could be used to redirect anywhere unsafe. */
  invalidRedirectUrl: "invalid_redirect_url",
  /** 400: an icon URL that is not https (http only on loopback). */
  invalidIconUrl: "invalid_icon_url",
  /** 400: an uploaded icon that is not a PNG, JPEG or WebP image by its bytes (SVG is refused). */
  invalidIconType: "invalid_icon_type",
  /** 400: a SAML EntityID or ACS URL we cannot accept. */
  invalidSaml: "invalid_saml",
  /** 400: OIDC grant types that do not fit the platform (client_credentials outside server). */
  invalidGrantTypes: "invalid_grant_types",
  /** 400: PKCE switched off for a public client (ios, android, desktop). */
  pkceRequired: "pkce_required",
  /** 400: a passkey relying-party id that is not a host name. */
  invalidRpId: "invalid_rp_id",
  /** 400: a social provider set up without what it needs (a client secret to enable it). */
  invalidSocialProvider: "invalid_social_provider",
  /** 400: the same entry twice in a list. */
  duplicateEntry: "duplicate_entry",
  /** 400: a body orgId that is not the organization in the path. */
  orgMismatch: "org_mismatch",
  /** 409: the app group already has an application for this platform and environment. */
  applicationExists: "application_exists",
} as const;
