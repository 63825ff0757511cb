/**
 * The operator and the gate (spec 4.8 rule 6) through HTTP and the MCP server: only a
 * person operates; a new operator re-clamps at once and revokes the agent's credentials;
 * the gate is the badge's snapshot intersected with the operator's permissions (a write
 * the badge holds but the operator does not is refused and sealed); an operator whose badge
 * is suspended or gone leaves every gated tool refusing; and the credential the operator
 * alone issues, without any API key permission.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { agentCredentials } from "../../../src/modules/access/machine/schema";
import { sha256Hex } from "../../../src/platform/crypto/hash";
import { auditEvents } from "../../../src/platform/audit/schema";
import { createTestApp, type TestApp } from "../../support/harness";
import { machine } from "../governance/approvals-support";
import { agentEvents, agentsOrg, type AgentsOrg, callTool, credentialOf, hire, mcpClient, person, type Person } from "./support";

let t: TestApp;
let o: AgentsOrg;
let member: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  o = await agentsOrg(t, "owner@operator.test", "Operator");
  member = await person(t, o.org, "member@operator.test");
  admin = await person(t, o.org, "admin@operator.test", "admin");
});
afterAll(() => t.close());

const me = (credential: string) => o.api("GET", "/me", undefined, credential);
const assign = (agentId: string, operatorConnectedId: unknown, token: string | null = o.org.owner.token) => o.agents("PUT", `/${agentId}/operator`, { operatorConnectedId }, token);

describe("only a person can be an operator", () => {
  test("an AI badge, a team, a service account, a suspended or departed person: 400 operator_not_a_person; an unknown badge 404", async () => {
    const agent = await hire(t, o, { displayName: "Subject" });
    const peer = await hire(t, o, { displayName: "Peer" });
    const team = await o.api("POST", "/teams", { Name: "Ops" });
    const bot = await machine(t, o.org, "ops-bot", ["org.member.list"]);
    const sleepy = await person(t, o.org, "sleepy@operator.test");
    expect((await o.api("PATCH", `/badges/${sleepy.connectedId}`, { status: "suspended" })).status).toBe(200);
    const leaver = await person(t, o.org, "leaver@operator.test");
    expect((await o.api("DELETE", `/members/${leaver.userId}`)).status).toBe(200);
    for (const id of [peer.id, team.body.id, bot.connectedId, sleepy.connectedId, leaver.connectedId]) {
      const r = await assign(agent.id, id);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "operator_not_a_person", field: "operatorConnectedId" });
    }
    const unknown = await assign(agent.id, "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("connected_id_not_found");
    expect((await assign(agent.id, 42)).body).toMatchObject({ error: "invalid_request", field: "operatorConnectedId" });
    expect((await o.agents("PUT", `/${agent.id}/operator`, {})).status).toBe(400);
    const m = await assign(agent.id, member.connectedId, member.token);
    expect(m.status).toBe(403);
    expect(m.body.scope).toBe("org.agent.update");
    expect((await assign(agent.id, member.connectedId, null)).status).toBe(401);
    expect((await o.agents("GET", `/${agent.id}`)).body.operatorConnectedId).toBe(o.owner.connectedId);
    expect(await agentEvents(t, o, "agent.operator_assigned")).toHaveLength(0);
  });
});

describe("a new operator re-clamps at once and revokes the agent's credentials", () => {
  test("the gate becomes the snapshot ∩ the new operator's scopes; the old credential is 401; the new operator issues one", async () => {
    const agent = await hire(t, o, { kind: "test", displayName: "Clamped" });
    const old = await credentialOf(o, agent.id);
    const before = (await me(old)).body;
    expect(before).toMatchObject({ kind: "m2m", agentId: agent.id, connectedId: agent.id, appGroupId: o.group.id, userId: null, expiresAt: agent.expiresAt });
    expect(before.scopes).toContain("org.application.list");

    const r = await assign(agent.id, member.connectedId);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ operatorConnectedId: member.connectedId, credential: null });
    const [row] = await t.ctx.db.read.select().from(agentCredentials).where(eq(agentCredentials.agentId, agent.id));
    expect(row!.revokedReason).toBe("operator_changed");
    const [event] = (await agentEvents(t, o, "agent.operator_assigned")).filter((e) => e.payload.agentId === agent.id);
    expect(event!.payload).toEqual({ agentId: agent.id, from: o.owner.connectedId, to: member.connectedId, revokedCredentialIds: [row!.id] });
    const refused = await me(old);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe("agent_credential_revoked");

    // A Member holds the approval scopes (own documents only) and nothing of app groups.
    const gate = [
      "org.work_item.list",
      "org.work_item.read",
      "org.reporting_instance.create",
      "org.reporting_instance.read:creator=self",
      "org.reporting_instance.list:creator=self",
    ];
    const detail = (await o.agents("GET", `/${agent.id}`)).body;
    expect([...detail.gate].sort()).toEqual([...gate].sort());
    expect(detail.snapshot).toContain("org.application.list");

    const notMine = await o.agents("POST", `/${agent.id}/credential`);
    expect(notMine.status).toBe(403);
    expect(notMine.body.error).toBe("not_the_operator");
    // The member holds no API key scope, yet issues their own agent's credential.
    const fresh = await credentialOf(o, agent.id, member.token);
    expect([...(await me(fresh)).body.scopes].sort()).toEqual([...gate].sort());
    const apps = await o.api("GET", "/applications", undefined, fresh);
    expect(apps.status).toBe(403);
    const client = await mcpClient(t, o.org.slug, fresh);
    const tools = (await client.listTools()).tools.map((x) => x.name);
    expect(tools).not.toContain("axowl_applications_list");
    expect(tools).toContain("axowl_approval_submit");
    const denied = await callTool(client, "axowl_applications_list");
    expect(denied).toMatchObject({ isError: true, body: { error: "PERMISSION_DENIED", scope: "org.application.list" } });

    // Assigning the operator it already has changes nothing.
    expect((await assign(agent.id, member.connectedId)).status).toBe(200);
    expect((await me(fresh)).status).toBe(200);
    expect((await agentEvents(t, o, "agent.operator_assigned")).filter((e) => e.payload.agentId === agent.id)).toHaveLength(1);
  });
});

describe("the gate is the intersection (rule 6); refused writes are sealed (rule 7)", () => {
  test("a write the badge holds but the operator lacks is refused (beyond_operator), one the badge lacks too (beyond_gate); both sealed; reads are refused but not sealed", async () => {
    const agent = await hire(t, o, { kind: "infra", displayName: "Registrar" });
    await assign(agent.id, member.connectedId);
    const credential = await credentialOf(o, agent.id, member.token);
    const app = { name: "Agent app", platform: "web", environment: "staging", allowedOrigins: [], callbackUrls: [] };
    const refused = await o.api("POST", `/app-groups/${o.group.id}/apps`, app, credential);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: "PERMISSION_DENIED", scope: "org.application.create" });
    const readRefused = await o.api("GET", `/applications`, undefined, credential);
    expect(readRefused.status).toBe(403);
    let denied = (await agentEvents(t, o, "agent.action_denied")).filter((e) => e.payload.agentId === agent.id);
    expect(denied).toHaveLength(1);
    expect(denied[0]!.payload).toMatchObject({ via: "http", method: "POST", code: "PERMISSION_DENIED", scope: "org.application.create", reason: "beyond_operator", tool: null });

    // With the Owner operating, the same write passes: the operator's permissions were the clamp.
    await assign(agent.id, o.owner.connectedId);
    const owned = await credentialOf(o, agent.id);
    const created = await o.api("POST", `/app-groups/${o.group.id}/apps`, app, owned);
    expect(created.status).toBe(201);
    // Deleting is beyond the infra template, whoever operates.
    const beyond = await o.api("DELETE", `/applications/${created.body.id}`, undefined, owned);
    expect(beyond.status).toBe(403);
    denied = (await agentEvents(t, o, "agent.action_denied")).filter((e) => e.payload.agentId === agent.id);
    expect(denied).toHaveLength(2);
    expect(denied[1]!.payload).toMatchObject({ method: "DELETE", scope: "org.application.delete", reason: "beyond_gate" });
    // Org-wide routes are beyond an agent of one app group: refused, and sealed.
    const team = await o.api("POST", "/teams", { Name: "Agents' team" }, owned);
    expect(team.status).toBe(401);
    expect(team.body.error).toBe("org_wide_key_required");
    denied = (await agentEvents(t, o, "agent.action_denied")).filter((e) => e.payload.agentId === agent.id);
    expect(denied[2]!.payload).toMatchObject({ path: `/api/org/${o.org.slug}/teams`, code: "org_wide_key_required", reason: "refused" });
  });
});

describe("an operator whose badge is suspended or gone: every gated tool refuses", () => {
  test("suspended: 403 operator_inactive on every route and tool (a refused write sealed); active again, it works; removed from the organization, it refuses again", async () => {
    const operator = await person(t, o.org, "operator@operator.test");
    const agent = await hire(t, o, { kind: "test", displayName: "Orphan" });
    await assign(agent.id, operator.connectedId);
    const credential = await credentialOf(o, agent.id, operator.token);
    expect((await me(credential)).status).toBe(200);

    expect((await o.api("PATCH", `/badges/${operator.connectedId}`, { status: "suspended" })).status).toBe(200);
    const refused = await me(credential);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("operator_inactive");
    expect((await o.agents("GET", `/${agent.id}`)).body).toMatchObject({ gate: [], gateRefusal: "operator_inactive" });
    const client = await mcpClient(t, o.org.slug, credential);
    expect((await client.listTools()).tools.map((x) => x.name)).toEqual(["axowl_whoami"]);
    expect((await callTool(client, "axowl_whoami")).body).toMatchObject({ gate: [], gateRefusal: "operator_inactive" });
    for (const name of ["axowl_work_items_list", "axowl_applications_list", "axowl_approvals_list"]) {
      expect(await callTool(client, name)).toMatchObject({ isError: true, body: { error: "operator_inactive" } });
    }
    const write = await callTool(client, "axowl_approval_submit", { workItemId: "x", title: "Anything" });
    expect(write).toMatchObject({ isError: true, body: { error: "operator_inactive" } });
    const denied = (await agentEvents(t, o, "agent.action_denied")).filter((e) => e.payload.agentId === agent.id);
    expect(denied.map((e) => e.payload)).toEqual([expect.objectContaining({ via: "mcp", tool: "axowl_approval_submit", code: "operator_inactive", reason: "operator_inactive" })]);
    const reads = (await agentEvents(t, o, "agent.tool_called")).filter((e) => e.payload.agentId === agent.id && e.payload.outcome === "denied");
    expect(reads).toHaveLength(3);

    expect((await o.api("PATCH", `/badges/${operator.connectedId}`, { status: "active" })).status).toBe(200);
    expect((await me(credential)).status).toBe(200);
    expect((await o.api("DELETE", `/members/${operator.userId}`)).status).toBe(200);
    expect((await me(credential)).body.error).toBe("operator_inactive");
  });

  test("an agent hired by a machine has no operator: it may do nothing, and nobody may issue its credential until one is assigned", async () => {
    const bot = await machine(t, o.org, "hiring-bot", ["org.agent.hire"], "admin");
    const hired = await o.agents("POST", "", { kind: "test", displayName: "Unowned", expiresAt: new Date(t.clock.now() + 86_400_000).toISOString() }, bot.token);
    expect(hired.body.operatorConnectedId).toBeNull();
    expect((await o.agents("GET", `/${hired.body.id}`)).body.gateRefusal).toBe("operator_inactive");
    expect((await o.agents("POST", `/${hired.body.id}/credential`)).body.error).toBe("not_the_operator");
    const machineIssue = await o.agents("POST", `/${hired.body.id}/credential`, undefined, bot.token);
    expect(machineIssue.status).toBe(403);
    expect(machineIssue.body.error).toBe("machine_not_allowed");
    expect((await assign(hired.body.id, admin.connectedId)).status).toBe(200);
    const credential = await credentialOf(o, hired.body.id, admin.token);
    expect((await me(credential)).status).toBe(200);
  });
});

describe("the credential (POST /{agentId}/credential)", () => {
  test("ah_agent_ and 256 bits, shown once, SHA-256 at rest; a new one replaces the old; agent.credential_issued and agent.wake (setup_done), never the secret", async () => {
    const agent = await hire(t, o, { displayName: "Keyed" });
    const first = await o.agents("POST", `/${agent.id}/credential`);
    expect(first.status).toBe(201);
    expect(first.body.credential).toMatch(/^ah_agent_[A-Za-z0-9_-]{43}$/);
    expect(first.body).toMatchObject({ agentId: agent.id, prefix: first.body.credential.slice(0, 17), replacedCredentialIds: [], mcpUrl: `${t.config.baseUrl}/mcp/${o.org.slug}` });
    const [row] = await t.ctx.db.read.select().from(agentCredentials).where(eq(agentCredentials.id, first.body.id));
    expect(row!.secretHash).toBe(sha256Hex(first.body.credential));
    expect(JSON.stringify(row)).not.toContain(first.body.credential);
    const listed = (await o.agents("GET", "")).body.find((a: any) => a.id === agent.id);
    expect(listed.credential).toMatchObject({ id: first.body.id, prefix: first.body.prefix, issuedByConnectedId: o.owner.connectedId, revokedAt: null });

    const second = await o.agents("POST", `/${agent.id}/credential`);
    expect(second.body.replacedCredentialIds).toEqual([first.body.id]);
    expect((await me(first.body.credential)).body.error).toBe("agent_credential_revoked");
    expect((await me(second.body.credential)).status).toBe(200);

    const issued = (await agentEvents(t, o, "agent.credential_issued")).filter((e) => e.payload.agentId === agent.id);
    expect(issued.map((e) => e.payload.credentialId)).toEqual([first.body.id, second.body.id]);
    const wakes = (await agentEvents(t, o, "agent.wake")).filter((e) => e.payload.agentId === agent.id);
    expect(wakes.map((e) => e.payload)).toEqual([
      { agentId: agent.id, reason: "setup_done", subjectId: first.body.id },
      { agentId: agent.id, reason: "setup_done", subjectId: second.body.id },
    ]);
    const all = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, o.org.orgId));
    expect(JSON.stringify(all)).not.toContain(first.body.credential);
    expect(JSON.stringify(all)).not.toContain(second.body.credential);
  });

  test("a malformed, unknown or another organization's credential is 401; so is one sent to another organization's slug", async () => {
    const agent = await hire(t, o, { displayName: "Travelling" });
    const credential = await credentialOf(o, agent.id);
    const other = await agentsOrg(t, "owner@operator-other.test", "Operator Other");
    const wrongOrg = await t.request("GET", `/api/org/${other.org.slug}/me`, { token: credential });
    expect(wrongOrg.status).toBe(401);
    expect(wrongOrg.body.error).toBe("invalid_agent_credential");
    expect((await me(`ah_agent_${"A".repeat(43)}`)).body.error).toBe("invalid_agent_credential");
    expect((await me("ah_agent_short")).status).toBe(401);
  });
});
