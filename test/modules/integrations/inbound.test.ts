/**
 * /api/org/{slug}/inbound: connector data signed with the organization's webhook secret.
 * A good event is stored, and sealed when its type is notarized; a bad signature, a
 * stale or future timestamp, a replayed webhook-id, an unknown organization: 401 and
 * nothing stored. Size is limited before parsing; any method is accepted.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { integrationDirectoryEntries, integrationInboundEvents } from "../../../src/modules/integrations/schema";
import { recordHash } from "../../../src/platform/crypto/canonical-json";
import { auditEvents } from "../../../src/platform/audit/schema";
import { createOrg, type TestOrg } from "../../support/accounts";
import { MINUTE } from "../../support/clock";
import { createTestApp, type TestApp } from "../../support/harness";
import { HR_FIELDS, sendInbound, TICKETING_FIELDS, webhookSecretOf } from "./support";

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let secret: string;
let otherSecret: string;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t, "owner@inbound.example", "Inbound Co");
  other = await createOrg(t, "owner@inbound-other.example", "Inbound Other");
  secret = await webhookSecretOf(t, org);
  otherSecret = await webhookSecretOf(t, other);
  for (const [moduleKey, fields] of [["hr_directory", HR_FIELDS], ["ticketing", TICKETING_FIELDS]] as const) {
    const r = await t.request("POST", `/api/org/${org.slug}/integrations/${moduleKey}/enable`, { token: org.owner.token, json: { fields } });
    expect(r.status).toBe(200);
  }
});
afterAll(() => t.close());

const stored = () => t.ctx.db.read.select().from(integrationInboundEvents);
const notarized = (orgId = org.orgId) => t.ctx.db.read.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.type, "integration.inbound_notarized")));
const ticket = (status = "done") => ({ moduleKey: "ticketing", type: "ticket.status_changed", data: { key: "OPS-1", status } });

async function refused(request: Promise<{ status: number; body: any }>, status = 401, error = "inbound_signature_invalid") {
  const [before, sealedBefore] = [await stored(), await notarized()];
  const r = await request;
  expect(r.status).toBe(status);
  if (error) expect(r.body.error).toBe(error);
  expect(await stored()).toEqual(before);
  expect(await notarized()).toEqual(sealedBefore);
  return r;
}

describe("accepted", () => {
  test("a signed event of a notarized type is stored and sealed with its data's hash (never the data)", async () => {
    const event = ticket();
    const r = await sendInbound(t, org.slug, secret, event, { id: "msg_first" });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ messageId: "msg_first", moduleKey: "ticketing", type: "ticket.status_changed", notarized: true });
    const [sealed] = (await notarized()).filter((e) => e.id === r.body.auditEventId);
    expect(sealed!.payload).toMatchObject({ moduleKey: "ticketing", messageId: "msg_first", eventType: "ticket.status_changed", payloadHash: recordHash(event.data), inboundEventId: r.body.id });
    expect(JSON.stringify(sealed!.payload)).not.toContain("OPS-1");
    expect(sealed!.actorKind).toBe("system");
  });

  test("a type not notarized is stored but not sealed; notarize-scopes changes that from then on", async () => {
    const created = { moduleKey: "ticketing", type: "ticket.created", data: { key: "OPS-2" } };
    const first = await sendInbound(t, org.slug, secret, created);
    expect(first.body).toMatchObject({ notarized: false, auditEventId: null });
    const set = await t.request("POST", `/api/org/${org.slug}/integrations/ticketing/notarize-scopes`, { token: org.owner.token, json: { eventTypes: ["ticket.created"] } });
    expect(set.status).toBe(200);
    expect(set.body.eventTypes).toEqual(["ticket.created"]);
    expect((await sendInbound(t, org.slug, secret, created)).body.notarized).toBe(true);
    expect((await sendInbound(t, org.slug, secret, ticket())).body.notarized).toBe(false);
    await t.request("POST", `/api/org/${org.slug}/integrations/ticketing/notarize-scopes`, { token: org.owner.token, json: { eventTypes: ["ticket.status_changed"] } });
  });

  test("any method is accepted under the same rules", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const r = await sendInbound(t, org.slug, secret, ticket(method), { method });
      expect(r.status).toBe(202);
    }
    await refused(sendInbound(t, org.slug, secret, ticket(), { method: "PUT", signature: "v1,AAAA" }));
    // A GET carries no body: its signature covers the empty body, and an empty body is no event.
    await refused(sendInbound(t, org.slug, secret, null, { method: "GET", body: "", signature: "v1,AAAA" }));
    await refused(sendInbound(t, org.slug, secret, null, { method: "GET", body: "" }), 400, "invalid_inbound_event");
  });

  test("timestamps within 5 minutes either way pass", async () => {
    const now = Math.floor(t.clock.now() / 1000);
    expect((await sendInbound(t, org.slug, secret, ticket(), { timestampSeconds: now - 299 })).status).toBe(202);
    expect((await sendInbound(t, org.slug, secret, ticket(), { timestampSeconds: now + 299 })).status).toBe(202);
  });

  test("the previous secret verifies during its grace period after a regeneration; not after revokePrevious", async () => {
    const app = await createTestApp();
    try {
      const o = await createOrg(app, "owner@rotate.example", "Rotate Co");
      const old = await webhookSecretOf(app, o);
      await app.request("POST", `/api/org/${o.slug}/integrations/ticketing/enable`, { token: o.owner.token, json: { fields: TICKETING_FIELDS } });
      const fresh = await webhookSecretOf(app, o);
      expect((await sendInbound(app, o.slug, old, ticket())).status).toBe(202);
      expect((await sendInbound(app, o.slug, fresh, ticket())).status).toBe(202);
      await app.request("POST", `/api/org/${o.slug}/settings/keys/webhook-secret/regenerate`, { token: o.owner.token, json: { revokePrevious: true } });
      expect((await sendInbound(app, o.slug, old, ticket())).status).toBe(401);
    } finally {
      await app.close();
    }
  });

  test("a hierarchy source's person events keep its directory", async () => {
    const upsert = (id: string, name: string, department: string, managerId?: string) =>
      sendInbound(t, org.slug, secret, { moduleKey: "hr_directory", type: "employee.upserted", data: { id, name, email: `${id}@inbound.example`, department, ...(managerId ? { managerId } : {}) } });
    expect((await upsert("e1", "Ada", "Engineering")).status).toBe(202);
    expect((await upsert("e2", "Bob", "Engineering/Platform", "e1")).status).toBe(202);
    expect((await upsert("e2", "Bob B.", "Engineering/Platform", "e1")).status).toBe(202);
    const entries = await t.ctx.db.read.select().from(integrationDirectoryEntries).where(eq(integrationDirectoryEntries.orgId, org.orgId));
    expect(entries.map((e) => [e.externalId, e.displayName, e.unitPath, e.managerExternalId]).sort()).toEqual([
      ["e1", "Ada", ["Engineering"], null],
      ["e2", "Bob B.", ["Engineering", "Platform"], "e1"],
    ]);
    const removed = await sendInbound(t, org.slug, secret, { moduleKey: "hr_directory", type: "employee.removed", data: { id: "e2" } });
    expect(removed.body.notarized).toBe(true);
    expect((await t.ctx.db.read.select().from(integrationDirectoryEntries).where(eq(integrationDirectoryEntries.orgId, org.orgId))).map((e) => e.externalId)).toEqual(["e1"]);
  });
});

describe("401 and nothing stored", () => {
  test("a bad signature, a signature with another organization's secret, a missing or malformed header", async () => {
    await refused(sendInbound(t, org.slug, secret, ticket(), { signature: "v1,bm90IGEgc2lnbmF0dXJl" }));
    await refused(sendInbound(t, org.slug, otherSecret, ticket()));
    await refused(sendInbound(t, org.slug, secret, ticket(), { signature: "" }));
    await refused(sendInbound(t, org.slug, secret, ticket(), { id: "has spaces" }));
    await refused(sendInbound(t, org.slug, secret, ticket(), { signature: `v2,${"A".repeat(44)}` }));
    await refused(t.request("POST", `/api/org/${org.slug}/inbound`, { json: ticket() }));
  });

  test("a body changed after signing", async () => {
    const id = "msg_tampered";
    const timestamp = Math.floor(t.clock.now() / 1000);
    const signed = await import("../../../src/modules/integrations/webhooks/signing").then((m) => m.signatureOf(secret, id, timestamp, JSON.stringify(ticket("done"))));
    await refused(sendInbound(t, org.slug, secret, ticket("reopened"), { id, timestampSeconds: timestamp, signature: signed }));
  });

  test("a stale or future timestamp (over 5 minutes), even signed", async () => {
    const now = Math.floor(t.clock.now() / 1000);
    await refused(sendInbound(t, org.slug, secret, ticket(), { timestampSeconds: now - 301 }));
    await refused(sendInbound(t, org.slug, secret, ticket(), { timestampSeconds: now + 301 }));
    await refused(sendInbound(t, org.slug, secret, ticket(), { timestampSeconds: 0 }));
  });

  test("a replayed webhook-id, even re-signed with a new timestamp, and within the window", async () => {
    const first = await sendInbound(t, org.slug, secret, ticket(), { id: "msg_replay" });
    expect(first.status).toBe(202);
    await refused(sendInbound(t, org.slug, secret, ticket(), { id: "msg_replay" }));
    t.clock.advance(MINUTE);
    await refused(sendInbound(t, org.slug, secret, ticket(), { id: "msg_replay" }));
    // Another organization may use the same id: replay refusal is per organization.
    await t.request("POST", `/api/org/${other.slug}/integrations/ticketing/enable`, { token: other.owner.token, json: { fields: TICKETING_FIELDS } });
    expect((await sendInbound(t, other.slug, otherSecret, ticket(), { id: "msg_replay" })).status).toBe(202);
  });

  test("an unknown organization answers as a bad signature", async () => {
    await refused(sendInbound(t, "no-such-org", secret, ticket()));
  });
});

describe("other refusals leave nothing either", () => {
  test("a body over 256 KiB is 413 before parsing", async () => {
    const big = { moduleKey: "ticketing", type: "ticket.created", data: { blob: "x".repeat(300 * 1024) } };
    await refused(sendInbound(t, org.slug, secret, big), 413, "payload_too_large");
  });

  test("malformed JSON, wrong shapes, unknown module or type", async () => {
    await refused(sendInbound(t, org.slug, secret, null, { body: "{not json" }), 400, "invalid_json");
    await refused(sendInbound(t, org.slug, secret, [1, 2]), 400, "invalid_inbound_event");
    await refused(sendInbound(t, org.slug, secret, { moduleKey: "ticketing", type: "ticket.created", data: "x" }), 400, "invalid_inbound_event");
    await refused(sendInbound(t, org.slug, secret, { moduleKey: "ticketing", type: "ticket.created", data: {}, extra: 1 }), 400, "invalid_inbound_event");
    await refused(sendInbound(t, org.slug, secret, { moduleKey: 7, type: "ticket.created", data: {} }), 400, "invalid_inbound_event");
    await refused(sendInbound(t, org.slug, secret, { moduleKey: "crm", type: "deal.won", data: {} }), 404, "unknown_module");
    await refused(sendInbound(t, org.slug, secret, { moduleKey: "ticketing", type: "ticket.deleted", data: {} }), 400, "unknown_event_type");
  });

  test("a module the organization did not enable, or disconnected", async () => {
    await refused(sendInbound(t, other.slug, otherSecret, { moduleKey: "hr_directory", type: "employee.removed", data: { id: "x" } }), 409, "module_not_enabled");
    expect((await t.request("DELETE", `/api/org/${other.slug}/integrations/ticketing/enable`, { token: other.owner.token })).status).toBe(200);
    await refused(sendInbound(t, other.slug, otherSecret, ticket()), 409, "module_not_enabled");
  });
});
