/**
 * An agent's life through HTTP (spec 3.3, every row): suspend and activate
 * (org.agent.suspend), the TTL job at expiry (reason expired) on the test clock, revoke
 * (org.agent.revoke: roster row retired, badge deactivated, credentials revoked), changes
 * (org.agent.update), and what each state does to the agent's credential.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { agentCredentials } from "../../../src/modules/access/machine/schema";
import { HOUR, MINUTE } from "../../support/clock";
import { createAppGroup } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { agentEvents, agentsOrg, type AgentsOrg, callTool, credentialOf, hire, inDays, mcpClient, person, type Person } from "./support";

let t: TestApp;
let o: AgentsOrg;
let other: AgentsOrg;
let member: Person;
let suspender: Person;

beforeAll(async () => {
  t = await createTestApp();
  o = await agentsOrg(t, "owner@life.test", "Life");
  other = await agentsOrg(t, "owner@life-other.test", "Life Other");
  member = await person(t, o.org, "member@life.test");
  // A custom role holding org.agent.suspend only.
  const role = await o.api("POST", "/roles", { key: "agent_keeper", name: "Agent keeper", scopes: ["org.agent.suspend", "org.member.list"] });
  suspender = await person(t, o.org, "keeper@life.test", role.body.id);
  // The scheduler's first look baselines every job at its current slot.
  await t.ctx.jobs.runDue();
});
afterAll(() => t.close());

const me = (credential: string) => o.api("GET", "/me", undefined, credential);

describe("active → suspended → active (org.agent.suspend)", () => {
  let agent: any;
  let credential: string;
  beforeAll(async () => {
    agent = await hire(t, o, { displayName: "Sleeper" });
    credential = await credentialOf(o, agent.id);
  });

  test("suspend: the roster and the badge suspended (reason manual), agent.suspended; its credential and tools refuse, no credential is issued", async () => {
    expect((await me(credential)).status).toBe(200);
    const r = await o.agents("POST", `/${agent.id}/suspend`, undefined, suspender.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "suspended", suspendedReason: "manual", badgeStatus: "suspended" });
    expect(r.body.suspendedAt).toBe(new Date(t.clock.now()).toISOString());
    const [event] = (await agentEvents(t, o, "agent.suspended")).filter((e) => e.payload.agentId === agent.id);
    expect(event!.payload).toMatchObject({ reason: "manual", expiresAt: agent.expiresAt });
    const refused = await me(credential);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("agent_suspended");
    const client = await mcpClient(t, o.org.slug, credential);
    const tool = await callTool(client, "axowl_work_items_list");
    expect(tool).toMatchObject({ isError: true, body: { error: "agent_suspended" } });
    expect((await callTool(client, "axowl_whoami")).body).toMatchObject({ status: "suspended", gate: [], gateRefusal: "agent_suspended", tools: ["axowl_whoami"] });
    const issue = await o.agents("POST", `/${agent.id}/credential`);
    expect(issue.status).toBe(409);
    expect(issue.body.error).toBe("agent_suspended");
    // Suspending again changes nothing.
    expect((await o.agents("POST", `/${agent.id}/suspend`)).body.status).toBe("suspended");
    expect((await agentEvents(t, o, "agent.suspended")).filter((e) => e.payload.agentId === agent.id)).toHaveLength(1);
  });

  test("activate: active again, agent.activated; the same credential works again", async () => {
    const r = await o.agents("POST", `/${agent.id}/activate`, undefined, suspender.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "active", suspendedReason: null, badgeStatus: "active", suspendedAt: null });
    const [event] = (await agentEvents(t, o, "agent.activated")).filter((e) => e.payload.agentId === agent.id);
    expect(event!.payload).toMatchObject({ previousReason: "manual" });
    expect((await me(credential)).status).toBe(200);
    expect((await o.agents("POST", `/${agent.id}/activate`)).body.status).toBe("active");
    expect((await agentEvents(t, o, "agent.activated")).filter((e) => e.payload.agentId === agent.id)).toHaveLength(1);
  });

  test("who may: a member 403, org.agent.suspend without org.agent.revoke cannot revoke, no credential 401, another organization 404", async () => {
    for (const path of [`/${agent.id}/suspend`, `/${agent.id}/activate`]) {
      const r = await o.agents("POST", path, undefined, member.token);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ error: "PERMISSION_DENIED", scope: "org.agent.suspend" });
      expect((await o.agents("POST", path, undefined, null)).status).toBe(401);
      expect((await o.agents("POST", path, undefined, other.org.owner.token)).status).toBe(404);
    }
    const revoke = await o.agents("DELETE", `/${agent.id}`, undefined, suspender.token);
    expect(revoke.status).toBe(403);
    expect(revoke.body.scope).toBe("org.agent.revoke");
    expect((await o.agents("PUT", `/${agent.id}`, { model: "m" }, suspender.token)).body.scope).toBe("org.agent.update");
  });

  test("unknown ids, another app group's agent and another organization's: 404", async () => {
    expect((await o.agents("POST", "/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/suspend")).body.error).toBe("agent_not_found");
    const second = await createAppGroup(t, o.org, "Second");
    const wrongGroup = await o.api("POST", `/app-groups/${second.id}/agents/${agent.id}/suspend`);
    expect(wrongGroup.status).toBe(404);
    expect(wrongGroup.body.error).toBe("agent_not_found");
    const theirs = await hire(t, other);
    const r = await o.agents("POST", `/${theirs.id}/suspend`);
    expect(r.status).toBe(404);
    expect((await other.agents("GET", `/${theirs.id}`)).body.status).toBe("active");
    expect((await o.agents("GET", `/${theirs.id}`)).status).toBe(404);
  });
});

describe("active → suspended at expiry (the TTL job, reason expired)", () => {
  test("the credential refuses from expiresAt on; the job suspends with reason expired; activation waits for a new expiresAt", async () => {
    const agent = await hire(t, o, { displayName: "Mayfly", expiresAt: new Date(t.clock.now() + HOUR).toISOString() });
    const keeper = await hire(t, o, { displayName: "Keeper", expiresAt: inDays(t, 2) });
    const credential = await credentialOf(o, agent.id);
    expect((await me(credential)).status).toBe(200);
    t.clock.advance(HOUR + MINUTE);
    // Expired before the job has run: refused already.
    const refused = await me(credential);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("agent_expired");
    const runs = await t.ctx.jobs.runDue();
    const run = runs.find((r) => r.job === "agents.expiry");
    expect(run?.outcome).toBe("ok");
    const after = (await o.agents("GET", `/${agent.id}`)).body;
    expect(after).toMatchObject({ status: "suspended", suspendedReason: "expired", badgeStatus: "suspended", gate: [], gateRefusal: "agent_suspended" });
    const [event] = (await agentEvents(t, o, "agent.suspended")).filter((e) => e.payload.agentId === agent.id);
    expect(event!.payload).toMatchObject({ reason: "expired" });
    expect(event!.actorKind).toBe("system");
    expect((await o.agents("GET", `/${keeper.id}`)).body.status).toBe("active");
    // Another run finds nothing more.
    t.clock.advance(MINUTE);
    await t.ctx.jobs.runDue();
    expect((await agentEvents(t, o, "agent.suspended")).filter((e) => e.payload.agentId === agent.id)).toHaveLength(1);

    const early = await o.agents("POST", `/${agent.id}/activate`);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe("agent_expired");
    const past = await o.agents("PUT", `/${agent.id}`, { expiresAt: new Date(t.clock.now() - 1).toISOString() });
    expect(past.body.error).toBe("expires_at_in_past");
    const extended = await o.agents("PUT", `/${agent.id}`, { expiresAt: inDays(t, 7) });
    expect(extended.status).toBe(200);
    expect(extended.body.expiresAt).toBe(inDays(t, 7));
    expect((await o.agents("POST", `/${agent.id}/activate`)).body).toMatchObject({ status: "active" });
    expect((await me(credential)).status).toBe(200);
    const [updated] = (await agentEvents(t, o, "agent.updated")).filter((e) => e.payload.agentId === agent.id);
    expect(updated!.payload.changes.expiresAt.to).toBe(inDays(t, 7));
    const [activated] = (await agentEvents(t, o, "agent.activated")).filter((e) => e.payload.agentId === agent.id);
    expect(activated!.payload.previousReason).toBe("expired");
  });
});

describe("active or suspended → revoked (org.agent.revoke)", () => {
  test("the roster row retired, the badge revoked, its credentials revoked, agent.revoked; revoked is final", async () => {
    const agent = await hire(t, o, { displayName: "Leaver" });
    const credential = await credentialOf(o, agent.id);
    const r = await o.agents("DELETE", `/${agent.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "revoked", badgeStatus: "revoked", credential: null });
    expect(r.body.revokedAt).toBe(new Date(t.clock.now()).toISOString());
    const [event] = (await agentEvents(t, o, "agent.revoked")).filter((e) => e.payload.agentId === agent.id);
    const [row] = await t.ctx.db.read.select().from(agentCredentials).where(eq(agentCredentials.agentId, agent.id));
    expect(event!.payload.revokedCredentialIds).toEqual([row!.id]);
    expect(row!.revokedReason).toBe("agent_revoked");
    const refused = await me(credential);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe("agent_credential_revoked");
    // Retired from the roster, kept as history.
    expect(((await o.agents("GET", "")).body as any[]).map((a) => a.id)).not.toContain(agent.id);
    expect(((await o.agents("GET", "?includeRevoked=true")).body as any[]).find((a) => a.id === agent.id)?.status).toBe("revoked");
    // Its reporting edge leaves the graph with the badge.
    const graph = (await o.api("GET", "/reporting/graph")).body;
    expect(graph.edges.some((e: any) => e.sourceConnectedId === agent.id)).toBe(false);
    // Final: nothing moves it any more; revoking again answers the view and records nothing.
    for (const [method, path, json] of [
      ["POST", `/${agent.id}/suspend`, undefined],
      ["POST", `/${agent.id}/activate`, undefined],
      ["PUT", `/${agent.id}`, { model: "x" }],
      ["PUT", `/${agent.id}/operator`, { operatorConnectedId: o.owner.connectedId }],
      ["POST", `/${agent.id}/credential`, undefined],
    ] as const) {
      const refusedChange = await o.agents(method, path, json);
      expect(refusedChange.status).toBe(409);
      expect(refusedChange.body.error).toBe("agent_revoked");
    }
    expect((await o.agents("DELETE", `/${agent.id}`)).body.status).toBe("revoked");
    expect((await agentEvents(t, o, "agent.revoked")).filter((e) => e.payload.agentId === agent.id)).toHaveLength(1);
  });

  test("a suspended agent is revoked too; a member may not (403)", async () => {
    const agent = await hire(t, o, { displayName: "Dozing" });
    await o.agents("POST", `/${agent.id}/suspend`);
    expect((await o.agents("DELETE", `/${agent.id}`, undefined, member.token)).status).toBe(403);
    expect((await o.agents("DELETE", `/${agent.id}`)).body.status).toBe("revoked");
  });
});

describe("changes (PUT, org.agent.update)", () => {
  test("name, description, system prompt, model and scopes change with agent.updated; nothing changed records nothing", async () => {
    const agent = await hire(t, o, { kind: "infra", displayName: "Builder" });
    const r = await o.agents("PUT", `/${agent.id}`, { displayName: "Builder II", description: "Registers clients", systemPrompt: "Be careful.", model: "m-2", scopes: ["org.application.create"] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ displayName: "Builder II", description: "Registers clients", systemPrompt: "Be careful.", model: "m-2", requestedScopes: ["org.application.create"], snapshot: ["org.application.create"] });
    const badge = ((await o.api("GET", "/badges")).body as any[]).find((b) => b.connectedId === agent.id);
    expect(badge.displayName).toBe("Builder II");
    const [event] = (await agentEvents(t, o, "agent.updated")).filter((e) => e.payload.agentId === agent.id);
    expect(Object.keys(event!.payload.changes).sort()).toEqual(["description", "displayName", "model", "scopes", "snapshot", "systemPrompt"]);
    expect((await o.agents("PUT", `/${agent.id}`, { displayName: "Builder II" })).status).toBe(200);
    expect((await agentEvents(t, o, "agent.updated")).filter((e) => e.payload.agentId === agent.id)).toHaveLength(1);
    // null scopes: the whole role again.
    expect((await o.agents("PUT", `/${agent.id}`, { scopes: null, description: null })).body).toMatchObject({ requestedScopes: null, description: null, snapshot: agent.snapshot });
    expect((await o.agents("PUT", `/${agent.id}`, { scopes: ["org.team.create"] })).body).toMatchObject({ error: "scope_outside_kind", field: "scopes[0]" });
    expect((await o.agents("PUT", `/${agent.id}`, {})).status).toBe(400);
    expect((await o.agents("PUT", `/${agent.id}`, { kind: "db" })).status).toBe(400);
    expect((await o.agents("PUT", `/${agent.id}`, { model: "x" }, member.token)).status).toBe(403);
  });
});
