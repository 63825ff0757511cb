/**
 * Identity-provider connections (spec 2.11, 4.4 idp-connections) and the organization's
 * federation policy (settings/federation): create, replace, deactivate, list, the plan
 * caps of §8 and the selection rule of /idp/{slug}/login.
 *
 * Rules (docs/federation.md):
 * - Scopes: org.idp_connection.read to list, .create, .update, .deactivate to change
 *   (the Owner and Admin hold them through org.*; an M2M token whose key holds them may
 *   too); the policy needs org.setting.update.
 * - Active connections are capped by the plan (ssoLimits): 403 UPGRADE_REQUIRED with
 *   feature sso_connections, limit and current. Inactive rows do not count.
 * - An e-mail domain routes to at most one active connection across all organizations
 *   (409 email_domain_in_use), and never a public mail provider's domain.
 * - The client secret is sealed (SecretBox, bound to the row) and never returned: views
 *   carry oidc_client_secret_set. Left out on PUT, the stored one is kept.
 * - Every change and its audit event are one transaction.
 */
import { and, asc, eq, ne } from "drizzle-orm";
import type { AppContext } from "../../context";
import { appendAudit } from "../../platform/audit/append";
import { auditEvent } from "../../platform/audit/catalog";
import { toIso } from "../../platform/clock";
import type { Queryable, Tx } from "../../platform/db/database";
import { newId } from "../../platform/ids";
import { assertCan, auditActorOf, type Caller, customRolesOf, isBuiltinRole, limitsOf, type Organization, type OrgCaller, requireRoomFor } from "../orgs/index";
import { federationErrors } from "./errors";
import { FEDERATION_EVENTS } from "./events";
import { ssoLimits } from "./limits";
import type { ConnectionInput, ConnectionView, PolicyView } from "./model";
import { defaultEmailClaims, discoveryUrlOfIssuer, isSamlType, namedType, PUBLIC_MAIL_DOMAINS } from "./providers";
import { normaliseCertificate, parseIdpMetadata, SamlMetadataError } from "./saml-metadata";
import { type AttributeMapping, federationPolicies, idpConnections } from "./schema";

export const FEDERATION_SCOPES = {
  read: "org.idp_connection.read",
  create: "org.idp_connection.create",
  update: "org.idp_connection.update",
  deactivate: "org.idp_connection.deactivate",
  policy: "org.setting.update",
} as const;

export type ConnectionRow = typeof idpConnections.$inferSelect;
type Deps = Pick<AppContext, "db" | "clock" | "config" | "secrets">;
export type FederationCaller = Caller<OrgCaller>;

export const secretContext = (connectionId: string) => `idp_connections:${connectionId}:oidc_client_secret`;

// ---------------------------------------------------------------------------
// Addresses Signet gives the IdP

function base(config: Pick<AppContext["config"], "baseUrl">): string {
  return config.baseUrl.replace(/\/+$/, "");
}
/** The OIDC redirect URI and the SAML ACS (HTTP-POST) of an organization: one callback. */
export const callbackUrl = (config: Pick<AppContext["config"], "baseUrl">, slug: string) => `${base(config)}/idp/${slug}/callback`;
/** Signet's SAML entity id for an organization: the URL of its SP metadata. */
export const spEntityId = (config: Pick<AppContext["config"], "baseUrl">, slug: string) => `${base(config)}/idp/${slug}/saml/metadata`;
export const loginUrl = (config: Pick<AppContext["config"], "baseUrl">, slug: string, connectionId: string) => `${base(config)}/idp/${slug}/login?connection=${encodeURIComponent(connectionId)}`;

// ---------------------------------------------------------------------------
// Reading

export async function connectionsOf(reader: Queryable, orgId: string): Promise<ConnectionRow[]> {
  return reader.select().from(idpConnections).where(eq(idpConnections.orgId, orgId)).orderBy(asc(idpConnections.createdAt), asc(idpConnections.id));
}

