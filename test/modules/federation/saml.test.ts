/**
 * Dashboard sign-in through a SAML identity provider against a real one (samlify in IdP
 * mode, signing with its own key): SP metadata, the signed AuthnRequest, the happy path
 * with the Response or the Assertion signed, and the negative corpus.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inflateRawSync } from "node:zlib";
import { BENCH_TIMEOUT_MS, cookieFrom, createFedBench, type FedBench, sessionOf } from "./support";

let b: FedBench;

beforeAll(async () => {
  b = await createFedBench();
  await b.samlConnection({ email_domain: "acme.example", attribute_mapping: { display_name: "displayName", role: { attribute: "memberOf", values: { "board-directors": "org_director" } } } });
}, BENCH_TIMEOUT_MS);
afterAll(() => b.close());

const ALICE = { nameId: "alice@acme.example", attributes: { displayName: "Alice Acme", memberOf: ["staff"] } };

describe("SP metadata and the AuthnRequest", () => {
  test("the SP metadata names the entity id, the ACS and a signing certificate", async () => {
    const r = await b.t.request("GET", "/idp/acme/saml/metadata");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("application/samlmetadata+xml");
    expect(r.text).toContain('entityID="http://localhost:8080/idp/acme/saml/metadata"');
    expect(r.text).toContain('Location="http://localhost:8080/idp/acme/callback"');
    expect(r.text).toMatch(/<ds:X509Certificate>[A-Za-z0-9+/=]{500,}<\/ds:X509Certificate>/);
    // The same key each time: made once, kept sealed.
    expect((await b.t.request("GET", "/idp/acme/saml/metadata")).text).toBe(r.text);
    expect((await b.t.request("GET", "/idp/no-such-org/saml/metadata")).status).toBe(404);
  });

  test("login redirects to the IdP with a signed AuthnRequest naming the ACS", async () => {
    const { response, location } = await b.login();
    expect(response.status).toBe(302);
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(b.saml.ssoUrl);
    expect(url.searchParams.get("SigAlg")).toBe("http://www.w3.org/2001/04/xmldsig-more#rsa-sha256");
    expect(url.searchParams.get("Signature")).toBeTruthy();
    expect(url.searchParams.get("RelayState")!.length).toBeGreaterThanOrEqual(43);
    const request = inflateRawSync(Buffer.from(url.searchParams.get("SAMLRequest")!, "base64")).toString();
    expect(request).toContain('AssertionConsumerServiceURL="http://localhost:8080/idp/acme/callback"');
    expect(request).toContain("<saml:Issuer xmlns:saml=\"urn:oasis:names:tc:SAML:2.0:assertion\">http://localhost:8080/idp/acme/saml/metadata</saml:Issuer>");
  });
});

describe("the happy path", () => {
  test("a signed Response signs in: account, membership (display name from the attribute), session, redirect", async () => {
    const r = await b.signInSaml(ALICE, { sign: "response" });
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe("http://localhost:8080/");
    expect(await sessionOf(b.t, r)).toMatchObject({ email: "alice@acme.example" });
    const members = await b.t.request("GET", "/api/org/acme/members", { token: b.org.owner.token });
    const alice = (members.body as any[]).find((m) => m.email === "alice@acme.example");
    expect(alice).toMatchObject({ role: "member", badge: { membershipType: "sso" } });
  });

  test("a signed Assertion in an unsigned Response signs in too", async () => {
    expect((await b.signInSaml(ALICE, { sign: "assertion" })).status).toBe(303);
  });

  test("both signed", async () => {
    expect((await b.signInSaml(ALICE, { sign: "both" })).status).toBe(303);
  });

  test("the role mapping applies from the attribute", async () => {
    const r = await b.signInSaml({ nameId: "dora@acme.example", attributes: { memberOf: ["staff", "board-directors"] } });
    expect(r.status).toBe(303);
    const members = await b.t.request("GET", "/api/org/acme/members", { token: b.org.owner.token });
    expect((members.body as any[]).find((m) => m.email === "dora@acme.example")).toMatchObject({ role: "org_director" });
  });
});

describe("the negative corpus", () => {
  const refused = (name: string, options: Parameters<FedBench["signInSaml"]>[1], code = "invalid_saml_response", status = 401) =>
    test(`${name}: ${status} ${code}, no session`, async () => {
      const r = await b.signInSaml(ALICE, options);
      expect(r.body.error).toBe(code);
      expect(r.status).toBe(status);
      expect(cookieFrom(r, "signet_session")).toBeNull();
    });
  refused("an unsigned response", { sign: "none" });
  refused("a response signed by another key (wrong certificate)", { key: "other" });
  refused("an assertion signed by another key", { key: "other", sign: "assertion" });
  refused("XML signature wrapping: the signed assertion hidden in Extensions, an evil one in its place", { sign: "assertion", wrap: "assertion-in-extensions" });
  refused("XML signature wrapping: the signed Response hidden inside an evil one", { sign: "response", wrap: "response-in-extensions" });
  refused("an expired assertion (Conditions NotOnOrAfter passed)", {
    overrides: { ConditionsNotOnOrAfter: new Date(Date.now() - 5 * 60_000).toISOString(), ConditionsNotBefore: new Date(Date.now() - 10 * 60_000).toISOString() },
  });
  refused("an expired subject confirmation", { overrides: { SubjectConfirmationDataNotOnOrAfter: new Date(Date.now() - 5 * 60_000).toISOString() } });
  refused("an assertion not valid yet", { overrides: { ConditionsNotBefore: new Date(Date.now() + 10 * 60_000).toISOString() } });
  refused("another audience", { overrides: { Audience: "https://other-sp.example/metadata" } });
  refused("another recipient", { overrides: { SubjectRecipient: "https://other-sp.example/acs" } });
  refused("another destination", { overrides: { Destination: "https://other-sp.example/acs" } });
  refused("another issuer", { overrides: { Issuer: "https://evil-idp.example" } });
  refused("an answer to another request (InResponseTo)", { overrides: { InResponseTo: "_someotherrequest" } });

  test("a replayed response: the same POST again is 400 state_used", async () => {
    const { location, cookie } = await b.login();
    const form = await b.saml.respond(location, await b.spMetadata(), ALICE);
    expect((await b.acs(form, cookie)).status).toBe(303);
    const again = await b.acs(form, cookie);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("state_used");
  });

  test("a replayed response on a fresh sign-in: InResponseTo names the finished request, 401", async () => {
    const first = await b.login();
    const form = await b.saml.respond(first.location, await b.spMetadata(), ALICE);
    expect((await b.acs(form, first.cookie)).status).toBe(303);
    const second = await b.login();
    const r = await b.acs({ SAMLResponse: form.SAMLResponse, RelayState: new URL(second.location).searchParams.get("RelayState")! }, second.cookie);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("invalid_saml_response");
  });

  test("an IdP-initiated (unsolicited) response is 400 unsolicited_saml_response", async () => {
    const form = await b.saml.unsolicited(await b.spMetadata(), ALICE);
    const r = await b.acs({ SAMLResponse: form.SAMLResponse }, "");
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("unsolicited_saml_response");
  });

  test("the ACS in another browser (no flow cookie) is 400 invalid_state", async () => {
    const { location } = await b.login();
    const form = await b.saml.respond(location, await b.spMetadata(), ALICE);
    expect((await b.acs(form, "")).body.error).toBe("invalid_state");
  });

  test("no SAMLResponse, or one that is not XML", async () => {
    const { cookie, location } = await b.login();
    const relay = new URL(location).searchParams.get("RelayState")!;
    expect((await b.acs({ SAMLResponse: "", RelayState: relay }, cookie)).body.error).toBe("invalid_saml_response");
    const second = await b.login();
    const r = await b.acs({ SAMLResponse: Buffer.from("<not xml").toString("base64"), RelayState: new URL(second.location).searchParams.get("RelayState")! }, second.cookie);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("invalid_saml_response");
  });

  test("a DOCTYPE (entity expansion) is refused before anything is read", async () => {
    const { cookie, location } = await b.login();
    const evil = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol">&b;</samlp:Response>';
    const r = await b.acs({ SAMLResponse: Buffer.from(evil).toString("base64"), RelayState: new URL(location).searchParams.get("RelayState")! }, cookie);
    expect(r.status).toBe(401);
    expect(r.body.message).toContain("DOCTYPE");
  });
});
