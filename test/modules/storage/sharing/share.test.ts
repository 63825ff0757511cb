/**
 * One-link sharing (spec 3.4, 4.1, 4.2): PATCH share {mode}, POST share/rotate on the
 * dashboard and on public v1, and the public view GET /api/public/share/{token}:
 * dormant tokens, rotated links dead forever, the org's block on link sharing,
 * permissions, other organizations' ids, bad bodies, and the share_viewed event.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { files } from "../../../../src/modules/storage/files/schema";
import { addMember, createOrg, type SignedInUser, type TestOrg, createAppGroup } from "../../../support/accounts";
import { MINUTE } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { createKey, eventsOf, fileRow, seedFile, type FileRow } from "./support";

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let member: SignedInUser;
let orgKey: string;
let groupKey: string;
const GUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PORTAL = "https://portal.share.example";

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNET_PORTAL_BASE: PORTAL } });
  org = await createOrg(t, "owner@share.example", "Share Co");
  other = await createOrg(t, "owner@elsewhere.example", "Elsewhere");
  member = await addMember(t, org, "member@share.example");
  orgKey = (await createKey(t, org)).key;
  groupKey = (await createKey(t, org, { appGroupId: (await createAppGroup(t, org)).groupKey })).key;
});
afterAll(() => t.close());

const share = (o: TestOrg, fileId: string, json: unknown, token = o.owner.token) => t.request("PATCH", `/api/org/${o.slug}/files/${fileId}/share`, { token, json });
const rotate = (o: TestOrg, fileId: string, token = o.owner.token) => t.request("POST", `/api/org/${o.slug}/files/${fileId}/share/rotate`, { token });
const v1 = (method: string, path: string, key: string | null, json?: unknown) =>
  t.request(method, `/api/public/v1${path}`, { json, headers: key ? { "x-api-key": key } : {} });
const view = (token: string, headers: Record<string, string> = {}) => t.request("GET", `/api/public/share/${token}`, { headers });

async function setBlockExternalSharing(on: boolean) {
  const r = await t.request("PUT", `/api/org/${org.slug}/settings/security`, {
    token: org.owner.token,
    json: { securityMode: "standard", requirePasskeyForAdmins: false, sessionMaxAgeDays: 30, blockExternalSharing: on, allowedEmailDomains: [] },
  });
  expect(r.status).toBe(200);
}

/** What a refusal must leave alone. */
async function expectUnchanged(before: FileRow) {
  expect(await fileRow(t, before.id)).toEqual(before);
}

