/**
 * Plugin tokens over HTTP: create (shown once, SHA-256 at rest, scopes that only narrow
 * the caller's, expiry), list, revoke, the live limit, findPluginToken for the modules
 * to come, and every refusal leaving nothing behind.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq } from "drizzle-orm";
import { findPluginToken, MAX_LIVE_PLUGIN_TOKENS } from "../../../../src/modules/access/machine/plugin-tokens";
import { orgPluginTokens } from "../../../../src/modules/access/machine/schema";
import { auditEvents } from "../../../../src/platform/audit/schema";
import { sha256Hex } from "../../../../src/platform/crypto/hash";
import { addMember, createOrg, type SignedInUser, type TestOrg } from "../../../support/accounts";
import { DAY } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let admin: SignedInUser;
let member: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "owner@plugins.example", "Plugins Co");
  other = await createOrg(t, "owner@otherplugins.example", "Other Plugins Co");
  admin = await addMember(t, org, "admin@plugins.example", "admin");
  member = await addMember(t, org, "member@plugins.example");
});
afterAll(() => t.close());

const base = (slug = org.slug) => `/api/org/${slug}/settings/keys/plugin-tokens`;
const create = (token: string, json: unknown, slug = org.slug) => t.request("POST", base(slug), { token, json });
const list = (token: string, query = "", slug = org.slug) => t.request("GET", `${base(slug)}${query}`, { token });
const revoke = (token: string, tokenId: string, slug = org.slug) => t.request("DELETE", `${base(slug)}/${tokenId}`, { token });
const tokenRows = (orgId = org.orgId) => t.ctx.db.read.select().from(orgPluginTokens).where(eq(orgPluginTokens.orgId, orgId)).orderBy(asc(orgPluginTokens.id));
const events = (type: string, orgId = org.orgId) => t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.type, type))).orderBy(asc(auditEvents.seq));
const find = (token: string) => findPluginToken(t.ctx.db.read, token, t.clock.now());

/** Runs a refusal and checks that the tokens and their events did not change. */
async function refused(request: Promise<{ status: number; body: any }>, status: number, error: string, field?: string) {
  const rowsBefore = await tokenRows();
  const created = (await events("org.plugin_token.created")).length;
  const revoked = (await events("org.plugin_token.revoked")).length;
  const r = await request;
  expect(r.status).toBe(status);
  expect(r.body.error).toBe(error);
  if (field !== undefined) expect(r.body.field).toBe(field);
  expect(await tokenRows()).toEqual(rowsBefore);
  expect(await events("org.plugin_token.created")).toHaveLength(created);
  expect(await events("org.plugin_token.revoked")).toHaveLength(revoked);
  return r;
}

