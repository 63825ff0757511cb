/**
 * POST /api/org/{slug}/permits/issue (spec 2.7, 5.5, §7, §8): each check of 5.5 in its
 * order, ttl clamping, idempotency, seal tiers, and permits verified by an independent
 * verifier (jose's remote JWKS over HTTP) until a rotation voids them.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { permitIdempotency } from "../../../../src/modules/access/permits/schema";
import { addMember, createOrg, signInAs, type SignedInUser, type TestOrg } from "../../../support/accounts";
import { registerPasskey, sealAssertion, type Authenticator } from "../../../support/authenticator";
import { SECOND } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { createSealedOrg, serveOverHttp, verifyWithRemoteJwks } from "../machine/support";

let t: TestApp;
let org: TestOrg;
let unsealed: TestOrg;
let other: TestOrg;
let member: SignedInUser;
let server: { url: string; stop(): void };

beforeAll(async () => {
  t = await createTestApp();
  org = await createSealedOrg(t, "owner@permits.example", "Permits Co");
  unsealed = await createOrg(t, "owner@unsealed-permits.example", "Unsealed Permits");
  other = await createSealedOrg(t, "owner@other-permits.example", "Other Permits");
  member = await addMember(t, org, "member@permits.example", "member");
  server = serveOverHttp(t);
});
afterAll(async () => {
  server.stop();
  await t.close();
});

const issue = (slug: string, token: string | undefined, json: unknown) => t.request("POST", `/api/org/${slug}/permits/issue`, { token, json });
const verify = (permit: string, slug = org.slug) => verifyWithRemoteJwks(server.url, slug, permit, new Date(t.clock.now()));
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString());
const headerOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[0]!, "base64url").toString());

async function badgeOf(slug: string, token: string): Promise<string> {
  const r = await t.request("GET", `/api/org/${slug}/me`, { token });
  return r.body.connectedId;
}

async function setBadgeStatus(connectedId: string, status: string, owner = org) {
  const r = await t.request("PATCH", `/api/org/${owner.slug}/badges/${connectedId}`, { token: owner.owner.token, json: { status } });
  if (r.status !== 200) throw new Error(`badge status: ${r.status} ${r.text}`);
}

async function setSecurityMode(mode: string, owner = org) {
  const current = await t.request("GET", `/api/org/${owner.slug}/settings`, { token: owner.owner.token });
  const r = await t.request("PUT", `/api/org/${owner.slug}/settings/security`, { token: owner.owner.token, json: { ...current.body.security, securityMode: mode } });
  if (r.status !== 200) throw new Error(`security mode: ${r.status} ${r.text}`);
}

/** An M2M token whose API key acts as a new service account with `role` (or no service account). */
async function machineToken(options: { role?: string; scopes: string[] }): Promise<{ token: string; serviceAccountId: string | null }> {
  let serviceAccountId: string | null = null;
  if (options.role) {
    const sa = await t.request("POST", `/api/org/${org.slug}/service-accounts`, {
      token: org.owner.token,
      json: { name: `robot-${crypto.randomUUID().slice(0, 8)}`, role: options.role },
    });
    if (sa.status !== 201) throw new Error(`service account: ${sa.status} ${sa.text}`);
    serviceAccountId = sa.body.id;
  }
  const key = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { scopes: options.scopes, serviceAccountId } });
  if (key.status !== 201) throw new Error(`api key: ${key.status} ${key.text}`);
  const exchanged = await t.request("POST", "/api/m2m/token", { json: { orgSlug: org.slug, apiKey: key.body.key } });
  return { token: exchanged.body.accessToken, serviceAccountId };
}

