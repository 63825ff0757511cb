/** The audit events this domain appends (DESIGN §3, §6): API keys, M2M tokens, partner assertions, the webhook secret and plugin tokens. Declared as its module's `events`. */
import { defineEvent } from "../../platform/audit/catalog";

type Id = string;
type Iso = string;

export const ACCESS_EVENTS = {
  apiKeyCreated: defineEvent<{ keyId: Id; prefix: string; scopes: string[]; appGroupId: Id | null; serviceAccountId: Id | null; maxTokenLifetimeSeconds: number; sealCredentialId?: string | null }>()(
    "org.api_key.created",
    "An org API key is created; only its prefix is recorded (a sealed record)",
  ),
  apiKeyRevoked: defineEvent<{ keyId: Id; prefix: string; markerUntil: Iso }>()("org.api_key.revoked", "An org API key is revoked"),
  m2mTokenIssued: defineEvent<{ keyId: Id; tokenId: Id; scopes: string[]; expiresIn: number }>()("org.m2m_token.issued", "An M2M access token is issued (never the token)"),
  partnerAssertionIssued: defineEvent<{ keyId: Id; assertionId: Id; kid: string; audience: string; subject: string; scopes: string[]; expiresIn: number }>()(
    "org.partner_assertion.issued",
    "A partner assertion is signed for an org API key (never the assertion)",
  ),
  webhookSecretRegenerated: defineEvent<{ createdAt: Iso; replacedCreatedAt: Iso | null; previousValidUntil: Iso | null; revokePrevious: boolean }>()(
    "org.webhook_secret.regenerated",
    "The webhook signing secret is regenerated (never the secret); the replaced one stays valid until previousValidUntil",
  ),
  pluginTokenCreated: defineEvent<{ tokenId: Id; name: string; prefix: string; scopes: string[]; expiresAt: Iso }>()("org.plugin_token.created", "A plugin token is created; only its prefix is recorded"),
  pluginTokenRevoked: defineEvent<{ tokenId: Id; name: string; prefix: string }>()("org.plugin_token.revoked", "A plugin token is revoked"),
} as const;
