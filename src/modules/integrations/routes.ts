/**
 * Integrations: /api/org/{slug}/integrations (spec 4.9), the provider's access-request
 * routes and /api/org/{slug}/inbound. The rules live in connections.ts, inbound.ts,
 * structure.ts, access-requests.ts, permissions.ts and translate.ts.
 */
import { Elysia, t, type TSchema } from "elysia";
import type { AppContext } from "../../context";
import { declaresErrors } from "../../platform/http/error-catalog";
import { rawBody } from "../../platform/http/kernel";
import { strictBody } from "../../platform/http/strict-body";
import { MACHINE_TOKEN_ERRORS } from "../access/index";
import { callerOf, ORG_GUARD_ERRORS, type Organization, type OrgCaller, orgGuard, SlugParams } from "../orgs/index";
import type { IntegrationsCaller } from "./caller";
import {
  connectionStatus,
  disconnectModule,
  enableModule,
  inboundPreview,
  listEnabled,
  moduleEventTypes,
  moduleFields,
  notarizeScopes,
  setNotarizeScopes,
  verifiedConnectors,
} from "./connections";
import { INBOUND_BODY_LIMIT, receiveInbound } from "./inbound";
import * as M from "./model";
import * as A from "./access-model";
import * as S from "./structure-model";
import { createAccessRequest, decideAccessRequest, listAccessRequests, ownAccessRequests } from "./access-requests";
import { analyzePermissions, grantPermissions } from "./permissions";
import { hierarchyPreview, materializeStructure, orgStructure, orgStructureMembers } from "./structure";
import { translateForCaller } from "./translate";

const TAGS = ["Integrations"];
const WHO = " A member's session or an M2M token of an org-wide key holding the scope; Owner and Admin hold every integration scope through org.*.";
const GUARD = [...ORG_GUARD_ERRORS, ...MACHINE_TOKEN_ERRORS, "PERMISSION_DENIED"];
const MODULE = [...GUARD, "unknown_module"];

/** A body that may be left out (a bare POST) but, when sent, is checked strictly. */
function optionalStrictBody<S extends TSchema>(schema: S) {
  const strict = strictBody(schema);
  return { body: t.Optional(schema), transform: ({ body }: { body: unknown }) => (body === undefined ? undefined : strict.transform({ body })) };
}

function caller(context: { org: Organization; orgCaller: OrgCaller; request: Request }): IntegrationsCaller {
  return callerOf(context.org, context.orgCaller, context.request);
}

