/**
 * Connection types (spec 2.11): custom-oidc, custom-saml, and five named OIDC types that
 * take the custom-oidc payload with what the provider's shape lets Signet fill in
 * (docs/federation.md "Named types"). None of them is a Korean social provider, so the
 * add-on gate of spec §7 (ADDON_REQUIRED for named Korean social IdP creation) never
 * applies to the types offered here.
 */

export const OIDC_NAMED_TYPES = ["named-entra", "named-google-workspace", "named-okta", "named-auth0", "named-onelogin"] as const;
export const CONNECTION_TYPES = ["custom-oidc", "custom-saml", ...OIDC_NAMED_TYPES] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

export function isSamlType(type: string): boolean {
  return type === "custom-saml";
}

export interface NamedType {
  label: string;
  /**
   * The discovery URL when the body gives neither oidc_discovery_url nor oidc_issuer;
   * `{domain}` is the connection's email_domain (then required).
   */
  discoveryTemplate?: string;
  /** What to send as oidc_issuer, for the error message when nothing can be filled in. */
  issuerShape?: string;
  /** The claim holding the address when attribute_mapping.email is not set. */
  emailClaims: string[];
  /** The id_token claim that must equal email_domain (Google's hosted domain). */
  domainClaim?: string;
}

export const NAMED_TYPES: Record<(typeof OIDC_NAMED_TYPES)[number], NamedType> = {
  "named-entra": {
    label: "Microsoft Entra ID",
    // Entra accepts a verified domain of the tenant in place of its id.
    discoveryTemplate: "https://login.microsoftonline.com/{domain}/v2.0/.well-known/openid-configuration",
    issuerShape: "https://login.microsoftonline.com/{tenant id}/v2.0",
    // Entra sends `email` only when the user has a mailbox address; the UPN otherwise.
    emailClaims: ["email", "preferred_username", "upn"],
  },
  "named-google-workspace": {
    label: "Google Workspace",
    discoveryTemplate: "https://accounts.google.com/.well-known/openid-configuration",
    issuerShape: "https://accounts.google.com",
    emailClaims: ["email"],
    domainClaim: "hd",
  },
  "named-okta": { label: "Okta", issuerShape: "https://{your org}.okta.com (or …/oauth2/{authorization server id})", emailClaims: ["email"] },
  "named-auth0": { label: "Auth0", issuerShape: "https://{tenant}.{region}.auth0.com/", emailClaims: ["email"] },
  "named-onelogin": { label: "OneLogin", issuerShape: "https://{subdomain}.onelogin.com/oidc/2", emailClaims: ["email"] },
};

export function namedType(type: string): NamedType | null {
  return Object.hasOwn(NAMED_TYPES, type) ? NAMED_TYPES[type as keyof typeof NAMED_TYPES] : null;
}

/** The e-mail claims tried, in order, for an OIDC connection without attribute_mapping.email. */
export function defaultEmailClaims(type: string): string[] {
  return namedType(type)?.emailClaims ?? ["email"];
}

/** The discovery URL of an issuer (OpenID Connect Discovery §4). */
export function discoveryUrlOfIssuer(issuer: string): string {
  return `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
}

/**
 * Domains of public mail providers: a connection routing one of them would let one
 * organization's IdP speak for everyone's addresses there.
 */
export const PUBLIC_MAIL_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "yahoo.com",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.de",
  "web.de",
  "mail.ru",
  "yandex.ru",
  "qq.com",
  "163.com",
  "126.com",
  "naver.com",
  "daum.net",
  "hanmail.net",
  "kakao.com",
  "nate.com",
]);
