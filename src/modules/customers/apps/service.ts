/**
 * App groups and applications: the rules behind the dashboard routes (4.4) and the
 * public v1 app-group lookups (4.2). Every change and its audit event are written in one
 * transaction; the owner's notification of a new app group goes out after commit.
 *
 * Who may do what: the scopes of scopes.ts (Owner and Admin hold them through `org.*`),
 * plus view.billing to switch billing collection. An M2M token acts with its key's
 * scopes; a key scoped to one app group sees only that group (others answer 404) and
 * cannot create groups.
 */
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { timingSafeEqual } from "node:crypto";
import type { AppContext } from "../../../context";
import { appendAudit } from "../../../platform/audit/append";
import { auditEvent } from "../../../platform/audit/catalog";
import { CUSTOMER_EVENTS } from "../events";
import { randomSecret, sha256Hex } from "../../../platform/crypto/hash";
import type { Queryable, Tx } from "../../../platform/db/database";
import { ApiError } from "../../../platform/http/errors";
import { assertCan, auditActorOf, type Caller, KNOWN_SCOPES, type OrgCaller, limitsOf, orgMailLanguage, ownerEmailOf, permissionErrors, requireRoomFor } from "../../orgs/index";
import { appGroupCreatedMail, composeMail } from "../../messaging/index";
import { monetizationLimits } from "./monetization-limits";
import { appErrors } from "./errors";
import { discardIcon, discardReplacedIcon, readIconUpload, storeIcon } from "./icons";
import {
  appGroupView,
  applicationView,
  cloudflareView,
  type AppGroupCreateInput,
  type AppGroupUpdateInput,
  type AppGroupView,
  type ApplicationCreateInput,
  type ApplicationUpdateInput,
  type ApplicationView,
} from "./model";
import { appGroups, applications, type AppGroupBranding, type AppGroupLoginMethods, type AppGroupRow, type ApplicationOidcConfig, type ApplicationRow, type StoredSocialProvider } from "./schema";
import { APP_SCOPES } from "./scopes";
import {
  invalidField,
  strictUrl,
  validateList,
  validateOrigin,
  validateRedirectUrl,
  validateRpId,
  type ApplicationStatus,
  type SocialProvider,
} from "./validation";

type Deps = Pick<AppContext, "db" | "clock" | "secrets" | "mail" | "logger" | "config">;

/** Who is calling, in which organization, for which request. */
export type AppsCaller = Caller<OrgCaller>;

const DEFAULT_BRANDING: AppGroupBranding = { primaryColor: null, backgroundColor: null, textColor: null, heroTitle: null, heroSubtitle: null };
const DEFAULT_LOGIN_METHODS: AppGroupLoginMethods = { magicLink: true, passkey: true, smsMfa: "off" };
const DEFAULT_OIDC: ApplicationOidcConfig = { pkceRequired: true, grantTypes: ["authorization_code", "refresh_token"], scopes: ["openid", "profile", "email"], postLogoutRedirectUris: [] };
/** Native apps cannot keep a secret: they always use PKCE, and may redirect to their own scheme. */
const PUBLIC_CLIENT_PLATFORMS: readonly string[] = ["ios", "android", "desktop"];
/** Providers that cannot sign anyone in without a client secret. */
const SECRET_OPTIONAL_PROVIDERS: readonly string[] = ["kakao"];

/** Ids are 32 hex digits so the keys read `appgroup_<id>` and `client_<id>` exactly. */
function newHexId(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

function notFound(what: "app group" | "application"): ApiError {
  return appErrors.error("notFound", { message: `no such ${what}` });
}

function actorId(caller: OrgCaller): string {
  return caller.kind === "m2m" ? `m2m:${caller.keyId}` : caller.userId;
}

/** An API key scoped to one app group (by its id or key) sees that group only; `scopedTo` null: every group. */
export function keyScopeAdmitsGroup(scopedTo: string | null, group: Pick<AppGroupRow, "id" | "key">): boolean {
  return scopedTo === null || scopedTo === group.id || scopedTo === group.key;
}

function groupVisibleTo(caller: OrgCaller, group: Pick<AppGroupRow, "id" | "key">): boolean {
  return caller.kind !== "m2m" || keyScopeAdmitsGroup(caller.appGroupId, group);
}

function cleanName(value: string, field: string): string {
  const name = value.trim().replace(/\s+/g, " ");
  // eslint-disable-next-line no-control-regex
  if (!name || /[\u0000-\u001f\u007f]/.test(value)) throw invalidField("invalidName", field, "a name is not blank and has no control characters");
  return name;
}

function cleanIconUrl(value: string | null, field: string): string | null {
  if (value === null) return null;
  const url = strictUrl(value);
  if (!url || !(url.protocol === "https:" || (url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)))) {
    throw invalidField("invalidIconUrl", field, "an icon URL uses https (http only on localhost)");
  }
  return url.href;
}