describe("issuing", () => {
  test("a member gets an RS256 permit for a scope they hold, verifiable with the org's JWKS over HTTP", async () => {
    const r = await issue(org.slug, member.token, { requestedScope: "org.member.list", context: { orderId: "o-1", amount: 12 } });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const connectedId = await badgeOf(org.slug, member.token);
    expect(r.body).toMatchObject({ tokenType: "permit+jwt", connectedId, scope: "org.member.list", sealTier: "credential", expiresIn: 30 });
    expect(r.body.jwksUri).toBe(`${t.ctx.config.baseUrl}/api/public/orgs/${org.slug}/jwks.json`);
    expect(headerOf(r.body.permit)).toEqual({ typ: "permit+jwt", alg: "RS256", kid: r.body.kid });
    const payload = await verify(r.body.permit);
    expect(payload).toMatchObject({ sub: connectedId, org: org.orgId, org_slug: org.slug, scope: "org.member.list", seal_tier: "credential", jti: r.body.permitId, ctx: { orderId: "o-1", amount: 12 } });
    expect(payload.exp! - payload.iat!).toBe(30);
    expect(new Date(r.body.expiresAt).getTime()).toBe(payload.exp! * 1000);
  });

  test("the kid is the org's permit key, published in the JWKS apart from the token key", async () => {
    const r = await issue(org.slug, member.token, { requestedScope: "org.member.list" });
    const keys = (await t.request("GET", `/api/org/${org.slug}/settings/keys/signing-keys`, { token: org.owner.token })).body;
    expect(r.body.kid).toBe(keys.permitKeyId);
    expect(r.body.kid).not.toBe(keys.signingKeyId);
  });

  test("wildcards in the caller's grants cover the requested scope; a constrained scope is a scope too", async () => {
    const owner = await issue(org.slug, org.owner.token, { requestedScope: "org.billing.read" });
    expect(owner.status).toBe(200);
    const constrained = await issue(org.slug, member.token, { requestedScope: "org.org_file.read:creator=self" });
    expect(constrained.status).toBe(200);
  });

  test("ttlSeconds: default 30, clamped to 1..300, never refused", async () => {
    for (const [asked, issued] of [[undefined, 30], [0, 1], [-5, 1], [1, 1], [45.9, 45], [300, 300], [301, 300], [86400, 300]] as const) {
      const r = await issue(org.slug, member.token, { requestedScope: "org.member.list", ...(asked === undefined ? {} : { ttlSeconds: asked }) });
      expect(r.status).toBe(200);
      expect(r.body.expiresIn).toBe(issued);
      const claims = claimsOf(r.body.permit);
      expect(claims.exp - claims.iat).toBe(issued);
    }
  });

  test("an expired permit no longer verifies", async () => {
    const r = await issue(org.slug, member.token, { requestedScope: "org.member.list", ttlSeconds: 5 });
    expect(await verify(r.body.permit)).toBeTruthy();
    t.clock.advance(6 * SECOND);
    await expect(verify(r.body.permit)).rejects.toThrow();
  });

  test("a machine whose key acts as a service account gets a permit for the account's badge", async () => {
    const { token, serviceAccountId } = await machineToken({ role: "member", scopes: ["org.member.list"] });
    const r = await issue(org.slug, token, { requestedScope: "org.member.list" });
    expect(r.status).toBe(200);
    const me = await t.request("GET", `/api/org/${org.slug}/me`, { token });
    expect(me.body.serviceAccountId).toBe(serviceAccountId);
    expect(r.body.connectedId).toBe(me.body.connectedId);
    expect((await verify(r.body.permit)).sub).toBe(me.body.connectedId);
  });
});

