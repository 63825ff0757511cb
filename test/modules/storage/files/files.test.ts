/**
 * Files (spec 2.4, 3.4, 4.2, 5.3, §7, §8), the same suite on local disk and on S3
 * (a real s3rver): upload with its refusals, names, scope, listing and who sees what,
 * download URLs, trash and restore, the retention job, and the exact quota under
 * concurrency.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { files } from "../../../../src/modules/storage/files/schema";
import { auditEvents } from "../../../../src/platform/audit/schema";
import { addMember, createOrg, type SignedInUser, type TestOrg, createAppGroup } from "../../../support/accounts";
import { DAY, TestClock } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { startS3, type TestS3 } from "../../../support/s3";
import { brokenStore, bytes, fetchDownload, fileBody, MiB, multipart, sha256 } from "./support";

let s3: TestS3;
beforeAll(async () => (s3 = await startS3()));
afterAll(() => s3.stop());

const GiB = 1024 ** 3;

describe.each(["local", "s3"] as const)("files on %s storage", (backend) => {
  let t: TestApp;
  let org: TestOrg;
  let member: SignedInUser;
  let other: TestOrg;
  let orgKey: string;

  beforeAll(async () => {
    // S3 judges presigned URLs by real time, so the test clock starts there.
    t = await createTestApp({ env: backend === "s3" ? s3.env : {}, clock: new TestClock(Date.now()) });
    org = await createOrg(t, "owner@files.example", "Files Co");
    member = await addMember(t, org, "member@files.example");
    other = await createOrg(t, "owner@other.example", "Other Co");
    const key = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { scopes: ["org.*"] } });
    expect(key.status).toBe(201);
    orgKey = key.body.key;
  });
  afterAll(() => t.close());

  const upload = (o: TestOrg, token: string, body: ReturnType<typeof multipart>, query = "") =>
    t.request("POST", `/api/org/${o.slug}/files${query}`, { token, body: body.body, headers: body.headers });
  const usage = async (o: TestOrg) => (await t.request("GET", `/api/org/${o.slug}/storage/usage`, { token: o.owner.token })).body;
  const rowsOf = (orgId: string) => t.ctx.db.read.select().from(files).where(eq(files.orgId, orgId));
  const eventsOf = async (orgId: string, type: string) =>
    t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.type, type)));

  test("upload streams the file, records name, type, size and SHA-256, and the download URL serves the bytes", async () => {
    const data = bytes(300_000);
    const r = await upload(org, member.token, fileBody("Quarterly report.pdf", data, "application/pdf"));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ fileName: "Quarterly report.pdf", contentType: "application/pdf", sizeBytes: 300_000, sha256: sha256(data), scope: "free", storageClass: "standard", uploadedBy: member.userId, deletedAt: null, restorableUntil: null });
    expect(r.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(r.body.uploadedAt).getTime()).toBe(t.clock.now());
    const [event] = await eventsOf(org.orgId, "org.file.uploaded");
    expect(event?.payload).toMatchObject({ fileId: r.body.id, sizeBytes: 300_000, sha256: sha256(data), scope: "free" });
    expect(event?.actorId).toBe(member.userId);

    const d = await t.request("GET", `/api/org/${org.slug}/files/${r.body.id}/download`, { token: member.token });
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ fileName: "Quarterly report.pdf", expiresInMinutes: 10 });
    const fetched = await fetchDownload(t, d.body.url);
    expect(fetched.status).toBe(200);
    expect(sha256(fetched.bytes)).toBe(sha256(data));
    expect(fetched.headers.get("content-disposition")).toContain('filename="Quarterly report.pdf"');
    if (backend === "local") {
      // Tampered or expired local links are refused by the binary.
      expect((await fetchDownload(t, d.body.url.replace("name=Quarterly", "name=Other"))).status).toBe(403);
      t.clock.advance(600_001);
      expect((await fetchDownload(t, d.body.url)).status).toBe(403);
      t.clock.advance(-600_001);
    }
  });

  test("a file of exactly 10 MB passes; 10 MB + 1 byte is 400 file_too_large and leaves nothing", async () => {
    const before = await usage(org);
    const ok = await upload(org, org.owner.token, fileBody("ten.bin", bytes(10 * MiB)));
    expect(ok.status).toBe(200);
    expect(ok.body.sizeBytes).toBe(10 * MiB);
    const after = await usage(org);
    expect(after.usedBytes).toBe(before.usedBytes + 10 * MiB);
    const r = await upload(org, org.owner.token, fileBody("big.bin", bytes(10 * MiB + 1)));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "file_too_large", field: "file" });
    expect((await usage(org)).usedBytes).toBe(after.usedBytes);
    expect((await rowsOf(org.orgId)).filter((f) => f.name === "big.bin")).toEqual([]);
  });

  test("bad bodies: not multipart, no part named file, malformed or truncated multipart; nothing recorded", async () => {
    const before = (await rowsOf(org.orgId)).length;
    let r = await t.request("POST", `/api/org/${org.slug}/files`, { token: member.token, json: { file: "x" } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("multipart_form_required");
    r = await t.request("POST", `/api/org/${org.slug}/files`, { token: member.token, body: "abc", headers: { "content-type": "multipart/form-data" } });
    expect(r.body.error).toBe("multipart_form_required");
    r = await t.request("POST", `/api/org/${org.slug}/files`, { token: member.token });
    expect(r.body.error).toBe("multipart_form_required");
    r = await upload(org, member.token, multipart([{ name: "document", fileName: "a.txt", data: "hello" }]));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "no_file", field: "file" });
    r = await upload(org, member.token, multipart([]));
    expect(r.body.error).toBe("no_file");
    r = await upload(org, member.token, fileBody("cut.txt", bytes(5000)), "");
    expect(r.status).toBe(200);
    const truncated = multipart([{ fileName: "cut.txt", data: bytes(5000) }], { truncate: 3000 });
    r = await upload(org, member.token, truncated);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("multipart_form_required");
    expect((await rowsOf(org.orgId)).length).toBe(before + 1);
  });

  test("file names: path separators and control characters stripped, non-ASCII kept", async () => {
    const cases: Array<[string, string]> = [
      ["../../x", "....x"],
      ["..\\x", "..x"],
      ["a\u0000b.txt", "ab.txt"],
      ["tab\tnew\nline\u007f.txt", "tabnewline.txt"],
      ["보고서 – März ☃.pdf", "보고서 – März ☃.pdf"],
      ["/", "file"],
      ["..", "file"],
    ];
    for (const [raw, stored] of cases) {
      const r = await upload(org, member.token, fileBody(raw, "x"));
      expect(r.status).toBe(200);
      expect(r.body.fileName).toBe(stored);
    }
  });

  test("?meetingId= sets scope meeting:{id}; a malformed id is 400 naming meetingId", async () => {
    const r = await upload(org, member.token, fileBody("minutes.txt", "minutes"), "?meetingId=mtg_2026-01");
    expect(r.status).toBe(200);
    expect(r.body.scope).toBe("meeting:mtg_2026-01");
    const bad = await upload(org, member.token, fileBody("minutes.txt", "minutes"), "?meetingId=../x");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "invalid_request", field: "meetingId" });
  });

  test("listing: own files by default, view=all needs the unconstrained grant, q and paging", async () => {
    const mine = await t.request("GET", `/api/org/${org.slug}/files?pageSize=100`, { token: member.token });
    expect(mine.status).toBe(200);
    expect(mine.body.files.length).toBeGreaterThan(0);
    expect(mine.body.files.every((f: any) => f.uploadedBy === member.userId)).toBe(true);
    const denied = await t.request("GET", `/api/org/${org.slug}/files?view=all`, { token: member.token });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ error: "PERMISSION_DENIED", scope: "org.org_file.list" });
    const all = await t.request("GET", `/api/org/${org.slug}/files?view=all&pageSize=100`, { token: org.owner.token });
    expect(all.body.total).toBe((await rowsOf(org.orgId)).length);
    expect(all.body.files.some((f: any) => f.uploadedBy === org.owner.userId)).toBe(true);
    const q = await t.request("GET", `/api/org/${org.slug}/files?view=all&q=M%C3%A4RZ`, { token: org.owner.token });
    expect(q.body.files.map((f: any) => f.fileName)).toEqual(["보고서 – März ☃.pdf"]);
    // LIKE wildcards in q are literal.
    expect((await t.request("GET", `/api/org/${org.slug}/files?view=all&q=%25`, { token: org.owner.token })).body.total).toBe(0);
    const page1 = await t.request("GET", `/api/org/${org.slug}/files?view=all&pageSize=2&page=1`, { token: org.owner.token });
    const page2 = await t.request("GET", `/api/org/${org.slug}/files?view=all&pageSize=2&page=2`, { token: org.owner.token });
    expect(page1.body.files).toHaveLength(2);
    expect(page2.body.files[0].id).not.toBe(page1.body.files[1].id);
    for (const bad of ["pageSize=0", "pageSize=101", "page=0", "trashed=maybe", "view=everyone"]) {
      const r = await t.request("GET", `/api/org/${org.slug}/files?${bad}`, { token: org.owner.token });
      expect(r.status).toBe(400);
      expect(r.body.field).toBe(bad.split("=")[0]);
    }
    // The public v1 list sees every file of the key's organization.
    const v1 = await t.request("GET", "/api/public/v1/files?pageSize=100", { headers: { "x-api-key": orgKey } });
    expect(v1.status).toBe(200);
    expect(v1.body.total).toBe(all.body.total);
  });

  test("another org's file and a stranger's request are 404; a member cannot touch another member's file", async () => {
    const [file] = await rowsOf(org.orgId);
    const stranger = await t.request("GET", `/api/org/${other.slug}/files/${file!.id}/download`, { token: other.owner.token });
    expect(stranger.status).toBe(404);
    expect((await t.request("DELETE", `/api/org/${other.slug}/files/${file!.id}`, { token: other.owner.token })).status).toBe(404);
    expect((await t.request("GET", `/api/org/${org.slug}/files/${file!.id}/download`, { token: other.owner.token })).status).toBe(404);
    expect((await t.request("GET", `/api/org/${org.slug}/files/nope/download`, { token: org.owner.token })).status).toBe(404);
    const ownersFile = (await rowsOf(org.orgId)).find((f) => f.uploadedBy === org.owner.userId)!;
    const r = await t.request("DELETE", `/api/org/${org.slug}/files/${ownersFile.id}`, { token: member.token });
    expect(r.status).toBe(403);
    expect((await rowsOf(org.orgId)).find((f) => f.id === ownersFile.id)?.trashedAt).toBeNull();
  });

  test("trash, restore and retention: 7 days on Free; a trashed file is 404 where a live one is needed", async () => {
    const data = bytes(4000);
    const up = await upload(org, member.token, fileBody("trash-me.txt", data));
    const id = up.body.id;
    const before = await usage(org);
    const del = await t.request("DELETE", `/api/org/${org.slug}/files/${id}`, { token: member.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ trashed: true, retentionDays: 7, restorableUntil: new Date(t.clock.now() + 7 * DAY).toISOString() });
    const after = await usage(org);
    expect(after.usedBytes).toBe(before.usedBytes - 4000);
    expect(after.trashedBytes).toBe(before.trashedBytes + 4000);
    expect(after.trashRetentionDays).toBe(7);
    expect((await t.request("GET", `/api/org/${org.slug}/files/${id}/download`, { token: member.token })).status).toBe(404);
    expect((await t.request("DELETE", `/api/org/${org.slug}/files/${id}`, { token: member.token })).status).toBe(404);
    const trash = await t.request("GET", `/api/org/${org.slug}/files?trashed=true`, { token: member.token });
    expect(trash.body.files.map((f: any) => f.id)).toContain(id);

    const restored = await t.request("POST", `/api/org/${org.slug}/files/${id}/restore`, { token: member.token });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id, deletedAt: null, restorableUntil: null });
    expect((await usage(org)).usedBytes).toBe(before.usedBytes);
    expect((await t.request("POST", `/api/org/${org.slug}/files/${id}/restore`, { token: member.token })).status).toBe(404);
    expect((await eventsOf(org.orgId, "org.file.trashed")).length).toBeGreaterThan(0);
    expect((await eventsOf(org.orgId, "org.file.restored")).length).toBe(1);

    // Trashed again, the retention job removes it only once the window has passed.
    await t.request("DELETE", `/api/org/${org.slug}/files/${id}`, { token: member.token });
    const storageKey = (await rowsOf(org.orgId)).find((f) => f.id === id)!.storageKey;
    t.clock.advance(7 * DAY - 1000);
    await t.ctx.jobs.runNow("files.trash-retention");
    expect((await rowsOf(org.orgId)).some((f) => f.id === id)).toBe(true);
    t.clock.advance(1000);
    expect((await t.request("POST", `/api/org/${org.slug}/files/${id}/restore`, { token: member.token })).status).toBe(404);
    const run = await t.ctx.jobs.runNow("files.trash-retention");
    expect(run.outcome).toBe("ok");
    expect((await rowsOf(org.orgId)).some((f) => f.id === id)).toBe(false);
    expect(await t.ctx.blobs.get(storageKey)).toBeNull();
    const [deleted] = await eventsOf(org.orgId, "org.file.deleted");
    expect(deleted?.payload).toMatchObject({ fileId: id, reason: "retention" });
    t.clock.advance(-7 * DAY);
  });

  test("a sealed approval attachment cannot be trashed: 409 sealed_attachment", async () => {
    const up = await upload(org, org.owner.token, fileBody("signed.pdf", "sealed", "application/pdf"));
    await t.ctx.db.write((tx) => tx.update(files).set({ sealedAt: t.clock.now() }).where(eq(files.id, up.body.id)));
    const r = await t.request("DELETE", `/api/org/${org.slug}/files/${up.body.id}`, { token: org.owner.token });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("sealed_attachment");
    expect((await rowsOf(org.orgId)).find((f) => f.id === up.body.id)?.trashedAt).toBeNull();
  });

  test("a store failure mid-upload leaves no record and no counted bytes: 503 storage_unavailable", async () => {
    const broken = await createTestApp({ blobs: brokenStore(backend, { clock: new TestClock() }) });
    try {
      const o = await createOrg(broken, "owner@broken.example", "Broken Co");
      const body = fileBody("lost.bin", bytes(50_000));
      const r = await broken.request("POST", `/api/org/${o.slug}/files`, { token: o.owner.token, body: body.body, headers: body.headers });
      expect(r.status).toBe(503);
      expect(r.body.error).toBe("storage_unavailable");
      expect(await broken.ctx.db.read.select().from(files)).toEqual([]);
      const u = (await broken.request("GET", `/api/org/${o.slug}/storage/usage`, { token: o.owner.token })).body;
      expect(u).toMatchObject({ usedBytes: 0, fileCount: 0 });
    } finally {
      await broken.close();
    }
  });

  describe("the quota", () => {
    let small: TestOrg;
    const FREE = 2 * GiB;
    /** Fills the org to `limit - room` with one row standing for many files. */
    async function fillTo(o: TestOrg, room: number) {
      const used = (await usage(o)).usedBytes;
      await t.ctx.db.write((tx) =>
        tx.insert(files).values({
          id: crypto.randomUUID(), orgId: o.orgId, name: "filler", contentType: "application/octet-stream", sizeBytes: FREE - room - used,
          sha256: "0".repeat(64), storageKey: `${o.orgId}/filler-${crypto.randomUUID()}`, scope: "free", uploadedBy: o.owner.userId, createdAt: t.clock.now(), lastAccessedAt: t.clock.now(),
        }),
      );
    }
    beforeAll(async () => {
      small = await createOrg(t, "owner@quota.example", "Quota Co");
    });

    test("a file that exactly fills the quota passes; one byte more is 403 storage_quota_exceeded with usedBytes and limitBytes", async () => {
      await fillTo(small, 1000);
      expect(await usage(small)).toMatchObject({ usedBytes: FREE - 1000, limitBytes: FREE, remainingBytes: 1000 });
      const over = await upload(small, small.owner.token, fileBody("over.bin", bytes(1001)));
      expect(over.status).toBe(403);
      expect(over.body).toMatchObject({ error: "storage_quota_exceeded", usedBytes: FREE - 1000, limitBytes: FREE });
      expect((await usage(small)).usedBytes).toBe(FREE - 1000);
      const exact = await upload(small, small.owner.token, fileBody("exact.bin", bytes(1000)));
      expect(exact.status).toBe(200);
      expect(await usage(small)).toMatchObject({ usedBytes: FREE, remainingBytes: 0 });
      // Restoring needs room too.
      await t.request("DELETE", `/api/org/${small.slug}/files/${exact.body.id}`, { token: small.owner.token });
      const again = await upload(small, small.owner.token, fileBody("again.bin", bytes(1000)));
      expect(again.status).toBe(200);
      const restore = await t.request("POST", `/api/org/${small.slug}/files/${exact.body.id}/restore`, { token: small.owner.token });
      expect(restore.status).toBe(403);
      expect(restore.body).toMatchObject({ error: "storage_quota_exceeded", usedBytes: FREE, limitBytes: FREE });
      await t.request("DELETE", `/api/org/${small.slug}/files/${again.body.id}`, { token: small.owner.token });
      expect((await t.request("POST", `/api/org/${small.slug}/files/${exact.body.id}/restore`, { token: small.owner.token })).status).toBe(200);
    });

    test("two parallel uploads that only one fits never both pass", async () => {
      const racer = await createOrg(t, "owner@race.example", "Race Co");
      await fillTo(racer, 150_000);
      for (let round = 0; round < 3; round++) {
        const results = await Promise.all([0, 1, 2].map((i) => upload(racer, racer.owner.token, fileBody(`race-${round}-${i}.bin`, bytes(100_000, i)))));
        const passed = results.filter((r) => r.status === 200);
        expect(results.every((r) => r.status === 200 || (r.status === 403 && r.body.error === "storage_quota_exceeded"))).toBe(true);
        expect(passed.length).toBe(round === 0 ? 1 : 0);
        expect((await usage(racer)).usedBytes).toBe(FREE - 50_000);
      }
    });

    test("Enterprise is unlimited: limitBytes and remainingBytes are null", async () => {
      const big = await createOrg(t, "owner@ent.example", "Ent Co", { plan: "enterprise" });
      await upload(big, big.owner.token, fileBody("a.bin", bytes(10)));
      expect(await usage(big)).toMatchObject({ usedBytes: 10, limitBytes: null, remainingBytes: null, fileCount: 1, trashRetentionDays: 30 });
    });
  });

  describe("public v1 (org-wide key)", () => {
    test("upload, download, trash (30 days on Pro), restore and usage with X-Api-Key", async () => {
      const pro = await createOrg(t, "owner@pro.example", "Pro Co", { plan: "pro" });
      const created = await t.request("POST", `/api/org/${pro.slug}/settings/keys/api-keys`, { token: pro.owner.token, json: { scopes: ["org.*"] } });
      const headers = (body?: ReturnType<typeof multipart>) => ({ "x-api-key": created.body.key, ...(body?.headers ?? {}) });
      const body = fileBody("api.csv", "a,b\n1,2\n", "text/csv");
      const up = await t.request("POST", "/api/public/v1/files", { body: body.body, headers: headers(body) });
      expect(up.status).toBe(200);
      expect(up.body).toMatchObject({ fileName: "api.csv", contentType: "text/csv", sizeBytes: 8, scope: "free", uploadedBy: null });
      const row = (await rowsOf(pro.orgId))[0]!;
      expect(row.uploadedByKeyId).toBe(created.body.id);
      const d = await t.request("GET", `/api/public/v1/files/${up.body.id}/download`, { headers: headers() });
      expect(d.body.expiresInMinutes).toBe(10);
      expect(new TextDecoder().decode((await fetchDownload(t, d.body.url)).bytes)).toBe("a,b\n1,2\n");
      const del = await t.request("DELETE", `/api/public/v1/files/${up.body.id}`, { headers: headers() });
      expect(del.body).toMatchObject({ trashed: true, retentionDays: 30 });
      const u = await t.request("GET", "/api/public/v1/storage/usage", { headers: headers() });
      expect(u.body).toMatchObject({ usedBytes: 0, limitBytes: 30 * GiB, trashedBytes: 8, trashedCount: 1, trashRetentionDays: 30 });
      const res = await t.request("POST", `/api/public/v1/files/${up.body.id}/restore`, { headers: headers() });
      expect(res.status).toBe(200);
      // Another organization's file does not exist for this key.
      const foreign = (await rowsOf(org.orgId))[0]!;
      expect((await t.request("GET", `/api/public/v1/files/${foreign.id}/download`, { headers: headers() })).status).toBe(404);
      const [event] = await eventsOf(pro.orgId, "org.file.uploaded");
      expect(event).toMatchObject({ actorKind: "api_key", actorId: created.body.id });
    });

    test("an app-group-scoped key, a missing key and a bad key are 401 on every file route", async () => {
      const scoped = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { scopes: ["org.*"], appGroupId: (await createAppGroup(t, org)).groupKey } });
      const [file] = await rowsOf(org.orgId);
      const body = fileBody("x.txt", "x");
      const routes: Array<[string, string]> = [
        ["GET", "/files"], ["POST", "/files"], ["GET", `/files/${file!.id}/download`], ["DELETE", `/files/${file!.id}`],
        ["POST", `/files/${file!.id}/restore`], ["GET", "/storage/usage"],
      ];
      for (const [method, path] of routes) {
        for (const key of [scoped.body.key, null, "ah_live_" + "A".repeat(43)]) {
          const r = await t.request(method, `/api/public/v1${path}`, { body: method === "POST" ? body.body : undefined, headers: { ...(key ? { "x-api-key": key } : {}), ...(method === "POST" ? body.headers : {}) } });
          expect(r.status).toBe(401);
        }
      }
      expect((await rowsOf(org.orgId)).find((f) => f.id === file!.id)?.trashedAt).toBeNull();
    });
  });
});
