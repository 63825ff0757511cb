/**
 * The wire shapes of app groups and applications: the `t` schemas the routes declare
 * and the functions that turn rows into them (secrets never leave: the client secret,
 * social client secrets and the deployment token appear only as "is set" flags).
 */
import type { TLiteral, TUnion } from "@sinclair/typebox";
import { t } from "elysia";
import type { AppGroupRow, ApplicationRow } from "./schema";
import { APPLICATION_STATUSES, ENVIRONMENTS, GRANT_TYPES, HEX_COLOR, LIMITS, PLATFORMS, SOCIAL_PROVIDERS } from "./validation";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const Nullable = <S extends Parameters<typeof t.Nullable>[0]>(schema: S) => t.Union([schema, t.Null()]);
// A union of literals, not t.UnionEnum: Elysia fills an optional UnionEnum with its first value, so a PATCH-like body would change it.
const literalUnion = <const V extends readonly [string, ...string[]]>(values: V, description?: string) =>
  t.Union(values.map((v) => t.Literal(v)), description ? { description } : {}) as unknown as TUnion<TLiteral<V[number]>[]>;

// --- Requests ---------------------------------------------------------------------------

const Color = t.String({ pattern: HEX_COLOR, description: "#RRGGBB" });
const Url = t.String({ minLength: 1, maxLength: LIMITS.urlLength });

const BrandingInput = t.Object(
  {
    primaryColor: t.Optional(Nullable(Color)),
    backgroundColor: t.Optional(Nullable(Color)),
    textColor: t.Optional(Nullable(Color)),
    heroTitle: t.Optional(Nullable(t.String({ maxLength: LIMITS.heroTitle }))),
    heroSubtitle: t.Optional(Nullable(t.String({ maxLength: LIMITS.heroSubtitle }))),
  },
  { additionalProperties: false, description: "Hosted-login colors and hero copy; fields left out keep their value" },
);

const LoginMethodsInput = t.Object(
  {
    magicLink: t.Optional(t.Boolean()),
    passkey: t.Optional(t.Boolean()),
    smsMfa: t.Optional(literalUnion(["off", "optional", "required"], "SMS codes as a second factor")),
  },
  { additionalProperties: false, description: "Which sign-in methods the hosted login offers; fields left out keep their value" },
);

const SocialProviderInput = t.Object(
  {
    enabled: t.Optional(t.Boolean({ description: "Default true" })),
    clientId: t.String({ minLength: 1, maxLength: LIMITS.socialClientId }),
    clientSecret: t.Optional(
      t.String({ minLength: 1, maxLength: LIMITS.socialClientSecret, description: "Write-only, sealed at rest; left out: the stored one is kept. Apple: the .p8 signing key" }),
    ),
    tenant: t.Optional(Nullable(t.String({ pattern: "^[A-Za-z0-9.-]{1,100}$", description: "Microsoft only: common, organizations, consumers or a tenant id" }))),
    teamId: t.Optional(Nullable(t.String({ pattern: "^[A-Z0-9]{10}$", description: "Apple only" }))),
    keyId: t.Optional(Nullable(t.String({ pattern: "^[A-Z0-9]{10}$", description: "Apple only" }))),
  },
  { additionalProperties: false },
);

const SocialProvidersInput = t.Partial(
  t.Object(Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, Nullable(SocialProviderInput)])) as Record<(typeof SOCIAL_PROVIDERS)[number], ReturnType<typeof Nullable<typeof SocialProviderInput>>>, {
    additionalProperties: false,
    description: "Per provider: its credentials, or null to remove it; providers left out keep theirs",
  }),
);

const OidcInput = t.Object(
  {
    pkceRequired: t.Optional(t.Boolean({ description: "Default true; only web and server applications may turn it off" })),
    grantTypes: t.Optional(t.Array(literalUnion(GRANT_TYPES), { minItems: 1, maxItems: GRANT_TYPES.length })),
    scopes: t.Optional(t.Array(t.String({ pattern: "^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$", maxLength: LIMITS.oidcScopeLength }), { maxItems: LIMITS.oidcScopes })),
    postLogoutRedirectUris: t.Optional(t.Array(Url, { maxItems: LIMITS.callbackUrls })),
  },
  { additionalProperties: false, description: "OIDC client configuration; fields left out keep their value (defaults on create)" },
);

const SamlInput = t.Object(
  {
    entityId: t.String({ minLength: 1, maxLength: LIMITS.samlEntityId, description: "The SP's EntityID: an absolute URL or a URN" }),
    acsUrl: t.String({ minLength: 1, maxLength: LIMITS.urlLength, description: "Assertion Consumer Service URL (https)" }),
  },
  { additionalProperties: false },
);