export async function policyOf(reader: Queryable, orgId: string): Promise<{ defaultConnectionId: string | null; jitMembership: boolean; updatedAt: number | null }> {
  const [row] = await reader.select().from(federationPolicies).where(eq(federationPolicies.orgId, orgId));
  return row ? { defaultConnectionId: row.defaultConnectionId, jitMembership: row.jitMembership, updatedAt: row.updatedAt } : { defaultConnectionId: null, jitMembership: true, updatedAt: null };
}

/**
 * The connection used when no e-mail domain matches: the policy's default when it is
 * active, else the only active connection without an e-mail domain.
 */
export function defaultConnectionOf(active: ConnectionRow[], policyDefault: string | null): ConnectionRow | null {
  const chosen = policyDefault ? active.find((c) => c.id === policyDefault) : undefined;
  if (chosen) return chosen;
  const open = active.filter((c) => c.emailDomain === null);
  return open.length === 1 ? open[0]! : null;
}

export function connectionView(config: Deps["config"], slug: string, row: ConnectionRow, isDefault: boolean): ConnectionView {
  const saml = isSamlType(row.type);
  return {
    id: row.id,
    type: row.type,
    display_name: row.displayName,
    email_domain: row.emailDomain,
    status: row.status,
    is_default: isDefault,
    default_role: row.defaultRole,
    attribute_mapping: row.attributeMapping,
    oidc_discovery_url: row.oidcDiscoveryUrl,
    oidc_issuer: row.oidcIssuer,
    oidc_authorization_endpoint: row.oidcAuthorizationEndpoint,
    oidc_token_endpoint: row.oidcTokenEndpoint,
    oidc_jwks_uri: row.oidcJwksUri,
    oidc_client_id: row.oidcClientId,
    oidc_client_secret_set: row.oidcClientSecretSealed !== null,
    saml_metadata_url: row.samlMetadataUrl,
    saml_metadata_xml_set: row.samlMetadataXml !== null,
    saml_sso_url: row.samlSsoUrl,
    saml_entity_id: row.samlEntityId,
    saml_certificate: row.samlCertificate,
    redirect_uri: callbackUrl(config, slug),
    login_url: loginUrl(config, slug, row.id),
    service_provider: saml ? { entity_id: spEntityId(config, slug), acs_url: callbackUrl(config, slug), metadata_url: spEntityId(config, slug) } : null,
    created_at: toIso(row.createdAt),
    updated_at: toIso(row.updatedAt),
    deactivated_at: row.deactivatedAt === null ? null : toIso(row.deactivatedAt),
  };
}

/** GET /idp-connections: the default connection, every connection, and the plan's cap. */
export async function listConnections(deps: Deps, caller: FederationCaller) {
  assertCan(caller.actor, FEDERATION_SCOPES.read);
  const [rows, policy] = await Promise.all([connectionsOf(deps.db.read, caller.org.id), policyOf(deps.db.read, caller.org.id)]);
  const active = rows.filter((r) => r.status === "active");
  const chosen = defaultConnectionOf(active, policy.defaultConnectionId);
  const views = rows.map((r) => connectionView(deps.config, caller.org.slug, r, r.id === chosen?.id));
  const limit = limitsOf(caller.org, ssoLimits).connections;
  return { connection: views.find((v) => v.is_default) ?? null, connections: views, limit: limit ?? -1, used: active.length };
}

// ---------------------------------------------------------------------------
// Checking what an organization sends

function invalid(field: string, message: string) {
  return federationErrors.error("invalidConnection", { field, message });
}

function checkUrl(config: Deps["config"], value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw invalid(field, "not a URL");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && config.federationAllowPrivateNetworks)) throw invalid(field, "must be an https URL");
  if (url.username || url.password) throw invalid(field, "must not carry a user name or password");
  url.hash = "";
  return url.href;
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function checkDomain(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value.trim() === "") return null;
  const domain = value.trim().toLowerCase().replace(/^@/, "").replace(/\.$/, "");
  if (!DOMAIN.test(domain)) throw invalid("email_domain", "a domain such as example.com");
  if (PUBLIC_MAIL_DOMAINS.has(domain)) throw federationErrors.error("publicEmailDomain", { field: "email_domain", message: `${domain} is a public mail provider's domain; route your organization's own domain` });
  return domain;
}

