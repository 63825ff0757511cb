/**
 * Sealed baselines (docs/audit.md §Integrity): roles and permission assignments, API
 * keys, security settings and signing keys are sealed by the events that change them;
 * a direct database change shows as a violation; restore puts the record back, resolve
 * accepts it as a false positive; both are audited, and the chain stays intact.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { auditBaselines, auditEvents } from "../../../../src/platform/audit/schema";
import { memberships, orgRoles } from "../../../../src/modules/orgs/schema";
import { orgSigningKeys } from "../../../../src/modules/trust/keys/schema";
import { apiKeys } from "../../../../src/modules/access/machine/schema";
import { recordHash } from "../../../../src/platform/crypto/canonical-json";
import { verifyChain } from "../../../../src/modules/trust/audit/verify";
import { addMember, createOrg, signInAs, type TestOrg } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { eventsOf, q, sealOrg, tamper } from "./support";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

let orgCount = 0;
async function freshOrg(): Promise<TestOrg> {
  const org = await createOrg(t, `owner${++orgCount}@integrity.example`, `Integrity ${orgCount}`, { plan: "pro" });
  await sealOrg(t, org.orgId);
  return org;
}

const scan = (org: TestOrg, token = org.owner.token) => t.request("POST", `/api/v1/admin/integrity/scan?org=${org.slug}`, { token });
const restore = (org: TestOrg, type: string, id: string, token = org.owner.token) =>
  t.request("POST", `/api/v1/admin/integrity/restore/${type}/${encodeURIComponent(id)}?org=${org.slug}`, { token });
const resolve = (org: TestOrg, type: string, id: string, token = org.owner.token) =>
  t.request("POST", `/api/v1/admin/integrity/resolve/${type}/${encodeURIComponent(id)}?org=${org.slug}`, { token });
const openViolations = async (org: TestOrg) => (await t.request("GET", `/api/v1/admin/integrity/violations?org=${org.slug}&status=open`, { token: org.owner.token })).body;

async function createRole(org: TestOrg, key: string, scopes: string[]) {
  const r = await t.request("POST", `/api/org/${org.slug}/roles`, { token: org.owner.token, json: { key, name: key, scopes } });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

describe("baselines are sealed by the events that change sealed records", () => {
  test("a new organization's memberships and signing keys, a role, an API key and security settings all carry sealed baselines; the scan finds nothing", async () => {
    const org = await freshOrg();
    const roleId = await createRole(org, "auditor", ["org.member.list"]);
    const key = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { name: "ci", scopes: ["org.member.list"] } });
    expect(key.status).toBe(201);
    const settings = await t.request("PUT", `/api/org/${org.slug}/settings/security`, {
      token: org.owner.token,
      json: { securityMode: "elevated", requirePasskeyForAdmins: false, sessionMaxAgeDays: 14, blockExternalSharing: false, allowedEmailDomains: [] },
    });
    expect(settings.status).toBe(200);
    const baselines = await t.ctx.db.read.select().from(auditBaselines).where(eq(auditBaselines.orgId, org.orgId));
    expect(baselines.map((b) => `${b.entityType}:${b.entityId}`).sort()).toEqual(
      [`api_key:${key.body.id}`, `member_role:${org.owner.userId}`, `role:${roleId}`, `security_settings:${org.orgId}`, `signing_keys:${org.orgId}`].sort(),
    );
    // Each baseline's hash is in the record of the event that set it, so the chain seals it.
    for (const b of baselines) {
      const [event] = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.id, b.eventId));
      expect(event!.baselines).toContainEqual({ entityType: b.entityType, entityId: b.entityId, stateHash: b.stateHash });
      expect(b.stateHash).toBe(recordHash(b.state));
    }
    const r = await scan(org);
    expect(r.status).toBe(200);
    expect(r.body.records).toEqual({ checked: 5, findings: [], newViolations: 0 });
    expect(r.body.chain.intact).toBe(true);
  });
});

describe("a role changed behind the application's back", () => {
  test("is found, restored to its sealed scopes, and the restore is audited", async () => {
    const org = await freshOrg();
    const roleId = await createRole(org, "viewer", ["org.member.list"]);
    await tamper(t, `UPDATE org_roles SET scopes = '["org.*"]' WHERE id = ${q(roleId)}`);
    const found = await scan(org);
    expect(found.body.records.findings).toEqual([expect.objectContaining({ entityType: "role", entityId: roleId, reason: "record_altered" })]);
    expect(found.body.records.newViolations).toBe(1);
    const [violation] = await openViolations(org);
    expect(violation).toMatchObject({ entityType: "role", entityId: roleId, reason: "record_altered", status: "open", detectedBy: "scan" });

    const r = await restore(org, "role", roleId);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ entityType: "role", entityId: roleId, closedViolations: [violation.id] });
    const [role] = await t.ctx.db.read.select().from(orgRoles).where(eq(orgRoles.id, roleId));
    expect(role!.scopes).toEqual(["org.member.list"]);
    expect(await openViolations(org)).toEqual([]);
    const [event] = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.id, r.body.logId));
    expect(event).toMatchObject({ type: "integrity.record_restored", actorId: org.owner.userId });
    expect(event!.payload).toMatchObject({ entityType: "role", entityId: roleId, violationIds: [violation.id] });
    expect((await scan(org)).body.records.findings).toEqual([]);
    expect((await verifyChain(t.ctx.db.read, org.orgId)).intact).toBe(true);
    const all = (await t.request("GET", `/api/v1/admin/integrity/violations?org=${org.slug}`, { token: org.owner.token })).body;
    expect(all[0]).toMatchObject({ id: violation.id, status: "restored", closedBy: org.owner.userId });
  });

  test("restoring again is 409 already_at_baseline; a deleted role comes back", async () => {
    const org = await freshOrg();
    const roleId = await createRole(org, "gone", ["org.member.list"]);
    expect((await restore(org, "role", roleId)).body).toMatchObject({ error: "already_at_baseline" });
    await tamper(t, `DELETE FROM org_roles WHERE id = ${q(roleId)}`);
    expect((await scan(org)).body.records.findings).toEqual([expect.objectContaining({ reason: "record_deleted", entityId: roleId })]);
    expect((await restore(org, "role", roleId)).status).toBe(200);
    const [role] = await t.ctx.db.read.select().from(orgRoles).where(eq(orgRoles.id, roleId));
    expect(role).toMatchObject({ key: "gone", scopes: ["org.member.list"] });
  });

  test("resolve accepts the live state as a false positive and seals it as the new baseline", async () => {
    const org = await freshOrg();
    const roleId = await createRole(org, "renamed", ["org.member.list"]);
    await tamper(t, `UPDATE org_roles SET name = 'Renamed by the DBA' WHERE id = ${q(roleId)}`);
    await scan(org);
    const r = await resolve(org, "role", roleId);
    expect(r.status).toBe(200);
    expect(r.body.resolvedViolations).toHaveLength(1);
    const [role] = await t.ctx.db.read.select().from(orgRoles).where(eq(orgRoles.id, roleId));
    expect(r.body.acceptedStateHash).toBe(recordHash(JSON.parse(JSON.stringify(role))));
    expect((await scan(org)).body.records).toMatchObject({ findings: [], newViolations: 0 });
    const [event] = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.id, r.body.logId));
    expect(event!.type).toBe("integrity.violation_resolved");
    expect(event!.baselines).toEqual([{ entityType: "role", entityId: roleId, stateHash: r.body.acceptedStateHash }]);
    expect((await resolve(org, "role", roleId)).body).toMatchObject({ error: "no_open_violation" });
  });
});

describe("other sealed records", () => {
  test("a membership slipped into the table is unsealed_record; restore deletes it", async () => {
    const org = await freshOrg();
    const intruder = await signInAs(t, "intruder@integrity.example");
    await tamper(t, `INSERT INTO memberships (id, org_id, user_id, role, created_at) VALUES ('m-rogue', ${q(org.orgId)}, ${q(intruder.userId)}, 'admin', 0)`);
    const found = await scan(org);
    expect(found.body.records.findings).toEqual([expect.objectContaining({ entityType: "member_role", entityId: intruder.userId, reason: "unsealed_record" })]);
    expect((await restore(org, "member_role", intruder.userId)).status).toBe(200);
    expect(await t.ctx.db.read.select().from(memberships).where(and(eq(memberships.orgId, org.orgId), eq(memberships.userId, intruder.userId)))).toEqual([]);
  });

  test("a member's role raised in the table goes back to the sealed role", async () => {
    const org = await freshOrg();
    const member = await addMember(t, org, "member@integrity.example");
    await tamper(t, `UPDATE memberships SET role = 'admin' WHERE user_id = ${q(member.userId)} AND org_id = ${q(org.orgId)}`);
    expect((await scan(org)).body.records.findings).toEqual([expect.objectContaining({ entityType: "member_role", entityId: member.userId, reason: "record_altered" })]);
    await restore(org, "member_role", member.userId);
    const [row] = await t.ctx.db.read.select().from(memberships).where(and(eq(memberships.orgId, org.orgId), eq(memberships.userId, member.userId)));
    expect(row!.role).toBe("member");
  });

  test("an API key un-revoked in the table is found and revoked again by restore", async () => {
    const org = await freshOrg();
    const key = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { name: "old", scopes: ["org.member.list"] } });
    expect((await t.request("DELETE", `/api/org/${org.slug}/settings/keys/api-keys/${key.body.id}`, { token: org.owner.token })).status).toBe(200);
    await tamper(t, `UPDATE api_keys SET revoked_at = NULL, revocation_marker_until = NULL WHERE id = ${q(key.body.id)}`);
    expect((await scan(org)).body.records.findings).toEqual([expect.objectContaining({ entityType: "api_key", entityId: key.body.id, reason: "record_altered" })]);
    await restore(org, "api_key", key.body.id);
    const [row] = await t.ctx.db.read.select().from(apiKeys).where(eq(apiKeys.id, key.body.id));
    expect(row!.revokedAt).not.toBeNull();
  });

  test("a signing key slipped in beside the sealed ones is found; restore removes it", async () => {
    const org = await freshOrg();
    const [real] = await t.ctx.db.read.select().from(orgSigningKeys).where(and(eq(orgSigningKeys.orgId, org.orgId), eq(orgSigningKeys.use, "token")));
    await tamper(t, `INSERT INTO org_signing_keys (id, org_id, alg, public_jwk, private_jwk_sealed, created_at) VALUES ('rogue-kid', ${q(org.orgId)}, 'RS256', '{"kty":"RSA"}', 'x', 0)`);
    expect((await scan(org)).body.records.findings).toEqual([expect.objectContaining({ entityType: "signing_keys", entityId: org.orgId, reason: "record_altered" })]);
    await restore(org, "signing_keys", org.orgId);
    const keys = await t.ctx.db.read.select().from(orgSigningKeys).where(and(eq(orgSigningKeys.orgId, org.orgId), eq(orgSigningKeys.use, "token")));
    expect(keys.map((k) => k.id)).toEqual([real!.id]);
  });

  test("security settings edited in the table go back to the sealed document", async () => {
    const org = await freshOrg();
    const doc = { securityMode: "strict", requirePasskeyForAdmins: false, sessionMaxAgeDays: 7, blockExternalSharing: false, allowedEmailDomains: ["acme.example"] };
    expect((await t.request("PUT", `/api/org/${org.slug}/settings/security`, { token: org.owner.token, json: doc })).status).toBe(200);
    await tamper(t, `UPDATE org_settings SET value = '${JSON.stringify({ ...doc, securityMode: "standard", allowedEmailDomains: [] })}' WHERE org_id = ${q(org.orgId)} AND section = 'security'`);
    expect((await scan(org)).body.records.findings).toEqual([expect.objectContaining({ entityType: "security_settings", entityId: org.orgId })]);
    await restore(org, "security_settings", org.orgId);
    const r = await t.request("GET", `/api/org/${org.slug}/settings`, { token: org.owner.token });
    expect(r.body.security).toEqual(doc);
  });

  test("the organization's session policy binds /api/v1/admin too (requirePasskeyForAdmins)", async () => {
    const org = await freshOrg();
    const doc = { securityMode: "standard", requirePasskeyForAdmins: true, sessionMaxAgeDays: 30, blockExternalSharing: false, allowedEmailDomains: [] };
    expect((await t.request("PUT", `/api/org/${org.slug}/settings/security`, { token: org.owner.token, json: doc })).status).toBe(200);
    const r = await scan(org);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("passkey_required");
  });

  test("a baseline forged to match a tampered row is baseline_tampered, and cannot be restored from", async () => {
    const org = await freshOrg();
    const roleId = await createRole(org, "forged", ["org.member.list"]);
    await tamper(t, `UPDATE org_roles SET scopes = '["org.*"]' WHERE id = ${q(roleId)}`);
    const [role] = await t.ctx.db.read.select().from(orgRoles).where(eq(orgRoles.id, roleId));
    const forged = JSON.parse(JSON.stringify(role));
    await tamper(t, `UPDATE audit_baselines SET state = '${JSON.stringify(forged)}', state_hash = ${q(recordHash(forged))} WHERE entity_id = ${q(roleId)}`);
    expect((await scan(org)).body.records.findings).toEqual([expect.objectContaining({ entityType: "role", entityId: roleId, reason: "baseline_tampered" })]);
    expect((await restore(org, "role", roleId)).body).toMatchObject({ error: "baseline_untrusted" });
  });
});

describe("restore and resolve refusals", () => {
  test("chain entries are resolved, never restored; unknown types are 400; other orgs' records 404; members 403", async () => {
    const org = await freshOrg();
    const rows = await eventsOf(t, org.orgId);
    await tamper(t, `UPDATE audit_events SET payload = '{}' WHERE id = ${q(rows[0]!.id)}`);
    await t.request("GET", `/api/v1/admin/audit/verify?org=${org.slug}`, { token: org.owner.token });
    const refused = await restore(org, "audit_event", rows[0]!.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("not_restorable");
    const resolved = await resolve(org, "audit_event", rows[0]!.id);
    expect(resolved.status).toBe(200);
    expect(resolved.body.acceptedStateHash).toBeNull();
    // Resolving does not repair the chain, and the same finding is not reopened.
    const again = await t.request("GET", `/api/v1/admin/audit/verify?org=${org.slug}`, { token: org.owner.token });
    expect(again.body).toMatchObject({ intact: false, newViolations: 0 });
    expect(await openViolations(org)).toEqual([]);

    const unknown = await restore(org, "spaceship", "x");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: "unknown_entity_type", field: "entityType" });
    expect((await resolve(org, "spaceship", "x")).status).toBe(400);

    const other = await freshOrg();
    const foreignRole = await createRole(other, "theirs", ["org.member.list"]);
    expect((await restore(org, "role", foreignRole)).status).toBe(404);
    expect((await resolve(org, "role", foreignRole)).body.error).toBe("no_open_violation");

    const member = await addMember(t, org, "member2@integrity.example");
    expect((await restore(org, "role", foreignRole, member.token)).body.error).toBe("admin_required");
    expect((await resolve(org, "role", foreignRole, member.token)).status).toBe(403);
    expect((await scan(org, member.token)).status).toBe(403);
    expect((await t.request("GET", `/api/v1/admin/integrity/violations?org=${org.slug}&status=weird`, { token: org.owner.token })).status).toBe(400);
  });
});