describe("create", () => {
  test("201 with the token shown once: ah_plugin_ and 256 bits; only its SHA-256 is stored; audited without it", async () => {
    const r = await create(admin.token, { name: "  Figma sync ", scopes: ["org.member.list", "org.agent.*"], expiresInDays: 30 });
    expect(r.status).toBe(201);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const now = t.clock.now();
    expect(r.body).toEqual({
      id: expect.stringMatching(/^plg_[0-9a-f]{32}$/),
      token: expect.stringMatching(/^ah_plugin_[A-Za-z0-9_-]{43}$/),
      prefix: r.body.token.slice(0, 18),
      name: "Figma sync",
      scopes: ["org.member.list", "org.agent.*"],
      status: "active",
      createdAt: new Date(now).toISOString(),
      createdBy: admin.userId,
      expiresAt: new Date(now + 30 * DAY).toISOString(),
      revokedAt: null,
    });
    const [row] = (await tokenRows()).filter((k) => k.id === r.body.id);
    expect(row!.tokenHash).toBe(sha256Hex(r.body.token));
    expect(JSON.stringify(row)).not.toContain(r.body.token.slice(18));
    const [event] = await events("org.plugin_token.created");
    expect(event).toMatchObject({ actorKind: "user", actorId: admin.userId });
    expect(event!.payload).toEqual({ tokenId: r.body.id, name: "Figma sync", prefix: r.body.prefix, scopes: r.body.scopes, expiresAt: r.body.expiresAt });
    expect(JSON.stringify(event)).not.toContain(r.body.token.slice(18));
  });

  test("expiresInDays defaults to 90; omitted scopes take the organization's default API key scopes, 400 invalid_scope when there are none", async () => {
    await refused(create(admin.token, { name: "no scopes" }), 400, "invalid_scope", "scopes");
    const settings = await t.request("PUT", `/api/org/${org.slug}/settings/api-key-scope`, { token: org.owner.token, json: { defaultScopes: ["org.member.list"] } });
    expect(settings.status).toBe(200);
    const r = await create(admin.token, { name: "defaults" });
    expect(r.status).toBe(201);
    expect(r.body.scopes).toEqual(["org.member.list"]);
    expect(r.body.expiresAt).toBe(new Date(t.clock.now() + 90 * DAY).toISOString());
  });

  test("scopes only narrow the caller's own: a custom role with the create scope cannot reach beyond it", async () => {
    const role = await t.request("POST", `/api/org/${org.slug}/roles`, {
      token: org.owner.token,
      json: { key: "integrator", name: "Integrator", scopes: ["org.plugin_token.create", "org.member.list"] },
    });
    expect(role.status).toBe(201);
    const integrator = await addMember(t, org, "integrator@plugins.example", role.body.id);
    const ok = await create(integrator.token, { name: "mine", scopes: ["org.member.list"] });
    expect(ok.status).toBe(201);
    const r = await refused(create(integrator.token, { name: "wider", scopes: ["org.member.list", "org.member.remove"] }), 403, "PERMISSION_DENIED", "scopes[1]");
    expect(r.body.scope).toBe("org.member.remove");
    await refused(create(integrator.token, { name: "wild", scopes: ["org.*"] }), 403, "PERMISSION_DENIED", "scopes[0]");
  });

  test("a member without the scope is 403; another organization is 404; no session is 401", async () => {
    const r = await refused(create(member.token, { name: "x", scopes: ["org.member.list"] }), 403, "PERMISSION_DENIED");
    expect(r.body.scope).toBe("org.plugin_token.create");
    await refused(create(admin.token, { name: "x", scopes: ["org.member.list"] }, other.slug), 404, "not_found");
    expect((await t.request("POST", base(), { json: { name: "x" } })).status).toBe(401);
  });

  test("machines do not mint plugin tokens: an M2M token, even with org.*, is 403 machine_not_allowed", async () => {
    const key = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { scopes: ["org.*"] } });
    const m2m = await t.request("POST", "/api/m2m/token", { json: { orgSlug: org.slug, apiKey: key.body.key } });
    expect(m2m.status).toBe(200);
    await refused(create(m2m.body.accessToken, { name: "robot", scopes: ["org.member.list"] }), 403, "machine_not_allowed");
    expect((await list(m2m.body.accessToken)).status).toBe(403);
  });

  test("bad input is 400 naming the field: name, scopes, expiresInDays, unknown fields, malformed JSON", async () => {
    const scopes = ["org.member.list"];
    await refused(create(admin.token, { scopes }), 400, "invalid_request", "name");
    await refused(create(admin.token, { name: "", scopes }), 400, "invalid_request", "name");
    await refused(create(admin.token, { name: "   ", scopes }), 400, "invalid_name", "name");
    await refused(create(admin.token, { name: "tab\there", scopes }), 400, "invalid_name", "name");
    await refused(create(admin.token, { name: "x".repeat(101), scopes }), 400, "invalid_request", "name");
    await refused(create(admin.token, { name: 7, scopes }), 400, "invalid_request", "name");
    await refused(create(admin.token, { name: "x", scopes: "org.member.list" }), 400, "invalid_request", "scopes");
    await refused(create(admin.token, { name: "x", scopes: ["not a scope"] }), 400, "invalid_scope", "scopes[0]");
    await refused(create(admin.token, { name: "x", scopes: [] }), 400, "invalid_scope", "scopes");
    for (const expiresInDays of [0, 366, 1.5, "thirty", null]) await refused(create(admin.token, { name: "x", scopes, expiresInDays }), 400, "invalid_request", "expiresInDays");
    await refused(create(admin.token, { name: "x", scopes, extra: true }), 400, "invalid_request");
    await refused(t.request("POST", base(), { token: admin.token, body: "{", headers: { "content-type": "application/json" } }), 400, "invalid_json");
  });
});

describe("findPluginToken", () => {
  test("finds a live token; null for unknown, malformed, revoked or expired ones", async () => {
    const r = await create(admin.token, { name: "lookup", scopes: ["org.member.list"], expiresInDays: 1 });
    const found = await find(r.body.token);
    expect(found).toMatchObject({ id: r.body.id, orgId: org.orgId, scopes: ["org.member.list"] });
    expect(await find(r.body.token.slice(0, -1) + (r.body.token.endsWith("A") ? "B" : "A"))).toBeNull();
    expect(await find("ah_live_" + r.body.token.slice(10))).toBeNull();
    expect(await find("")).toBeNull();

    t.clock.advance(DAY);
    expect(await find(r.body.token)).toBeNull();
    t.clock.advance(-DAY);

    expect((await revoke(admin.token, r.body.id)).status).toBe(200);
    expect(await find(r.body.token)).toBeNull();
  });
});

