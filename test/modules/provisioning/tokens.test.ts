/**
 * SCIM tokens (spec 4.4, 5.1): the owner or an admin creates them (shown once, SHA-256 at
 * rest), revokes them (the row stays) and erases them (/hard); each change audited. A
 * token authenticates /scim/v2 of its own organization only.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sha256Hex } from "../../../src/platform/crypto/hash";
import { scimTokens } from "../../../src/modules/provisioning/schema";
import { addMember } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { ERROR_SCHEMA, eventsOf, scimClient, scimOrg, type ScimOrg } from "./support";

let t: TestApp;
let org: ScimOrg;
let other: ScimOrg;

beforeAll(async () => {
  t = await createTestApp();
  org = await scimOrg(t, "Tokens");
  other = await scimOrg(t, "TokensOther");
});
afterAll(() => t.close());

const tokensPath = (o: ScimOrg) => `/api/org/${o.slug}/settings/scim/tokens`;

describe("creating", () => {
  test("the owner gets the token once, with the SCIM base URL; Signet keeps only its SHA-256", async () => {
    const r = await t.request("POST", tokensPath(org), { token: org.owner.token });
    expect(r.status).toBe(201);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.body.token).toMatch(/^ah_scim_[A-Za-z0-9_-]{43}$/);
    expect(r.body).toMatchObject({ status: "active", prefix: r.body.token.slice(0, 16), createdBy: org.owner.userId, revokedAt: null });
    expect(r.body.scimBaseUrl).toBe(`${t.config.baseUrl}/scim/v2/${org.slug}`);
    const [row] = await t.ctx.db.read.select().from(scimTokens).where(eq(scimTokens.id, r.body.id));
    expect(row!.tokenHash).toBe(sha256Hex(r.body.token));
    expect(JSON.stringify(row)).not.toContain(r.body.token);
    const list = await t.request("GET", tokensPath(org), { token: org.owner.token });
    expect(list.status).toBe(200);
    expect(list.body.map((x: any) => x.id)).toContain(r.body.id);
    expect(list.text).not.toContain(r.body.token);
    const events = await eventsOf(t, org.orgId, "org.scim.token_created");
    expect(events.at(-1)).toMatchObject({ payload: { tokenId: r.body.id, prefix: r.body.prefix }, actorKind: "user", actorId: org.owner.userId });
    expect(JSON.stringify(events)).not.toContain(r.body.token);
    await t.request("DELETE", `${tokensPath(org)}?tokenId=${r.body.id}`, { token: org.owner.token });
  });

  test("an admin may; a member may not (403 admin_required); no session 401", async () => {
    const admin = await addMember(t, org, "admin@tokens.test", "admin");
    const member = await addMember(t, org, "member@tokens.test", "member");
    const byAdmin = await t.request("POST", tokensPath(org), { token: admin.token });
    expect(byAdmin.status).toBe(201);
    for (const [method, path] of [["POST", tokensPath(org)], ["GET", tokensPath(org)], ["DELETE", tokensPath(org)], ["DELETE", `${tokensPath(org)}/hard`]] as const) {
      const r = await t.request(method, path, { token: member.token });
      expect({ method, path, status: r.status, error: r.body.error }).toEqual({ method, path, status: 403, error: "admin_required" });
      expect((await t.request(method, path)).status).toBe(401);
    }
    await t.request("DELETE", `${tokensPath(org)}?tokenId=${byAdmin.body.id}`, { token: admin.token });
  });

  test("at most five live tokens: the sixth is 409 too_many_scim_tokens", async () => {
    const o = await scimOrg(t, "TokensCap");
    for (let i = 0; i < 4; i++) expect((await t.request("POST", tokensPath(o), { token: o.owner.token })).status).toBe(201);
    const sixth = await t.request("POST", tokensPath(o), { token: o.owner.token });
    expect(sixth.status).toBe(409);
    expect(sixth.body).toMatchObject({ error: "too_many_scim_tokens", limit: 5 });
  });
});

describe("who a token lets in", () => {
  test("its own organization's SCIM routes", async () => {
    expect((await scimClient(t, org)("GET", "/Users")).status).toBe(200);
  });

  test("another organization's token, no token, a malformed one, a session token: 401 in SCIM's format", async () => {
    const scim = scimClient(t, org);
    const cases: Array<[string, string | null]> = [
      ["another organization's", other.token],
      ["none", null],
      ["malformed", "ah_scim_short"],
      ["unknown", `ah_scim_${"A".repeat(43)}`],
      ["a dashboard session", org.owner.token],
    ];
    for (const [name, token] of cases) {
      const r = await scim("GET", "/Users", undefined, { token });
      expect({ name, status: r.status }).toEqual({ name, status: 401 });
      expect(r.headers.get("content-type")).toBe("application/scim+json");
      expect(r.headers.get("www-authenticate")).toBe('Bearer realm="scim"');
      expect(r.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "401" });
    }
    // The other organization's token still works on its own organization.
    expect((await scimClient(t, other)("GET", "/Users")).status).toBe(200);
  });
});

describe("revoking and erasing", () => {
  test("DELETE revokes every live token: it stops working at once, its row stays, an event names it", async () => {
    const o = await scimOrg(t, "TokensRevoke");
    const second = (await t.request("POST", tokensPath(o), { token: o.owner.token })).body;
    const r = await t.request("DELETE", tokensPath(o), { token: o.owner.token });
    expect(r.status).toBe(200);
    expect(r.body.revoked.map((x: any) => x.id).sort()).toEqual([o.tokenId, second.id].sort());
    expect(r.body.revoked.every((x: any) => x.status === "revoked" && x.revokedAt)).toBe(true);
    for (const token of [o.token, second.token]) expect((await scimClient(t, o)("GET", "/Users", undefined, { token })).status).toBe(401);
    const rows = await t.ctx.db.read.select().from(scimTokens).where(eq(scimTokens.orgId, o.orgId));
    expect(rows.map((x) => x.revokedBy)).toEqual([o.owner.userId, o.owner.userId]);
    const [event] = await eventsOf(t, o.orgId, "org.scim.token_revoked");
    expect((event!.payload as any).tokenIds.sort()).toEqual([o.tokenId, second.id].sort());
    // Again: nothing left to revoke, no event.
    expect((await t.request("DELETE", tokensPath(o), { token: o.owner.token })).body.revoked).toEqual([]);
    expect(await eventsOf(t, o.orgId, "org.scim.token_revoked")).toHaveLength(1);
  });

  test("?tokenId= revokes one token (rotation: the new one keeps working); an unknown id is 404", async () => {
    const o = await scimOrg(t, "TokensRotate");
    const fresh = (await t.request("POST", tokensPath(o), { token: o.owner.token })).body;
    expect((await t.request("DELETE", `${tokensPath(o)}?tokenId=${o.tokenId}`, { token: o.owner.token })).body.revoked).toHaveLength(1);
    expect((await scimClient(t, o)("GET", "/Users", undefined, { token: o.token })).status).toBe(401);
    expect((await scimClient(t, o)("GET", "/Users", undefined, { token: fresh.token })).status).toBe(200);
    const unknown = await t.request("DELETE", `${tokensPath(o)}?tokenId=nope`, { token: o.owner.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("scim_token_not_found");
    // Another organization's token id is unknown here.
    expect((await t.request("DELETE", `${tokensPath(o)}?tokenId=${other.tokenId}`, { token: o.owner.token })).status).toBe(404);
  });

  test("DELETE /hard erases the rows, live and revoked; the audit events stay", async () => {
    const o = await scimOrg(t, "TokensHard");
    const second = (await t.request("POST", tokensPath(o), { token: o.owner.token })).body;
    await t.request("DELETE", `${tokensPath(o)}?tokenId=${o.tokenId}`, { token: o.owner.token });
    const r = await t.request("DELETE", `${tokensPath(o)}/hard`, { token: o.owner.token });
    expect(r.status).toBe(200);
    expect(r.body.erased.sort()).toEqual([o.tokenId, second.id].sort());
    expect(await t.ctx.db.read.select().from(scimTokens).where(eq(scimTokens.orgId, o.orgId))).toEqual([]);
    expect((await scimClient(t, o)("GET", "/Users", undefined, { token: second.token })).status).toBe(401);
    expect((await t.request("GET", tokensPath(o), { token: o.owner.token })).body).toEqual([]);
    const types = (await eventsOf(t, o.orgId, "org.scim.token")).map((e) => e.type);
    expect(types).toEqual(["org.scim.token_created", "org.scim.token_created", "org.scim.token_revoked", "org.scim.token_erased"]);
    expect((await t.request("DELETE", `${tokensPath(o)}/hard?tokenId=${second.id}`, { token: o.owner.token })).status).toBe(404);
  });
});