/** 400 invalid_role unless members may hold `role`: member, org_director, or a custom role of the organization. */
async function checkRole(reader: Queryable, orgId: string, role: string, field: string): Promise<void> {
  if (role === "member" || role === "org_director") return;
  if (isBuiltinRole(role)) throw federationErrors.error("invalidRole", { field, message: "owners and admins are made by hand in the dashboard, not by an identity provider" });
  const [custom] = await customRolesOf(reader, orgId, { ids: [role] });
  if (!custom) throw federationErrors.error("invalidRole", { field, message: "no role of this organization has that key or id" });
}

type ConnectionFields = Omit<ConnectionRow, "id" | "orgId" | "status" | "oidcClientSecretSealed" | "createdBy" | "createdAt" | "updatedAt" | "deactivatedAt">;

/**
 * The row's settings from a body, checked: one of the protocol's ways of being
 * configured, well-formed URLs (https unless the operator allows private networks), a
 * parsable certificate or metadata document, a role members may hold.
 */
export async function connectionFields(reader: Queryable, config: Deps["config"], orgId: string, body: ConnectionInput): Promise<ConnectionFields> {
  const named = namedType(body.type);
  const saml = isSamlType(body.type);
  const emailDomain = checkDomain(body.email_domain);
  const defaultRole = body.default_role ?? "member";
  await checkRole(reader, orgId, defaultRole, "default_role");
  const mapping: AttributeMapping = body.attribute_mapping ?? {};
  for (const [value, role] of Object.entries(mapping.role?.values ?? {})) await checkRole(reader, orgId, role, `attribute_mapping.role.values.${value}`);
  const displayName = (body.display_name ?? "").trim() || (named?.label ?? (saml ? "SAML" : "OpenID Connect"));
  const empty = {
    oidcDiscoveryUrl: null,
    oidcIssuer: null,
    oidcAuthorizationEndpoint: null,
    oidcTokenEndpoint: null,
    oidcJwksUri: null,
    oidcClientId: null,
    samlMetadataUrl: null,
    samlMetadataXml: null,
    samlSsoUrl: null,
    samlEntityId: null,
    samlCertificate: null,
  };
  const common = { type: body.type, displayName, emailDomain, defaultRole, attributeMapping: mapping };
  const given = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === "" ? null : v.trim());

  if (saml) {
    for (const field of ["oidc_discovery_url", "oidc_issuer", "oidc_authorization_endpoint", "oidc_token_endpoint", "oidc_jwks_uri", "oidc_client_id", "oidc_client_secret", "client_id", "client_secret"] as const) {
      if (given(body[field] as string | null | undefined)) throw invalid(field, "an OIDC field on a SAML connection");
    }
    const metadataUrl = given(body.saml_metadata_url);
    const metadataXml = given(body.saml_metadata_xml);
    if (metadataUrl) return { ...common, ...empty, samlMetadataUrl: checkUrl(config, metadataUrl, "saml_metadata_url") };
    if (metadataXml) {
      try {
        parseIdpMetadata(metadataXml);
      } catch (e) {
        if (e instanceof SamlMetadataError) throw invalid("saml_metadata_xml", e.message);
        throw e;
      }
      return { ...common, ...empty, samlMetadataXml: metadataXml };
    }
    const ssoUrl = given(body.saml_sso_url);
    const entityId = given(body.saml_entity_id);
    const certificate = given(body.saml_certificate);
    if (!ssoUrl && !entityId && !certificate) throw invalid("saml_metadata_url", "give saml_metadata_url, saml_metadata_xml, or saml_sso_url with saml_entity_id and saml_certificate");
    if (!ssoUrl) throw invalid("saml_sso_url", "required without metadata");
    if (!entityId) throw invalid("saml_entity_id", "required without metadata");
    if (!certificate) throw invalid("saml_certificate", "required without metadata");
    let pem: string;
    try {
      pem = normaliseCertificate(certificate);
    } catch (e) {
      throw invalid("saml_certificate", (e as Error).message);
    }
    return { ...common, ...empty, samlSsoUrl: checkUrl(config, ssoUrl, "saml_sso_url"), samlEntityId: entityId, samlCertificate: pem };
  }

  for (const field of ["saml_metadata_url", "saml_metadata_xml", "saml_sso_url", "saml_entity_id", "saml_certificate"] as const) {
    if (given(body[field])) throw invalid(field, "a SAML field on an OIDC connection");
  }
  const clientId = given(body.oidc_client_id ?? body.client_id);
  if (!clientId) throw invalid("oidc_client_id", "required: the client id the IdP gave Signet");
  const issuer = given(body.oidc_issuer);
  const discovery = given(body.oidc_discovery_url);
  const authorization = given(body.oidc_authorization_endpoint);
  const token = given(body.oidc_token_endpoint);
  const jwks = given(body.oidc_jwks_uri);
  const oidc = { ...empty, oidcClientId: clientId, oidcIssuer: issuer ? checkUrl(config, issuer, "oidc_issuer").replace(/\/$/, issuer.endsWith("/") ? "/" : "") : null };
  if (named?.domainClaim && !emailDomain) throw invalid("email_domain", `required for ${named.label}: only people of the organization's own domain may sign in`);
  if (discovery) return { ...common, ...oidc, oidcDiscoveryUrl: checkUrl(config, discovery, "oidc_discovery_url") };
  if (authorization || token || jwks) {
    if (!issuer) throw invalid("oidc_issuer", "required with the endpoints: the issuer the id_tokens name");
    if (!authorization) throw invalid("oidc_authorization_endpoint", "required without oidc_discovery_url");
    if (!token) throw invalid("oidc_token_endpoint", "required without oidc_discovery_url");
    if (!jwks) throw invalid("oidc_jwks_uri", "required without oidc_discovery_url: the id_token's signature is checked against it");
    return {
      ...common,
      ...oidc,
      oidcAuthorizationEndpoint: checkUrl(config, authorization, "oidc_authorization_endpoint"),
      oidcTokenEndpoint: checkUrl(config, token, "oidc_token_endpoint"),
      oidcJwksUri: checkUrl(config, jwks, "oidc_jwks_uri"),
    };
  }
  if (issuer) return { ...common, ...oidc, oidcDiscoveryUrl: discoveryUrlOfIssuer(oidc.oidcIssuer!) };
  if (named?.discoveryTemplate) {
    if (named.discoveryTemplate.includes("{domain}") && !emailDomain) throw invalid("email_domain", `required for ${named.label} without oidc_issuer or oidc_discovery_url: the tenant is found by its domain`);
    return { ...common, ...oidc, oidcDiscoveryUrl: named.discoveryTemplate.replace("{domain}", emailDomain ?? "") };
  }
  throw invalid("oidc_discovery_url", `give oidc_discovery_url or oidc_issuer${named?.issuerShape ? ` (${named.label}: ${named.issuerShape})` : ""}`);
}

