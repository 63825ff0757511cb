/**
 * Public v1 end-user import and the partner routes that act for a person (spec 4.2):
 * `POST /end-users/import`, `POST /orgs/owner-status`, `POST /orgs/app-groups/create`.
 * The rules live in service.ts (import) and partner.ts; docs/end-users.md ("Import").
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../../context";
import { BODY_LIMIT_KEY } from "../../../../platform/http/kernel";
import { bearerToken } from "../../../identity/index";
import { strictBody } from "../../../../platform/http/strict-body";
import * as AppModel from "../../apps/model";
import { keyCallerOf, publicApiGuard, requiresScope } from "../../../access/index";
import { APP_SCOPES } from "../../apps/scopes";
import { createAppGroupForPerson, ownerStatusOfPerson } from "./partner";
import { END_USER_IMPORT_SCOPE, IMPORT_MAX_ROWS, importEndUsers, PASSWORD_ALGORITHMS, ROW_LIMITS } from "./service";

const tags = ["End users"];
const AUTH =
  "Send an org API key as X-Api-Key: 401 api_key_required, invalid_api_key, api_key_revoked or service_account_inactive.";
const PERSON =
  " Also `Authorization: Bearer <end-user access token>` signed by the key's organization, whose session is still live: " +
  "else 401 invalid_access_token (missing, invalid, expired, another organization's, or signed out). " +
  "The person is the token's e-mail, which must be verified (403 verified_email_required); only a matching e-mail connects an end user to a dashboard account (5.7).";
/** 500 rows with long hashes and names stay well inside this. */
const IMPORT_BODY_LIMIT = 2 * 1024 * 1024;

const Nullable = <S extends Parameters<typeof t.Nullable>[0]>(schema: S) => t.Union([schema, t.Null()]);
const ErrorBody = t.Object({ error: t.String() }, { additionalProperties: true });

const ImportBody = t.Object(
  {
    appGroupId: t.String({ minLength: 1, maxLength: 100, description: "The app group's id or groupKey (appgroup_<id>)" }),
    source: t.String({ minLength: 1, maxLength: 100, description: "Where the users come from (auth0, firebase, csv, …); stored on each created user" }),
    sendInvites: t.Optional(t.Boolean({ description: "E-mail each created user the hosted login link after the import commits (default false)" })),
    users: t.Array(t.Unknown(), {
      minItems: 1,
      description:
        `At most ${IMPORT_MAX_ROWS} rows (more: 400 too_many_rows, nothing written). Each row: email (required), displayName (≤ ${ROW_LIMITS.displayName}), ` +
        `emailVerified (boolean), passwordHash (≤ ${ROW_LIMITS.passwordHash}, printable ASCII) with passwordAlgorithm (${PASSWORD_ALGORITHMS.join(", ")}), ` +
        `externalId (≤ ${ROW_LIMITS.externalId}). A row that breaks a rule answers invalid and does not stop the others.`,
    }),
  },
  { additionalProperties: false },
);

const ImportRow = t.Object({
  index: t.Integer({ description: "The row's position in users" }),
  status: t.Union([t.Literal("created"), t.Literal("duplicate"), t.Literal("invalid")]),
  endUserId: Nullable(t.String({ description: "The new end user, or the existing one a duplicate matched; null when invalid" })),
  email: Nullable(t.String()),
  error: t.Optional(t.String({ description: "An invalid row's code" })),
  field: t.Optional(t.String({ description: "The row field at fault" })),
  message: t.Optional(t.String()),
});

const ImportResponse = t.Object({
  appGroupId: t.String(),
  groupKey: t.String(),
  source: t.String(),
  created: t.Integer(),
  duplicate: t.Integer(),
  invalid: t.Integer(),
  invitesSent: t.Integer(),
  rows: t.Array(ImportRow),
});

const OwnerStatusResponse = t.Object({
  state: t.Union([t.Literal("no_owner_account"), t.Literal("owner_account_exists")]),
  orgs: t.Array(t.Object({ id: t.String(), name: t.String(), slug: t.String(), ready: t.Boolean() })),
});

