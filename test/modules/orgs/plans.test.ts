/** Plans as data (spec §8) and the plan gates with the exact bodies of spec §7. */
import { describe, expect, test } from "bun:test";
import {
  analyticsDays,
  limitsOf,
  parsePlan,
  planAtLeast,
  PLAN_KEYS,
  PLAN_TIERS,
  requireBoardMeetingAllowed,
  requirePlan,
  requireRoomFor,
  type PlanKey,
  type PlanFeature,
} from "../../../src/modules/orgs/plans";
import { MODULES } from "../../../src/modules";
import { ssoLimits } from "../../../src/modules/federation/limits";
import type { PlanLimitFamily } from "../../../src/platform/plans";
import { monetizationLimits, requireVolumeRoom } from "../../../src/modules/customers/apps/monetization-limits";
import { storageLimits } from "../../../src/modules/storage/files/limits";
import { isLifecyclePreset, lifecycleLimits, requireLifecycleWrite } from "../../../src/modules/storage/lifecycle/limits";
import { auditLimits, auditRetentionExceeded } from "../../../src/modules/trust/audit/limits";
import { thrownApiError } from "../../support/errors";

const GiB = 1024 ** 3;

const thrown = thrownApiError;

describe("the plan table", () => {
  // One row per plan, one column per §8 limit.
  const table: Array<[PlanKey, number | null, number, number | null, number | null, number, number | null, number | null]> = [
    //  plan        storage     trash audit sso  takeRate apps  volumeCap
    ["free", 2 * GiB, 7, 1, 0, 70, 1, 500_000],
    ["pro", 30 * GiB, 30, 7, 1, 70, 1, null],
    ["pro_plus", 100 * GiB, 30, 30, 3, 60, null, null],
    ["business", 200 * GiB, 30, 90, 10, 50, null, null],
    ["enterprise", null, 30, null, null, 40, null, null],
  ];
  test.each(table)("%s", (plan, storage, trash, audit, sso, bps, apps, cap) => {
    const org = { plan };
    expect(limitsOf(org, storageLimits)).toEqual({ includedStorageBytes: storage, trashRetentionDays: trash });
    expect(limitsOf(org, auditLimits)).toEqual({ retentionDays: audit });
    expect(limitsOf(org, ssoLimits)).toEqual({ connections: sso });
    expect(limitsOf(org, monetizationLimits)).toEqual({ takeRateBasisPoints: bps, collectingAppGroups: apps, monthlyVolumeCapCents: cap });
    for (const v of [storage, trash, audit, sso, bps, apps, cap]) if (v !== null) expect(Number.isSafeInteger(v)).toBe(true);
  });

  test("lifecycle: none below Pro+, the preset only on Pro+, custom rules from Business", () => {
    expect(limitsOf("free", lifecycleLimits).allowed).toBe(false);
    expect(limitsOf("pro", lifecycleLimits).allowed).toBe(false);
    expect(limitsOf("pro_plus", lifecycleLimits)).toEqual({ allowed: true, maxRules: 1, custom: false });
    expect(limitsOf("business", lifecycleLimits)).toEqual({ allowed: true, maxRules: 10, custom: true });
    expect(limitsOf("enterprise", lifecycleLimits).custom).toBe(true);
  });

  test("every family is declared by the module that enforces it, once", () => {
    const owners = Object.fromEntries(MODULES.flatMap((m) => (m.limits ?? []).map((family) => [family.name, m.name])));
    expect(owners).toEqual({ sso: "federation", audit: "trust", storage: "storage", lifecycle: "storage", monetization: "customers", billing: "billing" });
  });

  test("plans are ordered Free < Pro < Pro+ < Business < Enterprise", () => {
    expect(PLAN_KEYS).toEqual(["free", "pro", "pro_plus", "business", "enterprise"]);
    expect(PLAN_KEYS.map((k) => PLAN_TIERS[k].rank)).toEqual([0, 1, 2, 3, 4]);
    expect(planAtLeast("pro_plus", "pro")).toBe(true);
    expect(planAtLeast("pro", "pro_plus")).toBe(false);
    expect(planAtLeast("garbage", "pro")).toBe(false);
    expect(planAtLeast("garbage", "free")).toBe(true);
  });

  test("an unknown stored plan reads as Free", () => {
    for (const family of [storageLimits, lifecycleLimits, auditLimits, ssoLimits, monetizationLimits] as PlanLimitFamily[]) {
      expect(limitsOf({ plan: "platinum" }, family)).toEqual(family.perPlan.free);
      expect(limitsOf({ plan: "__proto__" }, family)).toEqual(family.perPlan.free);
    }
  });

  test("per-organization overrides (an Enterprise contract) win over the plan", () => {
    const org = { plan: "enterprise", overrides: { audit: { retentionDays: 365 }, monetization: { takeRateBasisPoints: 25 }, lifecycle: { maxRules: 50 } } };
    expect(limitsOf(org, auditLimits).retentionDays).toBe(365);
    expect(limitsOf(org, monetizationLimits)).toEqual({ takeRateBasisPoints: 25, collectingAppGroups: null, monthlyVolumeCapCents: null });
    expect(limitsOf(org, lifecycleLimits)).toEqual({ allowed: true, maxRules: 50, custom: true });
    expect(limitsOf(org, storageLimits).includedStorageBytes).toBeNull();
    expect(() => requireLifecycleWrite(org, { custom: true, rulesUsed: 49 })).not.toThrow();
    expect(auditLimits.perPlan.enterprise.retentionDays).toBeNull();
  });

  test("parsePlan accepts keys and display names only", () => {
    expect(parsePlan("Pro+")).toBe("pro_plus");
    expect(parsePlan("PRO-PLUS")).toBe("pro_plus");
    expect(parsePlan(" business ")).toBe("business");
    expect(parsePlan("basic")).toBeNull();
    expect(parsePlan("toString")).toBeNull();
    expect(parsePlan("")).toBeNull();
  });
});