/** The e-mail claims tried for an OIDC connection (attribute_mapping.email, else the type's). */
export function emailClaimsOf(row: Pick<ConnectionRow, "type" | "attributeMapping">): string[] {
  return row.attributeMapping.email ? [row.attributeMapping.email] : defaultEmailClaims(row.type);
}

// ---------------------------------------------------------------------------
// Changing

async function record(tx: Tx, caller: FederationCaller, event: { type: string; payload: Record<string, unknown> }, at: number): Promise<void> {
  await appendAudit(tx, { orgId: caller.org.id, ...event, actor: auditActorOf(caller.actor), requestId: caller.requestId, ip: caller.ip, userAgent: caller.userAgent, at });
}

/** 409 when another active connection (of any organization) routes the domain. */
async function assertDomainFree(tx: Tx, domain: string | null, exceptId: string | null): Promise<void> {
  if (!domain) return;
  await tx.lock(`idp-domain:${domain}`);
  const where = [eq(idpConnections.emailDomain, domain), eq(idpConnections.status, "active")];
  if (exceptId) where.push(ne(idpConnections.id, exceptId));
  const [taken] = await tx.select({ id: idpConnections.id }).from(idpConnections).where(and(...where));
  if (taken) throw federationErrors.error("emailDomainInUse", { field: "email_domain", message: `${domain} already routes to another active IdP connection` });
}

