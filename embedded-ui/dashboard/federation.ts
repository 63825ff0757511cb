/**
 * What the SSO page shares: the wire shapes of IdP connections, the federation policy,
 * the connection test and SCIM tokens, taken from the server's models (type-only imports),
 * the connection types in words, and the organization's SAML SP metadata read from its XML.
 */
import type { ConnectionInput, ConnectionList as ConnectionListSchema, ConnectionView, PolicyView, TestResult } from "../../src/modules/federation/model";
import type { CreatedScimToken, ScimTokenView } from "../../src/modules/provisioning/model";
import type { Translate } from "./language";
import type { DashboardKey } from "./locales/index";

export type Connection = ConnectionView;
export type ConnectionList = typeof ConnectionListSchema.static;
export type ConnectionBody = ConnectionInput;
export type ConnectionType = ConnectionInput["type"];
export type Policy = PolicyView;
export type TestReport = TestResult;
export type ScimToken = ScimTokenView;
export type CreatedToken = typeof CreatedScimToken.static;

/**
 * Each connection type: the protocol, what its form asks for, and where its words are
 * (docs/federation.md "Named types"): a brand's own name as the brand writes it, else the
 * catalog's name; the issuer hint from the catalog.
 */
export const CONNECTION_TYPES: { type: ConnectionType; brand?: string; protocol: "oidc" | "saml"; hint?: DashboardKey; domainRequired?: boolean; issuerOptional?: boolean }[] = [
  { type: "custom-oidc", protocol: "oidc", hint: "federation.hint.custom-oidc" },
  { type: "custom-saml", protocol: "saml" },
  { type: "named-entra", brand: "Microsoft Entra ID", protocol: "oidc", hint: "federation.hint.named-entra", issuerOptional: true },
  { type: "named-google-workspace", brand: "Google Workspace", protocol: "oidc", hint: "federation.hint.named-google-workspace", domainRequired: true, issuerOptional: true },
  { type: "named-okta", brand: "Okta", protocol: "oidc", hint: "federation.hint.named-okta" },
  { type: "named-auth0", brand: "Auth0", protocol: "oidc", hint: "federation.hint.named-auth0" },
  { type: "named-onelogin", brand: "OneLogin", protocol: "oidc", hint: "federation.hint.named-onelogin" },
];

const GENERIC_NAMES: Partial<Record<ConnectionType, DashboardKey>> = {
  "custom-oidc": "federation.name.custom-oidc",
  "custom-saml": "federation.name.custom-saml",
};

/** A connection type's name, protocol and form hints in the current language; a type this page does not know keeps its code as its name. */
export function typeInfo(t: Translate, type: string) {
  const known = CONNECTION_TYPES.find((choice) => choice.type === type);
  const generic = GENERIC_NAMES[type as ConnectionType];
  return {
    type: type as ConnectionType,
    name: known?.brand ?? (generic ? t(generic) : type),
    protocol: known?.protocol ?? (type === "custom-saml" ? ("saml" as const) : ("oidc" as const)),
    issuerHint: known?.hint ? t(known.hint) : "",
    domainRequired: known?.domainRequired,
    issuerOptional: known?.issuerOptional,
  };
}

/** The organization's SAML service-provider facts, as its metadata document states them. */
export interface ServiceProvider {
  metadataUrl: string;
  entityId: string;
  acsUrl: string;
  certificate: string;
}

/** Reads entityID, the HTTP-POST AssertionConsumerService and the signing certificate from `/idp/{slug}/saml/metadata`. */
export function readSpMetadata(t: Translate, xml: string, metadataUrl: string): ServiceProvider {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  if (doc.getElementsByTagName("parsererror").length) throw new Error(t("federation.spMetadataUnreadable"));
  const byName = (name: string) => Array.from(doc.getElementsByTagNameNS("*", name));
  const entity = byName("EntityDescriptor")[0];
  const acs = byName("AssertionConsumerService").find((e) => (e.getAttribute("Binding") ?? "").endsWith("HTTP-POST")) ?? byName("AssertionConsumerService")[0];
  const cert = (byName("X509Certificate")[0]?.textContent ?? "").replace(/\s+/g, "");
  const pem = cert ? `-----BEGIN CERTIFICATE-----\n${cert.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----` : "";
  return { metadataUrl, entityId: entity?.getAttribute("entityID") ?? "", acsUrl: acs?.getAttribute("Location") ?? "", certificate: pem };
}
