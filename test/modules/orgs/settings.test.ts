/**
 * Organization settings: GET /api/org/{slug}/settings and one PUT per section, each a
 * validated document replaced as a whole, audited with before and after.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readSettingsSection } from "../../../src/modules/orgs/settings";
import { securityModeOf, securitySettings } from "../../../src/modules/orgs/settings-sections";
import { addMember, createOrg, signInAs, type SignedInUser, type TestOrg } from "../../support/accounts";
import { registerPasskey } from "../../support/authenticator";
import { createTestApp, type TestApp } from "../../support/harness";
import { auditOf, customRoleMember, orgRow, orgState } from "./support";

let t: TestApp;
let org: TestOrg;
let admin: SignedInUser;
let member: SignedInUser;
let outsider: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "owner@set.example", "Settings Co", { slug: "set" });
  admin = await addMember(t, org, "admin@set.example", "admin");
  member = await addMember(t, org, "member@set.example", "member");
  outsider = await signInAs(t, "outsider@else.example");
  // A test turns requirePasskeyForAdmins on; with passkeys the owner and admin keep acting
  // (the policy itself is tested in security-policy.test.ts).
  await registerPasskey(t, org.owner);
  await registerPasskey(t, admin);
});
afterAll(() => t.close());

const put = (section: string, json: unknown, token = org.owner.token, slug = org.slug) =>
  t.request("PUT", `/api/org/${slug}/settings/${section}`, { json, token });

async function eventsOf(type: string, orgId = org.orgId) {
  return (await auditOf(t, orgId)).filter((e) => e.type === type);
}

/** Every PUT in `cases` is 400 naming the field with the error code, and nothing changes. */
async function expectRefused(section: string, cases: Array<[unknown, string, string?]>, token = org.owner.token) {
  const before = await orgState(t);
  for (const [json, field, error = "invalid_request"] of cases) {
    const r = await put(section, json, token);
    expect({ json, status: r.status, error: r.body?.error, field: r.body?.field }).toEqual({ json, status: 400, error, field });
  }
  expect(await orgState(t)).toEqual(before);
}

const DEFAULTS = {
  general: { name: "Settings Co", displayName: null, website: null, logoUrl: null, locale: null, timezone: null },
  security: { securityMode: "standard", requirePasskeyForAdmins: false, sessionMaxAgeDays: 30, blockExternalSharing: false, allowedEmailDomains: [] },
  domains: { customLoginDomains: [] },
  apiKeyScope: { defaultScopes: [], maxTokenLifetimeSeconds: 300 },
  onboarding: { completedSteps: [], dismissed: false },
  notifications: { emails: { billing: true, security: true, members: true }, recipients: [] },
};

const SECURITY = { securityMode: "elevated", requirePasskeyForAdmins: true, sessionMaxAgeDays: 7, blockExternalSharing: false, allowedEmailDomains: ["Set.Example", "set.example."] };

describe("GET /api/org/{slug}/settings", () => {
  test("a fresh organization reads every section with its defaults", async () => {
    const r = await t.request("GET", "/api/org/set/settings", { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(DEFAULTS);
  });

  test("a member is 403 PERMISSION_DENIED, an outsider 404, no session 401", async () => {
    const r = await t.request("GET", "/api/org/set/settings", { token: member.token });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: "PERMISSION_DENIED", scope: "org.setting.read" });
    const foreign = await t.request("GET", "/api/org/set/settings", { token: outsider.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual((await t.request("GET", "/api/org/unknown-org/settings", { token: outsider.token })).body);
    expect((await t.request("GET", "/api/org/set/settings")).status).toBe(401);
  });
});

describe("who may write settings", () => {
  test("a member is 403 PERMISSION_DENIED on every section, an outsider 404, no session 401; nothing changes", async () => {
    const before = await orgState(t);
    const bodies: Record<string, unknown> = {
      general: { name: "Hijacked" },
      security: SECURITY,
      domains: { customLoginDomains: [] },
      "api-key-scope": { defaultScopes: [] },
      onboarding: { completedSteps: [], dismissed: true },
      notifications: DEFAULTS.notifications,
    };
    for (const [section, json] of Object.entries(bodies)) {
      const r = await put(section, json, member.token);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ error: "PERMISSION_DENIED", scope: "org.setting.update" });
      const foreign = await put(section, json, outsider.token);
      expect(foreign.status).toBe(404);
      expect((await t.request("PUT", `/api/org/set/settings/${section}`, { json })).status).toBe(401);
    }
    expect(await orgState(t)).toEqual(before);
  });

  test("an unknown section is 404", async () => {
    expect((await put("colours", { a: 1 })).status).toBe(404);
  });

  test("malformed JSON is 400 invalid_json", async () => {
    const r = await t.request("PUT", "/api/org/set/settings/security", { body: "{\"securityMode\":", headers: { "content-type": "application/json" }, token: org.owner.token });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invalid_json");
  });
});

