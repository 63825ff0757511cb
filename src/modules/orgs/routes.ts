/**
 * Organization routes: create, list and read, type upgrade, representative director,
 * settings and sub-organizations. Rules live in service.ts and settings.ts; the
 * contract is documented in docs/organizations.md.
 */
import { Elysia, t } from "elysia";
import { strictBody } from "../../platform/http/strict-body";
import type { AppContext } from "../../context";
import { requestInfo } from "../../platform/http/kernel";
import { sessionGuard } from "../identity/index";
import { callerOf } from "./access";
import { orgGuard } from "./guard";
import {
  changeOrganizationType,
  createOrganization,
  createSubOrganization,
  deleteSubOrganization,
  describeOrganization,
  listOrganizationsOf,
  listSubOrganizations,
  setRepresentative,
  SUB_ORG_LIMIT,
} from "./service";
import { stringEnum } from "../../platform/http/wire-schemas";
import type { AnySettingsSection } from "../../platform/settings";
import { allSettingsSchema, type OrgSettingsSection, readSettings, settingsSectionsOf, updateSettingsSection } from "./settings";
import { ORG_TYPES, SUB_ORG_TYPES } from "./types";

const TAGS = ["Organizations"];
const strict = { additionalProperties: false } as const;

const OrgType = stringEnum(ORG_TYPES, { description: "personal | corporation | project (an SPV)" });
const SubOrgType = stringEnum(SUB_ORG_TYPES, { description: "project (default) | corporation" });
const Name = t.String({ minLength: 1, maxLength: 200, description: "1-200 characters" });
const Slug = t.String({ maxLength: 48, description: "Lower-case a-z, 0-9 and inner hyphens, 1-48; derived from the name when left out" });

const OrgView = t.Object({
  id: t.String(),
  name: t.String(),
  slug: t.String(),
  type: OrgType,
  plan: t.String({ description: "free | pro | pro_plus | business | enterprise" }),
  ready: t.Boolean({ description: "true only when the org has its Master Seal and its owner a Personal Seal (2.1)" }),
  role: t.Nullable(t.String({ description: "The caller's role: owner, admin, member, org_director or a custom role id; null when not a member" })),
  parentSlug: t.Nullable(t.String({ description: "The parent's slug, for a sub-organization" })),
  createdAt: t.String({ format: "date-time" }),
});

const Representative = t.Object({
  name: t.String(),
  email: t.String(),
  phone: t.Nullable(t.String()),
  title: t.Nullable(t.String()),
  userId: t.Nullable(t.String({ description: "The member account with this e-mail, if any" })),
});

const OrgDetail = t.Composite([
  OrgView,
  t.Object({
    readiness: t.Object({
      ready: t.Boolean(),
      missing: t.Array(stringEnum(["owner_personal_seal", "org_master_seal"]), { description: "What `ready` still waits for" }),
    }),
    representative: t.Nullable(Representative),
    verifiedEmail: t.Nullable(t.String({ description: "Proven by /otp/email/verify" })),
    verifiedPhone: t.Nullable(t.String({ description: "Proven by /otp/verify" })),
  }),
]);

const ORG_ERRORS = "401 without a session; 404 `not_found` for an unknown slug or one the caller is not a member of (the same body).";

