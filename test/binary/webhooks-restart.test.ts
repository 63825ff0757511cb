/**
 * Outgoing webhooks survive a crash of the compiled binary (DESIGN §10): events are
 * queued and a first attempt fails, the process is killed (SIGKILL, no shutdown), a new
 * process starts on the same data, and the receiver ends up acknowledging each event
 * exactly once, every request signed per Standard Webhooks. The receiver is a local test
 * peer; the binary reaches it because the operator setting allows private networks.
 * On SQLite, or PostgreSQL with SIGNET_TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { TestApp } from "../support/harness";
import { signedWith, startReceiver, type Receiver } from "../modules/integrations/support";
import { requestOverSocket, startBinary, type RunningBinary } from "./support";

let server: RunningBinary;
let restarted: RunningBinary | null = null;
let http: TestApp["request"];
let receiver: Receiver;
let owner: { slug: string; token: string };

const EVENTS = 5;

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 60_000, seen: () => string = () => "") {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}${seen() ? `; ${seen()}` : ""}`);
    await Bun.sleep(100);
  }
}

beforeAll(async () => {
  receiver = startReceiver();
  server = await startBinary({ env: { SIGNET_WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "1" } });
  http = requestOverSocket(server);
  const boot = await server.cli(["admin", "bootstrap", "--email", "owner@hooks-binary.example", "--org", "Hooks Binary"]);
  expect(boot.code).toBe(0);
  const { slug, sessionToken } = JSON.parse(boot.stdout);
  owner = { slug, token: sessionToken };
}, 120_000);

afterAll(async () => {
  await restarted?.stop();
  receiver?.stop();
  await server?.stop();
});

test("a delivery queued before a crash reaches the receiver exactly once after the restart", async () => {
  const secret = (await http("POST", `/api/org/${owner.slug}/settings/keys/webhook-secret/regenerate`, { token: owner.token })).body.secret as string;
  expect(secret).toStartWith("whsec_");
  const created = await http("POST", `/api/org/${owner.slug}/webhooks`, { token: owner.token, json: { url: receiver.url, eventTypes: ["webhook.*"] } });
  expect(created.status).toBe(201);
  const deliveriesPath = `/api/org/${owner.slug}/webhooks/${created.body.id}/deliveries`;
  // The subscriber's own creation is acknowledged: the queue's job (every 10 s) has just run.
  await until("the creation's delivery", () => receiver.received.length === 1);
  // The changes are made at once, well before the job's next run, so their first attempts
  // go out together in that run and all fail. (Made across two runs, the earlier ones would
  // fail a second time in the later run and wait 5 minutes for a third: the retry schedule.)
  receiver.answer = 503;
  for (let i = 0; i < EVENTS; i++) {
    const r = await http("PATCH", `/api/org/${owner.slug}/webhooks/${created.body.id}`, { token: owner.token, json: { description: `change ${i}` } });
    expect(r.status).toBe(200);
  }
  await until("the first attempts", () => receiver.received.length === 1 + EVENTS);
  // Killed between the receiver's answer and its record, a delivery would stay leased for
  // LEASE_MS (60 s) before another process may take it: correct, but not what this test is
  // about. So the crash comes once every failure is recorded: one attempt each, as many as
  // the receiver has seen, and before the retry 5 s later (the job's next run).
  let queue: Array<{ status: string; attempts: number }> = [];
  const failuresRecorded = async () => {
    queue = (await http("GET", deliveriesPath, { token: owner.token })).body;
    const failedOnce = queue.filter((d) => d.status === "pending" && d.attempts === 1).length;
    const attempts = queue.reduce((sum, d) => sum + d.attempts, 0);
    return failedOnce === EVENTS && attempts === receiver.received.length;
  };
  await until("the failures to be recorded", failuresRecorded, 30_000, () => `${JSON.stringify(queue)}, ${receiver.received.length} received`);
  server.process.kill("SIGKILL");
  await server.process.exited;
  const failedFirst = receiver.received.length;

  receiver.answer = 200;
  // The same installation on the same port: its data dir, and on PostgreSQL its database.
  restarted = await startBinary({ scratch: server.scratch, database: server.env.SIGNET_DATABASE_URL ?? "sqlite", port: Number(server.env.SIGNET_PORT), env: { SIGNET_WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "1" } });
  const acknowledged = () => receiver.received.slice(failedFirst);
  const deliveryRuns = () =>
    JSON.stringify(
      restarted!
        .logs()
        .filter((line) => JSON.stringify(line).includes("webhooks.deliver"))
        .slice(-6),
    );
  await until("the deliveries after the restart", () => new Set(acknowledged().map((m) => m.id)).size === EVENTS, 60_000, () => `${acknowledged().length} acknowledged; the job's last log lines: ${deliveryRuns()}`);
  // One more round of the job (every 10 s) must send nothing again.
  await Bun.sleep(12_000);
  const after = acknowledged();
  expect(after).toHaveLength(EVENTS);
  expect(new Set(after.map((m) => m.id))).toEqual(new Set(receiver.received.slice(1, failedFirst).map((m) => m.id)));
  for (const message of after) expect(signedWith(message, secret)).toBe(true);
  expect(after.map((m) => m.json.type)).toEqual(Array(EVENTS).fill("webhook.subscription_updated"));

  const deliveries = (await restarted.fetch(deliveriesPath, { headers: { authorization: `Bearer ${owner.token}` } }).then((r) => r.json())) as Array<{ eventType: string; status: string; attempts: number }>;
  expect(deliveries).toHaveLength(EVENTS + 1);
  expect(deliveries.every((d) => d.status === "delivered")).toBe(true);
  expect(deliveries.filter((d) => d.eventType === "webhook.subscription_updated").every((d) => d.attempts === 2)).toBe(true);
}, 180_000);