describe("the checks of 5.5, in order", () => {
  test("authentication comes first: no credential, a bad session or a bad M2M token is 401", async () => {
    expect((await issue(org.slug, undefined, { requestedScope: "org.member.list" })).status).toBe(401);
    expect((await issue(org.slug, "not-a-session", { requestedScope: "org.member.list" })).status).toBe(401);
    expect((await issue(org.slug, "a.b.c", { requestedScope: "org.member.list" })).status).toBe(401);
    expect((await issue("no-such-org", undefined, { requestedScope: "org.member.list" })).status).toBe(401);
  });

  test("1. resolve the organization: an unknown slug is 400 no_organization_context", async () => {
    const r = await issue("no-such-org", member.token, { requestedScope: "org.member.list" });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("no_organization_context");
  });

  test("2. resolve the caller's ConnectedId: no badge in the organization is 404", async () => {
    const stranger = await signInAs(t, "stranger@permits.example");
    const r = await issue(org.slug, stranger.token, { requestedScope: "org.member.list" });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("badge_not_found");
    // Another organization's member has no badge here either.
    expect((await issue(org.slug, other.owner.token, { requestedScope: "org.member.list" })).status).toBe(404);
    // A machine whose key acts as no service account has no badge.
    const { token } = await machineToken({ scopes: ["org.member.list"] });
    const machine = await issue(org.slug, token, { requestedScope: "org.member.list" });
    expect(machine.status).toBe(404);
    expect(machine.body.error).toBe("badge_not_found");
  });

  test("2 before 5: without a badge the answer is 404 even for a scope nobody holds", async () => {
    const stranger = await signInAs(t, "stranger2@permits.example");
    expect((await issue(org.slug, stranger.token, { requestedScope: "org.nothing.at_all" })).status).toBe(404);
  });

  test("3. badge active: a suspended badge is 403, before the scope check", async () => {
    const person = await addMember(t, org, "suspended@permits.example", "member");
    const connectedId = await badgeOf(org.slug, person.token);
    await setBadgeStatus(connectedId, "suspended");
    const r = await issue(org.slug, person.token, { requestedScope: "org.nothing.at_all" });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("badge_suspended");
    await setBadgeStatus(connectedId, "active");
    expect((await issue(org.slug, person.token, { requestedScope: "org.member.list" })).status).toBe(200);
  });

  test("4. not revoked: a revoked badge is 403", async () => {
    const person = await addMember(t, org, "revoked@permits.example", "member");
    await setBadgeStatus(await badgeOf(org.slug, person.token), "revoked");
    const r = await issue(org.slug, person.token, { requestedScope: "org.member.list" });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("badge_revoked");
  });

  test("5. scope held: a scope the caller lacks is 403; a malformed one is 400", async () => {
    const r = await issue(org.slug, member.token, { requestedScope: "org.billing.read" });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: "scope_not_held", scope: "org.billing.read" });
    // The self-constrained grant does not cover the unconstrained scope.
    expect((await issue(org.slug, member.token, { requestedScope: "org.org_file.read" })).status).toBe(403);
    const malformed = await issue(org.slug, member.token, { requestedScope: "NOT A SCOPE" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: "invalid_scope", field: "requestedScope" });
  });

  test("5. a machine holds the token's scopes, capped by its service account's role", async () => {
    const { token } = await machineToken({ role: "member", scopes: ["org.member.list"] });
    const r = await issue(org.slug, token, { requestedScope: "org.member.invite" });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("scope_not_held");
  });

  test("7. sign: an organization without its Org Master Seal has no signing key: 500", async () => {
    const r = await issue(unsealed.slug, unsealed.owner.token, { requestedScope: "org.member.list" });
    expect(r.status).toBe(500);
    expect(r.body.error).toBe("signing_key_missing");
  });

  test("an M2M token used on another organization's slug is 401", async () => {
    const { token } = await machineToken({ role: "member", scopes: ["org.member.list"] });
    const r = await issue(other.slug, token, { requestedScope: "org.member.list" });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("wrong_organization");
  });
});

