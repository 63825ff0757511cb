/**
 * SAML 2.0 Web Browser SSO, SP-initiated, through `@node-saml/node-saml` 5.1.0 as the
 * service provider (docs/federation.md "SAML" says why this library):
 *
 * - the AuthnRequest goes by HTTP-Redirect, signed with the organization's SP key
 *   (RSA-SHA256), its ID remembered in the flow;
 * - the response comes back by HTTP-POST to /idp/{slug}/callback. node-saml checks the
 *   XML signature (of the Response or of the Assertion, enveloped, one reference, the ID
 *   unique in the document, and only the signed bytes are read afterwards: the defences
 *   against signature wrapping), that an assertion is signed when the Response is not,
 *   the IdP's certificate, and the audience;
 * - node-saml judges times on the wall clock and cannot take a clock, so its time checks
 *   are switched off (acceptedClockSkewMs -1) and Signet checks, on the signed assertion
 *   and with the injected Clock (60 s skew): Issuer, Conditions NotBefore/NotOnOrAfter,
 *   AudienceRestriction, a bearer SubjectConfirmation whose Recipient is the ACS, whose
 *   NotOnOrAfter has not passed and whose InResponseTo names this flow's request; and
 *   the Response's Destination and InResponseTo when present. InResponseTo is bound to
 *   a request of ours and single use because the flow it belongs to is (flows.ts).
 * - IdP-initiated (unsolicited) responses are refused: with no request of ours to answer,
 *   nothing ties the response to this browser, which is how login CSRF and replays of a
 *   stolen response work.
 */
import { SAML, ValidateInResponseTo } from "@node-saml/node-saml";
import type { GuardedFetch } from "../../platform/outbound/http";
import { OutboundRefusedError } from "../../platform/outbound/http";
import { randomSecret } from "../../platform/crypto/hash";
import type { ConnectionRow } from "./connections";
import { federationErrors } from "./errors";
import { type IdpSamlSettings, parseIdpMetadata, parseXml, SamlMetadataError } from "./saml-metadata";
import type { SpKey } from "./sp-keys";

const METADATA_TTL_MS = 60 * 60_000;
export const SAML_SKEW_MS = 60_000;
const ASSERTION = "urn:oasis:names:tc:SAML:2.0:assertion";
const PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";
const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer";
/** A SAMLResponse larger than this is not read. */
export const MAX_SAML_RESPONSE_BYTES = 512 * 1024;

const fetched = new Map<string, { at: number; settings: IdpSamlSettings }>();

/** Fetches and reads an IdP's metadata document. */
export async function fetchIdpMetadata(fetcher: GuardedFetch, url: string): Promise<IdpSamlSettings> {
  let response: Response;
  try {
    response = await fetcher(url, { headers: { accept: "application/samlmetadata+xml, application/xml, text/xml" } });
  } catch (e) {
    if (e instanceof OutboundRefusedError) throw new SamlMetadataError(`the metadata URL was not fetched: ${e.message}`);
    throw e;
  }
  if (response.status !== 200) throw new SamlMetadataError(`the metadata URL answered ${response.status}`);
  return parseIdpMetadata(await response.text());
}

/** The IdP's entity id, SSO URL and certificates: from its metadata (fetched, cached an hour) or as the connection names them. */
export async function idpSettingsOf(fetcher: GuardedFetch, row: ConnectionRow, now: number): Promise<IdpSamlSettings> {
  try {
    if (row.samlMetadataXml) return parseIdpMetadata(row.samlMetadataXml);
    if (row.samlMetadataUrl) {
      const key = `${row.id}:${row.updatedAt}`;
      const hit = fetched.get(key);
      if (hit && now >= hit.at && now - hit.at < METADATA_TTL_MS) return hit.settings;
      const settings = await fetchIdpMetadata(fetcher, row.samlMetadataUrl);
      fetched.set(key, { at: now, settings });
      return settings;
    }
  } catch (e) {
    if (e instanceof SamlMetadataError) throw federationErrors.error("idpUnavailable", { message: e.message });
    throw e;
  }
  return { entityId: row.samlEntityId!, ssoUrl: row.samlSsoUrl!, certificates: [row.samlCertificate!] };
}

export interface ServiceProvider {
  entityId: string;
  acsUrl: string;
  key: SpKey;
}

function samlOf(idp: IdpSamlSettings, sp: ServiceProvider, requestId: string): SAML {
  return new SAML({
    callbackUrl: sp.acsUrl,
    entryPoint: idp.ssoUrl,
    issuer: sp.entityId,
    idpCert: idp.certificates,
    idpIssuer: idp.entityId,
    audience: sp.entityId,
    wantAssertionsSigned: false,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: -1,
    maxAssertionAgeMs: 0,
    validateInResponseTo: ValidateInResponseTo.never,
    privateKey: sp.key.privateKeyPem,
    signatureAlgorithm: "sha256",
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    generateUniqueId: () => requestId,
  });
}

/** The IdP's SSO URL with a signed AuthnRequest (HTTP-Redirect), and the request's ID. */
export async function samlAuthorizationRequest(idp: IdpSamlSettings, sp: ServiceProvider, relayState: string): Promise<{ url: string; requestId: string }> {
  // An xsd:ID must not start with a digit.
  const requestId = `_${randomSecret(20).replace(/[^A-Za-z0-9]/g, "x")}`;
  const url = await samlOf(idp, sp, requestId).getAuthorizeUrlAsync(relayState, undefined, {});
  return { url, requestId };
}

/** What a verified assertion says about the person. */
export interface SamlIdentity {
  nameId: string;
  nameIdFormat: string | null;
  attributes: Record<string, unknown>;
}

function refused(message: string) {
  return federationErrors.error("invalidSamlResponse", { message });
}

