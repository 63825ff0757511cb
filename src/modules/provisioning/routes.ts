/**
 * Provisioning's routes (spec 4.4, 4.10, 5.1; docs/scim.md):
 *
 * - /api/org/{slug}/settings/scim/tokens: the owner or an admin creates (POST), lists
 *   (GET), revokes (DELETE) and erases (DELETE …/hard) the organization's SCIM tokens;
 *   answers in the ordinary error body.
 * - /scim/v2/{orgSlug}/…: SCIM 2.0 for an identity provider holding a SCIM token of that
 *   organization (another organization's token, a revoked one or none: 401). Answers in
 *   SCIM's format, errors included (scim-format.ts).
 *
 * The rules live in tokens.ts, users.ts and groups.ts; this file holds none.
 */
import { Elysia, t, type TSchema } from "elysia";
import type { AppContext } from "../../context";
import { declaresErrors, kernelErrors } from "../../platform/http/error-catalog";
import { requestInfo } from "../../platform/http/kernel";
import { bearerToken } from "../identity/index";
import { callerOf, ORG_GUARD_ERRORS, orgById, orgGuard, type Organization, type OrgActor, SlugParams } from "../orgs/index";
import type { ScimCaller } from "./caller";
import { provisioningErrors } from "./errors";
import { resourceType, resourceTypeList, schemaById, schemaList, serviceProviderConfig } from "./discovery";
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from "./groups";
import * as M from "./model";
import { scimFormat } from "./scim-format";
import { createScimToken, eraseScimTokens, listScimTokens, MAX_LIVE_SCIM_TOKENS, revokeScimTokens, findScimToken } from "./tokens";
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser } from "./users";

const TOKENS = ["SCIM tokens"];
const DISCOVERY = ["SCIM discovery"];
const USERS = ["SCIM Users"];
const GROUPS = ["SCIM Groups"];

const ADMIN = " Only the owner or an admin, signed in to the dashboard (403 admin_required; an M2M token: 403 machine_not_allowed).";

function adminCaller(context: { org: Organization; orgActor: OrgActor; request: Request }) {
  return callerOf(context.org, context.orgActor, context.request);
}

function scimBaseOf(ctx: AppContext, slug: string): string {
  return `${ctx.config.baseUrl.replace(/\/+$/, "")}/scim/v2/${slug}`;
}

function tokenRoutes(ctx: AppContext) {
  return new Elysia({ name: "provisioning.tokens", prefix: "/api/org/:slug/settings/scim/tokens" })
    .use(orgGuard(ctx))
    .post(
      "",
      async (c) => {
        const created = await createScimToken(ctx, adminCaller(c));
        c.set.headers["cache-control"] = "no-store";
        return c.status(201, { ...created, scimBaseUrl: scimBaseOf(ctx, c.org.slug) });
      },
      {
        org: true,
        params: SlugParams,
        response: { 201: M.CreatedScimToken },
        detail: {
          tags: TOKENS,
          summary: "Create a SCIM token",
          description:
            "The token (`ah_scim_` and 256 random bits) is in this response only; Signet keeps its SHA-256. Configure it, with scimBaseUrl, in the identity provider: " +
            `it authenticates /scim/v2/{slug} of this organization only. 409 too_many_scim_tokens beyond ${MAX_LIVE_SCIM_TOKENS} live tokens. Emits org.scim.token_created.${ADMIN}`,
          ...declaresErrors(...ORG_GUARD_ERRORS, "admin_required", "too_many_scim_tokens"),
        },
      },
    )
    .get("", (c) => listScimTokens(ctx, adminCaller(c)), {
      org: true,
      params: SlugParams,
      response: t.Array(M.ScimTokenView),
      detail: {
        tags: TOKENS,
        summary: "List SCIM tokens",
        description: `Every token row of the organization, revoked ones included, oldest first; never the token itself.${ADMIN}`,
        ...declaresErrors(...ORG_GUARD_ERRORS, "admin_required"),
      },
    })
    .delete("", (c) => revokeScimTokens(ctx, adminCaller(c), c.query.tokenId), {
      org: true,
      params: SlugParams,
      query: M.TokenQuery,
      response: M.RevokedTokens,
      detail: {
        tags: TOKENS,
        summary: "Revoke SCIM tokens",
        description:
          "Revokes every live SCIM token of the organization (or only ?tokenId=): they stop working at once (401 on /scim/v2). The rows stay, so the audit trail can name them; " +
          `DELETE …/hard erases them. Revoking what is already revoked changes nothing. 404 scim_token_not_found for an unknown tokenId. Emits org.scim.token_revoked.${ADMIN}`,
        ...declaresErrors(...ORG_GUARD_ERRORS, "admin_required", "scim_token_not_found"),
      },
    })
    .delete("/hard", (c) => eraseScimTokens(ctx, adminCaller(c), c.query.tokenId), {
      org: true,
      params: SlugParams,
      query: M.TokenQuery,
      response: M.ErasedTokens,
      detail: {
        tags: TOKENS,
        summary: "Erase SCIM tokens",
        description:
          "Erases every SCIM token row of the organization, live or revoked (or only ?tokenId=). A live one stops working at once. The audit events stay. " +
          `404 scim_token_not_found for an unknown tokenId. Emits org.scim.token_erased.${ADMIN}`,
        ...declaresErrors(...ORG_GUARD_ERRORS, "admin_required", "scim_token_not_found"),
      },
    });
}

