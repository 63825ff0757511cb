/**
 * End-user passkeys (spec 4.1): a signed-in end user adds passkeys bound to the app
 * group's relying-party id, and later signs in to any application of the group with one.
 *
 * A passkey never creates an account: registration needs a live end-user session, so a
 * passkey can never claim someone's address. People sign up by magic link or social
 * sign-in, then add a passkey (the hosted login offers it right after).
 *
 * Challenges are flow tokens (kind passkey_registration / passkey_login) whose secret is
 * the WebAuthn challenge itself: single-use, five minutes, bound to the application.
 */
import { and, asc, count, eq } from "drizzle-orm";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { AppContext } from "../../../../context";
import type { Queryable, Tx } from "../../../../platform/db/database";
import { ApiError } from "../../../../platform/http/errors";
import { enforceRateLimits } from "../../../../platform/http/rate-limit";
import { CHALLENGE_TTL_MS, checkAssertion, descriptorsOf, type PasskeyView, passkeyView, verifiedRegistration } from "../../../identity/index";
import { authenticateEndUser } from "../authenticate";
import { endUserErrors } from "../errors";
import { consumeFlowToken, createFlowToken, type FlowTokenKind } from "../flow-tokens";
import { endUserPasskeys, type EndUserRow } from "../schema";
import { assertCanSignIn, findEndUserByEmail, findEndUserById, normaliseEmail } from "../service";
import { openSignIn, recordFailedSignIn, type OpenedSignIn, type SignInClient } from "../sign-in";
import { requireTokenSigner } from "../tokens";
import {
  assertCounterAdvances,
  clientDataFor,
  endUserRelyingParty,
  signCountOf,
  verificationFailed,
  type EndUserPasskeyRow,
} from "./ceremony";
import { endUserPasskeyErrors } from "./errors";

type Deps = Pick<AppContext, "db" | "clock" | "config">;
type TokenDeps = Pick<AppContext, "db" | "clock" | "config" | "keyring" | "secrets">;

export const DEFAULT_PASSKEY_NAME = "Passkey";
/** Enough for every device a person owns; bounds the allowCredentials list a login answers. */
export const MAX_PASSKEYS_PER_END_USER = 20;
/** Login options are asked for before anyone is known; this bounds the challenges one address can create per application. */
export const LOGIN_OPTIONS_PER_MINUTE = 60;

/** 403 method_disabled unless the app group offers passkeys. */
export function requirePasskeysOn(client: SignInClient): void {
  if (!client.appGroup.loginMethods.passkey) {
    throw endUserErrors.error("methodDisabled", { message: "passkeys are switched off for this app" });
  }
}

/** The signed-in end user of an access token: issued for this application, its session still live, not disabled. */
export interface SignedInEndUser {
  endUser: EndUserRow;
  sessionId: string;
}

/**
 * Reads the end user behind an access token. 401 invalid_access_token when the token is
 * missing, invalid, expired, for another application, or its session has ended (signed
 * out, revoked); 403 end_user_disabled for a disabled end user.
 */
export async function signedInEndUser(deps: TokenDeps, client: SignInClient, token: string | null): Promise<SignedInEndUser> {
  const { endUser, session } = await authenticateEndUser(deps, client, token);
  assertCanSignIn(endUser);
  return { endUser, sessionId: session.id };
}

async function passkeysOf(reader: Queryable, endUserId: string): Promise<EndUserPasskeyRow[]> {
  return reader.select().from(endUserPasskeys).where(eq(endUserPasskeys.endUserId, endUserId)).orderBy(asc(endUserPasskeys.createdAt));
}

function storeChallenge(
  tx: Tx,
  kind: FlowTokenKind,
  client: SignInClient,
  challenge: string,
  endUserId: string | null,
  now: number,
): Promise<string> {
  return createFlowToken(
    tx,
    {
      kind,
      orgId: client.appGroup.orgId,
      appGroupId: client.appGroup.id,
      applicationId: client.application.id,
      endUserId,
      ttlMs: CHALLENGE_TTL_MS,
    },
    now,
    challenge,
  );
}

