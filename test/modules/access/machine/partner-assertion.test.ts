/**
 * POST /api/public/orgs/{slug}/partner-assertion: an org API key exchanged for a
 * short-lived RS256 JWT that an independent verifier checks against the organization's
 * JWKS over HTTP, before and after a rotation; the claims, the lifetime clamp, and the
 * 401s, 409 and 400s.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq } from "drizzle-orm";
import { decodeProtectedHeader, errors as joseErrors } from "jose";
import { currentSigningKey } from "../../../../src/modules/trust/keys/signing-keys";
import { auditEvents } from "../../../../src/platform/audit/schema";
import { addMember, createOrg, type SignedInUser, type TestOrg, createAppGroup } from "../../../support/accounts";
import { HOUR, MINUTE } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { createSealedOrg, serveOverHttp, verifyWithRemoteJwks } from "./support";

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let admin: SignedInUser;
let key: { id: string; key: string };
let server: { url: string; stop(): void };
beforeAll(async () => {
  t = await createTestApp({ env: { SIGNET_BASE_URL: "https://signet.example" } });
  org = await createSealedOrg(t, "owner@partner.example", "Partner Co");
  other = await createSealedOrg(t, "owner@otherpartner.example", "Other Partner Co");
  admin = await addMember(t, org, "admin@partner.example", "admin");
  key = await createKey(org, { scopes: ["org.member.list", "org.agent.*"] });
  server = serveOverHttp(t);
});
afterAll(async () => {
  server.stop();
  await t.close();
});

async function createKey(owner: TestOrg, body: Record<string, unknown>) {
  const r = await t.request("POST", `/api/org/${owner.slug}/settings/keys/api-keys`, { token: owner.owner.token, json: { scopes: ["org.member.list"], ...body } });
  if (r.status !== 201) throw new Error(r.text);
  return r.body;
}

const assert = (apiKey: string | null, json: unknown, slug = org.slug, headers: Record<string, string> = {}) =>
  t.request("POST", `/api/public/orgs/${slug}/partner-assertion`, { json, headers: { ...(apiKey ? { "x-api-key": apiKey } : {}), ...headers } });
const issuedEvents = (orgId = org.orgId) =>
  t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.type, "org.partner_assertion.issued"))).orderBy(asc(auditEvents.seq));
const verify = (jwt: string, slug = org.slug) => verifyWithRemoteJwks(server.url, slug, jwt, new Date(t.clock.now()));

/** Runs a refusal and checks that no assertion was recorded. */
async function refused(request: Promise<{ status: number; body: any }>, status: number, error: string, field?: string) {
  const before = (await issuedEvents()).length;
  const r = await request;
  expect(r.status).toBe(status);
  expect(r.body.error).toBe(error);
  if (field !== undefined) expect(r.body.field).toBe(field);
  expect(r.body.assertion).toBeUndefined();
  expect(await issuedEvents()).toHaveLength(before);
  return r;
}

