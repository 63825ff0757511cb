/**
 * The outbox: every mail and SMS is recorded here. The dev defaults only record
 * (status `outbox`); the real adapters record the outcome (`sent` or `failed`), so the
 * dashboard, `signet admin outbox` and, in dev mode, `GET /api/dev/outbox` show what
 * left (or would have left) the process.
 */
import { desc, eq, lt } from "drizzle-orm";
import { type Clock, toIso } from "../clock";
import type { Database, Queryable } from "../db/database";
import { outboxMessages } from "./schema";
import { metrics } from "../metrics";

export type OutboxChannel = "mail" | "sms";
export type OutboxStatus = "outbox" | "sent" | "failed";

export interface OutboxEntry {
  channel: OutboxChannel;
  to: string;
  subject?: string | null;
  text: string;
  html?: string;
  status: OutboxStatus;
  error?: string | null;
}

/** A message as the route and the CLI show it (times in ISO 8601). */
export interface OutboxMessageView {
  id: string;
  channel: OutboxChannel;
  to: string;
  subject: string | null;
  text: string;
  links: string[];
  status: OutboxStatus;
  error: string | null;
  createdAt: string;
}

/**
 * Mail addresses are stored and compared lower-case: providers treat the local part
 * case-insensitively, and a reader looking up "Ann@Example.com" expects Ann's mail.
 */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?'"*]+$/;

function trimUrl(candidate: string): string {
  let url = candidate;
  // Prose wraps links in punctuation ("see https://x/y." or "(https://x/y)"); keep brackets the URL itself opened.
  for (;;) {
    const before = url;
    url = url.replace(TRAILING_PUNCTUATION, "");
    for (const [open, close] of [["(", ")"], ["[", "]"], ["{", "}"]] as const) {
      if (url.endsWith(close) && count(url, open) < count(url, close)) url = url.slice(0, -1);
    }
    if (url === before) return url;
  }
}

function count(text: string, ch: string): number {
  return text.split(ch).length - 1;
}

function decodeHtmlEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&(amp|quot|apos|lt|gt);/g, (_, name) => ({ amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" })[name as "amp"]);
}

/**
 * Every http(s) URL in the text, then in the HTML, in order of appearance, each once.
 * Tests and developers follow these links (verification, magic links, invitations).
 */
export function extractLinks(text: string, html?: string): string[] {
  const found: string[] = [];
  const scan = (source: string, decode: boolean) => {
    for (const match of source.matchAll(URL_PATTERN)) {
      const url = trimUrl(decode ? decodeHtmlEntities(match[0]) : match[0]);
      if (url.length > "https://".length && !found.includes(url)) found.push(url);
    }
  };
  scan(text, false);
  if (html) scan(html, true);
  return found;
}

/**
 * What a row keeps of a message a real adapter took (sent) or refused (failed): the
 * metadata, never the text or its links. Mail and texts carry live secrets (sign-in links,
 * invitation codes, one-time codes) whose own tables keep only hashes; once the message has
 * left, a copy in the database would be a second way in. Only the dev outbox, which is the
 * delivery channel when nothing else is configured, keeps the text.
 */
export function keptText(entry: Pick<OutboxEntry, "channel" | "text" | "status">): string {
  if (entry.status === "outbox") return entry.text;
  const where = entry.channel === "mail" ? "mail server" : "SMS gateway";
  return `[not kept: ${entry.text.length} characters, ${entry.status === "sent" ? "handed to the" : "refused by the"} ${where}]`;
}

/** The row for one message, stamped by the clock. */
export function outboxRow(clock: Clock, entry: OutboxEntry): typeof outboxMessages.$inferInsert & { id: string } {
  const createdAt = clock.now();
  if (entry.status === "failed") metrics.outboundFailures.inc({ channel: entry.channel });
  return {
    // v7 ids sort by creation, which orders messages written in the same millisecond.
    id: Bun.randomUUIDv7("hex", createdAt),
    channel: entry.channel,
    to: entry.channel === "mail" ? normalizeAddress(entry.to) : entry.to.trim(),
    subject: entry.subject ?? null,
    text: keptText(entry),
    links: entry.status === "outbox" ? extractLinks(entry.text, entry.html) : [],
    status: entry.status,
    error: entry.error ?? null,
    createdAt,
  };
}

/** Stores a row built by outboxRow, in its own write. */
export async function insertOutboxRow(db: Database, row: typeof outboxMessages.$inferInsert): Promise<void> {
  await db.write(async (tx) => {
    await tx.insert(outboxMessages).values(row);
  });
}

/** Records one message in its own write; returns the row's id. */
export async function recordOutbox(db: Database, clock: Clock, entry: OutboxEntry): Promise<string> {
  const row = outboxRow(clock, entry);
  await insertOutboxRow(db, row);
  return row.id;
}

export interface OutboxQuery {
  /** A mail address or phone number; compared case-insensitively. */
  to?: string;
  limit: number;
}

/** Messages newest first. */
export async function listOutbox(db: Pick<Database, "read">, query: OutboxQuery): Promise<OutboxMessageView[]> {
  const reader: Queryable = db.read;
  const rows = await reader
    .select()
    .from(outboxMessages)
    .where(query.to ? eq(outboxMessages.to, normalizeAddress(query.to)) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(query.limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    text: row.text,
    links: row.links,
    status: row.status,
    error: row.error,
    createdAt: toIso(row.createdAt),
  }));
}

/** Deletes messages created before `before` (epoch ms); returns how many. */
export async function pruneOutbox(db: Database, before: number): Promise<number> {
  return db.write(async (tx) => {
    const deleted = await tx
      .delete(outboxMessages)
      .where(lt(outboxMessages.createdAt, before))
      .returning({ id: outboxMessages.id });
    return deleted.length;
  });
}
