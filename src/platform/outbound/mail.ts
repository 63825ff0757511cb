/** Mail: the dev outbox (records only) and SMTP through nodemailer (records the outcome). */
import nodemailer from "nodemailer";
import { SendFailedError } from "./errors";
import { insertOutboxRow, normalizeAddress, outboxRow, recordOutbox } from "./outbox";
import type { MailMessage, MailSender, OutboundDeps } from "./types";

/** The offline default: the message is stored with status `outbox` and goes nowhere. */
export function createOutboxMailSender(deps: OutboundDeps): MailSender {
  return {
    delivers: false,
    async send(message) {
      const id = await recordOutbox(deps.db, deps.clock, { channel: "mail", ...message, status: "outbox" });
      deps.logger.debug("mail recorded in the outbox", { outboxId: id, to: normalizeAddress(message.to) });
      return { id };
    },
  };
}

export interface SmtpOptions {
  /** smtp:// or smtps://user:pass@host:port (nodemailer also reads options from its query). */
  url: string;
  /** The From header, e.g. "Signet <no-reply@example.com>". */
  from: string;
  /** Bounds the connection, greeting and each socket wait, so a dead server cannot hold a request. */
  timeoutMs?: number;
}

/**
 * Sends through an SMTP server, then records the message with status `sent` or
 * `failed`. A failure throws SendFailedError after it is recorded.
 */
export function createSmtpMailSender(options: SmtpOptions, deps: OutboundDeps): MailSender {
  const timeout = options.timeoutMs ?? 15_000;
  // One connection per message (no pool): nothing stays open between sends or at shutdown.
  const transport = nodemailer.createTransport(
    { url: options.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout } as any,
    { from: options.from },
  );
  return {
    delivers: true,
    async send(message: MailMessage) {
      try {
        await transport.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html });
      } catch (e) {
        const detail = smtpErrorDetail(e);
        const id = await recordOutbox(deps.db, deps.clock, { channel: "mail", ...message, status: "failed", error: detail });
        deps.logger.warn("mail could not be sent", { outboxId: id, to: normalizeAddress(message.to), error: detail });
        throw new SendFailedError("mail", id, detail, { cause: e });
      }
      return { id: await recordSent(deps, message) };
    },
  };
}

/** The mail has left: a failure to record it is logged, never turned into a resend by the caller. */
async function recordSent(deps: OutboundDeps, message: MailMessage): Promise<string> {
  const row = outboxRow(deps.clock, { channel: "mail", ...message, status: "sent" });
  try {
    await insertOutboxRow(deps.db, row);
  } catch (e) {
    deps.logger.error("mail was sent but could not be recorded in the outbox", {
      outboxId: row.id,
      to: row.to,
      error: (e as Error).message,
    });
  }
  return row.id;
}

function smtpErrorDetail(e: unknown): string {
  const err = e as Error & { code?: string; responseCode?: number; response?: string };
  // nodemailer puts the server's reply in `response`; its own code (EENVELOPE, ECONNECTION, ETIMEDOUT) in `code`.
  const parts = [err.code, err.response ?? err.message].filter(Boolean);
  return parts.join(": ").slice(0, 500) || "unknown SMTP error";
}
