/**
 * App groups and applications: the dashboard routes (`/api/org/{slug}/app-groups`,
 * `/applications`; people or M2M tokens), the public v1 app-group lookups (4.2) and the
 * CORS preflight of an application's public routes. The rules live in service.ts;
 * docs/apps.md describes the routes and the choices the spec leaves open.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../context";
import { strictBody } from "../../../platform/http/strict-body";
import { callerOf, type Organization, type OrgCaller, orgGuard, OrgSlug, SlugParams } from "../../orgs/index";
import { matchOrg, publicApiGuard, requiresScope } from "../../access/index";
import { APP_SCOPES } from "./scopes";
import { ApiError } from "../../../platform/http/errors";
import { appCorsPreflight } from "./cors";
import { ICON_ROUTE_PREFIX, serveIcon } from "./icons";
import * as M from "./model";
import {
  connectCloudflare,
  createAppGroup,
  createApplication,
  deleteAppGroup,
  deleteApplication,
  disconnectCloudflare,
  findAppGroupByKey,
  getAppGroup,
  getApplication,
  getCloudflare,
  keyScopeAdmitsGroup,
  listAppGroups,
  listApplications,
  liveAppGroups,
  rotateClientSecret,
  setAppGroupIcon,
  setApplicationStatus,
  updateAppGroup,
  updateApplication,
  type AppsCaller,
} from "./service";
import { kernelErrors } from "../../../platform/http/error-catalog";

const tags = ["App groups"];
const WHO =
  " A session of a member holding the scope, or an M2M token whose key holds it (Owner and Admin hold every app scope; a Member gets 403 PERMISSION_DENIED). " +
  "A key scoped to one app group sees only that group: any other answers 404.";
const NOT_FOUND = " An unknown id, or one of another organization, is 404 not_found.";

const GroupParams = t.Object({ slug: OrgSlug, groupId: t.String({ maxLength: 100, description: "The app group's id or groupKey" }) });
const AppParams = t.Object({ slug: OrgSlug, appId: t.String({ maxLength: 100, description: "The application's id or clientKey" }) });
const Deleted = (key: "groupKey" | "clientKey") => t.Object({ deleted: t.Literal(true), id: t.String(), [key]: t.String() });

/** The route context's Caller (orgs' callerOf). */
function appsCaller(context: { org: Organization; orgCaller: OrgCaller; request: Request }): AppsCaller {
  return callerOf(context.org, context.orgCaller, context.request);
}

export function appRoutes(ctx: AppContext) {
  return new Elysia({ name: "apps" })
    .use(appGroupRoutes(ctx))
    .use(applicationRoutes(ctx))
    .use(publicAppGroupRoutes(ctx))
    .use(publicIconRoutes(ctx))
    .use(appCorsPreflight(ctx));
}

/** POST /icon takes JSON {iconUrl}, or a multipart body that the service reads as a stream: Elysia must not buffer it. */
const ICON_UPLOAD = Symbol("multipart icon upload");
const iconJson = strictBody(M.IconSet);
const iconBody = {
  parse: [({ contentType }: { contentType: string }) => (contentType?.toLowerCase().startsWith("multipart/form-data") ? ICON_UPLOAD : undefined)],
  transform(context: { body: unknown }) {
    if (context.body !== ICON_UPLOAD) iconJson.transform(context);
  },
};

