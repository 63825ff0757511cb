/**
 * The owner's Org Master Seal ceremony over HTTP, with a real authenticator emulator:
 * who may do it, every seal refusal, one seal only, and `ready`.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { auditEvents } from "../../../../src/platform/audit/schema";
import { orgMasterSeals } from "../../../../src/modules/orgs/schema";
import { orgSigningKeys } from "../../../../src/modules/trust/keys/schema";
import { recordHash } from "../../../../src/platform/crypto/canonical-json";
import { addMember, createOrg, signInAs, type TestOrg } from "../../../support/accounts";
import { registerPasskey, sealAssertion, type Authenticator } from "../../../support/authenticator";
import { createTestApp, type TestApp } from "../../../support/harness";

let t: TestApp;
let org: TestOrg;
let ownerKey: Authenticator;
beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "owner@ceremony.example", "Ceremony Co");
});
afterAll(() => t.close());

const PURPOSE = "org.master_seal.create";
const status = (token: string) => t.request("GET", `/api/org/${org.slug}/master-seal`, { token });
const seal = (token: string, json: unknown) => t.request("POST", `/api/org/${org.slug}/master-seal`, { token, json });
const sealRows = () => t.ctx.db.read.select().from(orgMasterSeals).where(eq(orgMasterSeals.orgId, org.orgId));

describe("Org Master Seal", () => {
  test("a new organization has none and is not ready; both steps are missing", async () => {
    const r = await status(org.owner.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      exists: false,
      method: null,
      createdAt: null,
      signingKeyId: null,
      readiness: { ready: false, missing: ["owner_personal_seal", "org_master_seal"] },
    });
  });

  test("without an assertion: 403 step_up_required, nothing created", async () => {
    ownerKey = await registerPasskey(t, org.owner);
    for (const body of [{}, { assertionResponseJson: "" }, undefined]) {
      const r = await seal(org.owner.token, body);
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("step_up_required");
    }
    expect(await sealRows()).toHaveLength(0);
  });

  test("an assertion for another purpose or subject: 403 step_up_failed, nothing created", async () => {
    const wrongPurpose = await sealAssertion(t, org.owner, ownerKey, "api_key.long_lifetime", org.slug);
    let r = await seal(org.owner.token, { assertionResponseJson: wrongPurpose });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("step_up_failed");
    const wrongSubject = await sealAssertion(t, org.owner, ownerKey, PURPOSE, "another-org");
    r = await seal(org.owner.token, { assertionResponseJson: JSON.stringify(wrongSubject) });
    expect(r.body.error).toBe("step_up_failed");
    expect(await sealRows()).toHaveLength(0);
    expect(await t.ctx.db.read.select().from(orgSigningKeys).where(and(eq(orgSigningKeys.orgId, org.orgId), eq(orgSigningKeys.use, "token")))).toHaveLength(0);
  });

  test("an admin with a valid seal of their own is refused: the owner makes it (403 owner_required)", async () => {
    const admin = await addMember(t, org, "admin@ceremony.example", "admin");
    const adminKey = await registerPasskey(t, admin);
    const assertion = await sealAssertion(t, admin, adminKey, PURPOSE, org.slug);
    const r = await seal(admin.token, { assertionResponseJson: assertion });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("owner_required");
    expect(await sealRows()).toHaveLength(0);
  });

  test("a non-member gets 404, as for an unknown slug", async () => {
    const stranger = await signInAs(t, "stranger@elsewhere.example");
    const r = await seal(stranger.token, {});
    expect(r.status).toBe(404);
    expect((await t.request("POST", "/api/org/no-such-org/master-seal", { token: stranger.token, json: {} })).body).toEqual(r.body);
    expect((await t.request("GET", `/api/org/${org.slug}/master-seal`)).status).toBe(401);
  });

  test("the owner's seal creates it with a signing key; the org becomes ready; audited", async () => {
    const assertion = await sealAssertion(t, org.owner, ownerKey, PURPOSE, org.slug);
    const r = await seal(org.owner.token, { SealAssertionJson: assertion });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ exists: true, method: "passkey", readiness: { ready: true, missing: [] } });
    const [row] = await sealRows();
    expect(row).toMatchObject({ method: "passkey", createdBy: org.owner.userId, credentialId: ownerKey.credentialId, signingKeyId: r.body.signingKeyId });
    const { recordHash: stored, ...sealed } = row!;
    expect(stored).toBe(recordHash(sealed));
    const [key] = await t.ctx.db.read.select().from(orgSigningKeys).where(and(eq(orgSigningKeys.orgId, org.orgId), eq(orgSigningKeys.use, "token")));
    expect(key!.id).toBe(r.body.signingKeyId);
    const events = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, org.orgId));
    expect(events.filter((e) => e.type === "org.master_seal.created")).toHaveLength(1);
    expect((await status(org.owner.token)).body).toEqual(r.body);
  });

  test("the same assertion cannot be replayed, and a second seal is refused (409 master_seal_exists)", async () => {
    const again = await sealAssertion(t, org.owner, ownerKey, PURPOSE, org.slug);
    const r = await seal(org.owner.token, { assertionResponseJson: again });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("master_seal_exists");
    expect(await sealRows()).toHaveLength(1);
  });

  test("wrong types are a 400 naming the field", async () => {
    const r = await seal(org.owner.token, { assertionResponseJson: 42 });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe("assertionResponseJson");
  });
});
