/**
 * Connector modules (spec 4.9): enable and disconnect, the setup wizard's reads and
 * notarize-scopes, over HTTP. Refusals (bad fields, unknown module or event type, a
 * member, another organization) leave nothing behind.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { integrationConnections } from "../../../src/modules/integrations/schema";
import { auditEvents } from "../../../src/platform/audit/schema";
import { addMember, createOrg, type SignedInUser, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { HR_FIELDS, sendInbound, TICKETING_FIELDS, webhookSecretOf } from "./support";

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let member: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "owner@connect.example", "Connect Co");
  other = await createOrg(t, "owner@connect-other.example", "Connect Other");
  member = await addMember(t, org, "member@connect.example");
  admin = await addMember(t, org, "admin@connect.example", "admin");
});
afterAll(() => t.close());

const api = (method: string, path: string, token = org.owner.token, json?: unknown, slug = org.slug) => t.request(method, `/api/org/${slug}/integrations${path}`, { token, json });
const connections = () => t.ctx.db.read.select().from(integrationConnections);

async function refused(request: Promise<{ status: number; body: any }>, status: number, error?: string, field?: string) {
  const before = await connections();
  const r = await request;
  expect(r.status).toBe(status);
  if (error) expect(r.body.error).toBe(error);
  if (field) expect(r.body.field).toBe(field);
  expect(await connections()).toEqual(before);
  return r;
}

describe("the catalog and enable", () => {
  test("verified-connectors lists both shapes with their event types, hierarchy source and scopes", async () => {
    const r = await api("GET", "/verified-connectors");
    expect(r.status).toBe(200);
    expect(r.body.map((m: any) => [m.key, m.category, m.hierarchySource])).toEqual([
      ["hr_directory", "hr_directory", true],
      ["ticketing", "ticketing", false],
    ]);
    expect(r.body[0].eventTypes).toContain("employee.upserted");
    expect(r.body[1].requiredScopes).toContain("org.work_item.read");
  });

  test("before enabling: fields and event types read, status not_connected, notarize-scopes 409", async () => {
    const fields = await api("GET", "/ticketing/fields");
    expect(fields.body.map((f: any) => [f.key, f.required, f.value])).toEqual([
      ["siteUrl", true, null],
      ["projectKeys", true, null],
      ["product", true, null],
    ]);
    const types = await api("GET", "/ticketing/event-types");
    expect(types.body.find((e: any) => e.type === "ticket.status_changed")).toMatchObject({ notarized: true, hierarchy: false });
    const status = await api("GET", "/ticketing/connection-status");
    expect(status.body).toMatchObject({ status: "not_connected", inboundCount: 0, signingSecretReady: false, inboundUrl: `/api/org/${org.slug}/inbound` });
    await refused(api("GET", "/ticketing/notarize-scopes"), 409, "module_not_enabled");
  });

  test("enable stores the fields, notarizes the defaults, is audited with field names only; enabling again replaces the fields", async () => {
    const r = await api("POST", "/ticketing/enable", org.owner.token, { fields: TICKETING_FIELDS });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ moduleKey: "ticketing", status: "enabled", settings: TICKETING_FIELDS, notarizedEventTypes: ["ticket.status_changed"], disconnectedAt: null });
    const [event] = await t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.type, "integration.enabled")));
    expect(event!.payload).toEqual({ moduleKey: "ticketing", fields: ["siteUrl", "projectKeys", "product"], reenabled: false });
    expect(JSON.stringify(event!.payload)).not.toContain("atlassian");
    const again = await api("POST", "/ticketing/enable", admin.token, { fields: { ...TICKETING_FIELDS, product: "linear" } });
    expect(again.body.settings.product).toBe("linear");
    expect((await api("GET", "/enabled")).body.map((c: any) => c.moduleKey)).toEqual(["ticketing"]);
    expect((await api("GET", "/ticketing/fields")).body.find((f: any) => f.key === "product").value).toBe("linear");
  });

  test("bad fields: missing, unknown, not in the options, not https, pattern; unknown module; bad bodies", async () => {
    await refused(api("POST", "/hr_directory/enable", org.owner.token, { fields: { employeeIdAttribute: "id" } }), 400, "invalid_field", "fields.tenantUrl");
    await refused(api("POST", "/hr_directory/enable", org.owner.token, { fields: { ...HR_FIELDS, color: "red" } }), 400, "invalid_field", "fields.color");
    await refused(api("POST", "/hr_directory/enable", org.owner.token, { fields: { ...HR_FIELDS, employeeIdAttribute: "ssn" } }), 400, "invalid_field", "fields.employeeIdAttribute");
    await refused(api("POST", "/hr_directory/enable", org.owner.token, { fields: { ...HR_FIELDS, tenantUrl: "http://acme.example" } }), 400, "invalid_field", "fields.tenantUrl");
    await refused(api("POST", "/hr_directory/enable", org.owner.token, { fields: { ...HR_FIELDS, unitSeparator: "--" } }), 400, "invalid_field", "fields.unitSeparator");
    await refused(api("POST", "/crm/enable", org.owner.token, { fields: {} }), 404, "unknown_module");
    await refused(api("POST", "/hr_directory/enable", org.owner.token, { fields: HR_FIELDS, extra: true }), 400, "invalid_request");
    await refused(api("POST", "/hr_directory/enable", org.owner.token, { fields: { tenantUrl: 5 } }), 400, "invalid_request");
    await refused(t.request("POST", `/api/org/${org.slug}/integrations/hr_directory/enable`, { token: org.owner.token, body: "{", headers: { "content-type": "application/json" } }), 400, "invalid_json");
  });

  test("a member may not enable, disconnect or read; another organization's owner sees nothing; no credential is 401", async () => {
    await refused(api("POST", "/hr_directory/enable", member.token, { fields: HR_FIELDS }), 403, "PERMISSION_DENIED");
    await refused(api("DELETE", "/ticketing/enable", member.token), 403, "PERMISSION_DENIED");
    expect((await api("GET", "/enabled", member.token)).status).toBe(403);
    await refused(api("POST", "/hr_directory/enable", other.owner.token, { fields: HR_FIELDS }), 404);
    await refused(t.request("POST", `/api/org/${org.slug}/integrations/hr_directory/enable`, { json: { fields: HR_FIELDS } }), 401);
    expect((await api("GET", "/enabled", other.owner.token, undefined, other.slug)).body).toEqual([]);
  });
});

describe("notarize-scopes", () => {
  test("reads and sets the sealed event types, audited; unknown types refused", async () => {
    expect((await api("GET", "/ticketing/notarize-scopes")).body).toEqual({ moduleKey: "ticketing", eventTypes: ["ticket.status_changed"], available: ["ticket.created", "ticket.updated", "ticket.status_changed", "ticket.commented"] });
    const set = await api("POST", "/ticketing/notarize-scopes", org.owner.token, { eventTypes: ["ticket.commented", "ticket.created", "ticket.created"] });
    expect(set.status).toBe(200);
    expect(set.body.eventTypes).toEqual(["ticket.created", "ticket.commented"]);
    const [event] = await t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.type, "integration.notarize_scopes_changed")));
    expect(event!.payload).toEqual({ moduleKey: "ticketing", from: ["ticket.status_changed"], to: ["ticket.created", "ticket.commented"] });
    await refused(api("POST", "/ticketing/notarize-scopes", org.owner.token, { eventTypes: ["ticket.created", "ticket.exploded"] }), 400, "unknown_event_type", "eventTypes[1]");
    await refused(api("POST", "/ticketing/notarize-scopes", member.token, { eventTypes: [] }), 403, "PERMISSION_DENIED");
    await refused(api("POST", "/hr_directory/notarize-scopes", org.owner.token, { eventTypes: [] }), 409, "module_not_enabled");
    await refused(api("POST", "/ticketing/notarize-scopes", org.owner.token, { eventTypes: "ticket.created" }), 400, "invalid_request");
  });
});

describe("status, inbound preview and disconnect", () => {
  test("connection-status and inbound-preview follow what arrives; disconnect keeps it and refuses new data", async () => {
    const secret = await webhookSecretOf(t, org);
    const sent = await sendInbound(t, org.slug, secret, { moduleKey: "ticketing", type: "ticket.created", data: { key: "OPS-9" } });
    expect(sent.status).toBe(202);
    const status = await api("GET", "/ticketing/connection-status");
    expect(status.body).toMatchObject({ status: "enabled", inboundCount: 1, signingSecretReady: true, lastInboundAt: new Date(t.clock.now()).toISOString() });
    const preview = await api("GET", "/ticketing/inbound-preview?limit=5");
    expect(preview.body).toEqual([expect.objectContaining({ id: sent.body.id, type: "ticket.created", data: { key: "OPS-9" }, auditEventId: sent.body.auditEventId })]);
    expect((await api("GET", "/ticketing/inbound-preview?limit=0")).status).toBe(400);

    const gone = await api("DELETE", "/ticketing/enable");
    expect(gone.status).toBe(200);
    expect(gone.body.status).toBe("disconnected");
    expect((await api("GET", "/enabled")).body).toEqual([]);
    expect((await api("GET", "/ticketing/connection-status")).body).toMatchObject({ status: "disconnected", inboundCount: 1 });
    expect((await sendInbound(t, org.slug, secret, { moduleKey: "ticketing", type: "ticket.created", data: {} })).body.error).toBe("module_not_enabled");
    await refused(api("DELETE", "/ticketing/enable"), 409, "module_not_enabled");
    // Re-enabling keeps the notarize choice.
    const back = await api("POST", "/ticketing/enable", org.owner.token, { fields: TICKETING_FIELDS });
    expect(back.body.notarizedEventTypes).toEqual(["ticket.created", "ticket.commented"]);
  });
});