export function orgRoutes(ctx: AppContext) {
  return new Elysia({ name: "orgs" })
    .use(sessionGuard(ctx.sessions))
    .use(orgGuard(ctx))
    .get("/api/org", async ({ actor }) => ({ organizations: await listOrganizationsOf(ctx, actor) }), {
      session: true,
      response: t.Object({ organizations: t.Array(OrgView) }),
      detail: { tags: TAGS, summary: "The caller's organizations", description: "Every organization the signed-in user is a member of, with their role, oldest first. 401 without a session." },
    })
    .post(
      "/api/org/create",
      async ({ actor, body, request, set }) => {
        set.status = 201;
        return createOrganization(ctx, { ...actor, requestId: requestInfo(request).id }, body);
      },
      {
        session: true,
        ...strictBody(t.Object({ name: Name, slug: t.Optional(Slug), type: t.Optional(OrgType) }, strict)),
        response: { 201: OrgView },
        detail: {
          tags: TAGS,
          summary: "Create an organization",
          description:
            "Body {name, slug?, type? (default personal)}. The caller becomes its owner (membership and badge). Plan Free; no Master Seal yet, so `ready` is false. " +
            "An explicit slug is lower-cased; 400 `invalid_slug` when malformed or reserved, 409 `slug_taken` when taken. Without one, a free slug is derived from the name. " +
            "400 `invalid_name` for a blank name or control characters. Audit: org.created, org.member.added.",
        },
      },
    )
    .get("/api/org/:slug", ({ org, orgActor }) => describeOrganization(ctx, orgActor, org), {
      org: true,
      response: OrgDetail,
      detail: { tags: TAGS, summary: "Read an organization", description: `Any member. The view plus readiness, the representative director and verified contacts. ${ORG_ERRORS}` },
    })
    .post("/api/org/:slug/upgrade-type", ({ org, orgActor, body, request }) => changeOrganizationType(ctx, callerOf(org, orgActor, request), body), {
      org: true,
      ...strictBody(t.Object({ type: OrgType }, strict)),
      response: OrgView,
      detail: {
        tags: TAGS,
        summary: "Change the organization's type",
        description:
          "Owner only (403 `owner_required`). Allowed: personal → corporation or project, project → corporation. " +
          "409 `type_downgrade_not_allowed` back to personal, 409 `type_change_not_allowed` otherwise (corporation → project); both carry from, to and allowed. " +
          `The current type is a no-op. Audit: org.type_changed {from, to}. ${ORG_ERRORS}`,
      },
    })
    .post("/api/org/:slug/representative", ({ org, orgActor, body, request }) => setRepresentative(ctx, callerOf(org, orgActor, request), body), {
      org: true,
      ...strictBody(
        t.Object(
          {
            name: Name,
            email: t.String({ maxLength: 254 }),
            phone: t.Optional(t.Nullable(t.String({ maxLength: 20, description: "E.164, e.g. +821012345678" }))),
            title: t.Optional(t.Nullable(t.String({ maxLength: 100, description: "e.g. CEO" }))),
          },
          strict,
        ),
      ),
      response: Representative,
      detail: {
        tags: TAGS,
        summary: "Set the representative director",
        description:
          "Corporations and projects only (409 `representative_not_applicable` on a personal org). Needs org.representative.update (owner, admin; else 403 PERMISSION_DENIED). " +
          "Replaces the record; 400 `invalid_email`, `invalid_phone` (E.164), `invalid_name`. Audit: org.representative_set {before, after}. " +
          ORG_ERRORS,
      },
    })
    .use(settingsRoutes(ctx))
    .post(
      "/api/org/:slug/sub-orgs",
      async ({ org, orgActor, body, request, set }) => {
        const sub = await createSubOrganization(ctx, callerOf(org, orgActor, request), body);
        set.status = 201;
        return sub;
      },
      {
        org: true,
        ...strictBody(t.Object({ name: Name, slug: t.Optional(Slug), type: t.Optional(SubOrgType) }, strict)),
        response: { 201: OrgView },
        detail: {
          tags: TAGS,
          summary: "Create a sub-organization",
          description:
            "Needs org.sub_org.create in the parent (owner, admin). The caller owns the sub-organization; the parent's owner joins it as admin. It is on the parent's plan and follows it. " +
            `One level deep: 409 \`sub_org_nesting_limit\` under a sub-organization. At most ${SUB_ORG_LIMIT} per parent: 409 \`sub_org_limit_reached\`. ` +
            `Slugs as for create (400 invalid_slug, 409 slug_taken). Audit: org.sub_org.created on the parent; org.created and org.member.added on the sub-organization. ${ORG_ERRORS}`,
        },
      },
    )
    .get("/api/org/:slug/sub-orgs", async ({ org, orgActor, request }) => ({ subOrgs: await listSubOrganizations(ctx, callerOf(org, orgActor, request)) }), {
      org: true,
      response: t.Object({ subOrgs: t.Array(OrgView) }),
      detail: { tags: TAGS, summary: "List sub-organizations", description: `Needs org.sub_org.list (owner, admin). role is the caller's role in each, or null. ${ORG_ERRORS}` },
    })
    .delete("/api/org/:slug/sub-orgs/:subSlug", ({ org, orgActor, params, request }) => deleteSubOrganization(ctx, callerOf(org, orgActor, request), params.subSlug), {
      org: true,
      response: t.Object({ id: t.String(), slug: t.String(), deleted: t.Literal(true) }),
      detail: {
        tags: TAGS,
        summary: "Delete a sub-organization",
        description:
          "The parent's owner only (403 `owner_required`). 404 when subSlug is not a sub-organization of this one. Its data is deleted with it; its audit history is kept, closed by org.deleted. " +
          `Audit: org.sub_org.deleted on the parent. ${ORG_ERRORS}`,
      },
    });
}

/** GET /settings and one PUT per section the modules declare, each with its own body schema. */
function settingsRoutes(ctx: AppContext) {
  const sections = settingsSectionsOf(ctx.modules);
  const app = new Elysia({ name: "orgs.settings" })
    .use(orgGuard(ctx))
    .get("/api/org/:slug/settings", ({ org, orgActor }) => readSettings(ctx, sections, orgActor, org), {
      org: true,
      response: allSettingsSchema(sections),
      detail: { tags: TAGS, summary: "Read every settings section", description: `Needs org.setting.read (owner, admin). Sections never written read as their defaults. ${ORG_ERRORS}` },
    });
  for (const section of sections) app.use(settingsSectionRoute(ctx, section));
  return app;
}

function settingsSectionRoute(ctx: AppContext, section: AnySettingsSection) {
  return new Elysia({ name: `orgs.settings.${section.key}` })
    .use(orgGuard(ctx))
    .put(
      `/api/org/:slug/settings/${section.path}`,
      ({ org, orgActor, body, request }) => updateSettingsSection(ctx, callerOf(org, orgActor, request), section as OrgSettingsSection<typeof section.body, typeof section.document>, body),
      {
        org: true,
        ...strictBody(section.body),
        response: section.document,
        detail: {
          tags: TAGS,
          summary: section.summary,
          description:
            `${section.description} Needs org.setting.update (owner, admin; else 403 PERMISSION_DENIED). Replaces the whole section and returns the stored document; ` +
            `an identical document records nothing. Audit: org.settings.${section.key}_updated {before, after}. ${ORG_ERRORS}`,
        },
      },
    );
}
