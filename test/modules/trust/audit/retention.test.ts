/**
 * Retention (spec 2.12, 3.9, §8), driven by the test clock: two owner notices 10 days
 * apart, a sealed tombstone and the purge 20 days after the first, legal hold, an
 * upgrade that restores access, integrity holds, GET /audit/retention and purge-now
 * with the owner's personal seal.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq } from "drizzle-orm";
import { auditCheckpoints, auditEvents } from "../../../../src/platform/audit/schema";
import { outboxMessages } from "../../../../src/platform/outbound/schema";
import { setOrganizationPlan } from "../../../../src/modules/orgs/service";
import { verifyChain } from "../../../../src/modules/trust/audit/verify";
import { addMember, createOrg, signInAs, type TestOrg } from "../../../support/accounts";
import { registerPasskey, sealAssertion } from "../../../support/authenticator";
import { envFor, runCli } from "../../../support/cli";
import { DAY, HOUR } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { appendEvents, eventsOf, q, sealOrg, tamper } from "./support";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const runJob = async () => {
  const run = await t.ctx.jobs.runNow("audit.retention");
  expect(run.outcome).toBe("ok");
};
const retention = async (org: TestOrg, token = org.owner.token) => (await t.request("GET", `/api/v1/admin/audit/retention?org=${org.slug}`, { token })).body;
const noticesTo = (email: string) => t.ctx.db.read.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(asc(outboxMessages.createdAt));
const typesOf = async (org: TestOrg) => (await eventsOf(t, org.orgId)).map((e) => e.type);

let n = 0;
/** A sealed organization with some history written now. */
async function orgWithHistory(plan = "pro"): Promise<TestOrg> {
  const org = await createOrg(t, `owner${++n}@retention.example`, `Retention ${n}`, { plan });
  await sealOrg(t, org.orgId);
  await appendEvents(t, org.orgId, 3, { type: "t.old" });
  return org;
}