describe("issuing", () => {
  test("an RS256 JWT signed with the current token key, verified by jose against the JWKS fetched over HTTP", async () => {
    const r = await assert(key.key, { audience: "https://partner.example/sso" });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const iat = Math.floor(t.clock.now() / 1000);
    expect(r.body).toEqual({
      assertion: expect.any(String),
      tokenType: "partner-assertion+jwt",
      expiresIn: 60,
      expiresAt: new Date((iat + 60) * 1000).toISOString(),
      issuer: `https://signet.example/orgs/${org.slug}`,
      jwksUri: `https://signet.example/api/public/orgs/${org.slug}/jwks.json`,
    });
    const tokenKey = (await currentSigningKey(t.ctx.db.read, org.orgId))!;
    expect(decodeProtectedHeader(r.body.assertion)).toEqual({ alg: "RS256", kid: tokenKey.id, typ: "partner-assertion+jwt" });
    const claims = await verify(r.body.assertion);
    expect(claims).toEqual({
      iss: `https://signet.example/orgs/${org.slug}`,
      sub: org.orgId,
      aud: "https://partner.example/sso",
      org: org.orgId,
      org_slug: org.slug,
      key_id: key.id,
      scope: "org.member.list org.agent.*",
      iat,
      nbf: iat,
      exp: iat + 60,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    const [event] = await issuedEvents();
    expect(event).toMatchObject({ actorKind: "api_key", actorId: key.id });
    expect(event!.payload).toEqual({
      keyId: key.id,
      assertionId: claims.jti,
      kid: tokenKey.id,
      audience: "https://partner.example/sso",
      subject: org.orgId,
      scopes: ["org.member.list", "org.agent.*"],
      expiresIn: 60,
    });
    expect(JSON.stringify(event)).not.toContain(r.body.assertion.split(".")[2]);
  });

  test("Authorization: Bearer works as well as X-Api-Key; the slug is matched without case; each assertion has its own jti", async () => {
    const a = await t.request("POST", `/api/public/orgs/${org.slug.toUpperCase()}/partner-assertion`, { token: key.key, json: { audience: "urn:partner:x" } });
    expect(a.status).toBe(200);
    const b = await assert(key.key, { audience: "urn:partner:x" });
    const [ca, cb] = [await verify(a.body.assertion), await verify(b.body.assertion)];
    expect(ca.aud).toBe("urn:partner:x");
    expect(ca.jti).not.toBe(cb.jti);
  });

  test("ttlSeconds is clamped to 10..300 and the key's ceiling, in whole seconds, never refused; the verifier enforces exp", async () => {
    for (const [ttl, issued] of [
      [1, 10],
      [-50, 10],
      [10, 10],
      [120.9, 120],
      [300, 300],
      [86_400, 300],
      [1e12, 300],
    ] as const) {
      const r = await assert(key.key, { audience: "urn:p", ttlSeconds: ttl });
      expect(r.status).toBe(200);
      expect(r.body.expiresIn).toBe(issued);
      const claims = await verify(r.body.assertion);
      expect(claims.exp! - claims.iat!).toBe(issued);
    }
    // The key's token ceiling caps the lifetime as well.
    const shortKey = await createKey(org, { maxTokenLifetimeSeconds: 60 });
    expect((await assert(shortKey.key, { audience: "urn:p", ttlSeconds: 300 })).body.expiresIn).toBe(60);
    expect((await assert(shortKey.key, { audience: "urn:p" })).body.expiresIn).toBe(60);

    const r = await assert(key.key, { audience: "urn:p", ttlSeconds: 10 });
    const expired = verifyWithRemoteJwks(server.url, org.slug, r.body.assertion, new Date(t.clock.now() + 11_000));
    await expect(expired).rejects.toBeInstanceOf(joseErrors.JWTExpired);
  });

  test("a key bound to a service account: its role caps the scopes, and the claims name the account and its badge; an app-group key says so", async () => {
    const sa = await t.request("POST", `/api/org/${org.slug}/service-accounts`, { token: org.owner.token, json: { name: "partner robot", role: "admin" } });
    expect(sa.status).toBe(201);
    const web = await createAppGroup(t, org);
    const bound = await createKey(org, { scopes: ["org.member.list", "org.member.remove"], serviceAccountId: sa.body.id, appGroupId: web.groupKey });
    let claims = await verify((await assert(bound.key, { audience: "urn:p" })).body.assertion);
    expect(claims).toMatchObject({ sub: org.orgId, service_account: sa.body.id, connected_id: sa.body.connectedId, app_group: web.groupKey, scope: "org.member.list org.member.remove" });
    const [last] = (await issuedEvents()).slice(-1);
    expect(last).toMatchObject({ actorKind: "api_key", actorId: bound.id, actorConnectedId: sa.body.connectedId });

    expect((await t.request("PATCH", `/api/org/${org.slug}/service-accounts/${sa.body.id}`, { token: org.owner.token, json: { role: "member" } })).status).toBe(200);
    claims = await verify((await assert(bound.key, { audience: "urn:p" })).body.assertion);
    expect(claims.scope).toBe("org.member.list");

    const badge = (status: string) => t.request("PATCH", `/api/org/${org.slug}/badges/${sa.body.connectedId}`, { token: org.owner.token, json: { status } });
    expect((await badge("suspended")).status).toBe(200);
    await refused(assert(bound.key, { audience: "urn:p" }), 401, "service_account_inactive");
  });
});

describe("rotation", () => {
  test("an assertion signed before a rotation still verifies (the token key stays published until retireAt); new ones use the new key", async () => {
    const rotOrg = await createSealedOrg(t, "owner@rotating.example", "Rotating Co");
    const rotKey = await createKey(rotOrg, {});
    const before = (await assert(rotKey.key, { audience: "urn:p", ttlSeconds: 300 }, rotOrg.slug)).body.assertion;
    const oldKid = decodeProtectedHeader(before).kid;
    const issuedAt = new Date(t.clock.now());

    const rotate = await t.request("POST", `/api/org/${rotOrg.slug}/settings/keys/signing-key/rotate`, { token: rotOrg.owner.token });
    expect(rotate.status).toBe(200);
    t.clock.advance(MINUTE);
    expect((await verify(before, rotOrg.slug)).aud).toBe("urn:p");
    const after = (await assert(rotKey.key, { audience: "urn:p" }, rotOrg.slug)).body.assertion;
    expect(decodeProtectedHeader(after).kid).toBe(rotate.body.signingKeyId);
    expect(decodeProtectedHeader(after).kid).not.toBe(oldKid);
    expect((await verify(after, rotOrg.slug)).aud).toBe("urn:p");

    // Once the rotated key retires, the JWKS no longer carries it (checked at the issue time, so only the key's absence can fail it).
    t.clock.advance(24 * HOUR + 5 * MINUTE);
    await expect(verifyWithRemoteJwks(server.url, rotOrg.slug, before, issuedAt)).rejects.toBeInstanceOf(joseErrors.JWKSNoMatchingKey);
  });

  test("a rotation with retireImmediately (a compromised key) stops the earlier assertions at once", async () => {
    const rotOrg = await createSealedOrg(t, "owner@compromised.example", "Compromised Co");
    const rotKey = await createKey(rotOrg, {});
    const before = (await assert(rotKey.key, { audience: "urn:p" }, rotOrg.slug)).body.assertion;
    const rotate = await t.request("POST", `/api/org/${rotOrg.slug}/settings/keys/signing-key/rotate`, { token: rotOrg.owner.token, json: { retireImmediately: true } });
    expect(rotate.status).toBe(200);
    await expect(verify(before, rotOrg.slug)).rejects.toBeInstanceOf(joseErrors.JWKSNoMatchingKey);
    const after = (await assert(rotKey.key, { audience: "urn:p" }, rotOrg.slug)).body.assertion;
    expect((await verify(after, rotOrg.slug)).org).toBe(rotOrg.orgId);
  });
});

describe("refusals", () => {
  test("no key: 401 api_key_required; unknown or malformed: 401 invalid_api_key; a session token is not a key", async () => {
    await refused(assert(null, { audience: "urn:p" }), 401, "api_key_required");
    await refused(assert("ah_live_" + "B".repeat(43), { audience: "urn:p" }), 401, "invalid_api_key");
    await refused(assert("ah_live_short", { audience: "urn:p" }), 401, "invalid_api_key");
    await refused(t.request("POST", `/api/public/orgs/${org.slug}/partner-assertion`, { token: admin.token, json: { audience: "urn:p" } }), 401, "invalid_api_key");
  });

  test("another organization's key, and an unknown slug: 401 invalid_api_key, nothing signed for either", async () => {
    const otherKey = await createKey(other, {});
    await refused(assert(otherKey.key, { audience: "urn:p" }), 401, "invalid_api_key");
    expect(await issuedEvents(other.orgId)).toHaveLength(0);
    await refused(assert(key.key, { audience: "urn:p" }, "no-such-org"), 401, "invalid_api_key");
    await refused(assert(key.key, { audience: "urn:p" }, other.slug), 401, "invalid_api_key");
  });

  test("a revoked key: 401 api_key_revoked", async () => {
    const doomed = await createKey(org, {});
    expect((await assert(doomed.key, { audience: "urn:p" })).status).toBe(200);
    expect((await t.request("DELETE", `/api/org/${org.slug}/settings/keys/api-keys/${doomed.id}`, { token: admin.token })).status).toBe(200);
    await refused(assert(doomed.key, { audience: "urn:p" }), 401, "api_key_revoked");
  });

  test("an organization without its Master Seal: 409 ORG_SEAL_REQUIRED", async () => {
    const unsealed = await createOrg(t, "owner@unsealedpartner.example", "Unsealed Partner");
    const unsealedKey = await createKey(unsealed, {});
    const before = (await issuedEvents(unsealed.orgId)).length;
    const r = await assert(unsealedKey.key, { audience: "urn:p" }, unsealed.slug);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("ORG_SEAL_REQUIRED");
    expect(await issuedEvents(unsealed.orgId)).toHaveLength(before);
  });

  test("bad bodies are 400 naming the field: audience missing, empty, with spaces, too long, not a string; ttlSeconds not a number; unknown fields; malformed JSON", async () => {
    await refused(assert(key.key, {}), 400, "invalid_request", "audience");
    await refused(assert(key.key, { audience: "" }), 400, "invalid_request", "audience");
    await refused(assert(key.key, { audience: "two words" }), 400, "invalid_request", "audience");
    await refused(assert(key.key, { audience: "u".repeat(501) }), 400, "invalid_request", "audience");
    await refused(assert(key.key, { audience: ["urn:a", "urn:b"] }), 400, "invalid_request", "audience");
    await refused(assert(key.key, { audience: 5 }), 400, "invalid_request", "audience");
    await refused(assert(key.key, { audience: "urn:p", ttlSeconds: "sixty" }), 400, "invalid_request", "ttlSeconds");
    await refused(assert(key.key, { audience: "urn:p", subject: "user-1" }), 400, "invalid_request");
    await refused(
      t.request("POST", `/api/public/orgs/${org.slug}/partner-assertion`, { body: "{oops", headers: { "x-api-key": key.key, "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
    expect((await assert(key.key, { audience: "u".repeat(500) })).status).toBe(200);
  });
});