async function assertRoom(tx: Tx, org: Organization, exceptId: string | null): Promise<void> {
  const where = [eq(idpConnections.orgId, org.id), eq(idpConnections.status, "active")];
  if (exceptId) where.push(ne(idpConnections.id, exceptId));
  const active = await tx.select({ id: idpConnections.id }).from(idpConnections).where(and(...where));
  requireRoomFor("sso_connections", limitsOf(org, ssoLimits).connections, active.length);
}

async function viewAfter(deps: Deps, tx: Queryable, org: Organization, row: ConnectionRow): Promise<ConnectionView> {
  const active = (await connectionsOf(tx, org.id)).filter((r) => r.status === "active");
  const chosen = defaultConnectionOf(active, (await policyOf(tx, org.id)).defaultConnectionId);
  return connectionView(deps.config, org.slug, row, chosen?.id === row.id);
}

function secretOf(body: ConnectionInput): string | null {
  const value = body.oidc_client_secret ?? body.client_secret;
  return value === undefined || value === "" ? null : value;
}

/** POST /idp-connections: a new active connection (201). */
export async function createConnection(deps: Deps, caller: FederationCaller, body: ConnectionInput): Promise<ConnectionView> {
  assertCan(caller.actor, FEDERATION_SCOPES.create);
  if (body.id !== undefined) throw invalid("id", "POST creates a connection; replace one with PUT");
  const fields = await connectionFields(deps.db.read, deps.config, caller.org.id, body);
  const id = newId("idp");
  const secret = secretOf(body);
  const sealed = secret !== null && !isSamlType(body.type) ? await deps.secrets.seal(secret, secretContext(id)) : null;
  return deps.db.write(async (tx) => {
    await tx.lock(`idp-connections:${caller.org.id}`);
    await assertRoom(tx, caller.org, null);
    await assertDomainFree(tx, fields.emailDomain, null);
    const now = deps.clock.now();
    const [row] = await tx
      .insert(idpConnections)
      .values({ id, orgId: caller.org.id, status: "active", ...fields, oidcClientSecretSealed: sealed, createdBy: caller.actor.kind === "m2m" ? caller.actor.keyId : caller.actor.userId, createdAt: now, updatedAt: now, deactivatedAt: null })
      .returning();
    await record(tx, caller, auditEvent(FEDERATION_EVENTS.connectionCreated, { connectionId: id, type: fields.type, displayName: fields.displayName, emailDomain: fields.emailDomain, defaultRole: fields.defaultRole }), now);
    return viewAfter(deps, tx, caller.org, row!);
  });
}

const COMPARED: (keyof ConnectionFields)[] = [
  "type",
  "displayName",
  "emailDomain",
  "defaultRole",
  "attributeMapping",
  "oidcDiscoveryUrl",
  "oidcIssuer",
  "oidcAuthorizationEndpoint",
  "oidcTokenEndpoint",
  "oidcJwksUri",
  "oidcClientId",
  "samlMetadataUrl",
  "samlMetadataXml",
  "samlSsoUrl",
  "samlEntityId",
  "samlCertificate",
];

/**
 * PUT /idp-connections: replaces the connection `id` names with the body (a field left
 * out takes its default; a left-out client secret keeps the stored one while the
 * connection stays OIDC). An inactive connection becomes active again, within the cap.
 */
