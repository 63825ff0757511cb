/**
 * App groups (one per brand, spec 2.2) and their applications (one per platform and
 * environment, spec 2.3). The end-user sign-in routes, the hosted login page and the
 * end-user tokens read these rows; docs/apps.md describes every column's rules.
 */
import { col, table } from "../../../platform/db/kit";
import { organizations } from "../../orgs/schema";

/** Hosted-login look: colors and hero copy. */
export interface AppGroupBranding {
  primaryColor: string | null;
  backgroundColor: string | null;
  textColor: string | null;
  heroTitle: string | null;
  heroSubtitle: string | null;
}

/** Which sign-in methods the hosted login offers; social buttons come from `socialProviders`. */
export interface AppGroupLoginMethods {
  magicLink: boolean;
  passkey: boolean;
  /** SMS codes as a second factor: off, offered, or required at every sign-in. */
  smsMfa: "off" | "optional" | "required";
}

/** One social provider's credentials; the client secret is sealed (ctx.secrets) and never returned. */
export interface StoredSocialProvider {
  enabled: boolean;
  clientId: string;
  clientSecretSealed: string | null;
  /** Microsoft: the tenant (common, organizations, consumers or a tenant id). */
  tenant?: string | null;
  /** Apple: the team and key id of the signing key sealed as the client secret. */
  teamId?: string | null;
  keyId?: string | null;
}

export const appGroups = table(
  "app_groups",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    /** `appgroup_<id>`: the only identifier the public surface joins on. */
    key: col.text().notNull(),
    name: col.text().notNull(),
    description: col.text(),
    iconUrl: col.text(),
    /** #RRGGBB */
    brandColor: col.text(),
    branding: col.json<AppGroupBranding>().notNull(),
    loginMethods: col.json<AppGroupLoginMethods>().notNull(),
    /** The WebAuthn relying-party id for this brand's passkeys; null: the portal's own host. */
    passkeyRpId: col.text(),
    /** Keyed by provider (google, github, microsoft, apple, kakao, naver). */
    socialProviders: col.json<Record<string, StoredSocialProvider>>().notNull(),
    /** Charging this group's end users is switched on (billing; needs view.billing). */
    billingCollection: col.bool().notNull().default(false),
    /** Bot protection (turnstileToken) on the public sign-in routes; off by default. */
    botProtection: col.bool().notNull().default(false),
    createdBy: col.text(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
    /** Set when deleted: the key is never reused and history keeps its name. */
    deletedAt: col.time(),
  },
  [
    { name: "app_groups_key_uq", on: ["key"], unique: true },
    { name: "app_groups_org_idx", on: ["orgId"] },
  ],
);

export interface ApplicationOidcConfig {
  pkceRequired: boolean;
  grantTypes: string[];
  scopes: string[];
  postLogoutRedirectUris: string[];
}

export interface ApplicationSamlConfig {
  entityId: string;
  acsUrl: string;
}

export const applications = table(
  "applications",
  {
    id: col.id(),
    orgId: col.text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    appGroupId: col.text().notNull().references(() => appGroups.id, { onDelete: "cascade" }),
    /** `client_<id>`: the SDK appKey, carried in the hosted login URL. */
    clientKey: col.text().notNull(),
    name: col.text().notNull(),
    /** web | ios | android | desktop | server */
    platform: col.text().notNull(),
    /** production | staging | development */
    environment: col.text().notNull(),
    /** active | disabled: a disabled application's public routes answer 404. */
    status: col.text().notNull(),
    allowedOrigins: col.json<string[]>().notNull(),
    callbackUrls: col.json<string[]>().notNull(),
    oidc: col.json<ApplicationOidcConfig>().notNull(),
    saml: col.json<ApplicationSamlConfig>(),
    /** SHA-256 of the client secret; the secret itself is shown once, at rotation. */
    clientSecretHash: col.text(),
    secretRotatedAt: col.time(),
    cloudflareAccountId: col.text(),
    /** The deployment token, sealed under `applications:<id>:cloudflare`; never returned. */
    cloudflareTokenSealed: col.text(),
    cloudflareConnectedAt: col.time(),
    createdBy: col.text(),
    createdAt: col.time().notNull(),
    updatedAt: col.time().notNull(),
  },
  [
    { name: "applications_client_key_uq", on: ["clientKey"], unique: true },
    // Spec 2.3: one application per platform and environment within an app group.
    { name: "applications_group_platform_env_uq", on: ["appGroupId", "platform", "environment"], unique: true },
    { name: "applications_org_idx", on: ["orgId"] },
  ],
);

export type AppGroupRow = typeof appGroups.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
