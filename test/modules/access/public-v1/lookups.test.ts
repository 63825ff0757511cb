/**
 * Public v1 with an org API key: the guard (X-Api-Key or Bearer; missing, invalid,
 * revoked, app-group-scoped where an org-wide key is needed) and the organization
 * lookups, which see the key's own organization only.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ensureOperatorMasterSeal } from "../../../../src/modules/trust/keys/master-seal";
import { createOrg, type TestOrg, createAppGroup } from "../../../support/accounts";
import { registerPasskey } from "../../../support/authenticator";
import { createTestApp, type TestApp } from "../../../support/harness";

let t: TestApp;
let org: TestOrg;
let sibling: TestOrg;
let stranger: TestOrg;
let key: { id: string; key: string; prefix: string };
let groupKey: string;
let webGroup: { id: string; groupKey: string };
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "Owner@Lookup.example", "Lookup   Co");
  // The same person owns a second organization; the key must not reveal it.
  sibling = await createOrg(t, "owner@lookup.example", "Lookup Sibling");
  stranger = await createOrg(t, "someone@else.example", "Elsewhere");
  key = await createKey(org, {});
  webGroup = await createAppGroup(t, org);
  groupKey = (await createKey(org, { appGroupId: webGroup.groupKey })).key;
});
afterAll(() => t.close());

async function createKey(owner: TestOrg, body: Record<string, unknown>) {
  const r = await t.request("POST", `/api/org/${owner.slug}/settings/keys/api-keys`, { token: owner.owner.token, json: { scopes: ["org.member.list"], ...body } });
  if (r.status !== 201) throw new Error(r.text);
  return r.body;
}

const v1 = (method: string, path: string, apiKey: string | null, json?: unknown, headers: Record<string, string> = {}) =>
  t.request(method, `/api/public/v1${path}`, { json, headers: { ...(apiKey ? { "x-api-key": apiKey } : {}), ...headers } });
const view = (o: TestOrg, name: string, ready = false) => ({ id: o.orgId, name, slug: o.slug, ready });

describe("the public v1 guard", () => {
  test("X-Api-Key or Authorization: Bearer; /me answers the organization and the key", async () => {
    const expected = { ...view(org, "Lookup   Co"), apiKey: { id: key.id, prefix: key.prefix, scopes: ["org.member.list"], appGroupId: null, serviceAccountId: null, maxTokenLifetimeSeconds: 300 } };
    const a = await v1("GET", "/me", key.key);
    expect(a.status).toBe(200);
    expect(a.body).toEqual(expected);
    const b = await t.request("GET", "/api/public/v1/me", { token: key.key });
    expect(b.body).toEqual(expected);
    expect(a.text).not.toContain(key.key);
  });

  test("missing: 401 api_key_required; unknown, malformed or an M2M token: 401 invalid_api_key", async () => {
    let r = await v1("GET", "/me", null);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("api_key_required");
    const token = (await t.request("POST", "/api/m2m/token", { json: { orgSlug: org.slug, apiKey: key.key } })).body.accessToken;
    for (const bad of ["ah_live_" + "B".repeat(43), "ah_live_short", key.key.toUpperCase(), "", token]) {
      r = bad ? await v1("GET", "/me", bad) : await v1("GET", "/me", null, undefined, { "x-api-key": "  " });
      expect(r.status).toBe(401);
      expect(["invalid_api_key", "api_key_required"]).toContain(r.body.error);
    }
    r = await t.request("GET", "/api/public/v1/me", { token });
    expect(r.body.error).toBe("invalid_api_key");
  });

  test("an app-group-scoped key may ask /me, but not the org lookups: 401 org_wide_key_required", async () => {
    expect((await v1("GET", "/me", groupKey)).body.apiKey.appGroupId).toBe(webGroup.groupKey);
    for (const [path, body] of [
      ["/orgs/by-owner", { ownerEmail: "owner@lookup.example" }],
      ["/orgs/match", { ownerEmail: "owner@lookup.example", orgName: "Lookup Co" }],
      ["/orgs/by-id", { orgId: org.orgId }],
    ] as const) {
      const r = await v1("POST", path, groupKey, body);
      expect(r.status).toBe(401);
      expect(r.body.error).toBe("org_wide_key_required");
    }
  });

  test("a revoked key is 401 api_key_revoked on the next request", async () => {
    const doomed = await createKey(org, {});
    expect((await v1("GET", "/me", doomed.key)).status).toBe(200);
    await t.request("DELETE", `/api/org/${org.slug}/settings/keys/api-keys/${doomed.id}`, { token: org.owner.token });
    const r = await v1("POST", "/orgs/by-id", doomed.key, { orgId: org.orgId });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("api_key_revoked");
  });

  test("a key whose service account is suspended: 401 service_account_inactive", async () => {
    const sa = await t.request("POST", `/api/org/${org.slug}/service-accounts`, { token: org.owner.token, json: { name: "lookup-bot", role: "member" } });
    const bound = await createKey(org, { serviceAccountId: sa.body.id });
    expect((await v1("GET", "/me", bound.key)).body.apiKey.serviceAccountId).toBe(sa.body.id);
    await t.request("PATCH", `/api/org/${org.slug}/badges/${sa.body.connectedId}`, { token: org.owner.token, json: { status: "suspended" } });
    const r = await v1("GET", "/me", bound.key);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("service_account_inactive");
  });
});

describe("organization lookups", () => {
  test("by-owner: the key's organization for its owner's e-mail (any case), with ready; never the owner's other organizations", async () => {
    for (const email of ["owner@lookup.example", "OWNER@lookup.EXAMPLE"]) {
      const r = await v1("POST", "/orgs/by-owner", key.key, { ownerEmail: email });
      expect(r.status).toBe(200);
      expect(r.body).toEqual([view(org, "Lookup   Co")]);
    }
    expect((await v1("POST", "/orgs/by-owner", key.key, { ownerEmail: "someone@else.example" })).body).toEqual([]);
    expect((await v1("POST", "/orgs/by-owner", key.key, { ownerEmail: "nobody@nowhere.example" })).body).toEqual([]);
  });

  test("ready turns true with the Org Master Seal and an owner passkey", async () => {
    await ensureOperatorMasterSeal(t.ctx, org.orgId);
    expect((await v1("POST", "/orgs/by-id", key.key, { orgId: org.orgId })).body.ready).toBe(false);
    await registerPasskey(t, org.owner);
    expect((await v1("POST", "/orgs/by-id", key.key, { orgId: org.orgId })).body).toEqual(view(org, "Lookup   Co", true));
    expect((await v1("POST", "/orgs/by-owner", key.key, { ownerEmail: "owner@lookup.example" })).body[0].ready).toBe(true);
  });

  test("match: owner e-mail and name (case and spacing aside), else 404", async () => {
    const r = await v1("POST", "/orgs/match", key.key, { ownerEmail: "Owner@Lookup.example", orgName: " lookup co " });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(view(org, "Lookup   Co", true));
    for (const body of [
      { ownerEmail: "owner@lookup.example", orgName: "Lookup" },
      { ownerEmail: "someone@else.example", orgName: "Lookup Co" },
      { ownerEmail: "owner@lookup.example", orgName: "Lookup Sibling" },
      { ownerEmail: "someone@else.example", orgName: "Elsewhere" },
    ]) {
      const miss = await v1("POST", "/orgs/match", key.key, body);
      expect(miss.status).toBe(404);
      expect(miss.body.error).toBe("not_found");
    }
  });

  test("by-id: the key's organization, else 404 (another organization's id answers as unknown)", async () => {
    expect((await v1("POST", "/orgs/by-id", key.key, { orgId: org.orgId })).status).toBe(200);
    for (const orgId of [sibling.orgId, stranger.orgId, "no-such-id"]) {
      const r = await v1("POST", "/orgs/by-id", key.key, { orgId });
      expect(r.status).toBe(404);
      expect(r.body.error).toBe("not_found");
    }
    const theirs = await createKey(stranger, {});
    expect((await v1("POST", "/orgs/by-id", theirs.key, { orgId: stranger.orgId })).body).toEqual(view(stranger, "Elsewhere"));
  });

  test("bad input: 400 naming the field; malformed JSON 400", async () => {
    for (const [path, body, field] of [
      ["/orgs/by-owner", {}, "ownerEmail"],
      ["/orgs/by-owner", { ownerEmail: "not-an-email" }, "ownerEmail"],
      ["/orgs/by-owner", { ownerEmail: 42 }, "ownerEmail"],
      ["/orgs/match", { ownerEmail: "owner@lookup.example" }, "orgName"],
      ["/orgs/match", { ownerEmail: "owner@lookup.example", orgName: "x".repeat(201) }, "orgName"],
      ["/orgs/by-id", { orgId: "" }, "orgId"],
      ["/orgs/by-id", { orgId: ["a"] }, "orgId"],
    ] as const) {
      const r = await v1("POST", path, key.key, body);
      expect(r.status).toBe(400);
      expect(r.body.field).toBe(field);
    }
    const r = await v1("POST", "/orgs/by-id", key.key, undefined, { "content-type": "application/json" });
    expect(r.status).toBe(400);
    const junk = await t.request("POST", "/api/public/v1/orgs/by-id", { body: "{", headers: { "content-type": "application/json", "x-api-key": key.key } });
    expect(junk.status).toBe(400);
    expect(junk.body.error).toBe("invalid_json");
  });
});
