/**
 * The rest of 4.5: member sessions, active-time heartbeats, stats (full, quick,
 * forensic) and /audit/presign, whose export a third party verifies with nothing but
 * SHA-256 and the organization's public keys (docs/audit-format.md §6).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { compactVerify, importJWK } from "jose";
import { and, eq } from "drizzle-orm";
import { appendAudit, type AuditEventInput } from "../../../../src/platform/audit/append";
import { canonicalJson } from "../../../../src/platform/crypto/canonical-json";
import { connectedIds } from "../../../../src/modules/orgs/schema";
import { addMember, createOrg, signInAs, type SignedInUser, type TestOrg } from "../../../support/accounts";
import { DAY, MINUTE, SECOND } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { appendEvents, sealOrg } from "./support";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const sha256 = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest("hex");
const get = (path: string, who: SignedInUser) => t.request("GET", path, { token: who.token });

async function emit(orgId: string, type: string, actor: AuditEventInput["actor"], extra: Partial<AuditEventInput> = {}) {
  return t.ctx.db.write((tx) => appendAudit(tx, { orgId, type, actor, at: t.clock.now(), ...extra }));
}

describe("sessions and heartbeats", () => {
  test("heartbeats credit active time per day, capped, with nothing after a long gap or out of focus", async () => {
    const org = await createOrg(t, "owner@beat.example", "Beat");
    const beat = (focused?: boolean) => t.request("POST", `/api/v1/admin/audit/heartbeat?org=${org.slug}`, { token: org.owner.token, json: focused === undefined ? {} : { focused } });
    expect((await beat()).body).toMatchObject({ activeSeconds: 0, beats: 1, creditedSeconds: 0 });
    t.clock.advance(30 * SECOND);
    expect((await beat()).body).toMatchObject({ activeSeconds: 30, beats: 2, creditedSeconds: 30 });
    t.clock.advance(90 * SECOND);
    expect((await beat()).body).toMatchObject({ activeSeconds: 90, creditedSeconds: 60 });
    t.clock.advance(30 * SECOND);
    expect((await beat(false)).body).toMatchObject({ activeSeconds: 90, creditedSeconds: 0 });
    t.clock.advance(10 * MINUTE);
    expect((await beat()).body).toMatchObject({ activeSeconds: 90, creditedSeconds: 0, beats: 5 });
    const bare = await t.request("POST", `/api/v1/admin/audit/heartbeat?org=${org.slug}`, { token: org.owner.token });
    expect(bare.status).toBe(200);
    const bad = await t.request("POST", `/api/v1/admin/audit/heartbeat?org=${org.slug}`, { token: org.owner.token, json: { focused: "yes" } });
    expect(bad.status).toBe(400);
    expect((await t.request("POST", `/api/v1/admin/audit/heartbeat?org=${org.slug}`)).status).toBe(401);
  });

  test("sessions: your own by default; every member's for the Owner or an Admin, with active time today", async () => {
    const org = await createOrg(t, "owner@sessions.example", "Sessions");
    const member = await addMember(t, org, "member@sessions.example");
    const admin = await addMember(t, org, "admin@sessions.example", "admin");
    const outsider = await signInAs(t, "outsider@sessions.example");
    await t.request("POST", `/api/v1/admin/audit/heartbeat?org=${org.slug}`, { token: member.token });
    t.clock.advance(20 * SECOND);
    await t.request("POST", `/api/v1/admin/audit/heartbeat?org=${org.slug}`, { token: member.token });
    const mine = await get(`/api/v1/admin/audit/sessions?org=${org.slug}`, member);
    expect(mine.status).toBe(200);
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]).toMatchObject({ userId: member.userId, email: "member@sessions.example", current: true, activeSecondsToday: 20 });
    expect((await get(`/api/v1/admin/audit/sessions?org=${org.slug}&scope=all`, member)).body.error).toBe("admin_required");
    const all = await get(`/api/v1/admin/audit/sessions?org=${org.slug}&scope=all`, admin);
    expect(new Set(all.body.map((s: any) => s.email))).toEqual(new Set(["owner@sessions.example", "member@sessions.example", "admin@sessions.example"]));
    expect(all.body.map((s: any) => s.userId)).not.toContain(outsider.userId);
    expect(all.body.filter((s: any) => s.current).map((s: any) => s.userId)).toEqual([admin.userId]);
  });
});

describe("stats", () => {
  let org: TestOrg;
  let member: SignedInUser;
  beforeAll(async () => {
    org = await createOrg(t, "owner@stats.example", "Stats", { plan: "pro" });
    member = await addMember(t, org, "member@stats.example");
    const owner = { kind: "user" as const, id: org.owner.userId };
    await emit(org.orgId, "t.alpha", owner);
    await emit(org.orgId, "t.alpha", owner);
    await emit(org.orgId, "payment.t.charged", { kind: "system" });
    t.clock.advance(DAY);
    await emit(org.orgId, "t.beta", { kind: "user", id: member.userId });
  });

  test("/audit/stats counts by type, day and actor over what the caller may see", async () => {
    const r = await get(`/api/v1/admin/audit/stats?org=${org.slug}&scope=all`, org.owner);
    expect(r.status).toBe(200);
    const byType = Object.fromEntries(r.body.byType.map((x: any) => [x.type, x.count]));
    expect(byType).toMatchObject({ "t.alpha": 2, "t.beta": 1, "payment.t.charged": 1 });
    expect(r.body.total).toBe(r.body.byDay.reduce((sum: number, d: any) => sum + d.count, 0));
    expect(r.body.byDay.map((d: any) => d.date)).toEqual(expect.arrayContaining([new Date(t.clock.now()).toISOString().slice(0, 10)]));
    expect(r.body.byActor).toContainEqual({ kind: "user", id: org.owner.userId, count: expect.any(Number) });
    const admin = await addMember(t, org, "admin@stats.example", "admin");
    const adminTypes = (await get(`/api/v1/admin/audit/stats?org=${org.slug}&scope=all`, admin)).body.byType.map((x: any) => x.type);
    expect(adminTypes).not.toContain("payment.t.charged");
    const mine = await get(`/api/v1/admin/audit/stats?org=${org.slug}`, member);
    expect(mine.body).toMatchObject({ scope: "mine", total: 1, byType: [{ type: "t.beta", count: 1 }] });
    expect((await get(`/api/v1/admin/audit/stats?org=${org.slug}&scope=all`, member)).body.error).toBe("PERMISSION_DENIED");
    expect((await get(`/api/v1/admin/audit/stats?org=${org.slug}&from=2026-99-01`, member)).status).toBe(400);
  });

  test("/audit/stats/quick: last day and week within the window, the head, open violations for admins only", async () => {
    const r = await get(`/api/v1/admin/audit/stats/quick?org=${org.slug}&scope=all`, org.owner);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ scope: "all", retentionDays: 7, openViolations: 0, chain: { latestCheckpointSeq: null } });
    // Yesterday's three events (and the org's creation) count for the week, not the day.
    expect(r.body.last24h).toBeGreaterThanOrEqual(1);
    expect(r.body.last7d - r.body.last24h).toBeGreaterThanOrEqual(3);
    expect(r.body.chain.headSeq).toBeGreaterThan(0);
    const m = await get(`/api/v1/admin/audit/stats/quick?org=${org.slug}`, member);
    expect(m.body).toMatchObject({ scope: "mine", last24h: 1, last7d: 1, openViolations: null });
  });

  test("/audit/stats/forensic: one person within one app group, by dashboard account or payload e-mail", async () => {
    const fo = await createOrg(t, "owner@forensic.example", "Forensic", { plan: "pro" });
    const suspect = await addMember(t, fo, "suspect@forensic.example");
    const [badge] = await t.ctx.db.read.select().from(connectedIds).where(and(eq(connectedIds.orgId, fo.orgId), eq(connectedIds.userId, suspect.userId)));
    await emit(fo.orgId, "t.login", { kind: "user", id: suspect.userId }, { appGroupId: "appgroup_x", ip: "198.51.100.7", userAgent: "curl/8" });
    await emit(fo.orgId, "t.export", { kind: "user", connectedId: badge!.id }, { appGroupId: "appgroup_x", ip: "198.51.100.7" });
    await emit(fo.orgId, "t.login", { kind: "user", id: suspect.userId }, { appGroupId: "appgroup_y" });
    await emit(fo.orgId, "t.enduser.signin", { kind: "system" }, { appGroupId: "appgroup_x", payload: { email: "Suspect@Forensic.example" } });
    await emit(fo.orgId, "t.other", { kind: "user", id: fo.owner.userId }, { appGroupId: "appgroup_x" });
    const r = await get(`/api/v1/admin/audit/stats/forensic?org=${fo.slug}&email=SUSPECT@forensic.example&appGroupId=appgroup_x`, fo.owner);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ email: "suspect@forensic.example", userId: suspect.userId, appGroupId: "appgroup_x", total: 3 });
    expect(r.body.events.map((e: any) => e.type).sort()).toEqual(["t.enduser.signin", "t.export", "t.login"]);
    expect(r.body.ipHashes).toEqual([{ hash: sha256(`signet-audit:ip:${fo.orgId}:198.51.100.7`), count: 2 }]);
    expect(r.body.firstAt).not.toBeNull();
    const nobody = await get(`/api/v1/admin/audit/stats/forensic?org=${fo.slug}&email=nobody@forensic.example&appGroupId=appgroup_x`, fo.owner);
    expect(nobody.body).toMatchObject({ userId: null, total: 0, events: [], firstAt: null });
    expect((await get(`/api/v1/admin/audit/stats/forensic?org=${fo.slug}&email=suspect@forensic.example&appGroupId=appgroup_x`, suspect)).status).toBe(403);
    expect((await get(`/api/v1/admin/audit/stats/forensic?org=${fo.slug}&email=suspect@forensic.example`, fo.owner)).body).toMatchObject({ error: "invalid_request", field: "appGroupId" });
    const free = await createOrg(t, "owner@forensic-free.example", "Forensic Free");
    expect((await get(`/api/v1/admin/audit/stats/forensic?org=${free.slug}&email=a@b.example&appGroupId=x`, free.owner)).body).toEqual({ error: "UPGRADE_REQUIRED", feature: "feature.audit.view_all" });
  });
});

/** An independent verifier written from docs/audit-format.md §6, using only SHA-256 and public JWKs. */
async function verifyExport(text: string): Promise<{ ok: boolean; why?: string }> {
  const [headerLine, ...rest] = text.trimEnd().split("\n");
  const header = JSON.parse(headerLine!);
  let prev = header.previousChainHash;
  let expected = header.fromSeq;
  const chainAt = new Map<number, string>();
  for (const line of rest) {
    const entry = JSON.parse(line);
    if (entry.seq !== expected) return { ok: false, why: `seq ${entry.seq}` };
    if (entry.record) {
      if (entry.record.seq !== entry.seq || entry.record.orgId !== header.orgId) return { ok: false, why: "record mismatch" };
      if (sha256(canonicalJson(entry.record)) !== entry.recordHash) return { ok: false, why: `record hash at ${entry.seq}` };
    }
    if (sha256(prev + entry.recordHash) !== entry.chainHash) return { ok: false, why: `chain at ${entry.seq}` };
    chainAt.set(entry.seq, entry.chainHash);
    prev = entry.chainHash;
    expected = entry.seq + 1;
  }
  if (rest.length && expected - 1 !== header.throughSeq) return { ok: false, why: "end" };
  for (const cp of header.checkpoints) {
    const jwk = header.keys.find((k: any) => k.kid === cp.kid);
    const { payload } = await compactVerify(cp.jws, await importJWK(jwk, "RS256"));
    const claims = JSON.parse(new TextDecoder().decode(payload));
    if (claims.seq !== cp.seq || claims.chainHash !== cp.chainHash || chainAt.get(cp.seq) !== cp.chainHash) return { ok: false, why: `checkpoint ${cp.seq}` };
  }
  return { ok: true };
}

