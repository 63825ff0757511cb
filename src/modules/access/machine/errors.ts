/**
 * Error codes of machine access (API keys, M2M tokens, partner assertions, plugin tokens,
 * the public v1 key guard), with their statuses (DESIGN §7); the signing keys' are trust's.
 */
import { defineErrors } from "../../../platform/http/error-catalog";

export const machineErrors = defineErrors({
  tooManyApiKeys: { code: "too_many_api_keys", status: 409, message: "the organization has as many live API keys as it may; revoke one first" },
  serviceAccountNotFound: { code: "service_account_not_found", status: 404, message: "no active service account with this id in the organization" },
  appGroupNotFound: { code: "app_group_not_found", status: 404, message: "no live app group with this id or groupKey in the organization" },
  notFound: { code: "not_found", status: 404, message: "no such key or token in this organization" },
  // The 401s of machine credentials.
  apiKeyRequired: { code: "api_key_required", status: 401, message: "send an org API key in X-Api-Key (or Authorization: Bearer)" },
  invalidApiKey: { code: "invalid_api_key", status: 401, message: "the API key is not valid" },
  apiKeyRevoked: { code: "api_key_revoked", status: 401, message: "the API key has been revoked" },
  invalidToken: { code: "invalid_token", status: 401, message: "the access token is not valid" },
  tokenExpired: { code: "token_expired", status: 401, message: "the access token has expired; exchange the API key again" },
  wrongOrganization: { code: "wrong_organization", status: 401, message: "the access token belongs to another organization" },
  serviceAccountInactive: { code: "service_account_inactive", status: 401, message: "the key's service account is suspended or deleted" },
  invalidScope: { code: "invalid_scope", status: 400, message: "a requested scope the key does not hold (RFC 6749's invalid_scope)" },
  // Agent credentials (agent-credentials.ts): the credential itself (401), then the agent's standing (403).
  invalidAgentCredential: { code: "invalid_agent_credential", status: 401, message: "the agent credential is not valid for this organization" },
  agentCredentialRevoked: { code: "agent_credential_revoked", status: 401, message: "the agent credential has been revoked (replaced, a new operator, or the agent revoked)" },
  agentSuspended: { code: "agent_suspended", status: 403, message: "the agent is suspended (by hand or because it expired): it may do nothing until activated" },
  agentExpired: { code: "agent_expired", status: 403, message: "the agent's expiresAt has passed" },
  operatorInactive: { code: "operator_inactive", status: 403, message: "the agent's operator is suspended, no longer a member, or not assigned: every gated action refuses" },
  tooManyPluginTokens: { code: "too_many_plugin_tokens", status: 409, message: "the organization has as many live plugin tokens as it may" },
});

export const KeyErrors = machineErrors.codes;

/** What an M2M token or an agent credential answers on an org route (checked in full on every request), for routes to declare. */
export const MACHINE_TOKEN_ERRORS = [
  "invalid_token",
  "token_expired",
  "api_key_revoked",
  "wrong_organization",
  "service_account_inactive",
  // An agent's credential, presented the same way (agent-credentials.ts).
  "invalid_agent_credential",
  "agent_credential_revoked",
  "agent_suspended",
  "agent_expired",
  "operator_inactive",
];

/** What the public v1 key guard answers, for routes to declare: no, an unknown or a revoked key, its service account, the route's scope. */
export const API_KEY_ERRORS = ["api_key_required", "invalid_api_key", "api_key_revoked", "service_account_inactive", "PERMISSION_DENIED"];
