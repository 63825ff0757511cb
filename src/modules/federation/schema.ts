/**
 * Federation's tables (docs/federation.md): an organization's identity-provider
 * connections (spec 2.11), its federation policy (settings/federation), its SAML
 * service-provider key, the single-use sign-in flows, and the IdP identities linked to
 * dashboard accounts.
 */
import { col, table } from "../../platform/db/kit";
import { users } from "../identity/schema";
import { organizations } from "../orgs/schema";

/** What a connection maps from the IdP's claims or attributes (docs/federation.md "Attribute mapping"). */
export interface AttributeMapping {
  email?: string;
  display_name?: string;
  role?: { attribute: string; values: Record<string, string> };
}

/**
 * An identity-provider connection. `type` is custom-oidc, custom-saml or a named-*
 * OIDC type. The OIDC client secret is sealed (SecretBox, context
 * `idp_connections:<id>:oidc_client_secret`); the SAML fields keep what the organization
 * gave (a metadata URL, metadata XML, or the SSO URL, entity id and certificate).
 * Deactivating keeps the row (`status` inactive) so the audit trail can name it.
 */
export const idpConnections = table(
  "idp_connections",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    type: col.text().notNull(),
    displayName: col.text().notNull(),
    /** Lower-case; at most one active connection across all organizations holds a domain. */
    emailDomain: col.text(),
    status: col.text().$type<"active" | "inactive">().notNull(),
    /** The role a person joining through this connection gets: a built-in role key or a custom role id. */
    defaultRole: col.text().notNull(),
    attributeMapping: col.json<AttributeMapping>().notNull(),
    oidcDiscoveryUrl: col.text(),
    oidcIssuer: col.text(),
    oidcAuthorizationEndpoint: col.text(),
    oidcTokenEndpoint: col.text(),
    oidcJwksUri: col.text(),
    oidcClientId: col.text(),
    oidcClientSecretSealed: col.text(),
    samlMetadataUrl: col.text(),
    samlMetadataXml: col.text(),
    samlSsoUrl: col.text(),
    samlEntityId: col.text(),
    samlCertificate: col.text(),
    createdBy: col.text(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
    deactivatedAt: col.time(),
  },
  [
    { name: "idp_connections_org_idx", on: ["orgId", "createdAt"] },
    { name: "idp_connections_domain_idx", on: ["emailDomain"] },
  ],
);

/** settings/federation: the organization's default connection and whether sign-ins may add members. */
export const federationPolicies = table("federation_policies", {
  orgId: col
    .id()
    .references(() => organizations.id, { onDelete: "cascade" }),
  defaultConnectionId: col.text(),
  jitMembership: col.bool().notNull(),
  updatedBy: col.text(),
  updatedAt: col.time().notNull(),
});

/**
 * The organization's SAML service-provider signing key: a self-signed certificate
 * published in its SP metadata, and the private key sealed (context
 * `saml_sp_keys:<orgId>`), made on first use.
 */
export const samlSpKeys = table("saml_sp_keys", {
  orgId: col
    .id()
    .references(() => organizations.id, { onDelete: "cascade" }),
  certificatePem: col.text().notNull(),
  privateKeySealed: col.text().notNull(),
  createdAt: col.time().notNull(),
});

/**
 * A sign-in started at /idp/{slug}/login, single use and short-lived. `id` is the SHA-256
 * of the state handed to the IdP (OIDC `state`, SAML `RelayState`); `browserHash` the
 * SHA-256 of the value of the flow cookie the browser got, so only the browser that
 * started it can finish it. OIDC keeps the PKCE verifier and the nonce; SAML the ID of
 * the AuthnRequest (InResponseTo must name it).
 */
export const idpFlows = table(
  "idp_flows",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    connectionId: col.text().notNull().references(() => idpConnections.id, { onDelete: "cascade" }),
    protocol: col.text().$type<"oidc" | "saml">().notNull(),
    browserHash: col.text().notNull(),
    codeVerifier: col.text(),
    nonce: col.text(),
    samlRequestId: col.text(),
    returnUrl: col.text(),
    expiresAt: col.time().notNull(),
    consumedAt: col.time(),
    createdAt: col.time().notNull(),
  },
  [
    { name: "idp_flows_saml_request_uq", on: ["samlRequestId"], unique: true },
    { name: "idp_flows_expires_idx", on: ["expiresAt"] },
  ],
);

/**
 * A person at an IdP (the connection's `sub` or SAML NameID) linked to a dashboard
 * account: later sign-ins through the connection find the account by this link, not by
 * the address the IdP sends.
 */
export const idpIdentities = table(
  "idp_identities",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    connectionId: col.text().notNull().references(() => idpConnections.id, { onDelete: "cascade" }),
    subject: col.text().notNull(),
    userId: col.text().notNull().references(() => users.id, { onDelete: "cascade" }),
    email: col.text().notNull(),
    createdAt: col.time().notNull(),
    lastSignInAt: col.time().notNull(),
  },
  [
    { name: "idp_identities_subject_uq", on: ["connectionId", "subject"], unique: true },
    { name: "idp_identities_user_idx", on: ["userId"] },
  ],
);