/** The SCIM token of the request's organization, or 401: none, malformed, unknown, revoked, or another organization's. */
function scimAuth(ctx: AppContext) {
  return new Elysia({ name: "provisioning.scim-auth" }).derive({ as: "scoped" }, async ({ request, params }) => {
    const bearer = bearerToken(request);
    if (!bearer) throw kernelErrors.error("unauthorized", { message: "send the organization's SCIM token as Authorization: Bearer" });
    const token = await findScimToken(ctx.db.read, bearer);
    const slug = String((params as Record<string, unknown> | undefined)?.orgSlug ?? "").toLowerCase();
    const org = token ? await orgById(ctx.db.read, token.orgId) : null;
    if (!token || !org || org.slug !== slug) throw kernelErrors.error("unauthorized", { message: "the SCIM token is unknown, revoked, or not this organization's" });
    const info = requestInfo(request);
    const scim: ScimCaller = { org, tokenId: token.id, requestId: info.id, ip: info.ip, userAgent: request.headers.get("user-agent"), base: scimBaseOf(ctx, org.slug) };
    return { scim };
  });
}

/**
 * A SCIM body: documented by its (loose) schema, and refused with 400 invalidSyntax when
 * it is not a JSON object, checked on the raw body before Elysia's validation (which
 * would otherwise make an object of a string or a list).
 */
function scimBody<S extends TSchema>(schema: S) {
  return {
    body: schema,
    transform({ body }: { body: unknown }) {
      if (body === null || typeof body !== "object" || Array.isArray(body)) throw provisioningErrors.error("invalidSyntax", { message: "the body is a JSON object" });
    },
  };
}

const WHO = " Authorization: Bearer with a SCIM token of this organization (401 otherwise). Answers application/scim+json; errors in SCIM's body (schemas, status, scimType, detail).";
const READ_ERRORS = ["unauthorized", "not_found", "invalid_filter", "invalid_value"];
const WRITE_ERRORS = [...READ_ERRORS, "invalid_syntax", "invalid_path", "no_target", "mutability", "uniqueness", "owner_required", "email_domain_not_allowed", "invalid_email", "invalid_name", "role_in_use"];
const LIST_DOC = 'filter (eq ne co sw ew pr gt ge lt le, and, or, not, parentheses, value filters such as emails[type eq "work"]), startIndex, count (at most 200), attributes, excludedAttributes; sortBy is ignored.';