describe("/audit/presign", () => {
  test("exports the range as JSONL behind a 10-minute signed URL; a third party verifies it; admins get payment.* redacted", async () => {
    const org = await createOrg(t, "owner@export.example", "Export", { plan: "pro" });
    await sealOrg(t, org.orgId);
    await appendEvents(t, org.orgId, 4, { type: "t.exported" });
    await emit(org.orgId, "payment.t.charged", { kind: "system" }, { payload: { amountCents: 500 } });
    expect((await t.request("POST", `/api/v1/admin/audit/checkpoints?org=${org.slug}`, { token: org.owner.token })).status).toBe(201);
    await appendEvents(t, org.orgId, 2, { type: "t.after" });

    const r = await get(`/api/v1/admin/audit/presign?org=${org.slug}`, org.owner);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ fromSeq: 1, expiresAt: new Date(t.clock.now() + 10 * MINUTE).toISOString() });
    const url = new URL(r.body.url);
    expect(url.pathname).toBe(`/api/v1/admin/audit/archive/${r.body.exportId}`);
    const download = await t.request("GET", url.pathname + url.search);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toContain("application/x-ndjson");
    expect(sha256(download.text)).toBe(r.body.sha256);
    const header = JSON.parse(download.text.split("\n")[0]!);
    expect(header).toMatchObject({ format: "signet-audit-export", version: 1, orgId: org.orgId, fromSeq: 1, throughSeq: r.body.throughSeq, count: r.body.count, previousChainHash: "0".repeat(64) });
    expect(header.checkpoints).toHaveLength(1);
    expect(await verifyExport(download.text)).toEqual({ ok: true });
    // Any change to a line fails verification.
    expect((await verifyExport(download.text.replace('"i":2', '"i":3'))).ok).toBe(false);

    const admin = await addMember(t, org, "admin@export.example", "admin");
    const adminExport = await get(`/api/v1/admin/audit/presign?org=${org.slug}`, admin);
    const adminUrl = new URL(adminExport.body.url);
    const adminText = (await t.request("GET", adminUrl.pathname + adminUrl.search)).text;
    const payment = adminText.split("\n").slice(1).filter(Boolean).map((l) => JSON.parse(l)).find((e) => e.redacted);
    expect(payment).toMatchObject({ redacted: true });
    expect(adminText).not.toContain("amountCents");
    expect(await verifyExport(adminText)).toEqual({ ok: true });

    // The export itself is audited.
    const q = await get(`/api/v1/admin/audit/query?org=${org.slug}&scope=all&type=audit.history.exported`, org.owner);
    expect(q.body.events.length).toBe(2);
  });

  test("the URL dies after 10 minutes and cannot be altered; members are refused; ranges follow the query rules", async () => {
    const org = await createOrg(t, "owner@export2.example", "Export Two");
    const r = await get(`/api/v1/admin/audit/presign?org=${org.slug}`, org.owner);
    const url = new URL(r.body.url);
    const forged = url.pathname + url.search.replace(/sig=[^&]+/, "sig=AAAA");
    expect((await t.request("GET", forged)).body.error).toBe("invalid_signature");
    const otherId = url.pathname.replace(r.body.exportId, "another-id") + url.search;
    expect((await t.request("GET", otherId)).body.error).toBe("invalid_signature");
    const longer = url.pathname + url.search.replace(/expires=\d+/, `expires=${t.clock.now() + DAY}`);
    expect((await t.request("GET", longer)).body.error).toBe("invalid_signature");
    t.clock.advance(10 * MINUTE + SECOND);
    const late = await t.request("GET", url.pathname + url.search);
    expect(late.status).toBe(403);
    expect(late.body.error).toBe("url_expired");
    const member = await addMember(t, org, "member@export2.example");
    expect((await get(`/api/v1/admin/audit/presign?org=${org.slug}`, member)).body.error).toBe("admin_required");
    expect((await get(`/api/v1/admin/audit/presign?org=${org.slug}&from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z`, org.owner)).status).toBe(402);
    expect((await get(`/api/v1/admin/audit/presign?org=${org.slug}&from=2020-01-01T00:00:00Z`, org.owner)).body.error).toBe("range_too_large");
    expect((await t.request("GET", `/api/v1/admin/audit/archive/x?expires=soon&sig=y`)).status).toBe(400);
  });
});