// --- Reading ---------------------------------------------------------------------------

export async function liveGroup(reader: Queryable, orgId: string, idOrKey: string): Promise<AppGroupRow | null> {
  const column = idOrKey.startsWith("appgroup_") ? appGroups.key : appGroups.id;
  const [row] = await reader.select().from(appGroups).where(and(eq(column, idOrKey), eq(appGroups.orgId, orgId), isNull(appGroups.deletedAt)));
  return row ?? null;
}

async function visibleGroup(reader: Queryable, c: AppsCaller, idOrKey: string): Promise<AppGroupRow> {
  const group = await liveGroup(reader, c.org.id, idOrKey);
  if (!group || !groupVisibleTo(c.actor, group)) throw notFound("app group");
  return group;
}

async function groupApplications(reader: Queryable, groupId: string): Promise<ApplicationRow[]> {
  return reader.select().from(applications).where(eq(applications.appGroupId, groupId)).orderBy(asc(applications.createdAt), asc(applications.id));
}

/** An application of this organization (by id or clientKey) whose group the caller sees. */
async function visibleApplication(reader: Queryable, c: AppsCaller, idOrKey: string): Promise<{ app: ApplicationRow; group: AppGroupRow }> {
  const column = idOrKey.startsWith("client_") ? applications.clientKey : applications.id;
  const [row] = await reader
    .select({ app: applications, group: appGroups })
    .from(applications)
    .innerJoin(appGroups, eq(appGroups.id, applications.appGroupId))
    .where(and(eq(column, idOrKey), eq(applications.orgId, c.org.id), isNull(appGroups.deletedAt)));
  if (!row || !groupVisibleTo(c.actor, row.group)) throw notFound("application");
  return row;
}

export async function listAppGroups(deps: Pick<Deps, "db">, c: AppsCaller): Promise<AppGroupView[]> {
  assertCan(c.actor, APP_SCOPES.groupList);
  const groups = await deps.db.read.select().from(appGroups).where(and(eq(appGroups.orgId, c.org.id), isNull(appGroups.deletedAt))).orderBy(asc(appGroups.createdAt), asc(appGroups.id));
  const apps = await deps.db.read.select().from(applications).where(eq(applications.orgId, c.org.id)).orderBy(asc(applications.createdAt), asc(applications.id));
  return groups.filter((g) => groupVisibleTo(c.actor, g)).map((g) => appGroupView(g, apps.filter((a) => a.appGroupId === g.id)));
}

export async function getAppGroup(deps: Pick<Deps, "db">, c: AppsCaller, groupId: string): Promise<AppGroupView> {
  assertCan(c.actor, APP_SCOPES.groupRead);
  const group = await visibleGroup(deps.db.read, c, groupId);
  return appGroupView(group, await groupApplications(deps.db.read, group.id));
}

export async function listApplications(deps: Pick<Deps, "db">, c: AppsCaller, filter: { appGroupId?: string }): Promise<ApplicationView[]> {
  assertCan(c.actor, APP_SCOPES.applicationList);
  const groups = (await deps.db.read.select().from(appGroups).where(and(eq(appGroups.orgId, c.org.id), isNull(appGroups.deletedAt)))).filter((g) => groupVisibleTo(c.actor, g));
  const wanted = filter.appGroupId === undefined ? groups : groups.filter((g) => g.id === filter.appGroupId || g.key === filter.appGroupId);
  const ids = new Set(wanted.map((g) => g.id));
  const rows = await deps.db.read.select().from(applications).where(eq(applications.orgId, c.org.id)).orderBy(asc(applications.createdAt), asc(applications.id));
  return rows.filter((a) => ids.has(a.appGroupId)).map(applicationView);
}

export async function getApplication(deps: Pick<Deps, "db">, c: AppsCaller, appId: string): Promise<ApplicationView> {
  assertCan(c.actor, APP_SCOPES.applicationRead);
  return applicationView((await visibleApplication(deps.db.read, c, appId)).app);
}

// --- App group changes -----------------------------------------------------------------