const groupFields = AppModel.AppGroupCreate.properties;
const PartnerCreateBody = t.Object(
  {
    orgId: t.String({ minLength: 1, maxLength: 100, description: "The organization to create the group in; the person must own it" }),
    name: groupFields.name,
    description: groupFields.description,
    iconUrl: groupFields.iconUrl,
    brandColor: groupFields.brandColor,
  },
  { additionalProperties: false },
);

export function endUserImportRoutes(ctx: AppContext) {
  return new Elysia({ name: "end-user-import", prefix: "/api/public/v1" })
    .use(publicApiGuard(ctx))
    .post("/end-users/import", ({ keyOrg, apiKey, keyActor, body, request }) => importEndUsers(ctx, keyCallerOf({ keyOrg, apiKey, keyActor }, request), body), {
      apiKey: true,
      ...strictBody(ImportBody),
      response: { 200: ImportResponse, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      detail: {
        tags,
        ...requiresScope(END_USER_IMPORT_SCOPE),
        summary: "Import end users into an app group",
        description:
          `Up to ${IMPORT_MAX_ROWS} rows, written in one transaction; each answers {index, status: created | duplicate | invalid, endUserId, email, error?, field?}. ` +
          "duplicate: the address is already an end user of the group, or came earlier in this batch (endUserId is the existing user). " +
          "Created users are invited: they sign in passwordlessly by e-mail, and their first sign-in activates them. A passwordHash is stored dormant, never used to sign in. " +
          "sendInvites e-mails each created user {portalBase}/login/{clientKey} of the group's active application (production web first) after the commit; " +
          "409 no_active_application when there is none (nothing written). Emits one end_user.imported event with the counts. " +
          "An unknown group, another organization's, or (for an app-group-scoped key) another group is 404 not_found. " +
          `Body errors are 400 invalid_request naming the field; more than ${IMPORT_MAX_ROWS} rows is 400 too_many_rows. Needs ${END_USER_IMPORT_SCOPE} (403 PERMISSION_DENIED). ${AUTH}`,
        [BODY_LIMIT_KEY]: IMPORT_BODY_LIMIT,
      },
    })
    .post("/orgs/owner-status", ({ keyOrg, apiKey, keyActor, request }) => ownerStatusOfPerson(ctx, keyCallerOf({ keyOrg, apiKey, keyActor }, request), bearerToken(request)), {
      apiKey: true,
      response: { 200: OwnerStatusResponse, 401: ErrorBody, 403: ErrorBody },
      detail: {
        tags,
        // It answers about the person presenting their own token, never about the organization's data.
        ...requiresScope("none"),
        summary: "Does the person behind an end-user token have a dashboard account, and what do they own",
        description:
          "{state: no_owner_account | owner_account_exists, orgs: [{id, name, slug, ready}]}: the organizations the dashboard account with the token's e-mail owns. " +
          `Gate on each org's ready, never on existence. No body.${PERSON} ${AUTH}`,
      },
    })
    .post(
      "/orgs/app-groups/create",
      ({ keyOrg, apiKey, keyActor, body, request }) => createAppGroupForPerson(ctx, keyCallerOf({ keyOrg, apiKey, keyActor }, request), bearerToken(request), body),
      {
        apiKey: true,
        ...strictBody(PartnerCreateBody),
        response: { 200: AppModel.AppGroupSummary, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        detail: {
          tags,
          ...requiresScope(APP_SCOPES.groupCreate),
          summary: "Create an app group for the person behind an end-user token (platform partners)",
          description:
            "Body per spec 2.2: orgId (required), name (required, at most 200), description (at most 1000), iconUrl (https, at most 500), brandColor (#RRGGBB); each failure is 400 naming the field. " +
            "Runs the dashboard's creation as the dashboard user with the token's e-mail: the same permission check, a first application (web, production), appgroup.created, and an e-mail to the owner. " +
            "Answers {groupKey, id, orgId, name, description, iconUrl, brandColor}. " +
            "403 platform_partner_required unless the key is a platform partner's (an org-wide key the operator issued with signet admin bootstrap); " +
            `404 not_found for an unknown orgId; 403 owner_required when that person has no dashboard account or does not own the organization.${PERSON} ${AUTH}`,
        },
      },
    );
}
