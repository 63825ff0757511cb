/**
 * Under concurrency, through HTTP on both dialects: document numbers {slug}-{yyyy}-{000001}
 * stay gapless and unique per organization and year while people and a machine submit at
 * once (and a refused submit takes no number); parallel stamps each leave their own step,
 * and the document moves once.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createOrg, type TestOrg } from "../../support/accounts";
import { HOUR, TestClock } from "../../support/clock";
import { createTestApp, type TestApp } from "../../support/harness";
import { eventsOf, orgApi } from "./support";
import { type Api, machine, type Sealer, sealedStamp, sealedSubmit, sealer, sealingOwner, setLine, stepOf, submit, submitted, workItem } from "./approvals-support";

let t: TestApp;
let org: TestOrg;
let api: Api;
let people: Sealer[];
let ceo: Sealer;

beforeAll(async () => {
  // An hour before the new year, so a test can cross it with the sessions still fresh.
  t = await createTestApp({ clock: new TestClock(Date.parse("2026-12-31T23:00:00.000Z")) });
  org = await createOrg(t, "ceo@numbers.test", "Numbers");
  api = orgApi(t, org);
  ceo = await sealingOwner(t, org);
  people = [];
  for (let i = 0; i < 6; i++) people.push(await sealer(t, org, `p${i}@numbers.test`));
});
afterAll(() => t.close());

const numberOf = (n: number, year = 2026) => `${org.slug}-${year}-${String(n).padStart(6, "0")}`;

describe("document numbers", () => {
  test("parallel submits by six people and a machine take consecutive numbers: no gap, no duplicate", async () => {
    const form = await workItem(api, { Name: "Parallel", docType: "document" });
    const bot = await machine(t, org, "number-bot", ["org.reporting_instance.create"]);
    // Each person's seal is asked for first; then every submit is sent at once.
    const bodies = await Promise.all(people.map((p, i) => sealedSubmit(t, p, { WorkItemId: form.id, Title: `person ${i}` })));
    const requests = [
      ...bodies.map((body, i) => api("POST", "/approvals/instances", body, people[i]!.token)),
      ...Array.from({ length: 6 }, (_, i) => api("POST", "/approvals/instances", { WorkItemId: form.id, Title: `machine ${i}` }, bot.token)),
    ];
    const answers = await Promise.all(requests);
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(201));
    const numbers = answers.map((r) => r.body.documentNumber).sort();
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => numberOf(i + 1)));
    for (const r of answers) expect(r.body.sealIntact).toBe(true);
  });

  test("a refused submit takes no number; a new year starts again at 000001", async () => {
    const form = await workItem(api, { Name: "Sequential", docType: "document" });
    const refused = await api("POST", "/approvals/instances", { WorkItemId: form.id, Title: "unsealed" }, people[0]!.token);
    expect(refused.status).toBe(403);
    expect((await submitted(t, org, people[0]!, { WorkItemId: form.id, Title: "next" })).documentNumber).toBe(numberOf(13));
    t.clock.advance(HOUR);
    expect((await submitted(t, org, people[1]!, { WorkItemId: form.id, Title: "new year" })).documentNumber).toBe(numberOf(1, 2027));
    // Another organization counts on its own.
    const other = await createOrg(t, "ceo@numbers-other.test", "Numbers Other");
    const otherForm = await workItem(orgApi(t, other), { Name: "Theirs", docType: "document" });
    const theirs = await submitted(t, other, await sealingOwner(t, other), { WorkItemId: otherForm.id, Title: "theirs" });
    expect(theirs.documentNumber).toBe(`${other.slug}-2027-000001`);
    expect((await submitted(t, org, people[2]!, { WorkItemId: form.id, Title: "after" })).documentNumber).toBe(numberOf(2, 2027));
  });
});

describe("parallel stamps", () => {
  const line = () => people.slice(0, 3).map((p) => ({ labelEn: p.email, resolveType: "member", resolveMemberConnectedId: p.connectedId }));

  test("three approvers at once on a parallel line: three stamped steps, one completion, an intact chain", async () => {
    const form = await workItem(api, { Name: "All at once", docType: "document", LineMode: "parallel" });
    await setLine(api, form.id, line());
    const doc = await submitted(t, org, people[5]!, { WorkItemId: form.id, Title: "stamp together" });
    const bodies = await Promise.all(people.slice(0, 3).map((p) => sealedStamp(t, p, doc.id, stepOf(doc, p).id, "approve")));
    const answers = await Promise.all(bodies.map((body, i) => api("POST", `/approvals/instances/${doc.id}/stamp`, body, people[i]!.token)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const final = (await api("GET", `/approvals/instances/by-number/${doc.documentNumber}`, undefined, people[5]!.token)).body;
    expect(final).toMatchObject({ status: "completed", sealIntact: true });
    expect(final.steps.map((s: any) => s.status)).toEqual(["approved", "approved", "approved"]);
    expect(new Set(final.steps.map((s: any) => s.recordHash)).size).toBe(3);
    const approved = (await eventsOf(t, org, "reporting.approval.step_approved")).filter((e) => e.payload.aggregateId === doc.id);
    expect(approved.map((e) => e.payload.stepId).sort()).toEqual(final.steps.map((s: any) => s.id).sort());
    expect((await eventsOf(t, org, "reporting.approval.completed")).filter((e) => e.payload.aggregateId === doc.id)).toHaveLength(1);
  });

  test("a single line: the first stamp completes it, the others find it closed", async () => {
    const form = await workItem(api, { Name: "First wins", docType: "document", LineMode: "single" });
    await setLine(api, form.id, line());
    const doc = await submitted(t, org, people[5]!, { WorkItemId: form.id, Title: "first wins" });
    const bodies = await Promise.all(people.slice(0, 3).map((p) => sealedStamp(t, p, doc.id, stepOf(doc, p).id, "approve")));
    const answers = await Promise.all(bodies.map((body, i) => api("POST", `/approvals/instances/${doc.id}/stamp`, body, people[i]!.token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(["approval_closed", "approval_closed"]);
    const final = (await api("GET", `/approvals/instances/by-number/${doc.documentNumber}`, undefined, people[5]!.token)).body;
    expect(final.steps.map((s: any) => s.status).sort()).toEqual(["approved", "skipped", "skipped"]);
    expect(final.sealIntact).toBe(true);
  });

  test("the same approver twice at once: one stamp, one 409", async () => {
    const form = await workItem(api, { Name: "Twice at once", docType: "document", LineMode: "parallel" });
    await setLine(api, form.id, line());
    const doc = await submitted(t, org, people[5]!, { WorkItemId: form.id, Title: "twice" });
    const me = people[0]!;
    const bodies = [await sealedStamp(t, me, doc.id, stepOf(doc, me).id, "approve"), await sealedStamp(t, me, doc.id, stepOf(doc, me).id, "approve")];
    const answers = await Promise.all(bodies.map((body) => api("POST", `/approvals/instances/${doc.id}/stamp`, body, me.token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.error).toBe("step_already_stamped");
    expect((await eventsOf(t, org, "reporting.approval.step_approved")).filter((e) => e.payload.aggregateId === doc.id)).toHaveLength(1);
  });
});