describe("share mode", () => {
  test("link_anyone mints a 128-bit GUID and the link {portal_base}/f/{token}; the event never carries the token", async () => {
    const file = await seedFile(t, org, { name: "plan.txt" });
    expect(file.shareMode).toBe("restricted");
    const r = await share(org, file.id, { mode: "link_anyone" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: file.id, fileName: "plan.txt", mode: "link_anyone", shareToken: expect.stringMatching(GUID_V4), shareUrl: `${PORTAL}/f/${r.body.shareToken}` });
    const events = (await eventsOf(t, org, "org.file.share_mode_changed")).filter((e) => e.payload.fileId === file.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({ fileId: file.id, by: "person", from: "restricted", to: "link_anyone" });
    expect(events[0]).toMatchObject({ actorKind: "user", actorId: org.owner.userId });
    expect(JSON.stringify(events[0])).not.toContain(r.body.shareToken);
  });

  test("the same mode again changes nothing and records nothing", async () => {
    const file = await seedFile(t, org);
    const first = await share(org, file.id, { mode: "link_anyone" });
    const again = await share(org, file.id, { mode: "link_anyone" });
    expect(again.body).toEqual(first.body);
    const restricted = await seedFile(t, org);
    const r = await share(org, restricted.id, { mode: "restricted" });
    expect(r.body).toMatchObject({ mode: "restricted", shareToken: null, shareUrl: null });
    const events = (await eventsOf(t, org, "org.file.share_mode_changed")).filter((e) => [file.id, restricted.id].includes(e.payload.fileId as string));
    expect(events).toHaveLength(1);
  });

  test("back to restricted: the token stays dormant (its link answers 403) and sharing again revives the same link", async () => {
    const file = await seedFile(t, org);
    const shared = await share(org, file.id, { mode: "link_anyone" });
    const token = shared.body.shareToken;
    expect((await view(token)).status).toBe(200);
    const off = await share(org, file.id, { mode: "restricted" });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ mode: "restricted", shareToken: token, shareUrl: null });
    const refused = await view(token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("not_shared");
    const on = await share(org, file.id, { mode: "link_anyone" });
    expect(on.body).toMatchObject({ shareToken: token, shareUrl: `${PORTAL}/f/${token}` });
    expect((await view(token)).status).toBe(200);
  });

  test("parallel first shares mint one token and record one change", async () => {
    const file = await seedFile(t, org);
    const results = await Promise.all(Array.from({ length: 5 }, () => share(org, file.id, { mode: "link_anyone" })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.shareToken)).size).toBe(1);
    expect((await fileRow(t, file.id))!.shareToken).toBe(results[0]!.body.shareToken);
    expect((await eventsOf(t, org, "org.file.share_mode_changed")).filter((e) => e.payload.fileId === file.id)).toHaveLength(1);
  });

  test("a mode other than restricted or link_anyone is 400 invalid_mode naming the field; nothing changes", async () => {
    const file = await seedFile(t, org);
    for (const mode of ["public", "", "LINK_ANYONE", "link_anyone ", "anyone"]) {
      const r = await share(org, file.id, { mode });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_mode", field: "mode" });
    }
    await expectUnchanged(file);
  });

  test("bad bodies: wrong type, missing mode, an unknown field, oversize, malformed JSON are 400, never 500", async () => {
    const file = await seedFile(t, org);
    for (const json of [{ mode: 1 }, { mode: null }, {}, { mode: "link_anyone", extra: true }, { mode: "x".repeat(51) }, ["link_anyone"]]) {
      const r = await share(org, file.id, json);
      expect(r.status).toBe(400);
      expect(["invalid_request", "invalid_mode"]).toContain(r.body.error);
    }
    const malformed = await t.request("PATCH", `/api/org/${org.slug}/files/${file.id}/share`, {
      token: org.owner.token,
      body: '{"mode": "link_anyone"',
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("invalid_json");
    await expectUnchanged(file);
  });

  test("another organization's file, an unknown id and a trashed file are 404 for share and rotate", async () => {
    const theirs = await seedFile(t, other, { uploadedBy: other.owner.userId });
    const trashed = await seedFile(t, org);
    await t.ctx.db.write((tx) => tx.update(files).set({ trashedAt: t.clock.now(), trashedBy: org.owner.userId, restorableUntil: t.clock.now() + 7 * 86_400_000 }).where(eq(files.id, trashed.id)));
    for (const id of [theirs.id, crypto.randomUUID(), "not-a-uuid", trashed.id]) {
      expect((await share(org, id, { mode: "link_anyone" })).status).toBe(404);
      expect((await rotate(org, id)).status).toBe(404);
      expect((await v1("PATCH", `/files/${id}/share`, orgKey, { mode: "link_anyone" })).status).toBe(404);
    }
    expect((await fileRow(t, theirs.id))!.shareToken).toBeNull();
  });

  test("a member shares their own files, not someone else's (403 PERMISSION_DENIED); a non-member gets 404", async () => {
    const own = await seedFile(t, org, { uploadedBy: member.userId });
    expect((await share(org, own.id, { mode: "link_anyone" }, member.token)).status).toBe(200);
    const owners = await seedFile(t, org);
    const r = await share(org, owners.id, { mode: "link_anyone" }, member.token);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("PERMISSION_DENIED");
    expect((await rotate(org, owners.id, member.token)).status).toBe(403);
    await expectUnchanged(owners);
    expect((await share(org, owners.id, { mode: "link_anyone" }, other.owner.token)).status).toBe(404);
    expect((await t.request("PATCH", `/api/org/${org.slug}/files/${owners.id}/share`, { json: { mode: "link_anyone" } })).status).toBe(401);
  });

  test("GET share shows the mode and link; members read only their own files' sharing", async () => {
    const file = await seedFile(t, org);
    const shared = await share(org, file.id, { mode: "link_anyone" });
    const r = await t.request("GET", `/api/org/${org.slug}/files/${file.id}/share`, { token: org.owner.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(shared.body);
    expect((await t.request("GET", `/api/org/${org.slug}/files/${file.id}/share`, { token: member.token })).status).toBe(403);
    expect((await t.request("GET", `/api/org/${other.slug}/files/${file.id}/share`, { token: other.owner.token })).status).toBe(404);
  });
});

describe("rotation", () => {
  test("a new token in the same mode; the earlier link is 404 for good, even after re-sharing", async () => {
    const file = await seedFile(t, org);
    const first = (await share(org, file.id, { mode: "link_anyone" })).body.shareToken;
    const r = await rotate(org, file.id);
    expect(r.status).toBe(200);
    const second = r.body.shareToken;
    expect(second).toMatch(GUID_V4);
    expect(r.body.mode).toBe("link_anyone");
    expect(second).not.toBe(first);
    expect(r.body.shareUrl).toBe(`${PORTAL}/f/${second}`);
    expect((await view(first)).status).toBe(404);
    expect((await view(second)).status).toBe(200);
    await share(org, file.id, { mode: "restricted" });
    await share(org, file.id, { mode: "link_anyone" });
    expect((await view(first)).status).toBe(404);
    const events = (await eventsOf(t, org, "org.file.share_token_rotated")).filter((e) => e.payload.fileId === file.id);
    expect(events.map((e) => e.payload)).toEqual([{ fileId: file.id }]);
  });

  test("rotating a restricted file keeps it restricted with a fresh dormant token", async () => {
    const file = await seedFile(t, org);
    const first = (await share(org, file.id, { mode: "link_anyone" })).body.shareToken;
    await share(org, file.id, { mode: "restricted" });
    const r = await rotate(org, file.id);
    expect(r.body).toMatchObject({ mode: "restricted", shareUrl: null });
    expect(r.body.shareToken).not.toBe(first);
    expect((await view(first)).status).toBe(404);
    expect((await view(r.body.shareToken)).status).toBe(403);
  });
});

describe("the organization blocks link sharing", () => {
  test("a switch to link_anyone is 409 external_sharing_disabled; live links stop serving (403) until it is lifted", async () => {
    const live = await seedFile(t, org);
    const token = (await share(org, live.id, { mode: "link_anyone" })).body.shareToken;
    const file = await seedFile(t, org);
    await setBlockExternalSharing(true);
    try {
      const r = await share(org, file.id, { mode: "link_anyone" });
      expect(r.status).toBe(409);
      expect(r.body.error).toBe("external_sharing_disabled");
      expect((await v1("PATCH", `/files/${file.id}/share`, orgKey, { mode: "link_anyone" })).status).toBe(409);
      await expectUnchanged(file);
      expect((await view(token)).status).toBe(403);
      // Restricting and rotating stay possible.
      expect((await rotate(org, live.id)).status).toBe(200);
      expect((await share(org, live.id, { mode: "restricted" })).status).toBe(200);
    } finally {
      await setBlockExternalSharing(false);
    }
    expect((await share(org, file.id, { mode: "link_anyone" })).status).toBe(200);
  });
});

describe("machines on the dashboard routes", () => {
  test("an M2M token shares and rotates through /api/org/{slug}; the events name the machine", async () => {
    const file = await seedFile(t, org);
    const exchanged = await t.request("POST", "/api/m2m/token", { json: { orgSlug: org.slug, apiKey: orgKey } });
    expect(exchanged.status).toBe(200);
    const token = exchanged.body.accessToken;
    const r = await share(org, file.id, { mode: "link_anyone" }, token);
    expect(r.status).toBe(200);
    expect((await rotate(org, file.id, token)).status).toBe(200);
    const [event] = (await eventsOf(t, org, "org.file.share_mode_changed")).filter((e) => e.payload.fileId === file.id);
    expect(event).toMatchObject({ actorKind: "m2m" });
  });
});

describe("public v1 share routes", () => {
  test("an org-wide key shares and rotates; the events name the key", async () => {
    const file = await seedFile(t, org, { uploadedBy: null, uploadedByKeyId: "key-upload" });
    const r = await v1("PATCH", `/files/${file.id}/share`, orgKey, { mode: "link_anyone" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: file.id, mode: "link_anyone", shareUrl: `${PORTAL}/f/${r.body.shareToken}` });
    const rotated = await v1("POST", `/files/${file.id}/share/rotate`, orgKey);
    expect(rotated.status).toBe(200);
    expect(rotated.body.shareToken).not.toBe(r.body.shareToken);
    const [event] = (await eventsOf(t, org, "org.file.share_token_rotated")).filter((e) => e.payload.fileId === file.id);
    expect(event).toMatchObject({ actorKind: "api_key" });
  });

  test("no key 401, an app-group-scoped key 401; invalid_mode as on the dashboard", async () => {
    const file = await seedFile(t, org);
    expect((await v1("PATCH", `/files/${file.id}/share`, null, { mode: "link_anyone" })).status).toBe(401);
    const group = await v1("PATCH", `/files/${file.id}/share`, groupKey, { mode: "link_anyone" });
    expect(group.status).toBe(401);
    expect(group.body.error).toBe("org_wide_key_required");
    expect((await v1("POST", `/files/${file.id}/share/rotate`, groupKey)).status).toBe(401);
    const bad = await v1("PATCH", `/files/${file.id}/share`, orgKey, { mode: "everyone" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("invalid_mode");
    await expectUnchanged(file);
  });
});

describe("the public share view", () => {
  test("metadata and content URLs good for 10 minutes; the view is recorded with hashed IP and user agent and counts as an access", async () => {
    const file = await seedFile(t, org, { name: "réunion notes.txt", content: "ordre du jour\n" });
    const token = (await share(org, file.id, { mode: "link_anyone" })).body.shareToken;
    t.clock.advance(5 * MINUTE);
    const r = await view(token, { "user-agent": "ShareTest/1.0", "x-forwarded-for": "203.0.113.9" });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.body).toEqual({
      fileName: "réunion notes.txt",
      contentType: "text/plain",
      sizeBytes: 14,
      sha256: file.sha256,
      uploadedAt: new Date(file.createdAt).toISOString(),
      url: expect.any(String),
      downloadUrl: expect.any(String),
      expiresInMinutes: 10,
      expiresAt: new Date(t.clock.now() + 10 * MINUTE).toISOString(),
    });
    const content = await t.request("GET", new URL(r.body.url).pathname + new URL(r.body.url).search);
    expect(content.status).toBe(200);
    expect(content.text).toBe("ordre du jour\n");
    expect(content.headers.get("content-disposition")).toContain("inline");
    const download = await t.request("GET", new URL(r.body.downloadUrl).pathname + new URL(r.body.downloadUrl).search);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect((await fileRow(t, file.id))!.lastAccessedAt).toBe(t.clock.now());
    const [event] = (await eventsOf(t, org, "org.file.share_viewed")).filter((e) => e.payload.fileId === file.id);
    expect(event).toMatchObject({ actorKind: "system", payload: { fileId: file.id } });
    expect(event!.userAgentHash).toMatch(/^[0-9a-f]{64}$|^[A-Za-z0-9_-]{20,}$/);
    expect(event!.userAgentHash).not.toContain("ShareTest");
    t.clock.advance(11 * MINUTE);
    expect((await t.request("GET", new URL(r.body.url).pathname + new URL(r.body.url).search)).status).not.toBe(200);
  });

  test("unknown, malformed and rotated tokens are 404; a trashed shared file is 403; a deleted one 404; nothing is recorded", async () => {
    const before = (await eventsOf(t, org, "org.file.share_viewed")).length;
    for (const token of [crypto.randomUUID(), "not-a-token", "00000000-0000-0000-0000-000000000000", "x".repeat(100)]) {
      const r = await view(token);
      expect(r.status).toBe(404);
    }
    const file = await seedFile(t, org);
    const token = (await share(org, file.id, { mode: "link_anyone" })).body.shareToken;
    await t.ctx.db.write((tx) => tx.update(files).set({ trashedAt: t.clock.now(), trashedBy: org.owner.userId, restorableUntil: t.clock.now() + 86_400_000 }).where(eq(files.id, file.id)));
    const trashed = await view(token);
    expect(trashed.status).toBe(403);
    expect(trashed.body.error).toBe("not_shared");
    await t.ctx.db.write((tx) => tx.delete(files).where(eq(files.id, file.id)));
    expect((await view(token)).status).toBe(404);
    expect((await eventsOf(t, org, "org.file.share_viewed")).length).toBe(before);
  });

  test("at most 120 views per minute per client IP: then 429 rate_limited with Retry-After, and the refusal records nothing", async () => {
    const file = await seedFile(t, org);
    const token = (await share(org, file.id, { mode: "link_anyone" })).body.shareToken;
    // A fresh window: earlier tests viewed from the same (unknown) address.
    t.clock.set(Math.ceil(t.clock.now() / MINUTE) * MINUTE + MINUTE);
    for (let i = 0; i < 120; i++) expect((await view(token)).status).toBe(200);
    const refused = await view(token);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await eventsOf(t, org, "org.file.share_viewed")).filter((e) => e.payload.fileId === file.id)).toHaveLength(120);
    t.clock.advance(MINUTE);
    expect((await view(token)).status).toBe(200);
  });
});
