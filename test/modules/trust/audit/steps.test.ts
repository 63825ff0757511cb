/**
 * Ranged verification of the chain (GET /audit/verify?after=&limit=): steps that each
 * start at the previous step's `next` check exactly what one whole call checks, find a
 * tampered record in the step that holds it with the same firstBreak, record the same
 * violations, and refuse a range that names no part of the chain.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { GENESIS_CHAIN_HASH, hashAuditRecord, nextChainHash, type AuditRecordFields } from "../../../../src/platform/audit/record";
import { auditEvents } from "../../../../src/platform/audit/schema";
import { newId } from "../../../../src/platform/ids";
import { verifyChain } from "../../../../src/modules/trust/audit/verify";
import { addMember, createOrg, signInAs, type TestOrg } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";
import { appendEvents, eventsOf, q, sealOrg, tamper } from "./support";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const STEP = 50;

let orgCount = 0;
/**
 * A sealed org with a few hundred events and two signed checkpoints inside the chain, so
 * that checkpoints fall in different steps, and a few events after the last one.
 */
async function longChain(): Promise<TestOrg> {
  const org = await createOrg(t, `owner${++orgCount}@steps.example`, `Steps ${orgCount}`, { plan: "pro" });
  await sealOrg(t, org.orgId);
  await appendEvents(t, org.orgId, 120);
  expect((await checkpoint(org)).status).toBe(201);
  await appendEvents(t, org.orgId, 130);
  expect((await checkpoint(org)).status).toBe(201);
  await appendEvents(t, org.orgId, 60);
  return org;
}

