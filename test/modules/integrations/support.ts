/**
 * A local webhook receiver for the integrations tests: a real HTTP server on loopback
 * that records what it is sent and answers with the status the test sets. It is a test
 * peer, not a provider: it says so in its answers.
 */
import { signatureOf } from "../../../src/modules/integrations/webhooks/signing";
import type { TestApp } from "../../support/harness";
import type { TestOrg } from "../../support/accounts";

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  json: any;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status answered next (default 200). */
  answer: number;
  stop(): void;
}

export function startReceiver(): Receiver {
  const receiver: Receiver = {
    url: "",
    received: [],
    answer: 200,
    stop: () => server.stop(true),
  };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const body = await request.text();
      receiver.received.push({
        id: request.headers.get("webhook-id") ?? "",
        timestamp: request.headers.get("webhook-timestamp") ?? "",
        signature: request.headers.get("webhook-signature") ?? "",
        body,
        json: JSON.parse(body),
      });
      return new Response(JSON.stringify({ peer: "signet test webhook receiver" }), { status: receiver.answer });
    },
  });
  receiver.url = `http://127.0.0.1:${server.port}/hooks`;
  return receiver;
}

/** Whether a received request carries a v1 signature of its content under `secret`. */
export function signedWith(received: Received, secret: string): boolean {
  const expected = signatureOf(secret, received.id, received.timestamp, received.body);
  return received.signature.split(" ").includes(expected);
}

/** Generates the organization's webhook secret; returns it. */
export async function webhookSecretOf(t: TestApp, org: TestOrg): Promise<string> {
  const r = await t.request("POST", `/api/org/${org.slug}/settings/keys/webhook-secret/regenerate`, { token: org.owner.token });
  if (r.status !== 201) throw new Error(`webhook secret: ${r.status} ${r.text}`);
  return r.body.secret;
}

export const deliverJob = (t: TestApp) => t.ctx.jobs.runNow("webhooks.deliver");

/** Sends a connector event to /api/org/{slug}/inbound, signed as a connector signs (Standard Webhooks). */
export function sendInbound(
  t: TestApp,
  slug: string,
  secret: string,
  event: unknown,
  options: { id?: string; timestampSeconds?: number; method?: string; signature?: string; body?: string } = {},
) {
  const body = options.body ?? JSON.stringify(event);
  const id = options.id ?? `msg_${crypto.randomUUID()}`;
  const timestamp = options.timestampSeconds ?? Math.floor(t.clock.now() / 1000);
  return t.request(options.method ?? "POST", `/api/org/${slug}/inbound`, {
    body: body === "" ? undefined : body,
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": options.signature ?? signatureOf(secret, id, timestamp, body),
    },
  });
}

export const HR_FIELDS = { tenantUrl: "https://acme.bamboohr.example", employeeIdAttribute: "employeeNumber" };
export const TICKETING_FIELDS = { siteUrl: "https://acme.atlassian.example", projectKeys: "OPS,SEC", product: "jira" };
