import { col, table } from "../db/kit";

/**
 * Mail and SMS recorded by the dev outbox, and kept as a record (metadata only: see
 * keptText in outbox.ts) when a real adapter sends or refuses them.
 */
export const outboxMessages = table(
  "outbox_messages",
  {
    id: col.id(),
    channel: col.text().$type<"mail" | "sms">().notNull(),
    to: col.text("to_address").notNull(),
    subject: col.text(),
    text: col.text().notNull(),
    links: col.json<string[]>().notNull(),
    /** outbox: kept for reading only; sent: handed to SMTP or the gateway; failed: the adapter refused it. */
    status: col.text().$type<"outbox" | "sent" | "failed">().notNull(),
    error: col.text(),
    createdAt: col.time().notNull(),
  },
  [
    { name: "outbox_messages_to_idx", on: ["to", "createdAt"] },
    { name: "outbox_messages_created_idx", on: ["createdAt"] },
  ],
);
