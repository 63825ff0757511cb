/** Helpers for the accounts suites: mailed magic links and the session cookie. */
import { eq } from "drizzle-orm";
import { outboxMessages } from "../../../src/platform/outbound/schema";
import { SESSION_COOKIE } from "../../../src/modules/identity/sessions";
import type { TestApp, TestResponse } from "../../support/harness";

export const VERIFY_PATH = "/api/auth/magic-link/verify";

/** Every mail sent to `email` so far (any order). */
export async function mailsTo(t: TestApp, email: string) {
  return t.ctx.db.read.select().from(outboxMessages).where(eq(outboxMessages.to, email.toLowerCase()));
}

/** The token of the only magic-link mail that is new since `seenIds`. */
export async function newMagicLink(t: TestApp, email: string, seenIds: Set<string>): Promise<{ url: string; token: string }> {
  const fresh = (await mailsTo(t, email)).filter((m) => !seenIds.has(m.id));
  if (fresh.length !== 1) throw new Error(`expected one new mail to ${email}, found ${fresh.length}`);
  const url = fresh[0]!.links.find((link) => link.includes(VERIFY_PATH));
  if (!url) throw new Error(`the mail to ${email} has no magic link: ${fresh[0]!.text}`);
  return { url, token: new URL(url).searchParams.get("token")! };
}

/** Sends a magic link through the API (202 expected) and returns the mailed token. */
export async function requestMagicLink(t: TestApp, email: string, extra: Record<string, unknown> = {}) {
  const seen = new Set((await mailsTo(t, email)).map((m) => m.id));
  const r = await t.request("POST", "/api/auth/magic-link/send", { json: { email, ...extra } });
  if (r.status !== 202) throw new Error(`send answered ${r.status}: ${r.text}`);
  return newMagicLink(t, email, seen);
}

/** Signs in through a magic link; returns the verify response and the session cookie it set. */
export async function signInWithMagicLink(t: TestApp, email: string, extra: Record<string, unknown> = {}) {
  const { token } = await requestMagicLink(t, email, extra);
  const r = await t.request("POST", VERIFY_PATH, { json: { token } });
  if (r.status !== 200) throw new Error(`verify answered ${r.status}: ${r.text}`);
  const cookie = sessionCookie(r);
  if (!cookie) throw new Error("verify set no session cookie");
  return { response: r, token: r.body.token as string, cookie };
}

/** The Set-Cookie line for the session cookie, if the response has one. */
export function sessionSetCookie(r: TestResponse): string | undefined {
  return r.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
}

/** The session cookie's value from a response ("" when it was cleared), or undefined. */
export function sessionCookie(r: TestResponse): string | undefined {
  const line = sessionSetCookie(r);
  return line === undefined ? undefined : decodeURIComponent(line.slice(SESSION_COOKIE.length + 1).split(";")[0]!);
}

/** The Cookie header a browser holding this session token would send. */
export function cookieHeader(token: string): Record<string, string> {
  return { cookie: `${SESSION_COOKIE}=${token}` };
}
