/**
 * The outbound kernel: mail and SMS senders chosen from the config. Without SMTP or a
 * gateway configured, messages go to the outbox only (DESIGN §8), so a laptop and the
 * tests need nothing outside the process.
 */
import type { Config } from "../../config";
import { createOutboxMailSender, createSmtpMailSender } from "./mail";
import { createGatewaySmsSender, createOutboxSmsSender } from "./sms";
import type { MailSender, OutboundDeps, SmsSender } from "./types";


export function createMailSender(config: Config, deps: OutboundDeps): MailSender {
  return config.smtp ? createSmtpMailSender({ url: config.smtp.url, from: config.smtp.from }, deps) : createOutboxMailSender(deps);
}

export function createSmsSender(config: Config, deps: OutboundDeps): SmsSender {
  return config.sms ? createGatewaySmsSender({ url: config.sms.gatewayUrl, token: config.sms.token }, deps) : createOutboxSmsSender(deps);
}

export { SendFailedError, OutboundErrors } from "./errors";
export { extractLinks, listOutbox, normalizeAddress, pruneOutbox, type OutboxMessageView } from "./outbox";
export { createOutboxMailSender, createSmtpMailSender } from "./mail";
export { createGatewaySmsSender, createOutboxSmsSender } from "./sms";
export type { MailMessage, MailSender, OutboundDeps, SmsMessage, SmsSender } from "./types";
