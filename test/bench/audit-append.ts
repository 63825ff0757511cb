/**
 * Benchmark (DESIGN §11: audit append ≤ 20 µs added per event; the chain never forks
 * under parallel writers). Not a timed test: it prints figures.
 *
 *   bun test/bench/audit-append.ts [events]                         # SQLite
 *   SIGNET_TEST_DATABASE_URL=postgres://… bun test/bench/audit-append.ts [events]
 *
 * Figures:
 * - sealing: canonical JSON + record hash + chain hash of a typical event, alone;
 * - in one transaction: appendAudit per event vs. inserting the same row unsealed (no
 *   lock, no read of the previous event, no hashes): the difference is what the chain adds;
 * - per transaction: a small change alone vs. the change with its audit event;
 * - the per-day count's upsert alone, in CPU per event;
 * - 8 parallel writers, on one organization's chain and on 8 chains: appends/s, and the
 *   chains verified afterwards (no fork, no gap).
 */
import { appendAudit } from "../../src/platform/audit/append";
import { addDayCount } from "../../src/platform/audit/day-counts";
import { auditEvents } from "../../src/platform/audit/schema";
import { hashAuditRecord, nextChainHash, GENESIS_CHAIN_HASH } from "../../src/platform/audit/record";
import { newId } from "../../src/platform/ids";
import { rateCounters } from "../../src/platform/http/schema";
import { verifyChain } from "../../src/modules/trust/audit/verify";
import { createOrg } from "../support/accounts";
import { createTestApp } from "../support/harness";

const N = Number(process.argv[2] ?? 2000);
const t = await createTestApp();
const dialect = t.ctx.db.dialect;
const payload = { invitationId: "0b6c7a1e-5d1c-4a53-9a7e-1f7d7c1e2a3b", email: "someone@example.com", role: "member", expiresAt: "2026-01-22T12:00:00.000Z" };
const event = (orgId: string, i: number) => ({ orgId, type: "org.invitation.created", actor: { kind: "user" as const, id: "u1", connectedId: "c1" }, payload: { ...payload, i }, requestId: "req-bench-0001", at: t.clock.now() });

function perEvent(ms: number, count: number): number {
  return (ms * 1000) / count;
}
const fmt = (us: number) => `${us.toFixed(1)} µs`;

// Warm-up: JIT, prepared statements, connections.
const warm = await createOrg(t, "warm@bench.example", "Warm");
for (let i = 0; i < 200; i++) await t.ctx.db.write((tx) => appendAudit(tx, event(warm.orgId, i)));

// 1. Sealing alone.
{
  const row = { id: newId(), orgId: warm.orgId, seq: 1, type: "org.invitation.created", createdAt: Date.now(), actorKind: "user", actorId: "u1", actorConnectedId: "c1", appGroupId: null, requestId: "req", ipHash: null, userAgentHash: null, payload, baselines: null };
  let h = GENESIS_CHAIN_HASH;
  const start = performance.now();
  for (let i = 0; i < N * 5; i++) h = nextChainHash(h, hashAuditRecord({ ...row, seq: i }));
  console.log(`[${dialect}] sealing alone (canonical JSON + 2 × SHA-256): ${fmt(perEvent(performance.now() - start, N * 5))} per event`);
}

// 2. N events in one transaction: sealed append vs. the same row inserted unsealed.
{
  const sealedOrg = await createOrg(t, "sealed@bench.example", "Sealed");
  const plainOrg = await createOrg(t, "plain@bench.example", "Plain");
  let start = performance.now();
  await t.ctx.db.write(async (tx) => {
    for (let i = 0; i < N; i++) await appendAudit(tx, event(sealedOrg.orgId, i));
  });
  const sealed = perEvent(performance.now() - start, N);
  start = performance.now();
  await t.ctx.db.write(async (tx) => {
    for (let i = 0; i < N; i++) {
      const e = event(plainOrg.orgId, i);
      await tx.insert(auditEvents).values({ id: newId(), orgId: e.orgId, seq: 1_000_000 + i, type: e.type, actorKind: "user", actorId: "u1", actorConnectedId: "c1", requestId: e.requestId, payload: e.payload, createdAt: e.at });
    }
  });
  const plain = perEvent(performance.now() - start, N);
  console.log(`[${dialect}] one transaction, ${N} events: appendAudit ${fmt(sealed)} per event; unsealed insert ${fmt(plain)}; the chain adds ${fmt(sealed - plain)} per event`);
}

// 3. Per transaction: a small change alone, and with its audit event.
{
  const org = await createOrg(t, "tx@bench.example", "Tx");
  const now = t.clock.now();
  let start = performance.now();
  for (let i = 0; i < N; i++) await t.ctx.db.write((tx) => tx.insert(rateCounters).values({ id: `bench-a-${i}`, windowStart: now, count: 1 }));
  const alone = perEvent(performance.now() - start, N);
  start = performance.now();
  for (let i = 0; i < N; i++) {
    await t.ctx.db.write(async (tx) => {
      await tx.insert(rateCounters).values({ id: `bench-b-${i}`, windowStart: now, count: 1 });
      await appendAudit(tx, event(org.orgId, i));
    });
  }
  const audited = perEvent(performance.now() - start, N);
  console.log(`[${dialect}] per transaction: change alone ${fmt(alone)}, change + audit event ${fmt(audited)}; the audit event adds ${fmt(audited - alone)}`);
}

// 4. The per-day count kept at append (day-counts.ts), alone: the CPU this process spends on the
// upsert (on SQLite that is all of it; on PostgreSQL the server's share is not in it), for an event
// whose key exists (the usual case: the same type and actor earlier that day) and for a new key.
{
  const org = await createOrg(t, "counts@bench.example", "Counts");
  const key = (i: number) => ({ orgId: org.orgId, day: 20_000, type: "org.invitation.created", actorKind: "user", actorId: `u${i}`, actorConnectedId: "", appGroupId: "" });
  for (const [label, keyAt] of [
    ["existing key", () => key(0)],
    ["new key", (i: number) => key(i + 1)],
  ] as const) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    await t.ctx.db.write(async (tx) => {
      for (let i = 0; i < N; i++) await addDayCount(tx, keyAt(i), 1);
    });
    const used = process.cpuUsage(cpu);
    console.log(`[${dialect}] per-day count upsert, ${label}: ${fmt(perEvent((used.user + used.system) / 1000, N))} CPU per event (${fmt(perEvent(performance.now() - start, N))} wall)`);
  }
}

// 5. Eight parallel writers.
for (const shape of ["one chain", "8 chains"] as const) {
  const orgs: Array<{ orgId: string }> = [];
  for (let w = 0; w < 8; w++) orgs.push(w === 0 || shape === "8 chains" ? await createOrg(t, `par${w}-${shape.length}@bench.example`, `Par ${w} ${shape}`) : orgs[0]!);
  const perWriter = Math.max(50, Math.floor(N / 8));
  const start = performance.now();
  await Promise.all(
    orgs.map(async (org, w) => {
      for (let i = 0; i < perWriter; i++) await t.ctx.db.write((tx) => appendAudit(tx, event(org.orgId, w * perWriter + i)));
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const reports = await Promise.all([...new Set(orgs.map((o) => o.orgId))].map((id) => verifyChain(t.ctx.db.read, id)));
  const intact = reports.every((r) => r.intact && r.headSeq === r.count);
  console.log(`[${dialect}] 8 parallel writers, ${shape}: ${Math.round((8 * perWriter) / seconds)} appends/s (one transaction each); chains intact, no fork or gap: ${intact}`);
}

await t.close();
