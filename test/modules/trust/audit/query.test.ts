/**
 * GET /audit/query and /audit/query/detail: the 5.4 matrix row by row, payment.* for
 * the owner only on every path, filters, cursor pages, ranges, the retention window
 * (cut and 402) and a tampered row that is flagged, never hidden and never a crash.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { appendAudit, type AuditEventInput } from "../../../../src/platform/audit/append";
import { connectedIds, organizations } from "../../../../src/modules/orgs/schema";
import { resolveOrgAccess } from "../../../../src/modules/orgs/access";
import { setOrganizationPlan } from "../../../../src/modules/orgs/service";
import { queryEvents } from "../../../../src/modules/trust/audit/query";
import { addMember, createOrg, signInAs, type SignedInUser, type TestOrg } from "../../../support/accounts";
import { DAY, HOUR } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { q, tamper } from "./support";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

async function emit(orgId: string, type: string, actor: AuditEventInput["actor"], extra: Partial<AuditEventInput> = {}) {
  return (await t.ctx.db.write((tx) => appendAudit(tx, { orgId, type, actor, payload: { type }, at: t.clock.now(), ...extra }))).id;
}

async function badgeOf(orgId: string, userId: string): Promise<string> {
  const [badge] = await t.ctx.db.read.select().from(connectedIds).where(and(eq(connectedIds.orgId, orgId), eq(connectedIds.userId, userId)));
  return badge!.id;
}

async function customRole(org: TestOrg, key: string, scopes: string[]): Promise<string> {
  const r = await t.request("POST", `/api/org/${org.slug}/roles`, { token: org.owner.token, json: { key, name: key, scopes } });
  expect(r.status).toBe(201);
  return r.body.id;
}

function query(org: TestOrg, who: SignedInUser, params: Record<string, string> = {}) {
  return t.request("GET", `/api/v1/admin/audit/query?${new URLSearchParams({ org: org.slug, ...params })}`, { token: who.token });
}

const types = (r: { body: any }) => (r.body.events as any[]).map((e) => e.type).filter((ty) => ty.startsWith("t.") || ty.includes(".t."));

describe("the 5.4 matrix", () => {
  let org: TestOrg;
  let admin: SignedInUser;
  let member: SignedInUser;
  let systemWatcher: SignedInUser;
  let auditor: SignedInUser;
  let nobody: SignedInUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    org = await createOrg(t, "owner@matrix.example", "Matrix", { plan: "pro" });
    admin = await addMember(t, org, "admin@matrix.example", "admin");
    member = await addMember(t, org, "member@matrix.example");
    systemWatcher = await addMember(t, org, "watcher@matrix.example", await customRole(org, "agent_watcher", ["org.audit_event_log.list_system:system=agent", "org.audit_event_log.list:actor=self"]));
    auditor = await addMember(t, org, "auditor@matrix.example", await customRole(org, "auditor", ["org.audit_event_log.list"]));
    nobody = await addMember(t, org, "nobody@matrix.example", await customRole(org, "no_audit", ["org.member.list"]));
    const user = (u: SignedInUser) => ({ kind: "user" as const, id: u.userId });
    ids.owner = await emit(org.orgId, "t.owner_did", user(org.owner));
    ids.ownerPayment = await emit(org.orgId, "payment.t.owner_paid", user(org.owner));
    ids.admin = await emit(org.orgId, "t.admin_did", user(admin));
    ids.member = await emit(org.orgId, "t.member_did", user(member));
    // An event that names the member only by badge is theirs too.
    ids.memberByBadge = await emit(org.orgId, "t.member_badge_did", { kind: "user", id: null, connectedId: await badgeOf(org.orgId, member.userId) });
    ids.memberPayment = await emit(org.orgId, "payment.t.member_paid", user(member));
    ids.watcher = await emit(org.orgId, "t.watcher_did", user(systemWatcher));
    ids.agent = await emit(org.orgId, "agent.t.hired", { kind: "system" });
    ids.project = await emit(org.orgId, "org.project.t.created", { kind: "system" });
    ids.reporting = await emit(org.orgId, "reporting.t.lead_changed", { kind: "system" });
    ids.payment = await emit(org.orgId, "payment.t.charged", { kind: "system" });
  });

  test("row 1, the default member grant (actor=self): own events with scope=mine; scope=all is 403 PERMISSION_DENIED", async () => {
    const mine = await query(org, member);
    expect(mine.status).toBe(200);
    expect(mine.body.scope).toBe("mine");
    // Own payment.* events are the owner's to see, not the member's.
    expect(types(mine).sort()).toEqual(["t.member_badge_did", "t.member_did"]);
    const all = await query(org, member, { scope: "all" });
    expect(all.status).toBe(403);
    expect(all.body).toMatchObject({ error: "PERMISSION_DENIED" });
  });

  test("row 2, list_system:system=<key>: own events with scope=mine; a Member holding it still gets 403 for scope=all", async () => {
    const mine = await query(org, systemWatcher);
    expect(types(mine)).toEqual(["t.watcher_did"]);
    const all = await query(org, systemWatcher, { scope: "all" });
    expect(all.status).toBe(403);
    expect(all.body.error).toBe("PERMISSION_DENIED");
  });

  test("row 2, scope=all for an Owner or Admin caller holding only system grants: events of the granted systems plus own", async () => {
    // Built-in Admins hold org.*, so this row needs an admin with narrower grants; the service decides it.
    const access = (await resolveOrgAccess(t.ctx.db.read, org.slug, admin))!;
    for (const [grants, expected] of [
      [["org.audit_event_log.list_system:system=agent"], ["agent.t.hired", "t.admin_did"]],
      [["org.audit_event_log.list_system:system=agent", "org.audit_event_log.list_system:system=project_mgmt", "org.audit_event_log.list_system:system=reporting"], ["agent.t.hired", "org.project.t.created", "reporting.t.lead_changed", "t.admin_did"]],
      // The payment system grant still shows an admin no payment.* event: those are the owner's.
      [["org.audit_event_log.list_system:system=payment"], ["t.admin_did"]],
    ] as const) {
      const caller = { org: access.org, actor: { ...access.actor, scopes: grants }, requestId: null, ip: null, userAgent: null };
      const r = await queryEvents(t.ctx, caller, { scope: "all" });
      expect(r.events.map((e) => e.type).filter((ty) => ty.includes("t.")).sort()).toEqual([...expected].sort());
    }
  });

  test("row 3, unconstrained list: own events with scope=mine; the whole organization with scope=all (payment.* the owner's only)", async () => {
    expect(types(await query(org, admin))).toEqual(["t.admin_did"]);
    const adminAll = await query(org, admin, { scope: "all" });
    expect(adminAll.status).toBe(200);
    expect(types(adminAll).sort()).toEqual(
      ["agent.t.hired", "org.project.t.created", "reporting.t.lead_changed", "t.admin_did", "t.member_badge_did", "t.member_did", "t.owner_did", "t.watcher_did"].sort(),
    );
    const ownerAll = await query(org, org.owner, { scope: "all" });
    expect(types(ownerAll)).toHaveLength(11);
    expect(types(ownerAll)).toEqual(expect.arrayContaining(["payment.t.owner_paid", "payment.t.member_paid", "payment.t.charged"]));
    expect(types(await query(org, org.owner)).sort()).toEqual(["payment.t.owner_paid", "t.owner_did"]);
  });

  test("row 3 held by a Member (a custom role): own events only; scope=all is 403", async () => {
    expect((await query(org, auditor)).status).toBe(200);
    expect((await query(org, auditor, { scope: "all" })).body.error).toBe("PERMISSION_DENIED");
  });

  test("no audit grant at all: both scopes 403 PERMISSION_DENIED", async () => {
    expect((await query(org, nobody)).status).toBe(403);
    expect((await query(org, nobody, { scope: "all" })).body.error).toBe("PERMISSION_DENIED");
  });

  test("below Pro, scope=all is 403 UPGRADE_REQUIRED with feature feature.audit.view_all; scope=mine still works", async () => {
    const free = await createOrg(t, "owner@matrix-free.example", "Matrix Free");
    const r = await query(free, free.owner, { scope: "all" });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: "UPGRADE_REQUIRED", feature: "feature.audit.view_all" });
    expect((await query(free, free.owner)).status).toBe(200);
    // Permission before plan: a Free member is told PERMISSION_DENIED.
    const freeMember = await addMember(t, free, "member@matrix-free.example");
    expect((await query(free, freeMember, { scope: "all" })).body.error).toBe("PERMISSION_DENIED");
  });

  describe("/query/detail applies the same per-event judgment", () => {
    const detail = (who: SignedInUser, logId: string, scope?: string) =>
      t.request("GET", `/api/v1/admin/audit/query/detail?${new URLSearchParams({ org: org.slug, logId, ...(scope ? { scope } : {}) })}`, { token: who.token });

    test("own events with scope=mine; others' are 404", async () => {
      const own = await detail(member, ids.member!);
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ scope: "mine", event: { logId: ids.member, type: "t.member_did", sealIntact: true }, chain: { recordIntact: true, linkIntact: true } });
      expect((await detail(member, ids.memberByBadge!)).status).toBe(200);
      expect((await detail(member, ids.owner!)).status).toBe(404);
      expect((await detail(member, ids.memberPayment!)).status).toBe(404);
      expect((await detail(member, ids.member!, "all")).status).toBe(403);
    });

    test("scope=all: an admin sees any event but payment.*; the owner sees those too", async () => {
      expect((await detail(admin, ids.owner!, "all")).status).toBe(200);
      expect((await detail(admin, ids.agent!, "all")).status).toBe(200);
      expect((await detail(admin, ids.payment!, "all")).status).toBe(404);
      expect((await detail(org.owner, ids.payment!, "all")).status).toBe(200);
      expect((await detail(org.owner, ids.payment!)).status).toBe(404);
    });

    test("another organization's logId and an unknown one are 404", async () => {
      const other = await createOrg(t, "owner@matrix-other.example", "Matrix Other", { plan: "pro" });
      const foreign = await emit(other.orgId, "t.foreign", { kind: "user", id: other.owner.userId });
      expect((await detail(org.owner, foreign, "all")).status).toBe(404);
      expect((await detail(org.owner, "nope", "all")).status).toBe(404);
    });
  });
});

describe("filters and pages", () => {
  let org: TestOrg;
  let member: SignedInUser;
  beforeAll(async () => {
    org = await createOrg(t, "owner@filters.example", "Filters", { plan: "business" });
    member = await addMember(t, org, "member@filters.example");
    const owner = { kind: "user" as const, id: org.owner.userId };
    await emit(org.orgId, "org.t.member_added", owner, { appGroupId: "appgroup_a" });
    await emit(org.orgId, "org.t.memberXadded", owner, { appGroupId: "appgroup_b" });
    await emit(org.orgId, "org.t.role_changed", { kind: "user", id: member.userId }, { appGroupId: "appgroup_a" });
    for (let i = 0; i < 5; i++) await emit(org.orgId, "t.page", owner);
  });

  test("type is a literal prefix (an underscore is not a wildcard) or a whole type", async () => {
    expect(types(await query(org, org.owner, { scope: "all", type: "org.t." })).sort()).toEqual(["org.t.memberXadded", "org.t.member_added", "org.t.role_changed"]);
    expect(types(await query(org, org.owner, { scope: "all", type: "org.t.member_" }))).toEqual(["org.t.member_added"]);
    expect(types(await query(org, org.owner, { scope: "all", type: "org.t.role_changed" }))).toEqual(["org.t.role_changed"]);
    expect((await query(org, org.owner, { scope: "all", type: "zzz." })).body.events).toEqual([]);
  });

  test("actor by user id or ConnectedId; app group", async () => {
    expect(types(await query(org, org.owner, { scope: "all", actor: member.userId }))).toEqual(["org.t.role_changed"]);
    const badge = await badgeOf(org.orgId, member.userId);
    await emit(org.orgId, "org.t.badge_only", { kind: "user", connectedId: badge });
    expect(types(await query(org, org.owner, { scope: "all", actor: badge }))).toEqual(["org.t.badge_only"]);
    expect(types(await query(org, org.owner, { scope: "all", appGroupId: "appgroup_a" })).sort()).toEqual(["org.t.member_added", "org.t.role_changed"]);
  });

  test("cursor pages run newest first without overlap to the end", async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r: any = await query(org, org.owner, { scope: "all", limit: "3", ...(cursor ? { cursor } : {}) });
      expect(r.status).toBe(200);
      expect(r.body.events.length).toBeLessThanOrEqual(3);
      seen.push(...r.body.events.map((e: any) => e.seq));
      cursor = r.body.nextCursor;
      pages++;
    } while (cursor);
    const all = (await query(org, org.owner, { scope: "all", limit: "200" })).body.events.map((e: any) => e.seq);
    expect(seen).toEqual(all);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    expect(pages).toBe(Math.ceil(all.length / 3));
  });

  test("bad input is 400 naming the field", async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ cursor: "not-a-cursor" }, "invalid_cursor", "cursor"],
      [{ cursor: Buffer.from('{"s":-4}').toString("base64url") }, "invalid_cursor", "cursor"],
      [{ limit: "0" }, "invalid_request", "limit"],
      [{ limit: "201" }, "invalid_request", "limit"],
      [{ limit: "many" }, "invalid_request", "limit"],
      [{ scope: "everything" }, "invalid_request", "scope"],
      [{ type: "x".repeat(201) }, "invalid_request", "type"],
      [{ from: "yesterday" }, "invalid_request", "from"],
      [{ to: "2026-13-45T00:00:00Z" }, "invalid_request", "to"],
      [{ from: "2026-01-10T00:00:00" }, "invalid_request", "from"],
    ];
    for (const [params, error, field] of cases) {
      const r = await query(org, org.owner, { scope: "all", ...params });
      expect([r.status, r.body.error, r.body.field]).toEqual([400, error, field]);
    }
  });
});

describe("ranges and the retention window", () => {
  test("inverted and longer-than-90-day ranges are 400; exactly 90 days is fine", async () => {
    const org = await createOrg(t, "owner@range.example", "Range", { plan: "business" });
    const now = t.clock.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const inverted = await query(org, org.owner, { from: iso(now), to: iso(now - HOUR) });
    expect(inverted.status).toBe(400);
    expect(inverted.body).toMatchObject({ error: "invalid_range", field: "from" });
    const long = await query(org, org.owner, { from: iso(now - 91 * DAY), to: iso(now) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: "range_too_large", field: "from", maxDays: 90 });
    const ninety = await query(org, org.owner, { from: iso(now - 90 * DAY), to: iso(now) });
    expect(ninety.status).toBe(200);
    expect(ninety.body.range).toMatchObject({ cut: false, retentionDays: 90 });
  });

  test("a narrow range in the past (read by time), a broad one and one reaching now (walked by seq) page the same rows newest first", async () => {
    const org = await createOrg(t, "owner@shapes.example", "Shapes", { plan: "business" });
    const owner = { kind: "user" as const, id: org.owner.userId };
    const start = t.clock.now();
    // Three events a day for 20 days; one each day stamped an hour early, so time and seq disagree.
    for (let day = 0; day < 20; day++) {
      for (let i = 0; i < 3; i++) await emit(org.orgId, "t.shape", owner, { at: start + day * DAY + i * HOUR - (i === 2 ? 3 * HOUR : 0) });
    }
    t.clock.set(start + 20 * DAY);
    const all = (await query(org, org.owner, { scope: "all", type: "t.shape", limit: "200" })).body.events as Array<{ seq: number; at: string }>;
    expect(all).toHaveLength(60);
    const iso = (ms: number) => new Date(ms).toISOString();
    const ranges: Array<[number, number]> = [
      [start + 10 * DAY, start + 11 * DAY - 1], // one day, ten days back: narrower than the time since its end
      [start + 2 * DAY, start + 17 * DAY], // fifteen days ending three days back: broader
      [start + 15 * DAY, t.clock.now()], // reaching now
    ];
    for (const [from, to] of ranges) {
      const expected = all.filter((e) => Date.parse(e.at) >= from && Date.parse(e.at) <= to).map((e) => e.seq);
      expect(expected.length).toBeGreaterThan(2);
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const r: any = await query(org, org.owner, { scope: "all", type: "t.shape", from: iso(from), to: iso(to), limit: "2", ...(cursor ? { cursor } : {}) });
        expect(r.status).toBe(200);
        seen.push(...r.body.events.map((e: any) => e.seq));
        cursor = r.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual(expected);
    }
  });

  test("Pro keeps 7 days: a range partly before the window is cut and says so; entirely before it is 402; upgrading restores access", async () => {
    const org = await createOrg(t, "owner@window.example", "Window", { plan: "pro" });
    const owner = { kind: "user" as const, id: org.owner.userId };
    const start = t.clock.now();
    const old = await emit(org.orgId, "t.old", owner);
    t.clock.advance(10 * DAY);
    await emit(org.orgId, "t.recent", owner);
    const now = t.clock.now();
    const iso = (ms: number) => new Date(ms).toISOString();

    const cut = await query(org, org.owner, { from: iso(start - DAY), to: iso(now) });
    expect(cut.status).toBe(200);
    expect(types(cut)).toEqual(["t.recent"]);
    expect(cut.body.range).toEqual({
      from: iso(now - 7 * DAY),
      to: iso(now),
      requestedFrom: iso(start - DAY),
      requestedTo: iso(now),
      cut: true,
      retentionDays: 7,
      windowStartUtc: iso(now - 7 * DAY),
    });
    const outside = await query(org, org.owner, { from: iso(start - DAY), to: iso(start + DAY) });
    expect(outside.status).toBe(402);
    expect(outside.body).toEqual({ error: "UPGRADE_REQUIRED", feature: "audit.retention" });
    const detail = await t.request("GET", `/api/v1/admin/audit/query/detail?org=${org.slug}&logId=${old}`, { token: org.owner.token });
    expect(detail.status).toBe(402);

    await setOrganizationPlan(t.ctx, { kind: "operator" }, { slug: org.slug, plan: "pro_plus" });
    const after = await query(org, org.owner, { from: iso(start - DAY), to: iso(start + DAY) });
    expect(after.status).toBe(200);
    expect(types(after)).toEqual(["t.old"]);
    expect(after.body.range.cut).toBe(false);
  });

  test("Free keeps 1 day; Enterprise has no window", async () => {
    const free = await createOrg(t, "owner@free-window.example", "Free Window");
    expect((await query(free, free.owner)).body.range).toMatchObject({ retentionDays: 1 });
    const ent = await createOrg(t, "owner@ent-window.example", "Ent Window", { plan: "enterprise" });
    expect((await query(ent, ent.owner)).body.range).toMatchObject({ retentionDays: null, windowStartUtc: null, cut: false });
  });
});

describe("a tampered database", () => {
  test("is reported on the query path, never crashes it, and nothing is repaired", async () => {
    const org = await createOrg(t, "owner@tampered-query.example", "Tampered Query", { plan: "pro" });
    const owner = { kind: "user" as const, id: org.owner.userId };
    const edited = await emit(org.orgId, "t.edited", owner);
    const weird = await emit(org.orgId, "t.weird", owner);
    await tamper(t, `UPDATE audit_events SET payload = '{"amount":1000000}' WHERE id = ${q(edited)}`);
    await tamper(t, `UPDATE audit_events SET payload = '[1,"two",null]' WHERE id = ${q(weird)}`);
    const r = await query(org, org.owner, { scope: "all" });
    expect(r.status).toBe(200);
    const byId = new Map((r.body.events as any[]).map((e) => [e.logId, e]));
    expect(byId.get(edited)).toMatchObject({ sealIntact: false, payload: { amount: 1000000 } });
    expect(byId.get(weird)).toMatchObject({ sealIntact: false, payload: [1, "two", null] });
    expect((r.body.events as any[]).filter((e) => e.logId !== edited && e.logId !== weird).every((e) => e.sealIntact)).toBe(true);
    const d = await t.request("GET", `/api/v1/admin/audit/query/detail?org=${org.slug}&logId=${weird}&scope=all`, { token: org.owner.token });
    expect(d.status).toBe(200);
    expect(d.body.chain).toMatchObject({ recordIntact: false });
    const again = await query(org, org.owner, { scope: "all" });
    expect(again.body.events.find((e: any) => e.logId === edited).sealIntact).toBe(false);
  });

  test("the org must exist and the caller must be a member: 404 either way; 401 without a session", async () => {
    const org = await createOrg(t, "owner@q404.example", "Q 404", { plan: "pro" });
    const stranger = await signInAs(t, "stranger@q404.example");
    const a = await query(org, stranger);
    const b = await t.request("GET", `/api/v1/admin/audit/query?org=nope-nope`, { token: stranger.token });
    expect(a.status).toBe(404);
    expect(a.body).toEqual(b.body);
    expect((await t.request("GET", `/api/v1/admin/audit/query?org=${org.slug}`)).status).toBe(401);
    const [row] = await t.ctx.db.read.select().from(organizations).where(eq(organizations.id, org.orgId));
    expect(row).toBeDefined();
  });
});
