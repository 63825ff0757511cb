/**
 * Audit stats read whole UTC days from the per-day counts kept at append and only the
 * partial first and last day from the events. These tests hold every answer against a
 * count over the raw rows (each event judged by canSeeEvent, the in-memory twin of the
 * 5.4 rule): ranges cut mid-day, at midnights, within one day and across one midnight;
 * each scope, systems-only grants, payment events for the owner and an admin; events in
 * several app groups; batches through group commit; and a purge that cuts a day in two.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../../../../src/platform/audit/append";
import { auditDayOf } from "../../../../src/platform/audit/day-counts";
import { appendAuditCommitted } from "../../../../src/platform/audit/group-commit";
import { auditDayCounts, auditEvents } from "../../../../src/platform/audit/schema";
import { connectedIds } from "../../../../src/modules/orgs/schema";
import { resolveOrgAccess } from "../../../../src/modules/orgs/access";
import { purgeBefore } from "../../../../src/modules/trust/audit/retention";
import { auditStats } from "../../../../src/modules/trust/audit/stats";
import { canSeeEvent, visibilityFor, type AuditScope, type Visibility } from "../../../../src/modules/trust/audit/visibility";
import { addMember, createOrg, type SignedInUser, type TestOrg } from "../../../support/accounts";
import { DAY, HOUR, MINUTE } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

type EventRow = typeof auditEvents.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();

async function rawEvents(orgId: string): Promise<EventRow[]> {
  return t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, orgId));
}

/** What /audit/stats must answer, counted over the raw rows. */
function expectedStats(rows: EventRow[], v: Visibility, from: number, to: number) {
  const seen = rows.filter((e) => e.createdAt >= from && e.createdAt <= to && canSeeEvent(v, e));
  const tally = <K>(keyOf: (e: EventRow) => K) => {
    const m = new Map<K, number>();
    for (const e of seen) m.set(keyOf(e), (m.get(keyOf(e)) ?? 0) + 1);
    return [...m];
  };
  return {
    total: seen.length,
    byType: tally((e) => e.type)
      .map(([type, count]) => ({ type, count }))
      .sort((a, b) => b.count - a.count || (a.type < b.type ? -1 : 1))
      .slice(0, 50),
    byDay: tally((e) => auditDayOf(e.createdAt))
      .sort(([a], [b]) => a - b)
      .map(([day, count]) => ({ date: iso(day * DAY).slice(0, 10), count })),
    byActor: tally((e) => JSON.stringify([e.actorKind, e.actorId]))
      .map(([key, count]) => {
        const [kind, id] = JSON.parse(key) as [string, string | null];
        return { kind, id, count };
      })
      .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind) || (a.id ?? "").localeCompare(b.id ?? ""))
      .slice(0, 20),
  };
}

/** The counts table holds exactly the group-by of the organization's events. */
async function countsMatchEvents(orgId: string) {
  const kept = await t.ctx.db.read.select().from(auditDayCounts).where(eq(auditDayCounts.orgId, orgId));
  const expected = new Map<string, number>();
  for (const e of await rawEvents(orgId)) {
    const key = JSON.stringify([auditDayOf(e.createdAt), e.type, e.actorKind, e.actorId ?? "", e.actorConnectedId ?? "", e.appGroupId ?? ""]);
    expected.set(key, (expected.get(key) ?? 0) + 1);
  }
  const actual = new Map(kept.map((k) => [JSON.stringify([k.day, k.type, k.actorKind, k.actorId, k.actorConnectedId, k.appGroupId]), Number(k.n)]));
  expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
}

