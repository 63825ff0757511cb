/**
 * A real SAML identity provider for tests: `samlify` in IdP mode, with its own RSA key and
 * self-signed certificate, its metadata served on 127.0.0.1 (so connections can name a
 * metadata URL). `respond` plays the IdP's side of a sign-in: it takes the HTTP-Redirect
 * URL Signet sent the browser to, checks the AuthnRequest's signature against Signet's SP
 * metadata (samlify's own check), and answers the HTTP-POST form a browser would carry to
 * the ACS: a Response signed by samlify with the IdP's key.
 *
 * The negative corpus: `sign` picks what is signed (the Response, the Assertion, both, or
 * nothing), `key: "other"` signs with a key the metadata does not hold, `overrides`
 * replaces template values (times, audience, recipient, destination, issuer,
 * InResponseTo), and `wrap` builds XML signature wrapping attacks from a validly signed
 * response. samlify needs a schema validator to parse requests; this peer's accepts every
 * document (it only parses Signet's own AuthnRequests), which is test code only.
 */
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inflateRawSync } from "node:zlib";
import * as samlify from "samlify";

samlify.setSchemaValidator({ validate: async () => "accepted by the test peer" });

const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

export interface SamlKeys {
  privateKeyPem: string;
  certificatePem: string;
}

export async function makeKeys(cn: string): Promise<SamlKeys> {
  const alg = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
  const keys = (await crypto.subtle.generateKey(alg, true, ["sign", "verify"])) as CryptoKeyPair;
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    { serialNumber: "01", name: `CN=${cn}`, notBefore: new Date(now - 86_400_000), notAfter: new Date(now + 365 * 86_400_000), keys, signingAlgorithm: alg },
    crypto,
  );
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey("pkcs8", keys.privateKey)).toString("base64");
  return { privateKeyPem: `-----BEGIN PRIVATE KEY-----\n${pkcs8.replace(/(.{64})/g, "$1\n")}\n-----END PRIVATE KEY-----\n`, certificatePem: cert.toString("pem") };
}

export interface SamlUser {
  nameId: string;
  attributes?: Record<string, string | string[]>;
}

export interface RespondOptions {
  sign?: "response" | "assertion" | "both" | "none";
  key?: "own" | "other";
  /** Template values replaced (ConditionsNotOnOrAfter, Audience, SubjectRecipient, Destination, Issuer, InResponseTo, …). */
  overrides?: Record<string, string>;
  /** Wrapping attacks on a validly signed response. */
  wrap?: "assertion-in-extensions" | "response-in-extensions";
  /** The evil subject a wrapping attack inserts. */
  wrapAs?: string;
}

export interface SamlPostForm {
  acsUrl: string;
  SAMLResponse: string;
  RelayState: string;
  requestId: string;
}