function appGroupRoutes(ctx: AppContext) {
  return new Elysia({ name: "apps.groups", prefix: "/api/org/:slug/app-groups" })
    .use(orgGuard(ctx))
    .get("/", (c) => listAppGroups(ctx, appsCaller(c)), {
      orgOrGroupMachine: true,
      params: SlugParams,
      response: t.Array(M.AppGroup),
      detail: { tags, summary: "List app groups", description: `Every live app group with its applications, oldest first. Needs org.app_group.list.${WHO}` },
    })
    .post("/", async (c) => c.status(201, await createAppGroup(ctx, appsCaller(c), c.body)), {
      orgOrGroupMachine: true,
      params: SlugParams,
      ...strictBody(M.AppGroupCreate),
      response: { 201: M.AppGroup },
      detail: {
        tags,
        summary: "Create an app group (a brand) with its first application",
        description:
          "Body per spec 2.2: name (required, at most 200), description (at most 1000), iconUrl (https, at most 500), brandColor (#RRGGBB); each failure is 400 naming the field. " +
          "Also branding, loginMethods, passkeyRpId, socialProviders (client secrets are write-only and sealed), botProtection, billingCollection (needs view.billing: " +
          "403 PERMISSION_DENIED; the plan's count of collecting groups: 403 UPGRADE_REQUIRED feature billing.collect) and firstApplication (default: web, production, named after the group). " +
          "The key is appgroup_<id>. Emits appgroup.created and appgroup.application.created; the owner is e-mailed. " +
          `Needs org.app_group.create and org.application.create.${WHO}`,
      },
    })
    .get("/:groupId", (c) => getAppGroup(ctx, appsCaller(c), c.params.groupId), {
      orgOrGroupMachine: true,
      params: GroupParams,
      response: M.AppGroup,
      detail: { tags, summary: "Read an app group", description: `The group with its settings (no secrets) and applications. Needs org.app_group.read.${NOT_FOUND}${WHO}` },
    })
    .put("/:groupId", (c) => updateAppGroup(ctx, appsCaller(c), c.params.groupId, c.body), {
      orgOrGroupMachine: true,
      params: GroupParams,
      ...strictBody(M.AppGroupUpdate),
      response: M.AppGroup,
      detail: {
        tags,
        summary: "Change an app group",
        description:
          "Fields left out keep their value; branding and loginMethods merge field by field; socialProviders replace per provider (null removes one; a left-out clientSecret keeps the stored one). " +
          "The same field rules as create. Switching billingCollection needs view.billing and emits appgroup.monetization.enabled or .disabled; other changes emit appgroup.updated. " +
          `Needs org.app_group.update.${NOT_FOUND}${WHO}`,
      },
    })
    .delete("/:groupId", (c) => deleteAppGroup(ctx, appsCaller(c), c.params.groupId), {
      orgOrGroupMachine: true,
      params: GroupParams,
      response: Deleted("groupKey"),
      detail: {
        tags,
        summary: "Delete an app group",
        description: `Deletes the group and its applications (their keys stop working at once); the group's key is never reused. Emits appgroup.deleted. Needs org.app_group.delete.${NOT_FOUND}${WHO}`,
      },
    })
    .post("/:groupId/apps", async (c) => c.status(201, await createApplication(ctx, appsCaller(c), c.params.groupId, c.body)), {
      orgOrGroupMachine: true,
      params: GroupParams,
      ...strictBody(M.GroupApplicationCreate),
      response: { 201: M.Application },
      detail: {
        tags,
        summary: "Add an application to an app group",
        description: `The body of POST /applications without appGroupId. One application per platform and environment: 409 application_exists. Needs org.application.create.${NOT_FOUND}${WHO}`,
      },
    })
    .post("/:groupId/icon", (c) => setAppGroupIcon(ctx, appsCaller(c), c.params.groupId, c.body === ICON_UPLOAD ? { upload: c.request } : { iconUrl: (c.body as typeof M.IconSet.static).iconUrl }), {
      orgOrGroupMachine: true,
      params: GroupParams,
      ...iconBody,
      response: M.AppGroup,
      detail: {
        tags,
        summary: "Set an app group's icon",
        description:
          "Either JSON {iconUrl}: an https URL of at most 500 characters (400 invalid_icon_url); or multipart/form-data with a part named file: a PNG, JPEG or WebP image of at most 512 KB, " +
          "recognised by its bytes whatever its Content-Type (SVG is refused). The upload is stored by Signet and iconUrl becomes its public URL " +
          `{baseUrl}${ICON_ROUTE_PREFIX}/{groupKey}/icon/{version}; an icon it replaces is deleted. Upload refusals are 400 with field file: multipart_form_required, no_file, ` +
          `file_too_large (over 512 KB), invalid_icon_type. Emits appgroup.icon_changed. Needs org.app_group.update.${NOT_FOUND}${WHO}`,
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: M.IconSet },
            "multipart/form-data": {
              schema: { type: "object" as const, required: ["file"], properties: { file: { type: "string" as const, format: "binary", description: "PNG, JPEG or WebP, at most 512 KB" } } },
            },
          },
        },
      },
    })
    .delete("/:groupId/icon", (c) => setAppGroupIcon(ctx, appsCaller(c), c.params.groupId, { iconUrl: null }), {
      orgOrGroupMachine: true,
      params: GroupParams,
      response: M.AppGroup,
      detail: { tags, summary: "Remove an app group's icon", description: `Clears iconUrl; an uploaded icon is deleted. Emits appgroup.icon_changed. Needs org.app_group.update.${NOT_FOUND}${WHO}` },
    });
}

