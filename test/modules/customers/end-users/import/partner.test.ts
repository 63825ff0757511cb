/**
 * The partner routes of public v1 that act for the person behind an end-user token:
 * POST /orgs/owner-status and POST /orgs/app-groups/create (spec 4.2, 5.7). The token
 * must be the key's organization's, unexpired and not signed out; create also needs a
 * platform partner's key (one the operator issued) and an owner.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { appGroups, applications } from "../../../../../src/modules/customers/apps/schema";
import { revokeSession } from "../../../../../src/modules/customers/end-users/sessions";
import { createOperatorApiKey } from "../../../../../src/modules/access/machine/api-keys";
import { addMember, createOrg, type TestOrg } from "../../../../support/accounts";
import { MINUTE } from "../../../../support/clock";
import { createTestApp, type TestApp } from "../../../../support/harness";
import { createApiKey, eventsOf } from "../../apps/support";
import { createSignInFixture, type SignInFixture } from "../support";
import { endUserToken, mailTo } from "./support";

let t: TestApp;
let platform: SignInFixture;
let partnerKey: string;
let memberKey: string;
let otherPlatform: SignInFixture;
let aliceOrg: TestOrg;
let aliceSecondOrg: TestOrg;
let alice: string;
beforeAll(async () => {
  t = await createTestApp();
  platform = await createSignInFixture(t, "operator@platform.example", "Platform");
  partnerKey = (await createOperatorApiKey(t.ctx, platform.org.orgId)).key;
  memberKey = (await createApiKey(t, platform.org, { scopes: ["org.*"] })).key;
  otherPlatform = await createSignInFixture(t, "operator@other-platform.example", "Other Platform");
  aliceOrg = await createOrg(t, "Alice@Customer.example", "Alice Co");
  t.clock.advance(1);
  aliceSecondOrg = await createOrg(t, "alice@customer.example", "Alice Two");
  alice = (await endUserToken(t, platform.clientKey, "alice@customer.example")).accessToken;
}, 60_000);
afterAll(() => t.close());

const call = (path: string, options: { key?: string | null; token?: string | null; json?: unknown } = {}) => {
  const headers: Record<string, string> = {};
  if (options.key !== null) headers["x-api-key"] = options.key ?? partnerKey;
  if (options.token !== null && options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  return t.request("POST", `/api/public/v1${path}`, { headers, json: options.json });
};

async function groupsIn(org: TestOrg) {
  return t.ctx.db.read.select().from(appGroups).where(eq(appGroups.orgId, org.orgId));
}

describe("POST /api/public/v1/orgs/owner-status", () => {
  test("a person with a dashboard account: owner_account_exists and the organizations they own, with ready", async () => {
    const r = await call("/orgs/owner-status", { token: alice });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      state: "owner_account_exists",
      orgs: [
        { id: aliceOrg.orgId, name: "Alice Co", slug: aliceOrg.slug, ready: false },
        { id: aliceSecondOrg.orgId, name: "Alice Two", slug: aliceSecondOrg.slug, ready: false },
      ],
    });
  });

  test("any key of the organization that signed the token will do, not only a partner's", async () => {
    const r = await call("/orgs/owner-status", { key: memberKey, token: alice });
    expect(r.status).toBe(200);
    expect(r.body.state).toBe("owner_account_exists");
  });

  test("a person without a dashboard account: no_owner_account", async () => {
    const { accessToken } = await endUserToken(t, platform.clientKey, "stranger@customer.example");
    expect((await call("/orgs/owner-status", { token: accessToken })).body).toEqual({ state: "no_owner_account", orgs: [] });
  });

  test("a member who owns nothing: owner_account_exists with no orgs", async () => {
    await addMember(t, aliceOrg, "member@customer.example", "admin");
    const { accessToken } = await endUserToken(t, platform.clientKey, "member@customer.example");
    expect((await call("/orgs/owner-status", { token: accessToken })).body).toEqual({ state: "owner_account_exists", orgs: [] });
  });

  test("missing, malformed, another organization's, expired and signed-out tokens are 401 invalid_access_token", async () => {
    const otherOrgs = (await endUserToken(t, otherPlatform.clientKey, "alice@customer.example")).accessToken;
    const tampered = alice.slice(0, -4) + (alice.endsWith("AAAA") ? "BBBB" : "AAAA");
    for (const token of [null, "not-a-jwt", tampered, otherOrgs, partnerKey]) {
      const r = await call("/orgs/owner-status", { token });
      expect(r.status).toBe(401);
      expect(r.body.error).toBe("invalid_access_token");
    }
    // Another organization's key with this organization's token.
    const foreignKey = (await createOperatorApiKey(t.ctx, otherPlatform.org.orgId)).key;
    expect((await call("/orgs/owner-status", { key: foreignKey, token: alice })).body.error).toBe("invalid_access_token");

    const signedOut = await endUserToken(t, platform.clientKey, "alice@customer.example");
    expect((await call("/orgs/owner-status", { token: signedOut.accessToken })).status).toBe(200);
    await t.ctx.db.write((tx) => revokeSession(tx, signedOut.sessionId, "sign_out", t.clock.now()));
    expect((await call("/orgs/owner-status", { token: signedOut.accessToken })).body.error).toBe("invalid_access_token");

    const expiring = await endUserToken(t, platform.clientKey, "alice@customer.example");
    t.clock.advance(16 * MINUTE);
    expect((await call("/orgs/owner-status", { token: expiring.accessToken })).body.error).toBe("invalid_access_token");
    alice = (await endUserToken(t, platform.clientKey, "alice@customer.example")).accessToken;
  });

  test("no API key is 401; a token without a verified e-mail is 403 verified_email_required", async () => {
    const r = await call("/orgs/owner-status", { key: null, token: alice });
    expect(r.status).toBe(401);
    const { accessToken } = await endUserToken(t, platform.clientKey, "unverified@customer.example", { emailVerified: false });
    const unverified = await call("/orgs/owner-status", { token: accessToken });
    expect(unverified.status).toBe(403);
    expect(unverified.body.error).toBe("verified_email_required");
  });
});

describe("POST /api/public/v1/orgs/app-groups/create", () => {
  test("creates the group in the person's organization like the dashboard: first application, audit event, owner e-mail", async () => {
    const mailsBefore = (await mailTo(t, "alice@customer.example")).length;
    const r = await call("/orgs/app-groups/create", {
      token: alice,
      json: { orgId: aliceOrg.orgId, name: "Alice Shop", description: "Our shop", iconUrl: "https://cdn.example.com/shop.png", brandColor: "#aa00cc" },
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["brandColor", "description", "groupKey", "iconUrl", "id", "name", "orgId"]);
    expect(r.body).toMatchObject({ orgId: aliceOrg.orgId, name: "Alice Shop", description: "Our shop", iconUrl: "https://cdn.example.com/shop.png", brandColor: "#AA00CC" });
    expect(r.body.groupKey).toBe(`appgroup_${r.body.id}`);
    const apps = await t.ctx.db.read.select().from(applications).where(eq(applications.appGroupId, r.body.id));
    expect(apps.map((a) => [a.platform, a.environment])).toEqual([["web", "production"]]);
    const [event] = (await eventsOf(t, aliceOrg, "appgroup.created")).filter((e) => (e.payload as any).appGroupId === r.body.id);
    expect(event!.actorKind).toBe("user");
    expect(event!.actorId).toBe(aliceOrg.owner.userId);
    const mails = await mailTo(t, "alice@customer.example");
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)!.subject).toContain("Alice Shop");
    // Nothing landed in the partner's own organization.
    expect((await groupsIn(platform.org)).map((g) => g.name)).toEqual(["Platform brand"]);
  });

  test("a key the operator did not issue, or an app-group-scoped one, is 403 platform_partner_required", async () => {
    const scopedKey = (await createApiKey(t, platform.org, { scopes: ["org.*"], appGroupId: platform.group.id })).key;
    for (const key of [memberKey, scopedKey]) {
      const r = await call("/orgs/app-groups/create", { key, token: alice, json: { orgId: aliceOrg.orgId, name: "Nope" } });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("platform_partner_required");
    }
    expect((await groupsIn(aliceOrg)).some((g) => g.name === "Nope")).toBe(false);
  });

  test("a person who does not own the organization, or has no dashboard account, is 403 owner_required; an unknown orgId is 404", async () => {
    const admin = (await endUserToken(t, platform.clientKey, "member@customer.example")).accessToken;
    const stranger = (await endUserToken(t, platform.clientKey, "stranger@customer.example")).accessToken;
    const someoneElses = await createOrg(t, "bob@elsewhere.example", "Bob Co");
    for (const [token, orgId] of [
      [admin, aliceOrg.orgId],
      [stranger, aliceOrg.orgId],
      [alice, someoneElses.orgId],
    ] as const) {
      const r = await call("/orgs/app-groups/create", { token, json: { orgId, name: "Not yours" } });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ error: "owner_required", field: "orgId" });
    }
    const unknown = await call("/orgs/app-groups/create", { token: alice, json: { orgId: "no-such-org", name: "Lost" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: "not_found", field: "orgId" });
    expect((await groupsIn(aliceOrg)).some((g) => g.name === "Not yours")).toBe(false);
    expect(await groupsIn(someoneElses)).toHaveLength(0);
  });

  test("token refusals come before anything is written", async () => {
    const before = (await groupsIn(aliceOrg)).length;
    for (const token of [null, "garbage", (await endUserToken(t, otherPlatform.clientKey, "alice@customer.example")).accessToken]) {
      const r = await call("/orgs/app-groups/create", { token, json: { orgId: aliceOrg.orgId, name: "Token" } });
      expect(r.status).toBe(401);
      expect(r.body.error).toBe("invalid_access_token");
    }
    expect((await call("/orgs/app-groups/create", { key: null, token: alice, json: { orgId: aliceOrg.orgId, name: "Token" } })).status).toBe(401);
    expect((await groupsIn(aliceOrg)).length).toBe(before);
  });

  test("each field rule of 2.2 is a 400 naming the field; nothing is created", async () => {
    const before = (await groupsIn(aliceOrg)).length;
    const good = { orgId: aliceOrg.orgId, name: "Valid" };
    for (const [json, field, code] of [
      [{ name: "No org" }, "orgId", "invalid_request"],
      [{ orgId: aliceOrg.orgId }, "name", "invalid_request"],
      [{ ...good, name: "" }, "name", "invalid_request"],
      [{ ...good, name: "n".repeat(201) }, "name", "invalid_request"],
      [{ ...good, name: "   " }, "name", "invalid_name"],
      [{ ...good, description: "d".repeat(1001) }, "description", "invalid_request"],
      [{ ...good, iconUrl: `https://cdn.example.com/${"i".repeat(480)}.png` }, "iconUrl", "invalid_request"],
      [{ ...good, iconUrl: "javascript:alert(1)" }, "iconUrl", "invalid_icon_url"],
      [{ ...good, brandColor: "red" }, "brandColor", "invalid_request"],
      [{ ...good, brandColor: "#12345" }, "brandColor", "invalid_request"],
      [{ ...good, loginMethods: { magicLink: false } }, "loginMethods", "invalid_request"],
    ] as const) {
      const r = await call("/orgs/app-groups/create", { token: alice, json });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: code, field });
    }
    const malformed = await t.request("POST", "/api/public/v1/orgs/app-groups/create", {
      body: "{",
      headers: { "x-api-key": partnerKey, authorization: `Bearer ${alice}`, "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_json");
    expect((await groupsIn(aliceOrg)).length).toBe(before);
  });

  test("description, iconUrl and brandColor may be left out or null", async () => {
    const r = await call("/orgs/app-groups/create", { token: alice, json: { orgId: aliceSecondOrg.orgId, name: "Plain", description: null } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ orgId: aliceSecondOrg.orgId, name: "Plain", description: null, iconUrl: null, brandColor: null });
    const stored = await t.ctx.db.read.select().from(appGroups).where(and(eq(appGroups.orgId, aliceSecondOrg.orgId), eq(appGroups.id, r.body.id)));
    expect(stored).toHaveLength(1);
  });
});
