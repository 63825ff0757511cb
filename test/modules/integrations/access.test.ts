/**
 * Access requests (the customer creates and reads, the provider lists, approves and
 * denies), permissions/analyze and /grant, and ai/translate-scope with the offline
 * rule-based translator and, by setting, an OpenAI-compatible LLM (a local fake peer that
 * says it is one). Spec 4.9.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { integrationAccessRequests } from "../../../src/modules/integrations/schema";
import { addMember, createOrg, type SignedInUser, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { machineToken } from "../customers/apps/support";
import { HR_FIELDS } from "./support";

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let admin: SignedInUser;
let member: SignedInUser;
let colleague: SignedInUser;

const api = (method: string, path: string, token: string, json?: unknown, slug = org.slug) => t.request(method, `/api/org/${slug}${path}`, { token, json });
const requests = () => t.ctx.db.read.select().from(integrationAccessRequests);

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "owner@access.example", "Access Co");
  other = await createOrg(t, "owner@access-other.example", "Access Other");
  admin = await addMember(t, org, "admin@access.example", "admin");
  member = await addMember(t, org, "member@access.example");
  colleague = await addMember(t, org, "colleague@access.example");
  expect((await api("POST", "/integrations/hr_directory/enable", org.owner.token, { fields: HR_FIELDS })).status).toBe(200);
});
afterAll(() => t.close());

async function badgeOf(user: SignedInUser): Promise<string> {
  return (await api("GET", "/me", user.token)).body.connectedId;
}

describe("access requests", () => {
  let requestId = "";

  test("a member requests some of the module's scopes and reads their own request", async () => {
    const r = await api("POST", "/integrations/hr_directory/request", member.token, { scopes: ["org.team.create", "org.reporting.update"], reason: "set up the org chart" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ moduleKey: "hr_directory", status: "pending", scopes: ["org.team.create", "org.reporting.update"], reason: "set up the org chart", requesterConnectedId: await badgeOf(member) });
    requestId = r.body.id;
    const own = await api("GET", "/integrations/hr_directory/request", member.token);
    expect(own.body.map((x: any) => x.id)).toEqual([requestId]);
    expect((await api("GET", "/integrations/hr_directory/request", colleague.token)).body).toEqual([]);
  });

  test("refusals: a second pending request, a scope the module does not need, unknown module, bad bodies", async () => {
    const before = await requests();
    expect((await api("POST", "/integrations/hr_directory/request", member.token, {})).body.error).toBe("access_request_pending");
    const outside = await api("POST", "/integrations/hr_directory/request", colleague.token, { scopes: ["org.team.create", "org.*"] });
    expect([outside.status, outside.body.error, outside.body.field]).toEqual([400, "scope_not_grantable", "scopes[1]"]);
    expect((await api("POST", "/integrations/crm/request", colleague.token, {})).body.error).toBe("unknown_module");
    expect((await api("POST", "/integrations/hr_directory/request", colleague.token, { scopes: "org.team.create" })).status).toBe(400);
    expect((await api("POST", "/integrations/hr_directory/request", colleague.token, { why: "x" })).status).toBe(400);
    expect(await requests()).toEqual(before);
  });

  test("the provider lists; a member may not list or decide; nobody decides their own; another organization sees no such request", async () => {
    const list = await api("GET", "/access-requests?status=pending", admin.token);
    expect(list.status).toBe(200);
    expect(list.body.map((x: any) => x.id)).toEqual([requestId]);
    expect((await api("GET", "/access-requests", member.token)).status).toBe(403);
    expect((await api("POST", `/access-requests/${requestId}/approve`, colleague.token)).status).toBe(403);
    expect((await api("POST", `/access-requests/${requestId}/approve`, other.owner.token, undefined, other.slug)).body.error).toBe("access_request_not_found");
    expect((await api("POST", `/access-requests/unknown/deny`, admin.token)).body.error).toBe("access_request_not_found");
    const own = await api("POST", "/integrations/hr_directory/request", admin.token, {});
    expect(own.status).toBe(201);
    const self = await api("POST", `/access-requests/${own.body.id}/approve`, admin.token);
    expect([self.status, self.body.error]).toEqual([403, "own_access_request"]);
    const denied = await api("POST", `/access-requests/${own.body.id}/deny`, org.owner.token, { note: "admins hold these already" });
    expect(denied.body).toMatchObject({ status: "denied", decisionNote: "admins hold these already" });
    expect((await api("POST", `/access-requests/${own.body.id}/approve`, org.owner.token)).body.error).toBe("access_request_decided");
  });

  test("approval grants the scopes to the requester's badge; a decided request stays decided", async () => {
    const analysisBefore = await api("POST", "/integrations/hr_directory/permissions/analyze", org.owner.token, { connectedId: await badgeOf(member) });
    expect(analysisBefore.body.missing).toContain("org.team.create");
    const approved = await api("POST", `/access-requests/${requestId}/approve`, admin.token, { note: "ok" });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", decidedByConnectedId: await badgeOf(admin) });
    const analysis = await api("POST", "/integrations/hr_directory/permissions/analyze", org.owner.token, { connectedId: await badgeOf(member) });
    expect(analysis.body.held).toEqual(expect.arrayContaining(["org.team.create", "org.reporting.update", "org.team.list", "org.reporting.read"]));
    expect(analysis.body.missing).not.toContain("org.team.create");
    // The member can now create a team.
    expect((await api("POST", "/teams", member.token, { Name: "Made by a member" })).status).toBe(201);
    expect((await api("POST", `/access-requests/${requestId}/deny`, admin.token)).body.error).toBe("access_request_decided");
  });
});

describe("permissions analyze and grant", () => {
  test("analyze: the caller's own by default; another's by connectedId; unknown badge 404", async () => {
    const mine = await api("POST", "/integrations/hr_directory/permissions/analyze", org.owner.token);
    expect(mine.status).toBe(200);
    expect(mine.body.missing).toEqual([]);
    const theirs = await api("POST", "/integrations/hr_directory/permissions/analyze", admin.token, { connectedId: await badgeOf(colleague) });
    // A built-in Member lists members and reads the org chart; changing it is not theirs.
    expect(theirs.body.held).toEqual(["org.member.list", "org.team.list", "org.reporting.read"]);
    expect(theirs.body.missing).toEqual(["org.team.create", "org.team.update", "org.reporting.update"]);
    expect((await api("POST", "/integrations/hr_directory/permissions/analyze", admin.token, { connectedId: "nobody" })).body.error).toBe("badge_not_found");
    expect((await api("POST", "/integrations/hr_directory/permissions/analyze", member.token)).status).toBe(403);
  });

  test("grant gives the missing scopes, audited; a scope the module does not need is refused; a member may not grant", async () => {
    const target = await badgeOf(colleague);
    const refusedScope = await api("POST", "/integrations/hr_directory/permissions/grant", org.owner.token, { connectedId: target, scopes: ["org.webhook.manage"] });
    expect([refusedScope.status, refusedScope.body.error]).toEqual([400, "scope_not_grantable"]);
    expect((await api("POST", "/integrations/hr_directory/permissions/grant", member.token, { connectedId: target })).status).toBe(403);
    expect((await api("POST", "/integrations/hr_directory/permissions/grant", other.owner.token, { connectedId: target }, other.slug)).body.error).toBe("badge_not_found");
    const granted = await api("POST", "/integrations/hr_directory/permissions/grant", org.owner.token, { connectedId: target, scopes: ["org.team.create", "org.team.list"] });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ granted: ["org.team.create"], alreadyHeld: ["org.team.list"] });
    expect(granted.body.missing).not.toContain("org.team.create");
  });

  test("an M2M token of an org-wide key holding the scopes works; one without is refused", async () => {
    const strong = await machineToken(t, org, { name: "integrations bot", scopes: ["org.integration.*", "org.access_request.list"] });
    expect((await api("GET", "/integrations/verified-connectors", strong)).status).toBe(200);
    expect((await api("GET", "/access-requests", strong)).status).toBe(200);
    // A machine has no badge: it names whose permissions to weigh, and never materializes.
    expect((await api("POST", "/integrations/hr_directory/permissions/analyze", strong)).body.error).toBe("badge_not_found");
    expect((await api("POST", "/integrations/hr_directory/permissions/analyze", strong, { connectedId: await badgeOf(colleague) })).status).toBe(200);
    expect((await api("POST", "/integrations/hr_directory/org-structure/materialize", strong)).body.error).toBe("admin_required");
    const weak = await machineToken(t, org, { name: "reader", scopes: ["org.member.list"] });
    expect((await api("GET", "/integrations/enabled", weak)).status).toBe(403);
  });
});

describe("ai/translate-scope", () => {
  test("the offline translator is rule-based and deterministic, and only answers grammatical scopes", async () => {
    const ask = (text: string) => api("POST", "/integrations/hr_directory/ai/translate-scope", org.owner.token, { text });
    const r = await ask("Let it create and update teams, read employees and change who reports to whom");
    expect(r.status).toBe(200);
    expect(r.body.provider).toBe("rules");
    const scopes = r.body.scopes.map((s: any) => s.scope);
    expect(scopes).toEqual(expect.arrayContaining(["org.team.create", "org.team.update", "org.member.list", "org.member.read", "org.reporting.update"]));
    expect(r.body.scopes.find((s: any) => s.scope === "org.team.create").withinModule).toBe(true);
    expect((await ask("Let it create and update teams, read employees and change who reports to whom")).body).toEqual(r.body);
    expect((await ask("manage webhooks")).body.scopes).toEqual([{ scope: "org.webhook.*", withinModule: false }]);
    expect((await ask("nothing recognisable here")).body.scopes).toEqual([]);
    expect((await ask("")).status).toBe(400);
    expect((await ask("x".repeat(1001))).status).toBe(400);
    expect((await api("POST", "/integrations/hr_directory/ai/translate-scope", member.token, { text: "read teams" })).status).toBe(403);
  });

  test("with SIGNET_LLM_URL the model answers; its non-scopes are dropped; a failing model is 502", async () => {
    const seen: any[] = [];
    let reply: unknown = { scopes: ["org.team.create", "drop tables;", "org.member.list"] };
    let status = 200;
    const peer = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      async fetch(request) {
        seen.push({ auth: request.headers.get("authorization"), body: await request.json() });
        // A local fake of an OpenAI-compatible chat completions endpoint (a test peer, not a model).
        return Response.json({ peer: "signet test llm fake", choices: [{ message: { content: JSON.stringify(reply) } }] }, { status });
      },
    });
    const llmApp = await createTestApp({ env: { SIGNET_LLM_URL: `http://127.0.0.1:${peer.port}/v1/chat/completions`, SIGNET_LLM_API_KEY: "sk-test", SIGNET_LLM_MODEL: "test-model" } });
    try {
      const o = await createOrg(llmApp, "owner@llm.example", "Llm Co");
      const ask = () => llmApp.request("POST", `/api/org/${o.slug}/integrations/hr_directory/ai/translate-scope`, { token: o.owner.token, json: { text: "set up teams" } });
      const r = await ask();
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ moduleKey: "hr_directory", provider: "llm", scopes: [{ scope: "org.team.create", withinModule: true }, { scope: "org.member.list", withinModule: true }] });
      expect(seen[0].auth).toBe("Bearer sk-test");
      expect(seen[0].body).toMatchObject({ model: "test-model", temperature: 0 });
      expect(seen[0].body.messages[1]).toEqual({ role: "user", content: "set up teams" });
      reply = "not json at all";
      expect((await ask()).body.error).toBe("translation_failed");
      status = 500;
      expect((await ask()).status).toBe(502);
    } finally {
      await llmApp.close();
      peer.stop(true);
    }
  });
});