export interface SamlIdpPeer {
  entityId: string;
  ssoUrl: string;
  metadataUrl: string;
  metadataXml: string;
  certificatePem: string;
  /** The IdP's answer to the sign-in Signet started (the Location of /idp/{slug}/login). */
  respond(authorizeUrl: string, spMetadataXml: string, user: SamlUser, options?: RespondOptions): Promise<SamlPostForm>;
  /**
   * Browsers that reach the SSO URL sign in as `user`: the peer answers the auto-posting
   * form an IdP sends after its own login page.
   */
  actAs(spMetadataXml: string, user: SamlUser): void;
  /** A response no request asked for (IdP-initiated). */
  unsolicited(spMetadataXml: string, user: SamlUser): Promise<{ acsUrl: string; SAMLResponse: string }>;
  close(): Promise<void>;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function attributeStatement(attributes: Record<string, string | string[]>): string {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return "";
  const body = entries
    .map(([name, value]) => {
      const values = (Array.isArray(value) ? value : [value]).map((v) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(v)}</saml:AttributeValue>`).join("");
      return `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values}</saml:Attribute>`;
    })
    .join("");
  return `<saml:AttributeStatement>${body}</saml:AttributeStatement>`;
}

export async function startSamlIdp(): Promise<SamlIdpPeer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/saml/idp`;
  const ssoUrl = `${origin}/saml/sso`;
  const own = await makeKeys("Test SAML IdP");
  const other = await makeKeys("Somebody else's IdP");
  const idpOf = (keys: SamlKeys, metadataCert = own.certificatePem) =>
    samlify.IdentityProvider({
      entityID: entityId,
      signingCert: metadataCert,
      privateKey: keys.privateKeyPem,
      singleSignOnService: [{ Binding: REDIRECT, Location: ssoUrl }],
      nameIDFormat: [EMAIL_FORMAT],
      wantAuthnRequestsSigned: true,
      requestSignatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    } as any);
  const idp = idpOf(own);
  const metadataXml = idp.getMetadata();
  let browserSignIn: { spMetadataXml: string; user: SamlUser } | null = null;
  let respondTo: ((authorizeUrl: string, spMetadataXml: string, user: SamlUser) => Promise<SamlPostForm>) | null = null;
  server.on("request", async (req, res) => {
    if (req.url?.startsWith("/saml/sso?") && browserSignIn && respondTo) {
      const form = await respondTo(`${origin}${req.url}`, browserSignIn.spMetadataXml, browserSignIn.user);
      res.setHeader("content-type", "text/html");
      res.end(
        `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeXml(form.acsUrl)}">` +
          `<input type="hidden" name="SAMLResponse" value="${form.SAMLResponse}"><input type="hidden" name="RelayState" value="${escapeXml(form.RelayState)}">` +
          `<noscript><button>Continue</button></noscript></form></body></html>`,
      );
      return;
    }
    if (req.url === "/saml/metadata") {
      res.setHeader("content-type", "application/samlmetadata+xml");
      res.end(metadataXml);
      return;
    }
    res.statusCode = 404;
    res.end();
  });

  const spOf = (spMetadataXml: string, sign: NonNullable<RespondOptions["sign"]>) =>
    samlify.ServiceProvider({
      metadata: spMetadataXml.replace(/WantAssertionsSigned="[^"]*"/, `WantAssertionsSigned="${sign === "assertion" || sign === "both"}"`),
      wantMessageSigned: sign === "response" || sign === "both",
    } as any);

  async function build(spMetadataXml: string, user: SamlUser, requestId: string, options: RespondOptions): Promise<{ acsUrl: string; SAMLResponse: string }> {
    const sign = options.sign ?? "response";
    const sp = spOf(spMetadataXml, sign === "none" ? "assertion" : sign);
    const signer = options.key === "other" ? idpOf(other) : idp;
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000).toISOString();
    const acsUrl = /AssertionConsumerService[^>]*Location="([^"]+)"/.exec(spMetadataXml)![1]!;
    const spEntityId = /entityID="([^"]+)"/.exec(spMetadataXml)![1]!;
    const values: Record<string, string> = {
      ID: `_r${crypto.randomUUID().replace(/-/g, "")}`,
      AssertionID: `_a${crypto.randomUUID().replace(/-/g, "")}`,
      Destination: acsUrl,
      Audience: spEntityId,
      SubjectRecipient: acsUrl,
      Issuer: entityId,
      IssueInstant: now.toISOString(),
      StatusCode: "urn:oasis:names:tc:SAML:2.0:status:Success",
      ConditionsNotBefore: new Date(now.getTime() - 1000).toISOString(),
      ConditionsNotOnOrAfter: later,
      SubjectConfirmationDataNotOnOrAfter: later,
      NameIDFormat: EMAIL_FORMAT,
      NameID: escapeXml(user.nameId),
      InResponseTo: requestId,
      AuthnStatement: `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s${crypto.randomUUID().replace(/-/g, "")}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
      AttributeStatement: attributeStatement(user.attributes ?? {}),
      ...(options.overrides ?? {}),
    };
    // Plain values escaped, the statement fragments kept as XML (samlify's own replacer escapes everything).
    const fragments = new Set(["AuthnStatement", "AttributeStatement", "NameID"]);
    const replace = (template: string) => ({ id: values.ID!, context: template.replace(/\{(\w+)\}/g, (_, k: string) => (fragments.has(k) ? (values[k] ?? "") : escapeXml(values[k] ?? ""))) });
    let xml: string;
    if (sign === "none") {
      xml = replace(samlify.SamlLib.defaultLoginResponseTemplate.context).context;
    } else {
      const made = await signer.createLoginResponse(sp, { extract: { request: { id: requestId } } } as any, "post", { email: user.nameId }, replace as any);
      xml = Buffer.from(made.context, "base64").toString("utf8");
    }
    if (options.wrap) xml = wrapped(xml, options.wrap, options.wrapAs ?? "mallory@evil.example");
    return { acsUrl, SAMLResponse: Buffer.from(xml).toString("base64") };
  }

  const peer: SamlIdpPeer = {
    entityId,
    ssoUrl,
    metadataUrl: `${origin}/saml/metadata`,
    metadataXml,
    certificatePem: own.certificatePem,
    async respond(authorizeUrl, spMetadataXml, user, options = {}) {
      const url = new URL(authorizeUrl);
      if (`${url.origin}${url.pathname}` !== ssoUrl) throw new Error(`not this IdP's SSO URL: ${authorizeUrl}`);
      const query = Object.fromEntries(url.searchParams);
      // samlify checks the redirect binding's signature over the query string as sent.
      const octetString = url.search
        .slice(1)
        .split("&")
        .filter((p) => !p.startsWith("Signature="))
        .join("&");
      const parsed = await idp.parseLoginRequest(spOf(spMetadataXml, "response"), "redirect", { query, octetString } as any);
      const requestId = (parsed as any).extract.request.id as string;
      const request = inflateRawSync(Buffer.from(query.SAMLRequest!, "base64")).toString("utf8");
      if (!request.includes(`ID="${requestId}"`)) throw new Error("the AuthnRequest's ID was not read");
      const built = await build(spMetadataXml, user, requestId, options);
      return { ...built, RelayState: query.RelayState ?? "", requestId };
    },
    actAs(spMetadataXml, user) {
      browserSignIn = { spMetadataXml, user };
    },
    unsolicited: (spMetadataXml, user) => build(spMetadataXml, user, "", { overrides: { InResponseTo: "" } }).then((r) => ({ ...r, SAMLResponse: Buffer.from(Buffer.from(r.SAMLResponse, "base64").toString("utf8").replace(/ InResponseTo=""/g, "")).toString("base64") })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
  respondTo = (url, xml, user) => peer.respond(url, xml, user);
  return peer;
}

