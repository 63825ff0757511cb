/** Shortcuts for linked-identity tests: the mailed confirm link, and a whole link ceremony. */
import { desc, eq } from "drizzle-orm";
import { outboxMessages } from "../../../../src/platform/outbound/schema";
import type { SignedInUser } from "../../../support/accounts";
import { MINUTE } from "../../../support/clock";
import type { TestApp } from "../../../support/harness";

export async function mailsTo(t: TestApp, email: string) {
  return t.ctx.db.read.select().from(outboxMessages).where(eq(outboxMessages.to, email.toLowerCase())).orderBy(desc(outboxMessages.createdAt));
}

/** The path (with ?token=) of the newest confirm link mailed to `email`. */
export async function confirmPathFor(t: TestApp, email: string): Promise<string> {
  const [mail] = await mailsTo(t, email);
  const link = mail?.links.find((l) => l.includes("/api/auth/linked-identities/confirm?token="));
  if (!link) throw new Error(`no confirm link mailed to ${email}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** Confirms a mailed link as its page's button does, but asking for JSON. */
export function confirmByPost(t: TestApp, path: string) {
  const url = new URL(path, "http://localhost");
  return t.request("POST", url.pathname, { json: { token: url.searchParams.get("token") } });
}

/**
 * `from` asks to link `toEmail` and the mailbox owner confirms; returns the confirm
 * answer. Moves the clock a minute on first, so the one-request-a-minute limit never bites.
 */
export async function linkAccounts(t: TestApp, from: SignedInUser, toEmail: string) {
  t.clock.advance(MINUTE);
  const initiated = await t.request("POST", "/api/auth/linked-identities/initiate", { token: from.token, json: { email: toEmail } });
  if (initiated.status !== 202) throw new Error(`initiate: ${initiated.status} ${initiated.text}`);
  const confirmed = await confirmByPost(t, await confirmPathFor(t, toEmail));
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${confirmed.text}`);
  return confirmed.body as { id: string; from: { id: string; email: string }; to: { id: string; email: string }; createdAt: string; recordHash: string };
}
