/**
 * Integrations: /api/org/{slug}/integrations (spec 4.9), the provider's access-request
 * routes and /api/org/{slug}/inbound. The rules live in connections.ts, inbound.ts,
 * structure.ts, access-requests.ts, permissions.ts and translate.ts.
 */
import { Elysia, t } from "elysia";
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

const TAGS = ["Integrations"];
const WHO = " A member's session or an M2M token of an org-wide key holding the scope; Owner and Admin hold every integration scope through org.*.";
const GUARD = [...ORG_GUARD_ERRORS, ...MACHINE_TOKEN_ERRORS, "PERMISSION_DENIED"];
const MODULE = [...GUARD, "unknown_module"];

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
