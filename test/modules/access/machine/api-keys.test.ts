/**
 * Org API keys over HTTP: create (shown once, SHA-256 at rest, scopes that only
 * narrow, app-group scope, service-account binding, the ceiling and its seal), list,
 * revoke with its marker, and every refusal leaving nothing behind.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { auditEvents } from "../../../../src/platform/audit/schema";
import { apiKeys } from "../../../../src/modules/access/machine/schema";
import { sha256Hex } from "../../../../src/platform/crypto/hash";
import { addMember, createAppGroup, createOrg, signInAs, type SignedInUser, type TestOrg } from "../../../support/accounts";
import { registerPasskey, sealAssertion, type Authenticator } from "../../../support/authenticator";
import { HOUR } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";

let t: TestApp;
let org: TestOrg;
let admin: SignedInUser;
let member: SignedInUser;
let ownerDevice: Authenticator;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "owner@keys.example", "Keys Co");
  admin = await addMember(t, org, "admin@keys.example", "admin");
  member = await addMember(t, org, "member@keys.example");
  ownerDevice = await registerPasskey(t, org.owner);
});
afterAll(() => t.close());

const base = (slug = org.slug) => `/api/org/${slug}/settings/keys/api-keys`;
const create = (token: string | undefined, json: unknown, slug = org.slug) => t.request("POST", base(slug), { token, json });
const list = (token: string, query = "") => t.request("GET", `${base()}${query}`, { token });
const revoke = (token: string, keyId: string, slug = org.slug) => t.request("DELETE", `${base(slug)}/${keyId}`, { token });
const keyRows = (orgId = org.orgId) => t.ctx.db.read.select().from(apiKeys).where(eq(apiKeys.orgId, orgId));
const events = (type: string, orgId = org.orgId) => t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.type, type)));

/** Runs a refusal and checks that no key and no event appeared. */
async function refused(request: Promise<{ status: number; body: any }>, status: number, error: string, field?: string) {
  const keysBefore = (await keyRows()).length;
  const eventsBefore = (await events("org.api_key.created")).length;
  const r = await request;
  expect(r.status).toBe(status);
  expect(r.body.error).toBe(error);
  if (field !== undefined) expect(r.body.field).toBe(field);
  expect(await keyRows()).toHaveLength(keysBefore);
  expect(await events("org.api_key.created")).toHaveLength(eventsBefore);
  return r;
}