/** The group's social providers after applying a change: secrets sealed, removals applied, each checked. */
async function mergeSocialProviders(
  deps: Pick<Deps, "secrets">,
  groupId: string,
  current: Record<string, StoredSocialProvider>,
  change: AppGroupUpdateInput["socialProviders"],
): Promise<Record<string, StoredSocialProvider>> {
  const next = { ...current };
  for (const [provider, input] of Object.entries(change ?? {})) {
    const field = `socialProviders.${provider}`;
    if (input === null || input === undefined) {
      delete next[provider];
      continue;
    }
    const sealed = input.clientSecret !== undefined ? await deps.secrets.seal(input.clientSecret, socialSecretContext(groupId, provider)) : (current[provider]?.clientSecretSealed ?? null);
    const entry: StoredSocialProvider = { enabled: input.enabled ?? true, clientId: input.clientId.trim(), clientSecretSealed: sealed };
    if (provider === "microsoft") entry.tenant = input.tenant ?? "common";
    else if (input.tenant != null) throw invalidField("invalidSocialProvider", `${field}.tenant`, "only Microsoft takes a tenant");
    if (provider === "apple") {
      entry.teamId = input.teamId ?? null;
      entry.keyId = input.keyId ?? null;
      if (entry.enabled && (!entry.teamId || !entry.keyId)) throw invalidField("invalidSocialProvider", `${field}.teamId`, "Apple needs teamId and keyId with its signing key");
    } else if (input.teamId != null || input.keyId != null) {
      throw invalidField("invalidSocialProvider", `${field}.teamId`, "only Apple takes teamId and keyId");
    }
    if (!entry.clientId) throw invalidField("invalidSocialProvider", `${field}.clientId`, "a client id is required");
    if (entry.enabled && !sealed && !SECRET_OPTIONAL_PROVIDERS.includes(provider)) {
      throw invalidField("invalidSocialProvider", `${field}.clientSecret`, "an enabled provider needs its client secret");
    }
    next[provider] = entry;
  }
  return next;
}

function socialSecretContext(groupId: string, provider: string): string {
  return `app_groups:${groupId}:social:${provider}`;
}

/**
 * A social provider's credentials in the clear, for the sign-in routes; null when the
 * group has no such provider or it is switched off.
 */
export async function socialProviderCredentials(
  deps: Pick<AppContext, "secrets">,
  group: Pick<AppGroupRow, "id" | "socialProviders">,
  provider: SocialProvider,
): Promise<(Omit<StoredSocialProvider, "clientSecretSealed"> & { clientSecret: string | null }) | null> {
  const stored = group.socialProviders[provider];
  if (!stored?.enabled) return null;
  const { clientSecretSealed, ...rest } = stored;
  return { ...rest, clientSecret: clientSecretSealed ? await deps.secrets.open(clientSecretSealed, socialSecretContext(group.id, provider)) : null };
}

/** Billing collection: view.billing to change it, and the plan's count of collecting groups to switch it on. */
async function checkCollectionSwitch(tx: Tx, c: AppsCaller, groupId: string | null, from: boolean, to: boolean): Promise<void> {
  if (from === to) return;
  assertCan(c.actor, KNOWN_SCOPES.viewBilling);
  if (!to) return;
  const collecting = await tx
    .select({ id: appGroups.id })
    .from(appGroups)
    .where(and(eq(appGroups.orgId, c.org.id), eq(appGroups.billingCollection, true), isNull(appGroups.deletedAt), ...(groupId ? [ne(appGroups.id, groupId)] : [])));
  requireRoomFor("billing.collect", limitsOf(c.org, monetizationLimits).collectingAppGroups, collecting.length);
}

async function recordCollectionSwitch(tx: Tx, c: AppsCaller, group: AppGroupRow, from: boolean, at: number): Promise<void> {
  if (from === group.billingCollection) return;
  const definition = group.billingCollection ? CUSTOMER_EVENTS.monetizationEnabled : CUSTOMER_EVENTS.monetizationDisabled;
  await appendAudit(tx, { ...auditEvent(definition, { appGroupId: group.id }), ...auditContext(c, group.id, at) });
}

function auditContext(c: AppsCaller, appGroupId: string, at: number) {
  return { orgId: c.org.id, actor: auditActorOf(c.actor), requestId: c.requestId, appGroupId, at };
}

/** The group fields a create or update sets, validated; undefined where the input leaves a field alone. */
async function groupChanges(deps: Pick<Deps, "secrets">, groupId: string, current: AppGroupRow | null, input: AppGroupUpdateInput) {
  return {
    name: input.name === undefined ? undefined : cleanName(input.name, "name"),
    description: input.description === undefined ? undefined : input.description?.trim() || null,
    iconUrl: input.iconUrl === undefined ? undefined : cleanIconUrl(input.iconUrl, "iconUrl"),
    brandColor: input.brandColor === undefined ? undefined : (input.brandColor?.toUpperCase() ?? null),
    branding: input.branding === undefined ? undefined : { ...(current?.branding ?? DEFAULT_BRANDING), ...input.branding },
    loginMethods: input.loginMethods === undefined ? undefined : { ...(current?.loginMethods ?? DEFAULT_LOGIN_METHODS), ...input.loginMethods },
    passkeyRpId: input.passkeyRpId === undefined ? undefined : input.passkeyRpId === null ? null : validateRpId(input.passkeyRpId, "passkeyRpId"),
    socialProviders: input.socialProviders === undefined ? undefined : await mergeSocialProviders(deps, groupId, current?.socialProviders ?? {}, input.socialProviders),
    billingCollection: input.billingCollection,
    botProtection: input.botProtection,
  };
}