/** The icons uploaded through POST /app-groups/{groupId}/icon, served to anyone (login pages show them). */
function publicIconRoutes(ctx: AppContext) {
  return new Elysia({ name: "apps.icons", prefix: ICON_ROUTE_PREFIX }).get("/:groupKey/icon/:version", ({ params }) => serveIcon(ctx, params.groupKey, params.version), {
    params: t.Object({ groupKey: t.String({ maxLength: 100, description: "appgroup_<id>" }), version: t.String({ maxLength: 64 }) }),
    detail: {
      tags,
      summary: "An app group's uploaded icon",
      description:
        "No key. The image bytes with the Content-Type their first bytes show (PNG, JPEG or WebP), cacheable for good (Cache-Control: public, immutable: each upload has a new URL). " +
        "404 not_found when the URL is not the group's current icon, or the group is deleted.",
      responses: {
        200: {
          description: "The icon's bytes",
          content: Object.fromEntries(["image/png", "image/jpeg", "image/webp"].map((type) => [type, { schema: { type: "string" as const, format: "binary" } }])),
        },
        404: { description: "Not the group's current icon", content: { "application/json": { schema: { type: "object" as const, properties: { error: { type: "string" as const } } } } } },
      },
    },
  });
}

function applicationRoutes(ctx: AppContext) {
  return new Elysia({ name: "apps.applications", prefix: "/api/org/:slug/applications" })
    .use(orgGuard(ctx))
    .get("/", (c) => listApplications(ctx, appsCaller(c), c.query), {
      orgOrGroupMachine: true,
      params: SlugParams,
      query: t.Object({ appGroupId: t.Optional(t.String({ maxLength: 100, description: "Only this group's (id or groupKey)" })) }),
      response: t.Array(M.Application),
      detail: { tags, summary: "List applications", description: `Applications of live app groups, oldest first. Needs org.application.list.${WHO}` },
    })
    .post("/", async (c) => c.status(201, await createApplication(ctx, appsCaller(c), c.body.appGroupId, c.body)), {
      orgOrGroupMachine: true,
      params: SlugParams,
      ...strictBody(M.ApplicationCreate),
      response: { 201: M.Application },
      detail: {
        tags,
        summary: "Create an application",
        description:
          "Body {appGroupId, name, platform (web, ios, android, desktop, server), environment (production, staging, development), allowedOrigins[], callbackUrls[], oidc?, saml?}. " +
          "The response carries id and clientKey (client_<id>). Allowed Origins are https://host[:port] (http only on loopback): 400 invalid_origin. " +
          "Callback URLs and post-logout redirects are https (http on loopback; native platforms may use their private-use scheme), without credentials, fragment, " +
          "spaces, backslashes or encoded slashes: 400 invalid_redirect_url naming the entry. OIDC: pkceRequired (default true; only web and server may turn it off: 400 pkce_required), " +
          "grantTypes (client_credentials only for server: 400 invalid_grant_types), scopes, postLogoutRedirectUris. SAML: entityId (URL or URN) and acsUrl (https): 400 invalid_saml. " +
          `A second application for the same platform and environment in the group is 409 application_exists. Emits appgroup.application.created. Needs org.application.create.${NOT_FOUND}${WHO}`,
      },
    })
    .get("/:appId", (c) => getApplication(ctx, appsCaller(c), c.params.appId), {
      orgOrGroupMachine: true,
      params: AppParams,
      response: M.Application,
      detail: { tags, summary: "Read an application", description: `Never its client secret or deployment token. Needs org.application.read.${NOT_FOUND}${WHO}` },
    })
    .put("/:appId", (c) => updateApplication(ctx, appsCaller(c), c.params.appId, c.body), {
      orgOrGroupMachine: true,
      params: AppParams,
      ...strictBody(M.ApplicationUpdate),
      response: M.Application,
      detail: {
        tags,
        summary: "Change an application",
        description: `Fields left out keep their value (oidc merges field by field; saml null removes it); the result is checked as a whole with the create rules. Emits appgroup.application.updated. Needs org.application.update.${NOT_FOUND}${WHO}`,
      },
    })
    .delete("/:appId", (c) => deleteApplication(ctx, appsCaller(c), c.params.appId), {
      orgOrGroupMachine: true,
      params: AppParams,
      response: Deleted("clientKey"),
      detail: { tags, summary: "Delete an application", description: `Its key stops working at once. Emits appgroup.application.deleted. Needs org.application.delete.${NOT_FOUND}${WHO}` },
    })
    .patch("/:appId/status", (c) => setApplicationStatus(ctx, appsCaller(c), c.params.appId, c.body.status), {
      orgOrGroupMachine: true,
      params: AppParams,
      ...strictBody(M.ApplicationStatusChange),
      response: M.Application,
      detail: {
        tags,
        summary: "Disable or enable an application",
        description: `Body {status: active | disabled}. A disabled application's public routes answer 404. Emits appgroup.application.status_changed when it changes. Needs org.application.update.${NOT_FOUND}${WHO}`,
      },
    })
    .post("/:appId/rotate-secret", (c) => rotateClientSecret(ctx, appsCaller(c), c.params.appId), {
      orgOrGroupMachine: true,
      params: AppParams,
      response: M.RotatedSecret,
      detail: {
        tags,
        summary: "Issue a new client secret",
        description: `The secret is shown once, in this response; only its SHA-256 is stored and the previous secret stops working at once. Emits appgroup.application.secret_rotated. Needs org.application.rotate_secret.${NOT_FOUND}${WHO}`,
      },
    })
    .get("/:appId/cloudflare", (c) => getCloudflare(ctx, appsCaller(c), c.params.appId), {
      orgOrGroupMachine: true,
      params: AppParams,
      response: M.CloudflareView,
      detail: { tags, summary: "The application's deployment account", description: `{connected, accountId, connectedAt}; never the token. Needs org.application.read.${NOT_FOUND}${WHO}` },
    })
    .post("/:appId/cloudflare", (c) => connectCloudflare(ctx, appsCaller(c), c.params.appId, c.body), {
      orgOrGroupMachine: true,
      params: AppParams,
      ...strictBody(M.CloudflareConnect),
      response: M.CloudflareView,
      detail: {
        tags,
        summary: "Connect a deployment account",
        description: `Body {accountId (32 hex digits), token}. The token is sealed at rest and never returned; a new connection replaces the old one. Emits appgroup.application.cloudflare_connected. Needs org.application.update.${NOT_FOUND}${WHO}`,
      },
    })
    .delete("/:appId/cloudflare", (c) => disconnectCloudflare(ctx, appsCaller(c), c.params.appId), {
      orgOrGroupMachine: true,
      params: AppParams,
      response: M.CloudflareView,
      detail: { tags, summary: "Disconnect the deployment account", description: `Forgets the account id and token. Emits appgroup.application.cloudflare_disconnected. Needs org.application.update.${NOT_FOUND}${WHO}` },
    });
}

