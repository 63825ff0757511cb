/** The outbound interfaces (DESIGN §8): each has an offline dev default and a real adapter. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailSender {
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
  send(message: SmsMessage): Promise<{ id: string }>;
}