function definedOnly<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export async function createAppGroup(deps: Deps, c: AppsCaller, input: AppGroupCreateInput): Promise<AppGroupView> {
  assertCan(c.actor, APP_SCOPES.groupCreate);
  assertCan(c.actor, APP_SCOPES.applicationCreate);
  if (c.actor.kind === "m2m" && c.actor.appGroupId !== null) {
    throw permissionErrors.error("permissionDenied", { message: "a key scoped to one app group cannot create app groups" });
  }
  if (input.orgId !== undefined && input.orgId !== c.org.id) throw invalidField("orgMismatch", "orgId", "orgId is not the organization in the path");
  const id = newHexId();
  const { firstApplication, orgId: _orgId, ...fields } = input;
  const changes = definedOnly(await groupChanges(deps, id, null, fields));
  const first = normaliseApplication(
    {
      name: firstApplication?.name ?? changes.name!,
      platform: firstApplication?.platform ?? "web",
      environment: firstApplication?.environment ?? "production",
      allowedOrigins: firstApplication?.allowedOrigins ?? [],
      callbackUrls: firstApplication?.callbackUrls ?? [],
      oidc: { ...DEFAULT_OIDC, ...firstApplication?.oidc },
      saml: firstApplication?.saml ?? null,
    },
    "firstApplication.",
  );
  const at = deps.clock.now();
  const created = await deps.db.write(async (tx) => {
    await checkCollectionSwitch(tx, c, null, false, changes.billingCollection ?? false);
    const [group] = await tx
      .insert(appGroups)
      .values({
        id,
        orgId: c.org.id,
        key: `appgroup_${id}`,
        name: changes.name!,
        description: changes.description ?? null,
        iconUrl: changes.iconUrl ?? null,
        brandColor: changes.brandColor ?? null,
        branding: changes.branding ?? DEFAULT_BRANDING,
        loginMethods: changes.loginMethods ?? DEFAULT_LOGIN_METHODS,
        passkeyRpId: changes.passkeyRpId ?? null,
        socialProviders: changes.socialProviders ?? {},
        billingCollection: changes.billingCollection ?? false,
        botProtection: changes.botProtection ?? false,
        createdBy: actorId(c.actor),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const app = await insertApplication(tx, c, group!, first, at);
    await appendAudit(tx, { ...auditEvent(CUSTOMER_EVENTS.appGroupCreated, { appGroupId: id, key: group!.key, name: group!.name, firstApplicationId: app.id }), ...auditContext(c, id, at) });
    await recordCollectionSwitch(tx, c, group!, false, at);
    return appGroupView(group!, [app]);
  });
  await notifyOwnerOfNewGroup(deps, c, created);
  return created;
}

/** Spec 4.2: creating an app group notifies the organization's owner (after commit; a mail failure does not undo it). */
async function notifyOwnerOfNewGroup(deps: Deps, c: AppsCaller, group: AppGroupView): Promise<void> {
  const ownerEmail = await ownerEmailOf(deps.db.read, c.org);
  if (!ownerEmail) return;
  try {
    const values = {
      group: group.name,
      key: group.groupKey,
      org: c.org.name,
      clientKey: group.applications[0]?.clientKey ?? "",
      link: `${deps.config.dashboardBase}/org/${c.org.slug}/app-groups/${group.id}`,
    };
    await deps.mail.send({ to: ownerEmail, ...composeMail(appGroupCreatedMail, await orgMailLanguage(deps.db.read, c, ownerEmail), values) });
  } catch (error) {
    deps.logger.warn("app group owner notification failed", { orgId: c.org.id, appGroupId: group.id, error: (error as Error).message });
  }
}

export async function updateAppGroup(deps: Deps, c: AppsCaller, groupId: string, input: AppGroupUpdateInput): Promise<AppGroupView> {
  assertCan(c.actor, APP_SCOPES.groupUpdate);
  const current = await visibleGroup(deps.db.read, c, groupId);
  const changes = definedOnly(await groupChanges(deps, current.id, current, input));
  const at = deps.clock.now();
  return deps.db.write(async (tx) => {
    await tx.lock(`app_group:${current.id}`);
    const fresh = await visibleGroup(tx, c, current.id);
    await checkCollectionSwitch(tx, c, fresh.id, fresh.billingCollection, changes.billingCollection ?? fresh.billingCollection);
    const [group] = await tx.update(appGroups).set({ ...changes, updatedAt: at }).where(eq(appGroups.id, fresh.id)).returning();
    const fields = Object.keys(changes).filter((k) => k !== "billingCollection");
    if (fields.length > 0) await appendAudit(tx, { ...auditEvent(CUSTOMER_EVENTS.appGroupUpdated, { appGroupId: fresh.id, fields }), ...auditContext(c, fresh.id, at) });
    await recordCollectionSwitch(tx, c, group!, fresh.billingCollection, at);
    return appGroupView(group!, await groupApplications(tx, fresh.id));
  });
}

/** What an icon request asks for: an outside URL (or null to clear it), or an upload in the request's multipart body. */
export type IconChange = { iconUrl: string | null } | { upload: Request };

/**
 * Sets or clears the group's icon. An upload is checked and stored (icons.ts) before the
 * write, and deleted again if the write fails; a stored icon the change replaces is
 * deleted after the commit.
 */
export async function setAppGroupIcon(deps: Deps & Pick<AppContext, "blobs">, c: AppsCaller, groupId: string, change: IconChange): Promise<AppGroupView> {
  assertCan(c.actor, APP_SCOPES.groupUpdate);
  const url = "iconUrl" in change ? cleanIconUrl(change.iconUrl, "iconUrl") : null;
  const current = await visibleGroup(deps.db.read, c, groupId);
  const stored = "upload" in change ? await storeIcon(deps, current, await readIconUpload(change.upload)) : null;
  const iconUrl = stored?.iconUrl ?? url;
  const at = deps.clock.now();
  let result: { view: AppGroupView; replaced: string | null };
  try {
    result = await deps.db.write(async (tx) => {
      await tx.lock(`app_group:${current.id}`);
      const fresh = await visibleGroup(tx, c, current.id);
      const [group] = await tx.update(appGroups).set({ iconUrl, updatedAt: at }).where(eq(appGroups.id, fresh.id)).returning();
      await appendAudit(tx, { ...auditEvent(CUSTOMER_EVENTS.appGroupIconChanged, { appGroupId: fresh.id, iconUrl }), ...auditContext(c, fresh.id, at) });
      return { view: appGroupView(group!, await groupApplications(tx, fresh.id)), replaced: fresh.iconUrl };
    });
  } catch (error) {
    if (stored) await discardIcon(deps, stored.blobKey);
    throw error;
  }
  await discardReplacedIcon(deps, current, result.replaced, iconUrl);
  return result.view;
}

/**
 * Deletes a group: the row stays (its key is never reused) and its applications go with
 * it. An uploaded icon is deleted after the commit: nothing serves it any more.
 */
export async function deleteAppGroup(deps: Deps & Pick<AppContext, "blobs" | "customDomains">, c: AppsCaller, groupId: string): Promise<{ deleted: true; id: string; groupKey: string }> {
  assertCan(c.actor, APP_SCOPES.groupDelete);
  const current = await visibleGroup(deps.db.read, c, groupId);
  const at = deps.clock.now();
  const deleted = await deps.db.write(async (tx) => {
    await tx.lock(`app_group:${current.id}`);
    const group = await visibleGroup(tx, c, current.id);
    const removed = await tx.delete(applications).where(eq(applications.appGroupId, group.id)).returning({ id: applications.id });
    await tx.update(appGroups).set({ deletedAt: at, updatedAt: at, billingCollection: false }).where(eq(appGroups.id, group.id));
    await appendAudit(tx, {
      ...auditEvent(CUSTOMER_EVENTS.appGroupDeleted, { appGroupId: group.id, key: group.key, name: group.name, applicationIds: removed.map((r) => r.id) }),
      ...auditContext(c, group.id, at),
    });
    // Its custom login domain stops being served (the row stays listed until the owner removes it).
    await deps.customDomains.hosts.publish(tx);
    return { deleted: true as const, id: group.id, groupKey: group.key, iconUrl: group.iconUrl };
  });
  await deps.customDomains.hosts.changed();
  await discardReplacedIcon(deps, current, deleted.iconUrl, null);
  return { deleted: true, id: deleted.id, groupKey: deleted.groupKey };
}

// --- Applications ----------------------------------------------------------------------

type ApplicationState = Pick<ApplicationRow, "name" | "platform" | "environment" | "allowedOrigins" | "callbackUrls" | "oidc" | "saml">;

/**
 * Validates an application's whole configuration, since the rules depend on each
 * other (a native platform forbids turning PKCE off and allows private-use schemes).
 * `prefix` names where the fields sit in the request ("firstApplication.").
 */
function normaliseApplication(state: ApplicationState, prefix = ""): ApplicationState {
  const nativeApp = PUBLIC_CLIENT_PLATFORMS.includes(state.platform);
  const redirect = (value: string, field: string) => validateRedirectUrl(value, field, { allowPrivateScheme: nativeApp });
  const oidc = state.oidc;
  if (new Set(oidc.grantTypes).size !== oidc.grantTypes.length) throw invalidField("duplicateEntry", `${prefix}oidc.grantTypes`, "a grant type is listed twice");
  if (oidc.grantTypes.includes("client_credentials") && state.platform !== "server") {
    throw invalidField("invalidGrantTypes", `${prefix}oidc.grantTypes`, "client_credentials is for server applications, which can keep a secret");
  }
  if (!oidc.pkceRequired && state.platform !== "web" && state.platform !== "server") {
    throw invalidField("pkceRequired", `${prefix}oidc.pkceRequired`, "native applications cannot keep a secret, so PKCE stays required");
  }
  return {
    name: cleanName(state.name, `${prefix}name`),
    platform: state.platform,
    environment: state.environment,
    allowedOrigins: validateList(state.allowedOrigins, `${prefix}allowedOrigins`, validateOrigin),
    callbackUrls: validateList(state.callbackUrls, `${prefix}callbackUrls`, redirect),
    oidc: {
      pkceRequired: oidc.pkceRequired,
      grantTypes: [...oidc.grantTypes],
      scopes: validateList(oidc.scopes, `${prefix}oidc.scopes`, (s) => s),
      postLogoutRedirectUris: validateList(oidc.postLogoutRedirectUris, `${prefix}oidc.postLogoutRedirectUris`, redirect),
    },
    saml: state.saml === null ? null : validateSaml(state.saml, `${prefix}saml`),
  };
}

function validateSaml(saml: NonNullable<ApplicationRow["saml"]>, field: string): NonNullable<ApplicationRow["saml"]> {
  const entityId = saml.entityId.trim();
  const entityUrl = /^urn:[a-z0-9][a-z0-9-]{0,31}:[^\s]+$/i.test(entityId) ? null : strictUrl(entityId);
  if (entityUrl === null && !/^urn:/i.test(entityId)) throw invalidField("invalidSaml", `${field}.entityId`, "an EntityID is an absolute URL or a URN");
  if (entityUrl && !["https:", "http:"].includes(entityUrl.protocol)) throw invalidField("invalidSaml", `${field}.entityId`, "an EntityID URL uses http or https");
  let acsUrl: string;
  try {
    acsUrl = validateRedirectUrl(saml.acsUrl, `${field}.acsUrl`, { allowPrivateScheme: false });
  } catch {
    throw invalidField("invalidSaml", `${field}.acsUrl`, "an ACS URL is https (http only on localhost), without credentials or fragment");
  }
  return { entityId, acsUrl };
}

async function requireFreeSlot(tx: Tx, groupId: string, platform: string, environment: string, exceptId: string | null): Promise<void> {
  const [taken] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.appGroupId, groupId), eq(applications.platform, platform), eq(applications.environment, environment), ...(exceptId ? [ne(applications.id, exceptId)] : [])));
  if (taken) {
    throw appErrors.error("applicationExists", { field: "platform", message: `this app group already has a ${platform} application for ${environment}`, applicationId: taken.id });
  }
}