export function integrationRoutes(ctx: AppContext) {
  return new Elysia({ name: "integrations", prefix: "/api/org/:slug/integrations" })
    .use(orgGuard(ctx))
    .get("/enabled", (c) => listEnabled(ctx, caller(c)), {
      orgOrMachine: true,
      params: SlugParams,
      response: t.Array(M.ConnectionView),
      detail: { tags: TAGS, summary: "List the enabled connector modules", description: `Setup-wizard read. Needs org.integration.read.${WHO}`, ...declaresErrors(...GUARD) },
    })
    .get("/verified-connectors", (c) => verifiedConnectors(caller(c)), {
      orgOrMachine: true,
      params: SlugParams,
      response: t.Array(M.ConnectorModuleView),
      detail: {
        tags: TAGS,
        summary: "List the connector modules",
        description: `The modules Signet documents and tests (docs/integrations.md): their key, the shapes they follow, event types, whether they are a hierarchy source, and the scopes they need. Needs org.integration.read.${WHO}`,
        ...declaresErrors(...GUARD),
      },
    })
    .post("/:moduleKey/enable", (c) => enableModule(ctx, caller(c), c.params.moduleKey, c.body), {
      orgOrMachine: true,
      params: M.ModuleParams,
      ...strictBody(M.EnableBody),
      response: M.ConnectionView,
      detail: {
        tags: TAGS,
        summary: "Enable a connector module",
        description:
          "Sets the module's fields (checked against GET …/fields: required ones present, selects among their options, URLs https) and enables it; enabling again replaces the fields and keeps the " +
          `notarize choice. The first enable notarizes the module's default event types. Emits integration.enabled (field names, never values). Needs org.integration.enable.${WHO}`,
        ...declaresErrors(...MODULE, "invalid_field"),
      },
    })
    .delete("/:moduleKey/enable", (c) => disconnectModule(ctx, caller(c), c.params.moduleKey), {
      orgOrMachine: true,
      params: M.ModuleParams,
      response: M.ConnectionView,
      detail: {
        tags: TAGS,
        summary: "Disconnect a connector module",
        description: `Inbound data for it is refused from now on (409 module_not_enabled); what it sent is kept. Emits integration.disconnected. Needs org.integration.disconnect.${WHO}`,
        ...declaresErrors(...MODULE, "module_not_enabled"),
      },
    })
    .get("/:moduleKey/connection-status", (c) => connectionStatus(ctx, caller(c), c.params.moduleKey), {
      orgOrMachine: true,
      params: M.ModuleParams,
      response: M.ConnectionStatus,
      detail: { tags: TAGS, summary: "A module's connection status", description: `Setup-wizard read: enabled or not, the inbound count and last arrival, whether the signing secret exists. Needs org.integration.read.${WHO}`, ...declaresErrors(...MODULE) },
    })
    .get("/:moduleKey/inbound-preview", (c) => inboundPreview(ctx, caller(c), c.params.moduleKey, c.query.limit ?? 20), {
      orgOrMachine: true,
      params: M.ModuleParams,
      query: M.PreviewQuery,
      response: t.Array(M.InboundEventView),
      detail: { tags: TAGS, summary: "The latest inbound events of a module", description: `Setup-wizard read, newest first (default 20). Needs org.integration.read.${WHO}`, ...declaresErrors(...MODULE) },
    })
    .get("/:moduleKey/fields", (c) => moduleFields(ctx, caller(c), c.params.moduleKey), {
      orgOrMachine: true,
      params: M.ModuleParams,
      response: t.Array(M.FieldView),
      detail: { tags: TAGS, summary: "A module's fields", description: `Setup-wizard read: what enable asks for, with the values set. Needs org.integration.read.${WHO}`, ...declaresErrors(...MODULE) },
    })
    .get("/:moduleKey/event-types", (c) => moduleEventTypes(ctx, caller(c), c.params.moduleKey), {
      orgOrMachine: true,
      params: M.ModuleParams,
      response: t.Array(M.EventTypeView),
      detail: { tags: TAGS, summary: "A module's event types", description: `Setup-wizard read: each inbound event type, whether it is notarized and whether it feeds the directory. Needs org.integration.read.${WHO}`, ...declaresErrors(...MODULE) },
    })
    .get("/:moduleKey/notarize-scopes", (c) => notarizeScopes(ctx, caller(c), c.params.moduleKey), {
      orgOrMachine: true,
      params: M.ModuleParams,
      response: M.NotarizeScopes,
      detail: { tags: TAGS, summary: "Which inbound events are sealed", description: `The notarized event types of an enabled module. Needs org.integration.read.${WHO}`, ...declaresErrors(...MODULE, "module_not_enabled") },
    })
    .post("/:moduleKey/notarize-scopes", (c) => setNotarizeScopes(ctx, caller(c), c.params.moduleKey, c.body), {
      orgOrMachine: true,
      params: M.ModuleParams,
      ...strictBody(M.NotarizeScopesBody),
      response: M.NotarizeScopes,
      detail: {
        tags: TAGS,
        summary: "Choose which inbound events are sealed",
        description: `From now on an inbound event of a listed type is sealed into the audit chain (integration.inbound_notarized with the hash of its data); the others are stored unsealed. Emits integration.notarize_scopes_changed. Needs org.integration.notarize.${WHO}`,
        ...declaresErrors(...MODULE, "module_not_enabled", "unknown_event_type"),
      },
    })
    .get("/:moduleKey/hierarchy-preview", (c) => hierarchyPreview(ctx, caller(c), c.params.moduleKey), {
      orgOrMachine: true,
      params: M.ModuleParams,
      response: S.HierarchyPreview,
      detail: {
        tags: TAGS,
        summary: "Preview a hierarchy source's tree",
        description: `Setup-wizard read: the units the connector's directory holds, how many people each has and how many match a member by e-mail. Needs org.integration.read.${WHO}`,
        ...declaresErrors(...MODULE, "no_hierarchy_source"),
      },
    })
    .get("/:moduleKey/org-structure", (c) => orgStructure(ctx, caller(c), c.params.moduleKey), {
      orgOrMachine: true,
      params: M.ModuleParams,
      response: S.OrgStructure,
      detail: {
        tags: TAGS,
        summary: "The org structure a materialize would create",
        description: `The units as teams (names unique: a shared unit name takes its whole path) and the number of reporting edges between matched people. Needs org.integration.read.${WHO}`,
        ...declaresErrors(...MODULE, "no_hierarchy_source"),
      },
    })
    .get("/:moduleKey/org-structure/members", (c) => orgStructureMembers(ctx, caller(c), c.params.moduleKey), {
      orgOrMachine: true,
      params: M.ModuleParams,
      response: t.Array(S.DirectoryMember),
      detail: {
        tags: TAGS,
        summary: "The people of a hierarchy source",
        description: `Each person the connector reported, their unit and manager, and the member badge their e-mail matches. Needs org.integration.read.${WHO}`,
        ...declaresErrors(...MODULE, "no_hierarchy_source"),
      },
    })
    .post("/:moduleKey/org-structure/materialize", (c) => materializeStructure(ctx, caller(c), c.params.moduleKey), {
      orgOrMachine: true,
      params: M.ModuleParams,
      response: S.Materialized,
      detail: {
        tags: TAGS,
        summary: "Materialize the org structure",
        description:
          "Owner or Admin, signed in (403 admin_required otherwise, machines included), holding org.integration.materialize. Creates the whole tree in one transaction: a team per unit " +
          "(an existing team of the same name is reused), matched people placed in their unit's team, a reporting edge from each matched person to their matched manager (one that " +
          "would close a cycle is skipped and listed). The org structure is never synced on its own: run this again to follow the directory. Emits reporting.* events for each change " +
          "and integration.org_structure_materialized.",
        ...declaresErrors(...MODULE, "admin_required", "no_hierarchy_source", "module_not_enabled", "empty_hierarchy"),
      },
    })
    .get("/:moduleKey/request", (c) => ownAccessRequests(ctx, caller(c), c.params.moduleKey), {
      orgOrMachine: true,
      params: M.ModuleParams,
      response: t.Array(A.AccessRequest),
      detail: {
        tags: TAGS,
        summary: "Read my access requests for a module",
        description: `The caller's own requests for the module, newest first. Needs org.integration.request (every built-in Member holds it).${WHO}`,
        ...declaresErrors(...MODULE, "badge_not_found"),
      },
    })
    .post("/:moduleKey/request", async (c) => c.status(201, await createAccessRequest(ctx, caller(c), c.params.moduleKey, c.body)), {
      orgOrMachine: true,
      params: M.ModuleParams,
      ...strictBody(A.AccessRequestCreate),
      response: { 201: A.AccessRequest },
      detail: {
        tags: TAGS,
        summary: "Request access for a module",
        description:
          "The caller asks for the scopes the module needs (all of them by default, or some: 400 scope_not_grantable for one it does not need), for their own badge. One pending request " +
          `per module (409 access_request_pending). Emits integration.access_requested. Needs org.integration.request (every built-in Member holds it).${WHO}`,
        ...declaresErrors(...MODULE, "badge_not_found", "scope_not_grantable", "access_request_pending"),
      },
    })
    .post("/:moduleKey/permissions/analyze", (c) => analyzePermissions(ctx, caller(c), c.params.moduleKey, c.body ?? {}), {
      orgOrMachine: true,
      params: M.ModuleParams,
      ...optionalStrictBody(A.AnalyzeBody),
      response: A.Analysis,
      detail: {
        tags: TAGS,
        summary: "Analyze a badge's permissions for a module",
        description: `Which of the module's required scopes a person's badge (default the caller's) holds, and which are missing. Needs org.integration.analyze.${WHO}`,
        ...declaresErrors(...MODULE, "badge_not_found"),
      },
    })
    .post("/:moduleKey/permissions/grant", (c) => grantPermissions(ctx, caller(c), c.params.moduleKey, c.body), {
      orgOrMachine: true,
      params: M.ModuleParams,
      ...strictBody(A.GrantBody),
      response: A.Granted,
      detail: {
        tags: TAGS,
        summary: "Grant a module's missing scopes to a badge",
        description:
          "Grants directly to a person's badge the scopes it lacks among those given (default: all the module needs; 400 scope_not_grantable for one it does not). The caller must hold " +
          `each scope they grant (403 PERMISSION_DENIED). Emits integration.permissions_granted. Needs org.integration.grant.${WHO}`,
        ...declaresErrors(...MODULE, "badge_not_found", "scope_not_grantable"),
      },
    })
    .post("/:moduleKey/ai/translate-scope", (c) => translateForCaller(ctx, caller(c), c.params.moduleKey, c.body.text), {
      orgOrMachine: true,
      params: M.ModuleParams,
      ...strictBody(A.TranslateBody),
      response: A.Translation,
      detail: {
        tags: TAGS,
        summary: "Translate words into scopes",
        description:
          "Reads what the connector should be allowed to do and answers scope strings (each marked whether the module needs it); nothing is granted. Offline and deterministic by " +
          "default (rules); with SIGNET_LLM_URL an OpenAI-compatible model answers (502 translation_failed when it does not). Only strings that follow the scope grammar are returned. " +
          `Needs org.integration.analyze.${WHO}`,
        ...declaresErrors(...MODULE, "translation_failed"),
      },
    });
}

