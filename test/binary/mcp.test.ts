/**
 * The agents' MCP server against the compiled binary, black-box (DESIGN §10): the
 * organization and its agent are set up over HTTP as a self-hoster would (the operator's
 * `signet admin bootstrap`, then the owner's session), and the agent connects with the
 * MCP SDK's own Client and StreamableHTTPClientTransport over a socket, with its credential.
 * On SQLite, or PostgreSQL with SIGNET_TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { TestApp } from "../support/harness";
import { requestOverSocket, startBinary, type RunningBinary } from "./support";

let server: RunningBinary;
let http: TestApp["request"];
let owner: { slug: string; token: string };
let groupId = "";
let agent: any;
let credential = "";
let mcp: Client;

const api = (method: string, path: string, json?: unknown, token: string = owner.token) => http(method, `/api/org/${owner.slug}${path}`, { json, token });

async function connect(secret: string): Promise<Client> {
  const client = new Client({ name: "binary-test-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`/mcp/${owner.slug}`, server.base), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ isError: boolean; body: any }> {
  const r: any = await client.callTool({ name, arguments: args });
  return { isError: r.isError === true, body: JSON.parse(r.content[0].text) };
}

beforeAll(async () => {
  server = await startBinary();
  http = requestOverSocket(server);
  const boot = await server.cli(["admin", "bootstrap", "--email", "owner@mcp-binary.example", "--org", "Mcp Binary"]);
  expect(boot.code).toBe(0);
  const { slug, sessionToken } = JSON.parse(boot.stdout);
  owner = { slug, token: sessionToken };
  // Pro, so the owner may read the whole organization's audit log (scope=all, spec 5.4).
  expect((await server.cli(["admin", "plan", "--org", slug, "--plan", "pro"])).code).toBe(0);
  const group = await api("POST", "/app-groups", { orgId: JSON.parse(boot.stdout).orgId, name: "Agents' web" });
  expect(group.status).toBe(201);
  groupId = group.body.id;
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  await server?.stop();
});

describe("an agent on the binary's MCP server", () => {
  test("the owner hires a test agent and, as its operator, issues its credential", async () => {
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const hired = await api("POST", `/app-groups/${groupId}/agents`, { kind: "test", displayName: "Binary tester", expiresAt });
    expect(hired.status).toBe(201);
    agent = hired.body;
    expect(agent.mcpUrl).toBe(`${server.base}/mcp/${owner.slug}`);
    const issued = await api("POST", `/app-groups/${groupId}/agents/${agent.id}/credential`);
    expect(issued.status).toBe(201);
    credential = issued.body.credential;
    expect(credential).toMatch(/^ah_agent_/);
  });

  test("the SDK client connects over Streamable HTTP and lists the tools its gate opens", async () => {
    mcp = await connect(credential);
    expect(mcp.getServerVersion()?.name).toBe("signet-agents");
    const names = (await mcp.listTools()).tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(["axowl_whoami", "axowl_request_permission", "axowl_approval_submit", "axowl_applications_list"]));
    expect(names.some((n) => n.includes("stamp"))).toBe(false);
    const me = await call(mcp, "axowl_whoami");
    expect(me.body).toMatchObject({ agentId: agent.id, appGroupId: groupId, gateRefusal: null });
  });

  test("it files an approval through axowl_approval_submit; the owner, its hirer, receives it; its stamp is refused", async () => {
    const form = await api("POST", "/approvals/work-items", { Name: "Release note", docType: "document" });
    expect(form.status).toBe(201);
    const filed = await call(mcp, "axowl_approval_submit", { workItemId: form.body.id, title: "Ship 1.2" });
    expect(filed.isError).toBe(false);
    expect(filed.body).toMatchObject({ status: "submitted", requesterKind: "machine", requesterConnectedId: agent.id });
    const inbox = await api("GET", "/approvals/instances");
    expect(inbox.body.find((d: any) => d.id === filed.body.id)).toMatchObject({ isReceiver: true, myStepStatus: "pending" });
    const stamp = await http("POST", `/api/org/${owner.slug}/approvals/instances/${filed.body.id}/stamp`, { token: credential, json: { StepId: filed.body.steps[0].id, Decision: "approve" } });
    expect(stamp.status).toBe(403);
    expect(stamp.body.error).toBe("machine_not_allowed");
  });

  test("a refused tool is refused; every call is in the audit log, the refused write sealed as agent.action_denied", async () => {
    const narrow = await api("POST", `/app-groups/${groupId}/agents`, { kind: "test", displayName: "Narrow", expiresAt: new Date(Date.now() + 86_400_000).toISOString(), scopes: ["org.work_item.list"] });
    const narrowCredential = (await api("POST", `/app-groups/${groupId}/agents/${narrow.body.id}/credential`)).body.credential;
    const client = await connect(narrowCredential);
    const refused = await call(client, "axowl_approval_submit", { workItemId: "any", title: "Not mine to file" });
    expect(refused).toMatchObject({ isError: true, body: { error: "PERMISSION_DENIED", scope: "org.reporting_instance.create" } });
    await client.close();
    const events = await http("GET", `/api/v1/admin/audit/query?org=${owner.slug}&scope=all&limit=200`, { token: owner.token });
    expect(events.status).toBe(200);
    const text = JSON.stringify(events.body);
    for (const type of ["agent.hired", "agent.credential_issued", "agent.wake", "agent.tool_called", "agent.action_denied", "reporting.approval.submitted"]) expect(text).toContain(type);
    const verify = await server.cli(["audit", "verify", "--org", owner.slug, "--json"]);
    expect(JSON.parse(verify.stdout)).toMatchObject({ intact: true });
  });

  test("suspended, the agent's tools refuse; without a credential the server answers 401", async () => {
    expect((await api("POST", `/app-groups/${groupId}/agents/${agent.id}/suspend`)).body.status).toBe("suspended");
    expect(await call(mcp, "axowl_work_items_list")).toMatchObject({ isError: true, body: { error: "agent_suspended" } });
    const anonymous = await fetch(`${server.base}/mcp/${owner.slug}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(anonymous.status).toBe(401);
  });
});
