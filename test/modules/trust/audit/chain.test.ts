/**
 * The chain (DESIGN §6, docs/audit-format.md): record and chain hashes on every append,
 * no fork and no gap under 8 parallel writers, signed checkpoints hourly and on demand,
 * full verification over HTTP and with `signet audit verify`.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { compactVerify, importJWK } from "jose";
import { and, eq } from "drizzle-orm";
import { appendAudit } from "../../../../src/platform/audit/append";
import { auditCheckpoints, auditEvents } from "../../../../src/platform/audit/schema";
import { GENESIS_CHAIN_HASH, hashClientValue } from "../../../../src/platform/audit/record";
import { canonicalJson } from "../../../../src/platform/crypto/canonical-json";
import { orgSigningKeys } from "../../../../src/modules/trust/keys/schema";
import { verifyChain } from "../../../../src/modules/trust/audit/verify";
import { addMember, createOrg, signInAs, type TestOrg } from "../../../support/accounts";
import { envFor, runCli } from "../../../support/cli";
import { HOUR } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";
import { appendEvents, eventsOf, sealOrg } from "./support";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const sha256 = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest("hex");

describe("appendAudit seals every event into its organization's chain", () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg(t, "owner@chain.example", "Chain Co");
  });

  test("record hash = SHA-256 of the documented canonical record; chain hash = SHA-256(previous ‖ record hash) from 64 zeros", async () => {
    await appendEvents(t, org.orgId, 3, { type: "test.documented", payload: { z: 1, a: [true, null, "é"] }, requestId: "req-12345678" });
    const rows = await eventsOf(t, org.orgId);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    let previous = "0".repeat(64);
    expect(GENESIS_CHAIN_HASH).toBe(previous);
    for (const row of rows) {
      // Built by hand from docs/audit-format.md, not with the code under test.
      const record = {
        v: 1,
        id: row.id,
        orgId: row.orgId,
        seq: row.seq,
        type: row.type,
        at: row.createdAt,
        actor: { kind: row.actorKind, id: row.actorId, connectedId: row.actorConnectedId },
        appGroupId: row.appGroupId,
        requestId: row.requestId,
        ipHash: row.ipHash,
        userAgentHash: row.userAgentHash,
        payload: row.payload,
        baselines: row.baselines,
      };
      expect(row.recordHash).toBe(sha256(canonicalJson(record)));
      expect(row.chainHash).toBe(sha256(previous + row.recordHash));
      previous = row.chainHash;
    }
    const documented = rows.find((r) => r.type === "test.documented")!;
    expect(canonicalJson(documented.payload)).toBe('{"a":[true,null,"é"],"z":1}');
  });

  test("the hash covers what is stored: dates become strings, undefined disappears", async () => {
    const when = new Date("2026-01-01T00:00:00Z");
    await appendEvents(t, org.orgId, 1, { type: "test.normalised", payload: { when, gone: undefined, n: 2 } as any });
    const report = await verifyChain(t.ctx.db.read, org.orgId);
    expect(report.intact).toBe(true);
    const [row] = await t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.type, "test.normalised")));
    expect(row!.payload).toEqual({ when: "2026-01-01T00:00:00.000Z", n: 2 });
  });

  test("client IP and user agent are kept only as per-org hashes; actor connectedId and app group are sealed", async () => {
    await t.ctx.db.write((tx) =>
      appendAudit(tx, {
        orgId: org.orgId,
        type: "test.client",
        actor: { kind: "user", id: org.owner.userId, connectedId: "cid-1" },
        appGroupId: "appgroup_1",
        ip: "203.0.113.9",
        userAgent: "Mozilla/5.0 Test",
        at: t.clock.now(),
      }),
    );
    const [row] = await t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.type, "test.client")));
    expect(row!.ipHash).toBe(hashClientValue("ip", org.orgId, "203.0.113.9"));
    expect(row!.ipHash).toBe(sha256(`signet-audit:ip:${org.orgId}:203.0.113.9`));
    expect(row!.userAgentHash).toBe(sha256(`signet-audit:user-agent:${org.orgId}:Mozilla/5.0 Test`));
    expect(JSON.stringify(row)).not.toContain("203.0.113.9");
    expect(JSON.stringify(row)).not.toContain("Mozilla");
    expect(row).toMatchObject({ actorConnectedId: "cid-1", appGroupId: "appgroup_1" });
    expect((await verifyChain(t.ctx.db.read, org.orgId)).intact).toBe(true);
  });

  test("each organization has its own chain, starting at seq 1", async () => {
    const other = await createOrg(t, "owner@other-chain.example", "Other Chain");
    const rows = await eventsOf(t, other.orgId);
    expect(rows[0]!.seq).toBe(1);
    expect(rows[0]!.chainHash).toBe(sha256("0".repeat(64) + rows[0]!.recordHash));
  });
});

describe("parallel writers", () => {
  test("8 concurrent writers never fork or gap the chain", async () => {
    const org = await createOrg(t, "owner@parallel.example", "Parallel");
    const before = (await eventsOf(t, org.orgId)).length;
    const perWriter = 25;
    await Promise.all(
      Array.from({ length: 8 }, (_, w) =>
        (async () => {
          for (let i = 0; i < perWriter; i++) {
            await t.ctx.db.write((tx) => appendAudit(tx, { orgId: org.orgId, type: "test.parallel", actor: { kind: "system" }, payload: { w, i }, at: t.clock.now() }));
          }
        })(),
      ),
    );
    const rows = await eventsOf(t, org.orgId);
    expect(rows).toHaveLength(before + 8 * perWriter);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(new Set(rows.map((r) => r.chainHash)).size).toBe(rows.length);
    const report = await verifyChain(t.ctx.db.read, org.orgId);
    expect(report).toMatchObject({ intact: true, count: rows.length, headSeq: rows.length, problemCount: 0 });
    // Every writer's events all made it, each exactly once.
    const seen = rows.filter((r) => r.type === "test.parallel").map((r) => `${r.payload.w}:${r.payload.i}`);
    expect(new Set(seen).size).toBe(8 * perWriter);
  });
});

describe("checkpoints", () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg(t, "owner@checkpoint.example", "Checkpoint Co", { plan: "pro" });
  });

  test("without a signing key the checkpoint waits: 409 no_signing_key, and the hourly job signs nothing", async () => {
    const r = await t.request("POST", `/api/v1/admin/audit/checkpoints?org=${org.slug}`, { token: org.owner.token });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "checkpoint_unavailable", reason: "no_signing_key" });
    const run = await t.ctx.jobs.runNow("audit.checkpoint");
    expect(run.outcome).toBe("ok");
    expect(await t.ctx.db.read.select().from(auditCheckpoints).where(eq(auditCheckpoints.orgId, org.orgId))).toEqual([]);
  });

  test("on demand: 201 with a JWS over the head that verifies with the org's published key", async () => {
    await sealOrg(t, org.orgId);
    const rows = await eventsOf(t, org.orgId);
    const head = rows.at(-1)!;
    const r = await t.request("POST", `/api/v1/admin/audit/checkpoints?org=${org.slug}`, { token: org.owner.token });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ seq: head.seq, chainHash: head.chainHash });
    const [key] = await t.ctx.db.read.select().from(orgSigningKeys).where(and(eq(orgSigningKeys.orgId, org.orgId), eq(orgSigningKeys.use, "token")));
    expect(r.body.kid).toBe(key!.id);
    const { payload, protectedHeader } = await compactVerify(r.body.jws, await importJWK(key!.publicJwk as any, "RS256"));
    expect(protectedHeader).toMatchObject({ alg: "RS256", kid: key!.id });
    const claims = JSON.parse(new TextDecoder().decode(payload));
    expect(claims).toEqual({ typ: "signet.audit.checkpoint", v: 1, orgId: org.orgId, seq: head.seq, chainHash: head.chainHash, at: t.clock.now() });
    // The payload is the claims' canonical JSON, byte for byte.
    expect(new TextDecoder().decode(payload)).toBe(canonicalJson(claims));
  });

  test("asking again with nothing new returns the same checkpoint with 200", async () => {
    const first = await t.request("GET", `/api/v1/admin/audit/checkpoints?org=${org.slug}`, { token: org.owner.token });
    const r = await t.request("POST", `/api/v1/admin/audit/checkpoints?org=${org.slug}`, { token: org.owner.token });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(first.body[0].id);
  });

  test("the hourly job signs each organization's new head", async () => {
    await appendEvents(t, org.orgId, 4);
    t.clock.advance(HOUR);
    const run = await t.ctx.jobs.runNow("audit.checkpoint");
    expect(run.outcome).toBe("ok");
    const list = await t.request("GET", `/api/v1/admin/audit/checkpoints?org=${org.slug}`, { token: org.owner.token });
    expect(list.status).toBe(200);
    const rows = await eventsOf(t, org.orgId);
    expect(list.body).toHaveLength(2);
    expect(list.body[0]).toMatchObject({ seq: rows.at(-1)!.seq, chainHash: rows.at(-1)!.chainHash });
    expect(list.body[0].seq).toBeGreaterThan(list.body[1].seq);
  });

  test("only the owner or an admin signs or lists checkpoints; bad input is 400; strangers get 404; no session 401", async () => {
    const member = await addMember(t, org, "member@checkpoint.example");
    const admin = await addMember(t, org, "admin@checkpoint.example", "admin");
    expect((await t.request("POST", `/api/v1/admin/audit/checkpoints?org=${org.slug}`, { token: member.token })).body).toMatchObject({ error: "admin_required" });
    expect((await t.request("GET", `/api/v1/admin/audit/checkpoints?org=${org.slug}`, { token: member.token })).status).toBe(403);
    expect((await t.request("POST", `/api/v1/admin/audit/checkpoints?org=${org.slug}`, { token: admin.token })).status).toBe(201);
    const stranger = await signInAs(t, "stranger@elsewhere.example");
    const r = await t.request("POST", `/api/v1/admin/audit/checkpoints?org=${org.slug}`, { token: stranger.token });
    expect(r.status).toBe(404);
    expect((await t.request("POST", `/api/v1/admin/audit/checkpoints?org=no-such-org`, { token: stranger.token })).body).toEqual(r.body);
    expect((await t.request("POST", `/api/v1/admin/audit/checkpoints?org=${org.slug}`)).status).toBe(401);
    const missing = await t.request("POST", `/api/v1/admin/audit/checkpoints`, { token: org.owner.token });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: "invalid_request", field: "org" });
    for (const limit of ["0", "101", "ten"]) {
      const bad = await t.request("GET", `/api/v1/admin/audit/checkpoints?org=${org.slug}&limit=${limit}`, { token: org.owner.token });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe("invalid_request");
    }
  });
});

describe("full verification", () => {
  test("GET /audit/verify reports intact with the count and head; Owner or Admin only", async () => {
    const org = await createOrg(t, "owner@verify.example", "Verify Co");
    await appendEvents(t, org.orgId, 5);
    const rows = await eventsOf(t, org.orgId);
    const r = await t.request("GET", `/api/v1/admin/audit/verify?org=${org.slug}`, { token: org.owner.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      intact: true,
      count: rows.length,
      headSeq: rows.length,
      headHash: rows.at(-1)!.chainHash,
      firstBreak: null,
      problems: [],
      base: { seq: 0, chainHash: "0".repeat(64), purged: false },
      newViolations: 0,
    });
    const member = await addMember(t, org, "member@verify.example");
    expect((await t.request("GET", `/api/v1/admin/audit/verify?org=${org.slug}`, { token: member.token })).status).toBe(403);
  });

  test("signet audit verify --org SLUG: intact with the count and head hash; exit codes for usage and unknown orgs", async () => {
    const org = await createOrg(t, "owner@cli-verify.example", "Cli Verify");
    await sealOrg(t, org.orgId);
    await appendEvents(t, org.orgId, 3);
    const cp = await runCli(["audit", "checkpoint", "--org", org.slug], envFor(t));
    expect(cp.code).toBe(0);
    expect(JSON.parse(cp.stdout)).toMatchObject({ status: "signed" });
    const rows = await eventsOf(t, org.orgId);
    const r = await runCli(["audit", "verify", "--org", org.slug], envFor(t));
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`intact: ${rows.length} events, head seq ${rows.length}, head hash ${rows.at(-1)!.chainHash}, 1 signed checkpoints`);
    const json = await runCli(["audit", "verify", "--org", org.slug, "--json"], envFor(t));
    expect(JSON.parse(json.stdout)).toMatchObject({ intact: true, count: rows.length, headHash: rows.at(-1)!.chainHash });
    const unknown = await runCli(["audit", "verify", "--org", "nope-nope"], envFor(t));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("no organization");
    expect((await runCli(["audit", "verify"], envFor(t))).code).toBe(2);
    expect((await runCli(["audit", "frobnicate"], envFor(t))).code).toBe(2);
    const noKey = await createOrg(t, "owner@cli-nokey.example", "Cli No Key");
    const waiting = await runCli(["audit", "checkpoint", "--org", noKey.slug], envFor(t));
    expect(waiting.code).toBe(1);
    expect(waiting.stderr).toContain("no signing key");
  }, 60_000);
});
