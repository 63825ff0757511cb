/** Add-ons as data, their gates, and the proration rule of spec §8. */
import { describe, expect, test } from "bun:test";
import { ADDONS, parseAddon, prorateAt, prorateCents, requireAddon, requireAddonPlan } from "../../../src/modules/orgs/plans";
import { thrownApiError } from "../../support/errors";

const body = thrownApiError;

describe("the add-on table", () => {
  test("audit_analytics and board_meetings are $99/month flat with a Pro floor", () => {
    expect(ADDONS.audit_analytics).toMatchObject({ monthlyPriceCents: 9900, minimumPlan: "pro" });
    expect(ADDONS.board_meetings).toMatchObject({ monthlyPriceCents: 9900, minimumPlan: "pro" });
    expect(parseAddon("audit_analytics")).toBe("audit_analytics");
    expect(parseAddon("constructor")).toBeNull();
  });

  test("requireAddon: 402 ADDON_REQUIRED naming the add-on", () => {
    expect(body(() => requireAddon(["audit_analytics"], "audit_analytics"))).toBeNull();
    expect(body(() => requireAddon(new Set(["audit_analytics"]), "board_meetings"))).toEqual({
      status: 402,
      body: { error: "ADDON_REQUIRED", addon: "board_meetings" },
    });
  });

  test("requireAddonPlan: below Pro is 403 UPGRADE_REQUIRED with the add-on as feature", () => {
    expect(body(() => requireAddonPlan({ plan: "free" }, "audit_analytics"))).toEqual({
      status: 403,
      body: { error: "UPGRADE_REQUIRED", feature: "audit_analytics" },
    });
    for (const plan of ["pro", "pro_plus", "business", "enterprise"]) expect(body(() => requireAddonPlan({ plan }, "audit_analytics"))).toBeNull();
  });
});

describe("proration: price × remaining days (enabling day counted) / days in month, floored, ≥ 1 cent", () => {
  // [monthly cents, day enabled, days in month, expected cents]
  const cases: Array<[number, number, number, number]> = [
    // Enabling on the 1st is the full price in every month length.
    [9900, 1, 28, 9900],
    [9900, 1, 29, 9900],
    [9900, 1, 30, 9900],
    [9900, 1, 31, 9900],
    // The last day is one day's worth.
    [9900, 28, 28, 353], // 9900/28 = 353.57
    [9900, 29, 29, 341], // 9900/29 = 341.37
    [9900, 30, 30, 330], // exact
    [9900, 31, 31, 319], // 9900/31 = 319.35
    // Mid-month.
    [9900, 15, 28, 4950], // 14 days: exact half
    [9900, 15, 29, 5120], // 15/29 × 9900 = 5120.68
    [9900, 16, 30, 4950], // 15 days: exact half
    [9900, 16, 31, 5109], // 16/31 × 9900 = 5109.67
    // Rounded down, never up.
    [1000, 2, 3 + 28, 967], // 30/31 × 1000 = 967.74
    [100, 30, 31, 6], // 2/31 × 100 = 6.45
    // Minimum one cent.
    [1, 31, 31, 1], // 1/31 of a cent
    [10, 29, 29, 1], // 0.34 cent
    [0, 10, 30, 0], // a free add-on stays free
  ];
  test.each(cases)("%i¢ on day %i of %i → %i¢", (price, day, days, expected) => {
    const r = prorateCents(price, day, days);
    expect(r).toBe(expected);
    expect(Number.isInteger(r)).toBe(true);
  });

  test("prorateAt reads the UTC calendar, leap years included", () => {
    expect(prorateAt(9900, Date.UTC(2027, 1, 28, 23, 59))).toBe(353); // February 2027: 28 days, last day
    expect(prorateAt(9900, Date.UTC(2028, 1, 28, 0, 0))).toBe(682); // February 2028: 29 days, 2 left: 682.75
    expect(prorateAt(9900, Date.UTC(2028, 1, 29, 12, 0))).toBe(341);
    expect(prorateAt(9900, Date.UTC(2026, 3, 1))).toBe(9900); // April
    expect(prorateAt(9900, Date.UTC(2026, 11, 31, 23, 59, 59))).toBe(319); // December 31
  });

  test("refuses impossible inputs instead of guessing", () => {
    expect(() => prorateCents(99.5, 1, 30)).toThrow(RangeError);
    expect(() => prorateCents(-1, 1, 30)).toThrow(RangeError);
    expect(() => prorateCents(9900, 0, 30)).toThrow(RangeError);
    expect(() => prorateCents(9900, 31, 30)).toThrow(RangeError);
    expect(() => prorateCents(9900, 1, 27)).toThrow(RangeError);
  });
});
