/**
 * Stripe through its REST API with plain fetch (no SDK): PaymentIntents for top-ups,
 * Refunds for withdrawals, and the signature check of its webhooks. Form-encoded
 * bodies, `Authorization: Bearer sk_…`, an `Idempotency-Key` on every POST so a
 * retried call never charges twice. Tested against a local fake Stripe server
 * (test/modules/billing/support/fake-stripe.ts).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { PaymentGateway, PaymentIntent } from "./gateway";
import { PaymentGatewayError } from "./gateway";

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string | null;
  /** https://api.stripe.com, or a local peer in tests. */
  apiBase: string;
}

const TIMEOUT_MS = 15_000;

function form(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
}

export function createStripeGateway(config: StripeConfig, fetcher: typeof fetch = fetch): PaymentGateway {
  async function post(path: string, params: Record<string, string | number>, idempotencyKey: string): Promise<any> {
    let response: Response;
    try {
      response = await fetcher(new URL(path, config.apiBase), {
        method: "POST",
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          "content-type": "application/x-www-form-urlencoded",
          "idempotency-key": idempotencyKey,
          "stripe-version": "2024-06-20",
        },
        body: form(params),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw new PaymentGatewayError(`Stripe could not be reached: ${(e as Error).message}`, null, null);
    }
    const body = (await response.json().catch(() => null)) as any;
    if (!response.ok) throw new PaymentGatewayError(body?.error?.message ?? `Stripe answered ${response.status}`, response.status, body?.error?.code ?? body?.error?.type ?? null);
    return body;
  }

  return {
    provider: "stripe",
    webhookSecret: config.webhookSecret,
    async createPayment(request): Promise<PaymentIntent> {
      const intent = await post(
        "/v1/payment_intents",
        {
          amount: request.amountMinor,
          currency: request.currency.toLowerCase(),
          description: request.description,
          "automatic_payment_methods[enabled]": "true",
          "metadata[signet_payment_id]": request.paymentId,
          "metadata[signet_org_id]": request.orgId,
        },
        `signet-topup-${request.paymentId}`,
      );
      if (typeof intent?.id !== "string") throw new PaymentGatewayError("Stripe answered without a PaymentIntent id", null, null);
      // Credit is applied by the payment_intent.succeeded webhook only, never from this answer.
      return { providerRef: intent.id, status: "pending", clientSecret: typeof intent.client_secret === "string" ? intent.client_secret : null };
    },
    async refund(request) {
      if (!request.providerRef) throw new PaymentGatewayError("a Stripe refund needs the PaymentIntent id", null, null);
      const refund = await post("/v1/refunds", { payment_intent: request.providerRef, amount: request.amountMinor }, `signet-refund-${request.idempotencyKey}`);
      return { refundRef: typeof refund?.id === "string" ? refund.id : null };
    },
  };
}

/** Stripe's tolerance for a signed webhook's timestamp. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Stripe's webhook signature: `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=…]`, where
 * v1 = HMAC-SHA256(secret, "<t>.<raw body>"). Valid when one v1 matches (compared in
 * constant time) and t is within 5 minutes of now. Returns why not, or null.
 */
export function stripeSignatureProblem(header: string | null, payload: string, secret: string, nowMs: number): string | null {
  if (!header) return "no Stripe-Signature header";
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return "the Stripe-Signature header has no t= and v1=";
  if (Math.abs(nowMs / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return "the signature's timestamp is more than 5 minutes away";
  const expected = Buffer.from(createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex"));
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s), expected));
  return matches ? null : "no v1 signature matches";
}