describe("requirePlan: 403 UPGRADE_REQUIRED with feature", () => {
  const gates: Array<[PlanFeature, PlanKey]> = [
    ["sso", "pro"],
    ["feature.audit.view_all", "pro"],
    ["custom_login_domain", "pro"],
    ["meetings", "pro"],
    ["billing.consolidated", "business"],
  ];
  test.each(gates)("%s needs %s", (feature, minimum) => {
    for (const plan of PLAN_KEYS) {
      const r = thrown(() => requirePlan({ plan }, feature));
      if (PLAN_TIERS[plan].rank >= PLAN_TIERS[minimum].rank) expect(r).toBeNull();
      else expect(r).toEqual({ status: 403, body: { error: "UPGRADE_REQUIRED", feature } });
    }
  });
});

describe("counted limits", () => {
  test("sso_connections: 403 with limit and current at the cap", () => {
    expect(thrown(() => requireRoomFor("sso_connections", limitsOf({ plan: "free" }, ssoLimits).connections, 0))).toEqual({
      status: 403,
      body: { error: "UPGRADE_REQUIRED", feature: "sso_connections", limit: 0, current: 0 },
    });
    expect(thrown(() => requireRoomFor("sso_connections", limitsOf({ plan: "pro_plus" }, ssoLimits).connections, 2))).toBeNull();
    expect(thrown(() => requireRoomFor("sso_connections", limitsOf({ plan: "pro_plus" }, ssoLimits).connections, 3))?.body).toEqual({ error: "UPGRADE_REQUIRED", feature: "sso_connections", limit: 3, current: 3 });
    expect(thrown(() => requireRoomFor("sso_connections", limitsOf({ plan: "enterprise" }, ssoLimits).connections, 10_000))).toBeNull();
  });

  test("billing.collect: one collecting app group on Free and Pro", () => {
    expect(thrown(() => requireRoomFor("billing.collect", limitsOf({ plan: "pro" }, monetizationLimits).collectingAppGroups, 0))).toBeNull();
    expect(thrown(() => requireRoomFor("billing.collect", limitsOf({ plan: "pro" }, monetizationLimits).collectingAppGroups, 1))?.body).toMatchObject({ error: "UPGRADE_REQUIRED", feature: "billing.collect" });
    expect(thrown(() => requireRoomFor("billing.collect", limitsOf({ plan: "pro_plus" }, monetizationLimits).collectingAppGroups, 50))).toBeNull();
  });

  test("the Free volume cap refuses a charge past $5,000 in the month", () => {
    expect(thrown(() => requireVolumeRoom({ plan: "free" }, 4_999_00, 1_00))).toBeNull();
    expect(thrown(() => requireVolumeRoom({ plan: "free" }, 4_999_00, 1_01))).toEqual({
      status: 403,
      body: { error: "upgrade_required", feature: "billing.volume", limitCents: 500_000, usedCents: 499_900 },
    });
    expect(thrown(() => requireVolumeRoom({ plan: "pro" }, 10_000_000_00, 1_00))).toBeNull();
  });

  test("audit query outside retention is 402 UPGRADE_REQUIRED audit.retention", () => {
    const e = auditRetentionExceeded();
    expect(e.status).toBe(402);
    expect(e.body()).toEqual({ error: "UPGRADE_REQUIRED", feature: "audit.retention" });
  });
});