describe("list and revoke", () => {
  test("the list shows unrevoked tokens (expired ones with their status), never a token; includeRevoked adds the revoked", async () => {
    const short = (await create(admin.token, { name: "short", scopes: ["org.member.list"], expiresInDays: 1 })).body;
    t.clock.advance(DAY);
    const r = await list(admin.token);
    expect(r.status).toBe(200);
    expect(r.text).not.toContain(short.token.slice(18));
    for (const view of r.body) expect(view.token).toBeUndefined();
    expect(r.body.find((v: any) => v.id === short.id)).toMatchObject({ status: "expired" });
    expect(r.body.every((v: any) => v.revokedAt === null)).toBe(true);
    const all = await list(admin.token, "?includeRevoked=true");
    expect(all.body.length).toBeGreaterThan(r.body.length);
    expect(all.body.some((v: any) => v.status === "revoked")).toBe(true);
    expect((await list(member.token)).status).toBe(403);
    expect((await list(admin.token, "?includeRevoked=maybe")).status).toBe(400);
  });

  test("revoke: the token stops working, the view says so, audited once; revoking again changes nothing", async () => {
    const created = (await create(admin.token, { name: "to revoke", scopes: ["org.member.list"] })).body;
    t.clock.advance(1000);
    const r = await revoke(org.owner.token, created.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: created.id, status: "revoked", revokedAt: new Date(t.clock.now()).toISOString() });
    expect(await find(created.token)).toBeNull();
    const revokedEvents = (await events("org.plugin_token.revoked")).filter((e) => (e.payload as any).tokenId === created.id);
    expect(revokedEvents).toHaveLength(1);
    expect(revokedEvents[0]!.payload).toEqual({ tokenId: created.id, name: "to revoke", prefix: created.prefix });
    const again = await revoke(admin.token, created.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(r.body);
    expect((await events("org.plugin_token.revoked")).filter((e) => (e.payload as any).tokenId === created.id)).toHaveLength(1);
  });

  test("unknown ids and another organization's tokens are 404; a member is 403; nothing changes", async () => {
    const mine = (await create(admin.token, { name: "keep", scopes: ["org.member.list"] })).body;
    const theirs = (await create(other.owner.token, { name: "theirs", scopes: ["org.member.list"] }, other.slug)).body;
    await refused(revoke(admin.token, "plg_unknown"), 404, "not_found");
    await refused(revoke(admin.token, theirs.id), 404, "not_found");
    await refused(revoke(member.token, mine.id), 403, "PERMISSION_DENIED");
    expect(await find(theirs.token)).not.toBeNull();
    expect(await find(mine.token)).not.toBeNull();
    expect((await revoke(admin.token, "x".repeat(101))).status).toBe(400);
  });
});

describe("limit", () => {
  test(`${MAX_LIVE_PLUGIN_TOKENS} live tokens per organization: 409 too_many_plugin_tokens; revoked and expired ones do not count`, async () => {
    const live = (await list(admin.token)).body.filter((v: any) => v.status === "active").length;
    const made: string[] = [];
    for (let i = live; i < MAX_LIVE_PLUGIN_TOKENS; i++) {
      const r = await create(admin.token, { name: `bulk ${i}`, scopes: ["org.member.list"], expiresInDays: i === live ? 1 : 90 });
      expect(r.status).toBe(201);
      made.push(r.body.id);
    }
    const r = await refused(create(admin.token, { name: "one too many", scopes: ["org.member.list"] }), 409, "too_many_plugin_tokens");
    expect(r.body.limit).toBe(MAX_LIVE_PLUGIN_TOKENS);
    // Another organization has its own allowance.
    expect((await create(other.owner.token, { name: "fine", scopes: ["org.member.list"] }, other.slug)).status).toBe(201);
    expect((await revoke(admin.token, made.at(-1)!)).status).toBe(200);
    expect((await create(admin.token, { name: "after revoke", scopes: ["org.member.list"] })).status).toBe(201);
    await refused(create(admin.token, { name: "full again", scopes: ["org.member.list"] }), 409, "too_many_plugin_tokens");
    t.clock.advance(DAY);
    expect((await create(admin.token, { name: "after expiry", scopes: ["org.member.list"] })).status).toBe(201);
  });
});

describe("revoke by the spec's collection route (DELETE …/plugin-tokens?tokenId=)", () => {
  test("revokes the named token; without tokenId 400; another organization's token 404, unchanged", async () => {
    // Its own organization: the limit test above filled this file's one.
    const mine = await createOrg(t, "owner@collection-revoke.example", "Collection Revoke");
    const created = await create(mine.owner.token, { name: "Collection revoke", scopes: ["org.member.list"] }, mine.slug);
    expect(created.status).toBe(201);
    expect((await t.request("DELETE", base(mine.slug), { token: mine.owner.token })).status).toBe(400);
    const theirs = await create(other.owner.token, { name: "Theirs", scopes: ["org.member.list"] }, other.slug);
    expect(theirs.status).toBe(201);
    const foreign = await t.request("DELETE", `${base(mine.slug)}?tokenId=${theirs.body.id}`, { token: mine.owner.token });
    expect(foreign.status).toBe(404);
    expect(await find(theirs.body.token)).not.toBeNull();
    const r = await t.request("DELETE", `${base(mine.slug)}?tokenId=${created.body.id}`, { token: mine.owner.token });
    expect(r.status).toBe(200);
    expect(r.body.revokedAt).not.toBeNull();
    expect(await find(created.body.token)).toBeNull();
  });
});
