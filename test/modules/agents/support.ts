/**
 * Shortcuts for the agents suites, through HTTP as a client: an organization with an app
 * group, hiring, the operator's credential, requests made with it, and an MCP client (the
 * SDK's own Client and StreamableHTTPClientTransport) talking to the in-process app.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createAppGroup, createOrg, type TestOrg } from "../../support/accounts";
import type { TestApp, TestResponse } from "../../support/harness";
import { eventsOf, orgApi, ownerOf, type Person } from "../governance/support";

export { eventsOf, orgApi, ownerOf, person, type Person } from "../governance/support";

export interface AgentsOrg {
  org: TestOrg;
  group: { id: string; groupKey: string };
  owner: Person;
  api: ReturnType<typeof orgApi>;
  /** A request on the group's agents routes. */
  agents: (method: string, path: string, json?: unknown, token?: string | null) => Promise<TestResponse<any>>;
}

export async function agentsOrg(t: TestApp, email: string, name: string): Promise<AgentsOrg> {
  const org = await createOrg(t, email, name);
  const group = await createAppGroup(t, org, `${name} web`);
  const api = orgApi(t, org);
  return {
    org,
    group,
    owner: await ownerOf(t, org),
    api,
    agents: (method, path, json, token = org.owner.token) => api(method, `/app-groups/${group.id}/agents${path}`, json, token),
  };
}

/** An ISO time `days` after the test clock's now. */
export function inDays(t: TestApp, days: number): string {
  return new Date(t.clock.now() + days * 86_400_000).toISOString();
}

export async function hire(t: TestApp, o: AgentsOrg, body: Record<string, unknown> = {}, token: string | null = o.org.owner.token): Promise<any> {
  const r = await o.agents("POST", "", { kind: "test", displayName: "Tester", expiresAt: inDays(t, 30), ...body }, token);
  if (r.status !== 201) throw new Error(`hire: ${r.status} ${r.text}`);
  return r.body;
}

/** The agent's credential, issued by its operator (`token`: the operator's session). */
export async function credentialOf(o: AgentsOrg, agentId: string, token: string = o.org.owner.token): Promise<string> {
  const r = await o.agents("POST", `/${agentId}/credential`, undefined, token);
  if (r.status !== 201) throw new Error(`credential: ${r.status} ${r.text}`);
  return r.body.credential;
}

/** An MCP client of the in-process app, authenticated with an agent credential. */
export async function mcpClient(t: TestApp, slug: string, credential: string): Promise<Client> {
  const client = new Client({ name: "signet-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`http://localhost/mcp/${slug}`), {
    requestInit: { headers: { authorization: `Bearer ${credential}` } },
    fetch: (input, init) => t.app.handle(new Request(input, init)),
  });
  await client.connect(transport);
  return client;
}

/** A tool's answer: the JSON it carries, and whether it is a refusal. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ isError: boolean; body: any }> {
  const r: any = await client.callTool({ name, arguments: args });
  return { isError: r.isError === true, body: JSON.parse(r.content[0].text) };
}

/** The organization's audit events of one type, oldest first (payloads read loosely). */
export async function agentEvents(t: TestApp, o: AgentsOrg, type: string): Promise<Array<Awaited<ReturnType<typeof eventsOf>>[number] & { payload: any }>> {
  return eventsOf(t, o.org, type);
}
