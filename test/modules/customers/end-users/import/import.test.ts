/**
 * POST /api/public/v1/end-users/import (spec 4.2, §8): per-row answers, duplicates in
 * the batch and against the group, dormant password hashes, 500 rows and not 501, the
 * key's reach (org-wide, app-group-scoped, another organization), bad bodies, invitations
 * after commit, and an imported user activated by signing in by e-mail.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, asc, count, eq } from "drizzle-orm";
import { endUsers } from "../../../../../src/modules/customers/end-users/schema";
import { auditEvents } from "../../../../../src/platform/audit/schema";
import { createOrg, type TestOrg } from "../../../../support/accounts";
import { createTestApp, type TestApp, type TestResponse } from "../../../../support/harness";
import { createApiKey, orgApi } from "../../apps/support";
import { createSignInFixture, type SignInFixture } from "../support";
import { mailTo } from "./support";

const BCRYPT = "$2b$12$" + "a".repeat(53);

let t: TestApp;
let fx: SignInFixture;
let key: string;
let scopedKey: string;
let secondGroup: any;
let other: TestOrg;
let otherGroup: any;
beforeAll(async () => {
  t = await createTestApp();
  fx = await createSignInFixture(t, "owner@import.example", "Import Co");
  key = (await createApiKey(t, fx.org, { scopes: ["org.end_user.import"] })).key;
  secondGroup = (await orgApi(t, fx.org)("POST", "/app-groups", fx.org.owner.token, { name: "Second brand" })).body;
  scopedKey = (await createApiKey(t, fx.org, { scopes: ["org.end_user.import"], appGroupId: secondGroup.id })).key;
  other = await createOrg(t, "owner@import-other.example", "Import Other");
  otherGroup = (await orgApi(t, other)("POST", "/app-groups", other.owner.token, { name: "Theirs" })).body;
}, 60_000);
afterAll(() => t.close());

const importAs = (json: unknown, apiKey: string | null = key) => t.request("POST", "/api/public/v1/end-users/import", { json, headers: apiKey ? { "x-api-key": apiKey } : {} });

async function usersOf(groupId: string) {
  return t.ctx.db.read.select().from(endUsers).where(eq(endUsers.appGroupId, groupId));
}

async function importEvents() {
  return t.ctx.db.read
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, fx.org.orgId), eq(auditEvents.type, "end_user.imported")))
    .orderBy(asc(auditEvents.seq));
}

async function endUserCount(): Promise<number> {
  const [row] = await t.ctx.db.read.select({ n: count() }).from(endUsers);
  return Number(row!.n);
}

describe("rows", () => {
  test("valid rows are created invited, with their fields; hashes stay dormant; one audit event with the counts", async () => {
    const r = await importAs({
      appGroupId: fx.group.id,
      source: "auth0",
      sendInvites: false,
      users: [
        { email: "  Ann@Example.COM ", displayName: "Ann", emailVerified: true, passwordHash: BCRYPT, passwordAlgorithm: "bcrypt", externalId: "auth0|1" },
        { email: "ben@example.com" },
        { email: "cat@example.com", passwordHash: "pbkdf2_sha256$600000$salt$hash=", passwordAlgorithm: "pbkdf2-sha256" },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ appGroupId: fx.group.id, groupKey: fx.group.groupKey, source: "auth0", created: 3, duplicate: 0, invalid: 0, invitesSent: 0 });
    expect(r.body.rows.map((row: any) => [row.index, row.status, row.email])).toEqual([
      [0, "created", "ann@example.com"],
      [1, "created", "ben@example.com"],
      [2, "created", "cat@example.com"],
    ]);
    const stored = await usersOf(fx.group.id);
    const ann = stored.find((u) => u.email === "ann@example.com")!;
    expect(ann).toMatchObject({
      id: r.body.rows[0].endUserId,
      orgId: fx.org.orgId,
      status: "invited",
      emailVerified: true,
      displayName: "Ann",
      importSource: "auth0",
      importedPasswordHash: BCRYPT,
      importedPasswordAlgorithm: "bcrypt",
      externalId: "auth0|1",
      lastSignInAt: null,
    });
    expect(stored.find((u) => u.email === "ben@example.com")).toMatchObject({ emailVerified: false, displayName: null, importedPasswordHash: null, importedPasswordAlgorithm: null, externalId: null });
    const [event] = await importEvents();
    expect(event!.appGroupId).toBe(fx.group.id);
    expect(event!.payload).toEqual({ appGroupId: fx.group.id, source: "auth0", rows: 3, created: 3, duplicate: 0, invalid: 0, dormantPasswordHashes: 2, sendInvites: false });
    expect(JSON.stringify(event!.payload)).not.toContain(BCRYPT);
  });

  test("duplicates in the batch and against the group answer duplicate with the existing id; invalid rows never stop the others", async () => {
    const before = await usersOf(fx.group.id);
    const ann = before.find((u) => u.email === "ann@example.com")!;
    const users: unknown[] = [
      { email: "ANN@example.com", displayName: "Someone else" }, // 0 existing
      { email: "dan@example.com" }, // 1 created
      { email: "Dan@Example.com" }, // 2 batch duplicate of 1
      "not an object", // 3
      null, // 4
      [{ email: "x@example.com" }], // 5
      { email: "eve@example.com", password: "hunter2" }, // 6 unknown field
      {}, // 7 email missing
      { email: "not-an-address" }, // 8
      { email: `${"a".repeat(250)}@example.com` }, // 9 too long
      { email: 42 }, // 10
      { email: "fay@example.com", displayName: 7 }, // 11
      { email: "fay@example.com", displayName: "x".repeat(201) }, // 12
      { email: "fay@example.com", emailVerified: "true" }, // 13
      { email: "fay@example.com", passwordHash: BCRYPT }, // 14 hash without algorithm
      { email: "fay@example.com", passwordHash: BCRYPT, passwordAlgorithm: "md5" }, // 15
      { email: "fay@example.com", passwordHash: "not bcrypt", passwordAlgorithm: "bcrypt" }, // 16 spaces
      { email: "fay@example.com", passwordHash: "$2b$nope", passwordAlgorithm: "bcrypt" }, // 17 not the format
      { email: "fay@example.com", passwordAlgorithm: "bcrypt" }, // 18 algorithm alone
      { email: "fay@example.com", externalId: "e".repeat(256) }, // 19
      { email: "fay@example.com", displayName: "Bad\u0007name" }, // 20
      { email: "gil@example.com", displayName: null, emailVerified: null, passwordHash: null, passwordAlgorithm: null, externalId: null }, // 21 created
    ];
    const r = await importAs({ appGroupId: fx.group.groupKey, source: "csv", users });
    expect(r.status).toBe(200);
    const rows = r.body.rows;
    expect(rows).toHaveLength(users.length);
    expect(rows[0]).toEqual({ index: 0, status: "duplicate", endUserId: ann.id, email: "ann@example.com" });
    expect(rows[1]).toMatchObject({ status: "created", email: "dan@example.com" });
    expect(rows[2]).toEqual({ index: 2, status: "duplicate", endUserId: rows[1].endUserId, email: "dan@example.com" });
    const invalid = (i: number) => [rows[i].status, rows[i].error, rows[i].field, rows[i].endUserId];
    expect(invalid(3)).toEqual(["invalid", "invalid_row", undefined, null]);
    expect(invalid(4)).toEqual(["invalid", "invalid_row", undefined, null]);
    expect(invalid(5)).toEqual(["invalid", "invalid_row", undefined, null]);
    expect(invalid(6)).toEqual(["invalid", "unknown_field", "password", null]);
    expect(invalid(7)).toEqual(["invalid", "invalid_email", "email", null]);
    expect(invalid(8)).toEqual(["invalid", "invalid_email", "email", null]);
    expect(rows[8].email).toBe("not-an-address");
    expect(invalid(9)).toEqual(["invalid", "invalid_email", "email", null]);
    expect(invalid(10)).toEqual(["invalid", "invalid_email", "email", null]);
    expect(rows[10].email).toBeNull();
    expect(invalid(11)).toEqual(["invalid", "invalid_display_name", "displayName", null]);
    expect(invalid(12)).toEqual(["invalid", "invalid_display_name", "displayName", null]);
    expect(invalid(13)).toEqual(["invalid", "invalid_email_verified", "emailVerified", null]);
    expect(invalid(14)).toEqual(["invalid", "invalid_password_algorithm", "passwordAlgorithm", null]);
    expect(invalid(15)).toEqual(["invalid", "invalid_password_algorithm", "passwordAlgorithm", null]);
    expect(invalid(16)).toEqual(["invalid", "invalid_password_hash", "passwordHash", null]);
    expect(invalid(17)).toEqual(["invalid", "invalid_password_hash", "passwordHash", null]);
    expect(invalid(18)).toEqual(["invalid", "invalid_password_algorithm", "passwordAlgorithm", null]);
    expect(invalid(19)).toEqual(["invalid", "invalid_external_id", "externalId", null]);
    expect(invalid(20)).toEqual(["invalid", "invalid_display_name", "displayName", null]);
    expect(rows[21]).toMatchObject({ status: "created", email: "gil@example.com" });
    for (const row of rows.filter((x: any) => x.status === "invalid")) expect(typeof row.message).toBe("string");
    expect(r.body).toMatchObject({ created: 2, duplicate: 2, invalid: 18 });

    const after = await usersOf(fx.group.id);
    expect(after.length).toBe(before.length + 2);
    // The existing user is untouched by its duplicate row.
    expect(after.find((u) => u.id === ann.id)).toEqual(ann);
    expect(after.some((u) => u.email === "fay@example.com" || u.email === "eve@example.com")).toBe(false);
    const events = await importEvents();
    expect(events.at(-1)!.payload).toMatchObject({ source: "csv", rows: 22, created: 2, duplicate: 2, invalid: 18 });
  });

  test("an address that is an end user of another group is a new user in this one", async () => {
    const r = await importAs({ appGroupId: secondGroup.id, source: "csv", users: [{ email: "ann@example.com" }] });
    expect(r.status).toBe(200);
    expect(r.body.rows[0].status).toBe("created");
    const first = (await usersOf(fx.group.id)).find((u) => u.email === "ann@example.com")!;
    expect(r.body.rows[0].endUserId).not.toBe(first.id);
  });
});

describe("500 rows", () => {
  test("500 rows are taken in one request", async () => {
    const users = Array.from({ length: 500 }, (_, i) => ({ email: `bulk${i}@example.com`, displayName: `Bulk ${i}` }));
    const r = await importAs({ appGroupId: secondGroup.id, source: "bulk", users });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ created: 500, duplicate: 0, invalid: 0 });
    expect(new Set(r.body.rows.map((row: any) => row.endUserId)).size).toBe(500);
    expect((await usersOf(secondGroup.id)).filter((u) => u.importSource === "bulk")).toHaveLength(500);
  });

  test("501 rows are 400 too_many_rows and nothing is written", async () => {
    const before = await endUserCount();
    const events = (await importEvents()).length;
    const users = Array.from({ length: 501 }, (_, i) => ({ email: `over${i}@example.com` }));
    const r = await importAs({ appGroupId: fx.group.id, source: "bulk", users });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "too_many_rows", field: "users", limit: 500 });
    expect(await endUserCount()).toBe(before);
    expect((await importEvents()).length).toBe(events);
  });
});

describe("which groups a key reaches", () => {
  test("unknown, another organization's and deleted groups are 404; nothing is written", async () => {
    const before = await endUserCount();
    const temp = (await orgApi(t, fx.org)("POST", "/app-groups", fx.org.owner.token, { name: "Temporary" })).body;
    await orgApi(t, fx.org)("DELETE", `/app-groups/${temp.id}`, fx.org.owner.token);
    for (const appGroupId of ["nope", "appgroup_00000000000000000000000000000000", otherGroup.id, otherGroup.groupKey, temp.id, temp.groupKey]) {
      const r = await importAs({ appGroupId, source: "x", users: [{ email: "lost@example.com" }] });
      expect(r.status).toBe(404);
      expect(r.body.error).toBe("not_found");
    }
    expect(await endUserCount()).toBe(before);
  });

  test("an app-group-scoped key imports into its own group only", async () => {
    const own = await importAs({ appGroupId: secondGroup.groupKey, source: "scoped", users: [{ email: "scoped@example.com" }] }, scopedKey);
    expect(own.status).toBe(200);
    expect(own.body.created).toBe(1);
    const before = await endUserCount();
    const elsewhere = await importAs({ appGroupId: fx.group.id, source: "scoped", users: [{ email: "scoped2@example.com" }] }, scopedKey);
    expect(elsewhere.status).toBe(404);
    expect(await endUserCount()).toBe(before);
  });

  test("no key, or a key that is not one, is 401", async () => {
    expect((await importAs({ appGroupId: fx.group.id, source: "x", users: [{ email: "k@example.com" }] }, null)).status).toBe(401);
    expect((await importAs({ appGroupId: fx.group.id, source: "x", users: [{ email: "k@example.com" }] }, "ah_live_" + "x".repeat(43))).status).toBe(401);
  });
});

describe("bad bodies", () => {
  test("malformed JSON is 400 invalid_json", async () => {
    const r = await t.request("POST", "/api/public/v1/end-users/import", { body: '{"appGroupId": ', headers: { "x-api-key": key, "content-type": "application/json" } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invalid_json");
  });

  test("wrong types and missing fields are 400 naming the field; nothing is written", async () => {
    const before = await endUserCount();
    const good = { appGroupId: fx.group.id, source: "x", users: [{ email: "typed@example.com" }] };
    for (const [json, field] of [
      [{ ...good, appGroupId: 12 }, "appGroupId"],
      [{ ...good, appGroupId: "" }, "appGroupId"],
      [{ ...good, source: undefined }, "source"],
      [{ ...good, source: "s".repeat(101) }, "source"],
      [{ ...good, sendInvites: "yes" }, "sendInvites"],
      [{ ...good, users: "everyone" }, "users"],
      [{ ...good, users: [] }, "users"],
      [{ ...good, extra: true }, "extra"],
    ] as const) {
      const r = await importAs(json);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_request", field });
    }
    expect(await endUserCount()).toBe(before);
  });
});

describe("invitations", () => {
  test("sendInvites e-mails each created user the hosted login link of the production web application, after the commit", async () => {
    const r = await importAs({
      appGroupId: fx.group.id,
      source: "invites",
      sendInvites: true,
      users: [{ email: "Invitee@Example.com" }, { email: "ann@example.com" }, { email: "broken" }, { email: "invitee@example.com" }],
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ created: 1, duplicate: 2, invalid: 1, invitesSent: 1 });
    const [mail, ...more] = await mailTo(t, "invitee@example.com");
    expect(more).toHaveLength(0);
    expect(mail!.subject).toContain("Import Co brand");
    expect(mail!.links).toEqual([`${t.config.portalBase}/login/${fx.clientKey}`]);
    expect(await mailTo(t, "ann@example.com")).toHaveLength(0);
  });

  test("an active production web application is preferred over other ones", async () => {
    const api = orgApi(t, fx.org);
    const group = (await api("POST", "/app-groups", fx.org.owner.token, { name: "Invite pick", firstApplication: { platform: "ios", environment: "development" } })).body;
    const web = (await api("POST", `/app-groups/${group.id}/apps`, fx.org.owner.token, { name: "Web", platform: "web", environment: "production", allowedOrigins: [], callbackUrls: [] })).body;
    const r = await importAs({ appGroupId: group.id, source: "x", sendInvites: true, users: [{ email: "picked@example.com" }] });
    expect(r.status).toBe(200);
    expect((await mailTo(t, "picked@example.com"))[0]!.links).toEqual([`${t.config.portalBase}/login/${web.clientKey}`]);
  });

  test("with no active application, sendInvites is 409 no_active_application and nothing is written", async () => {
    const api = orgApi(t, fx.org);
    const group = (await api("POST", "/app-groups", fx.org.owner.token, { name: "No apps live" })).body;
    await api("PATCH", `/applications/${group.applications[0].id}/status`, fx.org.owner.token, { status: "disabled" });
    const r = await importAs({ appGroupId: group.id, source: "x", sendInvites: true, users: [{ email: "nobody@example.com" }] });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "no_active_application", field: "sendInvites" });
    expect(await usersOf(group.id)).toHaveLength(0);
    expect(await mailTo(t, "nobody@example.com")).toHaveLength(0);
    // Without invitations the same import goes through.
    expect((await importAs({ appGroupId: group.id, source: "x", users: [{ email: "nobody@example.com" }] })).body.created).toBe(1);
  });
});

describe("signing in after the import", () => {
  test("an imported user's first magic-link sign-in activates the same end user; the hash stays dormant", async () => {
    const [imported] = (await usersOf(fx.group.id)).filter((u) => u.email === "ann@example.com");
    expect(imported!.status).toBe("invited");
    expect((await fx.call("POST", "/auth/magic-link/send", { email: "Ann@Example.com" })).status).toBe(200);
    const link = new URL((await mailTo(t, "ann@example.com")).at(-1)!.links[0]!);
    const verified: TestResponse = await fx.call("POST", "/auth/magic-link/verify", { token: link.searchParams.get("token") });
    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe("signed_in");
    expect(verified.body.endUser).toMatchObject({ id: imported!.id, status: "active", emailVerified: true });
    expect(verified.body.newUser).toBe(false);
    const [after] = (await usersOf(fx.group.id)).filter((u) => u.email === "ann@example.com");
    expect(after).toMatchObject({ status: "active", importedPasswordHash: BCRYPT, importedPasswordAlgorithm: "bcrypt" });
  });
});
