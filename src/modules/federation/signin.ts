/**
 * Dashboard sign-in through an organization's identity provider (spec 4.4 /idp/{slug}/…):
 * start (choose the connection, remember the flow, send the browser to the IdP), finish
 * (claim the flow, verify what the IdP sent, admit the person), all rules here.
 *
 * Admitting (docs/federation.md "Just-in-time membership"), in one transaction with
 * org.idp.sign_in:
 * 1. The address is the mapped claim or attribute; with the connection's email_domain,
 *    any other domain is refused (403 email_domain_mismatch, org.idp.sign_in_refused).
 * 2. The account: the one this IdP identity (connection + subject) is linked to; else
 *    the account of the address, linked now when it is already a member, or when the
 *    address is in the connection's email domain; else a new account. An account of
 *    someone who is not a member, reached through a connection without a domain, is not
 *    taken over: 409 idp_account_exists.
 * 3. The membership: kept when there is one; else created (membership type sso, the
 *    mapped role or the connection's default role, org.member.added) unless the
 *    federation policy admits existing members only (403 idp_membership_required).
 * 4. The role mapping applies at every sign-in (not to the owner or admins); the badge's
 *    display name follows the IdP's.
 * The route then opens the dashboard session exactly as a magic link does.
 */
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { appendAudit } from "../../platform/audit/append";
import { auditEvent } from "../../platform/audit/catalog";
import { ApiError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { GuardedFetch } from "../../platform/outbound/http";
import { normaliseEmail, safeReturnUrl, userByEmail, userById } from "../identity/index";
import { type EventOrigin, type Organization, provisionableMembers, provisionMember, renameMemberBadge, setMemberRole } from "../orgs/index";
import { callbackUrl, connectionById, type ConnectionRow, emailClaimsOf, policyOf, secretContext, selectConnection, type Selection, spEntityId } from "./connections";
import { federationErrors } from "./errors";
import { FEDERATION_EVENTS } from "./events";
import { claimFlow, startFlow } from "./flows";
import { authorizationRequest, configurationOf, finishAuthorization, serverMetadataOf } from "./oidc";
import { namedType } from "./providers";
import { idpSettingsOf, responseInResponseTo, samlAuthorizationRequest, type ServiceProvider, verifySamlResponse } from "./saml";
import { idpIdentities } from "./schema";
import { spKeyOf } from "./sp-keys";

type Deps = Pick<AppContext, "db" | "clock" | "config" | "secrets">;

export interface RequestMeta {
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
}

async function serviceProviderOf(deps: Deps, org: Pick<Organization, "id" | "slug">): Promise<ServiceProvider> {
  return { entityId: spEntityId(deps.config, org.slug), acsUrl: callbackUrl(deps.config, org.slug), key: await spKeyOf(deps, org) };
}

async function clientSecretOf(deps: Deps, row: ConnectionRow): Promise<string | null> {
  return row.oidcClientSecretSealed ? deps.secrets.open(row.oidcClientSecretSealed, secretContext(row.id)) : null;
}

/** GET /idp/{slug}/login-hint: the name and type of the connection an address (or none) would use. */
export async function loginHint(deps: Deps, org: Organization | null, selection: Selection): Promise<{ name: string; type: string }> {
  if (!org) throw federationErrors.error("idpNotConfigured");
  const row = await selectConnection(deps.db.read, org.id, selection);
  return { name: row.displayName, type: row.type };
}

/** GET /idp/{slug}/login: where to send the browser, and the secret of its flow cookie. */
export async function startSignIn(
  deps: Deps,
  fetcher: GuardedFetch,
  org: Organization | null,
  selection: Selection & { returnUrl?: string },
): Promise<{ location: string; browserSecret: string }> {
  if (!org) throw federationErrors.error("idpNotConfigured");
  const row = await selectConnection(deps.db.read, org.id, selection);
  const returnUrl = safeReturnUrl(deps.config, selection.returnUrl);
  if (row.type === "custom-saml") {
    const idp = await idpSettingsOf(fetcher, row, deps.clock.now());
    const relayState = crypto.getRandomValues(new Uint8Array(32));
    const state = Buffer.from(relayState).toString("base64url");
    const { url, requestId } = await samlAuthorizationRequest(idp, await serviceProviderOf(deps, org), state);
    const { browserSecret } = await startFlow(deps, { orgId: org.id, connectionId: row.id, protocol: "saml", samlRequestId: requestId, returnUrl }, state);
    return { location: url, browserSecret };
  }
  const metadata = await serverMetadataOf(fetcher, row, deps.clock.now());
  const config = configurationOf(deps, fetcher, metadata, row, await clientSecretOf(deps, row));
  const state = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const request = await authorizationRequest(config, callbackUrl(deps.config, org.slug), state);
  const { browserSecret } = await startFlow(deps, { orgId: org.id, connectionId: row.id, protocol: "oidc", codeVerifier: request.codeVerifier, nonce: request.nonce, returnUrl }, state);
  return { location: request.url, browserSecret };
}

export interface SignedInPerson {
  userId: string;
  email: string;
  returnUrl: string | null;
}

/** GET /idp/{slug}/callback: the OIDC code comes back. */
export async function finishOidcSignIn(
  deps: Deps,
  fetcher: GuardedFetch,
  org: Organization | null,
  query: Record<string, string | undefined>,
  browserSecret: string | undefined,
  meta: RequestMeta,
): Promise<SignedInPerson> {
  if (!org) throw federationErrors.error("invalidState");
  const flow = await claimFlow(deps, org.id, query.state, browserSecret);
  if (flow.protocol !== "oidc") throw federationErrors.error("invalidState", { message: "this sign-in expects a SAML response" });
  const row = await connectionById(deps.db.read, org.id, flow.connectionId);
  if (!row || row.status !== "active") throw federationErrors.error("idpNotConfigured", { message: "the connection was deactivated during the sign-in" });
  const metadata = await serverMetadataOf(fetcher, row, deps.clock.now());
  const config = configurationOf(deps, fetcher, metadata, row, await clientSecretOf(deps, row));
  const callback = new URL(callbackUrl(deps.config, org.slug));
  for (const [name, value] of Object.entries(query)) if (value !== undefined) callback.searchParams.set(name, value);
  const claims = await finishAuthorization(config, callback, { state: query.state!, codeVerifier: flow.codeVerifier!, nonce: flow.nonce! });
  const named = namedType(row.type);
  if (named?.domainClaim && claims[named.domainClaim] !== row.emailDomain) {
    await recordRefusal(deps, org, row, "oidc", "hosted_domain", null, meta);
    throw federationErrors.error("emailDomainMismatch", { message: `the account is not of the ${row.emailDomain} ${named.label} domain` });
  }
  const email = emailClaimsOf(row).map((claim) => claims[claim]).find((v): v is string => typeof v === "string" && v.includes("@")) ?? null;
  if (email !== null && claims.email_verified === false && emailClaimsOf(row)[0] === "email" && claims.email === email) {
    throw federationErrors.error("emailMissing", { message: "the identity provider says the address is not verified" });
  }
  const displayName = valueOf(claims, row.attributeMapping.display_name ?? "name");
  const person = await admit(deps, org, row, "oidc", { subject: String(claims.sub), email, displayName, attributes: claims }, meta);
  return { ...person, returnUrl: flow.returnUrl };
}

/** POST /idp/{slug}/callback: the SAML response comes back (HTTP-POST binding). */
export async function finishSamlSignIn(
  deps: Deps,
  fetcher: GuardedFetch,
  org: Organization | null,
  body: { SAMLResponse?: string; RelayState?: string },
  browserSecret: string | undefined,
  meta: RequestMeta,
): Promise<SignedInPerson> {
  if (!body.SAMLResponse) throw federationErrors.error("invalidSamlResponse", { message: "the POST carries no SAMLResponse" });
  if (!body.RelayState && responseInResponseTo(body.SAMLResponse) === null) throw federationErrors.error("unsolicitedResponse");
  if (!org) throw federationErrors.error("invalidState");
  const flow = await claimFlow(deps, org.id, body.RelayState, browserSecret);
  if (flow.protocol !== "saml") throw federationErrors.error("invalidState", { message: "this sign-in expects an OIDC code" });
  const row = await connectionById(deps.db.read, org.id, flow.connectionId);
  if (!row || row.status !== "active") throw federationErrors.error("idpNotConfigured", { message: "the connection was deactivated during the sign-in" });
  const idp = await idpSettingsOf(fetcher, row, deps.clock.now());
  const identity = await verifySamlResponse(idp, await serviceProviderOf(deps, org), body.SAMLResponse, { requestId: flow.samlRequestId!, now: deps.clock.now() });
  const attributes: Record<string, unknown> = { ...identity.attributes, NameID: identity.nameId };
  const email = samlEmail(row, identity);
  const displayName = row.attributeMapping.display_name ? valueOf(attributes, row.attributeMapping.display_name) : firstValue(attributes, SAML_NAME_ATTRIBUTES);
  const person = await admit(deps, org, row, "saml", { subject: identity.nameId, email, displayName, attributes }, meta);
  return { ...person, returnUrl: flow.returnUrl };
}

const SAML_EMAIL_ATTRIBUTES = ["email", "mail", "emailAddress", "urn:oid:0.9.2342.19200300.100.1.3", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress"];
const SAML_NAME_ATTRIBUTES = ["displayName", "name", "urn:oid:2.16.840.1.113730.3.1.241", "http://schemas.microsoft.com/identity/claims/displayname", "cn"];
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

function samlEmail(row: ConnectionRow, identity: { nameId: string; nameIdFormat: string | null; attributes: Record<string, unknown> }): string | null {
  if (row.attributeMapping.email) return row.attributeMapping.email === "NameID" ? identity.nameId : valueOf(identity.attributes, row.attributeMapping.email);
  const fromAttribute = firstValue(identity.attributes, SAML_EMAIL_ATTRIBUTES);
  if (fromAttribute) return fromAttribute;
  return identity.nameIdFormat === EMAIL_FORMAT || identity.nameId.includes("@") ? identity.nameId : null;
}

/** A claim or attribute as one string (the first of several values). */
function valueOf(source: Record<string, unknown>, name: string): string | null {
  const value = source[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && first.trim() !== "" ? first.trim() : null;
}

function valuesOf(source: Record<string, unknown>, name: string): string[] {
  const value = source[name];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
}

function firstValue(source: Record<string, unknown>, names: string[]): string | null {
  for (const name of names) {
    const value = valueOf(source, name);
    if (value) return value;
  }
  return null;
}

/** The role attribute_mapping.role gives for these claims or attributes, or null. */
export function mappedRole(row: Pick<ConnectionRow, "attributeMapping">, attributes: Record<string, unknown>): string | null {
  const rule = row.attributeMapping.role;
  if (!rule) return null;
  const held = new Set(valuesOf(attributes, rule.attribute));
  for (const [value, role] of Object.entries(rule.values)) if (held.has(value)) return role;
  return null;
}

async function recordRefusal(deps: Deps, org: Organization, row: ConnectionRow, protocol: "oidc" | "saml", reason: string, email: string | null, meta: RequestMeta): Promise<void> {
  await deps.db.write((tx) =>
    appendAudit(tx, {
      orgId: org.id,
      ...auditEvent(FEDERATION_EVENTS.signInRefused, { connectionId: row.id, protocol, reason, email }),
      actor: { kind: "system", id: row.id },
      requestId: meta.requestId,
      ip: meta.ip,
      userAgent: meta.userAgent,
      at: deps.clock.now(),
    }),
  );
}

interface Identity {
  subject: string;
  email: string | null;
  displayName: string | null;
  attributes: Record<string, unknown>;
}

/** Steps 1–4 of the module comment; returns the account to open a session for. */
async function admit(deps: Deps, org: Organization, row: ConnectionRow, protocol: "oidc" | "saml", identity: Identity, meta: RequestMeta): Promise<{ userId: string; email: string }> {
  if (!identity.subject || identity.subject === "undefined") throw federationErrors.error("invalidIdToken", { message: "the identity provider named no subject" });
  if (!identity.email) throw federationErrors.error("emailMissing");
  let email: string;
  try {
    email = normaliseEmail(identity.email);
  } catch {
    throw federationErrors.error("emailMissing", { message: "the identity provider sent something that is not an e-mail address" });
  }
  const domain = email.slice(email.lastIndexOf("@") + 1);
  if (row.emailDomain && domain !== row.emailDomain) {
    await recordRefusal(deps, org, row, protocol, "email_domain_mismatch", email, meta);
    throw federationErrors.error("emailDomainMismatch", { message: `this connection signs in ${row.emailDomain} addresses only` });
  }
  const now = deps.clock.now();
  const origin: EventOrigin = { org, auditActor: { kind: "system", id: row.id }, requestId: meta.requestId, ip: meta.ip, userAgent: meta.userAgent };
  try {
    return await deps.db.write(async (tx) => {
      await tx.lock(`idp-identity:${row.id}:${identity.subject}`);
      const [link] = await tx.select().from(idpIdentities).where(and(eq(idpIdentities.connectionId, row.id), eq(idpIdentities.subject, identity.subject)));
      let account = link ? await userById(tx, link.userId) : await userByEmail(tx, email);
      let member = account ? (await provisionableMembers(tx, org, { userId: account.id }))[0] ?? null : null;
      if (!link && account && !member && !row.emailDomain) throw federationErrors.error("accountNotLinkable");
      const mapped = mappedRole(row, identity.attributes);
      let memberAdded = false;
      let accountCreated = false;
      if (!member) {
        if (!(await policyOf(tx, org.id)).jitMembership) throw federationErrors.error("membershipRequired");
        const provisioned = await provisionMember(tx, origin, {
          org,
          email: account?.email ?? email,
          displayName: identity.displayName ?? email,
          active: true,
          at: now,
          role: mapped ?? row.defaultRole,
          membershipType: "sso",
        });
        member = provisioned.member;
        memberAdded = provisioned.created;
        accountCreated = provisioned.accountCreated;
        account = account ?? (await userByEmail(tx, email));
      } else {
        if (mapped && mapped !== member.role && !member.isOwner && member.role !== "admin") {
          await setMemberRole(tx, origin, org, member.connectedId, mapped, now);
          member = { ...member, role: mapped };
        }
        if (identity.displayName && identity.displayName !== member.displayName) await renameMemberBadge(tx, org, member.connectedId, identity.displayName, now);
      }
      const user = account!;
      if (link) await tx.update(idpIdentities).set({ email, lastSignInAt: now }).where(eq(idpIdentities.id, link.id));
      else await tx.insert(idpIdentities).values({ id: newId(), orgId: org.id, connectionId: row.id, subject: identity.subject, userId: user.id, email, createdAt: now, lastSignInAt: now });
      await appendAudit(tx, {
        orgId: org.id,
        ...auditEvent(FEDERATION_EVENTS.signIn, {
          connectionId: row.id,
          protocol,
          userId: user.id,
          connectedId: member.connectedId,
          email: user.email,
          accountCreated,
          memberAdded,
          identityLinked: !link,
          role: member.role,
        }),
        actor: { kind: "user", id: user.id, connectedId: member.connectedId },
        requestId: meta.requestId,
        ip: meta.ip,
        userAgent: meta.userAgent,
        at: now,
      });
      return { userId: user.id, email: user.email };
    });
  } catch (e) {
    if (e instanceof ApiError && (e.code === "idp_account_exists" || e.code === "idp_membership_required" || e.code === "email_domain_not_allowed")) {
      await recordRefusal(deps, org, row, protocol, e.code, email, meta);
    }
    throw e;
  }
}
