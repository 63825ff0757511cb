/**
 * Tamper evidence: rows edited, deleted or reordered straight in the database, a tail
 * cut after a checkpoint, and a chain rewritten with fresh hashes are each detected by
 * the full verify (HTTP and CLI) and by GET /audit/verify/{logId}, recorded as integrity
 * violations once, and never repaired.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { hashAuditRecord, nextChainHash } from "../../../../src/platform/audit/record";
import { addMember, createOrg, signInAs, type TestOrg } from "../../../support/accounts";
import { envFor, runCli } from "../../../support/cli";
import { createTestApp, type TestApp } from "../../../support/harness";
import { appendEvents, eventsOf, q, sealOrg, tamper } from "./support";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

let orgCount = 0;
/** A sealed Pro org with a few events of its own. */
async function freshOrg(): Promise<TestOrg> {
  const org = await createOrg(t, `owner${++orgCount}@tamper.example`, `Tamper ${orgCount}`, { plan: "pro" });
  await sealOrg(t, org.orgId);
  await appendEvents(t, org.orgId, 6);
  return org;
}

const verifyAll = (org: TestOrg) => t.request("GET", `/api/v1/admin/audit/verify?org=${org.slug}`, { token: org.owner.token });
const verifyOne = (org: TestOrg, logId: string) => t.request("GET", `/api/v1/admin/audit/verify/${logId}?org=${org.slug}`, { token: org.owner.token });
const checkpoint = (org: TestOrg) => t.request("POST", `/api/v1/admin/audit/checkpoints?org=${org.slug}`, { token: org.owner.token });
const violations = async (org: TestOrg) => (await t.request("GET", `/api/v1/admin/integrity/violations?org=${org.slug}`, { token: org.owner.token })).body;

describe("an intact chain", () => {
  test("verify/{logId} checks the record, its link and the chain to the covering checkpoint", async () => {
    const org = await freshOrg();
    const rows = await eventsOf(t, org.orgId);
    const before = await verifyOne(org, rows[2]!.id);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ logId: rows[2]!.id, seq: 3, valid: true, checks: { record: true, link: true, checkpoint: "pending" }, checkpoint: null, problems: [] });
    expect((await checkpoint(org)).status).toBe(201);
    const after = await verifyOne(org, rows[2]!.id);
    expect(after.body).toMatchObject({ valid: true, checks: { record: true, link: true, checkpoint: "verified" }, checkpoint: { seq: rows.length, valid: true } });
    expect(after.body.previousChainHash).toBe(rows[1]!.chainHash);
    expect(await violations(org)).toEqual([]);
  });

  test("a logId of another organization, an unknown one, or another member's event is 404", async () => {
    const org = await freshOrg();
    const other = await freshOrg();
    const [foreign] = await eventsOf(t, other.orgId);
    expect((await verifyOne(org, foreign!.id)).status).toBe(404);
    expect((await verifyOne(org, "no-such-log")).status).toBe(404);
    const member = await addMember(t, org, "member@verify-one.example");
    const [ownersEvent] = await eventsOf(t, org.orgId);
    const r = await t.request("GET", `/api/v1/admin/audit/verify/${ownersEvent!.id}?org=${org.slug}`, { token: member.token });
    expect(r.status).toBe(404);
    const stranger = await signInAs(t, "stranger@verify-one.example");
    expect((await t.request("GET", `/api/v1/admin/audit/verify/${ownersEvent!.id}?org=${org.slug}`, { token: stranger.token })).status).toBe(404);
  });
});

