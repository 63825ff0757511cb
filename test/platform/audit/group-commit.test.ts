/**
 * appendAuditCommitted: concurrent events share transactions, each resolves only after
 * its commit, the chain stays linear and verifiable, and a failing event fails alone.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../src/platform/db/database";
import { auditEvents } from "../../../src/platform/audit/schema";
import { appendAudit } from "../../../src/platform/audit/append";
import { appendAuditCommitted } from "../../../src/platform/audit/group-commit";
import { verifyChain } from "../../../src/modules/trust/audit/verify";
import { createOrg, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
beforeAll(async () => {
  t = await createTestApp();
  a = await createOrg(t, "owner@group-a.example", "Group A");
  b = await createOrg(t, "owner@group-b.example", "Group B");
});
afterAll(() => t.close());

/** The app's database, counting the write transactions it opens. */
function countingDb(): { db: Database; writes(): number } {
  let writes = 0;
  const db: Database = { ...t.ctx.db, write: (fn) => ((writes += 1), t.ctx.db.write(fn)) };
  return { db, writes: () => writes };
}

const event = (org: TestOrg, n: number, payload: Record<string, unknown> = { n }) => ({
  orgId: org.orgId,
  type: "org.m2m_token.issued",
  actor: { kind: "api_key" as const, id: "key_group" },
  payload,
  at: t.clock.now(),
});

describe("group commit", () => {
  test("300 concurrent events in two organizations: fewer transactions, contiguous seqs, both chains verify", async () => {
    const { db, writes } = countingDb();
    const appended = await Promise.all(Array.from({ length: 300 }, (_, i) => appendAuditCommitted(db, event(i % 2 ? a : b, i))));
    expect(writes()).toBeLessThan(20);
    for (const org of [a, b]) {
      const rows = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, org.orgId)).orderBy(asc(auditEvents.seq));
      expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
      const report = await verifyChain(t.ctx.db.read, org.orgId);
      expect(report.intact).toBe(true);
      expect(report.count).toBe(rows.length);
    }
    // Each caller got its own event back, in arrival order within its organization.
    const seqsOfA = appended.filter((_, i) => i % 2).map((e) => e.seq);
    expect(seqsOfA).toEqual([...seqsOfA].sort((x, y) => x - y));
    expect(new Set(appended.map((e) => e.id)).size).toBe(300);
  });

  test("consecutive events of one chain take its lock once a batch, while other transactions append to it too", async () => {
    const org = await createOrg(t, "owner@group-c.example", "Group C");
    let locks = 0;
    // Counts the chain locks the batches take (the transaction's own lock, counted then passed on).
    const db: Database = {
      ...t.ctx.db,
      write: (fn) => t.ctx.db.write((tx) => fn(Object.assign(Object.create(tx), { lock: (key: string) => ((locks += 1), tx.lock(key)) }))),
    };
    const grouped = Array.from({ length: 200 }, (_, i) => appendAuditCommitted(db, event(org, i)));
    const alone = Array.from({ length: 20 }, (_, i) => t.ctx.db.write((tx) => appendAudit(tx, event(org, 1000 + i))));
    const appended = await Promise.all([...grouped, ...alone]);
    expect(locks).toBeGreaterThan(0);
    expect(locks).toBeLessThan(20);
    const rows = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, org.orgId)).orderBy(asc(auditEvents.seq));
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(new Set(appended.map((e) => e.seq)).size).toBe(220);
    const report = await verifyChain(t.ctx.db.read, org.orgId);
    expect(report.intact).toBe(true);
    expect(report.count).toBe(rows.length);
  });

  test("it resolves only once the event is committed: readable by anyone right after", async () => {
    const { id } = await appendAuditCommitted(t.ctx.db, event(a, 1));
    const [row] = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.id, id));
    expect(row?.type).toBe("org.m2m_token.issued");
  });

  test("an event that fails (a credential in its payload) fails alone; the rest commit", async () => {
    const results = await Promise.allSettled([
      appendAuditCommitted(t.ctx.db, event(a, 1)),
      appendAuditCommitted(t.ctx.db, event(a, 2, { apiKey: "ah_live_secret" })),
      appendAuditCommitted(t.ctx.db, event(a, 3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const rows = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, a.orgId));
    expect(rows.some((r) => JSON.stringify(r.payload).includes("ah_live_secret"))).toBe(false);
    expect((await verifyChain(t.ctx.db.read, a.orgId)).intact).toBe(true);
  });
});