/** Spec 4.2's app-group lookups: a key sees its own organization's groups only. */
function publicAppGroupRoutes(ctx: AppContext) {
  const publicTags = ["Public v1"];
  const OWN_ORG = " A key sees its own organization only; an app-group-scoped key sees its own group only.";
  return new Elysia({ name: "apps.public-v1", prefix: "/api/public/v1" })
    .use(publicApiGuard(ctx))
    .post(
      "/orgs/app-groups",
      async ({ keyOrg, body }) => {
        try {
          await matchOrg(ctx, keyOrg, body);
        } catch (error) {
          // No organization of the key matches: an empty list is the normal answer (4.2).
          if (error instanceof ApiError && error.status === 404) return [];
          throw error;
        }
        return (await liveAppGroups(ctx.db.read, keyOrg.id)).map((g) => ({ key: g.key, name: g.name, description: g.description }));
      },
      {
        orgWideKey: true,
        ...strictBody(t.Object({ ownerEmail: t.String({ format: "email", maxLength: 320 }), orgName: t.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false })),
        response: t.Array(M.AppGroupListItem),
        detail: {
          tags: publicTags,
          ...requiresScope(APP_SCOPES.groupList),
          summary: "App groups of an organization by owner e-mail and name",
          description: `[{key, name, description}] of the organization whose owner has ownerEmail and whose name is orgName (case and spacing aside); an empty list is normal.${OWN_ORG} Needs an org-wide key.`,
        },
      },
    )
    .post(
      "/app-groups/by-key",
      async ({ keyOrg, apiKey, body }) => {
        const group = await findAppGroupByKey(ctx.db.read, keyOrg.id, body.groupKey);
        if (!group || !keyScopeAdmitsGroup(apiKey.appGroupId, group)) throw kernelErrors.error("notFound", { message: "no such app group" });
        return M.appGroupSummary(group);
      },
      {
        apiKey: true,
        ...strictBody(t.Object({ groupKey: t.String({ minLength: 1, maxLength: 100, description: "appgroup_<id>" }) }, { additionalProperties: false })),
        response: { 200: M.AppGroupSummary, 404: t.Object({ error: t.String(), message: t.String() }) },
        detail: { ...requiresScope(APP_SCOPES.groupRead), tags: publicTags, summary: "An app group by its key", description: `Spec 2.2's shape {groupKey, id, orgId, name, description, iconUrl, brandColor}, or 404.${OWN_ORG}` },
      },
    );
}
