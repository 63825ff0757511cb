import type { Clock } from "../clock";
import type { Database } from "../db/database";
import type { Logger } from "../log";

/** The outbound interfaces (DESIGN §8): each has an offline dev default and a real adapter. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailSender {
  /** Whether SMTP is configured (the dev outbox only records). Optional so simple fakes stay valid. */
  readonly delivers?: boolean;
  /**
   * Records the message in the outbox and, with SMTP configured, sends it. Call it after
   * the caller's transaction has committed: it opens its own write. Throws
   * SendFailedError (`send_failed`) when SMTP refuses, after recording the failure.
   */
  send(message: MailMessage): Promise<{ id: string }>;
}

export interface SmsMessage {
  /** E.164 number. */
  to: string;
  text: string;
}

export interface SmsSender {
  /** Whether a real gateway is configured (the dev outbox only records). */
  readonly delivers: boolean;
  /**
   * Records the text in the outbox and, with a gateway configured, sends it. Call it
   * after the caller's transaction has committed: it opens its own write. Throws
   * SendFailedError (`send_failed`) when the gateway refuses, after recording the failure.
   */
  send(message: SmsMessage): Promise<{ id: string }>;
}

/** What every outbound adapter needs: where to record, the clock, and the logger. */
export interface OutboundDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
}
