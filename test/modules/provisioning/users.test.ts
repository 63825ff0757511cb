/**
 * SCIM Users (RFC 7644 §3.3–3.6, spec 4.10): members as an identity provider sees them.
 * POST finds or creates the dashboard account by e-mail and makes it a member; active
 * false suspends the badge; DELETE revokes it; userName (any case) and externalId are
 * unique; AI badges and service accounts never appear; every change is audited.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addMember, signInAs } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { createUser, ENTERPRISE, ERROR_SCHEMA, eventsOf, scimClient, scimOrg, USER_SCHEMA, userBody, type Scim, type ScimOrg } from "./support";

let t: TestApp;
let org: ScimOrg;
let scim: Scim;

beforeAll(async () => {
  t = await createTestApp();
  org = await scimOrg(t, "Users");
  scim = scimClient(t, org);
});
afterAll(() => t.close());

const owner = (path: string) => t.request("GET", `/api/org/${org.slug}${path}`, { token: org.owner.token });
const badgeOf = async (connectedId: string) => ((await owner("/badges")).body as any[]).find((b) => b.connectedId === connectedId);

describe("POST /Users", () => {
  test("creates the account and a member (Member role, a scim badge) and answers 201 with Location", async () => {
    const r = await scim(
      "POST",
      "/Users",
      userBody("grace.hopper", "Grace@Navy.example", {
        externalId: "ext-grace",
        name: { givenName: "Grace", familyName: "Hopper", formatted: "Grace Brewster Hopper" },
        title: "Rear Admiral",
        phoneNumbers: [{ value: "+1 555 0100", type: "work" }],
      }),
    );
    expect(r.status).toBe(201);
    expect(r.headers.get("content-type")).toBe("application/scim+json");
    expect(r.headers.get("location")).toBe(`${t.config.baseUrl}/scim/v2/${org.slug}/Users/${r.body.id}`);
    expect(r.body).toMatchObject({
      schemas: [USER_SCHEMA],
      userName: "grace.hopper",
      externalId: "ext-grace",
      active: true,
      displayName: "Grace Brewster Hopper",
      title: "Rear Admiral",
      name: { givenName: "Grace", familyName: "Hopper" },
      meta: { resourceType: "User", location: r.headers.get("location") },
    });
    const member = ((await owner("/members")).body as any[]).find((m) => m.connectedId === r.body.id);
    expect(member).toMatchObject({ email: "grace@navy.example", role: "member", badge: { type: "person", membershipType: "scim", status: "active" } });
    expect((await badgeOf(r.body.id)).displayName).toBe("Grace Brewster Hopper");
    // The account is the one a magic link signs in: the same address finds it.
    const signedIn = await signInAs(t, "grace@navy.example");
    expect(signedIn.userId).toBe(member.userId);
    const types = (await eventsOf(t, org.orgId, "org.")).filter((e) => e.requestId === r.headers.get("x-request-id")).map((e) => e.type);
    expect(types).toEqual(["org.member.added", "org.scim.user_created"]);
    const created = (await eventsOf(t, org.orgId, "org.scim.user_created")).at(-1)!;
    expect(created).toMatchObject({ actorKind: "scim", actorId: org.tokenId, payload: { connectedId: r.body.id, userName: "grace.hopper", externalId: "ext-grace", adopted: false, accountCreated: true } });
  });

  test("active false creates a suspended badge", async () => {
    const user = await createUser(scim, "sleeper", { active: false });
    expect(user.active).toBe(false);
    expect((await badgeOf(user.id)).status).toBe("suspended");
  });

  test("userName is unique without regard to case, externalId exactly: 409 uniqueness, nothing created", async () => {
    await createUser(scim, "Unique.One", { externalId: "ABC" });
    const before = (await scim("GET", "/Users")).body.totalResults;
    const sameName = await scim("POST", "/Users", userBody("unique.ONE", "other1@example.com"));
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "409", scimType: "uniqueness" });
    expect(sameName.body.detail).toContain("userName");
    const sameExternal = await scim("POST", "/Users", userBody("unique.two", "other2@example.com", { externalId: "ABC" }));
    expect(sameExternal.status).toBe(409);
    expect(sameExternal.body.detail).toContain("externalId");
    // externalId is caseExact: another case is another id.
    expect((await scim("POST", "/Users", userBody("unique.three", "other3@example.com", { externalId: "abc" }))).status).toBe(201);
    // A member no User manages has their e-mail as userName.
    expect((await scim("POST", "/Users", userBody(org.owner.email.toUpperCase(), "x@example.com"))).status).toBe(409);
    expect((await scim("GET", "/Users")).body.totalResults).toBe(before + 1);
  });

  test("two Users with one e-mail address: one account is one member, 409 uniqueness", async () => {
    await createUser(scim, "shared.one", {}, "shared@example.com");
    const r = await scim("POST", "/Users", userBody("shared.two", "SHARED@example.com"));
    expect(r.status).toBe(409);
    expect(r.body.scimType).toBe("uniqueness");
  });

  test("an existing member is adopted: the User manages them, membership and badge kept", async () => {
    const ada = await addMember(t, org, "ada@adopt.example", "member");
    const before = ((await owner("/members")).body as any[]).find((m) => m.userId === ada.userId);
    const r = await scim("POST", "/Users", userBody("ada", "ada@adopt.example", { displayName: "Ada L." }));
    expect(r.status).toBe(201);
    expect(r.body.id).toBe(before.connectedId);
    expect((await badgeOf(before.connectedId)).displayName).toBe("Ada L.");
    expect((await eventsOf(t, org.orgId, "org.scim.user_created")).at(-1)!.payload).toMatchObject({ adopted: true, accountCreated: false });
    // Adopted once: a second User for the same person is refused.
    expect((await scim("POST", "/Users", userBody("ada2", "ada@adopt.example"))).status).toBe(409);
  });

  test("a User needs an address: the primary e-mail, else a work one, else the first, else a userName that is one", async () => {
    const noAddress = await scim("POST", "/Users", { schemas: [USER_SCHEMA], userName: "nobody" });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.scimType).toBe("invalidValue");
    const byUserName = await scim("POST", "/Users", { schemas: [USER_SCHEMA], userName: "byname@example.com" });
    expect(byUserName.status).toBe(201);
    const workFirst = await scim("POST", "/Users", {
      userName: "work.first",
      emails: [
        { value: "home@work-first.example", type: "home" },
        { value: "work@work-first.example", type: "work" },
      ],
    });
    const member = ((await owner("/members")).body as any[]).find((m) => m.connectedId === workFirst.body.id);
    expect(member.email).toBe("work@work-first.example");
    const bad = await scim("POST", "/Users", userBody("bad.mail", "not-an-address"));
    expect(bad.status).toBe(400);
    expect(bad.body.scimType).toBe("invalidValue");
  });

  test("the organization's allowed e-mail domains apply, as for an invitation", async () => {
    const o = await scimOrg(t, "UsersDomains");
    const put = await t.request("PUT", `/api/org/${o.slug}/settings/security`, {
      token: o.owner.token,
      json: { securityMode: "standard", sessionMaxAgeDays: 30, requirePasskeyForAdmins: false, blockExternalSharing: false, allowedEmailDomains: ["corp.example"] },
    });
    expect(put.status).toBe(200);
    const s = scimClient(t, o);
    const refused = await s("POST", "/Users", userBody("outsider", "someone@elsewhere.example"));
    expect(refused.status).toBe(400);
    expect(refused.body.scimType).toBe("invalidValue");
    expect((await s("POST", "/Users", userBody("insider", "someone@corp.example"))).status).toBe(201);
  });

  test("the enterprise extension is kept and returned; another extension or an attribute Signet does not keep is refused", async () => {
    const r = await scim("POST", "/Users", {
      ...userBody("enterprise.user"),
      schemas: [USER_SCHEMA, ENTERPRISE],
      [ENTERPRISE]: { employeeNumber: "701984", Department: "Tour Operations", manager: { value: "26118915-6090-4610-87e4-49d8ca9f808d" } },
    });
    expect(r.status).toBe(201);
    expect(r.body.schemas).toEqual([USER_SCHEMA, ENTERPRISE]);
    expect(r.body[ENTERPRISE]).toEqual({ employeeNumber: "701984", department: "Tour Operations", manager: { value: "26118915-6090-4610-87e4-49d8ca9f808d" } });
    const other = await scim("POST", "/Users", { ...userBody("custom.ext"), schemas: [USER_SCHEMA, "urn:example:custom:1.0:User"] });
    expect(other.status).toBe(400);
    expect(other.body.scimType).toBe("invalidValue");
    const keyed = await scim("POST", "/Users", { ...userBody("custom.ext"), "urn:example:custom:1.0:User": { x: 1 } });
    expect(keyed.status).toBe(400);
    const password = await scim("POST", "/Users", { ...userBody("with.password"), password: "hunter2" });
    expect(password.status).toBe(400);
    expect(password.body.detail).toContain("password");
  });

  test("attribute names in any case, booleans as strings, read-only and unknown attributes ignored", async () => {
    const r = await scim("POST", "/Users", {
      UserName: "Casey",
      Active: "False",
      Emails: [{ Value: "casey@example.com", Primary: "True", Type: "work" }],
      id: "chosen-by-client",
      meta: { created: "2000-01-01T00:00:00Z" },
      groups: [{ value: "x" }],
      adreses: [{ country: "DE" }],
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ userName: "Casey", active: false, emails: [{ value: "casey@example.com", primary: true, type: "work" }] });
    expect(r.body.id).not.toBe("chosen-by-client");
    expect(r.body.groups).toBeUndefined();
    expect(r.text).not.toContain("adreses");
  });
});

describe("GET /Users", () => {
  test("lists members, the owner included; never service accounts or AI badges", async () => {
    const o = await scimOrg(t, "UsersAgents");
    const s = scimClient(t, o);
    const sa = await t.request("POST", `/api/org/${o.slug}/service-accounts`, { token: o.owner.token, json: { name: "deploy-bot", role: "member" } });
    expect(sa.status).toBe(201);
    const agent = await addMember(t, o, "agent@agents.example", "member");
    const agentBadge = ((await t.request("GET", `/api/org/${o.slug}/members`, { token: o.owner.token })).body as any[]).find((m) => m.userId === agent.userId).connectedId;
    expect((await t.request("PATCH", `/api/org/${o.slug}/badges/${agentBadge}`, { token: o.owner.token, json: { type: "ai" } })).status).toBe(200);
    const list = await s("GET", "/Users");
    expect(list.body.Resources.map((u: any) => u.userName)).toEqual([o.owner.email]);
    expect((await s("GET", `/Users/${agentBadge}`)).status).toBe(404);
    expect((await s("GET", `/Users/${sa.body.connectedId}`)).status).toBe(404);
  });

  test("GET /Users/{id}; another organization's User or an unknown id is 404", async () => {
    const user = await createUser(scim, "fetch.me");
    const r = await scim("GET", `/Users/${user.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(user);
    const o = await scimOrg(t, "UsersElsewhere");
    const elsewhere = await createUser(scimClient(t, o), "elsewhere");
    const foreign = await scim("GET", `/Users/${elsewhere.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "404" });
    expect((await scim("GET", "/Users/nope")).status).toBe(404);
  });

  test("a User in a Group lists it as groups", async () => {
    const user = await createUser(scim, "grouped");
    const group = (await scim("POST", "/Groups", { displayName: "Listed", members: [{ value: user.id }] })).body;
    const r = await scim("GET", `/Users/${user.id}`);
    expect(r.body.groups).toEqual([{ value: group.id, display: "Listed", $ref: `${t.config.baseUrl}/scim/v2/${org.slug}/Groups/${group.id}`, type: "direct" }]);
  });
});

describe("PUT /Users/{id}", () => {
  test("replaces: attributes left out are cleared, the badge renamed, active false suspends, true reactivates", async () => {
    const user = await createUser(scim, "replace.me", { title: "Engineer", nickName: "Rep", name: { givenName: "Re", familyName: "Place" } });
    t.clock.advance(60_000);
    const r = await scim("PUT", `/Users/${user.id}`, { ...userBody("replaced", "replaceme@example.com"), displayName: "Re Placed", active: false });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ userName: "replaced", displayName: "Re Placed", active: false });
    expect(r.body.title).toBeUndefined();
    expect(r.body.name).toBeUndefined();
    expect(Date.parse(r.body.meta.lastModified)).toBeGreaterThan(Date.parse(r.body.meta.created));
    const badge = await badgeOf(user.id);
    expect(badge).toMatchObject({ status: "suspended", displayName: "Re Placed" });
    const updated = (await eventsOf(t, org.orgId, "org.scim.user_updated")).at(-1)!;
    expect((updated.payload as any).attributes).toEqual(["active", "displayName", "name", "nickName", "title", "userName"]);
    const statusEvents = await eventsOf(t, org.orgId, "org.badge.status_changed");
    expect(statusEvents.at(-1)).toMatchObject({ actorKind: "scim", payload: { connectedId: user.id, from: "active", to: "suspended" } });
    const back = await scim("PUT", `/Users/${user.id}`, { ...userBody("replaced", "replaceme@example.com"), displayName: "Re Placed", active: true });
    expect(back.body.active).toBe(true);
    expect((await badgeOf(user.id)).status).toBe("active");
  });

  test("a PUT that changes nothing writes no event", async () => {
    const user = await createUser(scim, "steady");
    const before = (await eventsOf(t, org.orgId, "org.")).length;
    const body = { ...userBody("steady"), displayName: user.displayName };
    expect((await scim("PUT", `/Users/${user.id}`, body)).status).toBe(200);
    expect((await eventsOf(t, org.orgId, "org.")).length).toBe(before);
  });

  test("userName is required; a userName or externalId another User holds is 409", async () => {
    const a = await createUser(scim, "put.a", { externalId: "put-a" });
    const b = await createUser(scim, "put.b");
    const missing = await scim("PUT", `/Users/${b.id}`, { emails: [{ value: "x@example.com" }] });
    expect(missing.status).toBe(400);
    expect(missing.body.scimType).toBe("invalidValue");
    expect((await scim("PUT", `/Users/${b.id}`, userBody("PUT.A"))).status).toBe(409);
    expect((await scim("PUT", `/Users/${b.id}`, userBody("put.b", undefined, { externalId: "put-a" }))).status).toBe(409);
    // Keeping one's own userName and externalId is no conflict.
    expect((await scim("PUT", `/Users/${a.id}`, userBody("put.a", undefined, { externalId: "put-a" }))).status).toBe(200);
    expect((await scim("PUT", "/Users/nope", userBody("x"))).status).toBe(404);
  });

  test("the owner and admins are not suspended by provisioning: 403, nothing changed", async () => {
    const ownerId = ((await scim("GET", `/Users?filter=${encodeURIComponent(`userName eq "${org.owner.email}"`)}`)).body.Resources[0]).id;
    const r = await scim("PUT", `/Users/${ownerId}`, { ...userBody(org.owner.email, org.owner.email), active: false });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "403" });
    expect((await badgeOf(ownerId)).status).toBe("active");
    const admin = await addMember(t, org, "admin@users.test", "admin");
    const adminUser = (await scim("POST", "/Users", userBody("the.admin", admin.email))).body;
    expect((await scim("PATCH", `/Users/${adminUser.id}`, { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "replace", path: "active", value: false }] })).status).toBe(403);
    expect((await scim("DELETE", `/Users/${adminUser.id}`)).status).toBe(403);
    expect((await scim("DELETE", `/Users/${ownerId}`)).status).toBe(403);
  });
});

describe("DELETE /Users/{id}", () => {
  test("revokes the badge, ends the membership, keeps the account; 204; the userName is free again", async () => {
    const user = await createUser(scim, "leaving", { externalId: "leaving-ext" });
    const member = ((await owner("/members")).body as any[]).find((m) => m.connectedId === user.id);
    const r = await scim("DELETE", `/Users/${user.id}`);
    expect(r.status).toBe(204);
    expect(r.text).toBe("");
    expect((await badgeOf(user.id)).status).toBe("revoked");
    expect(((await owner("/members")).body as any[]).some((m) => m.userId === member.userId)).toBe(false);
    expect((await scim("GET", `/Users/${user.id}`)).status).toBe(404);
    expect((await scim("DELETE", `/Users/${user.id}`)).status).toBe(404);
    const types = (await eventsOf(t, org.orgId, "org.")).filter((e) => e.requestId === r.headers.get("x-request-id")).map((e) => e.type);
    expect(types).toEqual(["org.badge.status_changed", "org.member.removed", "org.scim.user_deleted"]);
    // Provisioned again: the same account, a fresh badge.
    const again = await createUser(scim, "leaving", { externalId: "leaving-ext" });
    expect(again.id).not.toBe(user.id);
    expect(((await owner("/members")).body as any[]).find((m) => m.connectedId === again.id).userId).toBe(member.userId);
  });

  test("a member removed in the dashboard frees their userName and externalId", async () => {
    const user = await createUser(scim, "removed.elsewhere", { externalId: "re-ext" });
    const member = ((await owner("/members")).body as any[]).find((m) => m.connectedId === user.id);
    expect((await t.request("DELETE", `/api/org/${org.slug}/members/${member.userId}`, { token: org.owner.token })).status).toBe(200);
    expect((await scim("GET", `/Users/${user.id}`)).status).toBe(404);
    expect((await scim("POST", "/Users", userBody("removed.elsewhere", "another@example.com", { externalId: "re-ext" }))).status).toBe(201);
  });
});