describe("PUT settings/general", () => {
  test("replaces the document, renames the organization and records before and after", async () => {
    const body = { name: "Settings Company", displayName: "SetCo", website: "https://set.example", logoUrl: "https://cdn.set.example/logo.png", locale: "ko-KR", timezone: "Asia/Seoul" };
    const r = await put("general", body, admin.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(body);
    expect((await orgRow(t, "set"))!.name).toBe("Settings Company");
    expect((await t.request("GET", "/api/org/set", { token: member.token })).body.name).toBe("Settings Company");
    const [event] = await eventsOf("org.settings.general_updated");
    expect(event).toMatchObject({ actorKind: "user", actorId: admin.userId, payload: { before: DEFAULTS.general, after: body } });
  });

  test("omitted optional fields are cleared (replacement, not merge)", async () => {
    const r = await put("general", { name: "Settings Company" });
    expect(r.body).toEqual({ ...DEFAULTS.general, name: "Settings Company" });
    expect((await t.request("GET", "/api/org/set/settings", { token: org.owner.token })).body.general).toEqual(r.body);
  });

  test("the same document again changes nothing and records nothing", async () => {
    const before = await orgState(t);
    const r = await put("general", { name: "Settings Company" });
    expect(r.status).toBe(200);
    expect(await orgState(t)).toEqual(before);
  });

  test("bad values are 400 naming the field", async () => {
    await expectRefused("general", [
      [{}, "name"],
      [{ name: "" }, "name"],
      [{ name: "n".repeat(201) }, "name"],
      [{ name: "   " }, "name", "invalid_name"],
      [{ name: "Ok", displayName: "d".repeat(201) }, "displayName"],
      [{ name: "Ok", website: "ftp://set.example" }, "website", "invalid_url"],
      [{ name: "Ok", website: "not a url" }, "website", "invalid_url"],
      [{ name: "Ok", logoUrl: `https://x.example/${"a".repeat(500)}` }, "logoUrl"],
      [{ name: "Ok", locale: "not_a_locale!" }, "locale", "invalid_locale"],
      [{ name: "Ok", timezone: "Mars/Olympus" }, "timezone", "invalid_timezone"],
      [{ name: "Ok", timezone: 9 }, "timezone"],
      [{ name: "Ok", color: "red" }, "color"],
    ]);
  });
});

describe("PUT settings/security", () => {
  test("stores the document with normalised domains; securityMode is readable by other modules", async () => {
    const r = await put("security", SECURITY, admin.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ...SECURITY, allowedEmailDomains: ["set.example"] });
    expect(await securityModeOf(t.ctx.db.read, org.orgId)).toBe("elevated");
    const [event] = await eventsOf("org.settings.security_updated");
    expect(event!.payload).toEqual({ before: DEFAULTS.security, after: r.body });
  });

  test("turning blockExternalSharing on or off needs org.setting.block_external_sharing", async () => {
    const editor = await customRoleMember(t, org, "editor@set.example", ["org.setting.update", "org.setting.read"]);
    // Other fields may change without the extra scope.
    let r = await put("security", { ...SECURITY, sessionMaxAgeDays: 14 }, editor.token);
    expect(r.status).toBe(200);
    const before = await orgState(t);
    r = await put("security", { ...SECURITY, blockExternalSharing: true }, editor.token);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: "PERMISSION_DENIED", scope: "org.setting.block_external_sharing" });
    expect(await orgState(t)).toEqual(before);

    const sharer = await customRoleMember(t, org, "sharer@set.example", ["org.setting.update", "org.setting.block_external_sharing"]);
    r = await put("security", { ...SECURITY, blockExternalSharing: true }, sharer.token);
    expect(r.status).toBe(200);
    expect((await readSettingsSection(t.ctx.db.read, { id: org.orgId, name: "" }, securitySettings)).blockExternalSharing).toBe(true);
    r = await put("security", { ...SECURITY, blockExternalSharing: false }, editor.token);
    expect(r.status).toBe(403);
    r = await put("security", { ...SECURITY, blockExternalSharing: false }, admin.token);
    expect(r.status).toBe(200);
  });

  test("bad values are 400 naming the field", async () => {
    await expectRefused("security", [
      [{ ...SECURITY, securityMode: "paranoid" }, "securityMode"],
      [{ ...SECURITY, sessionMaxAgeDays: 0 }, "sessionMaxAgeDays"],
      [{ ...SECURITY, sessionMaxAgeDays: 31 }, "sessionMaxAgeDays"],
      [{ ...SECURITY, sessionMaxAgeDays: 1.5 }, "sessionMaxAgeDays"],
      [{ ...SECURITY, requirePasskeyForAdmins: "yes" }, "requirePasskeyForAdmins"],
      [{ securityMode: "strict" }, "requirePasskeyForAdmins"],
      [{ ...SECURITY, allowedEmailDomains: ["ok.example", "bad domain"] }, "allowedEmailDomains[1]", "invalid_hostname"],
      [{ ...SECURITY, allowedEmailDomains: Array.from({ length: 51 }, (_, i) => `d${i}.example`) }, "allowedEmailDomains"],
      [{ ...SECURITY, mfa: true }, "mfa"],
    ]);
  });
});

// PUT settings/domains (custom login domains) is tested with its rules in test/modules/customers/domains/.