async function insertApplication(tx: Tx, c: AppsCaller, group: AppGroupRow, state: ApplicationState, at: number): Promise<ApplicationRow> {
  await tx.lock(`app_group:${group.id}`);
  await requireFreeSlot(tx, group.id, state.platform, state.environment, null);
  const id = newHexId();
  const [app] = await tx
    .insert(applications)
    .values({ id, orgId: c.org.id, appGroupId: group.id, clientKey: `client_${id}`, status: "active", ...state, createdBy: actorId(c.actor), createdAt: at, updatedAt: at })
    .returning();
  await appendAudit(tx, {
    ...auditEvent(CUSTOMER_EVENTS.applicationCreated, { applicationId: id, clientKey: app!.clientKey, name: app!.name, platform: app!.platform, environment: app!.environment }),
    ...auditContext(c, group.id, at),
  });
  return app!;
}

export async function createApplication(deps: Deps, c: AppsCaller, groupId: string, input: ApplicationCreateInput): Promise<ApplicationView> {
  assertCan(c.actor, APP_SCOPES.applicationCreate);
  const state = normaliseApplication({ ...input, oidc: { ...DEFAULT_OIDC, ...input.oidc }, saml: input.saml ?? null });
  const group = await visibleGroup(deps.db.read, c, groupId);
  const at = deps.clock.now();
  return deps.db.write(async (tx) => {
    const live = await visibleGroup(tx, c, group.id);
    return applicationView(await insertApplication(tx, c, live, state, at));
  });
}