describe("create", () => {
  test("201 with the key shown once: ah_live_ and 256 bits; only its SHA-256 is stored; audited without it", async () => {
    const r = await create(admin.token, { name: "  CI deploys ", scopes: ["org.member.list", "org.agent.*"] });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^key_[0-9a-f]{32}$/),
      key: expect.stringMatching(/^ah_live_[A-Za-z0-9_-]{43}$/),
      prefix: r.body.key.slice(0, 16),
      name: "CI deploys",
      scopes: ["org.member.list", "org.agent.*"],
      appGroupId: null,
      serviceAccountId: null,
      maxTokenLifetimeSeconds: 300,
      createdAt: new Date(t.clock.now()).toISOString(),
      createdBy: admin.userId,
      revokedAt: null,
    });
    const [row] = (await keyRows()).filter((k) => k.id === r.body.id);
    expect(row!.secretHash).toBe(sha256Hex(r.body.key));
    expect(JSON.stringify(row)).not.toContain(r.body.key.slice(16));
    const [event] = await events("org.api_key.created");
    expect(event).toMatchObject({ actorKind: "user", actorId: admin.userId });
    expect(event!.payload).toMatchObject({ keyId: r.body.id, prefix: r.body.prefix, scopes: r.body.scopes, maxTokenLifetimeSeconds: 300, sealCredentialId: null });
    expect(JSON.stringify(event!.payload)).not.toContain(r.body.key.slice(16));
    const other = await create(admin.token, { scopes: ["org.member.list"] });
    expect(other.body.key).not.toBe(r.body.key);
    expect(other.body.name).toBeNull();
  });

  test("omitted scopes take the organization's default API key scopes; with none set, 400 invalid_scope", async () => {
    await refused(create(org.owner.token, {}), 400, "invalid_scope", "scopes");
    const put = await t.request("PUT", `/api/org/${org.slug}/settings/api-key-scope`, { token: org.owner.token, json: { defaultScopes: ["org.member.list"] } });
    expect(put.status).toBe(200);
    const r = await create(org.owner.token, {});
    expect(r.status).toBe(201);
    expect(r.body.scopes).toEqual(["org.member.list"]);
    expect(r.body.maxTokenLifetimeSeconds).toBe(300);
  });

  test("the organization's default ceiling applies when none is given", async () => {
    await t.request("PUT", `/api/org/${org.slug}/settings/api-key-scope`, { token: org.owner.token, json: { defaultScopes: ["org.member.list"], maxTokenLifetimeSeconds: 120 } });
    expect((await create(org.owner.token, {})).body.maxTokenLifetimeSeconds).toBe(120);
    await t.request("PUT", `/api/org/${org.slug}/settings/api-key-scope`, { token: org.owner.token, json: { defaultScopes: ["org.member.list"] } });
  });

  test("scopes only narrow what the creator holds: 403 PERMISSION_DENIED naming the entry", async () => {
    const role = await t.request("POST", `/api/org/${org.slug}/roles`, {
      token: org.owner.token,
      json: { key: "key_maker", name: "Key maker", scopes: ["org.api_key.create", "org.member.list"] },
    });
    expect(role.status).toBe(201);
    const maker = await addMember(t, org, "maker@keys.example", role.body.id);
    const r = await refused(create(maker.token, { scopes: ["org.member.list", "org.member.remove"] }), 403, "PERMISSION_DENIED", "scopes[1]");
    expect(r.body.scope).toBe("org.member.remove");
    await refused(create(maker.token, { scopes: ["org.*"] }), 403, "PERMISSION_DENIED", "scopes[0]");
    expect((await create(maker.token, { scopes: ["org.member.list"] })).status).toBe(201);
  });

  test("malformed scopes are 400 invalid_scope naming the entry; wrong types 400 naming the field", async () => {
    await refused(create(admin.token, { scopes: ["org.member.list", "ORG.bad"] }), 400, "invalid_scope", "scopes[1]");
    await refused(create(admin.token, { scopes: ["org.member.list:creator=someone"] }), 400, "invalid_scope", "scopes[0]");
    await refused(create(admin.token, { scopes: "org.member.list" }), 400, "invalid_request", "scopes");
    await refused(create(admin.token, { scopes: [42] }), 400, "invalid_request", "scopes[0]");
    await refused(create(admin.token, { scopes: ["org.member.list"], name: "x".repeat(101) }), 400, "invalid_request", "name");
    await refused(create(admin.token, { scopes: ["org.member.list"], appGroupId: "bad id!" }), 400, "invalid_request", "appGroupId");
    const malformed = await t.request("POST", base(), { token: admin.token, body: "{", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_json");
  });

  test("who: a member 403, a non-member 404, no session 401", async () => {
    await refused(create(member.token, { scopes: ["org.member.list"] }), 403, "PERMISSION_DENIED");
    const stranger = await signInAs(t, "stranger@keys.example");
    await refused(create(stranger.token, { scopes: ["org.member.list"] }), 404, "not_found");
    await refused(create(undefined, { scopes: ["org.member.list"] }), 401, "unauthorized");
  });

  test("an app-group-scoped key stores its app group (by groupKey or id)", async () => {
    const group = await createAppGroup(t, org, "Keyed");
    for (const appGroupId of [group.groupKey, group.id]) {
      const r = await create(admin.token, { scopes: ["org.member.list"], appGroupId });
      expect(r.status).toBe(201);
      expect(r.body.appGroupId).toBe(appGroupId);
    }
  });

  test("a made-up app group, another organization's or a deleted one is 404 app_group_not_found, and no key is made", async () => {
    const other = await createOrg(t, "owner@keys-other.example", "Keys Other");
    const theirs = await createAppGroup(t, other, "Theirs");
    const gone = await createAppGroup(t, org, "Gone");
    expect((await t.request("DELETE", `/api/org/${org.slug}/app-groups/${gone.id}`, { token: org.owner.token })).status).toBe(200);
    const before = (await t.request("GET", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token })).body;
    for (const appGroupId of ["appgroup_3f9a", theirs.groupKey, theirs.id, gone.groupKey]) {
      await refused(create(admin.token, { scopes: ["org.member.list"], appGroupId }), 404, "app_group_not_found", "appGroupId");
    }
    expect((await t.request("GET", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token })).body).toEqual(before);
  });
});

