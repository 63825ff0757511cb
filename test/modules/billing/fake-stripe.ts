/**
 * A FAKE Stripe: a local HTTP server that answers the two REST calls Signet makes
 * (POST /v1/payment_intents, POST /v1/refunds) the way Stripe's API documents them
 * (form-encoded, Bearer secret key, Idempotency-Key), and signs webhook events the way
 * Stripe does (Stripe-Signature: t=…,v1=HMAC-SHA256(whsec, "t.payload")). It is not
 * Stripe: there is no local Stripe peer, so DESIGN §10 allows a fake that says so.
 */
import { createHmac } from "node:crypto";

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  intents: Map<string, { id: string; amount: number; currency: string; metadata: Record<string, string>; status: string }>;
  refunds: Array<{ id: string; payment_intent: string; amount: number; idempotencyKey: string | null }>;
  requests: Array<{ path: string; auth: string | null; idempotencyKey: string | null; form: Record<string, string> }>;
  /** Makes the next calls to a path answer this error. */
  failNext(path: string, status: number, code: string): void;
  /** A signed event as Stripe would POST it: the raw body and its Stripe-Signature header. */
  event(type: string, intentId: string, options?: { id?: string; atMs?: number; secret?: string; amount?: number }): { body: string; signature: string; id: string };
  close(): void;
}

export function signStripe(payload: string, secret: string, atMs: number): string {
  const t = Math.floor(atMs / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${payload}`, "utf8").digest("hex")}`;
}

export function startFakeStripe(): FakeStripe {
  const secretKey = "sk_test_fake_signet";
  const webhookSecret = "whsec_fake_signet";
  const intents: FakeStripe["intents"] = new Map();
  const refunds: FakeStripe["refunds"] = [];
  const requests: FakeStripe["requests"] = [];
  const byIdempotency = new Map<string, unknown>();
  const failures = new Map<string, { status: number; code: string }>();
  let n = 0;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const form = Object.fromEntries(new URLSearchParams(await req.text()));
      const idempotencyKey = req.headers.get("idempotency-key");
      requests.push({ path: url.pathname, auth: req.headers.get("authorization"), idempotencyKey, form });
      if (req.headers.get("authorization") !== `Bearer ${secretKey}`) return Response.json({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }, { status: 401 });
      const failure = failures.get(url.pathname);
      if (failure) {
        failures.delete(url.pathname);
        return Response.json({ error: { type: "card_error", code: failure.code, message: `fake failure ${failure.code}` } }, { status: failure.status });
      }
      if (idempotencyKey && byIdempotency.has(idempotencyKey)) return Response.json(byIdempotency.get(idempotencyKey));
      let answer: unknown;
      if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(form)) if (k.startsWith("metadata[")) metadata[k.slice(9, -1)] = v;
        const intent = { id: `pi_fake_${++n}`, object: "payment_intent", amount: Number(form.amount), currency: form.currency!, metadata, status: "requires_payment_method", client_secret: `pi_fake_${n}_secret_x` };
        intents.set(intent.id, intent);
        answer = intent;
      } else if (req.method === "POST" && url.pathname === "/v1/refunds") {
        const refund = { id: `re_fake_${++n}`, object: "refund", payment_intent: form.payment_intent!, amount: Number(form.amount), status: "succeeded" };
        refunds.push({ id: refund.id, payment_intent: refund.payment_intent, amount: refund.amount, idempotencyKey });
        answer = refund;
      } else return Response.json({ error: { type: "invalid_request_error", message: "Unrecognized request URL" } }, { status: 404 });
      if (idempotencyKey) byIdempotency.set(idempotencyKey, answer);
      return Response.json(answer);
    },
  });
  let events = 0;
  return {
    url: `http://127.0.0.1:${server.port}`,
    secretKey,
    webhookSecret,
    intents,
    refunds,
    requests,
    failNext(path, status, code) {
      failures.set(path, { status, code });
    },
    event(type, intentId, options = {}) {
      const intent = intents.get(intentId);
      const id = options.id ?? `evt_fake_${++events}`;
      const body = JSON.stringify({
        id,
        object: "event",
        type,
        created: Math.floor((options.atMs ?? Date.now()) / 1000),
        data: { object: { ...intent, amount: options.amount ?? intent?.amount, status: type === "payment_intent.succeeded" ? "succeeded" : "requires_payment_method" } },
      });
      return { body, signature: signStripe(body, options.secret ?? webhookSecret, options.atMs ?? Date.now()), id };
    },
    close() {
      server.stop(true);
    },
  };
}
