/**
 * The payment gateway (DESIGN §8): the one door through which money enters or leaves.
 * Two implementations: the dev gateway (offline, settles at once, records nothing
 * outside the database) and Stripe (payments/stripe.ts, plain fetch to its REST API).
 * Which one runs is the operator's setting (SIGNET_STRIPE_SECRET_KEY); outside dev mode
 * without Stripe there is no gateway and top-ups answer 503 payments_not_configured.
 */
export interface PaymentIntentRequest {
  /** Our payment id: Stripe's idempotency key and metadata, so a retried call creates one intent. */
  paymentId: string;
  orgId: string;
  amountMinor: number;
  /** ISO 4217 upper-case; sent lower-case to Stripe. */
  currency: string;
  description: string;
}

export interface PaymentIntent {
  /** The processor's id (Stripe's pi_…); null for the dev gateway. */
  providerRef: string | null;
  /** succeeded: credit can be applied now (dev); pending: a webhook will say. */
  status: "succeeded" | "pending";
  /** What the browser needs to confirm the payment (Stripe's client_secret); never stored. */
  clientSecret: string | null;
}

export interface RefundRequest {
  providerRef: string | null;
  amountMinor: number;
  /** Our idempotency key (withdrawal id and payment id). */
  idempotencyKey: string;
}

export interface PaymentGateway {
  readonly provider: "dev" | "stripe";
  createPayment(request: PaymentIntentRequest): Promise<PaymentIntent>;
  refund(request: RefundRequest): Promise<{ refundRef: string | null }>;
  /** The webhook secret (whsec_…), when the processor sends signed events. */
  readonly webhookSecret: string | null;
}

export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly providerCode: string | null,
  ) {
    super(message);
  }
}

/** The dev gateway: no network, every payment and refund succeeds at once. */
export function createDevGateway(): PaymentGateway {
  return {
    provider: "dev",
    webhookSecret: null,
    async createPayment() {
      return { providerRef: null, status: "succeeded", clientSecret: null };
    },
    async refund() {
      return { refundRef: null };
    },
  };
}
