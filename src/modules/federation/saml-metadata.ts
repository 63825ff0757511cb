/**
 * Reading an IdP's SAML metadata (the EntityDescriptor of SAML 2.0 Metadata §2.3) and
 * its signing certificates, and writing Signet's own SP metadata for an organization.
 * XML is parsed with @xmldom/xmldom, which expands no external entity; documents with a
 * DOCTYPE are refused outright (SAML never needs one, and it is where entity tricks live).
 */
import { X509Certificate } from "node:crypto";
import { DOMParser } from "@xmldom/xmldom";

const MD = "urn:oasis:names:tc:SAML:2.0:metadata";
const DS = "http://www.w3.org/2000/09/xmldsig#";
export const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
export const POST_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";

export interface IdpSamlSettings {
  entityId: string;
  /** Single sign-on service, HTTP-Redirect binding. */
  ssoUrl: string;
  /** Signing certificates, PEM. */
  certificates: string[];
}

export class SamlMetadataError extends Error {}

/** Parses XML, refusing a DOCTYPE and anything that is not well-formed. */
export function parseXml(xml: string): Document {
  if (/<!DOCTYPE/i.test(xml)) throw new SamlMetadataError("the XML has a DOCTYPE, which SAML never needs");
  const problems: string[] = [];
  const doc = new DOMParser({
    onError: (level: string, message: string) => {
      if (level !== "warning") problems.push(message);
    },
  } as any).parseFromString(xml, "text/xml") as unknown as Document;
  if (problems.length > 0 || !doc?.documentElement) throw new SamlMetadataError(`the XML is not well-formed (${problems[0] ?? "no root element"})`);
  return doc;
}

function children(node: Element, ns: string, local: string): Element[] {
  const out: Element[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1 && (c as Element).namespaceURI === ns && (c as Element).localName === local) out.push(c as Element);
  return out;
}

/** A certificate as PEM, from PEM or bare base64 DER; throws when it is not an X.509 certificate. */
export function normaliseCertificate(text: string): string {
  const body = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+=*$/.test(body)) throw new SamlMetadataError("the certificate is not PEM or base64");
  const pem = `-----BEGIN CERTIFICATE-----\n${body.replace(/(.{64})/g, "$1\n").replace(/\n$/, "")}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
  } catch {
    throw new SamlMetadataError("the certificate is not an X.509 certificate");
  }
  return pem;
}

/** The IdP's entity id, HTTP-Redirect SSO URL and signing certificates from its metadata. */
export function parseIdpMetadata(xml: string): IdpSamlSettings {
  const doc = parseXml(xml);
  let entity = doc.documentElement as Element;
  if (entity.namespaceURI === MD && entity.localName === "EntitiesDescriptor") {
    const found = children(entity, MD, "EntityDescriptor").filter((e) => children(e, MD, "IDPSSODescriptor").length > 0);
    if (found.length !== 1) throw new SamlMetadataError("the metadata lists several entities or none with an IDPSSODescriptor; give the IdP's own EntityDescriptor");
    entity = found[0]!;
  }
  if (entity.namespaceURI !== MD || entity.localName !== "EntityDescriptor") throw new SamlMetadataError("the document is not SAML metadata (no md:EntityDescriptor)");
  const entityId = entity.getAttribute("entityID") ?? "";
  if (!entityId) throw new SamlMetadataError("the EntityDescriptor has no entityID");
  const [idp] = children(entity, MD, "IDPSSODescriptor");
  if (!idp) throw new SamlMetadataError("the metadata has no IDPSSODescriptor: it does not describe an identity provider");
  const sso = children(idp, MD, "SingleSignOnService").find((s) => s.getAttribute("Binding") === REDIRECT_BINDING);
  if (!sso?.getAttribute("Location")) throw new SamlMetadataError("the IdP offers no SingleSignOnService with the HTTP-Redirect binding");
  const certificates: string[] = [];
  for (const descriptor of children(idp, MD, "KeyDescriptor")) {
    const use = descriptor.getAttribute("use");
    if (use && use !== "signing") continue;
    for (const info of children(descriptor, DS, "KeyInfo"))
      for (const data of children(info, DS, "X509Data"))
        for (const cert of children(data, DS, "X509Certificate")) certificates.push(normaliseCertificate(cert.textContent ?? ""));
  }
  if (certificates.length === 0) throw new SamlMetadataError("the metadata has no signing certificate (KeyDescriptor use=\"signing\")");
  return { entityId, ssoUrl: sso.getAttribute("Location")!, certificates };
}

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Signet's SP metadata for an organization: entity id, ACS (HTTP-POST), and the signing certificate. */
export function serviceProviderMetadata(input: { entityId: string; acsUrl: string; certificateBody: string }): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<md:EntityDescriptor xmlns:md="${MD}" xmlns:ds="${DS}" entityID="${escapeXml(input.entityId)}">`,
    `  <md:SPSSODescriptor AuthnRequestsSigned="true" WantAssertionsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">`,
    `    <md:KeyDescriptor use="signing">`,
    `      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>${input.certificateBody}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`,
    `    </md:KeyDescriptor>`,
    `    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>`,
    `    <md:NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</md:NameIDFormat>`,
    `    <md:AssertionConsumerService Binding="${POST_BINDING}" Location="${escapeXml(input.acsUrl)}" index="0" isDefault="true"/>`,
    `  </md:SPSSODescriptor>`,
    `</md:EntityDescriptor>`,
    ``,
  ].join("\n");
}
