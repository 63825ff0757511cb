/**
 * What the SSO page shares: the wire shapes of IdP connections, the federation policy,
 * the connection test and SCIM tokens, taken from the server's models (type-only imports),
 * the connection types in words, and the organization's SAML SP metadata read from its XML.
 */
import type { ConnectionInput, ConnectionList as ConnectionListSchema, ConnectionView, PolicyView, TestResult } from "../../src/modules/federation/model";
import type { CreatedScimToken, ScimTokenView } from "../../src/modules/provisioning/model";

export type Connection = ConnectionView;
export type ConnectionList = typeof ConnectionListSchema.static;
export type ConnectionBody = ConnectionInput;
export type ConnectionType = ConnectionInput["type"];
export type Policy = PolicyView;
export type TestReport = TestResult;
export type ScimToken = ScimTokenView;
export type CreatedToken = typeof CreatedScimToken.static;

/** Each connection type: its name, the protocol, and what its form asks for (docs/federation.md "Named types"). */
export const CONNECTION_TYPES: { type: ConnectionType; name: string; protocol: "oidc" | "saml"; issuerHint: string; domainRequired?: boolean; issuerOptional?: boolean }[] = [
  { type: "custom-oidc", name: "OpenID Connect (any provider)", protocol: "oidc", issuerHint: "The issuer; discovery is read from {issuer}/.well-known/openid-configuration. Or give the discovery URL instead." },
  { type: "custom-saml", name: "SAML 2.0 (any provider)", protocol: "saml", issuerHint: "" },
  {
    type: "named-entra",
    name: "Microsoft Entra ID",
    protocol: "oidc",
    issuerHint: "Optional: with the e-mail domain set, discovery is login.microsoftonline.com/{domain}/v2.0. Or https://login.microsoftonline.com/{tenant id}/v2.0.",
    issuerOptional: true,
  },
  { type: "named-google-workspace", name: "Google Workspace", protocol: "oidc", issuerHint: "Optional: Google's issuer is filled in. The e-mail domain is required (the id_token's hd must match it).", domainRequired: true, issuerOptional: true },
  { type: "named-okta", name: "Okta", protocol: "oidc", issuerHint: "https://{your org}.okta.com, or …/oauth2/{authorization server id}" },
  { type: "named-auth0", name: "Auth0", protocol: "oidc", issuerHint: "https://{tenant}.{region}.auth0.com/ (with the trailing slash)" },
  { type: "named-onelogin", name: "OneLogin", protocol: "oidc", issuerHint: "https://{subdomain}.onelogin.com/oidc/2" },
];

export function typeInfo(type: string) {
  return CONNECTION_TYPES.find((t) => t.type === type) ?? { type: type as ConnectionType, name: type, protocol: type === "custom-saml" ? ("saml" as const) : ("oidc" as const), issuerHint: "" };
}

/** The organization's SAML service-provider facts, as its metadata document states them. */
export interface ServiceProvider {
  metadataUrl: string;
  entityId: string;
  acsUrl: string;
  certificate: string;
}

/** Reads entityID, the HTTP-POST AssertionConsumerService and the signing certificate from `/idp/{slug}/saml/metadata`. */
export function readSpMetadata(xml: string, metadataUrl: string): ServiceProvider {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  if (doc.getElementsByTagName("parsererror").length) throw new Error("The SP metadata could not be read.");
  const byName = (name: string) => Array.from(doc.getElementsByTagNameNS("*", name));
  const entity = byName("EntityDescriptor")[0];
  const acs = byName("AssertionConsumerService").find((e) => (e.getAttribute("Binding") ?? "").endsWith("HTTP-POST")) ?? byName("AssertionConsumerService")[0];
  const cert = (byName("X509Certificate")[0]?.textContent ?? "").replace(/\s+/g, "");
  const pem = cert ? `-----BEGIN CERTIFICATE-----\n${cert.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----` : "";
  return { metadataUrl, entityId: entity?.getAttribute("entityID") ?? "", acsUrl: acs?.getAttribute("Location") ?? "", certificate: pem };
}
