/**
 * The security settings that bind every dashboard request in an organization:
 * session age since sign-in, passkeys for owners and admins, and member e-mail domains.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addMember, createOrg, signInAs, type TestOrg } from "../../support/accounts";
import { registerPasskey } from "../../support/authenticator";
import { DAY } from "../../support/clock";
import { createTestApp, type TestApp } from "../../support/harness";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const SECURITY = { securityMode: "standard", requirePasskeyForAdmins: false, sessionMaxAgeDays: 30, blockExternalSharing: false, allowedEmailDomains: [] as string[] };

async function setSecurity(org: TestOrg, token: string, changes: Partial<typeof SECURITY>) {
  const r = await t.request("PUT", `/api/org/${org.slug}/settings/security`, { token, json: { ...SECURITY, ...changes } });
  expect(r.status).toBe(200);
}

describe("requirePasskeyForAdmins", () => {
  test("owners and admins without a passkey get 403 passkey_required; members do not; a passkey lifts it", async () => {
    const org = await createOrg(t, "owner@pk-policy.example", "PK Policy");
    const admin = await addMember(t, org, "admin@pk-policy.example", "admin");
    const member = await addMember(t, org, "member@pk-policy.example", "member");
    await setSecurity(org, org.owner.token, { requirePasskeyForAdmins: true });
    for (const who of [org.owner, admin]) {
      const r = await t.request("GET", `/api/org/${org.slug}`, { token: who.token });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("passkey_required");
    }
    expect((await t.request("GET", `/api/org/${org.slug}`, { token: member.token })).status).toBe(200);
    await registerPasskey(t, admin);
    expect((await t.request("GET", `/api/org/${org.slug}`, { token: admin.token })).status).toBe(200);
    // The owner is not locked out: registering a passkey is an account route.
    await registerPasskey(t, org.owner);
    expect((await t.request("GET", `/api/org/${org.slug}`, { token: org.owner.token })).status).toBe(200);
  });
});

describe("sessionMaxAgeDays", () => {
  test("a session older than the org's limit since sign-in is refused here (401 session_too_old) but still valid elsewhere", async () => {
    const org = await createOrg(t, "owner@age-policy.example", "Age Policy");
    const other = await createOrg(t, "owner@age-policy.example", "Age Other");
    await setSecurity(org, org.owner.token, { sessionMaxAgeDays: 1 });
    t.clock.advance(DAY - 60_000);
    expect((await t.request("GET", `/api/org/${org.slug}`, { token: org.owner.token })).status).toBe(200);
    t.clock.advance(2 * 60_000);
    const r = await t.request("GET", `/api/org/${org.slug}`, { token: org.owner.token });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ error: "session_too_old", maxAgeDays: 1 });
    expect((await t.request("GET", `/api/org/${other.slug}`, { token: org.owner.token })).status).toBe(200);
    const fresh = await signInAs(t, "owner@age-policy.example");
    expect((await t.request("GET", `/api/org/${org.slug}`, { token: fresh.token })).status).toBe(200);
  });
});

describe("allowedEmailDomains", () => {
  test("invitations outside the allowed domains are refused, and a pending one cannot be accepted after the org narrows them", async () => {
    const org = await createOrg(t, "owner@acme-dom.example", "Domain Policy");
    const early = await t.request("POST", `/api/org/${org.slug}/invitations`, { token: org.owner.token, json: { email: "early@elsewhere.example", role: "member" } });
    expect(early.status).toBe(201);
    await setSecurity(org, org.owner.token, { allowedEmailDomains: ["acme-dom.example"] });
    const outside = await t.request("POST", `/api/org/${org.slug}/invitations`, { token: org.owner.token, json: { email: "x@elsewhere.example", role: "member" } });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ error: "email_domain_not_allowed", field: "email", allowedEmailDomains: ["acme-dom.example"] });
    const inside = await t.request("POST", `/api/org/${org.slug}/invitations`, { token: org.owner.token, json: { email: "x@acme-dom.example", role: "member" } });
    expect(inside.status).toBe(201);
    const invitee = await signInAs(t, "early@elsewhere.example");
    const accept = await t.request("POST", `/api/public/invitations/${early.body.code}/accept`, { token: invitee.token });
    expect(accept.status).toBe(400);
    expect(accept.body.error).toBe("email_domain_not_allowed");
    expect((await t.request("GET", `/api/org/${org.slug}`, { token: invitee.token })).status).toBe(404);
  });
});