describe("stats from per-day counts", () => {
  let org: TestOrg;
  let admin: SignedInUser;
  let member: SignedInUser;
  let memberBadge: string;
  let now: number;
  let base: number;

  beforeAll(async () => {
    org = await createOrg(t, "owner@counts.example", "Counts", { plan: "business" });
    admin = await addMember(t, org, "admin@counts.example", "admin");
    member = await addMember(t, org, "member@counts.example");
    const [badge] = await t.ctx.db.read.select().from(connectedIds).where(and(eq(connectedIds.orgId, org.orgId), eq(connectedIds.userId, member.userId)));
    memberBadge = badge!.id;
    // Six days of events after the organization's own, in time order (a purge deletes a prefix of the chain).
    base = (auditDayOf(t.clock.now()) + 1) * DAY;
    t.clock.set(base + 5 * DAY + 14 * HOUR);
    now = t.clock.now();
    const actors: AuditActor[] = [
      { kind: "user", id: org.owner.userId },
      { kind: "user", id: admin.userId },
      { kind: "user", id: member.userId, connectedId: memberBadge },
      { kind: "user", connectedId: memberBadge },
      { kind: "system" },
      { kind: "api_key", id: "key_counts" },
    ];
    const types = ["t.alpha", "payment.t.charged", "agent.t.ran", "org.project.t.made", "t.beta", "reporting.t.sent", "t.alpha"];
    const groups = [null, "ag_web", "ag_app"];
    // Times of day, among them both edges of a day.
    const offsets = [0, 1, 3 * HOUR, 11 * HOUR + 30 * MINUTE, 20 * HOUR, DAY - 1];
    let i = 0;
    await t.ctx.db.write(async (tx) => {
      for (let day = 0; day <= 5; day++) {
        for (const offset of offsets) {
          const at = base + day * DAY + offset;
          if (at > now) continue;
          await appendAudit(tx, { orgId: org.orgId, type: types[i % types.length]!, actor: actors[i % actors.length]!, appGroupId: groups[i % groups.length], payload: { i }, at });
          i++;
        }
      }
    });
  });

  async function callerOf(who: SignedInUser, scopes?: string[]) {
    const access = (await resolveOrgAccess(t.ctx.db.read, org.slug, who))!;
    return { org: access.org, actor: scopes ? { ...access.actor, scopes } : access.actor, requestId: null, ip: null, userAgent: null };
  }

  const ranges = () => [
    { name: "the default 90 days", from: undefined, to: undefined },
    { name: "cut mid-day at both ends", from: base + 3 * HOUR, to: base + 3 * DAY + 5 * HOUR },
    { name: "whole days exactly", from: base + DAY, to: base + 3 * DAY - 1 },
    { name: "ending exactly at a midnight", from: base + 2 * DAY + 1, to: base + 4 * DAY },
    { name: "within one day", from: base + 2 * DAY + HOUR, to: base + 2 * DAY + 21 * HOUR },
    { name: "across one midnight", from: base + 2 * DAY + 19 * HOUR, to: base + 3 * DAY + 2 * HOUR },
    { name: "up to now, from a mid-day", from: base + 4 * DAY + 2 * HOUR, to: undefined },
  ];

  async function compareAll(label: string) {
    const rows = await rawEvents(org.orgId);
    const callers: Array<{ name: string; who: SignedInUser; scope: AuditScope; scopes?: string[] }> = [
      { name: "owner, all", who: org.owner, scope: "all" },
      { name: "owner, mine", who: org.owner, scope: "mine" },
      { name: "admin, all (no payment.*)", who: admin, scope: "all" },
      { name: "member, mine (own by id and by badge)", who: member, scope: "mine" },
      { name: "admin with the agent system only", who: admin, scope: "all", scopes: ["org.audit_event_log.list_system:system=agent"] },
      {
        name: "admin with agent, project and payment systems",
        who: admin,
        scope: "all",
        scopes: ["org.audit_event_log.list_system:system=agent", "org.audit_event_log.list_system:system=project_mgmt", "org.audit_event_log.list_system:system=payment"],
      },
      { name: "owner with the reporting system only", who: org.owner, scope: "all", scopes: ["org.audit_event_log.list_system:system=reporting"] },
    ];
    for (const c of callers) {
      const caller = await callerOf(c.who, c.scopes);
      const v = visibilityFor(caller.actor, caller.org, c.scope);
      for (const r of ranges()) {
        const input = { scope: c.scope, from: r.from === undefined ? undefined : iso(r.from), to: r.to === undefined ? undefined : iso(r.to) };
        const answer = await auditStats(t.ctx, caller, input);
        const from = Date.parse(answer.range.from);
        const to = Date.parse(answer.range.to);
        const expected = expectedStats(rows, v, from, to);
        const where = { label, caller: c.name, range: r.name };
        expect({ ...where, total: answer.total, byType: answer.byType, byDay: answer.byDay, byActor: answer.byActor }).toEqual({ ...where, ...expected });
      }
    }
  }

  test("every scope and grant, every kind of range: the same counts as the raw rows", async () => {
    await countsMatchEvents(org.orgId);
    await compareAll("as appended");
  });

  test("the same through HTTP, and the quick stats' last day and week", async () => {
    const rows = await rawEvents(org.orgId);
    for (const [who, scope] of [
      [org.owner, "all"],
      [admin, "all"],
      [member, "mine"],
    ] as const) {
      const caller = await callerOf(who);
      const v = visibilityFor(caller.actor, caller.org, scope);
      const r = await t.request("GET", `/api/v1/admin/audit/stats?org=${org.slug}&scope=${scope}&from=${iso(base + 90 * MINUTE)}&to=${iso(base + 4 * DAY + 13 * HOUR)}`, { token: who.token });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject(expectedStats(rows, v, base + 90 * MINUTE, base + 4 * DAY + 13 * HOUR));
      const quick = await t.request("GET", `/api/v1/admin/audit/stats/quick?org=${org.slug}&scope=${scope}`, { token: who.token });
      const after = (ms: number) => rows.filter((e) => e.createdAt > ms && canSeeEvent(v, e)).length;
      expect(quick.body).toMatchObject({ last24h: after(t.clock.now() - DAY), last7d: after(t.clock.now() - 7 * DAY) });
      expect(quick.body.last7d).toBeGreaterThan(quick.body.last24h);
    }
  });

  test("a batch through group commit adds each key's count once, and the counts still match", async () => {
    const at = t.clock.now();
    await Promise.all(
      Array.from({ length: 12 }, (_, k) => appendAuditCommitted(t.ctx.db, { orgId: org.orgId, type: k % 2 ? "m2m.t.issued" : "t.alpha", actor: { kind: "m2m", id: "client_counts" }, appGroupId: "ag_web", at })),
    );
    const [row] = await t.ctx.db.read
      .select()
      .from(auditDayCounts)
      .where(and(eq(auditDayCounts.orgId, org.orgId), eq(auditDayCounts.type, "m2m.t.issued"), eq(auditDayCounts.actorId, "client_counts")));
    expect(Number(row!.n)).toBe(6);
    await countsMatchEvents(org.orgId);
    await compareAll("after a batch");
  });

  test("a failed append leaves no count behind", async () => {
    const before = await t.ctx.db.read.select().from(auditDayCounts).where(eq(auditDayCounts.orgId, org.orgId));
    const failing = t.ctx.db.write(async (tx) => {
      await appendAudit(tx, { orgId: org.orgId, type: "t.rolled_back", actor: { kind: "system" }, at: t.clock.now() });
      throw new Error("the change fails after its event");
    });
    await expect(failing).rejects.toThrow("the change fails");
    expect(await t.ctx.db.read.select().from(auditDayCounts).where(eq(auditDayCounts.orgId, org.orgId))).toEqual(before);
  });

  test("a purge that cuts a day in two takes its events' counts with it", async () => {
    const cutoff = base + 2 * DAY + 12 * HOUR;
    const purged = await t.ctx.db.write((tx) => purgeBefore(tx, org.orgId, cutoff, { reason: "purge_now", actor: { kind: "user", id: org.owner.userId }, at: t.clock.now() }));
    expect(purged!.count).toBeGreaterThan(0);
    expect((await rawEvents(org.orgId)).some((e) => e.createdAt < cutoff)).toBe(false);
    await countsMatchEvents(org.orgId);
    await compareAll("after the purge");
  });
});

