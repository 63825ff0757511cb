/**
 * Data sources: /api/org/{slug}/app-groups/{groupId}/data-sources (spec 2.12, 3.6, 4.4).
 * The rules live in sources.ts (registered sources and the state machine) and managed.ts
 * (managed databases); docs/datasources.md describes the routes and the choices the spec
 * leaves open.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { declaresErrors } from "../../platform/http/error-catalog";
import { strictBody } from "../../platform/http/strict-body";
import { MACHINE_TOKEN_ERRORS } from "../access/index";
import { callerOf, ORG_GUARD_ERRORS, type Organization, type OrgActor, type OrgCaller, orgGuard } from "../orgs/index";
import type { DatasourcesCaller } from "./caller";
import { createManaged, requireCredit } from "./managed";
import * as M from "./model";
import { connectSource, DELETE_SEAL_PURPOSE, deleteSource, disconnectSource, listSources, reconnectSource, setPrimary, testConnectionString, testSource, updatePurpose } from "./sources";

const TAGS = ["Data sources"];
const WHO =
  " A member's session, or an M2M token (a key bound to one app group reaches that group only). Owner and Admin hold org.datasource.*; no other built-in role does (403 PERMISSION_DENIED).";
const GUARD = [...ORG_GUARD_ERRORS, ...MACHINE_TOKEN_ERRORS, "app_group_not_found", "PERMISSION_DENIED"];
const ONE = [...GUARD, "data_source_not_found", "data_source_deleted"];
const CONNECTION = ["invalid_connection_string"];

function caller(context: { org: Organization; orgCaller: OrgCaller; request: Request }): DatasourcesCaller {
  return callerOf(context.org, context.orgCaller, context.request);
}

function person(context: { org: Organization; orgActor: OrgActor; request: Request }) {
  return callerOf(context.org, context.orgActor, context.request);
}

export function datasourceRoutes(ctx: AppContext) {
  return new Elysia({ name: "datasources", prefix: "/api/org/:slug/app-groups/:groupId/data-sources" })
    .use(orgGuard(ctx))
    .get("", (c) => listSources(ctx, caller(c), c.params.groupId, c.query.includeInactive === true), {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      query: M.ListQuery,
      response: t.Array(M.DataSource),
      detail: {
        tags: TAGS,
        summary: "List the app group's data sources",
        description:
          "Active sources, oldest first (then by name); ?includeInactive=true adds disconnected and suspended ones (deleted rows are never listed). Passwords are never returned: hasPassword says whether one is stored. " +
          `Needs org.datasource.read.${WHO}`,
        ...declaresErrors(...GUARD),
      },
    })
    .post("", async (c) => c.status(201, await connectSource(ctx, caller(c), c.params.groupId, c.body)), {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      ...strictBody(M.Connect),
      response: { 201: M.DataSource },
      detail: {
        tags: TAGS,
        summary: "Register an external PostgreSQL",
        description:
          "Parses the connection string (postgres:// or postgresql://, port 1 to 65535, sslmode only; else 400 invalid_connection_string with reason), refuses loopback and private hosts unless the operator allows them, " +
          "and connects for real (SELECT 1, bounded by the operator's test timeout): a failure is 400 connection_test_failed with lastTestError in plain words and nothing stored. The password is sealed at rest. " +
          "A name an active source of the group has is 409 NAME_TAKEN. The group's first active source becomes its primary. Emits appgroup.datasource.connected. " +
          `Needs org.datasource.create.${WHO}`,
        ...declaresErrors(...GUARD, ...CONNECTION, "invalid_data_source_name", "NAME_TAKEN", "connection_test_failed"),
      },
    })
    .post("/test", (c) => testConnectionString(ctx, caller(c), c.params.groupId, c.body.connectionString), {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      ...strictBody(M.TestBody),
      response: M.TestResult,
      detail: {
        tags: TAGS,
        summary: "Test a connection string",
        description: `Connects with the string (same checks as registering) and answers ok, error in plain words and latencyMs; nothing is stored. Needs org.datasource.test.${WHO}`,
        ...declaresErrors(...GUARD, ...CONNECTION),
      },
    })
    .post("/strix", async (c) => c.status(201, await createManaged(ctx, caller(c), c.params.groupId, c.body)), {
      orgOrGroupMachine: true,
      params: M.GroupParams,
      ...strictBody(M.CreateManaged),
      response: { 201: M.DataSourceWithSecret },
      detail: {
        tags: TAGS,
        summary: "Create a managed database",
        description:
          "Creates a database and a least-privilege role on the operator's PostgreSQL server, with the sealed write log installed, and answers the connection string once (it is never shown again). " +
          "region falls back to the managed server's region; tier starter (default), standard or performance sets the role's connection limit. Needs the service reserve in prepaid credit " +
          "(402 CREDIT_REQUIRED with code, balance, required, reserve). 409 managed_databases_unavailable when the operator configured no server; 502 provider_unavailable when it refused. " +
          `Emits appgroup.datasource.connected. Needs org.datasource.create.${WHO}`,
        ...declaresErrors(...GUARD, "invalid_data_source_name", "NAME_TAKEN", "CREDIT_REQUIRED", "managed_databases_unavailable", "provider_unavailable"),
      },
    })
    .post("/:id/test", (c) => testSource(ctx, caller(c), c.params.groupId, c.params.id), {
      orgOrGroupMachine: true,
      params: M.SourceParams,
      response: M.TestedSource,
      detail: {
        tags: TAGS,
        summary: "Test a data source",
        description:
          "Connects with the stored credentials (bounded by the operator's timeout) and records the outcome: lastTestError in plain words, or null. Works on disconnected rows too. " +
          `Emits appgroup.datasource.tested. Needs org.datasource.test.${WHO}`,
        ...declaresErrors(...ONE),
      },
    })
    .post("/:id/primary", (c) => setPrimary(ctx, caller(c), c.params.groupId, c.params.id), {
      orgOrGroupMachine: true,
      params: M.SourceParams,
      response: M.DataSource,
      detail: {
        tags: TAGS,
        summary: "Make a data source the group's primary",
        description: `One primary per app group: the previous one loses the flag. Only an active source (else 409 data_source_not_active). Emits appgroup.datasource.primary_changed. Needs org.datasource.update.${WHO}`,
        ...declaresErrors(...ONE, "data_source_not_active"),
      },
    })
    .post("/:id/reconnect", (c) => reconnectSource(ctx, caller(c), c.params.groupId, c.params.id, (orgId) => requireCredit(ctx, orgId)), {
      orgOrGroupMachine: true,
      params: M.SourceParams,
      response: M.DataSourceWithSecret,
      detail: {
        tags: TAGS,
        summary: "Reconnect a disconnected data source",
        description:
          "Disconnected or suspended → active once the stored credentials pass a test (else 400 connection_test_failed with lastTestError); managed databases pass the credit gate first (402 CREDIT_REQUIRED). " +
          "409 NAME_TAKEN when an active source took its name meanwhile; 409 data_source_active when it is active. A managed database suspended for non-payment had its password rotated: " +
          `the answer carries its new connectionString, once. Emits appgroup.datasource.reconnected. Needs org.datasource.update.${WHO}`,
        ...declaresErrors(...ONE, "NAME_TAKEN", "connection_test_failed", "CREDIT_REQUIRED", "data_source_active", "managed_databases_unavailable"),
      },
    })
    .post("/:id/delete", (c) => deleteSource(ctx, person(c), c.params.groupId, c.params.id, c.body), {
      org: true,
      params: M.SourceParams,
      ...strictBody(M.SealedDelete),
      response: M.DataSource,
      detail: {
        tags: TAGS,
        summary: "Delete a data source for good (sealed)",
        description:
          "Disconnected or suspended → deleted. A still-active source is 400 STILL_ACTIVE; confirmName must be the exact name (400 confirm_name_mismatch). Needs a fresh personal seal: ask POST /api/auth/seal/options " +
          `for purpose ${DELETE_SEAL_PURPOSE} and subject {slug}|{id}, and send the assertion as assertionResponseJson; without it 403 step_up_required, one for another data source, purpose or person 403 step_up_failed. ` +
          "A managed database is dropped on the provider first (502 PROVIDER_DELETE_FAILED keeps the row for a retry) and pd true is recorded. Emits appgroup.datasource.deleted. " +
          "Needs org.datasource.delete; a member's session only (M2M tokens: 403 machine_not_allowed: machines cannot seal).",
        ...declaresErrors(...ONE, "STILL_ACTIVE", "confirm_name_mismatch", "step_up_required", "step_up_failed", "PROVIDER_DELETE_FAILED", "managed_databases_unavailable"),
      },
    })
    .delete("/:id", (c) => disconnectSource(ctx, caller(c), c.params.groupId, c.params.id), {
      orgOrGroupMachine: true,
      params: M.SourceParams,
      response: M.DataSource,
      detail: {
        tags: TAGS,
        summary: "Disconnect a data source",
        description:
          "Active → disconnected (isActive false). The row stays, and a managed database keeps its data; reconnect brings it back, POST /{id}/delete removes it for good. Disconnecting a disconnected source changes nothing. " +
          `A primary loses the flag. Emits appgroup.datasource.disconnected. Needs org.datasource.update.${WHO}`,
        ...declaresErrors(...ONE),
      },
    })
    .patch("/:id", (c) => updatePurpose(ctx, caller(c), c.params.groupId, c.params.id, c.body.purpose), {
      orgOrGroupMachine: true,
      params: M.SourceParams,
      ...strictBody(M.Patch),
      response: M.DataSource,
      detail: {
        tags: TAGS,
        summary: "Change a data source's purpose",
        description: `purpose: production or staging. Emits appgroup.datasource.updated when it changes. Needs org.datasource.update.${WHO}`,
        ...declaresErrors(...ONE),
      },
    });
}