export async function replaceConnection(deps: Deps, caller: FederationCaller, body: ConnectionInput): Promise<ConnectionView> {
  assertCan(caller.actor, FEDERATION_SCOPES.update);
  if (!body.id) throw invalid("id", "required: the connection to replace");
  const [existing] = await deps.db.read.select().from(idpConnections).where(and(eq(idpConnections.id, body.id), eq(idpConnections.orgId, caller.org.id)));
  if (!existing) throw federationErrors.error("connectionNotFound");
  const fields = await connectionFields(deps.db.read, deps.config, caller.org.id, body);
  const secret = secretOf(body);
  const saml = isSamlType(fields.type);
  const sealed = saml ? null : secret !== null ? await deps.secrets.seal(secret, secretContext(existing.id)) : existing.oidcClientSecretSealed;
  return deps.db.write(async (tx) => {
    await tx.lock(`idp-connections:${caller.org.id}`);
    const [current] = await tx.select().from(idpConnections).where(eq(idpConnections.id, existing.id));
    if (!current) throw federationErrors.error("connectionNotFound");
    if (current.status !== "active") await assertRoom(tx, caller.org, current.id);
    await assertDomainFree(tx, fields.emailDomain, current.id);
    const now = deps.clock.now();
    const [row] = await tx
      .update(idpConnections)
      .set({ ...fields, oidcClientSecretSealed: sealed, status: "active", deactivatedAt: null, updatedAt: now })
      .where(eq(idpConnections.id, current.id))
      .returning();
    const changed = COMPARED.filter((k) => JSON.stringify(current[k]) !== JSON.stringify(fields[k]));
    if (current.status !== "active") changed.push("status" as keyof ConnectionFields);
    await record(
      tx,
      caller,
      auditEvent(FEDERATION_EVENTS.connectionUpdated, { connectionId: current.id, type: fields.type, fields: changed as string[], clientSecretChanged: sealed !== current.oidcClientSecretSealed }),
      now,
    );
    return viewAfter(deps, tx, caller.org, row!);
  });
}

/**
 * POST /idp-connections/{id}/deactivate, or /deactivate for the default connection:
 * the connection stops signing people in; its row stays. Deactivating an inactive one
 * changes nothing.
 */
export async function deactivateConnection(deps: Deps, caller: FederationCaller, connectionId: string | null): Promise<ConnectionView> {
  assertCan(caller.actor, FEDERATION_SCOPES.deactivate);
  return deps.db.write(async (tx) => {
    await tx.lock(`idp-connections:${caller.org.id}`);
    let row: ConnectionRow | undefined;
    if (connectionId === null) {
      const active = (await connectionsOf(tx, caller.org.id)).filter((r) => r.status === "active");
      row = defaultConnectionOf(active, (await policyOf(tx, caller.org.id)).defaultConnectionId) ?? undefined;
      if (!row) throw federationErrors.error("idpNotConfigured", { message: "the organization has no default connection; deactivate one by its id" });
    } else {
      [row] = await tx.select().from(idpConnections).where(and(eq(idpConnections.id, connectionId), eq(idpConnections.orgId, caller.org.id)));
      if (!row) throw federationErrors.error("connectionNotFound");
    }
    if (row.status === "inactive") return connectionView(deps.config, caller.org.slug, row, false);
    const now = deps.clock.now();
    const [updated] = await tx.update(idpConnections).set({ status: "inactive", deactivatedAt: now, updatedAt: now }).where(eq(idpConnections.id, row.id)).returning();
    await record(tx, caller, auditEvent(FEDERATION_EVENTS.connectionDeactivated, { connectionId: row.id, displayName: row.displayName }), now);
    return connectionView(deps.config, caller.org.slug, updated!, false);
  });
}

// ---------------------------------------------------------------------------
// settings/federation

function policyView(policy: Awaited<ReturnType<typeof policyOf>>): PolicyView {
  return { default_connection_id: policy.defaultConnectionId, jit_membership: policy.jitMembership, updated_at: policy.updatedAt === null ? null : toIso(policy.updatedAt) };
}

