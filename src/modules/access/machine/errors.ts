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
  tooManyPluginTokens: { code: "too_many_plugin_tokens", status: 409, message: "the organization has as many live plugin tokens as it may" },
});

export const KeyErrors = machineErrors.codes;

/** What an M2M token answers on an org route (checked in full on every request), for routes to declare. */
export const MACHINE_TOKEN_ERRORS = ["invalid_token", "token_expired", "api_key_revoked", "wrong_organization", "service_account_inactive"];

/** What the public v1 key guard answers, for routes to declare: no, an unknown or a revoked key, its service account, the route's scope. */
export const API_KEY_ERRORS = ["api_key_required", "invalid_api_key", "api_key_revoked", "service_account_inactive", "PERMISSION_DENIED"];