describe("ceilings (maxTokenLifetimeSeconds)", () => {
  test("out of 60..604800 or not an integer: 400 naming the field", async () => {
    for (const value of [59, 604801, 0, -1, 300.5, "a lot", null]) {
      await refused(create(org.owner.token, { scopes: ["org.member.list"], maxTokenLifetimeSeconds: value }), 400, "invalid_request", "maxTokenLifetimeSeconds");
    }
  });

  test("60 and 300 need no seal, from an admin too; a stray assertion is ignored", async () => {
    expect((await create(admin.token, { scopes: ["org.member.list"], maxTokenLifetimeSeconds: 60 })).body.maxTokenLifetimeSeconds).toBe(60);
    const r = await create(admin.token, { scopes: ["org.member.list"], maxTokenLifetimeSeconds: 300, assertionResponseJson: "not even json" });
    expect(r.status).toBe(201);
    expect(r.body.maxTokenLifetimeSeconds).toBe(300);
  });

  test("above 300 from an admin: 403 owner_required, even with a seal of their own", async () => {
    const adminDevice = await registerPasskey(t, admin);
    const assertion = await sealAssertion(t, admin, adminDevice, "api_key.long_lifetime", org.slug);
    await refused(create(admin.token, { scopes: ["org.member.list"], maxTokenLifetimeSeconds: 301, assertionResponseJson: assertion }), 403, "owner_required");
  });

  test("above 300 from the owner: 403 step_up_required without a seal, step_up_failed with a wrong one", async () => {
    const body = { scopes: ["org.member.list"], maxTokenLifetimeSeconds: 86400 };
    await refused(create(org.owner.token, body), 403, "step_up_required");
    const wrongPurpose = await sealAssertion(t, org.owner, ownerDevice, "org.master_seal.create", org.slug);
    await refused(create(org.owner.token, { ...body, assertionResponseJson: wrongPurpose }), 403, "step_up_failed");
    const wrongSubject = await sealAssertion(t, org.owner, ownerDevice, "api_key.long_lifetime", "another-org");
    await refused(create(org.owner.token, { ...body, assertionResponseJson: wrongSubject }), 403, "step_up_failed");
  });

  test("above 300 with the owner's seal: 201; the seal is recorded and cannot be replayed", async () => {
    const assertion = await sealAssertion(t, org.owner, ownerDevice, "api_key.long_lifetime", org.slug);
    const r = await create(org.owner.token, { scopes: ["org.member.list"], maxTokenLifetimeSeconds: 604800, assertionResponseJson: assertion });
    expect(r.status).toBe(201);
    expect(r.body.maxTokenLifetimeSeconds).toBe(604800);
    const event = (await events("org.api_key.created")).find((e) => e.payload.keyId === r.body.id);
    expect(event!.payload.sealCredentialId).toBe(ownerDevice.credentialId);
    await refused(create(org.owner.token, { scopes: ["org.member.list"], maxTokenLifetimeSeconds: 86400, SealAssertionJson: assertion }), 403, "step_up_failed");
  });
});

describe("service-account binding", () => {
  let accountId: string;
  let connectedId: string;

  test("a key bound to an active service account within its role", async () => {
    const sa = await t.request("POST", `/api/org/${org.slug}/service-accounts`, { token: org.owner.token, json: { name: "deployer", role: "member" } });
    expect(sa.status).toBe(201);
    ({ id: accountId, connectedId } = sa.body);
    const r = await create(admin.token, { scopes: ["org.member.list"], serviceAccountId: accountId });
    expect(r.status).toBe(201);
    expect(r.body.serviceAccountId).toBe(accountId);
  });

  test("scopes beyond the account's role: 403 PERMISSION_DENIED, even when the creator holds them", async () => {
    await refused(create(admin.token, { scopes: ["org.member.list", "org.api_key.create"], serviceAccountId: accountId }), 403, "PERMISSION_DENIED", "scopes[1]");
  });

  test("unknown, another organization's or suspended: 404 service_account_not_found", async () => {
    await refused(create(admin.token, { scopes: ["org.member.list"], serviceAccountId: "nope" }), 404, "service_account_not_found", "serviceAccountId");
    const other = await createOrg(t, "owner@other-keys.example", "Other Keys");
    const foreign = await t.request("POST", `/api/org/${other.slug}/service-accounts`, { token: other.owner.token, json: { name: "theirs", role: "member" } });
    await refused(create(admin.token, { scopes: ["org.member.list"], serviceAccountId: foreign.body.id }), 404, "service_account_not_found");
    const suspend = await t.request("PATCH", `/api/org/${org.slug}/badges/${connectedId}`, { token: org.owner.token, json: { status: "suspended" } });
    expect(suspend.status).toBe(200);
    await refused(create(admin.token, { scopes: ["org.member.list"], serviceAccountId: accountId }), 404, "service_account_not_found");
  });
});