export async function registrationOptions(
  deps: TokenDeps,
  client: SignInClient,
  accessToken: string | null,
  input: { displayName?: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  requirePasskeysOn(client);
  const { endUser } = await signedInEndUser(deps, client, accessToken);
  const rp = endUserRelyingParty(deps.config, client);
  const label = endUser.email ?? endUser.displayName ?? endUser.id;
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: label,
    userDisplayName: input.displayName?.trim() || endUser.displayName || label,
    // The user handle an authenticator returns at login; checked against the credential's owner.
    userID: new TextEncoder().encode(endUser.id),
    attestationType: "none",
    excludeCredentials: descriptorsOf(await passkeysOf(deps.db.read, endUser.id)),
    // Discoverable, so a login needs no address first.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    timeout: CHALLENGE_TTL_MS,
  });
  await deps.db.write((tx) => storeChallenge(tx, "passkey_registration", client, options.challenge, endUser.id, deps.clock.now()));
  return options;
}

export async function registerPasskey(
  deps: TokenDeps,
  client: SignInClient,
  accessToken: string | null,
  input: { response: RegistrationResponseJSON; name?: string },
): Promise<PasskeyView> {
  requirePasskeysOn(client);
  const { endUser } = await signedInEndUser(deps, client, accessToken);
  const rp = endUserRelyingParty(deps.config, client);
  const clientData = clientDataFor(input.response.response.clientDataJSON, "webauthn.create", rp);
  return deps.db.write(async (tx) => {
    const now = deps.clock.now();
    const challenge = await consumeFlowToken(tx, "passkey_registration", clientData.challenge, { appGroupId: client.appGroup.id, applicationId: client.application.id }, now);
    if (challenge.endUserId !== endUser.id) {
      throw endUserErrors.error("invalidToken", { message: "these registration options were issued to someone else" });
    }
    const info = await verifiedRegistration(input.response, { challenge: clientData.challenge, origin: rp.origins, rpId: rp.id }, verificationFailed);
    await tx.lock(`end-user-passkeys:${endUser.id}`);
    const [taken] = await tx.select({ id: endUserPasskeys.id }).from(endUserPasskeys).where(eq(endUserPasskeys.id, info.credential.id));
    if (taken) throw endUserPasskeyErrors.error("alreadyRegistered", { message: "this credential is already registered" });
    const [held] = await tx.select({ n: count() }).from(endUserPasskeys).where(eq(endUserPasskeys.endUserId, endUser.id));
    if (Number(held?.n ?? 0) >= MAX_PASSKEYS_PER_END_USER) {
      throw endUserPasskeyErrors.error("limitReached", { message: `at most ${MAX_PASSKEYS_PER_END_USER} passkeys per person: delete one first`, limit: MAX_PASSKEYS_PER_END_USER });
    }
    const [row] = await tx
      .insert(endUserPasskeys)
      .values({
        id: info.credential.id,
        endUserId: endUser.id,
        appGroupId: client.appGroup.id,
        rpId: rp.id,
        publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name: input.name?.trim() || DEFAULT_PASSKEY_NAME,
        createdAt: now,
      })
      .returning();
    return passkeyView(row!);
  });
}

/**
 * Login options. Without an address (or with one that has no passkey here) they are
 * discoverable: empty allowCredentials, the authenticator offers what it holds. With a
 * known address, allowCredentials lists that end user's passkeys for this relying party.
 */
export async function loginOptions(deps: Deps, client: SignInClient, input: { email?: string }): Promise<PublicKeyCredentialRequestOptionsJSON> {
  requirePasskeysOn(client);
  const rp = endUserRelyingParty(deps.config, client);
  let allow: EndUserPasskeyRow[] = [];
  if (input.email) {
    const endUser = await findEndUserByEmail(deps.db.read, client.appGroup.id, normaliseEmail(input.email));
    if (endUser && endUser.status !== "disabled") allow = (await passkeysOf(deps.db.read, endUser.id)).filter((p) => p.rpId === rp.id);
  }
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: descriptorsOf(allow),
    userVerification: "preferred",
    timeout: CHALLENGE_TTL_MS,
  });
  await deps.db.write(async (tx) => {
    const now = deps.clock.now();
    const limit = { key: `end-user-passkey-options:${client.application.id}:ip:${client.ip ?? "unknown"}`, limit: LOGIN_OPTIONS_PER_MINUTE, windowMs: 60_000 };
    await enforceRateLimits(tx, [limit], now);
    await storeChallenge(tx, "passkey_login", client, options.challenge, null, now);
  });
  return options;
}

