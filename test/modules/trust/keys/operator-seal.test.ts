/**
 * The operator's Org Master Seal (admin bootstrap), the signing key it creates
 * (encrypted at rest, usable for RS256), `ready`, and owner-status.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { importJWK, jwtVerify, SignJWT } from "jose";
import { auditEvents } from "../../../../src/platform/audit/schema";
import { passkeys } from "../../../../src/modules/identity/schema";
import { orgMasterSeals } from "../../../../src/modules/orgs/schema";
import { orgSigningKeys } from "../../../../src/modules/trust/keys/schema";
import { ensureOperatorMasterSeal } from "../../../../src/modules/trust/keys/master-seal";
import { currentSigningKey, openSigningKey } from "../../../../src/modules/trust/keys/signing-keys";
import { ownerStatus } from "../../../../src/modules/orgs/owner-status";
import { readinessOf } from "../../../../src/modules/orgs/readiness";
import { recordHash } from "../../../../src/platform/crypto/canonical-json";
import { envFor, runCli } from "../../../support/cli";
import { createOrg, signInAs } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

describe("admin bootstrap creates the Org Master Seal", () => {
  let orgId: string;
  let userId: string;

  test("one seal, by the operator, with one RS256 signing key; audited", async () => {
    const r = await runCli(["admin", "bootstrap", "--email", "op@seal.example", "--org", "Sealed Co"], envFor(t));
    expect(r.code).toBe(0);
    ({ orgId, userId } = JSON.parse(r.stdout));
    const seals = await t.ctx.db.read.select().from(orgMasterSeals).where(eq(orgMasterSeals.orgId, orgId));
    expect(seals).toHaveLength(1);
    expect(seals[0]).toMatchObject({ method: "operator", createdBy: null, credentialId: null });
    const { recordHash: stored, ...sealed } = seals[0]!;
    expect(stored).toBe(recordHash(sealed));
    const keys = await t.ctx.db.read.select().from(orgSigningKeys).where(and(eq(orgSigningKeys.orgId, orgId), eq(orgSigningKeys.use, "token")));
    expect(keys).toHaveLength(1);
    expect(keys[0]!.id).toBe(seals[0]!.signingKeyId);
    expect(keys[0]!.publicJwk).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", kid: keys[0]!.id });
    expect(keys[0]!.publicJwk).not.toHaveProperty("d");
    const types = (await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, orgId))).map((e) => e.type);
    expect(types).toContain("org.master_seal.created");
  });

  test("the private key is encrypted at rest and signs tokens the public JWK verifies", async () => {
    const row = (await currentSigningKey(t.ctx.db.read, orgId))!;
    expect(row.privateJwkSealed.startsWith("v1.")).toBe(true);
    expect(row.privateJwkSealed).not.toContain('"d"');
    const key = await openSigningKey(t.ctx, row);
    const jwt = await new SignJWT({ sub: "x" }).setProtectedHeader({ alg: "RS256", kid: row.id }).sign(key);
    const { payload } = await jwtVerify(jwt, await importJWK(row.publicJwk as any, "RS256"));
    expect(payload.sub).toBe("x");
    // The sealed value is bound to its kid: moved to another row it does not open.
    await expect(openSigningKey(t.ctx, { ...row, id: "another-kid" })).rejects.toThrow();
  });

  test("re-running bootstrap keeps the one seal and key", async () => {
    const r = await runCli(["admin", "bootstrap", "--email", "op@seal.example", "--org", "Sealed Co"], envFor(t));
    expect(r.code).toBe(0);
    expect(await t.ctx.db.read.select().from(orgMasterSeals).where(eq(orgMasterSeals.orgId, orgId))).toHaveLength(1);
    expect(await t.ctx.db.read.select().from(orgSigningKeys).where(and(eq(orgSigningKeys.orgId, orgId), eq(orgSigningKeys.use, "token")))).toHaveLength(1);
    expect(await ensureOperatorMasterSeal(t.ctx, orgId)).toBe(false);
  });

  test("ready stays false until the owner registers a Personal Seal", async () => {
    expect(await readinessOf(t.ctx.db.read, { id: orgId, ownerUserId: userId })).toEqual({ ready: false, missing: ["owner_personal_seal"] });
    await t.ctx.db.write((tx) =>
      tx.insert(passkeys).values({
        id: "cred-1",
        userId,
        publicKey: "pk",
        counter: 0,
        transports: [],
        deviceType: "singleDevice",
        backedUp: false,
        name: "test",
        createdAt: t.clock.now(),
      }),
    );
    expect(await readinessOf(t.ctx.db.read, { id: orgId, ownerUserId: userId })).toEqual({ ready: true, missing: [] });
  });

  test("parallel operator seals create exactly one", async () => {
    const org = await createOrg(t, "race@seal.example", "Race Co");
    const results = await Promise.all(Array.from({ length: 4 }, () => ensureOperatorMasterSeal(t.ctx, org.orgId)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await t.ctx.db.read.select().from(orgSigningKeys).where(and(eq(orgSigningKeys.orgId, org.orgId), eq(orgSigningKeys.use, "token")))).toHaveLength(1);
  });
});

describe("owner-status (2.1)", () => {
  test("no account: no_owner_account with no orgs", async () => {
    expect(await ownerStatus(t.ctx.db.read, "nobody@nowhere.example")).toEqual({ state: "no_owner_account", orgs: [] });
  });

  test("an account: the organizations it owns with their ready flag, not those it only belongs to", async () => {
    const a = await createOrg(t, "Owner@Status.example", "Status One");
    t.clock.advance(1000);
    const b = await createOrg(t, "owner@status.example", "Status Two");
    await createOrg(t, "other@status.example", "Not Mine");
    const status = await ownerStatus(t.ctx.db.read, "OWNER@status.example");
    expect(status.state).toBe("owner_account_exists");
    expect(status.orgs).toEqual([
      { id: a.orgId, name: "Status One", slug: a.slug, ready: false },
      { id: b.orgId, name: "Status Two", slug: b.slug, ready: false },
    ]);
  });

  test("an account that owns nothing still exists", async () => {
    await createOrg(t, "owner2@status.example", "Two");
    await signInAs(t, "member-only@status.example");
    expect(await ownerStatus(t.ctx.db.read, "member-only@status.example")).toEqual({ state: "owner_account_exists", orgs: [] });
  });
});