const checkpoint = (org: TestOrg) => t.request("POST", `/api/v1/admin/audit/checkpoints?org=${org.slug}`, { token: org.owner.token });
const verify = (org: TestOrg, params: Record<string, string | number> = {}, token = org.owner.token) => {
  const query = new URLSearchParams({ org: org.slug, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
  return t.request("GET", `/api/v1/admin/audit/verify?${query}`, { token });
};
const violations = async (org: TestOrg) => (await t.request("GET", `/api/v1/admin/integrity/violations?org=${org.slug}`, { token: org.owner.token })).body;

/** Verifies the chain in steps of `limit`, as the dashboard does, and returns every step's answer. */
async function stepThrough(org: TestOrg, limit: number) {
  const steps = [];
  let after: number | null | undefined;
  do {
    const r = await verify(org, after === undefined ? { limit } : { after: after!, limit });
    expect(r.status).toBe(200);
    steps.push(r.body);
    after = r.body.next;
    expect(steps.length).toBeLessThan(1000);
  } while (after !== null);
  return steps;
}

/** What a sequence of steps found, together, in the shape of one whole call. */
function combined(steps: Awaited<ReturnType<typeof stepThrough>>) {
  const problems = steps.flatMap((s) => s.problems).sort((a, b) => a.seq - b.seq);
  return {
    intact: steps.every((s) => s.intact),
    count: steps.reduce((n, s) => n + s.count, 0),
    problems,
    firstBreak: problems[0] ?? null,
    checked: steps.reduce((n, s) => n + s.checkpoints.checked, 0),
    valid: steps.reduce((n, s) => n + s.checkpoints.valid, 0),
  };
}

function expectSameVerdict(steps: Awaited<ReturnType<typeof stepThrough>>, whole: Record<string, any>) {
  const together = combined(steps);
  expect(together.intact).toBe(whole.intact);
  expect(together.count).toBe(whole.count);
  expect(together.problems).toEqual(whole.problems);
  expect(together.firstBreak).toEqual(whole.firstBreak);
  expect(together.checked).toBe(whole.checkpoints.checked);
  expect(together.valid).toBe(whole.checkpoints.valid);
  const last = steps.at(-1)!;
  expect(last.headSeq).toBe(whole.headSeq);
  expect(last.headHash).toBe(whole.headHash);
}

describe("verification in steps", () => {
  test("an intact chain of a few hundred events: steps of 50 walk it through, with progress, to the whole call's verdict", async () => {
    const org = await longChain();
    const rows = await eventsOf(t, org.orgId);
    const head = rows.at(-1)!.seq;
    const whole = await verify(org);
    expect(whole.status).toBe(200);
    expect(whole.body).toMatchObject({ intact: true, count: rows.length, verifiedThrough: head, next: null, head, total: head, checkpoints: { checked: 2, valid: 2 } });

    const steps = await stepThrough(org, STEP);
    expect(steps).toHaveLength(Math.ceil(rows.length / STEP));
    expectSameVerdict(steps, whole.body);
    let after = 0;
    for (const step of steps) {
      // Each step starts where the previous one stopped and examines at most `limit` records.
      expect(step.count).toBeLessThanOrEqual(STEP);
      expect(step.verifiedThrough).toBe(Math.min(after + STEP, head));
      expect(step).toMatchObject({ intact: true, head, total: head, base: { seq: 0, purged: false }, newViolations: 0 });
      after = step.verifiedThrough;
    }
    expect(steps.slice(0, -1).every((s) => s.next === s.verifiedThrough)).toBe(true);
    // The checkpoints at seq 120-ish and 250-ish are each checked once, by the step that holds them.
    const cpSteps = steps.filter((s) => s.checkpoints.checked > 0);
    expect(cpSteps).toHaveLength(2);
    for (const s of cpSteps) expect(s.checkpoints.latestSeq).toBeGreaterThan(s.verifiedThrough - STEP);
    expect(await violations(org)).toEqual([]);
  });

  test("a step that ends exactly at the head reaches it; after = head is an empty last step", async () => {
    const org = await longChain();
    const head = (await eventsOf(t, org.orgId)).at(-1)!.seq;
    const exact = await verify(org, { after: head - 10, limit: 10 });
    expect(exact.body).toMatchObject({ intact: true, count: 10, verifiedThrough: head, next: null, headSeq: head });
    const empty = await verify(org, { after: head });
    expect(empty.body).toMatchObject({ intact: true, count: 0, verifiedThrough: head, next: null, head, headSeq: head, problems: [] });
  });

  test("a record edited in the middle is found by the step that holds it, with the whole call's firstBreak, and recorded once", async () => {
    const org = await longChain();
    const rows = await eventsOf(t, org.orgId);
    const victim = rows[136]!;
    await tamper(t, `UPDATE audit_events SET payload = '{"i":-1}' WHERE id = ${q(victim.id)}`);

    const steps = await stepThrough(org, STEP);
    const broken = steps.filter((s) => !s.intact);
    expect(broken).toHaveLength(1);
    const holder = broken[0]!;
    expect(holder.verifiedThrough - STEP).toBeLessThan(victim.seq);
    expect(holder.verifiedThrough).toBeGreaterThanOrEqual(victim.seq);
    expect(holder.firstBreak).toMatchObject({ reason: "record_altered", seq: victim.seq, logId: victim.id });
    expect(holder.newViolations).toBe(1);

    const whole = await verify(org);
    expect(whole.body.firstBreak).toEqual(holder.firstBreak);
    expectSameVerdict(steps, whole.body);
    // The same finding: the whole call sees nothing new.
    expect(whole.body.newViolations).toBe(0);
    const found = await violations(org);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ entityType: "audit_event", entityId: victim.id, reason: "record_altered", detectedBy: "verify", status: "open" });
    // The row is left as the attacker left it.
    expect((await eventsOf(t, org.orgId)).find((r) => r.id === victim.id)!.payload).toEqual({ i: -1 });
  });

  test("records deleted across a step boundary and a tail cut after a checkpoint: the steps find what the whole call finds", async () => {
    const org = await longChain();
    expect((await checkpoint(org)).status).toBe(201);
    const rows = await eventsOf(t, org.orgId);
    const head = rows.at(-1)!.seq;
    // Seq 100 ends the second step of 50; 99-101 straddle it. The last three records are cut after the head's checkpoint.
    await tamper(t, `DELETE FROM audit_events WHERE org_id = ${q(org.orgId)} AND (seq BETWEEN 99 AND 101 OR seq > ${head - 3})`);

    const whole = await verify(org);
    expect(whole.body.intact).toBe(false);
    expect(whole.body.problems.map((p: { reason: string }) => p.reason)).toEqual(["missing_records", "tail_truncated"]);
    const steps = await stepThrough(org, STEP);
    expectSameVerdict(steps, whole.body);
    expect(steps.at(-1)!.problems).toContainEqual(expect.objectContaining({ reason: "tail_truncated", seq: head }));
    // A step that starts inside the gap reports the gap as the whole walk does.
    const inGap = await verify(org, { after: 100, limit: 5 });
    expect(inGap.body.firstBreak).toEqual(whole.body.firstBreak);
    expect((await violations(org)).map((v: { reason: string }) => v.reason).sort()).toEqual(["missing_records", "tail_truncated"]);
  });
});