export async function updateApplication(deps: Deps, c: AppsCaller, appId: string, input: ApplicationUpdateInput): Promise<ApplicationView> {
  assertCan(c.actor, APP_SCOPES.applicationUpdate);
  const { app: current } = await visibleApplication(deps.db.read, c, appId);
  const merged: ApplicationState = {
    name: input.name ?? current.name,
    platform: input.platform ?? current.platform,
    environment: input.environment ?? current.environment,
    allowedOrigins: input.allowedOrigins ?? current.allowedOrigins,
    callbackUrls: input.callbackUrls ?? current.callbackUrls,
    oidc: { ...current.oidc, ...input.oidc },
    saml: input.saml === undefined ? (current.saml ?? null) : input.saml,
  };
  const state = normaliseApplication(merged);
  const fields = Object.keys(input).filter((k) => input[k as keyof ApplicationUpdateInput] !== undefined);
  const at = deps.clock.now();
  return deps.db.write(async (tx) => {
    await tx.lock(`app_group:${current.appGroupId}`);
    const { app } = await visibleApplication(tx, c, current.id);
    await requireFreeSlot(tx, app.appGroupId, state.platform, state.environment, app.id);
    const [updated] = await tx.update(applications).set({ ...state, updatedAt: at }).where(eq(applications.id, app.id)).returning();
    await appendAudit(tx, { ...auditEvent(CUSTOMER_EVENTS.applicationUpdated, { applicationId: app.id, fields }), ...auditContext(c, app.appGroupId, at) });
    return applicationView(updated!);
  });
}