describe("detection", () => {
  test("an edited row: record_altered at its seq, on every path; recorded once; the row is left as the attacker left it", async () => {
    const org = await freshOrg();
    const rows = await eventsOf(t, org.orgId);
    const victim = rows[3]!;
    await tamper(t, `UPDATE audit_events SET payload = '{"i":999}' WHERE id = ${q(victim.id)}`);
    const r = await verifyAll(org);
    expect(r.status).toBe(200);
    expect(r.body.intact).toBe(false);
    expect(r.body.firstBreak).toMatchObject({ reason: "record_altered", seq: victim.seq, logId: victim.id });
    expect(r.body.problemCount).toBe(1);
    expect(r.body.newViolations).toBe(1);
    const one = await verifyOne(org, victim.id);
    expect(one.body).toMatchObject({ valid: false, checks: { record: false } });
    expect(one.body.problems[0]).toMatchObject({ reason: "record_altered" });
    // The neighbours still verify: the break is pinned to the edited row.
    expect((await verifyOne(org, rows[4]!.id)).body.valid).toBe(true);
    expect((await verifyAll(org)).body.newViolations).toBe(0);
    const found = await violations(org);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ entityType: "audit_event", entityId: victim.id, reason: "record_altered", status: "open" });
    const [still] = (await eventsOf(t, org.orgId)).filter((e) => e.id === victim.id);
    expect(still!.payload).toEqual({ i: 999 });
  });

  test("a deleted row: missing_records at its seq; the next record's verify fails", async () => {
    const org = await freshOrg();
    const rows = await eventsOf(t, org.orgId);
    const victim = rows[2]!;
    await tamper(t, `DELETE FROM audit_events WHERE id = ${q(victim.id)}`);
    const r = await verifyAll(org);
    expect(r.body.intact).toBe(false);
    expect(r.body.firstBreak).toMatchObject({ reason: "missing_records", seq: victim.seq, detail: { fromSeq: victim.seq, throughSeq: victim.seq } });
    const next = await verifyOne(org, rows[3]!.id);
    expect(next.body.valid).toBe(false);
    expect(next.body.checks.link).toBe(false);
    expect(next.body.problems[0]).toMatchObject({ reason: "missing_records", seq: victim.seq });
    expect(await violations(org)).toContainEqual(expect.objectContaining({ entityType: "audit_chain", entityId: org.orgId, reason: "missing_records" }));
  });

  test("reordered rows (sequence numbers swapped): both records no longer hash to their seals", async () => {
    const org = await freshOrg();
    const rows = await eventsOf(t, org.orgId);
    const [a, b] = [rows[2]!, rows[3]!];
    await tamper(t, `UPDATE audit_events SET seq = -1 WHERE id = ${q(a.id)}`);
    await tamper(t, `UPDATE audit_events SET seq = ${a.seq} WHERE id = ${q(b.id)}`);
    await tamper(t, `UPDATE audit_events SET seq = ${b.seq} WHERE id = ${q(a.id)}`);
    const r = await verifyAll(org);
    expect(r.body.intact).toBe(false);
    expect(r.body.firstBreak).toMatchObject({ reason: "record_altered", seq: a.seq, logId: b.id });
    expect(r.body.problems.map((p: any) => [p.reason, p.seq])).toEqual([
      ["record_altered", a.seq],
      ["record_altered", b.seq],
      // The record after them links to what used to be at b's place.
      ["chain_broken", b.seq + 1],
    ]);
    expect((await verifyOne(org, a.id)).body.valid).toBe(false);
    expect((await verifyOne(org, b.id)).body.valid).toBe(false);
  });

  test("a tail cut after a checkpoint: tail_truncated, and records before it no longer reach their checkpoint", async () => {
    const org = await freshOrg();
    expect((await checkpoint(org)).status).toBe(201);
    const rows = await eventsOf(t, org.orgId);
    for (const row of rows.slice(-2)) await tamper(t, `DELETE FROM audit_events WHERE id = ${q(row.id)}`);
    const r = await verifyAll(org);
    expect(r.body.intact).toBe(false);
    expect(r.body.firstBreak).toMatchObject({ reason: "tail_truncated", seq: rows.length, detail: { checkpointSeq: rows.length, headSeq: rows.length - 2 } });
    const early = await verifyOne(org, rows[1]!.id);
    expect(early.body).toMatchObject({ valid: false, checks: { record: true, link: true, checkpoint: "failed" } });
    // A new append after the cut does not heal it: the chain no longer matches the signed head.
    await appendEvents(t, org.orgId, 3);
    const again = await verifyAll(org);
    expect(again.body.intact).toBe(false);
    expect(again.body.problems.map((p: any) => p.reason)).toContain("checkpoint_mismatch");
    // Nor is the broken chain ever signed.
    const cp = await checkpoint(org);
    expect(cp.status).toBe(409);
    expect(cp.body).toMatchObject({ error: "checkpoint_unavailable", reason: "chain_broken" });
  });

  test("a chain rewritten with recomputed hashes still disagrees with the signed checkpoint", async () => {
    const org = await freshOrg();
    expect((await checkpoint(org)).status).toBe(201);
    const rows = await eventsOf(t, org.orgId);
    // The attacker edits a record and recomputes every hash after it, as the format documents.
    let previous = rows[1]!.chainHash;
    for (const row of rows.slice(2)) {
      const edited = row.seq === 3 ? { ...row, payload: { i: -1 } } : row;
      const recordHash = hashAuditRecord(edited);
      const chainHash = nextChainHash(previous, recordHash);
      await tamper(t, `UPDATE audit_events SET payload = '${JSON.stringify(edited.payload)}', record_hash = ${q(recordHash)}, chain_hash = ${q(chainHash)} WHERE id = ${q(row.id)}`);
      previous = chainHash;
    }
    const r = await verifyAll(org);
    expect(r.body.intact).toBe(false);
    expect(r.body.problems).toEqual([expect.objectContaining({ reason: "checkpoint_mismatch", seq: rows.length })]);
  });

  test("a forged checkpoint (payload swapped, signature kept) is checkpoint_invalid", async () => {
    const org = await freshOrg();
    const cp = (await checkpoint(org)).body;
    const [header, , signature] = cp.jws.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ typ: "signet.audit.checkpoint", v: 1, orgId: org.orgId, seq: cp.seq, chainHash: "f".repeat(64), at: 0 })).toString("base64url");
    await tamper(t, `UPDATE audit_checkpoints SET jws = ${q(`${header}.${forgedPayload}.${signature}`)} WHERE id = ${q(cp.id)}`);
    const r = await verifyAll(org);
    expect(r.body.firstBreak).toMatchObject({ reason: "checkpoint_invalid", checkpointId: cp.id, detail: { why: "bad_signature" } });
    expect(await violations(org)).toContainEqual(expect.objectContaining({ entityType: "audit_checkpoint", entityId: cp.id }));
  });

  test("signet audit verify names the first break and exits 1", async () => {
    const org = await freshOrg();
    const rows = await eventsOf(t, org.orgId);
    await tamper(t, `UPDATE audit_events SET type = 'test.renamed' WHERE id = ${q(rows[4]!.id)}`);
    const r = await runCli(["audit", "verify", "--org", org.slug], envFor(t));
    expect(r.code).toBe(1);
    expect(r.stdout.split("\n")[0]).toBe(`broken at seq 5: record_altered at seq 5 (logId ${rows[4]!.id}); 1 problem(s) in ${rows.length} events`);
    expect(await violations(org)).toHaveLength(1);
  }, 30_000);

  test("the daily audit.verify job records violations for every organization", async () => {
    const org = await freshOrg();
    const rows = await eventsOf(t, org.orgId);
    await tamper(t, `DELETE FROM audit_events WHERE id = ${q(rows[0]!.id)}`);
    const run = await t.ctx.jobs.runNow("audit.verify");
    expect(run.outcome).toBe("ok");
    expect(await violations(org)).toContainEqual(expect.objectContaining({ reason: "missing_records", detectedBy: "verify_job", detail: expect.objectContaining({ fromSeq: 1, throughSeq: 1 }) }));
  });
});
