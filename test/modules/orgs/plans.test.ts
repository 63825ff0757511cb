/** Plans as data (spec §8) and the plan gates with the exact bodies of spec §7. */
import { describe, expect, test } from "bun:test";
import {
  analyticsDays,
  auditRetentionExceeded,
  limitFor,
  limitsOf,
  parsePlan,
  planAtLeast,
  PLAN_KEYS,
  PLANS,
  requireBoardMeetingAllowed,
  requireLifecycleWrite,
  requirePlan,
  requireRoomFor,
  requireVolumeRoom,
  isLifecyclePreset,
  type PlanKey,
  type PlanFeature,
} from "../../../src/modules/orgs/plans";
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
    const l = limitsOf({ plan });
    expect(l.includedStorageBytes).toBe(storage);
    expect(l.trashRetentionDays).toBe(trash);
    expect(l.auditRetentionDays).toBe(audit);
    expect(l.ssoConnections).toBe(sso);
    expect(l.billing).toEqual({ takeRateBasisPoints: bps, collectingAppGroups: apps, monthlyVolumeCapCents: cap });
    for (const v of [storage, trash, audit, sso, bps, apps, cap]) if (v !== null) expect(Number.isSafeInteger(v)).toBe(true);
  });

  test("lifecycle: none below Pro+, the preset only on Pro+, custom rules from Business", () => {
    expect(limitFor("free", "lifecycle").allowed).toBe(false);
    expect(limitFor("pro", "lifecycle").allowed).toBe(false);
    expect(limitFor("pro_plus", "lifecycle")).toEqual({ allowed: true, maxRules: 1, custom: false });
    expect(limitFor("business", "lifecycle")).toEqual({ allowed: true, maxRules: 10, custom: true });
    expect(limitFor("enterprise", "lifecycle").custom).toBe(true);
  });

  test("plans are ordered Free < Pro < Pro+ < Business < Enterprise", () => {
    expect(PLAN_KEYS).toEqual(["free", "pro", "pro_plus", "business", "enterprise"]);
    expect(PLAN_KEYS.map((k) => PLANS[k].rank)).toEqual([0, 1, 2, 3, 4]);
    expect(planAtLeast("pro_plus", "pro")).toBe(true);
    expect(planAtLeast("pro", "pro_plus")).toBe(false);
    expect(planAtLeast("garbage", "pro")).toBe(false);
    expect(planAtLeast("garbage", "free")).toBe(true);
  });

  test("an unknown stored plan reads as Free", () => {
    expect(limitsOf({ plan: "platinum" })).toEqual(limitsOf({ plan: "free" }));
    expect(limitsOf({ plan: "__proto__" })).toEqual(limitsOf({ plan: "free" }));
  });

  test("per-organization overrides (an Enterprise contract) win over the plan", () => {
    const org = { plan: "enterprise", overrides: { auditRetentionDays: 365, billing: { takeRateBasisPoints: 25 }, lifecycle: { maxRules: 50 } } };
    expect(limitFor(org, "auditRetentionDays")).toBe(365);
    expect(limitFor(org, "billing")).toEqual({ takeRateBasisPoints: 25, collectingAppGroups: null, monthlyVolumeCapCents: null });
    expect(limitFor(org, "lifecycle")).toEqual({ allowed: true, maxRules: 50, custom: true });
    expect(limitFor(org, "includedStorageBytes")).toBeNull();
    expect(() => requireLifecycleWrite(org, { custom: true, rulesUsed: 49 })).not.toThrow();
    expect(PLANS.enterprise.limits.auditRetentionDays).toBeNull();
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
      if (PLANS[plan].rank >= PLANS[minimum].rank) expect(r).toBeNull();
      else expect(r).toEqual({ status: 403, body: { error: "UPGRADE_REQUIRED", feature } });
    }
  });
});

describe("counted limits", () => {
  test("sso_connections: 403 with limit and current at the cap", () => {
    expect(thrown(() => requireRoomFor({ plan: "free" }, "sso_connections", 0))).toEqual({
      status: 403,
      body: { error: "UPGRADE_REQUIRED", feature: "sso_connections", limit: 0, current: 0 },
    });
    expect(thrown(() => requireRoomFor({ plan: "pro_plus" }, "sso_connections", 2))).toBeNull();
    expect(thrown(() => requireRoomFor({ plan: "pro_plus" }, "sso_connections", 3))?.body).toEqual({ error: "UPGRADE_REQUIRED", feature: "sso_connections", limit: 3, current: 3 });
    expect(thrown(() => requireRoomFor({ plan: "enterprise" }, "sso_connections", 10_000))).toBeNull();
  });

  test("billing.collect: one collecting app group on Free and Pro", () => {
    expect(thrown(() => requireRoomFor({ plan: "pro" }, "billing.collect", 0))).toBeNull();
    expect(thrown(() => requireRoomFor({ plan: "pro" }, "billing.collect", 1))?.body).toMatchObject({ error: "UPGRADE_REQUIRED", feature: "billing.collect" });
    expect(thrown(() => requireRoomFor({ plan: "pro_plus" }, "billing.collect", 50))).toBeNull();
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
