/**
 * SMS: the dev outbox (records only) and an HTTP gateway adapter.
 *
 * Gateway contract (docs/outbound.md):
 *   POST <SIGNET_SMS_GATEWAY_URL>
 *   Content-Type: application/json
 *   Authorization: Bearer <SIGNET_SMS_GATEWAY_TOKEN>     (only when a token is set)
 *   {"to": "+15551234567", "text": "Your code is 123456"}
 * Any 2xx answer means the gateway accepted the text; its body is ignored. Any other
 * answer (redirects included, so the token never follows one), a network failure, or
 * no answer within the timeout means it was not sent: the text is recorded `failed`
 * and SendFailedError (`send_failed`) is thrown.
 */
import { SendFailedError } from "./errors";
import { insertOutboxRow, outboxRow, recordOutbox } from "./outbox";
import type { SmsMessage, SmsSender, OutboundDeps } from "./types";

/** The offline default: the text is stored with status `outbox` and goes nowhere. */
export function createOutboxSmsSender(deps: OutboundDeps): SmsSender {
  return {
    delivers: false,
    async send(message) {
      const id = await recordOutbox(deps.db, deps.clock, { channel: "sms", ...message, status: "outbox" });
      deps.logger.debug("SMS recorded in the outbox", { outboxId: id, to: message.to });
      return { id };
    },
  };
}

export interface GatewayOptions {
  url: string;
  token?: string;
  /** How long to wait for the gateway's answer. */
  timeoutMs?: number;
}

export function createGatewaySmsSender(options: GatewayOptions, deps: OutboundDeps): SmsSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;

  const fail = async (message: SmsMessage, detail: string, cause?: unknown): Promise<never> => {
    const id = await recordOutbox(deps.db, deps.clock, { channel: "sms", ...message, status: "failed", error: detail });
    deps.logger.warn("SMS could not be sent", { outboxId: id, to: message.to, error: detail });
    throw new SendFailedError("sms", id, detail, { cause });
  };

  return {
    delivers: true,
    async send(message) {
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: "POST",
          headers,
          body: JSON.stringify({ to: message.to, text: message.text }),
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (e) {
        const err = e as Error & { code?: string };
        const detail =
          err.name === "TimeoutError"
            ? `the SMS gateway did not answer within ${timeoutMs} ms`
            : `the SMS gateway is unreachable (${err.code ?? err.message})`;
        return fail(message, detail, e);
      }
      if (response.status < 200 || response.status > 299) {
        const body = (await response.text().catch(() => "")).replace(/\s+/g, " ").trim().slice(0, 200);
        return fail(message, `the SMS gateway answered ${response.status}${body ? `: ${body}` : ""}`);
      }
      // Drain the body so the connection can be reused.
      await response.arrayBuffer().catch(() => {});
      const row = outboxRow(deps.clock, { channel: "sms", ...message, status: "sent" });
      try {
        await insertOutboxRow(deps.db, row);
      } catch (e) {
        // The text has left: a failed record is logged, never turned into a resend by the caller.
        deps.logger.error("SMS was sent but could not be recorded in the outbox", { outboxId: row.id, error: (e as Error).message });
      }
      return { id: row.id };
    },
  };
}
