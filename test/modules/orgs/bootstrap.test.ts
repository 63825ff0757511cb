/**
 * `signet admin bootstrap`: the owner account, organization and membership, a session
 * valid on session routes, idempotent re-runs, and one-line refusals.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditEvents } from "../../../src/platform/audit/schema";
import { startSession } from "../../../src/modules/identity/sessions";
import { findOrCreateUser } from "../../../src/modules/identity/service";
import { memberships, organizations } from "../../../src/modules/orgs/schema";
import { DAY } from "../../support/clock";
import { envFor, runCli } from "../../support/cli";
import { createTestApp, type TestApp } from "../../support/harness";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

async function bootstrap(...args: string[]) {
  const r = await runCli(["admin", "bootstrap", ...args], envFor(t));
  return { ...r, json: r.code === 0 ? JSON.parse(r.stdout) : null };
}

describe("admin bootstrap", () => {
  let first: any;

  test("creates the owner, the organization and the owner membership, printing one JSON object", async () => {
    const r = await bootstrap("--email", "Owner@Acme.example", "--org", "Acme Corp", "--plan", "Pro+");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n")).toHaveLength(1);
    first = r.json;
    expect(Object.keys(first).sort()).toEqual(["apiKey", "orgId", "sessionToken", "slug", "userId"]);
    expect(first.slug).toBe("acme-corp");
    expect(first.apiKey).toMatch(/^ah_live_[A-Za-z0-9_-]{43}$/);
    const [org] = await t.ctx.db.read.select().from(organizations).where(eq(organizations.id, first.orgId));
    expect(org).toMatchObject({ name: "Acme Corp", slug: "acme-corp", plan: "pro_plus", ownerUserId: first.userId });
    const members = await t.ctx.db.read.select().from(memberships).where(eq(memberships.orgId, first.orgId));
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({ userId: first.userId, role: "owner" });
    const events = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, first.orgId));
    expect(events.map((e) => e.type).sort()).toEqual(["org.api_key.created", "org.created", "org.master_seal.created", "org.member.added"]);
    expect(events.map((e) => e.seq).sort()).toEqual([1, 2, 3, 4]);
    expect(events.find((e) => e.type === "org.api_key.created")).toMatchObject({ actorKind: "operator", actorId: null });
  });

  test("the API key is org-wide and works: public v1, and exchanged for an M2M token on /api/org/{slug}", async () => {
    const me = await t.request("GET", "/api/public/v1/me", { headers: { "x-api-key": first.apiKey } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: first.orgId, slug: "acme-corp", apiKey: { scopes: ["org.*"], appGroupId: null, maxTokenLifetimeSeconds: 300 } });
    expect((await t.request("POST", "/api/public/v1/orgs/by-id", { headers: { "x-api-key": first.apiKey }, json: { orgId: first.orgId } })).status).toBe(200);
    const token = await t.request("POST", "/api/m2m/token", { json: { orgSlug: "acme-corp", apiKey: first.apiKey } });
    expect(token.status).toBe(200);
    const caller = await t.request("GET", "/api/org/acme-corp/me", { token: token.body.accessToken });
    expect(caller.status).toBe(200);
    expect(caller.body).toMatchObject({ kind: "m2m", scopes: ["org.*"] });
  });

  test("the session token works as a Bearer token on session routes", async () => {
    const r = await t.request("GET", "/api/auth/session", { token: first.sessionToken });
    expect(r.status).toBe(200);
    expect(r.body.user).toEqual({ id: first.userId, email: "owner@acme.example", language: null });
  });

  test("re-running reuses the account and organization and issues a new session", async () => {
    const r = await bootstrap("--email", "owner@acme.example", "--org", "Acme Corp");
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ userId: first.userId, orgId: first.orgId, slug: "acme-corp" });
    expect(r.json.sessionToken).not.toBe(first.sessionToken);
    // A new key each run (the first cannot be shown again); both work.
    expect(r.json.apiKey).toMatch(/^ah_live_/);
    expect(r.json.apiKey).not.toBe(first.apiKey);
    for (const apiKey of [first.apiKey, r.json.apiKey]) {
      expect((await t.request("GET", "/api/public/v1/me", { headers: { "x-api-key": apiKey } })).status).toBe(200);
    }
    const events = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, first.orgId));
    expect(events.filter((e) => ["org.created", "org.master_seal.created", "org.member.added"].includes(e.type))).toHaveLength(3);
    expect(events.filter((e) => e.type === "org.api_key.created")).toHaveLength(2);
  });

  test("an explicit slug is used; a slug owned by someone else is refused in one line", async () => {
    let r = await bootstrap("--email", "b@beta.example", "--org", "Beta", "--slug", "beta-hq");
    expect(r.code).toBe(0);
    expect(r.json.slug).toBe("beta-hq");
    r = await bootstrap("--email", "intruder@evil.example", "--org", "Beta", "--slug", "beta-hq");
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("belongs to another organization");
  });

  test("bad input is refused with one line naming the option, and nothing is written", async () => {
    const before = await t.ctx.db.read.select().from(organizations);
    const cases: Array<[string[], string, number]> = [
      [["--email", "not-an-email", "--org", "X Org"], "--email", 1],
      [["--email", "x@x.example", "--org", "X", "--slug", "Bad Slug!"], "--slug", 1],
      [["--email", "x@x.example", "--org", "X", "--slug", "swagger"], "reserved", 1],
      [["--email", "x@x.example", "--org", "X", "--plan", "platinum"], "--plan", 1],
      [["--email", "x@x.example", "--org", "a".repeat(201)], "--org", 1],
      [["--email", "x@x.example"], "needs --org", 2],
      [["--email", "x@x.example", "--org", "X", "--colour", "red"], "unknown option --colour", 2],
    ];
    for (const [args, fragment, code] of cases) {
      const r = await bootstrap(...args);
      expect(r.code).toBe(code);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toContain(fragment);
    }
    expect(await t.ctx.db.read.select().from(organizations)).toHaveLength(before.length);
  }, 30_000);
});

describe("session guard", () => {
  test("no token, an unknown token and a malformed header are 401", async () => {
    expect((await t.request("GET", "/api/auth/session")).status).toBe(401);
    const r = await t.request("GET", "/api/auth/session", { token: "nope" });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("unauthorized");
    expect((await t.request("GET", "/api/auth/session", { headers: { authorization: "Basic abc" } })).status).toBe(401);
  });

  test("the session cookie is accepted too", async () => {
    const { token } = await startSession(t.ctx.sessions, await aUser("guard@acme.example"));
    const r = await t.request("GET", "/api/auth/session", { headers: { cookie: `signet_session=${token}` } });
    expect(r.status).toBe(200);
  });

  test("sessions slide forward when used in their second half and expire after 30 idle days", async () => {
    const { token, expiresAt } = await startSession(t.ctx.sessions, await aUser("guard@acme.example"));
    const startExpiry = expiresAt.getTime() - Date.now() + t.clock.now();
    t.clock.advance(20 * DAY);
    let r = await t.request("GET", "/api/auth/session", { token });
    expect(r.status).toBe(200);
    // Renewed: now 30 days from the use, not from the start.
    const renewed = Date.parse(r.body.session.expiresAt) - Date.now() + t.clock.now();
    expect(renewed - startExpiry).toBeGreaterThan(19 * DAY);
    t.clock.advance(29 * DAY);
    expect((await t.request("GET", "/api/auth/session", { token })).status).toBe(200);
    t.clock.advance(31 * DAY);
    r = await t.request("GET", "/api/auth/session", { token });
    expect(r.status).toBe(401);
  });
});

async function aUser(email: string): Promise<string> {
  const { user } = await t.ctx.db.write((tx) => findOrCreateUser(tx, email, t.clock.now()));
  return user.id;
}
