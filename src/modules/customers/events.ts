/** The audit events this domain appends (DESIGN §3, §6): app groups, applications, collection (spec §6) and end-user import. Declared as its module's `events`. */
import { defineEvent } from "../../platform/audit/catalog";

type Id = string;
type Change<V> = { from: V; to: V };

export const CUSTOMER_EVENTS = {
  monetizationEnabled: defineEvent<{ appGroupId: Id }>()("appgroup.monetization.enabled", "Collection is switched on for an app group"),
  monetizationDisabled: defineEvent<{ appGroupId: Id }>()("appgroup.monetization.disabled", "Collection is switched off for an app group"),
  appGroupCreated: defineEvent<{ appGroupId: Id; key: string; name: string; firstApplicationId: Id }>()("appgroup.created", "An app group is created with its first application"),
  appGroupUpdated: defineEvent<{ appGroupId: Id; fields: string[] }>()("appgroup.updated", "An app group's settings change (the fields named; never a secret)"),
  appGroupIconChanged: defineEvent<{ appGroupId: Id; iconUrl: string | null }>()("appgroup.icon_changed", "An app group's icon is set or removed"),
  appGroupDeleted: defineEvent<{ appGroupId: Id; key: string; name: string; applicationIds: Id[] }>()("appgroup.deleted", "An app group is deleted with its applications"),
  applicationCreated: defineEvent<{ applicationId: Id; clientKey: string; name: string; platform: string; environment: string }>()("appgroup.application.created", "An application is created"),
  applicationUpdated: defineEvent<{ applicationId: Id; fields: string[] }>()("appgroup.application.updated", "An application's configuration changes (the fields named)"),
  applicationStatusChanged: defineEvent<{ applicationId: Id } & Change<string>>()("appgroup.application.status_changed", "An application is disabled or enabled"),
  applicationSecretRotated: defineEvent<{ applicationId: Id; clientKey: string; first: boolean }>()("appgroup.application.secret_rotated", "An application's client secret is issued or rotated (never the secret)"),
  applicationCloudflareConnected: defineEvent<{ applicationId: Id; accountId: string }>()("appgroup.application.cloudflare_connected", "A deployment account is connected (never its token)"),
  applicationCloudflareDisconnected: defineEvent<{ applicationId: Id; accountId: string }>()("appgroup.application.cloudflare_disconnected", "A deployment account is disconnected"),
  applicationDeleted: defineEvent<{ applicationId: Id; clientKey: string; name: string }>()("appgroup.application.deleted", "An application is deleted"),
  customDomainVerified: defineEvent<{ appGroupId: Id; domain: string; first: boolean }>()(
    "appgroup.custom_domain.verified",
    "A custom login domain's DNS check passed: the TXT record carries its token and the name routes to the service (first: it was not verified before)",
  ),
  customDomainCheckFailed: defineEvent<{ appGroupId: Id; domain: string; reason: string; wasVerified: boolean }>()(
    "appgroup.custom_domain.check_failed",
    "A custom login domain's DNS check failed (reason); a domain that was verified stops being served",
  ),
  customDomainAutoConfigured: defineEvent<{ appGroupId: Id; domain: string; provider: string; zoneName: string | null; ok: boolean; error: string | null; created: string[] }>()(
    "appgroup.custom_domain.auto_configured",
    "The service created a custom login domain's DNS records at the customer's DNS provider (never the provider token)",
  ),
  endUserImported: defineEvent<{ appGroupId: Id; source: string; rows: number; created: number; duplicate: number; invalid: number; dormantPasswordHashes: number; sendInvites: boolean }>()(
    "end_user.imported",
    "End users are imported into an app group through public v1 (one event per request, with its counts)",
  ),
} as const;