describe("forensic stats read one person's events", () => {
  test("by user id, badge and payload e-mail, in one app group only: the raw rows' counts", async () => {
    const org = await createOrg(t, "owner@forensic-counts.example", "Forensic Counts", { plan: "pro" });
    const suspect = await addMember(t, org, "suspect@forensic-counts.example");
    const [badge] = await t.ctx.db.read.select().from(connectedIds).where(and(eq(connectedIds.orgId, org.orgId), eq(connectedIds.userId, suspect.userId)));
    const start = t.clock.now() - 3 * DAY;
    const ways: Array<Partial<Parameters<typeof appendAudit>[1]>> = [
      { actor: { kind: "user", id: suspect.userId } },
      { actor: { kind: "user", connectedId: badge!.id } },
      { actor: { kind: "system" }, payload: { email: "SUSPECT@forensic-counts.example" } },
      { actor: { kind: "user", id: org.owner.userId }, payload: { email: "someone-else@forensic-counts.example" } },
      { actor: { kind: "user", id: org.owner.userId } },
    ];
    await t.ctx.db.write(async (tx) => {
      for (let i = 0; i < 40; i++) {
        const way = ways[i % ways.length]!;
        await appendAudit(tx, {
          orgId: org.orgId,
          type: ["t.login", "t.export", "t.enduser.signin"][i % 3]!,
          actor: way.actor!,
          payload: way.payload ?? { i },
          appGroupId: ["ag_x", "ag_y", null][i % 3],
          ip: `198.51.100.${i % 4}`,
          at: start + i * 97 * MINUTE,
        });
      }
    });
    const r = await t.request("GET", `/api/v1/admin/audit/stats/forensic?org=${org.slug}&email=suspect@forensic-counts.example&appGroupId=ag_x`, { token: org.owner.token });
    expect(r.status).toBe(200);
    const mine = (await rawEvents(org.orgId)).filter(
      (e) =>
        e.appGroupId === "ag_x" &&
        (e.actorId === suspect.userId || e.actorConnectedId === badge!.id || String((e.payload as { email?: string }).email ?? "").toLowerCase() === "suspect@forensic-counts.example"),
    );
    expect(mine.length).toBeGreaterThan(4);
    const countBy = (keyOf: (e: EventRow) => string | null) => {
      const m = new Map<string, number>();
      for (const e of mine) if (keyOf(e) !== null) m.set(keyOf(e)!, (m.get(keyOf(e)!) ?? 0) + 1);
      return m;
    };
    expect(r.body.total).toBe(mine.length);
    expect(new Map(r.body.byType.map((x: any) => [x.type, x.count]))).toEqual(countBy((e) => e.type));
    expect(new Map(r.body.byDay.map((x: any) => [x.date, x.count]))).toEqual(countBy((e) => iso(e.createdAt).slice(0, 10)));
    expect(new Map(r.body.ipHashes.map((x: any) => [x.hash, x.count]))).toEqual(countBy((e) => e.ipHash));
    expect(r.body.events.map((e: any) => e.seq)).toEqual(mine.map((e) => e.seq).sort((a, b) => b - a));
    expect(r.body.firstAt).toBe(iso(Math.min(...mine.map((e) => e.createdAt))));
    expect(r.body.lastAt).toBe(iso(Math.max(...mine.map((e) => e.createdAt))));
  });
});
