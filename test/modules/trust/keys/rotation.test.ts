/**
 * POST /api/org/{slug}/settings/keys/signing-key/rotate: who may rotate, what the JWKS
 * publishes afterwards, permits signed with the old permit key failing verification
 * while end-user tokens signed with the old token key verify until they expire.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { auditEvents } from "../../../../src/platform/audit/schema";
import { orgMasterSeals } from "../../../../src/modules/orgs/schema";
import { orgSigningKeys } from "../../../../src/modules/trust/keys/schema";
import { currentPermitKey, currentSigningKey, openPermitKey, openSigningKey } from "../../../../src/modules/trust/keys/signing-keys";
import { addMember, createOrg, signInAs, type SignedInUser, type TestOrg } from "../../../support/accounts";
import { HOUR, MINUTE } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { createSealedOrg, serveOverHttp, verifyWithRemoteJwks } from "../../access/machine/support";

let t: TestApp;
let org: TestOrg;
let admin: SignedInUser;
let server: { url: string; stop(): void };
beforeAll(async () => {
  t = await createTestApp();
  org = await createSealedOrg(t, "owner@rotate.example", "Rotate Co");
  admin = await addMember(t, org, "admin@rotate.example", "admin");
  server = serveOverHttp(t);
});
afterAll(async () => {
  server.stop();
  await t.close();
});

const rotate = (slug: string, token: string | undefined, json?: unknown) => t.request("POST", `/api/org/${slug}/settings/keys/signing-key/rotate`, { token, json });
const jwksKids = async (slug = org.slug) => (await t.request("GET", `/api/public/orgs/${slug}/jwks.json`)).body.keys.map((k: any) => k.kid);
const keyRows = async (orgId = org.orgId) => ({
  token: await t.ctx.db.read.select().from(orgSigningKeys).where(and(eq(orgSigningKeys.orgId, orgId), eq(orgSigningKeys.use, "token"))),
  permit: await t.ctx.db.read.select().from(orgSigningKeys).where(and(eq(orgSigningKeys.orgId, orgId), eq(orgSigningKeys.use, "permit"))),
});
const rotations = async (orgId = org.orgId) =>
  t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.type, "org.signing_key.rotated")));

async function signWithCurrentKeys(subject: string) {
  const now = t.clock.now();
  const tokenRow = (await currentSigningKey(t.ctx.db.read, org.orgId))!;
  const permitRow = (await currentPermitKey(t.ctx.db.read, org.orgId))!;
  const endUserToken = await new SignJWT({ sub: subject })
    .setProtectedHeader({ alg: "RS256", kid: tokenRow.id })
    .setIssuedAt(now / 1000)
    .setExpirationTime((now + HOUR) / 1000)
    .sign(await openSigningKey(t.ctx, tokenRow));
  const permit = await new SignJWT({ sub: subject, scope: "org.x.read" })
    .setProtectedHeader({ alg: "RS256", kid: permitRow.id, typ: "permit+jwt" })
    .setIssuedAt(now / 1000)
    .setExpirationTime((now + 5 * MINUTE) / 1000)
    .sign(await openPermitKey(t.ctx, permitRow));
  return { endUserToken, permit };
}

const verify = (jwt: string) => verifyWithRemoteJwks(server.url, org.slug, jwt, new Date(t.clock.now()));

describe("signing-key rotation: who", () => {
  test("no session 401, a non-member 404, a member 403 admin_required; nothing rotates", async () => {
    const before = await keyRows();
    expect((await rotate(org.slug, undefined)).status).toBe(401);
    const stranger = await signInAs(t, "stranger@rotate.example");
    expect((await rotate(org.slug, stranger.token)).status).toBe(404);
    const member = await addMember(t, org, "member@rotate.example");
    const r = await rotate(org.slug, member.token);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("admin_required");
    expect(await keyRows()).toEqual(before);
    expect(await rotations()).toHaveLength(0);
  });

  test("bad input: a wrong type names the field, malformed JSON is 400", async () => {
    let r = await rotate(org.slug, admin.token, { retireImmediately: "yes" });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe("retireImmediately");
    r = await t.request("POST", `/api/org/${org.slug}/settings/keys/signing-key/rotate`, { token: admin.token, body: "{nope", headers: { "content-type": "application/json" } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invalid_json");
    expect(await rotations()).toHaveLength(0);
  });

  test("an organization without its Master Seal: 409 ORG_SEAL_REQUIRED", async () => {
    const unsealed = await createOrg(t, "owner@unsealed-rotate.example", "Unsealed Rotate");
    const r = await rotate(unsealed.slug, unsealed.owner.token);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("ORG_SEAL_REQUIRED");
    expect(await keyRows(unsealed.orgId)).toEqual({ token: [], permit: [] });
  });
});

describe("signing-key rotation: what verifies afterwards", () => {
  test("permits of the old key stop verifying at once; end-user tokens of the old key verify until the key retires", async () => {
    const before = await signWithCurrentKeys("before-rotation");
    expect((await verify(before.endUserToken)).sub).toBe("before-rotation");
    expect((await verify(before.permit)).sub).toBe("before-rotation");
    const oldKids = await jwksKids();
    const oldEtag = (await t.request("GET", `/api/public/orgs/${org.slug}/jwks.json`)).headers.get("etag");

    const r = await rotate(org.slug, admin.token);
    expect(r.status).toBe(200);
    const [oldToken, oldPermit] = oldKids;
    expect(r.body.signingKeyId).not.toBe(oldToken);
    expect(r.body.permitKeyId).not.toBe(oldPermit);
    const retireAt = new Date(t.clock.now() + 24 * HOUR + 5 * MINUTE).toISOString();
    expect(r.body.published).toEqual([
      { kid: r.body.signingKeyId, use: "token", createdAt: new Date(t.clock.now()).toISOString(), retireAt: null },
      { kid: r.body.permitKeyId, use: "permit", createdAt: new Date(t.clock.now()).toISOString(), retireAt: null },
      { kid: oldToken, use: "token", createdAt: expect.any(String), retireAt },
    ]);
    // The JWKS changes on the very next request (the cached bytes were dropped).
    const after = await t.request("GET", `/api/public/orgs/${org.slug}/jwks.json`);
    expect(after.headers.get("etag")).not.toBe(oldEtag);
    expect(after.body.keys.map((k: any) => k.kid)).toEqual([r.body.signingKeyId, r.body.permitKeyId, oldToken]);

    await expect(verify(before.permit)).rejects.toThrow();
    expect((await verify(before.endUserToken)).sub).toBe("before-rotation");
    const fresh = await signWithCurrentKeys("after-rotation");
    expect((await verify(fresh.permit)).sub).toBe("after-rotation");
    expect((await verify(fresh.endUserToken)).sub).toBe("after-rotation");

    const [event] = await rotations();
    expect(event).toMatchObject({ actorKind: "user", actorId: admin.userId });
    expect(event!.payload).toEqual({
      previous: { signingKeyId: oldToken, permitKeyId: oldPermit },
      current: { signingKeyId: r.body.signingKeyId, permitKeyId: r.body.permitKeyId },
      previousSigningKeyRetireAt: retireAt,
      retireImmediately: false,
    });
    expect((await t.request("GET", `/api/org/${org.slug}/settings/keys/signing-keys`, { token: org.owner.token })).body).toEqual(r.body);
  });

  test("the Master Seal view names the key the organization signs with now", async () => {
    const seal = await t.request("GET", `/api/org/${org.slug}/master-seal`, { token: org.owner.token });
    expect(seal.status).toBe(200);
    const [sealRow] = await t.ctx.db.read.select().from(orgMasterSeals).where(eq(orgMasterSeals.orgId, org.orgId));
    expect(seal.body.signingKeyId).toBe((await currentSigningKey(t.ctx.db.read, org.orgId))!.id);
    // The org has rotated since the seal, so the seal's own key is no longer the one in use.
    expect(seal.body.signingKeyId).not.toBe(sealRow!.signingKeyId);
  });

  test("the old token key leaves the JWKS when it retires (24 h and 5 min later)", async () => {
    const kids = await jwksKids();
    expect(kids).toHaveLength(3);
    t.clock.advance(24 * HOUR + 5 * MINUTE - 1000);
    expect(await jwksKids()).toHaveLength(3);
    t.clock.advance(1000);
    expect(await jwksKids()).toEqual(kids.slice(0, 2));
  });

  test("retireImmediately takes the previous token key out at once (a compromised key)", async () => {
    const before = await signWithCurrentKeys("compromised");
    const r = await rotate(org.slug, org.owner.token, { retireImmediately: true });
    expect(r.status).toBe(200);
    expect(r.body.published.map((k: any) => k.use)).toEqual(["token", "permit"]);
    await expect(verify(before.endUserToken)).rejects.toThrow();
    await expect(verify(before.permit)).rejects.toThrow();
  });

  test(`at most 5 rotated keys are published: the next rotation is 409 too_many_signing_keys with retryAt, and changes nothing`, async () => {
    for (let i = 0; i < 5; i++) {
      expect((await rotate(org.slug, admin.token)).status).toBe(200);
      t.clock.advance(MINUTE);
    }
    const before = await keyRows();
    const events = (await rotations()).length;
    const r = await rotate(org.slug, admin.token);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("too_many_signing_keys");
    const oldest = new Date(t.clock.now() - 5 * MINUTE + 24 * HOUR + 5 * MINUTE).toISOString();
    expect(r.body.retryAt).toBe(oldest);
    expect(await keyRows()).toEqual(before);
    expect(await rotations()).toHaveLength(events);
    expect(await jwksKids()).toHaveLength(7);
    // An emergency still goes through.
    expect((await rotate(org.slug, org.owner.token, { retireImmediately: true })).status).toBe(200);
  });

  test("every kid is unique across rotations", async () => {
    const { token, permit } = await keyRows();
    const kids = [...token, ...permit].map((k) => k.id);
    expect(new Set(kids).size).toBe(kids.length);
    expect(token.length).toBe(9);
  });
});
