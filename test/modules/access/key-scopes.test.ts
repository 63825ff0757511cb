/**
 * A key, or a token issued from it, never does more than its scopes, and a key scoped to
 * one app group reaches that group only, on every route family (DESIGN §5; spec 4.2, 5.3).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createAppGroup, createOrg, signInAs, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { seedFile, type FileRow } from "../storage/sharing/support";

let t: TestApp;
let org: TestOrg;
let file: FileRow;
let narrowKey: string;
let groupKey: string;
let group: { id: string; groupKey: string };

async function createKey(token: string, body: Record<string, unknown>): Promise<string> {
  const r = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token, json: body });
  if (r.status !== 201) throw new Error(`api key: ${r.status} ${r.text}`);
  return r.body.key;
}

async function m2m(apiKey: string): Promise<string> {
  const r = await t.request("POST", "/api/m2m/token", { json: { orgSlug: org.slug, apiKey } });
  if (r.status !== 200) throw new Error(`m2m: ${r.status} ${r.text}`);
  return r.body.accessToken;
}

const v1 = (method: string, path: string, apiKey: string, json?: unknown) => t.request(method, `/api/public/v1${path}`, { json, headers: { "x-api-key": apiKey } });

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "owner@scopes.example", "Scopes Co", { plan: "pro" });
  file = await seedFile(t, org, { name: "owners-secret.txt" });
  narrowKey = await createKey(org.owner.token, { scopes: ["org.member.list"] });
  group = await createAppGroup(t, org, "Web");
  groupKey = await createKey(org.owner.token, { scopes: ["org.*"], appGroupId: group.groupKey });
});
afterAll(() => t.close());

describe("public v1 checks the key's scopes", () => {
  test("a key holding only org.member.list reaches no file, share, lifecycle rule or usage: 403 naming the scope", async () => {
    const attempts: Array<[string, string, unknown?, string?]> = [
      ["GET", "/files", undefined, "org.org_file.list"],
      ["GET", `/files/${file.id}/download`, undefined, "org.org_file.read"],
      ["DELETE", `/files/${file.id}`, undefined, "org.org_file.delete"],
      ["POST", `/files/${file.id}/restore`, undefined, "org.org_file.update"],
      ["PATCH", `/files/${file.id}/share`, { mode: "link_anyone" }, "org.org_file.update"],
      ["POST", `/files/${file.id}/share/rotate`, undefined, "org.org_file.update"],
      ["GET", "/storage/lifecycle/rules", undefined, "org.lifecycle_rule.list"],
      ["GET", "/storage/usage", undefined, "org.org_file.list"],
      ["POST", "/end-users/import", { appGroupId: group.id, source: "csv", users: [{ email: "a@example.com" }] }, "org.end_user.import"],
    ];
    for (const [method, path, json, scope] of attempts) {
      const r = await v1(method, path, narrowKey, json);
      expect({ method, path, status: r.status, body: r.body }).toEqual({ method, path, status: 403, body: { error: "PERMISSION_DENIED", scope } });
    }
    // Nothing changed: the file is live, unshared, and no end user was imported.
    const owner = await t.request("GET", `/api/org/${org.slug}/files/${file.id}/share`, { token: org.owner.token });
    expect(owner.body.mode).not.toBe("link_anyone");
    expect((await t.request("GET", `/api/org/${org.slug}/files?view=all`, { token: org.owner.token })).body.files.map((f: any) => f.id)).toContain(file.id);
  });

  test("an upload with a key that may not create files is 403 and stores nothing", async () => {
    const form = new FormData();
    form.append("file", new Blob(["x"]), "x.txt");
    const r = await t.request("POST", "/api/public/v1/files", { body: form, headers: { "x-api-key": narrowKey } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: "PERMISSION_DENIED", scope: "org.org_file.create" });
    const listed = (await t.request("GET", `/api/org/${org.slug}/files?view=all`, { token: org.owner.token })).body.files;
    expect(listed.map((f: any) => f.name)).not.toContain("x.txt");
  });

  test("a key holding the file scopes does what they allow", async () => {
    const reader = await createKey(org.owner.token, { scopes: ["org.org_file.list", "org.org_file.read"] });
    expect((await v1("GET", "/files", reader)).status).toBe(200);
    expect((await v1("GET", `/files/${file.id}/download`, reader)).status).toBe(200);
    expect((await v1("DELETE", `/files/${file.id}`, reader)).body).toEqual({ error: "PERMISSION_DENIED", scope: "org.org_file.delete" });
  });

  test("a member cannot reach a file through a key they mint: the key is capped by what they hold", async () => {
    // A custom role with API key creation and the member list, but no file scope.
    const role = await t.request("POST", `/api/org/${org.slug}/roles`, {
      token: org.owner.token,
      json: { key: "key_maker", name: "Key maker", scopes: ["org.api_key.create", "org.member.list"] },
    });
    expect(role.status).toBe(201);
    const maker = await signInAs(t, "maker@scopes.example");
    const invite = await t.request("POST", `/api/org/${org.slug}/invitations`, { token: org.owner.token, json: { email: maker.email, role: role.body.id } });
    expect(invite.status).toBe(201);
    expect((await t.request("POST", `/api/public/invitations/${invite.body.code}/accept`, { token: maker.token })).status).toBe(200);
    expect((await t.request("GET", `/api/org/${org.slug}/files/${file.id}/download`, { token: maker.token })).status).toBe(403);
    // A key with a file scope the member lacks cannot be made; one within their scopes reaches no file.
    const tooWide = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: maker.token, json: { scopes: ["org.org_file.read"] } });
    expect(tooWide.status).toBe(403);
    const minted = await createKey(maker.token, { scopes: ["org.member.list"] });
    for (const [method, path, json] of [
      ["GET", `/files/${file.id}/download`],
      ["PATCH", `/files/${file.id}/share`, { mode: "link_anyone" }],
      ["DELETE", `/files/${file.id}`],
    ] as const) {
      expect((await v1(method, path, minted, json)).status).toBe(403);
    }
  });
});

describe("a key scoped to one app group reaches that group only, through M2M too", () => {
  test("its token is refused on the org-wide storage routes: 401 org_wide_key_required", async () => {
    const token = await m2m(groupKey);
    const form = new FormData();
    form.append("file", new Blob(["x"]), "from-group.txt");
    const attempts: Array<[string, string, RequestInit["body"] | object | undefined]> = [
      ["GET", "/files?view=all", undefined],
      ["GET", `/files/${file.id}/download`, undefined],
      ["PATCH", `/files/${file.id}/share`, { mode: "link_anyone" }],
      ["POST", `/files/${file.id}/share/rotate`, undefined],
      ["DELETE", `/files/${file.id}`, undefined],
      ["GET", "/storage/usage", undefined],
      ["POST", "/storage/lifecycle/rules", { action: "trash", unaccessedDays: 30 }],
    ];
    for (const [method, path, json] of attempts) {
      const r = await t.request(method, `/api/org/${org.slug}${path}`, { token, json });
      expect({ method, path, status: r.status, error: r.body.error }).toEqual({ method, path, status: 401, error: "org_wide_key_required" });
    }
    const upload = await t.request("POST", `/api/org/${org.slug}/files`, { token, body: form });
    expect(upload.status).toBe(401);
    expect((await t.request("GET", `/api/org/${org.slug}/storage/lifecycle/rules`, { token: org.owner.token })).body.rules).toEqual([]);
  });

  test("it still reaches its own app group, and /me says what it is", async () => {
    const other = await createAppGroup(t, org, "Other brand");
    const token = await m2m(groupKey);
    const groups = await t.request("GET", `/api/org/${org.slug}/app-groups`, { token });
    expect(groups.status).toBe(200);
    expect(groups.body.map((g: any) => g.id)).toEqual([group.id]);
    expect((await t.request("GET", `/api/org/${org.slug}/app-groups/${other.id}`, { token })).status).toBe(404);
    const me = await t.request("GET", `/api/org/${org.slug}/me`, { token });
    expect(me.body).toMatchObject({ kind: "m2m", appGroupId: group.groupKey });
  });

  test("the same key on public v1 files is 401 as before", async () => {
    expect((await v1("GET", "/files", groupKey)).body.error).toBe("org_wide_key_required");
  });
});