describe("PUT settings/api-key-scope", () => {
  test("stores default scopes (deduplicated) and the token lifetime", async () => {
    const r = await put("api-key-scope", { defaultScopes: ["org.member.list", "org.agent.*", "org.member.list"], maxTokenLifetimeSeconds: 120 }, admin.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ defaultScopes: ["org.member.list", "org.agent.*"], maxTokenLifetimeSeconds: 120 });
    const [event] = await eventsOf("org.settings.api_key_scope_updated");
    expect(event!.payload).toEqual({ before: DEFAULTS.apiKeyScope, after: r.body });
    const read = await t.request("GET", "/api/org/set/settings", { token: admin.token });
    expect(read.body.apiKeyScope).toEqual(r.body);
  });

  test("the lifetime defaults to 300 s when omitted", async () => {
    const r = await put("api-key-scope", { defaultScopes: [] });
    expect(r.body).toEqual({ defaultScopes: [], maxTokenLifetimeSeconds: 300 });
  });

  test("a default scope the caller does not hold is 403 PERMISSION_DENIED (keys may only narrow)", async () => {
    const before = await orgState(t);
    const r = await put("api-key-scope", { defaultScopes: ["org.member.list", "view.billing"] }, admin.token);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: "PERMISSION_DENIED", field: "defaultScopes[1]", scope: "view.billing" });
    expect(await orgState(t)).toEqual(before);
    expect((await put("api-key-scope", { defaultScopes: ["view.billing"] })).status).toBe(200);
  });

  test("bad values are 400 naming the field", async () => {
    await expectRefused("api-key-scope", [
      [{}, "defaultScopes"],
      [{ defaultScopes: ["org.member.list", "Not A Scope"] }, "defaultScopes[1]", "invalid_scope"],
      [{ defaultScopes: ["org.*:creator=self:actor=self"] }, "defaultScopes[0]", "invalid_scope"],
      [{ defaultScopes: [1] }, "defaultScopes[0]"],
      [{ defaultScopes: [], maxTokenLifetimeSeconds: 59 }, "maxTokenLifetimeSeconds"],
      [{ defaultScopes: [], maxTokenLifetimeSeconds: 301 }, "maxTokenLifetimeSeconds"],
      [{ defaultScopes: [], maxTokenLifetimeSeconds: "300" }, "maxTokenLifetimeSeconds"],
    ]);
  });
});

describe("PUT settings/onboarding", () => {
  test("stores the completed steps (deduplicated) and the dismissed flag", async () => {
    const r = await put("onboarding", { completedSteps: ["personal_seal", "invite_members", "personal_seal"], dismissed: true }, admin.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ completedSteps: ["personal_seal", "invite_members"], dismissed: true });
    expect((await eventsOf("org.settings.onboarding_updated"))).toHaveLength(1);
  });

  test("bad values are 400 naming the field", async () => {
    await expectRefused("onboarding", [
      [{ completedSteps: [] }, "dismissed"],
      [{ completedSteps: ["Bad Step"], dismissed: false }, "completedSteps[0]"],
      [{ completedSteps: ["x".repeat(65)], dismissed: false }, "completedSteps[0]"],
      [{ completedSteps: Array.from({ length: 51 }, (_, i) => `s${i}`), dismissed: false }, "completedSteps"],
      [{ completedSteps: [], dismissed: "no" }, "dismissed"],
    ]);
  });
});

describe("PUT settings/notifications", () => {
  test("stores the switches and normalised recipients", async () => {
    const body = { emails: { billing: false, security: true, members: false }, recipients: ["Ops@Set.Example", "cfo@set.example", "ops@set.example"] };
    const r = await put("notifications", body, admin.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ emails: body.emails, recipients: ["ops@set.example", "cfo@set.example"] });
    const [event] = await eventsOf("org.settings.notifications_updated");
    expect(event!.payload).toEqual({ before: DEFAULTS.notifications, after: r.body });
  });

  test("bad values are 400 naming the field", async () => {
    const emails = DEFAULTS.notifications.emails;
    await expectRefused("notifications", [
      [{ recipients: [] }, "emails"],
      [{ emails: { billing: true, security: true }, recipients: [] }, "emails.members"],
      [{ emails, recipients: ["ok@set.example", "nope"] }, "recipients[1]", "invalid_email"],
      [{ emails, recipients: Array.from({ length: 21 }, (_, i) => `r${i}@set.example`) }, "recipients"],
      [{ emails: { ...emails, sms: true }, recipients: [] }, "emails.sms"],
    ]);
  });
});

describe("GET /api/org/{slug}/settings after writes", () => {
  test("reads every stored section, with defaults where none was written", async () => {
    const other = await createOrg(t, "owner@partial.example", "Partial", { slug: "partial" });
    await put("onboarding", { completedSteps: ["create_org"], dismissed: false }, other.owner.token, "partial");
    const r = await t.request("GET", "/api/org/partial/settings", { token: other.owner.token });
    expect(r.body).toEqual({ ...DEFAULTS, general: { ...DEFAULTS.general, name: "Partial" }, onboarding: { completedSteps: ["create_org"], dismissed: false } });
  });
});
