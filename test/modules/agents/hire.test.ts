/**
 * Hiring through HTTP (spec 2.9, the first row of 3.3, 4.8 hire rules 1–5): the machine
 * badge, the shared role AGENT_{KIND} brought up to its template on every hire and the
 * kind's agents re-snapshotted, the reporting edge to the hirer, the roster row, expiresAt,
 * the kind templates and their catalog, who may hire, and org.agent.hire refused to agents
 * and sealed.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createAppGroup } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { machine } from "../governance/approvals-support";
import { agentEvents, agentsOrg, type AgentsOrg, credentialOf, hire, inDays, person, type Person } from "./support";

let t: TestApp;
let o: AgentsOrg;
let other: AgentsOrg;
let member: Person;
let templates: any[];

const FILING = ["org.work_item.list", "org.work_item.read", "org.reporting_instance.create", "org.reporting_instance.read", "org.reporting_instance.list"];

beforeAll(async () => {
  t = await createTestApp();
  o = await agentsOrg(t, "owner@hire.test", "Hire");
  other = await agentsOrg(t, "owner@hire-other.test", "Hire Other");
  member = await person(t, o.org, "member@hire.test");
  templates = (await o.agents("GET", "/templates")).body;
});
afterAll(() => t.close());

const templateOf = (kind: string) => templates.find((x) => x.kind === kind);
const rolesOf = async (org: AgentsOrg) => ((await org.api("GET", "/roles")).body as any[]).filter((r) => !r.builtin);

describe("the kind templates (rule 5) and their catalog", () => {
  test("GET /templates lists the six kinds; every kind but custom files approvals; none stamps; custom has nothing", async () => {
    expect(templates.map((x) => x.kind)).toEqual(["design", "db", "api", "test", "infra", "custom"]);
    for (const entry of templates) {
      expect(entry.role).toBe(`AGENT_${entry.kind.toUpperCase()}`);
      expect(entry.scopes.some((s: string) => s.startsWith("org.reporting_instance.approval_step"))).toBe(false);
      if (entry.kind === "custom") expect(entry.scopes).toEqual([]);
      else expect(entry.scopes).toEqual(expect.arrayContaining(FILING));
      expect(typeof entry.harnessReady).toBe("boolean");
    }
    expect(templateOf("test").scopes.every((s: string) => /\.(read|list)$/.test(s) || s === "org.reporting_instance.create")).toBe(true);
    expect(templateOf("design").scopes).toContain("org.app_group.update");
    expect(templateOf("infra").scopes).toEqual(expect.arrayContaining(["org.application.create", "org.application.update"]));
    expect(templateOf("api").scopes).toEqual(expect.arrayContaining(["org.api_key.create", "org.webhook.create"]));
    expect(templateOf("db").scopes).toEqual(expect.arrayContaining(["org.data_source.schema.update", "org.data_source.query.run"]));
  });

  test("harnessReady: a tool for every scope of the template (test and custom today)", () => {
    expect(Object.fromEntries(templates.map((x) => [x.kind, x.harnessReady]))).toEqual({ design: false, db: false, api: false, test: true, infra: false, custom: true });
    expect(templateOf("test").tools).toEqual(expect.arrayContaining(["axowl_whoami", "axowl_approval_submit", "axowl_request_permission", "axowl_applications_list"]));
    expect(templateOf("custom").tools).toEqual(["axowl_whoami"]);
  });

  test("membership is enough to read them; no credential is 401, another organization 404", async () => {
    expect((await o.agents("GET", "/templates", undefined, member.token)).status).toBe(200);
    expect((await o.agents("GET", "/templates", undefined, null)).status).toBe(401);
    expect((await o.agents("GET", "/templates", undefined, other.org.owner.token)).status).toBe(404);
  });
});

describe("hire (3.3 first row; rules 1, 3, 4)", () => {
  let agent: any;
  beforeAll(async () => {
    agent = await hire(t, o, { kind: "design", displayName: "  Pixel  ", expiresAt: inDays(t, 30), description: "Draws the login page", systemPrompt: "You design.", model: "claude" });
  });

  test("the roster row: active, expiresAt, the hirer's ConnectedId, the hirer as operator, the snapshot of AGENT_DESIGN", async () => {
    expect(agent).toMatchObject({
      kind: "design",
      displayName: "Pixel",
      status: "active",
      suspendedReason: null,
      badgeStatus: "active",
      appGroupId: o.group.id,
      expiresAt: inDays(t, 30),
      hiredByConnectedId: o.owner.connectedId,
      operatorConnectedId: o.owner.connectedId,
      description: "Draws the login page",
      systemPrompt: "You design.",
      model: "claude",
      role: { name: "AGENT_DESIGN" },
      requestedScopes: null,
      credential: null,
      mcpUrl: `${t.config.baseUrl}/mcp/${o.org.slug}`,
    });
    expect(agent.connectedId).toBe(agent.id);
    expect(agent.snapshot).toEqual(templateOf("design").scopes);
    const listed = (await o.agents("GET", "")).body as any[];
    expect(listed.map((a) => a.id)).toContain(agent.id);
  });

  test("rule 1: a machine badge of type ai, no user, membership type none; the shared role AGENT_DESIGN", async () => {
    const badge = ((await o.api("GET", "/badges")).body as any[]).find((b) => b.connectedId === agent.id);
    expect(badge).toMatchObject({ type: "ai", userId: null, serviceAccountId: null, membershipType: "none", status: "active", displayName: "Pixel" });
    const role = (await rolesOf(o)).find((r) => r.id === agent.role.id);
    expect(role).toMatchObject({ key: "agent_design", name: "AGENT_DESIGN", scopes: templateOf("design").scopes });
  });

  test("rule 3: a reporting edge from the badge to the hirer", async () => {
    const graph = (await o.api("GET", "/reporting/graph")).body;
    expect(graph.edges).toContainEqual(expect.objectContaining({ type: "reporting", sourceConnectedId: agent.id, targetConnectedId: o.owner.connectedId, manual: true }));
    expect(graph.people).toContainEqual(expect.objectContaining({ connectedId: agent.id, type: "ai", userId: null }));
  });

  test("agent.hired is sealed with the role, the snapshot and the operator (with org.role.created and reporting.relationship.added)", async () => {
    const [hired] = (await agentEvents(t, o, "agent.hired")).filter((e) => e.payload.agentId === agent.id);
    expect(hired!.payload).toMatchObject({
      kind: "design",
      appGroupId: o.group.id,
      roleId: agent.role.id,
      roleCreated: true,
      snapshot: agent.snapshot,
      hiredByConnectedId: o.owner.connectedId,
      operatorConnectedId: o.owner.connectedId,
      expiresAt: agent.expiresAt,
    });
    expect(hired!.actorKind).toBe("user");
    expect((await agentEvents(t, o, "org.role.created")).some((e) => e.payload.roleId === agent.role.id)).toBe(true);
    expect((await agentEvents(t, o, "reporting.relationship.added")).some((e) => e.payload.sourceConnectedId === agent.id)).toBe(true);
  });

  test("rule 8: the agent takes no seat: it is in no member list and holds no membership", async () => {
    const members = (await o.api("GET", "/members")).body as any[];
    expect(members.map((m) => m.connectedId)).not.toContain(agent.id);
    expect(members).toHaveLength(2);
  });
});

describe("rule 2: the shared role is brought up to the template on every hire; the kind's agents are re-snapshotted", () => {
  test("scopes an Admin removed come back, scopes an Admin added stay, and every agent of the kind takes the role as it is", async () => {
    const first = await hire(t, o, { kind: "test", displayName: "First" });
    const role = (await rolesOf(o)).find((r) => r.id === first.role.id);
    const edited = [...role.scopes.filter((s: string) => s !== "org.application.read"), "org.team.list"];
    const put = await o.api("PUT", `/roles/${role.id}`, { key: role.key, name: role.name, description: role.description, scopes: edited });
    expect(put.status).toBe(200);
    // The snapshot is a copy: the role's edit reaches the agent at the next hire of its kind.
    expect((await o.agents("GET", `/${first.id}`)).body.snapshot).toEqual(templateOf("test").scopes);

    const second = await hire(t, o, { kind: "test", displayName: "Second" });
    expect(second.role.id).toBe(role.id);
    const expected = [...edited, "org.application.read"];
    expect(second.snapshot).toEqual(expected);
    expect((await o.agents("GET", `/${first.id}`)).body.snapshot).toEqual(expected);
    expect((await rolesOf(o)).filter((r) => r.name === "AGENT_TEST")).toHaveLength(1);
    const hired = (await agentEvents(t, o, "agent.hired")).find((e) => e.payload.agentId === second.id)!;
    expect(hired.payload).toMatchObject({ roleCreated: false, roleScopesAdded: ["org.application.read"], resnapshotted: [first.id] });
    const updated = (await agentEvents(t, o, "org.role.updated")).filter((e) => e.payload.roleId === role.id);
    expect(updated.at(-1)!.payload.after.scopes).toEqual(expected);
  });

  test("parallel hires of a kind share one role: it is created once, and every agent ends with the same snapshot", async () => {
    const hires = await Promise.all(Array.from({ length: 6 }, (_, i) => o.agents("POST", "", { kind: "api", displayName: `Api ${i}`, expiresAt: inDays(t, 3) })));
    expect(hires.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const roles = (await rolesOf(o)).filter((r) => r.name === "AGENT_API");
    expect(roles).toHaveLength(1);
    expect(new Set(hires.map((r) => r.body.role.id))).toEqual(new Set([roles[0].id]));
    for (const r of hires) expect((await o.agents("GET", `/${r.body.id}`)).body.snapshot).toEqual(templateOf("api").scopes);
    const events = (await agentEvents(t, o, "agent.hired")).filter((e) => e.payload.kind === "api");
    expect(events.filter((e) => e.payload.roleCreated)).toHaveLength(1);
    // Each hire re-snapshotted exactly the api agents hired before it.
    expect(events.map((e) => e.payload.resnapshotted.length)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  test("a custom agent starts with no scopes", async () => {
    const custom = await hire(t, o, { kind: "custom", displayName: "Blank" });
    expect(custom.snapshot).toEqual([]);
    expect(custom.role.name).toBe("AGENT_CUSTOM");
    expect((await o.agents("GET", `/${custom.id}`)).body.gate).toEqual([]);
  });

  test("scopes narrow the kind's role; a scope beyond it is 400 scope_outside_kind, a malformed one 400 invalid_scope", async () => {
    const narrow = await hire(t, o, { kind: "infra", displayName: "Narrow", scopes: ["org.application.list", "org.work_item.list"] });
    expect(narrow.snapshot).toEqual(["org.application.list", "org.work_item.list"]);
    expect(narrow.requestedScopes).toEqual(["org.application.list", "org.work_item.list"]);
    const beyond = await o.agents("POST", "", { kind: "test", displayName: "Beyond", expiresAt: inDays(t, 1), scopes: ["org.application.list", "org.team.create"] });
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({ error: "scope_outside_kind", field: "scopes[1]" });
    const malformed = await o.agents("POST", "", { kind: "test", displayName: "Bad", expiresAt: inDays(t, 1), scopes: ["Org.Team"] });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: "invalid_scope", field: "scopes[0]" });
  });
});

describe("rule 4: expiresAt is required and in the future", () => {
  test("without it, with a past or present one, or a malformed one: 400 and nothing hired", async () => {
    const before = ((await o.agents("GET", "")).body as any[]).length;
    const send = (expiresAt: unknown) => o.agents("POST", "", { kind: "test", displayName: "Late", ...(expiresAt === undefined ? {} : { expiresAt }) });
    const missing = await send(undefined);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: "invalid_request", field: "expiresAt" });
    expect((await send(null)).body).toMatchObject({ error: "invalid_request", field: "expiresAt" });
    expect((await send(new Date(t.clock.now() - 1000).toISOString())).body).toMatchObject({ error: "expires_at_in_past", field: "expiresAt" });
    expect((await send(new Date(t.clock.now()).toISOString())).body).toMatchObject({ error: "expires_at_in_past" });
    for (const bad of ["tomorrow", "2030-01-01", "2030-02-31T00:00:00Z", "2030-01-01T00:00:00"]) {
      const r = await send(bad);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("invalid_expires_at");
    }
    expect(((await o.agents("GET", "")).body as any[]).length).toBe(before);
  });
});

describe("bad input", () => {
  test("malformed JSON, wrong types, an unknown kind or field, a blank name: 400", async () => {
    const raw = await t.request("POST", `/api/org/${o.org.slug}/app-groups/${o.group.id}/agents`, { token: o.org.owner.token, body: "{not json", headers: { "content-type": "application/json" } });
    expect(raw.status).toBe(400);
    expect(raw.body.error).toBe("invalid_json");
    const base = { kind: "test", displayName: "X", expiresAt: inDays(t, 1) };
    expect((await o.agents("POST", "", { ...base, kind: "robot" })).body).toMatchObject({ error: "invalid_request", field: "kind" });
    expect((await o.agents("POST", "", { ...base, displayName: 7 })).body).toMatchObject({ error: "invalid_request", field: "displayName" });
    expect((await o.agents("POST", "", { ...base, scopes: "org.*" })).body).toMatchObject({ error: "invalid_request", field: "scopes" });
    expect((await o.agents("POST", "", { ...base, operator: "me" })).status).toBe(400);
    expect((await o.agents("POST", "", { ...base, displayName: "   " })).body).toMatchObject({ error: "invalid_display_name" });
  });
});

describe("who may hire", () => {
  const body = () => ({ kind: "test", displayName: "Who", expiresAt: inDays(t, 1) });

  test("no credential 401, a member 403, another organization's owner 404", async () => {
    expect((await o.agents("POST", "", body(), null)).status).toBe(401);
    const m = await o.agents("POST", "", body(), member.token);
    expect(m.status).toBe(403);
    expect(m.body).toMatchObject({ error: "PERMISSION_DENIED", scope: "org.agent.hire" });
    expect((await o.agents("POST", "", body(), other.org.owner.token)).status).toBe(404);
  });

  test("an unknown app group, another organization's or a deleted one: 404 app_group_not_found; the groupKey works too", async () => {
    const unknown = await o.api("POST", "/app-groups/0190a1b2c3d47e5f8a9b0c1d2e3f4a5b/agents", body());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("app_group_not_found");
    expect((await o.api("POST", `/app-groups/${other.group.id}/agents`, body())).body.error).toBe("app_group_not_found");
    const doomed = await createAppGroup(t, o.org, "Doomed");
    expect((await o.api("DELETE", `/app-groups/${doomed.id}`)).status).toBe(200);
    expect((await o.api("POST", `/app-groups/${doomed.id}/agents`, body())).body.error).toBe("app_group_not_found");
    const byKey = await o.api("POST", `/app-groups/${o.group.groupKey}/agents`, body());
    expect(byKey.status).toBe(201);
    expect(byKey.body.appGroupId).toBe(o.group.id);
  });

  test("a machine hires through a key bound to a service account (its badge is the hirer; no operator yet); without one 403 hirer_badge_required", async () => {
    const bot = await machine(t, o.org, "hiring-bot", ["org.agent.hire"], "admin");
    const r = await o.agents("POST", "", body(), bot.token);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ hiredByConnectedId: bot.connectedId, operatorConnectedId: null });
    const key = await o.api("POST", "/settings/keys/api-keys", { scopes: ["org.agent.hire"] });
    const token = (await t.request("POST", "/api/m2m/token", { json: { orgSlug: o.org.slug, apiKey: key.body.key } })).body.accessToken;
    const unbound = await o.agents("POST", "", body(), token);
    expect(unbound.status).toBe(403);
    expect(unbound.body.error).toBe("hirer_badge_required");
  });
});

describe("rule 2: org.agent.hire is always refused to agents", () => {
  test("even an agent whose gate holds org.* is refused, and the refusal is sealed as agent.action_denied", async () => {
    const custom = await hire(t, o, { kind: "custom", displayName: "Ambitious" });
    const role = (await rolesOf(o)).find((r) => r.id === custom.role.id);
    expect((await o.api("PUT", `/roles/${role.id}`, { key: role.key, name: role.name, scopes: ["org.*"] })).status).toBe(200);
    await hire(t, o, { kind: "custom", displayName: "Resnapshot" });
    const detail = (await o.agents("GET", `/${custom.id}`)).body;
    expect(detail.gate).toEqual(["org.*"]);
    const credential = await credentialOf(o, custom.id);
    const r = await o.agents("POST", "", body(), credential);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("agent_not_allowed");
    const denied = (await agentEvents(t, o, "agent.action_denied")).filter((e) => e.payload.agentId === custom.id);
    expect(denied).toHaveLength(1);
    expect(denied[0]!.payload).toMatchObject({ via: "http", method: "POST", path: `/api/org/${o.org.slug}/app-groups/${o.group.id}/agents`, code: "agent_not_allowed", reason: "never_for_agents" });
    expect(denied[0]!.actorKind).toBe("agent");
    // Nor may it change agents, its own included.
    for (const [method, path, json] of [
      ["POST", `/${custom.id}/suspend`, undefined],
      ["PUT", `/${custom.id}`, { model: "x" }],
      ["PUT", `/${custom.id}/operator`, { operatorConnectedId: o.owner.connectedId }],
      ["DELETE", `/${custom.id}`, undefined],
    ] as const) {
      const refused = await o.agents(method, path, json, credential);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe("agent_not_allowed");
    }
    expect((await agentEvents(t, o, "agent.action_denied")).filter((e) => e.payload.agentId === custom.id)).toHaveLength(5);
  });

  function body() {
    return { kind: "test", displayName: "Child", expiresAt: inDays(t, 1) };
  }
});
