/**
 * Helpers of the end-user passkey tests: a signed-in end user, and the register and
 * login ceremonies over HTTP with an in-process authenticator (nid-webauthn-emulator).
 */
import { eq } from "drizzle-orm";
import { normaliseEmail } from "../../../../../src/modules/customers/end-users/service";
import { outboxMessages } from "../../../../../src/platform/outbound/schema";
import { Authenticator } from "../../../../support/authenticator";
import type { TestApp } from "../../../../support/harness";
import { createSignInFixture, ORIGIN, type SignInFixture } from "../support";

export interface SignedInEndUser {
  endUserId: string;
  accessToken: string;
  sessionId: string;
}

/**
 * An end user of the app group signed in on `clientKey` by magic link over HTTP: send,
 * read the link from the outbox, verify.
 */
export async function signInEndUser(t: TestApp, clientKey: string, email: string): Promise<SignedInEndUser> {
  const call = (path: string, json: unknown) => t.request("POST", `/api/public/apps/${clientKey}${path}`, { json, headers: { origin: ORIGIN } });
  const mailsTo = async () => t.ctx.db.read.select().from(outboxMessages).where(eq(outboxMessages.to, normaliseEmail(email)));
  const before = new Set((await mailsTo()).map((m) => m.id));
  const sent = await call("/auth/magic-link/send", { email });
  if (sent.status !== 200) throw new Error(`magic-link/send: ${sent.status} ${sent.text}`);
  const mail = (await mailsTo()).find((m) => !before.has(m.id));
  const link = mail?.links.map((l) => new URL(l)).find((url) => url.searchParams.has("token"));
  if (!link) throw new Error(`no magic link mailed to ${email}`);
  const verified = await call("/auth/magic-link/verify", { token: link.searchParams.get("token") });
  if (verified.status !== 200) throw new Error(`magic-link/verify: ${verified.status} ${verified.text}`);
  return { endUserId: verified.body.endUser.id, accessToken: verified.body.accessToken, sessionId: verified.body.sessionId };
}

export type PasskeyFixture = SignInFixture;
export type Call = SignInFixture["call"];
export const passkeyFixture = createSignInFixture;

/** Calls with the end user's access token as Authorization: Bearer. */
export function bearer(user: SignedInEndUser): Record<string, string> {
  return { authorization: `Bearer ${user.accessToken}` };
}

/** register-options + the authenticator's answer + register; returns the register response. */
export async function registerWith(call: Call, user: SignedInEndUser, authenticator: Authenticator, name?: string) {
  const options = await call("POST", "/auth/passkey/register-options", {}, bearer(user));
  if (options.status !== 200) throw new Error(`register-options: ${options.status} ${options.text}`);
  const registered = await call("POST", "/auth/passkey/register", { response: authenticator.create(options.body), name }, bearer(user));
  if (registered.status === 201) authenticator.credentialId = registered.body.id;
  return registered;
}

/** Login options answered by the authenticator (on its origin unless `origin` is given). */
export async function assertionFor(call: Call, authenticator: Authenticator, origin?: string, email?: string) {
  const options = await call("POST", "/auth/passkey/login-options", email === undefined ? {} : { email });
  if (options.status !== 200) throw new Error(`login-options: ${options.status} ${options.text}`);
  return authenticator.get(options.body, origin);
}

export function appAuthenticator(): Authenticator {
  return new Authenticator(ORIGIN);
}
