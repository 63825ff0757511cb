/**
 * Public v1 (spec 4.2): the stable API for external developers, authenticated with an
 * org API key (guard.ts). The organization lookups live in service.ts.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../context";
import { declaresErrors } from "../../../platform/http/error-catalog";
import { API_KEY_ERRORS } from "../machine/errors";
import { publicApiGuard, requiresScope } from "./guard";
import { describeKey, matchOrg, orgById, orgsByOwner } from "./service";

const tags = ["Public v1"];
const AUTH =
  "Send an org API key as `X-Api-Key: ah_live_…` (or `Authorization: Bearer ah_live_…`): 401 api_key_required, invalid_api_key, api_key_revoked " +
  "(treat it as an outage, not as \"no organization\") or service_account_inactive.";
const ORG_WIDE = " Needs an org-wide key: an app-group-scoped key is 401 org_wide_key_required.";
const OWN_ORG = " A key sees its own organization only (its public view, so no scope is needed); any other answers as if it did not exist.";

const PublicOrg = t.Object({
  id: t.String(),
  name: t.String(),
  slug: t.String(),
  ready: t.Boolean({ description: "True only with the Org Master Seal and an owner passkey: gate on this, never on existence" }),
});

const NotFound = t.Object({ error: t.String(), message: t.String() });
const Email = t.String({ format: "email", maxLength: 320 });

export function publicV1Routes(ctx: AppContext) {
  return new Elysia({ name: "public-v1", prefix: "/api/public/v1" })
    .use(publicApiGuard(ctx))
    .get("/me", ({ keyOrg, apiKey }) => describeKey(ctx, keyOrg, apiKey), {
      apiKey: true,
      response: t.Composite([
        PublicOrg,
        t.Object({
          apiKey: t.Object({
            id: t.String(),
            prefix: t.String(),
            scopes: t.Array(t.String()),
            appGroupId: t.Union([t.String(), t.Null()]),
            serviceAccountId: t.Union([t.String(), t.Null()]),
            maxTokenLifetimeSeconds: t.Integer(),
          }),
        }),
      ]),
      detail: { ...requiresScope("none"), ...declaresErrors(...API_KEY_ERRORS), tags, summary: "The organization behind the key", description: `The organization's public view and the key itself (never its secret). ${AUTH}` },
    })
    .post("/orgs/by-owner", ({ keyOrg, body }) => orgsByOwner(ctx, keyOrg, body.ownerEmail), {
      orgWideKey: true,
      body: t.Object({ ownerEmail: Email }),
      response: t.Array(PublicOrg),
      detail: {
        ...requiresScope("none"),
        ...declaresErrors(...API_KEY_ERRORS, "org_wide_key_required"),
        tags,
        summary: "Organizations an owner e-mail owns",
        description: `Every organization the given e-mail owns, each with ready: the key's organization when its owner has that address, else an empty list.${OWN_ORG}${ORG_WIDE} ${AUTH}`,
      },
    })
    .post("/orgs/match", ({ keyOrg, body }) => matchOrg(ctx, keyOrg, body), {
      orgWideKey: true,
      body: t.Object({ ownerEmail: Email, orgName: t.String({ minLength: 1, maxLength: 200 }) }),
      response: { 200: PublicOrg, 404: NotFound },
      detail: {
        ...requiresScope("none"),
        ...declaresErrors(...API_KEY_ERRORS, "org_wide_key_required"),
        tags,
        summary: "Match an organization by owner e-mail and name",
        description: `The organization whose owner has ownerEmail and whose name is orgName (case and spacing aside), or 404.${OWN_ORG}${ORG_WIDE} ${AUTH}`,
      },
    })
    .post("/orgs/by-id", ({ keyOrg, body }) => orgById(ctx, keyOrg, body.orgId), {
      orgWideKey: true,
      body: t.Object({ orgId: t.String({ minLength: 1, maxLength: 100 }) }),
      response: { 200: PublicOrg, 404: NotFound },
      detail: { ...requiresScope("none"), ...declaresErrors(...API_KEY_ERRORS, "org_wide_key_required", "not_found"), tags, summary: "An organization by id", description: `{id, name, slug, ready}, or 404 when there is no such organization.${OWN_ORG}${ORG_WIDE} ${AUTH}` },
    });
}