describe("6. seal tier from the SecurityMode", () => {
  let sealer: SignedInUser;
  let device: Authenticator;
  beforeAll(async () => {
    sealer = await addMember(t, org, "sealer@permits.example", "member");
    device = await registerPasskey(t, sealer);
  });

  test("elevated: a person needs a Personal Seal; one with a passkey gets tier personal_seal; machines pass", async () => {
    await setSecurityMode("elevated");
    try {
      const without = await issue(org.slug, member.token, { requestedScope: "org.member.list" });
      expect(without.status).toBe(403);
      expect(without.body).toMatchObject({ error: "personal_seal_required", sealTier: "personal_seal" });
      const withPasskey = await issue(org.slug, sealer.token, { requestedScope: "org.member.list" });
      expect(withPasskey.status).toBe(200);
      expect(claimsOf(withPasskey.body.permit).seal_tier).toBe("personal_seal");
      const { token } = await machineToken({ role: "member", scopes: ["org.member.list"] });
      expect((await issue(org.slug, token, { requestedScope: "org.member.list" })).status).toBe(200);
      // The scope check still comes first.
      expect((await issue(org.slug, member.token, { requestedScope: "org.billing.read" })).body.error).toBe("scope_not_held");
    } finally {
      await setSecurityMode("standard");
    }
  });

  test("strict: each request is sealed by the person's passkey; machines are refused", async () => {
    const { token } = await machineToken({ role: "member", scopes: ["org.member.list"] });
    await setSecurityMode("strict");
    try {
      const unsealedRequest = await issue(org.slug, sealer.token, { requestedScope: "org.member.list" });
      expect(unsealedRequest.status).toBe(403);
      expect(unsealedRequest.body.error).toBe("step_up_required");
      const wrongSubject = await sealAssertion(t, sealer, device, "permit.issue", other.slug);
      const refused = await issue(org.slug, sealer.token, { requestedScope: "org.member.list", assertionResponseJson: wrongSubject });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe("step_up_failed");
      const assertion = await sealAssertion(t, sealer, device, "permit.issue", org.slug);
      const sealed = await issue(org.slug, sealer.token, { requestedScope: "org.member.list", assertionResponseJson: assertion });
      expect(sealed.status).toBe(200);
      expect((await verify(sealed.body.permit)).seal_tier).toBe("sealed_request");
      // The seal is single-use.
      const replay = await issue(org.slug, sealer.token, { requestedScope: "org.member.list", assertionResponseJson: assertion });
      expect(replay.status).toBe(403);
      const machine = await issue(org.slug, token, { requestedScope: "org.member.list" });
      expect(machine.status).toBe(403);
      expect(machine.body.error).toBe("personal_seal_required");
    } finally {
      await setSecurityMode("standard");
    }
  });
});

describe("idempotency", () => {
  test("the same idempotencyKey within the TTL answers the identical permit; after expiry a new one", async () => {
    const body = { requestedScope: "org.member.list", ttlSeconds: 60, idempotencyKey: "order-42" };
    const first = await issue(org.slug, member.token, body);
    expect(first.status).toBe(200);
    t.clock.advance(30 * SECOND);
    const again = await issue(org.slug, member.token, body);
    expect(again.body).toEqual(first.body);
    t.clock.advance(31 * SECOND);
    const later = await issue(org.slug, member.token, body);
    expect(later.status).toBe(200);
    expect(later.body.permit).not.toBe(first.body.permit);
    expect(later.body.permitId).not.toBe(first.body.permitId);
  });

  test("keys are per caller: another member's same key gets their own permit", async () => {
    const body = { requestedScope: "org.member.list", idempotencyKey: "shared-key" };
    const mine = await issue(org.slug, member.token, body);
    const theirs = await issue(org.slug, org.owner.token, body);
    expect(theirs.body.permitId).not.toBe(mine.body.permitId);
    expect(theirs.body.connectedId).not.toBe(mine.body.connectedId);
  });

  test("the same key for another request within the TTL is 409, and changes nothing", async () => {
    await issue(org.slug, member.token, { requestedScope: "org.member.list", idempotencyKey: "k-409" });
    const r = await issue(org.slug, member.token, { requestedScope: "org.member.list", idempotencyKey: "k-409", context: { other: true } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "idempotency_key_reused", field: "idempotencyKey" });
    const rows = await t.ctx.db.read.select().from(permitIdempotency).where(eq(permitIdempotency.idempotencyKey, "k-409"));
    expect(rows.length).toBe(1);
  });

  test("parallel requests with one key answer one permit", async () => {
    const body = { requestedScope: "org.member.list", idempotencyKey: "parallel" };
    const answers = await Promise.all(Array.from({ length: 6 }, () => issue(org.slug, member.token, body)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.permit)).size).toBe(1);
  });

  test("the stored permit is sealed at rest, not kept in clear", async () => {
    const r = await issue(org.slug, member.token, { requestedScope: "org.member.list", idempotencyKey: "at-rest" });
    const [row] = await t.ctx.db.read.select().from(permitIdempotency).where(eq(permitIdempotency.idempotencyKey, "at-rest"));
    expect(row!.permitSealed).not.toContain(r.body.permit.split(".")[2]);
  });

  test("the prune job removes rows of expired permits", async () => {
    await issue(org.slug, member.token, { requestedScope: "org.member.list", idempotencyKey: "to-prune", ttlSeconds: 10 });
    t.clock.advance(11 * SECOND);
    await t.ctx.jobs.runNow("permits.prune");
    const rows = await t.ctx.db.read.select().from(permitIdempotency).where(eq(permitIdempotency.idempotencyKey, "to-prune"));
    expect(rows.length).toBe(0);
  });
});

