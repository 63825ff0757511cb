/** Error codes of the outbound kernel (DESIGN §7; `send_failed` is the spec's, section 7). */
import { ApiError } from "../http/errors";

export const OutboundErrors = {
  sendFailed: "send_failed",
} as const;

/**
 * A message could not be handed to SMTP or the SMS gateway. It was recorded in the
 * outbox with status `failed` first, so the attempt stays visible. As an ApiError it
 * answers 502 `{ "error": "send_failed", "channel" }` if a route lets it through; the
 * detail (which may name hosts) stays in `message` and the logs, not in the body.
 */
export class SendFailedError extends ApiError {
  override readonly name = "SendFailedError";
  constructor(
    readonly channel: "mail" | "sms",
    /** The outbox row that records the failed attempt. */
    readonly messageId: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(502, OutboundErrors.sendFailed, { channel });
    this.message = `${channel === "mail" ? "mail" : "SMS"} could not be sent: ${detail}`;
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}
