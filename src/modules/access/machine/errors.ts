/** Error codes of machine access (API keys, M2M tokens, partner assertions, plugin tokens); the signing keys' are trust's (SigningKeyErrors). */
export const KeyErrors = {
  /** The organization has as many live API keys as it may. */
  tooManyApiKeys: "too_many_api_keys",
  /** The service account to bind is unknown here, deleted, or its badge is not active. */
  serviceAccountNotFound: "service_account_not_found",
  /** The app group to bind a key to is unknown, deleted, or another organization's. */
  appGroupNotFound: "app_group_not_found",
  notFound: "not_found",
  /** 401s of machine credentials. */
  invalidApiKey: "invalid_api_key",
  apiKeyRevoked: "api_key_revoked",
  invalidToken: "invalid_token",
  tokenExpired: "token_expired",
  wrongOrganization: "wrong_organization",
  serviceAccountInactive: "service_account_inactive",
  /** A requested scope the key does not hold (RFC 6749's invalid_scope). */
  invalidScope: "invalid_scope",
  /** The organization has as many live (unrevoked, unexpired) plugin tokens as it may. */
  tooManyPluginTokens: "too_many_plugin_tokens",
} as const;