export async function setApplicationStatus(deps: Deps, c: AppsCaller, appId: string, status: ApplicationStatus): Promise<ApplicationView> {
  assertCan(c.actor, APP_SCOPES.applicationUpdate);
  const { app: current } = await visibleApplication(deps.db.read, c, appId);
  const at = deps.clock.now();
  return deps.db.write(async (tx) => {
    const { app } = await visibleApplication(tx, c, current.id);
    if (app.status === status) return applicationView(app);
    const [updated] = await tx.update(applications).set({ status, updatedAt: at }).where(eq(applications.id, app.id)).returning();
    await appendAudit(tx, { ...auditEvent(CUSTOMER_EVENTS.applicationStatusChanged, { applicationId: app.id, from: app.status, to: status }), ...auditContext(c, app.appGroupId, at) });
    return applicationView(updated!);
  });
}

export async function deleteApplication(deps: Deps, c: AppsCaller, appId: string): Promise<{ deleted: true; id: string; clientKey: string }> {
  assertCan(c.actor, APP_SCOPES.applicationDelete);
  const { app: current } = await visibleApplication(deps.db.read, c, appId);
  const at = deps.clock.now();
  return deps.db.write(async (tx) => {
    // The group's lock orders this after any sign-in that checked the application is live
    // (flow-tokens.ts): its rows point at the application and are written first.
    await tx.lock(`app_group:${current.appGroupId}`);
    const { app } = await visibleApplication(tx, c, current.id);
    await tx.delete(applications).where(eq(applications.id, app.id));
    await appendAudit(tx, { ...auditEvent(CUSTOMER_EVENTS.applicationDeleted, { applicationId: app.id, clientKey: app.clientKey, name: app.name }), ...auditContext(c, app.appGroupId, at) });
    return { deleted: true as const, id: app.id, clientKey: app.clientKey };
  });
}

/** Issues a new client secret: returned once, stored as SHA-256; the previous one stops working at once. */
export async function rotateClientSecret(deps: Deps, c: AppsCaller, appId: string): Promise<{ clientKey: string; clientSecret: string; secretRotatedAt: string }> {
  assertCan(c.actor, APP_SCOPES.applicationRotateSecret);
  const { app: current } = await visibleApplication(deps.db.read, c, appId);
  const clientSecret = `cs_${randomSecret(32)}`;
  const at = deps.clock.now();
  await deps.db.write(async (tx) => {
    const { app } = await visibleApplication(tx, c, current.id);
    await tx.update(applications).set({ clientSecretHash: sha256Hex(clientSecret), secretRotatedAt: at, updatedAt: at }).where(eq(applications.id, app.id));
    await appendAudit(tx, {
      ...auditEvent(CUSTOMER_EVENTS.applicationSecretRotated, { applicationId: app.id, clientKey: app.clientKey, first: app.clientSecretHash === null }),
      ...auditContext(c, app.appGroupId, at),
    });
  });
  return { clientKey: current.clientKey, clientSecret, secretRotatedAt: new Date(at).toISOString() };
}