describe("refusals", () => {
  test("after and limit out of range, or not integers, are 400 invalid_request naming the field; nothing is recorded", async () => {
    const org = await longChain();
    const rows = await eventsOf(t, org.orgId);
    const head = rows.at(-1)!.seq;
    await tamper(t, `UPDATE audit_events SET payload = '{"i":-2}' WHERE id = ${q(rows[10]!.id)}`);
    const cases: [Record<string, string | number>, string][] = [
      [{ after: -1 }, "after"],
      [{ after: "1.5" }, "after"],
      [{ after: "ten" }, "after"],
      [{ after: "" }, "after"],
      [{ after: head + 1 }, "after"],
      [{ after: 1e12 }, "after"],
      [{ limit: 0 }, "limit"],
      [{ limit: 100_001 }, "limit"],
      [{ limit: "2.5" }, "limit"],
      [{ limit: "all" }, "limit"],
      [{ after: 5, limit: -3 }, "limit"],
    ];
    for (const [params, field] of cases) {
      const r = await verify(org, params);
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body, JSON.stringify(params)).toMatchObject({ error: "invalid_request", field });
    }
    // None of them verified anything: the edited record is still unrecorded.
    expect(await violations(org)).toEqual([]);
    expect((await eventsOf(t, org.orgId)).length).toBe(rows.length);
  });

  test("a step is the Owner's or an Admin's: a member is 403, a stranger and another org's slug 404, no session 401", async () => {
    const org = await longChain();
    const admin = await addMember(t, org, "admin@steps-access.example", "admin");
    const member = await addMember(t, org, "member@steps-access.example");
    expect((await verify(org, { after: 10, limit: 5 }, admin.token)).body).toMatchObject({ intact: true, count: 5, verifiedThrough: 15, next: 15 });
    expect((await verify(org, { after: 10, limit: 5 }, member.token)).body).toMatchObject({ error: "admin_required" });
    const stranger = await signInAs(t, "stranger@steps-access.example");
    expect((await verify(org, { after: 10, limit: 5 }, stranger.token)).status).toBe(404);
    expect((await t.request("GET", `/api/v1/admin/audit/verify?org=${org.slug}&after=10&limit=5`)).status).toBe(401);
  });
});

describe("a whole-chain walk's batches", () => {
  test("the walk reports each batch of 1,000 records to its caller, and the report is the same with or without the hook", async () => {
    // A chain of 2,400 sealed records written in multi-row inserts (as the data-scale seed does).
    const orgId = newId();
    let chainHash = GENESIS_CHAIN_HASH;
    const rows = Array.from({ length: 2_400 }, (_, i) => {
      const fields: AuditRecordFields = { id: newId(), orgId, seq: i + 1, type: "test.event", createdAt: t.clock.now(), actorKind: "system", actorId: null, actorConnectedId: null, appGroupId: null, requestId: null, ipHash: null, userAgentHash: null, payload: { i }, baselines: null };
      const recordHash = hashAuditRecord(fields);
      chainHash = nextChainHash(chainHash, recordHash);
      return { ...fields, recordHash, chainHash };
    });
    await t.ctx.db.write(async (tx) => {
      for (let i = 0; i < rows.length; i += 200) await tx.insert(auditEvents).values(rows.slice(i, i + 200));
    });
    const examined: number[] = [];
    const report = await verifyChain(t.ctx.db.read, orgId, {}, { afterBatch: (n) => examined.push(n) });
    expect(report).toMatchObject({ intact: true, count: 2_400, headSeq: 2_400 });
    expect(examined).toEqual([1_000, 2_000, 2_400]);
    expect(await verifyChain(t.ctx.db.read, orgId)).toEqual(report);
  }, 30_000);
});