/** The provider's side of access requests: /api/org/{slug}/access-requests (spec 4.9). */
export function accessRequestRoutes(ctx: AppContext) {
  return new Elysia({ name: "integrations.access-requests", prefix: "/api/org/:slug/access-requests" })
    .use(orgGuard(ctx))
    .get("", (c) => listAccessRequests(ctx, caller(c), c.query), {
      orgOrMachine: true,
      params: SlugParams,
      query: A.AccessRequestsQuery,
      response: t.Array(A.AccessRequest),
      detail: { tags: TAGS, summary: "List access requests", description: `Newest first, ?status to filter. Needs org.access_request.list.${WHO}`, ...declaresErrors(...GUARD) },
    })
    .post("/:id/approve", (c) => decideAccessRequest(ctx, caller(c), c.params.id, "approved", c.body ?? {}), {
      orgOrMachine: true,
      params: M.RequestParams,
      ...optionalStrictBody(A.DecisionBody),
      response: A.AccessRequest,
      detail: {
        tags: TAGS,
        summary: "Approve an access request",
        description:
          "Grants the requested scopes to the requester's badge. The decider must hold each of them (403 PERMISSION_DENIED) and may not decide their own request (403 own_access_request); " +
          `a decided request answers 409 access_request_decided. Emits integration.access_request_decided. Needs org.access_request.decide.${WHO}`,
        ...declaresErrors(...GUARD, "access_request_not_found", "access_request_decided", "own_access_request", "badge_not_found"),
      },
    })
    .post("/:id/deny", (c) => decideAccessRequest(ctx, caller(c), c.params.id, "denied", c.body ?? {}), {
      orgOrMachine: true,
      params: M.RequestParams,
      ...optionalStrictBody(A.DecisionBody),
      response: A.AccessRequest,
      detail: {
        tags: TAGS,
        summary: "Deny an access request",
        description: `Nothing is granted. Emits integration.access_request_decided. Needs org.access_request.decide.${WHO}`,
        ...declaresErrors(...GUARD, "access_request_not_found", "access_request_decided", "own_access_request"),
      },
    });
}

