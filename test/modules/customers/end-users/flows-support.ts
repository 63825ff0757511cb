/**
 * Helpers of the magic-link, session and token tests: read the link a send mailed, and
 * sign an end user in through the real magic-link routes.
 */
import { and, desc, eq } from "drizzle-orm";
import { outboxMessages } from "../../../../src/platform/outbound/schema";
import { endUserFlowTokens, endUserSessions, endUserSignIns, endUsers } from "../../../../src/modules/customers/end-users/schema";
import type { TestApp } from "../../../support/harness";
import { createSignInFixture, type SignInFixture } from "./support";

export type Fixture = SignInFixture;
export const createFixture = createSignInFixture;

/** Every mail the outbox holds for `to`, newest first. */
export async function mailsTo(t: TestApp, to: string) {
  return t.ctx.db.read.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));
}

/** The link of the newest mail to `to`, parsed. */
export async function mailedLink(t: TestApp, to: string): Promise<URL> {
  const [mail] = await mailsTo(t, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = mail.links.find((l) => l.includes("token="));
  if (!link) throw new Error(`no link in the mail to ${to}: ${mail.text}`);
  return new URL(link);
}

/** Sends a link to `email` and verifies it: the verify response. */
export async function signInByMagicLink(t: TestApp, fx: Fixture, email: string, headers: Record<string, string> = {}) {
  const sent = await fx.call("POST", "/auth/magic-link/send", { email });
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${sent.text}`);
  const link = await mailedLink(t, email);
  return fx.call("POST", "/auth/magic-link/verify", { token: link.searchParams.get("token") }, headers);
}

export async function countRows(t: TestApp) {
  const [users, sessions, tokens, signIns] = await Promise.all([
    t.ctx.db.read.select().from(endUsers),
    t.ctx.db.read.select().from(endUserSessions),
    t.ctx.db.read.select().from(endUserFlowTokens),
    t.ctx.db.read.select().from(endUserSignIns),
  ]);
  return { users: users.length, sessions: sessions.length, tokens: tokens.length, signIns: signIns.length };
}

export async function failuresOf(t: TestApp, appGroupId: string) {
  return t.ctx.db.read.select().from(endUserSignIns).where(and(eq(endUserSignIns.appGroupId, appGroupId), eq(endUserSignIns.outcome, "failure")));
}