/**
 * Verifies a login assertion and opens the sign-in (the caller answers with
 * respondSignIn). A refusal is recorded for sign-in analytics, then thrown.
 */
export async function signInWithPasskey(deps: TokenDeps, client: SignInClient, response: AuthenticationResponseJSON): Promise<OpenedSignIn> {
  const attempt: { endUserId: string | null } = { endUserId: null };
  try {
    requirePasskeysOn(client);
    await requireTokenSigner(deps, client.appGroup.orgId);
    return await verifyAndOpen(deps, client, response, attempt);
  } catch (e) {
    if (e instanceof ApiError) await recordFailedSignIn(deps, client, { method: "passkey", reason: e.code, endUserId: attempt.endUserId });
    throw e;
  }
}

async function verifyAndOpen(deps: Deps, client: SignInClient, response: AuthenticationResponseJSON, attempt: { endUserId: string | null }): Promise<OpenedSignIn> {
  const rp = endUserRelyingParty(deps.config, client);
  const clientData = clientDataFor(response.response.clientDataJSON, "webauthn.get", rp);
  return deps.db.write(async (tx) => {
    const now = deps.clock.now();
    // Consumed in this write: a replay finds it used, and parallel answers queue on its lock.
    await consumeFlowToken(tx, "passkey_login", clientData.challenge, { appGroupId: client.appGroup.id, applicationId: client.application.id }, now);
    // Parallel logins with one passkey judge its counter one after the other.
    await tx.lock(`end-user-passkey:${response.id}`);
    const [passkey] = await tx
      .select()
      .from(endUserPasskeys)
      .where(and(eq(endUserPasskeys.id, response.id), eq(endUserPasskeys.appGroupId, client.appGroup.id)));
    if (!passkey) throw endUserPasskeyErrors.error("unknown", { message: "this passkey is not registered for this app" });
    attempt.endUserId = passkey.endUserId;
    const handle = response.response.userHandle;
    if (handle && Buffer.from(handle, "base64url").toString("utf8") !== passkey.endUserId) {
      throw verificationFailed("the user handle does not match the passkey's owner");
    }
    const endUser = await findEndUserById(tx, client.appGroup.id, passkey.endUserId);
    if (!endUser) throw endUserPasskeyErrors.error("unknown", { message: "this passkey is not registered for this app" });
    assertCanSignIn(endUser);
    const presentedCount = signCountOf(response.response.authenticatorData);
    if (presentedCount === null) throw verificationFailed("authenticatorData is too short");
    assertCounterAdvances(passkey.counter, presentedCount);
    const check = await checkAssertion(response, { challenge: clientData.challenge, origin: rp.origins, rpId: rp.id }, passkey, false);
    if (!check.ok) throw verificationFailed(check.message);
    const { newCounter, userVerified } = check;
    await tx.update(endUserPasskeys).set({ counter: newCounter, lastUsedAt: now }).where(eq(endUserPasskeys.id, passkey.id));
    // RFC 8176: hwk, plus user when the authenticator verified the person (PIN, biometrics).
    const amr = userVerified ? ["hwk", "user"] : ["hwk"];
    return openSignIn(tx, client, { endUser, created: false, method: "passkey", amr }, now);
  });
}

/** The signed-in end user's passkeys, oldest first (whether or not the app group offers passkeys now). */
export async function listPasskeys(deps: TokenDeps, client: SignInClient, accessToken: string | null): Promise<PasskeyView[]> {
  const { endUser } = await signedInEndUser(deps, client, accessToken);
  return (await passkeysOf(deps.db.read, endUser.id)).map(passkeyView);
}

/** Deletes one of the signed-in end user's passkeys; 404 passkey_not_found for any other id. */
export async function deletePasskey(deps: TokenDeps, client: SignInClient, accessToken: string | null, credentialId: string): Promise<void> {
  const signedIn = await signedInEndUser(deps, client, accessToken);
  await deps.db.write(async (tx) => {
    const removed = await tx
      .delete(endUserPasskeys)
      .where(and(eq(endUserPasskeys.id, credentialId), eq(endUserPasskeys.endUserId, signedIn.endUser.id)))
      .returning({ id: endUserPasskeys.id });
    if (removed.length === 0) throw endUserPasskeyErrors.error("notFound", { message: "no such passkey" });
  });
}
