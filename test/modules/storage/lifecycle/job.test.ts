/**
 * The lifecycle job (storage.lifecycle, every 12 hours): transition_ia and trash on
 * unaccessed files, scopes, lastRunAt / lastRunCount / lastRunBytes, idempotent
 * re-runs, sealed attachments, paused rules and rules a downgrade left behind, a
 * store failure on one file, and the events.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { files } from "../../../../src/modules/storage/files/schema";
import { organizations } from "../../../../src/modules/orgs/schema";
import { createOrg, type TestOrg } from "../../../support/accounts";
import { DAY, HOUR } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { eventsOf, fileRow, seedFile } from "../sharing/support";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const rulesPath = (o: TestOrg) => `/api/org/${o.slug}/storage/lifecycle/rules`;

async function createRule(o: TestOrg, json: Record<string, unknown>) {
  const r = await t.request("POST", rulesPath(o), { token: o.owner.token, json });
  expect(r.status).toBe(200);
  return r.body;
}

async function ruleView(o: TestOrg, id: string) {
  return (await t.request("GET", rulesPath(o), { token: o.owner.token })).body.rules.find((r: any) => r.id === id);
}

async function runJob() {
  const run = await t.ctx.jobs.runNow("storage.lifecycle");
  expect(run.outcome).toBe("ok");
}

describe("storage.lifecycle", () => {
  test("is registered every 12 hours", async () => {
    const job = (await t.ctx.jobs.list()).find((j) => j.name === "storage.lifecycle");
    expect(job?.schedule).toBe("41 */12 * * *");
  });

  test("transition_ia moves files unaccessed for the rule's days to infrequent access, and records the run", async () => {
    const org = await createOrg(t, "owner@ia.example", "IA Co", { plan: "business" });
    const rule = await createRule(org, { action: "transition_ia", unaccessedDays: 90 });
    const old = await seedFile(t, org, { content: "a".repeat(100), lastAccessedAt: t.clock.now() - 91 * DAY });
    const edge = await seedFile(t, org, { content: "b".repeat(50), lastAccessedAt: t.clock.now() - 90 * DAY });
    const recent = await seedFile(t, org, { content: "c".repeat(70), lastAccessedAt: t.clock.now() - 89 * DAY });
    const trashed = await seedFile(t, org, { lastAccessedAt: t.clock.now() - 200 * DAY });
    await t.ctx.db.write((tx) => tx.update(files).set({ trashedAt: t.clock.now(), restorableUntil: t.clock.now() + 30 * DAY }).where(eq(files.id, trashed.id)));
    const otherOrg = await createOrg(t, "owner@ia-other.example", "IA Other", { plan: "business" });
    const strangers = await seedFile(t, otherOrg, { uploadedBy: otherOrg.owner.userId, lastAccessedAt: t.clock.now() - 500 * DAY });

    const moved: string[] = [];
    const setStorageClass = t.ctx.blobs.setStorageClass.bind(t.ctx.blobs);
    t.ctx.blobs.setStorageClass = async (key, storageClass) => {
      moved.push(key);
      return setStorageClass(key, storageClass);
    };
    try {
      await runJob();
    } finally {
      t.ctx.blobs.setStorageClass = setStorageClass;
    }

    expect(moved.sort()).toEqual([old.storageKey, edge.storageKey].sort());
    expect((await fileRow(t, old.id))).toMatchObject({ storageClass: "infrequent", storageClassChangedAt: t.clock.now() });
    expect((await fileRow(t, edge.id))!.storageClass).toBe("infrequent");
    expect((await fileRow(t, recent.id))!.storageClass).toBe("standard");
    expect((await fileRow(t, trashed.id))!.storageClass).toBe("standard");
    expect((await fileRow(t, strangers.id))!.storageClass).toBe("standard");
    expect(await ruleView(org, rule.id)).toMatchObject({ lastRunAt: new Date(t.clock.now()).toISOString(), lastRunCount: 2, lastRunBytes: 150 });
    const [event] = await eventsOf(t, org, "org.lifecycle_rule.ran");
    expect(event).toMatchObject({ actorKind: "system", actorId: "storage.lifecycle" });
    expect(event!.payload).toMatchObject({ ruleId: rule.id, action: "transition_ia", count: 2, bytes: 150 });
    expect((event!.payload.fileIds as string[]).sort()).toEqual([old.id, edge.id].sort());

    // Twelve hours on: nothing new is eligible, the run is still recorded, no new event.
    t.clock.advance(12 * HOUR);
    await runJob();
    expect(await ruleView(org, rule.id)).toMatchObject({ lastRunAt: new Date(t.clock.now()).toISOString(), lastRunCount: 0, lastRunBytes: 0 });
    expect(await eventsOf(t, org, "org.lifecycle_rule.ran")).toHaveLength(1);
    // The recent file crosses the line once enough time passes.
    t.clock.advance(DAY);
    await runJob();
    expect((await fileRow(t, recent.id))!.storageClass).toBe("infrequent");
  });

  test("a store failure on one file leaves it standard for the next run; the others move", async () => {
    const org = await createOrg(t, "owner@ia-fail.example", "IA Fail", { plan: "business" });
    const rule = await createRule(org, { action: "transition_ia", unaccessedDays: 30 });
    const failing = await seedFile(t, org, { lastAccessedAt: t.clock.now() - 40 * DAY });
    const fine = await seedFile(t, org, { content: "12345", lastAccessedAt: t.clock.now() - 40 * DAY });
    const setStorageClass = t.ctx.blobs.setStorageClass.bind(t.ctx.blobs);
    t.ctx.blobs.setStorageClass = async (key, storageClass) => {
      if (key === failing.storageKey) throw new Error("store unavailable");
      return setStorageClass(key, storageClass);
    };
    try {
      await runJob();
    } finally {
      t.ctx.blobs.setStorageClass = setStorageClass;
    }
    expect((await fileRow(t, failing.id))!.storageClass).toBe("standard");
    expect((await fileRow(t, fine.id))!.storageClass).toBe("infrequent");
    expect(await ruleView(org, rule.id)).toMatchObject({ lastRunCount: 1, lastRunBytes: 5 });
    await runJob();
    expect((await fileRow(t, failing.id))!.storageClass).toBe("infrequent");
  });

  test("trash moves unaccessed files of the rule's scope to the trash like a DELETE; sealed attachments stay", async () => {
    const org = await createOrg(t, "owner@trash.example", "Trash Co", { plan: "business" });
    const rule = await createRule(org, { action: "trash", unaccessedDays: 30, scope: "project:" });
    const long = t.clock.now() - 31 * DAY;
    const projectA = await seedFile(t, org, { scope: "project:a", content: "1234", lastAccessedAt: long });
    const projectB = await seedFile(t, org, { scope: "project:b", content: "123456", lastAccessedAt: long });
    const freeFile = await seedFile(t, org, { scope: "free", lastAccessedAt: long });
    const meeting = await seedFile(t, org, { scope: "meeting:m1", lastAccessedAt: long });
    const sealed = await seedFile(t, org, { scope: "project:a", lastAccessedAt: long });
    await t.ctx.db.write((tx) => tx.update(files).set({ sealedAt: t.clock.now() }).where(eq(files.id, sealed.id)));
    const fresh = await seedFile(t, org, { scope: "project:a" });

    await runJob();

    for (const file of [projectA, projectB]) {
      expect(await fileRow(t, file.id)).toMatchObject({ trashedAt: t.clock.now(), trashedBy: null, restorableUntil: t.clock.now() + 30 * DAY });
    }
    for (const file of [freeFile, meeting, sealed, fresh]) expect((await fileRow(t, file.id))!.trashedAt).toBeNull();
    expect(await ruleView(org, rule.id)).toMatchObject({ lastRunCount: 2, lastRunBytes: 10 });
    const trashedEvents = await eventsOf(t, org, "org.file.trashed");
    expect(trashedEvents.map((e) => e.payload.fileId).sort()).toEqual([projectA.id, projectB.id].sort());
    expect(trashedEvents.every((e) => e.payload.reason === "lifecycle" && e.actorKind === "system")).toBe(true);
    // The trash is restorable as any other.
    const restore = await t.request("POST", `/api/org/${org.slug}/files/${projectA.id}/restore`, { token: org.owner.token });
    expect(restore.status).toBe(200);
  });

  test("an exact scope only reaches that scope", async () => {
    const org = await createOrg(t, "owner@scope.example", "Scope Co", { plan: "enterprise" });
    await createRule(org, { action: "trash", unaccessedDays: 30, scope: "project:a" });
    await createRule(org, { action: "trash", unaccessedDays: 30, scope: "notification" });
    const long = t.clock.now() - 60 * DAY;
    const a = await seedFile(t, org, { scope: "project:a", lastAccessedAt: long });
    const ab = await seedFile(t, org, { scope: "project:ab", lastAccessedAt: long });
    const note = await seedFile(t, org, { scope: "notification", lastAccessedAt: long });
    const approval = await seedFile(t, org, { scope: "approval", lastAccessedAt: long });
    await runJob();
    expect((await fileRow(t, a.id))!.trashedAt).not.toBeNull();
    expect((await fileRow(t, note.id))!.trashedAt).not.toBeNull();
    expect((await fileRow(t, ab.id))!.trashedAt).toBeNull();
    expect((await fileRow(t, approval.id))!.trashedAt).toBeNull();
  });

  test("paused rules and rules a downgrade left behind do not run", async () => {
    const org = await createOrg(t, "owner@paused.example", "Paused Co", { plan: "business" });
    const paused = await createRule(org, { action: "trash", unaccessedDays: 30 });
    expect((await t.request("PUT", `${rulesPath(org)}/${paused.id}`, { token: org.owner.token, json: { enabled: false } })).status).toBe(200);
    const custom = await createRule(org, { action: "transition_ia", unaccessedDays: 30 });
    const file = await seedFile(t, org, { lastAccessedAt: t.clock.now() - 100 * DAY });
    await t.ctx.db.write((tx) => tx.update(organizations).set({ plan: "pro_plus" }).where(eq(organizations.id, org.orgId)));
    await runJob();
    expect(await fileRow(t, file.id)).toMatchObject({ trashedAt: null, storageClass: "standard" });
    expect(await ruleView(org, paused.id)).toMatchObject({ enabled: false, lastRunAt: null });
    expect(await ruleView(org, custom.id)).toMatchObject({ planAllows: false, lastRunAt: null });
    // Back on Business the custom rule runs again.
    await t.ctx.db.write((tx) => tx.update(organizations).set({ plan: "business" }).where(eq(organizations.id, org.orgId)));
    await runJob();
    expect((await fileRow(t, file.id))!.storageClass).toBe("infrequent");
  });

  test("a share view counts as an access: a viewed file is not unaccessed", async () => {
    const org = await createOrg(t, "owner@viewed.example", "Viewed Co", { plan: "business" });
    await createRule(org, { action: "trash", unaccessedDays: 30 });
    const file = await seedFile(t, org, { lastAccessedAt: t.clock.now() - 29 * DAY });
    const token = (await t.request("PATCH", `/api/org/${org.slug}/files/${file.id}/share`, { token: org.owner.token, json: { mode: "link_anyone" } })).body.shareToken;
    expect((await t.request("GET", `/api/public/share/${token}`)).status).toBe(200);
    t.clock.advance(2 * DAY);
    await runJob();
    expect((await fileRow(t, file.id))!.trashedAt).toBeNull();
  });
});