const applicationFields = {
  name: t.String({ minLength: 1, maxLength: LIMITS.applicationName }),
  platform: literalUnion(PLATFORMS),
  environment: literalUnion(ENVIRONMENTS),
  allowedOrigins: t.Array(Url, { maxItems: LIMITS.origins, description: "Origins allowed to call the public routes from a browser (CORS)" }),
  callbackUrls: t.Array(Url, { maxItems: LIMITS.callbackUrls, description: "Where sign-in may redirect: exact match or same origin" }),
  oidc: OidcInput,
  saml: Nullable(SamlInput),
};

export const ApplicationCreate = t.Object(
  {
    appGroupId: t.String({ minLength: 1, maxLength: 100, description: "The app group's id or groupKey" }),
    name: applicationFields.name,
    platform: applicationFields.platform,
    environment: applicationFields.environment,
    allowedOrigins: applicationFields.allowedOrigins,
    callbackUrls: applicationFields.callbackUrls,
    oidc: t.Optional(applicationFields.oidc),
    saml: t.Optional(applicationFields.saml),
  },
  { additionalProperties: false },
);

export const GroupApplicationCreate = t.Omit(ApplicationCreate, ["appGroupId"], { additionalProperties: false });

const FirstApplication = t.Partial(GroupApplicationCreate, {
  additionalProperties: false,
  description: "The group's first application; default: a web application for production named after the group",
});

export const ApplicationUpdate = t.Partial(t.Object(applicationFields), { additionalProperties: false, description: "Fields left out keep their value" });

export const ApplicationStatusChange = t.Object({ status: literalUnion(APPLICATION_STATUSES) }, { additionalProperties: false });

export const CloudflareConnect = t.Object(
  {
    accountId: t.String({ pattern: "^[0-9a-f]{32}$", description: "The 32-hex-digit account id" }),
    token: t.String({ pattern: "^[A-Za-z0-9_-]{20,200}$", description: "An API token; sealed at rest and never returned" }),
  },
  { additionalProperties: false },
);

const groupFields = {
  name: t.String({ minLength: 1, maxLength: LIMITS.groupName }),
  description: Nullable(t.String({ maxLength: LIMITS.description })),
  iconUrl: Nullable(t.String({ maxLength: LIMITS.iconUrl })),
  brandColor: Nullable(Color),
  branding: BrandingInput,
  loginMethods: LoginMethodsInput,
  passkeyRpId: Nullable(t.String({ maxLength: LIMITS.rpId, description: "The WebAuthn relying-party id; null: the portal's own host" })),
  socialProviders: SocialProvidersInput,
  billingCollection: t.Boolean({ description: "Charge this group's end users; changing it needs view.billing" }),
  botProtection: t.Boolean({ description: "Require a bot-protection token on the public sign-in routes" }),
};

export const AppGroupCreate = t.Object(
  {
    orgId: t.Optional(t.String({ maxLength: 100, description: "When given, must be this organization's id (spec 2.2's create request)" })),
    name: groupFields.name,
    description: t.Optional(groupFields.description),
    iconUrl: t.Optional(groupFields.iconUrl),
    brandColor: t.Optional(groupFields.brandColor),
    branding: t.Optional(groupFields.branding),
    loginMethods: t.Optional(groupFields.loginMethods),
    passkeyRpId: t.Optional(groupFields.passkeyRpId),
    socialProviders: t.Optional(groupFields.socialProviders),
    billingCollection: t.Optional(groupFields.billingCollection),
    botProtection: t.Optional(groupFields.botProtection),
    firstApplication: t.Optional(FirstApplication),
  },
  { additionalProperties: false },
);

export const AppGroupUpdate = t.Partial(t.Object(groupFields), { additionalProperties: false, description: "Fields left out keep their value" });

export const IconSet = t.Object({ iconUrl: t.String({ minLength: 1, maxLength: LIMITS.iconUrl }) }, { additionalProperties: false });

export type AppGroupCreateInput = typeof AppGroupCreate.static;
export type AppGroupUpdateInput = typeof AppGroupUpdate.static;
export type ApplicationCreateInput = typeof GroupApplicationCreate.static;
export type ApplicationUpdateInput = typeof ApplicationUpdate.static;

// --- Responses --------------------------------------------------------------------------

/** Spec 2.2's read-by-key and create shape. */
export const AppGroupSummary = t.Object({
  groupKey: t.String({ description: "appgroup_<id>" }),
  id: t.String(),
  orgId: t.String(),
  name: t.String(),
  description: Nullable(t.String()),
  iconUrl: Nullable(t.String()),
  brandColor: Nullable(t.String()),
});