describe("the retention clock", () => {
  test("notice, final notice 10 days later, tombstone and purge 20 days after the first notice", async () => {
    const org = await orgWithHistory("pro");
    const before = await retention(org);
    expect(before).toMatchObject({ planKey: "pro", retentionDays: 7, unlimited: false, isContractOverride: false, graceDays: 20, noticeCount: 0, noticeCountPolicy: 2, noticeIntervalDays: 10, firstNoticeAt: null, purgeUnlocked: false, canPurgeNow: false, legalHold: false });
    expect(Object.keys(before).sort()).toEqual(expect.arrayContaining(["finalNoticeAt", "purgeScheduledAt", "windowStartUtc"]));

    t.clock.advance(8 * DAY);
    await appendEvents(t, org.orgId, 2, { type: "t.recent" });
    const firstNoticeAt = t.clock.now();
    await runJob();
    let view = await retention(org);
    expect(view).toMatchObject({ noticeCount: 1, firstNoticeAt: new Date(firstNoticeAt).toISOString(), purgeScheduledAt: new Date(firstNoticeAt + 20 * DAY).toISOString(), purgeUnlocked: true, canPurgeNow: true });
    let mails = await noticesTo(org.owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("will be deleted");
    expect(mails[0]!.text).toContain("notice 1 of 2");
    const admin = await addMember(t, org, `admin${n}@retention.example`, "admin");
    expect((await retention(org, admin.token)).canPurgeNow).toBe(false);

    // The same day again: nothing new.
    await runJob();
    expect(await noticesTo(org.owner.email)).toHaveLength(1);
    t.clock.advance(9 * DAY);
    await runJob();
    expect((await retention(org)).noticeCount).toBe(1);

    t.clock.advance(DAY);
    await runJob();
    view = await retention(org);
    expect(view).toMatchObject({ noticeCount: 2, finalNoticeAt: new Date(t.clock.now()).toISOString() });
    mails = await noticesTo(org.owner.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toStartWith("Final notice");

    t.clock.advance(10 * DAY - HOUR);
    await runJob();
    expect(await typesOf(org)).toContain("t.old");

    t.clock.advance(HOUR);
    await runJob();
    const types = await typesOf(org);
    expect(types).not.toContain("t.old");
    expect(types).not.toContain("org.created");
    expect(types).toContain("t.recent");
    const rows = await eventsOf(t, org.orgId);
    const tombstone = rows.find((r) => r.type === "audit.history.purged")!;
    expect(tombstone.payload).toMatchObject({ fromSeq: 1, reason: "retention", cutoffAt: new Date(firstNoticeAt - 7 * DAY).toISOString() });
    expect(rows[0]!.seq).toBe((tombstone.payload.throughSeq as number) + 1);
    expect(await noticesTo(org.owner.email)).toHaveLength(2);

    // The chain verifies from the tombstone; its baselines were sealed again; a checkpoint covers it.
    const report = await verifyChain(t.ctx.db.read, org.orgId);
    expect(report).toMatchObject({ intact: true, base: { seq: tombstone.payload.throughSeq, chainHash: tombstone.payload.throughChainHash, purged: true } });
    const scan = await t.request("POST", `/api/v1/admin/integrity/scan?org=${org.slug}`, { token: org.owner.token });
    expect(scan.body.records.findings).toEqual([]);
    const [cp] = await t.ctx.db.read.select().from(auditCheckpoints).where(eq(auditCheckpoints.orgId, org.orgId)).orderBy(asc(auditCheckpoints.seq));
    expect(cp!.seq).toBeGreaterThanOrEqual(tombstone.seq);
    const cli = await runCli(["audit", "verify", "--org", org.slug], envFor(t));
    expect(cli.code).toBe(0);
    expect((await t.request("GET", `/api/v1/admin/audit/verify/${rows[0]!.id}?org=${org.slug}`, { token: org.owner.token })).body.valid).toBe(true);
    expect(await retention(org)).toMatchObject({ noticeCount: 0, firstNoticeAt: null, purgeScheduledAt: null, lastPurgedAt: new Date(t.clock.now()).toISOString() });

    // Deleting the tombstone to hide the purge breaks the chain.
    await tamper(t, `DELETE FROM audit_events WHERE id = ${q(tombstone.id)}`);
    expect((await verifyChain(t.ctx.db.read, org.orgId)).firstBreak).toMatchObject({ reason: "missing_records" });
  }, 30_000);

  test("an organization under legal hold is never purged; releasing the hold lets the purge run", async () => {
    const org = await orgWithHistory("free");
    t.clock.advance(2 * DAY);
    await runJob();
    const hold = await runCli(["audit", "hold", "--org", org.slug, "--state", "on", "--reason", "litigation"], envFor(t));
    expect(hold.code).toBe(0);
    expect(JSON.parse(hold.stdout)).toEqual({ slug: org.slug, legalHold: true, reason: "litigation" });
    t.clock.advance(10 * DAY);
    await runJob();
    t.clock.advance(30 * DAY);
    await runJob();
    await runJob();
    expect(await typesOf(org)).toContain("t.old");
    // 42 days on, the owner signs in again (dashboard sessions last 30 days).
    org.owner = await signInAs(t, org.owner.email);
    expect(await retention(org)).toMatchObject({ legalHold: true, purgeUnlocked: false, canPurgeNow: false, noticeCount: 2 });
    expect(await typesOf(org)).toContain("audit.retention.legal_hold_set");

    expect((await runCli(["audit", "hold", "--org", org.slug, "--state", "off"], envFor(t))).code).toBe(0);
    await runJob();
    expect(await typesOf(org)).not.toContain("t.old");
  }, 30_000);

  test("upgrading before the purge restores access and cancels the cycle", async () => {
    const org = await orgWithHistory("pro");
    t.clock.advance(8 * DAY);
    await runJob();
    expect((await retention(org)).noticeCount).toBe(1);
    const old = await t.request("GET", `/api/v1/admin/audit/query?org=${org.slug}&type=t.old&from=${new Date(t.clock.now() - 9 * DAY).toISOString()}&to=${new Date(t.clock.now() - 8 * DAY + HOUR).toISOString()}`, { token: org.owner.token });
    expect(old.status).toBe(402);
    await setOrganizationPlan(t.ctx, { kind: "operator" }, { slug: org.slug, plan: "business" });
    const back = await t.request("GET", `/api/v1/admin/audit/query?org=${org.slug}&scope=all&type=t.old&from=${new Date(t.clock.now() - 9 * DAY).toISOString()}`, { token: org.owner.token });
    expect(back.status).toBe(200);
    expect(back.body.events).toHaveLength(3);
    await runJob();
    expect(await retention(org)).toMatchObject({ noticeCount: 0, purgeScheduledAt: null, purgeUnlocked: false, retentionDays: 90 });
    expect(await typesOf(org)).toContain("audit.retention.cycle_cancelled");
    t.clock.advance(30 * DAY);
    await runJob();
    expect(await typesOf(org)).toContain("t.old");
  });

  test("open integrity violations hold the purge until they are dealt with", async () => {
    const org = await orgWithHistory("free");
    const [victim] = (await eventsOf(t, org.orgId)).filter((e) => e.type === "t.old");
    await tamper(t, `UPDATE audit_events SET payload = '{"i":42}' WHERE id = ${q(victim!.id)}`);
    t.clock.advance(2 * DAY);
    await runJob();
    t.clock.advance(10 * DAY);
    await runJob();
    t.clock.advance(10 * DAY);
    await runJob();
    expect(await typesOf(org)).toContain("t.old");
    const r = await t.request("POST", `/api/v1/admin/integrity/resolve/audit_event/${victim!.id}?org=${org.slug}`, { token: org.owner.token });
    expect(r.status).toBe(200);
    await runJob();
    expect(await typesOf(org)).not.toContain("t.old");
  });

  test("a contract override sets the window whatever the plan", async () => {
    const org = await orgWithHistory("enterprise");
    expect(await retention(org)).toMatchObject({ unlimited: true, retentionDays: null, windowStartUtc: null, isContractOverride: false });
    const set = await runCli(["audit", "retention", "--org", org.slug, "--days", "365"], envFor(t));
    expect(set.code).toBe(0);
    expect(await retention(org)).toMatchObject({ unlimited: false, retentionDays: 365, isContractOverride: true });
    expect((await runCli(["audit", "retention", "--org", org.slug, "--days", "plan"], envFor(t))).code).toBe(0);
    expect(await retention(org)).toMatchObject({ unlimited: true, isContractOverride: false });
    for (const days of ["0", "3651", "forever"]) expect((await runCli(["audit", "retention", "--org", org.slug, "--days", days], envFor(t))).code).toBe(2);
    expect((await runCli(["audit", "hold", "--org", org.slug, "--state", "maybe"], envFor(t))).code).toBe(2);
  }, 30_000);
});

describe("purge-now", () => {
  test("the owner deletes expired history at once with a personal seal; refusals first", async () => {
    const org = await orgWithHistory("free");
    const admin = await addMember(t, org, `admin-purge${n}@retention.example`, "admin");
    const url = `/api/v1/admin/audit/retention/purge-now?org=${org.slug}`;
    expect((await t.request("POST", url, { token: org.owner.token })).body.error).toBe("nothing_to_purge");
    t.clock.advance(2 * DAY);
    await appendEvents(t, org.orgId, 1, { type: "t.fresh" });

    expect((await t.request("POST", url, { token: admin.token })).body).toMatchObject({ error: "owner_required" });
    const bare = await t.request("POST", url, { token: org.owner.token });
    expect(bare.status).toBe(403);
    expect(bare.body.error).toBe("step_up_required");
    const device = await registerPasskey(t, org.owner);
    const wrong = await sealAssertion(t, org.owner, device, "audit.retention.purge_now", "another-org");
    expect((await t.request("POST", url, { token: org.owner.token, json: { assertionResponseJson: wrong } })).body.error).toBe("step_up_failed");
    expect(await typesOf(org)).toContain("t.old");

    const assertion = await sealAssertion(t, org.owner, device, "audit.retention.purge_now", org.slug);
    const r = await t.request("POST", url, { token: org.owner.token, json: { assertionResponseJson: assertion } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ fromSeq: 1, cutoffAt: new Date(t.clock.now() - DAY).toISOString() });
    const types = await typesOf(org);
    expect(types).not.toContain("t.old");
    expect(types).toContain("t.fresh");
    const [tombstone] = await t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.id, r.body.tombstoneLogId), eq(auditEvents.orgId, org.orgId)));
    expect(tombstone).toMatchObject({ type: "audit.history.purged", actorId: org.owner.userId });
    expect(tombstone!.payload).toMatchObject({ reason: "purge_now", count: r.body.count, throughSeq: r.body.throughSeq });
    expect((await verifyChain(t.ctx.db.read, org.orgId)).intact).toBe(true);
    // The seal is spent.
    expect((await t.request("POST", url, { token: org.owner.token, json: { assertionResponseJson: assertion } })).body.error).toBe("nothing_to_purge");
  }, 30_000);

  test("legal hold refuses purge-now; members without an audit grant cannot read retention", async () => {
    const org = await orgWithHistory("free");
    t.clock.advance(2 * DAY);
    await runCli(["audit", "hold", "--org", org.slug, "--state", "on"], envFor(t));
    const r = await t.request("POST", `/api/v1/admin/audit/retention/purge-now?org=${org.slug}`, { token: org.owner.token, json: {} });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("legal_hold");
    const role = await t.request("POST", `/api/org/${org.slug}/roles`, { token: org.owner.token, json: { key: "no_audit", name: "No audit", scopes: ["org.member.list"] } });
    const noGrant = await addMember(t, org, `nogrant${n}@retention.example`, role.body.id);
    expect((await t.request("GET", `/api/v1/admin/audit/retention?org=${org.slug}`, { token: noGrant.token })).status).toBe(403);
  }, 30_000);
});