/** True when `presented` is the application's current client secret (compared in constant time). */
export function clientSecretMatches(app: Pick<ApplicationRow, "clientSecretHash">, presented: string): boolean {
  if (!app.clientSecretHash) return false;
  return timingSafeEqual(Buffer.from(sha256Hex(presented), "hex"), Buffer.from(app.clientSecretHash, "hex"));
}

// --- Deployment account (Cloudflare) ---------------------------------------------------

function cloudflareContext(appId: string): string {
  return `applications:${appId}:cloudflare`;
}

export async function getCloudflare(deps: Pick<Deps, "db">, c: AppsCaller, appId: string): Promise<ApplicationView["cloudflare"]> {
  assertCan(c.actor, APP_SCOPES.applicationRead);
  return cloudflareView((await visibleApplication(deps.db.read, c, appId)).app);
}

export async function connectCloudflare(deps: Deps, c: AppsCaller, appId: string, input: { accountId: string; token: string }): Promise<ApplicationView["cloudflare"]> {
  assertCan(c.actor, APP_SCOPES.applicationUpdate);
  const { app: current } = await visibleApplication(deps.db.read, c, appId);
  const sealed = await deps.secrets.seal(input.token, cloudflareContext(current.id));
  const at = deps.clock.now();
  return deps.db.write(async (tx) => {
    const { app } = await visibleApplication(tx, c, current.id);
    const [updated] = await tx
      .update(applications)
      .set({ cloudflareAccountId: input.accountId, cloudflareTokenSealed: sealed, cloudflareConnectedAt: at, updatedAt: at })
      .where(eq(applications.id, app.id))
      .returning();
    await appendAudit(tx, { ...auditEvent(CUSTOMER_EVENTS.applicationCloudflareConnected, { applicationId: app.id, accountId: input.accountId }), ...auditContext(c, app.appGroupId, at) });
    return cloudflareView(updated!);
  });
}

export async function disconnectCloudflare(deps: Deps, c: AppsCaller, appId: string): Promise<ApplicationView["cloudflare"]> {
  assertCan(c.actor, APP_SCOPES.applicationUpdate);
  const { app: current } = await visibleApplication(deps.db.read, c, appId);
  const at = deps.clock.now();
  return deps.db.write(async (tx) => {
    const { app } = await visibleApplication(tx, c, current.id);
    if (app.cloudflareTokenSealed === null) return cloudflareView(app);
    const [updated] = await tx
      .update(applications)
      .set({ cloudflareAccountId: null, cloudflareTokenSealed: null, cloudflareConnectedAt: null, updatedAt: at })
      .where(eq(applications.id, app.id))
      .returning();
    await appendAudit(tx, { ...auditEvent(CUSTOMER_EVENTS.applicationCloudflareDisconnected, { applicationId: app.id, accountId: app.cloudflareAccountId ?? "" }), ...auditContext(c, app.appGroupId, at) });
    return cloudflareView(updated!);
  });
}

/** The deployment token in the clear, for the deployment code that uses it; null when none is connected. */
export async function cloudflareToken(deps: Pick<AppContext, "secrets">, app: Pick<ApplicationRow, "id" | "cloudflareTokenSealed">): Promise<string | null> {
  return app.cloudflareTokenSealed ? deps.secrets.open(app.cloudflareTokenSealed, cloudflareContext(app.id)) : null;
}

// --- For the public routes ---------------------------------------------------------------

/**
 * The application behind a public `{applicationKey}` with its app group, or null when the
 * key is unknown, the application is disabled or its group deleted: the public routes
 * answer all three with the same 404.
 */
export async function findActiveApplication(reader: Queryable, clientKey: string): Promise<{ application: ApplicationRow; appGroup: AppGroupRow } | null> {
  if (!clientKey.startsWith("client_")) return null;
  const [row] = await reader
    .select({ application: applications, appGroup: appGroups })
    .from(applications)
    .innerJoin(appGroups, eq(appGroups.id, applications.appGroupId))
    .where(and(eq(applications.clientKey, clientKey), eq(applications.status, "active"), isNull(appGroups.deletedAt)));
  return row ?? null;
}

/** A live app group of an organization by its key (public v1 by-key), or null. */
export async function findAppGroupByKey(reader: Queryable, orgId: string, groupKey: string): Promise<AppGroupRow | null> {
  if (!groupKey.startsWith("appgroup_")) return null;
  return liveGroup(reader, orgId, groupKey);
}

/** The live app groups of an organization, oldest first (public v1 list). */
export async function liveAppGroups(reader: Queryable, orgId: string): Promise<AppGroupRow[]> {
  return reader.select().from(appGroups).where(and(eq(appGroups.orgId, orgId), isNull(appGroups.deletedAt))).orderBy(asc(appGroups.createdAt), asc(appGroups.id));
}

