/**
 * `signet admin plan --org SLUG --plan PLAN`: sets the plan with org.plan_changed in
 * the same transaction; an unknown slug or plan is one line and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { organizations } from "../../../src/modules/orgs/schema";
import { auditEvents } from "../../../src/platform/audit/schema";
import { envFor, runCli } from "../../support/cli";
import { createTestApp, type TestApp } from "../../support/harness";

let t: TestApp;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  const r = await runCli(["admin", "bootstrap", "--email", "owner@plans.example", "--org", "Plans Inc"], envFor(t));
  expect(r.code).toBe(0);
  orgId = JSON.parse(r.stdout).orgId;
});
afterAll(() => t.close());

const setPlan = (...args: string[]) => runCli(["admin", "plan", ...args], envFor(t));

async function state() {
  const [org] = await t.ctx.db.read.select().from(organizations).where(eq(organizations.id, orgId));
  const events = await t.ctx.db.read.select().from(auditEvents).where(eq(auditEvents.orgId, orgId)).orderBy(asc(auditEvents.seq));
  return { plan: org!.plan, events };
}

describe("admin plan", () => {
  test("sets the plan and records org.plan_changed from → to, printing one JSON line", async () => {
    expect((await state()).plan).toBe("free");
    const r = await setPlan("--org", "plans-inc", "--plan", "Pro+");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(r.stdout)).toEqual({ slug: "plans-inc", plan: "pro_plus", previousPlan: "free", changed: true });
    const s = await state();
    expect(s.plan).toBe("pro_plus");
    const last = s.events.at(-1)!;
    expect(last).toMatchObject({ type: "org.plan_changed", actorKind: "operator", payload: { from: "free", to: "pro_plus" } });
    expect(s.events.map((e) => e.seq)).toEqual(s.events.map((_, i) => i + 1));
  });

  test("setting the current plan again changes nothing and records nothing", async () => {
    const before = await state();
    const r = await setPlan("--org=plans-inc", "--plan=pro_plus");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ slug: "plans-inc", plan: "pro_plus", previousPlan: "pro_plus", changed: false });
    expect((await state()).events).toHaveLength(before.events.length);
  });

  test("each later change is its own event", async () => {
    for (const plan of ["enterprise", "business", "free"]) expect((await setPlan("--org", "PLANS-INC", "--plan", plan)).code).toBe(0);
    const s = await state();
    expect(s.plan).toBe("free");
    expect(s.events.filter((e) => e.type === "org.plan_changed").map((e) => e.payload)).toEqual([
      { from: "free", to: "pro_plus" },
      { from: "pro_plus", to: "enterprise" },
      { from: "enterprise", to: "business" },
      { from: "business", to: "free" },
    ]);
  });

  test("an unknown slug or plan, or a missing option, is one line and changes nothing", async () => {
    const before = await state();
    const cases: Array<[string[], string, number]> = [
      [["--org", "nope-inc", "--plan", "pro"], 'no organization with the slug "nope-inc" (--org)', 1],
      [["--org", "plans-inc", "--plan", "platinum"], 'unknown plan "platinum"', 1],
      [["--org", "plans-inc", "--plan", "basic"], "--plan", 1],
      [["--org", "plans-inc"], "needs --plan", 2],
      [["--plan", "pro"], "needs --org", 2],
      [["--org", "plans-inc", "--plan", "pro", "--seats", "3"], "unknown option --seats", 2],
    ];
    for (const [args, fragment, code] of cases) {
      const r = await setPlan(...args);
      expect(r.code).toBe(code);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toContain(fragment);
    }
    expect(await state()).toEqual(before);
  });

  test("--help lists the command", async () => {
    const r = await runCli(["--help"]);
    expect(r.stdout).toContain("signet admin plan --org SLUG --plan PLAN");
  });
});