/**
 * XML signature wrapping: the validly signed original is hidden where a careless verifier
 * still finds its signature valid, while an evil assertion (or response) is what a
 * careless reader reads.
 */
function wrapped(xml: string, kind: NonNullable<RespondOptions["wrap"]>, evilSubject: string): string {
  if (kind === "assertion-in-extensions") {
    const start = xml.indexOf("<saml:Assertion");
    const end = xml.indexOf("</saml:Assertion>") + "</saml:Assertion>".length;
    const signed = xml.slice(start, end);
    const evil = signed
      .replace(/ID="[^"]+"/, 'ID="_evil"')
      .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, "")
      .replace(/(<saml:NameID[^>]*>)[^<]*(<\/saml:NameID>)/, `$1${evilSubject}$2`);
    // The signed assertion moves into the Response's Extensions; the evil one takes its place.
    return xml.slice(0, start).replace(/(<samlp:Status>)/, `<samlp:Extensions>${signed}</samlp:Extensions>$1`) + evil + xml.slice(end);
  }
  const open = xml.match(/^<samlp:Response[^>]*>/)![0];
  const evil = xml.replace(/(<saml:NameID[^>]*>)[^<]*(<\/saml:NameID>)/, `$1${evilSubject}$2`).replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, "");
  const evilBody = evil.slice(open.length, evil.length - "</samlp:Response>".length);
  // The signed Response moves inside the evil one's Extensions.
  return `${open.replace(/ID="[^"]+"/, 'ID="_evilresponse"')}<samlp:Extensions>${xml}</samlp:Extensions>${evilBody}</samlp:Response>`;
}