function elements(node: Document | Element, ns: string, local: string): Element[] {
  return Array.from((node as Element).getElementsByTagNameNS(ns, local) as unknown as ArrayLike<Element>);
}

function instant(value: string | null, what: string): number | null {
  if (value === null || value === "") return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw refused(`${what} is not a time`);
  return ms;
}

/** The raw (unverified) Response's InResponseTo, to tell an unsolicited response from a broken one. */
export function responseInResponseTo(samlResponse: string): string | null {
  try {
    const doc = parseXml(Buffer.from(samlResponse, "base64").toString("utf8"));
    return doc.documentElement.getAttribute("InResponseTo") || null;
  } catch {
    return null;
  }
}

/**
 * Verifies a SAMLResponse (base64, HTTP-POST) as the answer to `requestId` (see the
 * module comment); 401 invalid_saml_response otherwise, 400 unsolicited_saml_response
 * when it answers no request.
 */
export async function verifySamlResponse(idp: IdpSamlSettings, sp: ServiceProvider, samlResponse: string, expect: { requestId: string; now: number }): Promise<SamlIdentity> {
  if (samlResponse.length > (MAX_SAML_RESPONSE_BYTES * 4) / 3) throw refused("the SAML response is too large");
  const xml = Buffer.from(samlResponse, "base64").toString("utf8");
  let root: Element;
  try {
    root = parseXml(xml).documentElement as Element;
  } catch (e) {
    throw refused(`the SAML response is not XML Signet reads: ${(e as Error).message}`);
  }
  if (root.namespaceURI !== PROTOCOL || root.localName !== "Response") throw refused("the message is not a SAML Response");
  const destination = root.getAttribute("Destination");
  if (destination && destination !== sp.acsUrl) throw refused(`the response is addressed to ${destination}, not this organization's ACS`);
  const responseInResponse = root.getAttribute("InResponseTo");
  if (responseInResponse && responseInResponse !== expect.requestId) throw refused("the response answers another request (InResponseTo)");

  let profile: Awaited<ReturnType<SAML["validatePostResponseAsync"]>>["profile"];
  try {
    ({ profile } = await samlOf(idp, sp, expect.requestId).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (e) {
    throw refused(`the SAML response did not verify: ${(e as Error).message}`);
  }
  if (!profile?.getAssertionXml) throw refused("the SAML response holds no assertion");

  // From here on only the signed assertion is read.
  const assertion = parseXml(profile.getAssertionXml()).documentElement as Element;
  const now = expect.now;
  const issuer = elements(assertion, ASSERTION, "Issuer")[0]?.textContent?.trim();
  if (issuer !== idp.entityId) throw refused(`the assertion's issuer is ${issuer ?? "missing"}, not the connection's IdP (${idp.entityId})`);

  const conditions = elements(assertion, ASSERTION, "Conditions");
  if (conditions.length !== 1) throw refused("the assertion must have exactly one Conditions element");
  const notBefore = instant(conditions[0]!.getAttribute("NotBefore"), "Conditions NotBefore");
  const notOnOrAfter = instant(conditions[0]!.getAttribute("NotOnOrAfter"), "Conditions NotOnOrAfter");
  if (notBefore !== null && now + SAML_SKEW_MS < notBefore) throw refused("the assertion is not valid yet (Conditions NotBefore)");
  if (notOnOrAfter !== null && now - SAML_SKEW_MS >= notOnOrAfter) throw refused("the assertion has expired (Conditions NotOnOrAfter)");
  const audiences = elements(conditions[0]!, ASSERTION, "Audience").map((a) => a.textContent?.trim());
  if (!audiences.includes(sp.entityId)) throw refused(`the assertion is meant for ${audiences.join(", ") || "no audience"}, not ${sp.entityId}`);

  const confirmations = elements(assertion, ASSERTION, "SubjectConfirmation").filter((c) => c.getAttribute("Method") === BEARER);
  if (confirmations.length === 0) throw refused("the assertion has no bearer SubjectConfirmation");
  const problems: string[] = [];
  const confirmed = confirmations.some((confirmation) => {
    const data = elements(confirmation, ASSERTION, "SubjectConfirmationData")[0];
    if (!data) return problems.push("a SubjectConfirmation without SubjectConfirmationData") && false;
    const recipient = data.getAttribute("Recipient");
    if (recipient !== sp.acsUrl) return problems.push(`Recipient ${recipient ?? "missing"} is not this organization's ACS`) && false;
    if (data.getAttribute("InResponseTo") !== expect.requestId) return problems.push("SubjectConfirmationData InResponseTo does not name this sign-in's request") && false;
    const until = instant(data.getAttribute("NotOnOrAfter"), "SubjectConfirmationData NotOnOrAfter");
    if (until === null) return problems.push("SubjectConfirmationData has no NotOnOrAfter") && false;
    if (now - SAML_SKEW_MS >= until) return problems.push("the assertion has expired (SubjectConfirmationData NotOnOrAfter)") && false;
    const from = instant(data.getAttribute("NotBefore"), "SubjectConfirmationData NotBefore");
    if (from !== null && now + SAML_SKEW_MS < from) return problems.push("the assertion is not valid yet (SubjectConfirmationData NotBefore)") && false;
    return true;
  });
  if (!confirmed) throw refused(problems[0] ?? "no SubjectConfirmation holds");

  const nameIdNode = elements(assertion, ASSERTION, "NameID")[0];
  const nameId = nameIdNode?.textContent?.trim();
  if (!nameId) throw refused("the assertion names no subject (NameID)");
  return { nameId, nameIdFormat: nameIdNode!.getAttribute("Format"), attributes: (profile.attributes as Record<string, unknown> | undefined) ?? {} };
}