/** /api/org/{slug}/inbound, any method: the signature is the credential (no session, no key). */
export function inboundRoutes(ctx: AppContext) {
  const handler = async ({ params, request, status }: { params: { slug: string }; request: Request; status: (code: 202, body: M.InboundResultValue) => any }) =>
    status(202, await receiveInbound(ctx, params.slug, request.headers, rawBody(request) ?? new Uint8Array()));
  const options = (method: string) => ({
    params: SlugParams,
    response: { 202: M.InboundResult },
    detail: {
      tags: ["Inbound"],
      summary: `Inbound connector data (${method})`,
      description:
        "Connectors send here, signed with the organization's webhook secret per Standard Webhooks: headers webhook-id, webhook-timestamp (Unix seconds, within 5 minutes) and " +
        "webhook-signature (v1,base64 HMAC-SHA256 of `id.timestamp.body`). A bad or missing signature, a stale timestamp, a webhook-id already received, or an unknown " +
        "organization: 401 inbound_signature_invalid, nothing stored. The body is JSON {moduleKey, type, data} for a module the organization enabled. Events of notarized types " +
        "are sealed as integration.inbound_notarized. Body limit 256 KiB (413 before parsing). Any method is accepted; the same rules apply.",
      "x-body-limit": INBOUND_BODY_LIMIT,
      ...declaresErrors("inbound_signature_invalid", "invalid_inbound_event", "unknown_module", "unknown_event_type", "module_not_enabled"),
    },
  });
  return new Elysia({ name: "integrations.inbound" })
    .get("/api/org/:slug/inbound", handler, options("GET"))
    .post("/api/org/:slug/inbound", handler, options("POST"))
    .put("/api/org/:slug/inbound", handler, options("PUT"))
    .patch("/api/org/:slug/inbound", handler, options("PATCH"))
    .delete("/api/org/:slug/inbound", handler, options("DELETE"));
}