describe("rotation", () => {
  test("a rotation voids every earlier permit at once; new permits verify; an idempotent replay gets a fresh permit", async () => {
    const before = await issue(other.slug, other.owner.token, { requestedScope: "org.member.list", ttlSeconds: 300, idempotencyKey: "rot" });
    expect(await verify(before.body.permit, other.slug)).toBeTruthy();
    const rotated = await t.request("POST", `/api/org/${other.slug}/settings/keys/signing-key/rotate`, { token: other.owner.token });
    expect(rotated.status).toBe(200);
    await expect(verify(before.body.permit, other.slug)).rejects.toThrow();
    const after = await issue(other.slug, other.owner.token, { requestedScope: "org.member.list", ttlSeconds: 300, idempotencyKey: "rot" });
    expect(after.body.kid).toBe(rotated.body.permitKeyId);
    expect(after.body.permit).not.toBe(before.body.permit);
    expect(await verify(after.body.permit, other.slug)).toBeTruthy();
  });
});

describe("bad input", () => {
  test("malformed JSON, wrong types, missing or unknown fields, oversize values: 400, never 500", async () => {
    const raw = await t.request("POST", `/api/org/${org.slug}/permits/issue`, { token: member.token, body: "{nope", headers: { "content-type": "application/json" } });
    expect(raw.status).toBe(400);
    for (const json of [
      {},
      { requestedScope: 5 },
      { requestedScope: "" },
      { requestedScope: "x".repeat(201) },
      { requestedScope: "org.member.list", ttlSeconds: "30" },
      { requestedScope: "org.member.list", idempotencyKey: "" },
      { requestedScope: "org.member.list", idempotencyKey: "k".repeat(201) },
      { requestedScope: "org.member.list", context: "text" },
      { requestedScope: "org.member.list", context: [1, 2] },
      { requestedScope: "org.member.list", scope: "typo" },
    ]) {
      const r = await issue(org.slug, member.token, json);
      expect(r.status).toBe(400);
    }
  });

  test("a context over 4 KB is 400 context_too_large", async () => {
    const r = await issue(org.slug, member.token, { requestedScope: "org.member.list", context: { blob: "x".repeat(4100) } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "context_too_large", field: "context" });
  });

  test("a permit tampered with, or signed by another organization, does not verify against this org's JWKS", async () => {
    const mine = await issue(org.slug, member.token, { requestedScope: "org.member.list" });
    const [h, , s] = mine.body.permit.split(".");
    const forged = Buffer.from(JSON.stringify({ ...claimsOf(mine.body.permit), scope: "org.*" })).toString("base64url");
    await expect(verify(`${h}.${forged}.${s}`)).rejects.toThrow();
    const theirs = await issue(other.slug, other.owner.token, { requestedScope: "org.member.list" });
    await expect(verify(theirs.body.permit, org.slug)).rejects.toThrow();
  });
});
