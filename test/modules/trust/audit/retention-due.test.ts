/**
 * The retention job visits only the organizations with something due (spec 3.9, DESIGN
 * §11): those whose oldest event is past their window, or with a cycle open. A visit to
 * any other organization would change nothing, which the last test checks by visiting
 * every one.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { auditEvents } from "../../../../src/platform/audit/schema";
import { bootstrapOrganization, setOrganizationPlan } from "../../../../src/modules/orgs/service";
import { organizations } from "../../../../src/modules/orgs/schema";
import { orgsDueForRetention, runRetention, setContractRetention } from "../../../../src/modules/trust/audit/retention";
import { DAY } from "../../../support/clock";
import { createTestApp, type TestApp } from "../../../support/harness";

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

interface Org {
  orgId: string;
  slug: string;
}

const orgs: Org[] = [];
const PLANS = ["free", "free", "enterprise", "pro_plus", ...Array.from({ length: 46 }, () => "business")];

/** Runs the job; answers its tally of step outcomes, one per organization visited (its "job ran" log line). */
async function runJob(): Promise<Record<string, number>> {
  const run = await t.ctx.jobs.runNow("audit.retention");
  expect(run.outcome).toBe("ok");
  const line = t.logs.find((l) => l.msg === "job ran" && l.runId === run.id);
  expect(line).toBeDefined();
  return line!.result ?? {};
}

/** Each organization's number of audit events, by id. */
async function eventCounts(): Promise<Map<string, number>> {
  const rows = await t.ctx.db.read.select({ orgId: auditEvents.orgId, n: count() }).from(auditEvents).groupBy(auditEvents.orgId);
  return new Map(rows.map((r) => [r.orgId, r.n]));
}

/** The organizations whose event count changed between two readings. */
function changed(before: Map<string, number>, after: Map<string, number>): string[] {
  return orgs.filter((o) => before.get(o.orgId) !== after.get(o.orgId)).map((o) => o.orgId);
}

describe("audit.retention visits what is due", () => {
  beforeAll(async () => {
    for (const [i, plan] of PLANS.entries()) {
      const org = await bootstrapOrganization(t.ctx, { kind: "system" }, { email: `owner${i}@due.example`, orgName: `Due ${i}`, plan });
      orgs.push({ orgId: org.orgId, slug: org.slug });
    }
    // Two days on: past Free's one-day window, inside every other plan's.
    t.clock.advance(2 * DAY);
  }, 60_000);

  test("50 organizations, 2 due: the run touches and audits only those 2", async () => {
    const due = orgs.slice(0, 2).map((o) => o.orgId);
    expect((await orgsDueForRetention(t.ctx.db.read, t.clock.now())).sort()).toEqual([...due].sort());
    const before = await eventCounts();
    expect(await runJob()).toEqual({ notice_1: 2 });
    const after = await eventCounts();
    expect(changed(before, after).sort()).toEqual([...due].sort());
    for (const orgId of due) expect(after.get(orgId)).toBe(before.get(orgId)! + 1);

    // The same day again: the two open cycles are visited (waiting), nobody else.
    expect(await runJob()).toEqual({ waiting: 2 });
    expect(changed(after, await eventCounts())).toEqual([]);
  }, 30_000);

  test("a plan downgrade, a shorter contract or an unknown plan makes an organization due at the next run", async () => {
    const [downgraded, contracted, unknownPlan] = [orgs[10]!, orgs[11]!, orgs[12]!];
    await setOrganizationPlan(t.ctx, { kind: "operator" }, { slug: downgraded.slug, plan: "free" });
    await setContractRetention(t.ctx, contracted.orgId, 1);
    // A plan value no catalog knows is read as Free (planOf), here as in the step.
    await t.ctx.db.write(async (tx) => {
      await tx.update(organizations).set({ plan: "legacy" }).where(eq(organizations.id, unknownPlan.orgId));
    });
    const before = await eventCounts();
    expect(await runJob()).toEqual({ notice_1: 3, waiting: 2 });
    expect(changed(before, await eventCounts()).sort()).toEqual([downgraded.orgId, contracted.orgId, unknownPlan.orgId].sort());
  }, 30_000);

  test("an upgrade back cancels the cycle at the next run; an enterprise contract of a year is not due", async () => {
    await setOrganizationPlan(t.ctx, { kind: "operator" }, { slug: orgs[10]!.slug, plan: "business" });
    await setContractRetention(t.ctx, orgs[2]!.orgId, 365);
    expect(await runJob()).toEqual({ cancelled: 1, waiting: 4 });
    expect(await orgsDueForRetention(t.ctx.db.read, t.clock.now())).toHaveLength(4);
  }, 30_000);

  test("visiting every organization, as the job did before, changes nothing the run left", async () => {
    await runJob();
    const before = await eventCounts();
    const outcomes = new Set<string>();
    for (const org of orgs) outcomes.add(await runRetention(t.ctx, org.orgId));
    expect([...outcomes].every((o) => ["nothing_expired", "unlimited", "waiting"].includes(o))).toBe(true);
    expect(changed(before, await eventCounts())).toEqual([]);
  }, 30_000);
});
