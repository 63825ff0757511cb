/**
 * POST settings/federation/test: tries a connection (stored, or a body not saved yet) the
 * way a sign-in would reach the IdP, and says what is wrong in plain words. OIDC: the
 * discovery document (fetched, JSON, naming the configured issuer, with the endpoints a
 * sign-in needs) and the JWKS (fetched, holding signing keys). SAML: the metadata
 * (fetched or given, an IdP's, with an HTTP-Redirect SSO URL and a signing certificate)
 * and each certificate's validity on the application's clock. Every request goes through
 * the guarded outbound fetch, so a loopback or private address is reported as such.
 */
import { X509Certificate } from "node:crypto";
import type { AppContext } from "../../context";
import { ApiError } from "../../platform/http/errors";
import { OutboundRefusedError, type GuardedFetch } from "../../platform/outbound/http";
import { assertCan } from "../orgs/index";
import { connectionById, connectionFields, type ConnectionRow, FEDERATION_SCOPES, type FederationCaller } from "./connections";
import { federationErrors } from "./errors";
import type { ConnectionInput, TestResult } from "./model";
import { fetchDiscovery, OidcSetupError } from "./oidc";
import { isSamlType } from "./providers";
import { fetchIdpMetadata } from "./saml";
import { type IdpSamlSettings, parseIdpMetadata, SamlMetadataError } from "./saml-metadata";

type Deps = Pick<AppContext, "db" | "clock" | "config">;
type Check = TestResult["checks"][number];

export async function testConnection(deps: Deps, fetcher: GuardedFetch, caller: FederationCaller, body: { connection_id?: string; connection?: ConnectionInput }): Promise<TestResult> {
  assertCan(caller.actor, FEDERATION_SCOPES.read);
  let fields: Pick<ConnectionRow, "type" | "oidcDiscoveryUrl" | "oidcIssuer" | "oidcJwksUri" | "samlMetadataUrl" | "samlMetadataXml" | "samlSsoUrl" | "samlEntityId" | "samlCertificate">;
  if (body.connection_id) {
    const row = await connectionById(deps.db.read, caller.org.id, body.connection_id);
    if (!row) throw federationErrors.error("connectionNotFound");
    fields = row;
  } else if (body.connection) {
    fields = await connectionFields(deps.db.read, deps.config, caller.org.id, body.connection);
  } else {
    throw federationErrors.error("invalidConnection", { field: "connection_id", message: "give connection_id or connection" });
  }
  const checks: Check[] = [];
  if (isSamlType(fields.type)) await testSaml(deps, fetcher, fields, checks);
  else await testOidc(fetcher, fields, checks);
  const problems = checks.filter((c) => !c.ok).map((c) => c.detail);
  return { ok: problems.length === 0, protocol: isSamlType(fields.type) ? "saml" : "oidc", checks, problems };
}

async function testOidc(fetcher: GuardedFetch, fields: Pick<ConnectionRow, "oidcDiscoveryUrl" | "oidcIssuer" | "oidcJwksUri">, checks: Check[]): Promise<void> {
  let jwksUri = fields.oidcJwksUri;
  if (fields.oidcDiscoveryUrl) {
    try {
      const metadata = await fetchDiscovery(fetcher, fields.oidcDiscoveryUrl, fields.oidcIssuer);
      checks.push({ name: "discovery", ok: true, detail: `${fields.oidcDiscoveryUrl} describes the issuer ${metadata.issuer}` });
      jwksUri = metadata.jwks_uri!;
    } catch (e) {
      if (!(e instanceof OidcSetupError)) throw e;
      checks.push({ name: "discovery", ok: false, detail: e.message });
      return;
    }
  }
  if (!jwksUri) return;
  try {
    const response = await fetcher(jwksUri, { headers: { accept: "application/json" } });
    if (response.status !== 200) throw new OidcSetupError(`the JWKS (${jwksUri}) answered ${response.status}`);
    const jwks = (await response.json().catch(() => null)) as { keys?: unknown } | null;
    const keys = Array.isArray(jwks?.keys) ? (jwks!.keys as Array<{ use?: string; kty?: string }>).filter((k) => k && typeof k.kty === "string" && (k.use ?? "sig") === "sig") : [];
    if (keys.length === 0) throw new OidcSetupError(`the JWKS (${jwksUri}) holds no signing key`);
    checks.push({ name: "jwks", ok: true, detail: `the JWKS holds ${keys.length} signing key${keys.length === 1 ? "" : "s"}` });
  } catch (e) {
    if (e instanceof OidcSetupError) checks.push({ name: "jwks", ok: false, detail: e.message });
    else if (e instanceof OutboundRefusedError) checks.push({ name: "jwks", ok: false, detail: `the JWKS was not fetched: ${e.message}` });
    else throw e;
  }
}

async function testSaml(deps: Deps, fetcher: GuardedFetch, fields: Pick<ConnectionRow, "samlMetadataUrl" | "samlMetadataXml" | "samlSsoUrl" | "samlEntityId" | "samlCertificate">, checks: Check[]): Promise<void> {
  let settings: IdpSamlSettings;
  try {
    if (fields.samlMetadataUrl) settings = await fetchIdpMetadata(fetcher, fields.samlMetadataUrl);
    else if (fields.samlMetadataXml) settings = parseIdpMetadata(fields.samlMetadataXml);
    else settings = { entityId: fields.samlEntityId!, ssoUrl: fields.samlSsoUrl!, certificates: [fields.samlCertificate!] };
    checks.push({ name: "metadata", ok: true, detail: `the IdP ${settings.entityId} signs in at ${settings.ssoUrl}` });
  } catch (e) {
    if (e instanceof SamlMetadataError) {
      checks.push({ name: "metadata", ok: false, detail: e.message });
      return;
    }
    if (e instanceof ApiError) throw e;
    throw e;
  }
  const now = deps.clock.now();
  for (const [index, pem] of settings.certificates.entries()) {
    const cert = new X509Certificate(pem);
    const from = Date.parse(cert.validFrom);
    const to = Date.parse(cert.validTo);
    const name = `certificate ${index + 1}`;
    if (now > to) checks.push({ name, ok: false, detail: `the IdP's signing certificate ${cert.subject.replace(/\n/g, ", ")} expired on ${new Date(to).toISOString()}` });
    else if (now < from) checks.push({ name, ok: false, detail: `the IdP's signing certificate is not valid before ${new Date(from).toISOString()}` });
    else checks.push({ name, ok: true, detail: `valid until ${new Date(to).toISOString()}` });
  }
}
