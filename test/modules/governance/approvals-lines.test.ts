/**
 * Who approves and how a document moves (spec 3.8, 4.7 rules 2, 3 and 5), through HTTP:
 * the default columns up the reporting tree by risk level; role positions finding the
 * nearest holder up the requester's reporting edges, else their fallback member; member
 * positions; one stamp for someone in two columns; each LineMode (single, chain, parallel,
 * quorum K of N) and any rejection; zero approvers granted at once for a person, never for
 * a machine (its risk floor of 2 on the tree, unroutable on an empty positions path); the
 * requested scope as a ceiling; and the grant taking effect on the requester's next call.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createOrg, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { eventsOf, orgApi } from "./support";
import { type Api, machine, reportsTo, type Sealer, sealer, sealingOwner, setLine, stamp, stepOf, submitted, workItem } from "./approvals-support";

let t: TestApp;
let org: TestOrg;
let api: Api;
// ceo (owner) ← exec (admin) ← lead (member) ← worker (member); loner reports to nobody.
let ceo: Sealer;
let exec: Sealer;
let lead: Sealer;
let worker: Sealer;
let loner: Sealer;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "ceo@lines.test", "Lines");
  api = orgApi(t, org);
  ceo = await sealingOwner(t, org);
  exec = await sealer(t, org, "exec@lines.test", "admin");
  lead = await sealer(t, org, "lead@lines.test");
  worker = await sealer(t, org, "worker@lines.test");
  loner = await sealer(t, org, "loner@lines.test");
  await reportsTo(api, exec, ceo);
  await reportsTo(api, lead, exec);
  await reportsTo(api, worker, lead);
});
afterAll(() => t.close());

const approvers = (doc: any) => (doc.steps as any[]).map((s) => s.approverConnectedId);
const statuses = (doc: any) => (doc.steps as any[]).map((s) => s.status);
const eventsFor = async (type: string, id: string) => (await eventsOf(t, org, type)).filter((e) => e.payload.aggregateId === id);

describe("the default line climbs the requester's reporting tree by risk level (rule 2, 3)", () => {
  test("risk 1: the team lead; 2: and the executive; 3: one level more", async () => {
    for (const [risk, expected] of [
      [1, [lead]],
      [2, [lead, exec]],
      [3, [lead, exec, ceo]],
      [5, [lead, exec, ceo]],
    ] as Array<[number, Sealer[]]>) {
      const form = await workItem(api, { Name: `Risk ${risk}`, docType: "document", RiskLevel: risk });
      const doc = await submitted(t, org, worker, { WorkItemId: form.id, Title: `at risk ${risk}` });
      expect({ risk, approvers: approvers(doc), path: doc.linePath, required: doc.requiredApprovals }).toEqual({ risk, approvers: expected.map((p) => p.connectedId), path: "tree", required: expected.length });
      expect(doc.steps.map((s: any) => s.label.en)).toEqual(["Team lead", "Executive", "Executive (3)"].slice(0, expected.length));
    }
  });

  test("risk 0, or nobody up the tree: a person's document is granted at once (completed, RPT033 autoGranted)", async () => {
    const form = await workItem(api, { Name: "Risk 0", docType: "document", RiskLevel: 0 });
    const doc = await submitted(t, org, worker, { WorkItemId: form.id, Title: "no line" });
    expect(doc).toMatchObject({ status: "completed", routing: "auto_granted", requiredApprovals: 0, steps: [], sealIntact: true });
    const [done] = await eventsFor("reporting.approval.completed", doc.id);
    expect(done!.payload).toMatchObject({ documentNumber: doc.documentNumber, materialized: "document", autoGranted: true, grantedScope: null, sealHash: doc.recordHash });
    const alone = await submitted(t, org, loner, { WorkItemId: (await workItem(api, { Name: "Alone", docType: "document" })).id, Title: "nobody above me" });
    expect(alone).toMatchObject({ status: "completed", routing: "auto_granted" });
  });
});

describe("positions (rule 2)", () => {
  test("role: the nearest holder up the reporting edges, breadth first; else the fallback member; else nobody", async () => {
    const form = await workItem(api, { Name: "Roles", docType: "document", LineMode: "parallel" });
    await setLine(api, form.id, [
      { labelEn: "Me", resolveType: "drafter" },
      { labelEn: "Admin", resolveType: "role", resolveRoleId: "admin" },
      { labelEn: "Owner", resolveType: "role", resolveRoleId: "owner" },
      { labelEn: "Director", resolveType: "role", resolveRoleId: "org_director", resolveMemberConnectedId: loner.connectedId },
      { labelEn: "Nobody", resolveType: "role", resolveRoleId: "org_director" },
    ]);
    const doc = await submitted(t, org, worker, { WorkItemId: form.id, Title: "roles" });
    expect(doc.linePath).toBe("positions");
    expect(approvers(doc)).toEqual([exec.connectedId, ceo.connectedId, loner.connectedId]);
    expect(doc.steps.map((s: any) => s.basis)).toEqual([
      { kind: "role", roleId: "admin", fallback: false },
      { kind: "role", roleId: "owner", fallback: false },
      { kind: "role", roleId: "org_director", fallback: true },
    ]);
    const preview = await api("GET", `/approvals/work-items/${form.id}/resolve-line`, undefined, worker.token);
    expect(preview.body.skipped).toEqual([{ label: { ko: null, en: "Nobody", ja: null }, connectedId: null, reason: "nobody_found" }]);
  });

  test("nearest means fewest edges up: a second manager who holds the role wins over one further up", async () => {
    const org2 = await createOrg(t, "ceo@nearest.test", "Nearest");
    const api2 = orgApi(t, org2);
    const top = await sealingOwner(t, org2);
    const far = await sealer(t, org2, "far@nearest.test", "admin");
    const mid = await sealer(t, org2, "mid@nearest.test");
    const near = await sealer(t, org2, "near@nearest.test", "admin");
    const me = await sealer(t, org2, "me@nearest.test");
    await reportsTo(api2, far, top);
    await reportsTo(api2, mid, far);
    await reportsTo(api2, me, mid); // the older edge: me → mid → far
    t.clock.advance(1000);
    await reportsTo(api2, me, near); // a second manager, one edge away
    const form = await workItem(api2, { Name: "Nearest admin", docType: "document" });
    await setLine(api2, form.id, [{ labelEn: "Admin", resolveType: "role", resolveRoleId: "admin" }]);
    expect(approvers(await submitted(t, org2, me, { WorkItemId: form.id, Title: "who" }))).toEqual([near.connectedId]);
    // The default line follows the primary chain (the oldest edge at each level).
    const tree = await workItem(api2, { Name: "Tree", docType: "document" });
    expect(approvers(await submitted(t, org2, me, { WorkItemId: tree.id, Title: "tree" }))).toEqual([mid.connectedId, far.connectedId]);
    // A holder who cannot stamp (a suspended badge) is passed over for the next one up.
    expect((await api2("PATCH", `/badges/${near.connectedId}`, { status: "suspended" })).status).toBe(200);
    expect(approvers(await submitted(t, org2, me, { WorkItemId: form.id, Title: "who now" }))).toEqual([far.connectedId]);
  });

  test("member: a fixed approver; the requester is never their own approver", async () => {
    const form = await workItem(api, { Name: "Fixed", docType: "document" });
    await setLine(api, form.id, [
      { labelEn: "CEO", resolveType: "member", resolveMemberConnectedId: ceo.connectedId },
      { labelEn: "Myself", resolveType: "member", resolveMemberConnectedId: worker.connectedId },
    ]);
    const doc = await submitted(t, org, worker, { WorkItemId: form.id, Title: "fixed" });
    expect(approvers(doc)).toEqual([ceo.connectedId]);
    expect(doc.steps[0].basis).toEqual({ kind: "member" });
  });

  test("the same person in two columns stamps once", async () => {
    const form = await workItem(api, { Name: "Twice", docType: "document" });
    await setLine(api, form.id, [
      { labelEn: "Admin", resolveType: "role", resolveRoleId: "admin" },
      { labelEn: "Exec again", resolveType: "member", resolveMemberConnectedId: exec.connectedId },
      { labelEn: "CEO", resolveType: "member", resolveMemberConnectedId: ceo.connectedId },
    ]);
    const preview = await api("GET", `/approvals/work-items/${form.id}/resolve-line`, undefined, worker.token);
    expect(preview.body).toMatchObject({ approverCount: 2, requiredApprovals: 2 });
    expect(preview.body.skipped).toEqual([{ label: { ko: null, en: "Exec again", ja: null }, connectedId: exec.connectedId, reason: "duplicate" }]);
    const doc = await submitted(t, org, worker, { WorkItemId: form.id, Title: "twice" });
    expect(approvers(doc)).toEqual([exec.connectedId, ceo.connectedId]);
    expect((await stamp(t, org, exec, doc)).body.status).toBe("submitted");
    const done = await stamp(t, org, ceo, doc);
    expect(done.body).toMatchObject({ status: "completed", sealIntact: true });
    expect(await eventsFor("reporting.approval.step_approved", doc.id)).toHaveLength(2);
  });
});

describe("LineMode (spec 3.8)", () => {
  let threeOfUs: Array<Record<string, unknown>>;
  beforeAll(() => {
    threeOfUs = [lead, exec, ceo].map((p) => ({ labelEn: p.email, resolveType: "member", resolveMemberConnectedId: p.connectedId }));
  });
  const formWith = async (body: Record<string, unknown>) => {
    const form = await workItem(api, { Name: `Mode ${crypto.randomUUID()}`, docType: "document", ...body });
    await setLine(api, form.id, threeOfUs);
    return form;
  };

  test("single: one approval completes it; the other steps are skipped", async () => {
    const doc = await submitted(t, org, worker, { WorkItemId: (await formWith({ LineMode: "single" })).id, Title: "single" });
    expect({ required: doc.requiredApprovals, statuses: statuses(doc) }).toEqual({ required: 1, statuses: ["pending", "pending", "pending"] });
    const done = await stamp(t, org, exec, doc);
    expect({ status: done.body.status, statuses: statuses(done.body) }).toEqual({ status: "completed", statuses: ["skipped", "approved", "skipped"] });
    const late = await stamp(t, org, ceo, doc);
    expect({ status: late.status, error: late.body.error, documentStatus: late.body.documentStatus }).toEqual({ status: 409, error: "approval_closed", documentStatus: "completed" });
  });

  test("chain: all, in line order; a later step before its turn is 409 not_your_turn", async () => {
    const doc = await submitted(t, org, worker, { WorkItemId: (await formWith({ LineMode: "chain" })).id, Title: "chain" });
    expect(statuses(doc)).toEqual(["pending", "waiting", "waiting"]);
    const early = await stamp(t, org, ceo, doc);
    expect({ status: early.status, error: early.body.error }).toEqual({ status: 409, error: "not_your_turn" });
    expect(statuses((await stamp(t, org, lead, doc)).body)).toEqual(["approved", "pending", "waiting"]);
    expect(statuses((await stamp(t, org, exec, doc)).body)).toEqual(["approved", "approved", "pending"]);
    const done = await stamp(t, org, ceo, doc);
    expect({ status: done.body.status, statuses: statuses(done.body), intact: done.body.sealIntact }).toEqual({ status: "completed", statuses: ["approved", "approved", "approved"], intact: true });
    const again = await stamp(t, org, ceo, doc);
    expect(again.status).toBe(409);
  });

  test("parallel: all, in any order", async () => {
    const doc = await submitted(t, org, worker, { WorkItemId: (await formWith({ LineMode: "parallel" })).id, Title: "parallel" });
    expect(statuses(doc)).toEqual(["pending", "pending", "pending"]);
    expect((await stamp(t, org, ceo, doc)).body.status).toBe("submitted");
    expect((await stamp(t, org, lead, doc)).body.status).toBe("submitted");
    const done = await stamp(t, org, exec, doc);
    expect({ status: done.body.status, statuses: statuses(done.body) }).toEqual({ status: "completed", statuses: ["approved", "approved", "approved"] });
    expect(await eventsFor("reporting.approval.completed", doc.id)).toHaveLength(1);
  });

  test("quorum: K of N; a K above N needs all N", async () => {
    const doc = await submitted(t, org, worker, { WorkItemId: (await formWith({ LineMode: "quorum", QuorumK: 2 })).id, Title: "quorum" });
    expect(doc.requiredApprovals).toBe(2);
    expect((await stamp(t, org, ceo, doc)).body.status).toBe("submitted");
    const done = await stamp(t, org, lead, doc);
    expect({ status: done.body.status, statuses: statuses(done.body) }).toEqual({ status: "completed", statuses: ["approved", "skipped", "approved"] });

    const wide = await workItem(api, { Name: "Quorum 5", docType: "document", LineMode: "quorum", QuorumK: 5 });
    await setLine(api, wide.id, threeOfUs.slice(0, 2));
    expect((await submitted(t, org, worker, { WorkItemId: wide.id, Title: "wide" })).requiredApprovals).toBe(2);
  });

  test("any rejection rejects: chain, parallel after an approval, quorum", async () => {
    for (const body of [{ LineMode: "chain" }, { LineMode: "parallel" }, { LineMode: "quorum", QuorumK: 2 }, { LineMode: "single" }]) {
      const doc = await submitted(t, org, worker, { WorkItemId: (await formWith(body)).id, Title: `reject ${body.LineMode}` });
      if (body.LineMode !== "chain" && body.LineMode !== "single") expect((await stamp(t, org, exec, doc)).body.status).toBe("submitted");
      const no = await stamp(t, org, lead, doc, "reject", { Comment: "not now" });
      expect({ mode: body.LineMode, status: no.body.status, intact: no.body.sealIntact }).toEqual({ mode: body.LineMode, status: "rejected", intact: true });
      expect(no.body.steps.filter((s: any) => s.status === "pending" || s.status === "waiting")).toEqual([]);
      expect(stepOf(no.body, lead)).toMatchObject({ status: "rejected", decision: "reject", comment: "not now" });
      const [event] = await eventsFor("reporting.approval.step_rejected", doc.id);
      expect(Object.keys(event!.payload).sort()).toEqual(["aggregateId", "approverConnectedId", "decision", "sealHash", "stepId"]);
      expect(event!.payload).toEqual({ aggregateId: doc.id, stepId: stepOf(doc, lead).id, approverConnectedId: lead.connectedId, decision: "reject", sealHash: stepOf(no.body, lead).recordHash });
      expect(await eventsFor("reporting.approval.completed", doc.id)).toEqual([]);
    }
  });
});

describe("permission documents: the ceiling, and the grant taking effect (rules 3, 5)", () => {
  test("approved: the requested scope becomes the requester's own; they can call the route on their next request", async () => {
    const form = await workItem(api, { Name: "Teams for me", docType: "permission", RequestedScope: "org.team.create" });
    // The lead is a Member (no org.team.create): below the ceiling, left out; the executive (Admin) and the CEO approve.
    const preview = (await api("GET", `/approvals/work-items/${form.id}/resolve-line`, undefined, worker.token)).body;
    expect(preview.skipped).toEqual([{ label: { ko: "팀장", en: "Team lead", ja: "チームリーダー" }, connectedId: lead.connectedId, reason: "below_ceiling" }]);
    const doc = await submitted(t, org, worker, { WorkItemId: form.id, Title: "I run the onboarding teams" });
    expect(approvers(doc)).toEqual([exec.connectedId]);
    const before = await api("POST", "/teams", { Name: "Not yet" }, worker.token);
    expect({ status: before.status, error: before.body.error }).toEqual({ status: 403, error: "PERMISSION_DENIED" });
    const done = await stamp(t, org, exec, doc);
    expect(done.body).toMatchObject({ status: "completed", grantId: expect.any(String) });
    const [event] = await eventsFor("reporting.approval.completed", doc.id);
    expect(event!.payload).toMatchObject({ materialized: "grant", grantedScope: "org.team.create", grantId: done.body.grantId, autoGranted: false, sealHash: done.body.recordHash });
    expect((await api("POST", "/teams", { Name: "Onboarding" }, worker.token)).status).toBe(201);
    expect((await api("GET", "/me", undefined, worker.token)).body.scopes).toContain("org.team.create");
  });

  test("a person nobody needs to approve is granted at once", async () => {
    const form = await workItem(api, { Name: "Relationships", docType: "permission", RequestedScope: "org.reporting.update" });
    const doc = await submitted(t, org, loner, { WorkItemId: form.id, Title: "I keep the org chart" });
    expect(doc).toMatchObject({ status: "completed", routing: "auto_granted", grantId: expect.any(String) });
    expect((await api("POST", "/relationships", { SourceConnectedId: loner.connectedId, TargetConnectedId: ceo.connectedId, Type: "reference" }, loner.token)).status).toBe(201);
  });

  test("a line whose people are all below the ceiling is unroutable, for a person too: never granted without a capable approver", async () => {
    const form = await workItem(api, { Name: "Billing", docType: "permission", RequestedScope: "view.billing", RiskLevel: 2 });
    const doc = await submitted(t, org, worker, { WorkItemId: form.id, Title: "let me see invoices" });
    expect(doc).toMatchObject({ status: "submitted", routing: "unroutable", steps: [], grantId: null });
    expect(await eventsFor("reporting.approval.completed", doc.id)).toEqual([]);
  });
});

describe("a machine requester is never granted without a human (rule 3)", () => {
  // A Member's service account: its keys may only narrow what a Member holds.
  const scopes = ["org.reporting_instance.create", "org.reporting_instance.list:creator=self", "org.reporting_instance.read:creator=self", "org.work_item.read"];
  const teamKey = (bot: { serviceAccountId: string }) =>
    t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { scopes: ["org.team.create"], serviceAccountId: bot.serviceAccountId } });
  const machineSubmit = (token: string, body: Record<string, unknown>) => api("POST", "/approvals/instances", body, token);

  test("nobody above it: unroutable, the document stays submitted", async () => {
    const bot = await machine(t, org, "lonely-bot", scopes);
    const form = await workItem(api, { Name: "Bot teams", docType: "permission", RequestedScope: "org.team.create", RiskLevel: 0 });
    const r = await machineSubmit(bot.token, { WorkItemId: form.id, Title: "teams for the bot" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: "submitted", routing: "unroutable", requesterKind: "machine", requesterConnectedId: bot.connectedId, riskLevel: 2, steps: [], sealIntact: true });
    expect(await eventsFor("reporting.approval.completed", r.body.id)).toEqual([]);
    expect((await teamKey(bot)).status).toBe(403);
  });

  test("an empty positions path: unroutable", async () => {
    const bot = await machine(t, org, "positions-bot", scopes);
    const form = await workItem(api, { Name: "Bot docs", docType: "document" });
    await setLine(api, form.id, [
      { labelEn: "Drafter", resolveType: "drafter" },
      { labelEn: "Director", resolveType: "role", resolveRoleId: "org_director" },
    ]);
    const r = await machineSubmit(bot.token, { WorkItemId: form.id, Title: "a document" });
    expect(r.body).toMatchObject({ status: "submitted", routing: "unroutable", linePath: "positions", steps: [] });
  });

  test("the risk floor of 2 on the tree path; once approved, the grant is the service account's", async () => {
    const bot = await machine(t, org, "team-bot", scopes);
    await reportsTo(api, bot, lead);
    const form = await workItem(api, { Name: "Bot teams, risk 0", docType: "permission", RequestedScope: "org.team.create", RiskLevel: 0 });
    const preview = await api("GET", `/approvals/work-items/${form.id}/resolve-line`, undefined, bot.token);
    expect(preview.body).toMatchObject({ requesterKind: "machine", riskLevel: 2, routing: "routed", approverCount: 1 });
    const r = await machineSubmit(bot.token, { WorkItemId: form.id, Title: "teams for the bot" });
    expect(r.body).toMatchObject({ status: "submitted", routing: "routed", riskLevel: 2, requesterKind: "machine" });
    expect(approvers(r.body)).toEqual([exec.connectedId]);
    // A key bound to the account may only narrow what the account holds: not org.team.create yet.
    const refused = await teamKey(bot);
    expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 403, error: "PERMISSION_DENIED" });
    expect((await stamp(t, org, exec, r.body)).body.status).toBe("completed");
    // Now the account holds it: a key for it, and that key's token creates teams.
    const key = await teamKey(bot);
    expect(key.status).toBe(201);
    const token = (await t.request("POST", "/api/m2m/token", { json: { orgSlug: org.slug, apiKey: key.body.key } })).body.accessToken;
    expect((await api("POST", "/teams", { Name: "Bot team" }, token)).status).toBe(201);
    const listed = await api("GET", "/approvals/instances", undefined, bot.token);
    expect((listed.body as any[]).map((d) => d.id)).toContain(r.body.id);
  });
});