/** POST settings/federation: sets the fields given (the others keep their value). */
export async function setPolicy(deps: Deps, caller: FederationCaller, body: { default_connection_id?: string | null; jit_membership?: boolean }): Promise<PolicyView> {
  assertCan(caller.actor, FEDERATION_SCOPES.policy);
  return deps.db.write(async (tx) => {
    await tx.lock(`idp-connections:${caller.org.id}`);
    const current = await policyOf(tx, caller.org.id);
    const defaultConnectionId = body.default_connection_id === undefined ? current.defaultConnectionId : body.default_connection_id;
    if (defaultConnectionId !== null && body.default_connection_id !== undefined) {
      const [row] = await tx
        .select({ id: idpConnections.id })
        .from(idpConnections)
        .where(and(eq(idpConnections.id, defaultConnectionId), eq(idpConnections.orgId, caller.org.id), eq(idpConnections.status, "active")));
      if (!row) throw federationErrors.error("defaultConnectionInvalid", { field: "default_connection_id", message: "no active connection of this organization has that id" });
    }
    const jitMembership = body.jit_membership ?? current.jitMembership;
    const now = deps.clock.now();
    const by = caller.actor.kind === "m2m" ? caller.actor.keyId : caller.actor.userId;
    await tx
      .insert(federationPolicies)
      .values({ orgId: caller.org.id, defaultConnectionId, jitMembership, updatedBy: by, updatedAt: now })
      .onConflictDoUpdate({ target: federationPolicies.orgId, set: { defaultConnectionId, jitMembership, updatedBy: by, updatedAt: now } });
    await record(tx, caller, auditEvent(FEDERATION_EVENTS.policyUpdated, { defaultConnectionId, jitMembership }), now);
    return policyView({ defaultConnectionId, jitMembership, updatedAt: now });
  });
}

/** DELETE settings/federation: the policy returns to its defaults (no default connection, sign-ins may add members). */
export async function resetPolicy(deps: Deps, caller: FederationCaller): Promise<PolicyView> {
  assertCan(caller.actor, FEDERATION_SCOPES.policy);
  return deps.db.write(async (tx) => {
    const removed = await tx.delete(federationPolicies).where(eq(federationPolicies.orgId, caller.org.id)).returning({ orgId: federationPolicies.orgId });
    if (removed.length > 0) await record(tx, caller, auditEvent(FEDERATION_EVENTS.policyReset, {}), deps.clock.now());
    return policyView({ defaultConnectionId: null, jitMembership: true, updatedAt: null });
  });
}

export async function readPolicy(deps: Deps, caller: FederationCaller): Promise<PolicyView> {
  assertCan(caller.actor, FEDERATION_SCOPES.read);
  return policyView(await policyOf(deps.db.read, caller.org.id));
}

// ---------------------------------------------------------------------------
// Choosing the connection of a sign-in (spec 4.4 /idp/{slug}/login)

export interface Selection {
  connectionId?: string;
  email?: string;
  domain?: string;
}

/**
 * An explicit connection; else the one whose e-mail domain matches; else the default;
 * else the only active one; else 400 idp_ambiguous; 404 idp_not_configured when the
 * organization has no active connection.
 */
export async function selectConnection(reader: Queryable, orgId: string, selection: Selection): Promise<ConnectionRow> {
  const active = (await connectionsOf(reader, orgId)).filter((r) => r.status === "active");
  if (active.length === 0) throw federationErrors.error("idpNotConfigured");
  if (selection.connectionId) {
    const chosen = active.find((c) => c.id === selection.connectionId);
    if (!chosen) throw federationErrors.error("connectionNotFound", { message: "no active connection of this organization has that id" });
    return chosen;
  }
  const fromEmail = selection.email?.includes("@") ? selection.email.slice(selection.email.lastIndexOf("@") + 1) : undefined;
  const domain = (selection.domain ?? fromEmail)?.trim().toLowerCase().replace(/\.$/, "");
  if (domain) {
    const match = active.find((c) => c.emailDomain === domain);
    if (match) return match;
  }
  const fallback = defaultConnectionOf(active, (await policyOf(reader, orgId)).defaultConnectionId);
  if (fallback) return fallback;
  if (active.length === 1) return active[0]!;
  throw federationErrors.error("idpAmbiguous");
}

/** An organization's connection by id, active or not (callbacks of a flow it started). */
export async function connectionById(reader: Queryable, orgId: string, id: string): Promise<ConnectionRow | null> {
  const [row] = await reader.select().from(idpConnections).where(and(eq(idpConnections.id, id), eq(idpConnections.orgId, orgId)));
  return row ?? null;
}