export const AppGroupListItem = t.Object({ key: t.String(), name: t.String(), description: Nullable(t.String()) });

export const Application = t.Object({
  id: t.String(),
  clientKey: t.String({ description: "client_<id>: the SDK appKey and the hosted login's path" }),
  orgId: t.String(),
  appGroupId: t.String(),
  name: t.String(),
  platform: t.String(),
  environment: t.String(),
  status: t.String(),
  allowedOrigins: t.Array(t.String()),
  callbackUrls: t.Array(t.String()),
  oidc: t.Object({ pkceRequired: t.Boolean(), grantTypes: t.Array(t.String()), scopes: t.Array(t.String()), postLogoutRedirectUris: t.Array(t.String()) }),
  saml: Nullable(t.Object({ entityId: t.String(), acsUrl: t.String() })),
  hasClientSecret: t.Boolean(),
  secretRotatedAt: Nullable(t.String()),
  cloudflare: t.Object({ connected: t.Boolean(), accountId: Nullable(t.String()), connectedAt: Nullable(t.String()) }),
  createdAt: t.String(),
  updatedAt: t.String(),
});

const SocialProviderView = t.Object({
  enabled: t.Boolean(),
  clientId: t.String(),
  hasClientSecret: t.Boolean(),
  tenant: t.Optional(Nullable(t.String())),
  teamId: t.Optional(Nullable(t.String())),
  keyId: t.Optional(Nullable(t.String())),
});

export const AppGroup = t.Composite([
  AppGroupSummary,
  t.Object({
    branding: t.Object({
      primaryColor: Nullable(t.String()),
      backgroundColor: Nullable(t.String()),
      textColor: Nullable(t.String()),
      heroTitle: Nullable(t.String()),
      heroSubtitle: Nullable(t.String()),
    }),
    loginMethods: t.Object({ magicLink: t.Boolean(), passkey: t.Boolean(), smsMfa: t.String() }),
    passkeyRpId: Nullable(t.String()),
    socialProviders: t.Record(t.String(), SocialProviderView),
    billingCollection: t.Boolean(),
    botProtection: t.Boolean(),
    applications: t.Array(Application),
    createdAt: t.String(),
    updatedAt: t.String(),
  }),
]);

export const RotatedSecret = t.Object({
  clientKey: t.String(),
  clientSecret: t.String({ description: "Shown once: only its SHA-256 is kept" }),
  secretRotatedAt: t.String(),
});

export const CloudflareView = Application.properties.cloudflare;

export type AppGroupSummaryView = typeof AppGroupSummary.static;
export type AppGroupView = typeof AppGroup.static;
export type ApplicationView = typeof Application.static;

export function appGroupSummary(row: AppGroupRow): AppGroupSummaryView {
  return { groupKey: row.key, id: row.id, orgId: row.orgId, name: row.name, description: row.description, iconUrl: row.iconUrl, brandColor: row.brandColor };
}

export function appGroupView(row: AppGroupRow, apps: ApplicationRow[]): AppGroupView {
  const socialProviders = Object.fromEntries(
    Object.entries(row.socialProviders).map(([provider, p]) => {
      const { clientSecretSealed, ...rest } = p;
      return [provider, { ...rest, hasClientSecret: clientSecretSealed !== null }];
    }),
  );
  return {
    ...appGroupSummary(row),
    branding: row.branding,
    loginMethods: row.loginMethods,
    passkeyRpId: row.passkeyRpId,
    socialProviders,
    billingCollection: row.billingCollection,
    botProtection: row.botProtection,
    applications: apps.map(applicationView),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

export function cloudflareView(row: ApplicationRow): ApplicationView["cloudflare"] {
  return { connected: row.cloudflareTokenSealed !== null, accountId: row.cloudflareAccountId, connectedAt: iso(row.cloudflareConnectedAt) };
}

export function applicationView(row: ApplicationRow): ApplicationView {
  return {
    id: row.id,
    clientKey: row.clientKey,
    orgId: row.orgId,
    appGroupId: row.appGroupId,
    name: row.name,
    platform: row.platform,
    environment: row.environment,
    status: row.status,
    allowedOrigins: row.allowedOrigins,
    callbackUrls: row.callbackUrls,
    oidc: row.oidc,
    saml: row.saml ?? null,
    hasClientSecret: row.clientSecretHash !== null,
    secretRotatedAt: iso(row.secretRotatedAt),
    cloudflare: cloudflareView(row),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}