describe("list and revoke", () => {
  test("the list never shows a key; a member may not list", async () => {
    const created = await create(admin.token, { name: "listed", scopes: ["org.member.list"] });
    const r = await list(org.owner.token);
    expect(r.status).toBe(200);
    const item = r.body.find((k: any) => k.id === created.body.id);
    const { key, ...view } = created.body;
    expect(item).toEqual(view);
    expect(r.text).not.toContain(key.slice(16));
    for (const k of r.body) expect(k).not.toHaveProperty("key");
    const denied = await list(member.token);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("PERMISSION_DENIED");
  });

  test("revoke: 200 with revokedAt, a marker for ceiling + 1 h, audited; gone from the list unless asked for", async () => {
    const created = await create(admin.token, { name: "to revoke", scopes: ["org.member.list"], maxTokenLifetimeSeconds: 120 });
    const r = await revoke(admin.token, created.body.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: created.body.id, revokedAt: new Date(t.clock.now()).toISOString() });
    const [row] = (await keyRows()).filter((k) => k.id === created.body.id);
    expect(row).toMatchObject({ revokedAt: t.clock.now(), revokedBy: admin.userId, revocationMarkerUntil: t.clock.now() + 120_000 + HOUR });
    const [event] = (await events("org.api_key.revoked")).filter((e) => e.payload.keyId === created.body.id);
    expect(event!.payload).toEqual({ keyId: created.body.id, prefix: created.body.prefix, markerUntil: new Date(t.clock.now() + 120_000 + HOUR).toISOString() });
    expect((await list(admin.token)).body.map((k: any) => k.id)).not.toContain(created.body.id);
    const all = await list(admin.token, "?includeRevoked=true");
    expect(all.body.find((k: any) => k.id === created.body.id).revokedAt).toBe(r.body.revokedAt);

    t.clock.advance(1000);
    const again = await revoke(org.owner.token, created.body.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(r.body);
    expect((await events("org.api_key.revoked")).filter((e) => e.payload.keyId === created.body.id)).toHaveLength(1);
  });

  test("revoke: a member 403, unknown 404, another organization's key 404 and untouched", async () => {
    const created = await create(admin.token, { scopes: ["org.member.list"] });
    expect((await revoke(member.token, created.body.id)).status).toBe(403);
    expect((await revoke(admin.token, "key_unknown")).status).toBe(404);
    const other = await createOrg(t, "owner@third-keys.example", "Third Keys");
    const theirs = await create(other.owner.token, { scopes: ["org.member.list"] }, other.slug);
    expect(theirs.status).toBe(201);
    const r = await revoke(admin.token, theirs.body.id);
    expect(r.status).toBe(404);
    expect((await keyRows(other.orgId))[0]!.revokedAt).toBeNull();
    expect((await revoke(admin.token, created.body.id, other.slug)).status).toBe(404);
  });

  test(`at most 100 live keys: the next is 409 too_many_api_keys; revoking one makes room`, async () => {
    const fresh = await createOrg(t, "owner@many-keys.example", "Many Keys");
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) {
      const r = await create(fresh.owner.token, { scopes: ["org.member.list"] }, fresh.slug);
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }
    const r = await create(fresh.owner.token, { scopes: ["org.member.list"] }, fresh.slug);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "too_many_api_keys", limit: 100 });
    expect(await keyRows(fresh.orgId)).toHaveLength(100);
    await revoke(fresh.owner.token, ids[0]!, fresh.slug);
    expect((await create(fresh.owner.token, { scopes: ["org.member.list"] }, fresh.slug)).status).toBe(201);
  });
});
