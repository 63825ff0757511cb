/**
 * The event catalog: each domain declares its events (its module's `events`); once a
 * context is built, every event type appended anywhere in src/ is catalogued, every event
 * of spec §6 whose domain is built is there, payloads are typed through auditEvent, and
 * credentials are refused before anything is written.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { appendAudit } from "../../../../src/platform/audit/append";
import { auditEvent, catalogEntry, credentialFieldIn } from "../../../../src/platform/audit/catalog";
import { TRUST_EVENTS } from "../../../../src/modules/trust/events";
import { auditEvents } from "../../../../src/platform/audit/schema";
import { MODULES } from "../../../../src/modules";
import { createOrg } from "../../../support/accounts";
import { createTestApp, type TestApp } from "../../../support/harness";

const SRC = join(import.meta.dir, "..", "..", "..", "..", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** Event types written as literals at append sites: appendAudit(tx, {type: "…"}) and recordEvent(tx, caller, "…"). */
function literalTypes(text: string): string[] {
  const found: string[] = [];
  for (const call of text.matchAll(/(?:appendAudit|recordEvent)\(([\s\S]{0,600}?)\);/g)) {
    for (const m of call[1]!.matchAll(/(?:type:\s*|^\s*\w+,\s*\w+,\s*)"([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)"/gm)) found.push(m[1]!);
  }
  return found;
}

function appendedTypes(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(SRC)) for (const type of literalTypes(readFileSync(file, "utf8"))) found.set(type, file.slice(SRC.length + 1));
  return found;
}

describe("the catalog", () => {
  // The catalog is filled from the module list when a context is built.
  let app: TestApp;
  beforeAll(async () => (app = await createTestApp()));
  afterAll(() => app.close());
  const declared = MODULES.flatMap((m) => m.events ?? []);

  test("every type appended in src/ is catalogued", () => {
    // The scanner sees both call shapes (modules emit through auditEvent, which it need not see).
    expect(literalTypes('await appendAudit(tx, { orgId, type: "x.y", actor, at });\nawait recordEvent(\n tx,\n caller,\n "a.b_c",\n {}, at);')).toEqual(["x.y", "a.b_c"]);
    const types = appendedTypes();
    const missing = [...types].filter(([type]) => !catalogEntry(type)).map(([type, file]) => `${type} (${file})`);
    expect(missing).toEqual([]);
  });

  test("every event of spec §6 is catalogued once its domain is built", () => {
    const owned = [
      "audit.rollup.behavior_created",
      "org.file.share_mode_changed",
      "org.file.share_token_rotated",
      "org.file.share_viewed",
      "appgroup.monetization.enabled",
      "appgroup.monetization.disabled",
      "reporting.team.lead_changed",
      "business.meeting.created",
      "business.meeting.updated",
      "business.meeting.cancelled",
      "business.meeting.attendance_marked",
      "business.meeting.agenda_voted",
      "reporting.approvalline.changed",
      "reporting.approval.step_approved",
      "reporting.approval.step_rejected",
      "reporting.approval.completed",
      "agent.hired",
      "agent.suspended",
      "agent.revoked",
      "agent.operator_assigned",
      "agent.action_denied",
      "agent.wake",
      "appgroup.datasource.connected",
      "appgroup.datasource.disconnected",
      "appgroup.datasource.reconnected",
      "appgroup.datasource.deleted",
      "appgroup.datasource.tested",
      "appgroup.datasource.primary_changed",
    ];
    for (const type of owned) expect(catalogEntry(type)?.type).toBe(type);
    // The approval events the spec names by code (§6): RPT038 the line replaced, RPT031/RPT032 a step stamped, RPT033 completed.
    expect(
      ["reporting.approvalline.changed", "reporting.approval.step_approved", "reporting.approval.step_rejected", "reporting.approval.completed"].map((type) => catalogEntry(type)?.code),
    ).toEqual(["RPT038", "RPT031", "RPT032", "RPT033"]);
  });

  test("types are unique, lower-case dotted names, each with a description", () => {
    const all = declared;
    expect(new Set(all.map((d) => d.type)).size).toBe(all.length);
    for (const d of all) {
      expect(d.type).toMatch(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/);
      expect(d.description.length).toBeGreaterThan(5);
    }
  });
});

describe("events the modules declare", () => {
  test("each settings section a module declares has its org.settings.{key}_updated in the catalog once a context is built", async () => {
    const t = await createTestApp();
    try {
      const sections = MODULES.flatMap((m) => (m.settings ?? []).map((s) => [m.name, s.key] as const));
      expect(sections).toEqual([
        ["orgs", "general"],
        ["orgs", "security"],
        ["orgs", "onboarding"],
        ["orgs", "notifications"],
        ["access", "api_key_scope"],
        ["customers", "domains"],
      ]);
      for (const [, key] of sections) expect(catalogEntry(`org.settings.${key}_updated`)?.description.length).toBeGreaterThan(5);
    } finally {
      await t.close();
    }
  });
});

describe("credentials never reach a payload", () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  test("credentialFieldIn finds them at any depth, whatever the case", () => {
    expect(credentialFieldIn({ keyId: "k", prefix: "ah_live_ab", sealCredentialId: "c" })).toBeNull();
    expect(credentialFieldIn({ nested: [{ ok: 1 }, { ApiKey: "ah_live_x" }] })).toBe("payload.nested[1].ApiKey");
    expect(credentialFieldIn({ before: { token: "t" } })).toBe("payload.before.token");
  });

  test("appendAudit refuses such a payload and writes nothing", async () => {
    const org = await createOrg(t, "owner@catalog.example", "Catalog");
    const before = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, org.orgId));
    const attempt = t.ctx.db.write((tx) => appendAudit(tx, { orgId: org.orgId, type: "org.api_key.created", actor: { kind: "system" }, payload: { keyId: "k", secret: "s" }, at: t.clock.now() }));
    await expect(attempt).rejects.toThrow("credential field (payload.secret)");
    expect(await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, org.orgId))).toEqual(before);
  });

  test("auditEvent spreads a catalogued type and its typed payload", async () => {
    const org = await createOrg(t, "owner@catalog2.example", "Catalog Two");
    await t.ctx.db.write((tx) =>
      appendAudit(tx, { ...auditEvent(TRUST_EVENTS.retentionLegalHoldSet, { on: true, reason: "litigation" }), orgId: org.orgId, actor: { kind: "system" }, at: t.clock.now() }),
    );
    const rows = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, org.orgId));
    expect(rows.at(-1)).toMatchObject({ type: "audit.retention.legal_hold_set", payload: { on: true, reason: "litigation" } });
    // @ts-expect-error: the catalog types the payload.
    auditEvent(TRUST_EVENTS.retentionLegalHoldSet, { on: "yes", reason: null });
  });
});
