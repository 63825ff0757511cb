/**
 * The agents' MCP server in process, with the SDK's own Client and
 * StreamableHTTPClientTransport (its fetch routed to the app): tools/list follows the gate,
 * agents file approvals through axowl_approval_submit and axowl_request_permission (rule 7)
 * and a person approves them, stamping is refused to agents and sealed, every call passes
 * the gate and is audited, and the transport's authentication.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { createTestApp, type TestApp } from "../../support/harness";
import { type Sealer, sealedStamp, sealingOwner, stamp, workItem } from "../governance/approvals-support";
import { agentEvents, agentsOrg, type AgentsOrg, callTool, credentialOf, hire, mcpClient } from "./support";

let t: TestApp;
let o: AgentsOrg;
let ceo: Sealer;
let agent: any;
let credential: string;
let client: Client;
let memo: any;

beforeAll(async () => {
  t = await createTestApp();
  o = await agentsOrg(t, "ceo@mcp.test", "Mcp");
  ceo = await sealingOwner(t, o.org);
  agent = await hire(t, o, { kind: "test", displayName: "Filer" });
  credential = await credentialOf(o, agent.id);
  client = await mcpClient(t, o.org.slug, credential);
  memo = await workItem(o.api, { Name: "Memo", docType: "document" });
});
afterAll(async () => {
  await client.close();
  await t.close();
});

const mcpPost = (slug: string, body: unknown, headers: Record<string, string>) =>
  t.request("POST", `/mcp/${slug}`, { json: body, headers: { accept: "application/json, text/event-stream", ...headers } });
const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };

describe("the server and its tools", () => {
  test("initialize names the server; tools/list shows what the gate opens (a custom agent: only axowl_whoami)", async () => {
    expect(client.getServerVersion()).toMatchObject({ name: "signet-agents" });
    expect(client.getInstructions()).toContain("gate");
    const tools = (await client.listTools()).tools;
    expect(tools.map((x) => x.name).sort()).toEqual(
      [
        "axowl_app_group_read",
        "axowl_application_read",
        "axowl_applications_list",
        "axowl_approval_read",
        "axowl_approval_submit",
        "axowl_approvals_list",
        "axowl_request_permission",
        "axowl_whoami",
        "axowl_work_item_read",
        "axowl_work_items_list",
      ].sort(),
    );
    const submit = tools.find((x) => x.name === "axowl_approval_submit")!;
    expect(submit.inputSchema).toMatchObject({ type: "object", required: ["workItemId", "title"] });
    expect(submit.annotations?.readOnlyHint).toBe(false);
    const custom = await hire(t, o, { kind: "custom", displayName: "Blank" });
    const blank = await mcpClient(t, o.org.slug, await credentialOf(o, custom.id));
    expect((await blank.listTools()).tools.map((x) => x.name)).toEqual(["axowl_whoami"]);
    await blank.close();
  });

  test("read tools answer as the agent, narrowed to its app group", async () => {
    const whoami = await callTool(client, "axowl_whoami");
    expect(whoami.body).toMatchObject({ agentId: agent.id, appGroupId: o.group.id, status: "active", operatorConnectedId: ceo.connectedId, gate: agent.snapshot, gateRefusal: null });
    const group = await callTool(client, "axowl_app_group_read");
    expect(group.body).toMatchObject({ id: o.group.id, groupKey: o.group.groupKey });
    const apps = await callTool(client, "axowl_applications_list");
    expect(apps.body.map((a: any) => a.appGroupId)).toEqual([o.group.id]);
    const app = await callTool(client, "axowl_application_read", { id: apps.body[0].id });
    expect(app.body.id).toBe(apps.body[0].id);
    expect((await callTool(client, "axowl_work_items_list")).body.map((w: any) => w.id)).toContain(memo.id);
    const form = await callTool(client, "axowl_work_item_read", { id: memo.id });
    expect(form.body).toMatchObject({ workItem: { id: memo.id }, line: { requesterConnectedId: agent.id, requesterKind: "machine", routing: "routed" } });
    // An unknown id is the service's own 404.
    expect(await callTool(client, "axowl_work_item_read", { id: "nope" })).toMatchObject({ isError: true, body: { error: "work_item_not_found" } });
  });

  test("arguments outside the tool's input schema and unknown tools are refused", async () => {
    expect(await callTool(client, "axowl_work_item_read", {})).toMatchObject({ isError: true, body: { error: "invalid_request", field: "id" } });
    expect(await callTool(client, "axowl_work_item_read", { id: 5 })).toMatchObject({ isError: true, body: { error: "invalid_request", field: "id" } });
    expect(await callTool(client, "axowl_whoami", { extra: true })).toMatchObject({ isError: true, body: { error: "invalid_request" } });
    expect(await callTool(client, "axowl_drop_tables")).toMatchObject({ isError: true, body: { error: "unknown_tool" } });
  });
});

describe("rule 7: agents file approvals through the MCP tools but never stamp", () => {
  test("axowl_approval_submit files a document as the agent (a machine); its hirer approves it; the agent's stamp is refused and sealed", async () => {
    const filed = await callTool(client, "axowl_approval_submit", { workItemId: memo.id, title: "Rotate the staging client", body: "Weekly hygiene." });
    expect(filed.isError).toBe(false);
    const doc = filed.body;
    expect(doc).toMatchObject({ status: "submitted", routing: "routed", requesterKind: "machine", requesterConnectedId: agent.id, creatorName: "Filer", title: "Rotate the staging client" });
    expect(doc.steps.map((s: any) => s.approverConnectedId)).toEqual([ceo.connectedId]);
    const [submitted] = (await agentEvents(t, o, "reporting.approval.submitted")).filter((e) => e.payload.aggregateId === doc.id);
    expect(submitted!.actorKind).toBe("agent");
    expect(submitted!.actorId).toBe(agent.id);
    expect((await callTool(client, "axowl_approvals_list")).body.map((d: any) => d.id)).toContain(doc.id);
    expect((await callTool(client, "axowl_approval_read", { documentNumber: doc.documentNumber })).body).toMatchObject({ id: doc.id, isRequester: true, sealIntact: true });

    // The agent tries to stamp with its credential: people only, refused and sealed.
    const step = doc.steps[0];
    const agentStamp = await o.api("POST", `/approvals/instances/${doc.id}/stamp`, { StepId: step.id, Decision: "approve" }, credential);
    expect(agentStamp.status).toBe(403);
    expect(agentStamp.body.error).toBe("machine_not_allowed");
    const sealedAttempt = await o.api("POST", `/approvals/instances/${doc.id}/stamp`, await sealedStamp(t, ceo, doc.id, step.id, "approve"), credential);
    expect(sealedAttempt.status).toBe(403);
    const denied = (await agentEvents(t, o, "agent.action_denied")).filter((e) => e.payload.agentId === agent.id);
    expect(denied.map((e) => e.payload)).toEqual([
      expect.objectContaining({ via: "http", method: "POST", path: `/api/org/${o.org.slug}/approvals/instances/${doc.id}/stamp`, code: "machine_not_allowed", reason: "never_for_agents" }),
      expect.objectContaining({ code: "machine_not_allowed", reason: "never_for_agents" }),
    ]);
    expect((await client.listTools()).tools.some((x) => /stamp/.test(x.name))).toBe(false);

    // A person stamps it, with their passkey.
    const stamped = await stamp(t, o.org, ceo, doc);
    expect(stamped.status).toBe(200);
    expect(stamped.body.status).toBe("completed");
    expect((await callTool(client, "axowl_approval_read", { documentNumber: doc.documentNumber })).body.status).toBe("completed");
  });

  test("axowl_request_permission files on the permission form for the scope; once a person approves, the agent's gate holds it (the operator still clamps)", async () => {
    expect(await callTool(client, "axowl_request_permission", { scope: "org.application.create" })).toMatchObject({ isError: true, body: { error: "no_permission_form", scope: "org.application.create" } });
    expect(await callTool(client, "axowl_request_permission", { scope: "org.application.list" })).toMatchObject({ isError: true, body: { error: "scope_already_held" } });
    expect(await callTool(client, "axowl_request_permission", { scope: "org.*" })).toMatchObject({ isError: true, body: { error: "invalid_scope" } });
    expect(await callTool(client, "axowl_request_permission", { scope: "Not A Scope" })).toMatchObject({ isError: true, body: { error: "invalid_scope" } });

    const form = await workItem(o.api, { Name: "Register clients", docType: "permission", RequestedScope: "org.application.create" });
    const asked = await callTool(client, "axowl_request_permission", { scope: "org.application.create", reason: "To register the staging client." });
    expect(asked.isError).toBe(false);
    expect(asked.body).toMatchObject({ workItemId: form.id, requesterKind: "machine", status: "submitted", title: "Permission request: org.application.create", body: "To register the staging client.", requestedScope: "org.application.create" });
    const app = { name: "Staging", platform: "web", environment: "staging", allowedOrigins: [], callbackUrls: [] };
    expect((await o.api("POST", `/app-groups/${o.group.id}/apps`, app, credential)).status).toBe(403);

    const approved = await stamp(t, o.org, ceo, asked.body);
    expect(approved.body).toMatchObject({ status: "completed" });
    expect((await callTool(client, "axowl_whoami")).body.gate).toContain("org.application.create");
    expect((await o.agents("GET", `/${agent.id}`)).body.snapshot).not.toContain("org.application.create");
    expect((await o.api("POST", `/app-groups/${o.group.id}/apps`, app, credential)).status).toBe(201);
  });
});

describe("every call passes the gate and is audited", () => {
  test("a refused write is sealed as agent.action_denied; a refused read, a failure and a success are agent.tool_called", async () => {
    const narrow = await hire(t, o, { kind: "test", displayName: "Narrow", scopes: ["org.work_item.list"] });
    const narrowClient = await mcpClient(t, o.org.slug, await credentialOf(o, narrow.id));
    const ok = await callTool(narrowClient, "axowl_work_items_list");
    expect(ok.isError).toBe(false);
    const write = await callTool(narrowClient, "axowl_approval_submit", { workItemId: memo.id, title: "Sneaky" });
    expect(write).toMatchObject({ isError: true, body: { error: "PERMISSION_DENIED", scope: "org.reporting_instance.create" } });
    const read = await callTool(narrowClient, "axowl_approvals_list");
    expect(read).toMatchObject({ isError: true, body: { error: "PERMISSION_DENIED", scope: "org.reporting_instance.list" } });
    const failed = await callTool(narrowClient, "axowl_work_item_read", {});
    expect(failed.isError).toBe(true);
    await narrowClient.close();

    const denied = (await agentEvents(t, o, "agent.action_denied")).filter((e) => e.payload.agentId === narrow.id);
    expect(denied.map((e) => e.payload)).toEqual([
      { agentId: narrow.id, via: "mcp", method: null, path: null, tool: "axowl_approval_submit", code: "PERMISSION_DENIED", scope: "org.reporting_instance.create", reason: "beyond_gate" },
    ]);
    expect(denied[0]!.actorKind).toBe("agent");
    const calls = (await agentEvents(t, o, "agent.tool_called")).filter((e) => e.payload.agentId === narrow.id).map((e) => e.payload);
    expect(calls).toEqual([
      { agentId: narrow.id, tool: "axowl_work_items_list", scope: "org.work_item.list", outcome: "ok", code: null },
      { agentId: narrow.id, tool: "axowl_approvals_list", scope: "org.reporting_instance.list", outcome: "denied", code: "PERMISSION_DENIED" },
      { agentId: narrow.id, tool: "axowl_work_item_read", scope: "org.work_item.read", outcome: "error", code: "invalid_request" },
    ]);
    // Nothing was filed.
    expect((await agentEvents(t, o, "reporting.approval.submitted")).filter((e) => e.actorId === narrow.id)).toHaveLength(0);
  });
});

describe("the transport and its authentication", () => {
  test("no credential, a bad one, one of another organization or a revoked one: 401; GET and DELETE: 405", async () => {
    const none = await mcpPost(o.org.slug, initialize, {});
    expect(none.status).toBe(401);
    expect((await mcpPost(o.org.slug, initialize, { authorization: `Bearer ah_agent_${"x".repeat(43)}` })).body.error).toBe("invalid_agent_credential");
    expect((await mcpPost(o.org.slug, initialize, { authorization: `Bearer ${o.org.owner.token}` })).body.error).toBe("invalid_agent_credential");
    const other = await agentsOrg(t, "owner@mcp-other.test", "Mcp Other");
    expect((await mcpPost(other.org.slug, initialize, { authorization: `Bearer ${credential}` })).body.error).toBe("invalid_agent_credential");
    expect((await mcpPost("no-such-org", initialize, { authorization: `Bearer ${credential}` })).status).toBe(401);
    const ok = await mcpPost(o.org.slug, initialize, { authorization: `Bearer ${credential}` });
    expect(ok.status).toBe(200);
    expect(ok.body.result.serverInfo.name).toBe("signet-agents");
    for (const method of ["GET", "DELETE"]) {
      const r = await t.request(method, `/mcp/${o.org.slug}`, { token: credential, headers: { accept: "text/event-stream" } });
      expect(r.status).toBe(405);
      expect(r.body.error).toBe("method_not_allowed");
      expect(r.headers.get("allow")).toBe("POST");
    }
    const retired = await hire(t, o, { displayName: "Retired" });
    const retiredCredential = await credentialOf(o, retired.id);
    await o.agents("DELETE", `/${retired.id}`);
    expect((await mcpPost(o.org.slug, initialize, { authorization: `Bearer ${retiredCredential}` })).body.error).toBe("agent_credential_revoked");
  });

  test("the transport's own refusals: a client that does not accept event streams 406, a body that is not JSON-RPC 400", async () => {
    const r = await t.request("POST", `/mcp/${o.org.slug}`, { json: initialize, token: credential, headers: { accept: "application/json" } });
    expect(r.status).toBe(406);
    const bad = await mcpPost(o.org.slug, { hello: "world" }, { authorization: `Bearer ${credential}` });
    expect(bad.status).toBe(400);
  });
});