function scimRoutes(ctx: AppContext) {
  return (
    new Elysia({ name: "provisioning.scim", prefix: "/scim/v2/:orgSlug" })
      .use(scimFormat())
      .use(scimAuth(ctx))
      .get("/ServiceProviderConfig", ({ scim }) => serviceProviderConfig(scim), {
        params: M.ScimParams,
        response: M.ScimResource,
        detail: { tags: DISCOVERY, summary: "Service provider configuration", description: `What this service provider supports (RFC 7643 §5).${WHO}`, ...declaresErrors("unauthorized") },
      })
      .get("/ResourceTypes", ({ scim }) => resourceTypeList(scim), {
        params: M.ScimParams,
        response: M.ScimListResponse,
        detail: { tags: DISCOVERY, summary: "Resource types", description: `User (with the enterprise extension) and Group (RFC 7643 §6).${WHO}`, ...declaresErrors("unauthorized") },
      })
      .get("/ResourceTypes/:id", ({ scim, params }) => resourceType(scim, params.id), {
        params: M.ScimResourceParams,
        response: M.ScimResource,
        detail: { tags: DISCOVERY, summary: "One resource type", description: `User or Group.${WHO}`, ...declaresErrors("unauthorized", "not_found") },
      })
      .get("/Schemas", ({ scim }) => schemaList(scim), {
        params: M.ScimParams,
        response: M.ScimListResponse,
        detail: {
          tags: DISCOVERY,
          summary: "Schemas",
          description: `The User, enterprise User and Group schemas (RFC 7643 §7), listing only the attributes Signet keeps.${WHO}`,
          ...declaresErrors("unauthorized"),
        },
      })
      .get("/Schemas/:id", ({ scim, params }) => schemaById(scim, params.id), {
        params: M.ScimSchemaParams,
        response: M.ScimResource,
        detail: { tags: DISCOVERY, summary: "One schema", description: `By its URN.${WHO}`, ...declaresErrors("unauthorized", "not_found") },
      })
      .get("/Users", ({ scim, query }) => listUsers(ctx, scim, query), {
        params: M.ScimParams,
        query: M.ScimListQuery,
        response: M.ScimListResponse,
        detail: { tags: USERS, summary: "List Users", description: `The organization's members, oldest first. ${LIST_DOC}${WHO}`, ...declaresErrors(...READ_ERRORS) },
      })
      .post(
        "/Users",
        async ({ scim, body, set }) => {
          const user = await createUser(ctx, scim, body);
          set.status = 201;
          set.headers.location = (user.meta as { location: string }).location;
          return user;
        },
        {
          params: M.ScimParams,
          ...scimBody(M.ScimUserBody),
          response: { 201: M.ScimResource },
          detail: {
            tags: USERS,
            summary: "Create a User",
            description:
              "Finds or creates the dashboard account of the User's e-mail and makes it a member (Member role, a scim badge); a member no User manages yet is adopted. " +
              `userName and externalId are unique in the organization (409 uniqueness). Emits org.scim.user_created and org.member.added.${WHO}`,
            ...declaresErrors(...WRITE_ERRORS),
          },
        },
      )
      .get("/Users/:id", ({ scim, params, query }) => getUser(ctx, scim, params.id, query), {
        params: M.ScimResourceParams,
        query: M.ScimProjectionQuery,
        response: M.ScimResource,
        detail: { tags: USERS, summary: "Get a User", description: `By id (the member's ConnectedId); attributes and excludedAttributes apply.${WHO}`, ...declaresErrors(...READ_ERRORS) },
      })
      .put("/Users/:id", ({ scim, params, body }) => replaceUser(ctx, scim, params.id, body), {
        params: M.ScimResourceParams,
        ...scimBody(M.ScimUserBody),
        response: M.ScimResource,
        detail: {
          tags: USERS,
          summary: "Replace a User",
          description: `The User becomes what the body says; attributes left out are cleared. active false suspends the badge. Emits org.scim.user_updated when something changed.${WHO}`,
          ...declaresErrors(...WRITE_ERRORS),
        },
      })
      .patch("/Users/:id", ({ scim, params, body }) => patchUser(ctx, scim, params.id, body), {
        params: M.ScimResourceParams,
        ...scimBody(M.ScimPatchBody),
        response: M.ScimResource,
        detail: {
          tags: USERS,
          summary: "Patch a User",
          description: `RFC 7644 §3.5.2, with what real clients send: op in any case, values without a path, booleans as "True". Emits org.scim.user_updated when something changed.${WHO}`,
          ...declaresErrors(...WRITE_ERRORS),
        },
      })
      .delete(
        "/Users/:id",
        async ({ scim, params, set }) => {
          await deleteUser(ctx, scim, params.id);
          set.status = 204;
        },
        {
          params: M.ScimResourceParams,
          detail: {
            tags: USERS,
            summary: "Delete a User",
            description: `Revokes the member's badge (final) and ends the membership; the dashboard account stays. The owner and admins: 403. Emits org.scim.user_deleted.${WHO}`,
            ...declaresErrors("unauthorized", "not_found", "owner_required"),
          },
        },
      )
      .get("/Groups", ({ scim, query }) => listGroups(ctx, scim, query), {
        params: M.ScimParams,
        query: M.ScimListQuery,
        response: M.ScimListResponse,
        detail: { tags: GROUPS, summary: "List Groups", description: `The organization's custom roles with their active holders as members. ${LIST_DOC}${WHO}`, ...declaresErrors(...READ_ERRORS) },
      })
      .post(
        "/Groups",
        async ({ scim, body, set }) => {
          const group = await createGroup(ctx, scim, body);
          set.status = 201;
          set.headers.location = (group.meta as { location: string }).location;
          return group;
        },
        {
          params: M.ScimParams,
          ...scimBody(M.ScimGroupBody),
          response: { 201: M.ScimResource },
          detail: {
            tags: GROUPS,
            summary: "Create a Group",
            description: `Creates a custom role (the built-in Member's scopes) and gives it to the members named. Emits org.scim.group_created and org.role.created.${WHO}`,
            ...declaresErrors(...WRITE_ERRORS),
          },
        },
      )
      .get("/Groups/:id", ({ scim, params, query }) => getGroup(ctx, scim, params.id, query), {
        params: M.ScimResourceParams,
        query: M.ScimProjectionQuery,
        response: M.ScimResource,
        detail: { tags: GROUPS, summary: "Get a Group", description: `By id (the role's id); attributes and excludedAttributes apply.${WHO}`, ...declaresErrors(...READ_ERRORS) },
      })
      .put("/Groups/:id", ({ scim, params, body }) => replaceGroup(ctx, scim, params.id, body), {
        params: M.ScimResourceParams,
        ...scimBody(M.ScimGroupBody),
        response: M.ScimResource,
        detail: {
          tags: GROUPS,
          summary: "Replace a Group",
          description: `Renames the role and makes its active holders exactly the members named (those left out return to Member). Emits org.scim.group_updated.${WHO}`,
          ...declaresErrors(...WRITE_ERRORS),
        },
      })
      .patch("/Groups/:id", ({ scim, params, body }) => patchGroup(ctx, scim, params.id, body), {
        params: M.ScimResourceParams,
        ...scimBody(M.ScimPatchBody),
        response: M.ScimResource,
        detail: {
          tags: GROUPS,
          summary: "Patch a Group",
          description: `Rename, add members, remove them by members[value eq "…"], by a value list, or all. Emits org.scim.group_updated.${WHO}`,
          ...declaresErrors(...WRITE_ERRORS),
        },
      })
      .delete(
        "/Groups/:id",
        async ({ scim, params, set }) => {
          await deleteGroup(ctx, scim, params.id);
          set.status = 204;
        },
        {
          params: M.ScimResourceParams,
          detail: {
            tags: GROUPS,
            summary: "Delete a Group",
            description: `Deletes the custom role; its holders return to Member. A role a pending invitation or a service account holds: 409 role_in_use. Emits org.scim.group_deleted.${WHO}`,
            ...declaresErrors("unauthorized", "not_found", "role_in_use"),
          },
        },
      )
      // Any other path under a SCIM base answers SCIM's 404, not the kernel's.
      .all(
        "/*",
        () => {
          throw kernelErrors.error("notFound", { message: "no such SCIM endpoint" });
        },
        { detail: { hide: true } },
      )
  );
}

export function provisioningRoutes(ctx: AppContext) {
  return [tokenRoutes(ctx), scimRoutes(ctx)];
}
