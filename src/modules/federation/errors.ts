/**
 * Error codes of IdP federation (spec §7 and docs/federation.md). The plan gates
 * (UPGRADE_REQUIRED with feature sso or sso_connections) come from orgs' plan errors.
 */
import { defineErrors } from "../../platform/http/error-catalog";

export const federationErrors = defineErrors({
  connectionNotFound: { code: "idp_connection_not_found", status: 404, message: "no identity-provider connection of this organization has that id" },
  emailDomainInUse: { code: "email_domain_in_use", status: 409, message: "the e-mail domain already routes to another active IdP connection" },
  invalidConnection: { code: "invalid_idp_connection", status: 400, message: "the connection's settings are incomplete or not valid; `field` names the one to fix" },
  invalidRole: { code: "invalid_role", status: 400, message: "default_role or a role in attribute_mapping is not a role members may be given (member, org_director or a custom role's id)" },
  idpNotConfigured: { code: "idp_not_configured", status: 404, message: "the organization has no active identity-provider connection" },
  idpAmbiguous: { code: "idp_ambiguous", status: 400, message: "the organization has several connections and none is chosen: pass ?email= or ?domain=" },
  invalidState: { code: "invalid_state", status: 400, message: "the sign-in was not started here, was started in another browser, or its state was tampered with" },
  stateUsed: { code: "state_used", status: 400, message: "this sign-in was already finished; start again" },
  stateExpired: { code: "state_expired", status: 400, message: "the sign-in took longer than 10 minutes; start again" },
  idpError: { code: "idp_error", status: 400, message: "the identity provider refused or cancelled the sign-in" },
  idpUnavailable: { code: "idp_unavailable", status: 502, message: "the identity provider could not be reached or gave an answer that cannot be used" },
  invalidIdToken: { code: "invalid_id_token", status: 401, message: "the id_token did not verify (signature, issuer, audience, expiry or nonce)" },
  invalidSamlResponse: { code: "invalid_saml_response", status: 401, message: "the SAML response did not verify (signature, issuer, audience, recipient, destination, validity window or InResponseTo)" },
  unsolicitedResponse: { code: "unsolicited_saml_response", status: 400, message: "IdP-initiated SAML responses are not accepted: start the sign-in at /idp/{slug}/login" },
  emailMissing: { code: "idp_email_missing", status: 400, message: "the identity provider sent no e-mail address for the person" },
  emailDomainMismatch: { code: "email_domain_mismatch", status: 403, message: "the address the identity provider sent is outside the connection's e-mail domain" },
  accountNotLinkable: { code: "idp_account_exists", status: 409, message: "a dashboard account with this address exists and is not a member: sign in by e-mail once and join the organization, then the identity provider can sign you in" },
  membershipRequired: { code: "idp_membership_required", status: 403, message: "the organization admits only its existing members through its identity provider" },
  publicEmailDomain: { code: "email_domain_public", status: 400, message: "a public mail provider's domain cannot route to one organization's identity provider" },
  defaultConnectionInvalid: { code: "default_connection_invalid", status: 400, message: "default_connection_id names no active connection of this organization" },
});

export const FederationErrors = federationErrors.codes;
