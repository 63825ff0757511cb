/**
 * Work items (approval forms) and their lines, through HTTP: defining forms of each kind
 * and refusing control fields that do not fit; replacing the line (spec 4.7: ordered
 * positions, empty means the default columns, owner or admin only) with RPT038 whose
 * AggregateId is the work item; the resolve-line preview; and who may call.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createAppGroup, createOrg, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { eventsOf, orgApi, ownerOf, person, type Person } from "./support";
import { type Api, machine, reportsTo, setLine, workItem } from "./approvals-support";

let t: TestApp;
let org: TestOrg;
let api: Api;
let owner: Person;
let alice: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "owner@forms.test", "Forms");
  api = orgApi(t, org);
  owner = await ownerOf(t, org);
  alice = await person(t, org, "alice@forms.test");
  admin = await person(t, org, "admin@forms.test", "admin");
});
afterAll(() => t.close());

describe("work items", () => {
  test("a form of each kind, with the defaults: chain, risk level 2, English, no line", async () => {
    const permission = await workItem(api, { Name: "  Team creation  ", docType: "permission", RequestedScope: "org.team.create" });
    expect(permission).toMatchObject({
      name: "Team creation",
      docType: "permission",
      lineMode: "chain",
      quorumK: null,
      riskLevel: 2,
      language: "en",
      requestedScope: "org.team.create",
      uses: null,
      positionCount: 0,
      archived: false,
    });
    t.clock.advance(1000);
    const once = await workItem(api, { Name: "Deploy once", docType: "permission", RequestedScope: "org.app.deploy", uses: 1, LineMode: "quorum", QuorumK: 2, RiskLevel: 3, language: "ko" });
    expect(once).toMatchObject({ uses: 1, lineMode: "quorum", quorumK: 2, riskLevel: 3, language: "ko" });
    t.clock.advance(1000);
    const report = await workItem(api, { Name: "Weekly report", docType: "report", language: "ja" });
    expect(report).toMatchObject({ docType: "report", requestedScope: null, uses: null });
    const [created] = (await eventsOf(t, org, "reporting.work_item.created")).filter((e) => e.payload.workItemId === once.id);
    expect(created!.payload).toMatchObject({ name: "Deploy once", docType: "permission", requestedScope: "org.app.deploy", uses: 1 });

    const list = await api("GET", "/approvals/work-items", undefined, alice.token);
    expect(list.status).toBe(200);
    expect((list.body as any[]).map((w) => w.name)).toEqual(["Team creation", "Deploy once", "Weekly report"]);
    expect((await api("GET", `/approvals/work-items/${once.id}`, undefined, alice.token)).body).toEqual(once);
  });

  test("control fields that do not fit together: 400 invalid_work_item naming the field", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ Name: "   ", docType: "document" }, "Name"],
      [{ Name: "Q", docType: "document", LineMode: "quorum" }, "QuorumK"],
      [{ Name: "Q", docType: "document", LineMode: "chain", QuorumK: 2 }, "QuorumK"],
      [{ Name: "P", docType: "permission" }, "RequestedScope"],
      [{ Name: "D", docType: "document", RequestedScope: "org.team.create" }, "RequestedScope"],
      [{ Name: "R", docType: "report", uses: 1 }, "uses"],
    ];
    for (const [body, field] of cases) {
      const r = await api("POST", "/approvals/work-items", body);
      expect({ body, status: r.status, error: r.body.error, field: r.body.field }).toEqual({ body, status: 400, error: "invalid_work_item", field });
    }
    const badScope = await api("POST", "/approvals/work-items", { Name: "P", docType: "permission", RequestedScope: "team.create" });
    expect({ status: badScope.status, error: badScope.body.error, field: badScope.body.field }).toEqual({ status: 400, error: "invalid_scope", field: "RequestedScope[0]" });
  });

  test("bad input: malformed JSON, wrong types, out-of-range numbers and unknown fields are 400", async () => {
    const raw = await t.request("POST", `/api/org/${org.slug}/approvals/work-items`, { token: org.owner.token, body: "{", headers: { "content-type": "application/json" } });
    expect({ status: raw.status, error: raw.body.error }).toEqual({ status: 400, error: "invalid_json" });
    for (const body of [
      { Name: 5, docType: "document" },
      { Name: "X", docType: "memo" },
      { Name: "X", docType: "document", RiskLevel: 6 },
      { Name: "X", docType: "document", RiskLevel: 1.5 },
      { Name: "X", docType: "permission", RequestedScope: "org.team.create", uses: 2 },
      { Name: "X", docType: "document", language: "fr" },
      { Name: "X", docType: "document", Colour: "red" },
      { Name: "x".repeat(201), docType: "document" },
    ]) {
      const r = await api("POST", "/approvals/work-items", body);
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status: 400, error: "invalid_request" });
    }
  });

  test("nobody defines a form granting a scope they do not hold", async () => {
    // An Admin holds org.*; view.billing is the Owner's alone.
    const r = await api("POST", "/approvals/work-items", { Name: "Billing view", docType: "permission", RequestedScope: "view.billing" }, admin.token);
    expect({ status: r.status, error: r.body.error, scope: r.body.scope }).toEqual({ status: 403, error: "PERMISSION_DENIED", scope: "view.billing" });
    expect((await api("POST", "/approvals/work-items", { Name: "Billing view", docType: "permission", RequestedScope: "view.billing" })).status).toBe(201);
  });

  test("PATCH renames, changes control fields, archives; what the form grants never changes", async () => {
    const form = await workItem(api, { Name: "To change", docType: "document" });
    const changed = await api("PATCH", `/approvals/work-items/${form.id}`, { Name: "Changed", LineMode: "quorum", QuorumK: 1, RiskLevel: 1 });
    expect(changed.body).toMatchObject({ name: "Changed", lineMode: "quorum", quorumK: 1, riskLevel: 1 });
    const back = await api("PATCH", `/approvals/work-items/${form.id}`, { LineMode: "parallel", Archived: true });
    expect(back.body).toMatchObject({ lineMode: "parallel", quorumK: null, archived: true });
    const events = (await eventsOf(t, org, "reporting.work_item.updated")).filter((e) => e.payload.workItemId === form.id);
    expect(events.map((e) => Object.keys(e.payload.changes as object).sort())).toEqual([["lineMode", "name", "quorumK", "riskLevel"], ["archived", "lineMode", "quorumK"]]);
    // Nothing changed: nothing recorded.
    expect((await api("PATCH", `/approvals/work-items/${form.id}`, { Archived: true })).status).toBe(200);
    expect((await eventsOf(t, org, "reporting.work_item.updated")).filter((e) => e.payload.workItemId === form.id)).toHaveLength(2);
    for (const body of [{ docType: "report" }, { RequestedScope: "org.*" }, { uses: 1 }]) expect((await api("PATCH", `/approvals/work-items/${form.id}`, body)).status).toBe(400);
    const quorumless = await api("PATCH", `/approvals/work-items/${form.id}`, { LineMode: "quorum" });
    expect({ status: quorumless.status, field: quorumless.body.field }).toEqual({ status: 400, field: "QuorumK" });
  });
});

describe("the approval line", () => {
  let form: any;
  let team: string;
  beforeAll(async () => {
    form = await workItem(api, { Name: "Purchase", docType: "document" });
    team = (await api("POST", "/teams", { Name: "Buyers" })).body.id;
  });

  test("empty means the default staff, team-lead and executive columns", async () => {
    const r = await api("GET", `/approvals/work-items/${form.id}/approval-line`, undefined, alice.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ workItemId: form.id, positions: [], isDefault: true });
    expect(r.body.defaultColumns.map((c: any) => [c.key, c.labelEn, c.level])).toEqual([
      ["staff", "Staff", 0],
      ["team_lead", "Team lead", 1],
      ["executive", "Executive", 2],
    ]);
  });

  test("PUT replaces every position, in order, and emits reporting.approvalline.changed (RPT038) with the work item as AggregateId", async () => {
    const positions = [
      { labelKo: "기안", labelEn: "Drafter", resolveType: "drafter" },
      { labelEn: "Manager", labelJa: "マネージャー", resolveType: "role", resolveRoleId: "admin", resolveMemberConnectedId: owner.connectedId },
      { labelKo: "대표", resolveType: "member", resolveMemberConnectedId: owner.connectedId },
    ];
    const line = await setLine(api, form.id, positions);
    expect(line.isDefault).toBe(false);
    expect(line.positions).toEqual([
      { labelKo: "기안", labelEn: "Drafter", labelJa: null, resolveType: "drafter", resolveRoleId: null, resolveMemberConnectedId: null },
      { labelKo: null, labelEn: "Manager", labelJa: "マネージャー", resolveType: "role", resolveRoleId: "admin", resolveMemberConnectedId: owner.connectedId },
      { labelKo: "대표", labelEn: null, labelJa: null, resolveType: "member", resolveRoleId: null, resolveMemberConnectedId: owner.connectedId },
    ]);
    expect((await api("GET", `/approvals/work-items/${form.id}`)).body.positionCount).toBe(3);
    const events = (await eventsOf(t, org, "reporting.approvalline.changed")).filter((e) => e.payload.aggregateId === form.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.positions).toEqual(line.positions);
    expect(events[0]!.actorId).toBe(org.owner.userId);

    // The same line again changes nothing and records nothing; a shorter one replaces all.
    await setLine(api, form.id, positions);
    expect((await eventsOf(t, org, "reporting.approvalline.changed")).filter((e) => e.payload.aggregateId === form.id)).toHaveLength(1);
    expect((await setLine(api, form.id, [positions[2]])).positions).toHaveLength(1);
    const cleared = await setLine(api, form.id, []);
    expect(cleared).toMatchObject({ positions: [], isDefault: true });
    expect((await eventsOf(t, org, "reporting.approvalline.changed")).filter((e) => e.payload.aggregateId === form.id).map((e) => (e.payload.positions as unknown[]).length)).toEqual([3, 1, 0]);
  });

  test("a custom role's id is a role; an Admin may replace the line", async () => {
    const role = await api("POST", "/roles", { name: "Approver", key: "approver", scopes: ["org.member.list"] });
    expect(role.status).toBe(201);
    const r = await api("PUT", `/approvals/work-items/${form.id}/approval-line`, { positions: [{ labelEn: "Approver", resolveType: "role", resolveRoleId: role.body.id }] }, admin.token);
    expect(r.status).toBe(200);
    const [event] = (await eventsOf(t, org, "reporting.approvalline.changed")).filter((e) => e.payload.aggregateId === form.id).slice(-1);
    expect(event!.actorId).toBe(admin.userId);
  });

  test("positions that do not fit their resolveType, or name what does not exist", async () => {
    const other = await createOrg(t, "owner@forms-other.test", "Forms Other");
    const stranger = await ownerOf(t, other);
    const cases: Array<[unknown, number, string, string]> = [
      [{ resolveType: "drafter" }, 400, "invalid_position", "positions[0].labelEn"],
      [{ labelEn: "  ", resolveType: "drafter" }, 400, "invalid_position", "positions[0].labelEn"],
      [{ labelEn: "D", resolveType: "drafter", resolveRoleId: "admin" }, 400, "invalid_position", "positions[0].resolveRoleId"],
      [{ labelEn: "D", resolveType: "drafter", resolveMemberConnectedId: owner.connectedId }, 400, "invalid_position", "positions[0].resolveMemberConnectedId"],
      [{ labelEn: "R", resolveType: "role" }, 400, "invalid_position", "positions[0].resolveRoleId"],
      [{ labelEn: "M", resolveType: "member" }, 400, "invalid_position", "positions[0].resolveMemberConnectedId"],
      [{ labelEn: "M", resolveType: "member", resolveMemberConnectedId: owner.connectedId, resolveRoleId: "admin" }, 400, "invalid_position", "positions[0].resolveRoleId"],
      [{ labelEn: "R", resolveType: "role", resolveRoleId: "no_such_role" }, 404, "role_not_found", "positions[0].resolveRoleId"],
      [{ labelEn: "M", resolveType: "member", resolveMemberConnectedId: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b" }, 404, "connected_id_not_found", "positions[0].resolveMemberConnectedId"],
      // Another organization's badge is as unknown as a made-up one.
      [{ labelEn: "M", resolveType: "member", resolveMemberConnectedId: stranger.connectedId }, 404, "connected_id_not_found", "positions[0].resolveMemberConnectedId"],
      [{ labelEn: "M", resolveType: "member", resolveMemberConnectedId: team }, 400, "badge_not_eligible", "positions[0].resolveMemberConnectedId"],
      [{ labelEn: "R", resolveType: "role", resolveRoleId: "admin", resolveMemberConnectedId: team }, 400, "badge_not_eligible", "positions[0].resolveMemberConnectedId"],
    ];
    for (const [position, status, error, field] of cases) {
      const r = await api("PUT", `/approvals/work-items/${form.id}/approval-line`, { positions: [position] });
      expect({ position, status: r.status, error: r.body.error, field: r.body.field }).toEqual({ position, status, error, field });
    }
    for (const body of [{}, { positions: "all" }, { positions: [{ labelEn: "X", resolveType: "boss" }] }, { positions: Array.from({ length: 21 }, () => ({ labelEn: "D", resolveType: "drafter" })) }, { positions: [], extra: 1 }]) {
      const r = await api("PUT", `/approvals/work-items/${form.id}/approval-line`, body);
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status: 400, error: "invalid_request" });
    }
    const unknown = await api("PUT", "/approvals/work-items/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/approval-line", { positions: [] });
    expect({ status: unknown.status, error: unknown.body.error }).toEqual({ status: 404, error: "work_item_not_found" });
  });
});

describe("resolve-line: the preview for the current requester", () => {
  test("counts the approvers the caller's document would have, and writes nothing", async () => {
    const org2 = await createOrg(t, "owner@preview.test", "Preview");
    const api2 = orgApi(t, org2);
    const boss = await ownerOf(t, org2);
    const lead = await person(t, org2, "lead@preview.test");
    const worker = await person(t, org2, "worker@preview.test");
    await reportsTo(api2, worker, lead);
    await reportsTo(api2, lead, boss);
    const form = await workItem(api2, { Name: "Leave", docType: "document" });
    const before = (await eventsOf(t, org2, "reporting.approval.submitted")).length;

    const asWorker = await api2("GET", `/approvals/work-items/${form.id}/resolve-line`, undefined, worker.token);
    expect(asWorker.status).toBe(200);
    expect(asWorker.body).toMatchObject({ workItemId: form.id, requesterConnectedId: worker.connectedId, requesterKind: "person", linePath: "tree", riskLevel: 2, approverCount: 2, requiredApprovals: 2, routing: "routed" });
    expect(asWorker.body.approvers.map((a: any) => [a.connectedId, a.label.en])).toEqual([
      [lead.connectedId, "Team lead"],
      [boss.connectedId, "Executive"],
    ]);
    const asLead = await api2("GET", `/approvals/work-items/${form.id}/resolve-line`, undefined, lead.token);
    expect(asLead.body).toMatchObject({ approverCount: 1, routing: "routed" });
    expect(asLead.body.skipped).toEqual([{ label: { ko: "임원", en: "Executive", ja: "役員" }, connectedId: null, reason: "nobody_found" }]);
    const asBoss = await api2("GET", `/approvals/work-items/${form.id}/resolve-line`, undefined, boss.token);
    expect(asBoss.body).toMatchObject({ approverCount: 0, requiredApprovals: 0, routing: "auto_granted" });
    expect((await eventsOf(t, org2, "reporting.approval.submitted")).length).toBe(before);
  });
});

describe("who may call", () => {
  let form: any;
  beforeAll(async () => {
    form = await workItem(api, { Name: "Guarded", docType: "document" });
  });
  const reads = () => [
    ["GET", "/approvals/work-items"],
    ["GET", `/approvals/work-items/${form.id}`],
    ["GET", `/approvals/work-items/${form.id}/approval-line`],
    ["GET", `/approvals/work-items/${form.id}/resolve-line`],
  ];
  const writes = () => [
    ["POST", "/approvals/work-items", { Name: "By someone", docType: "document" }],
    ["PATCH", `/approvals/work-items/${form.id}`, { Name: "Renamed" }],
    ["PUT", `/approvals/work-items/${form.id}/approval-line`, { positions: [] }],
  ];

  test("no credential: 401; another organization's owner: 404", async () => {
    const other = await createOrg(t, "owner@forms-who.test", "Forms Who");
    for (const [method, path, body] of [...reads(), ...writes()] as Array<[string, string, unknown]>) {
      expect({ route: `${method} ${path}`, status: (await api(method, path, body, null)).status }).toEqual({ route: `${method} ${path}`, status: 401 });
      const r = await api(method, path, body, other.owner.token);
      expect({ route: `${method} ${path}`, status: r.status, error: r.body.error }).toEqual({ route: `${method} ${path}`, status: 404, error: "not_found" });
    }
    // The other organization's own work item id is unknown here.
    const theirs = await workItem(orgApi(t, other), { Name: "Theirs", docType: "document" });
    const r = await api("GET", `/approvals/work-items/${theirs.id}`);
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 404, error: "work_item_not_found" });
  });

  test("a Member and a Director read forms and lines; only the Owner or an Admin changes them (403 admin_required)", async () => {
    const director = await person(t, org, "director@forms.test", "org_director");
    for (const who of [alice, director]) {
      for (const [method, path] of reads()) expect((await api(method as string, path as string, undefined, who.token)).status).toBe(200);
      for (const [method, path, body] of writes() as Array<[string, string, unknown]>) {
        const r = await api(method, path, body, who.token);
        expect({ route: `${method} ${path}`, status: r.status, error: r.body.error }).toEqual({ route: `${method} ${path}`, status: 403, error: "admin_required" });
      }
    }
    // A custom role holding org.* is still not an Admin.
    const role = await api("POST", "/roles", { name: "Almost admin", key: "almost_admin", scopes: ["org.*"] });
    const almost = await person(t, org, "almost@forms.test", role.body.id);
    const r = await api("PUT", `/approvals/work-items/${form.id}/approval-line`, { positions: [] }, almost.token);
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 403, error: "admin_required" });
  });

  test("an M2M token reads with the scope, never writes (403 machine_not_allowed); an app-group key is refused", async () => {
    const reader = await machine(t, org, "form-reader", ["org.work_item.list", "org.work_item.read"]);
    const blind = await machine(t, org, "form-blind", ["org.member.list"]);
    expect((await api("GET", "/approvals/work-items", undefined, reader.token)).status).toBe(200);
    expect((await api("GET", `/approvals/work-items/${form.id}/resolve-line`, undefined, reader.token)).body).toMatchObject({ requesterKind: "machine", requesterConnectedId: reader.connectedId });
    const denied = await api("GET", "/approvals/work-items", undefined, blind.token);
    expect({ status: denied.status, error: denied.body.error }).toEqual({ status: 403, error: "PERMISSION_DENIED" });
    for (const [method, path, body] of writes() as Array<[string, string, unknown]>) {
      const r = await api(method, path, body, reader.token);
      expect({ route: `${method} ${path}`, status: r.status, error: r.body.error }).toEqual({ route: `${method} ${path}`, status: 403, error: "machine_not_allowed" });
    }
    const group = await createAppGroup(t, org);
    const key = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { scopes: ["org.*"], appGroupId: group.groupKey } });
    const token = (await t.request("POST", "/api/m2m/token", { json: { orgSlug: org.slug, apiKey: key.body.key } })).body.accessToken;
    const refused = await api("GET", "/approvals/work-items", undefined, token);
    expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 401, error: "org_wide_key_required" });
    // A key without a service account has no badge to request with.
    const unbound = await t.request("POST", `/api/org/${org.slug}/settings/keys/api-keys`, { token: org.owner.token, json: { scopes: ["org.work_item.read"] } });
    const unboundToken = (await t.request("POST", "/api/m2m/token", { json: { orgSlug: org.slug, apiKey: unbound.body.key } })).body.accessToken;
    const noBadge = await api("GET", `/approvals/work-items/${form.id}/resolve-line`, undefined, unboundToken);
    expect({ status: noBadge.status, error: noBadge.body.error }).toEqual({ status: 403, error: "requester_badge_required" });
  });
});
