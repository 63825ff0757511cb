/**
 * Outgoing webhooks over HTTP, against a local receiver: each audit event reaches each
 * subscriber once, signed per Standard Webhooks with the org's webhook secret; failures
 * retry on the schedule (test clock), end as dead letters, and a redeliver sends them with
 * the same webhook-id. Targets on loopback and private addresses are refused unless the
 * operator allows them. Every refusal leaves nothing behind.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { webhookDeliveries, webhookSubscriptions } from "../../../src/modules/integrations/schema";
import { deliverDue, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../../../src/modules/integrations/webhooks/queue";
import { addMember, createOrg, type SignedInUser, type TestOrg } from "../../support/accounts";
import { createTestApp, type TestApp } from "../../support/harness";
import { deliverJob, type Receiver, signedWith, startReceiver, webhookSecretOf } from "./support";

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let member: SignedInUser;
let secret: string;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNET_WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "1" } });
  org = await createOrg(t, "owner@hooks.example", "Hooks Co");
  other = await createOrg(t, "owner@other.example", "Other Co");
  member = await addMember(t, org, "member@hooks.example");
  secret = await webhookSecretOf(t, org);
  receiver = startReceiver();
});
afterAll(async () => {
  receiver.stop();
  await t.close();
});

const base = (slug = org.slug) => `/api/org/${slug}/webhooks`;
const create = (json: unknown, token = org.owner.token, slug = org.slug) => t.request("POST", base(slug), { token, json });
const subscriptionRows = async () => t.ctx.db.read.select().from(webhookSubscriptions);
const deliveryRows = async (subscriptionId: string) => t.ctx.db.read.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, subscriptionId));

async function runQueue() {
  const run = await deliverJob(t);
  expect(run.outcome).toBe("ok");
  return run;
}

/** A change that appends one audit event (webhook.subscription_updated on a spare subscription). */
async function touch(subscriptionId: string, description: string) {
  const r = await t.request("PATCH", `${base()}/${subscriptionId}`, { token: org.owner.token, json: { description } });
  expect(r.status).toBe(200);
}

