/**
 * Helpers of the end-user passkey tests: a signed-in end user, and the register and
 * login ceremonies over HTTP with an in-process authenticator (nid-webauthn-emulator).
 */
import { findActiveApplication } from "../../../src/modules/apps/service";
import { signInClientOf } from "../../../src/modules/end-users/client";
import { findOrCreateEndUser, normaliseEmail } from "../../../src/modules/end-users/service";
import { completeSignIn, deliverSignIn } from "../../../src/modules/end-users/sign-in";
import { Authenticator } from "../../support/authenticator";
import type { TestApp, TestResponse } from "../../support/harness";
import { createSignInFixture, ORIGIN, type SignInFixture } from "../end-users/support";

export interface SignedInEndUser {
  endUserId: string;
  accessToken: string;
  sessionId: string;
}

/**
 * An end user of the fixture's app group, signed in on `clientKey` as a magic link
 * would sign them in (their address proven). Goes through the sign-in functions directly,
 * so these tests do not depend on the magic-link routes.
 */
export async function signInEndUser(t: TestApp, clientKey: string, email: string): Promise<SignedInEndUser> {
  const found = await findActiveApplication(t.ctx.db.read, clientKey);
  if (!found) throw new Error(`no application ${clientKey}`);
  const client = signInClientOf(new Request("http://localhost/"), found);
  const now = t.clock.now();
  const opened = await t.ctx.db.write(async (tx) => {
    const { endUser, created } = await findOrCreateEndUser(tx, found.appGroup, { email: normaliseEmail(email), emailVerified: true }, now);
    return completeSignIn(tx, client, { endUser, created, method: "magic_link", amr: ["otp"] }, now);
  });
  const signedIn = await deliverSignIn(t.ctx, client, opened, now);
  return { endUserId: signedIn.endUser.id, accessToken: signedIn.accessToken, sessionId: signedIn.sessionId };
}

/** SignInFixture["call"] answering `any` bodies (ReturnType of the generic request loses its default). */
export type Call = (method: string, path: string, json?: unknown, headers?: Record<string, string>) => Promise<TestResponse<any>>;
export type PasskeyFixture = Omit<SignInFixture, "call"> & { call: Call };

/** createSignInFixture, with bodies the tests can read without casts. */
export async function passkeyFixture(t: TestApp, ownerEmail: string, orgName: string, groupPatch: Record<string, unknown> = {}): Promise<PasskeyFixture> {
  const fixture = await createSignInFixture(t, ownerEmail, orgName, groupPatch);
  return { ...fixture, call: fixture.call as Call };
}

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
