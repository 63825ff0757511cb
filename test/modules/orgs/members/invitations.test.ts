/**
 * Invitations: issue (mailed after commit, code stored as SHA-256), list, revoke,
 * re-issue, the public read of a code (masked e-mail, status, per-IP rate limit) and
 * acceptance with every refusal.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { sha256Hex } from "../../../../src/platform/crypto/hash";
import { connectedIds, invitations, memberships } from "../../../../src/modules/orgs/schema";
import { SendFailedError } from "../../../../src/platform/outbound/errors";
import { addMember, createOrg, signInAs } from "../../../support/accounts";
import { DAY, MINUTE } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { auditTypes, createRole, invitationCodeMailedTo, lastAudit, mailTo, orgState, orgWithStaff, type Staff } from "./fixtures";

let t: TestApp;
let acme: Staff;
let beta: Staff;
beforeAll(async () => {
  t = await createTestApp({ env: { SIGNET_DASHBOARD_BASE: "https://dash.signet.example" } });
  acme = await orgWithStaff(t, "Acme");
  beta = await orgWithStaff(t, "Beta");
});
afterAll(() => t.close());

const invites = (s: Staff) => `/api/org/${s.org.slug}/invitations`;

async function invite(s: Staff, email: string, role = "member", by = s.owner) {
  const r = await t.request("POST", invites(s), { token: by.token, json: { email, role } });
  if (r.status !== 201) throw new Error(`invite ${email}: ${r.status} ${r.text}`);
  return r.body as { id: string; code: string; url: string; email: string; role: string; expiresAt: string };
}

describe("POST /invitations", () => {
  test("issues a 7-day invitation, mails the link after commit and keeps only the code's SHA-256", async () => {
    const r = await t.request("POST", invites(acme), { token: acme.admin.token, json: { email: " New.Person@Example.COM ", role: "member" } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ email: "new.person@example.com", role: "member", roleName: "Member", status: "pending", emailSent: true });
    expect(r.body.expiresAt).toBe(new Date(t.clock.now() + 7 * DAY).toISOString());
    expect(r.body.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.body.url).toBe(`https://dash.signet.example/invite/${r.body.code}`);

    const mails = await mailTo(t, "new.person@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links).toContain(r.body.url);
    expect(mails[0]!.text).toContain("Acme");

    const [row] = await t.ctx.db.read.select().from(invitations).where(eq(invitations.id, r.body.id));
    expect(row!.codeHash).toBe(sha256Hex(r.body.code));
    expect(JSON.stringify(row)).not.toContain(r.body.code);
    const event = await lastAudit(t, acme.org.orgId);
    expect(event).toMatchObject({ type: "org.invitation.created", actorId: acme.admin.userId });
    expect(event.payload).toMatchObject({ invitationId: r.body.id, email: "new.person@example.com", role: "member" });
    expect(JSON.stringify(event.payload)).not.toContain(r.body.code);
  });

  test("inviting the same address again re-issues: the earlier code is revoked", async () => {
    const first = await invite(acme, "twice@example.com");
    t.clock.advance(MINUTE);
    const second = await invite(acme, "TWICE@example.com", "org_director");
    expect(second.id).not.toBe(first.id);
    expect((await auditTypes(t, acme.org.orgId)).slice(-2)).toEqual(["org.invitation.revoked", "org.invitation.created"]);
    const old = await t.request("GET", `/api/public/invitations/${first.code}`);
    expect(old.body.status).toBe("revoked");
    const list = await t.request("GET", invites(acme), { token: acme.owner.token });
    expect(list.body.filter((i: any) => i.email === "twice@example.com").map((i: any) => i.id)).toEqual([second.id]);
    expect(await invitationCodeMailedTo(t, "twice@example.com")).toBe(second.code);
  });

  test("an existing member is 409 already_member, whatever the case of the address", async () => {
    const before = await orgState(t, acme.org.orgId);
    const r = await t.request("POST", invites(acme), { token: acme.owner.token, json: { email: "MEMBER@acme.example", role: "member" } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "already_member", field: "email" });
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
  });

  test("nobody is invited as owner; only the owner invites an admin", async () => {
    const before = await orgState(t, acme.org.orgId);
    let r = await t.request("POST", invites(acme), { token: acme.owner.token, json: { email: "boss@example.com", role: "owner" } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_role", field: "role" });
    r = await t.request("POST", invites(acme), { token: acme.admin.token, json: { email: "boss@example.com", role: "admin" } });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("owner_required");
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
    expect(await mailTo(t, "boss@example.com")).toHaveLength(0);
    expect((await invite(acme, "boss@example.com", "admin")).role).toBe("admin");
  });

  test("members and directors cannot invite; a custom role with org.member.invite can, within its own scopes", async () => {
    const before = await orgState(t, acme.org.orgId);
    for (const who of [acme.member, acme.director]) {
      const r = await t.request("POST", invites(acme), { token: who.token, json: { email: "x@example.com", role: "member" } });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ error: "PERMISSION_DENIED", scope: "org.member.invite" });
    }
    expect(await orgState(t, acme.org.orgId)).toEqual(before);

    const guest = await createRole(t, acme.org, "guest", ["org.member.list"]);
    const recruiter = await createRole(t, acme.org, "recruiter", ["org.member.invite", "org.member.list"]);
    const idle = await createRole(t, acme.org, "idle", ["org.member.list"]);
    const rec = await addMember(t, acme.org, "recruiter@acme.example", recruiter);
    const idler = await addMember(t, acme.org, "idle@acme.example", idle);

    let r = await t.request("POST", invites(acme), { token: rec.token, json: { email: "guest@example.com", role: guest } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ role: guest, roleName: "Role guest" });
    // Member's scopes (own files, own audit events) are not all the recruiter's: refused.
    r = await t.request("POST", invites(acme), { token: rec.token, json: { email: "guest2@example.com", role: "member" } });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: "scopes_not_held", field: "role" });
    r = await t.request("POST", invites(acme), { token: idler.token, json: { email: "guest3@example.com", role: guest } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: "PERMISSION_DENIED", scope: "org.member.invite" });
  });

  test("another organization's custom role id is refused as unknown", async () => {
    const theirs = await createRole(t, beta.org, "outsider", ["org.member.list"]);
    const r = await t.request("POST", invites(acme), { token: acme.owner.token, json: { email: "o@example.com", role: theirs } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_role", field: "role" });
  });

  test("bad bodies are 400 naming the field and write nothing", async () => {
    const before = await orgState(t, acme.org.orgId);
    const cases: Array<[unknown, string]> = [
      [{ email: "not-an-email", role: "member" }, "email"],
      [{ email: `${"a".repeat(250)}@example.com`, role: "member" }, "email"],
      [{ email: 12, role: "member" }, "email"],
      [{ role: "member" }, "email"],
      [{ email: "a@example.com" }, "role"],
      [{ email: "a@example.com", role: ["member"] }, "role"],
    ];
    for (const [json, field] of cases) {
      const r = await t.request("POST", invites(acme), { token: acme.owner.token, json });
      expect(r.status).toBe(400);
      expect(r.body.field).toBe(field);
    }
    const r = await t.request("POST", invites(acme), { token: acme.owner.token, body: '{"email":', headers: { "content-type": "application/json" } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invalid_json");
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
  });
});

describe("when the mail server refuses", () => {
  test("the invitation stands, emailSent is false and the inviter holds the code to pass on", async () => {
    const refusing = await createTestApp({
      mail: {
        send: async () => {
          throw new SendFailedError("mail", "outbox-row", "550 mailbox unavailable");
        },
      },
    });
    try {
      const org = await createOrg(refusing, "owner@refused.example", "Refused");
      const r = await refusing.request("POST", `/api/org/${org.slug}/invitations`, { token: org.owner.token, json: { email: "x@example.com", role: "member" } });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ emailSent: false, status: "pending" });
      expect((await refusing.request("GET", `/api/public/invitations/${r.body.code}`)).body.status).toBe("pending");
    } finally {
      await refusing.close();
    }
  });
});

describe("GET and DELETE /invitations", () => {
  test("lists pending invitations only, for those who may invite", async () => {
    const pending = await invite(acme, "pending@example.com");
    const revoked = await invite(acme, "to-revoke@example.com");
    await t.request("DELETE", `${invites(acme)}/${revoked.id}`, { token: acme.owner.token });
    const r = await t.request("GET", invites(acme), { token: acme.admin.token });
    expect(r.status).toBe(200);
    const mine = r.body.find((i: any) => i.id === pending.id);
    expect(mine).toMatchObject({ email: "pending@example.com", role: "member", status: "pending", invitedBy: acme.owner.userId });
    expect(mine.code).toBeUndefined();
    expect(r.body.find((i: any) => i.id === revoked.id)).toBeUndefined();
    expect((await t.request("GET", invites(acme), { token: acme.member.token })).status).toBe(403);
    const theirs = await t.request("GET", invites(beta), { token: beta.owner.token });
    expect(theirs.body.find((i: any) => i.id === pending.id)).toBeUndefined();
  });

  test("revoking: 200 and org.invitation.revoked; again 409; unknown or another org's id 404; members 403", async () => {
    const inv = await invite(acme, "revoke-me@example.com");
    expect((await t.request("DELETE", `${invites(acme)}/${inv.id}`, { token: acme.member.token })).status).toBe(403);
    expect((await t.request("DELETE", `${invites(beta)}/${inv.id}`, { token: beta.owner.token })).status).toBe(404);
    expect((await t.request("DELETE", `${invites(acme)}/not-an-id`, { token: acme.owner.token })).status).toBe(404);

    let r = await t.request("DELETE", `${invites(acme)}/${inv.id}`, { token: acme.admin.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: inv.id, status: "revoked" });
    expect((await lastAudit(t, acme.org.orgId)).type).toBe("org.invitation.revoked");
    r = await t.request("DELETE", `${invites(acme)}/${inv.id}`, { token: acme.admin.token });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("invitation_revoked");
  });
});

describe("GET /api/public/invitations/:code", () => {
  test("tells the invitee the organization, role, masked address, expiry and status, without auth", async () => {
    const inv = await invite(acme, "jane.doe@example.com", "org_director");
    const r = await t.request("GET", `/api/public/invitations/${inv.code}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      orgName: "Acme",
      orgSlug: acme.org.slug,
      role: "org_director",
      roleName: "Director",
      email: "j***@example.com",
      expiresAt: inv.expiresAt,
      status: "pending",
    });
  });

  test("an unknown code is 404; an expired invitation reads as expired", async () => {
    expect((await t.request("GET", "/api/public/invitations/nope")).status).toBe(404);
    expect((await t.request("GET", `/api/public/invitations/${"x".repeat(43)}`)).status).toBe(404);
    const inv = await invite(acme, "late@example.com");
    t.clock.advance(7 * DAY);
    const r = await t.request("GET", `/api/public/invitations/${inv.code}`);
    expect(r.body.status).toBe("expired");
  });

  test("at most 60 reads per minute per IP: then 429 rate_limited with Retry-After", async () => {
    const own = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) statuses.push((await own.request("GET", `/api/public/invitations/guess-${i}`)).status);
      expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
      const limited = await own.request("GET", "/api/public/invitations/guess-last");
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ error: "rate_limited" });
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(statuses[60]).toBe(429);
      own.clock.advance(MINUTE);
      expect((await own.request("GET", "/api/public/invitations/guess-next")).status).toBe(404);
    } finally {
      await own.close();
    }
  });
});

describe("POST /api/public/invitations/:code/accept", () => {
  test("the invitee accepts: membership with the invited role, an 'invited' badge, audit events; the code is spent", async () => {
    const inv = await invite(acme, "Joiner@Example.com", "org_director", acme.owner);
    const joiner = await signInAs(t, "joiner@example.com");
    const r = await t.request("POST", `/api/public/invitations/${inv.code}/accept`, { token: joiner.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ orgSlug: acme.org.slug, role: "org_director" });
    const [m] = await t.ctx.db.read.select().from(memberships).where(and(eq(memberships.orgId, acme.org.orgId), eq(memberships.userId, joiner.userId)));
    expect(m!.role).toBe("org_director");
    const [badge] = await t.ctx.db.read.select().from(connectedIds).where(and(eq(connectedIds.orgId, acme.org.orgId), eq(connectedIds.userId, joiner.userId)));
    expect(badge).toMatchObject({ type: "person", membershipType: "invited", status: "active" });
    expect(r.body.connectedId).toBe(badge!.id);
    expect((await auditTypes(t, acme.org.orgId)).slice(-2)).toEqual(["org.member.added", "org.invitation.accepted"]);
    expect((await lastAudit(t, acme.org.orgId)).actorId).toBe(joiner.userId);
    const [row] = await t.ctx.db.read.select().from(invitations).where(eq(invitations.id, inv.id));
    expect(row).toMatchObject({ acceptedBy: joiner.userId, acceptedAt: t.clock.now() });

    expect((await t.request("GET", `/api/org/${acme.org.slug}/members`, { token: joiner.token })).status).toBe(200);
    expect((await t.request("GET", `/api/public/invitations/${inv.code}`)).body.status).toBe("accepted");
    const again = await t.request("POST", `/api/public/invitations/${inv.code}/accept`, { token: joiner.token });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("invitation_used");
  });

  test("a custom role's scopes take effect for the new member", async () => {
    const inviter = await createRole(t, acme.org, "inviter_role", ["org.member.invite", "org.member.list"]);
    const inv = await invite(acme, "custom-joiner@example.com", inviter);
    const joiner = await signInAs(t, "custom-joiner@example.com");
    expect((await t.request("POST", `/api/public/invitations/${inv.code}/accept`, { token: joiner.token })).status).toBe(200);
    const r = await t.request("POST", invites(acme), { token: joiner.token, json: { email: "friend@example.com", role: inviter } });
    expect(r.status).toBe(201);
  });

  test("someone else's session is 403 invitation_email_mismatch and changes nothing", async () => {
    const inv = await invite(acme, "rightful@example.com");
    const before = await orgState(t, acme.org.orgId);
    const r = await t.request("POST", `/api/public/invitations/${inv.code}/accept`, { token: beta.member.token });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("invitation_email_mismatch");
    expect(await orgState(t, acme.org.orgId)).toEqual(before);
  });

  test("expired 400 invitation_expired; revoked 400 invitation_revoked; unknown 404; no session 401", async () => {
    const expiring = await invite(acme, "expiring@example.com");
    const revoked = await invite(acme, "revoked@example.com");
    await t.request("DELETE", `${invites(acme)}/${revoked.id}`, { token: acme.owner.token });
    const expiringUser = await signInAs(t, "expiring@example.com");
    const revokedUser = await signInAs(t, "revoked@example.com");

    let r = await t.request("POST", `/api/public/invitations/${revoked.code}/accept`, { token: revokedUser.token });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invitation_revoked");

    t.clock.advance(7 * DAY - 1);
    const before = await orgState(t, acme.org.orgId);
    t.clock.advance(1);
    r = await t.request("POST", `/api/public/invitations/${expiring.code}/accept`, { token: expiringUser.token });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invitation_expired");
    expect(await orgState(t, acme.org.orgId)).toEqual(before);

    r = await t.request("POST", "/api/public/invitations/unknown-code/accept", { token: expiringUser.token });
    expect(r.status).toBe(404);
    expect((await t.request("POST", `/api/public/invitations/${expiring.code}/accept`)).status).toBe(401);
  });

  test("someone who became a member meanwhile is 409 already_member; the invitation stays pending", async () => {
    const inv = await invite(acme, "meanwhile@example.com");
    const person = await addMember(t, acme.org, "meanwhile@example.com");
    const r = await t.request("POST", `/api/public/invitations/${inv.code}/accept`, { token: person.token });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("already_member");
    expect((await t.request("GET", `/api/public/invitations/${inv.code}`)).body.status).toBe("pending");
  });
});