describe("delivery", () => {
  test("each event after the subscription reaches it once, signed with the webhook secret, its own creation first", async () => {
    receiver.received.length = 0;
    receiver.answer = 200;
    const r = await create({ url: receiver.url, description: "all events" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ url: receiver.url, status: "active", eventTypes: [], includesPayment: true, counts: { pending: 0, delivered: 0, dead: 0 } });
    const id = r.body.id;
    await touch(id, "first change");
    await touch(id, "second change");
    await runQueue();
    const bySeq = [...receiver.received].sort((a, b) => a.json.data.seq - b.json.data.seq);
    expect(bySeq.map((m) => m.json.type)).toEqual(["webhook.subscription_created", "webhook.subscription_updated", "webhook.subscription_updated"]);
    for (const message of receiver.received) {
      expect(message.id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(Number(message.timestamp)).toBe(Math.floor(t.clock.now() / 1000));
      expect(signedWith(message, secret)).toBe(true);
      expect(signedWith(message, `whsec_${"A".repeat(43)}`)).toBe(false);
      expect(message.json.data.orgId).toBe(org.orgId);
      expect(message.json.data.recordHash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(new Set(receiver.received.map((m) => m.id)).size).toBe(3);
    // Running again sends nothing: delivered is final.
    await runQueue();
    expect(receiver.received).toHaveLength(3);
    const log = await t.request("GET", `${base()}/${id}/deliveries`, { token: org.owner.token });
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(3);
    expect(log.body.every((d: any) => d.status === "delivered" && d.attempts === 1 && d.log.length === 1 && d.log[0].responseStatus === 200)).toBe(true);
    await t.request("DELETE", `${base()}/${id}`, { token: org.owner.token });
  });

  test("two senders at once send a due delivery once (the lease)", async () => {
    receiver.received.length = 0;
    const r = await create({ url: receiver.url, eventTypes: ["webhook.subscription_created"] });
    await t.ctx.jobs.runNow("webhooks.deliver").catch(() => null);
    receiver.received.length = 0;
    const [row] = await deliveryRows(r.body.id);
    // Make it due again as if it had never been sent, then race two senders.
    await t.ctx.db.write((tx) => tx.update(webhookDeliveries).set({ status: "pending", attempts: 0 }).where(eq(webhookDeliveries.id, row!.id)));
    await Promise.all([deliverDue(t.ctx), deliverDue(t.ctx), deliverDue(t.ctx)]);
    expect(receiver.received.map((m) => m.id)).toEqual([row!.id]);
    await t.request("DELETE", `${base()}/${r.body.id}`, { token: org.owner.token });
  });

  test("eventTypes filters what a subscriber receives; payment.* is the owner's subscribers' alone", async () => {
    receiver.received.length = 0;
    const spare = await create({ url: `${receiver.url}?spare`, eventTypes: ["nothing.matches"] });
    const r = await create({ url: receiver.url, eventTypes: ["webhook.subscription_updated"] });
    expect(r.body.eventTypes).toEqual(["webhook.subscription_updated"]);
    await touch(spare.body.id, "filtered in");
    await runQueue();
    expect(receiver.received.map((m) => [m.json.type, m.json.data.payload.subscriptionId])).toEqual([["webhook.subscription_updated", spare.body.id]]);
    for (const id of [spare.body.id, r.body.id]) await t.request("DELETE", `${base()}/${id}`, { token: org.owner.token });
  });
});

describe("retries, dead letters, redeliver", () => {
  test("a failed attempt retries after 5 s with the same webhook-id; the log keeps both", async () => {
    receiver.received.length = 0;
    receiver.answer = 503;
    const r = await create({ url: receiver.url, eventTypes: ["webhook.subscription_created"] });
    await runQueue();
    expect(receiver.received).toHaveLength(1);
    const [pending] = await deliveryRows(r.body.id);
    expect(pending).toMatchObject({ status: "pending", attempts: 1, lastResponseStatus: 503, nextAttemptAt: t.clock.now() + RETRY_DELAYS_MS[0] });
    await runQueue();
    expect(receiver.received).toHaveLength(1);
    receiver.answer = 200;
    t.clock.advance(RETRY_DELAYS_MS[0]);
    await runQueue();
    expect(receiver.received.map((m) => m.id)).toEqual([pending!.id, pending!.id]);
    const log = await t.request("GET", `${base()}/${r.body.id}/deliveries`, { token: org.owner.token });
    expect(log.body[0]).toMatchObject({ status: "delivered", attempts: 2 });
    expect(log.body[0].log.map((a: any) => a.responseStatus)).toEqual([503, 200]);
    await t.request("DELETE", `${base()}/${r.body.id}`, { token: org.owner.token });
  });

  test(`after ${MAX_ATTEMPTS} failed attempts a delivery is dead; redeliver sends it again once, then refuses`, async () => {
    receiver.received.length = 0;
    receiver.answer = 500;
    const r = await create({ url: receiver.url, eventTypes: ["webhook.subscription_created"] });
    await runQueue();
    for (const delay of RETRY_DELAYS_MS) {
      t.clock.advance(delay);
      await runQueue();
    }
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
    const dead = await t.request("GET", `${base()}/${r.body.id}/deliveries?status=dead`, { token: org.owner.token });
    expect(dead.status).toBe(200);
    expect(dead.body).toHaveLength(1);
    expect(dead.body[0]).toMatchObject({ status: "dead", attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    t.clock.advance(RETRY_DELAYS_MS.at(-1)!);
    await runQueue();
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);

    // A member may not redeliver; another organization's owner sees no such webhook.
    const deliveryId = dead.body[0].id;
    const path = `${base()}/${r.body.id}/deliveries/${deliveryId}/redeliver`;
    expect((await t.request("POST", path, { token: member.token })).status).toBe(403);
    expect((await t.request("POST", `${base(other.slug)}/${r.body.id}/deliveries/${deliveryId}/redeliver`, { token: other.owner.token })).body.error).toBe("webhook_not_found");
    expect((await t.request("POST", `${base()}/${r.body.id}/deliveries/msg_unknown/redeliver`, { token: org.owner.token })).body.error).toBe("delivery_not_found");
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);

    receiver.answer = 200;
    const redelivered = await t.request("POST", path, { token: org.owner.token });
    expect(redelivered.status).toBe(200);
    expect(redelivered.body).toEqual({ id: deliveryId, outcome: "delivered" });
    expect(receiver.received.at(-1)!.id).toBe(deliveryId);
    expect(signedWith(receiver.received.at(-1)!, secret)).toBe(true);
    const again = await t.request("POST", path, { token: org.owner.token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("delivery_not_dead");
    await runQueue();
    expect(receiver.received.filter((m) => m.id === deliveryId)).toHaveLength(MAX_ATTEMPTS + 1);
    const log = await t.request("GET", `${base()}/${r.body.id}/deliveries`, { token: org.owner.token });
    expect(log.body[0].log.at(-1)).toMatchObject({ trigger: "manual", responseStatus: 200 });
    await t.request("DELETE", `${base()}/${r.body.id}`, { token: org.owner.token });
  });

  test("a disabled subscriber gets nothing; its events go out once it is active again", async () => {
    receiver.received.length = 0;
    receiver.answer = 200;
    const r = await create({ url: receiver.url });
    await runQueue();
    receiver.received.length = 0;
    expect((await t.request("PATCH", `${base()}/${r.body.id}`, { token: org.owner.token, json: { status: "disabled" } })).body.status).toBe("disabled");
    await touch(r.body.id, "while disabled");
    await runQueue();
    expect(receiver.received).toHaveLength(0);
    await t.request("PATCH", `${base()}/${r.body.id}`, { token: org.owner.token, json: { status: "active" } });
    await runQueue();
    // Up to eight are sent at once, so they may arrive in any order; each carries its sequence number.
    const bySeq = [...receiver.received].sort((a, b) => a.json.data.seq - b.json.data.seq);
    expect(bySeq.map((m) => m.json.data.payload.changes)).toEqual([["status"], ["description"], ["status"]]);
    await t.request("DELETE", `${base()}/${r.body.id}`, { token: org.owner.token });
  });
});

describe("refusals leave nothing behind", () => {
  async function refused(request: Promise<{ status: number; body: any }>, status: number, error?: string) {
    const before = await subscriptionRows();
    const r = await request;
    expect(r.status).toBe(status);
    if (error) expect(r.body.error).toBe(error);
    expect(await subscriptionRows()).toEqual(before);
    return r;
  }

  test("bad bodies: malformed JSON, unknown field, wrong types, bad patterns, oversize", async () => {
    await refused(t.request("POST", base(), { token: org.owner.token, body: "{not json", headers: { "content-type": "application/json" } }), 400, "invalid_json");
    await refused(create({ url: receiver.url, extra: 1 }), 400);
    await refused(create({ url: 42 }), 400, "invalid_request");
    await refused(create({ url: receiver.url, eventTypes: "agent.*" }), 400, "invalid_request");
    const pattern = await refused(create({ url: receiver.url, eventTypes: ["agent.*", "bad pattern!"] }), 400, "invalid_event_pattern");
    expect(pattern.body.field).toBe("eventTypes[1]");
    await refused(create({ url: "not a url" }), 400, "invalid_webhook_url");
    await refused(create({ url: "ftp://example.com/x" }), 400, "invalid_webhook_url");
    await refused(create({ url: `https://example.com/${"a".repeat(2100)}` }), 400, "invalid_request");
    await refused(t.request("POST", base(), { token: org.owner.token, body: JSON.stringify({ url: "x".repeat(2_000_000) }), headers: { "content-type": "application/json" } }), 413);
  });

  test("a member, another organization, no credential", async () => {
    await refused(create({ url: receiver.url }, member.token), 403, "PERMISSION_DENIED");
    expect((await t.request("GET", base(), { token: member.token })).status).toBe(403);
    await refused(create({ url: receiver.url }, other.owner.token, org.slug), 404);
    await refused(t.request("POST", base(), { json: { url: receiver.url } }), 401);
    const mine = await create({ url: receiver.url });
    await refused(t.request("PATCH", `${base(other.slug)}/${mine.body.id}`, { token: other.owner.token, json: { description: "x" } }), 404, "webhook_not_found");
    await refused(t.request("DELETE", `${base(other.slug)}/${mine.body.id}`, { token: other.owner.token }), 404, "webhook_not_found");
    expect((await t.request("GET", `${base(other.slug)}/${mine.body.id}/deliveries`, { token: other.owner.token })).status).toBe(404);
    await t.request("DELETE", `${base()}/${mine.body.id}`, { token: org.owner.token });
  });

  test("without a webhook secret no subscriber is added", async () => {
    await refused(create({ url: receiver.url }, other.owner.token, other.slug), 409, "webhook_secret_required");
  });
});

describe("SSRF: loopback and private targets need the operator's setting", () => {
  let strict: TestApp;
  let strictOrg: TestOrg;
  beforeAll(async () => {
    strict = await createTestApp();
    strictOrg = await createOrg(strict, "owner@strict.example", "Strict Co");
    await webhookSecretOf(strict, strictOrg);
  });
  afterAll(() => strict.close());

  for (const url of ["http://127.0.0.1:9/x", "https://127.0.0.1/x", "https://10.1.2.3/x", "https://192.168.0.10/x", "https://169.254.169.254/latest", "https://[::1]/x", "https://localhost/x"]) {
    test(`${url} is refused`, async () => {
      const r = await strict.request("POST", `/api/org/${strictOrg.slug}/webhooks`, { token: strictOrg.owner.token, json: { url } });
      expect(r.status).toBe(400);
      expect(["webhook_target_not_allowed"]).toContain(r.body.error);
      expect(await strict.ctx.db.read.select().from(webhookSubscriptions)).toEqual([]);
    });
  }

  test("a target that turned private after it was added is refused at delivery (checked after DNS each time)", async () => {
    const [sub] = await strict.ctx.db.write(async (tx) =>
      tx
        .insert(webhookSubscriptions)
        .values({ id: "whsub_rebound", orgId: strictOrg.orgId, url: receiver.url, description: null, eventTypes: [], status: "active", includesPayment: false, cursorSeq: 0, createdBy: null, createdAt: strict.clock.now(), updatedAt: strict.clock.now() })
        .returning(),
    );
    receiver.received.length = 0;
    const run = await strict.ctx.jobs.runNow("webhooks.deliver");
    expect(run.outcome).toBe("ok");
    expect(receiver.received).toHaveLength(0);
    const rows = await strict.ctx.db.read.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, sub!.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.status === "pending" && row.attempts === 1 && /loopback or private/.test(row.lastError ?? ""))).toBe(true);
  });
});