describe("requireLifecycleWrite: 403 plan_upgrade_required", () => {
  test("Free and Pro: feature lifecycle", () => {
    for (const plan of ["free", "pro"]) {
      expect(thrown(() => requireLifecycleWrite({ plan }, { custom: false, rulesUsed: 0 }))).toEqual({
        status: 403,
        body: { error: "plan_upgrade_required", feature: "lifecycle" },
      });
    }
  });

  test("Pro+: the preset once; custom rules refused", () => {
    const org = { plan: "pro_plus" };
    expect(thrown(() => requireLifecycleWrite(org, { custom: false, rulesUsed: 0 }))).toBeNull();
    expect(thrown(() => requireLifecycleWrite(org, { custom: true, rulesUsed: 0 }))?.body).toEqual({ error: "plan_upgrade_required", feature: "lifecycle_custom" });
    expect(thrown(() => requireLifecycleWrite(org, { custom: false, rulesUsed: 1 }))?.body).toEqual({
      error: "plan_upgrade_required",
      feature: "lifecycle_rules",
      limit: 1,
      used: 1,
    });
    expect(thrown(() => requireLifecycleWrite(org, { custom: false }))).toBeNull();
  });

  test("Business: custom rules up to 10", () => {
    const org = { plan: "business" };
    expect(thrown(() => requireLifecycleWrite(org, { custom: true, rulesUsed: 9 }))).toBeNull();
    expect(thrown(() => requireLifecycleWrite(org, { custom: true, rulesUsed: 10 }))?.body).toEqual({
      error: "plan_upgrade_required",
      feature: "lifecycle_rules",
      limit: 10,
      used: 10,
    });
  });

  test("the preset is 90 days, transition_ia, all files", () => {
    expect(isLifecyclePreset({ action: "transition_ia", unaccessedDays: 90 })).toBe(true);
    expect(isLifecyclePreset({ action: "transition_ia", unaccessedDays: 90, scope: null })).toBe(true);
    expect(isLifecyclePreset({ action: "transition_ia", unaccessedDays: 91 })).toBe(false);
    expect(isLifecyclePreset({ action: "trash", unaccessedDays: 90 })).toBe(false);
    expect(isLifecyclePreset({ action: "transition_ia", unaccessedDays: 90, scope: "free" })).toBe(false);
  });
});

describe("add-on dependent limits", () => {
  test("the first board meeting is free; the second needs board_meetings (402)", () => {
    expect(thrown(() => requireBoardMeetingAllowed(0, []))).toBeNull();
    expect(thrown(() => requireBoardMeetingAllowed(1, []))).toEqual({ status: 402, body: { error: "ADDON_REQUIRED", addon: "board_meetings" } });
    expect(thrown(() => requireBoardMeetingAllowed(5, ["board_meetings"]))).toBeNull();
  });

  test("analytics days: 1 to 90, default 30, clamped to 3 without audit_analytics", () => {
    expect(analyticsDays(undefined, ["audit_analytics"])).toBe(30);
    expect(analyticsDays(500, ["audit_analytics"])).toBe(90);
    expect(analyticsDays(0, ["audit_analytics"])).toBe(1);
    expect(analyticsDays(60, [])).toBe(3);
    expect(analyticsDays(undefined, new Set(["board_meetings"]))).toBe(3);
    expect(analyticsDays(2, [])).toBe(2);
  });
});
