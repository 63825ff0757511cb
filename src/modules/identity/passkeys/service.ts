/**
 * Dashboard passkeys: registration, sign-in with a discoverable credential, listing
 * and deletion. A user's passkeys are their Personal Seal, so once a user has one,
 * adding or removing a passkey is itself sealed: a stolen session alone cannot swap
 * in the thief's authenticator.
 */
import { and, eq } from "drizzle-orm";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { AppContext } from "../../../context";
import type { Queryable, Tx } from "../../../platform/db/database";
import { ApiError } from "../../../platform/http/errors";
import { enforceRateLimits } from "../../../platform/http/rate-limit";
import type { SessionActor } from "../guard";
import { passkeys, users } from "../schema";
import {
  CHALLENGE_TTL_MS,
  clientDataOf,
  consumeChallenge,
  descriptorsOf,
  findChallenge,
  findPasskey,
  isLive,
  passkeysOf,
  recordPasskeyUse,
  storeChallenge,
  type Ceremony,
  type Challenge,
  type Passkey,
  checkAssertion,
  expectationsOf,
  verifiedRegistration,
} from "./ceremonies";
import { passkeyErrors } from "./errors";
import type { PasskeyView } from "./model";
import { relyingParty } from "./relying-party";
import { SealPurposes, verifyPersonalSeal } from "./seal";

type Deps = Pick<AppContext, "db" | "clock" | "config">;
type Actor = Pick<SessionActor, "userId" | "email">;

export const DEFAULT_PASSKEY_NAME = "Passkey";
/** Sign-in options are asked for before anyone is known; this bounds the challenges one address can create. */
export const LOGIN_OPTIONS_PER_MINUTE = 60;

/** True when the user has registered a passkey, i.e. has a Personal Seal. */
export async function hasPersonalSeal(reader: Queryable, userId: string): Promise<boolean> {
  const rows = await reader.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return rows.length > 0;
}


/** The wire view of a passkey, a person's or an end user's (the same fields). */
export function passkeyView(p: Pick<Passkey, "id" | "name" | "createdAt" | "lastUsedAt" | "deviceType" | "backedUp">): PasskeyView {
  return {
    id: p.id,
    name: p.name,
    createdAt: new Date(p.createdAt).toISOString(),
    lastUsedAt: p.lastUsedAt === null ? null : new Date(p.lastUsedAt).toISOString(),
    deviceType: p.deviceType,
    backedUp: p.backedUp,
  };
}

function challengeExpired(): ApiError {
  return passkeyErrors.error("challengeExpired", { message: "the challenge is unknown, expired or used: ask for new options" });
}

function verificationFailed(message: string): ApiError {
  return passkeyErrors.error("verificationFailed", { message });
}

/** The live challenge a ceremony's response answers (for `userId` when given), or 400 challenge_expired. */
async function liveChallenge(tx: Tx, ceremony: Ceremony, clientDataJSON: string, expectedType: string, now: number, userId?: string): Promise<Challenge> {
  const clientData = clientDataOf(clientDataJSON);
  if (!clientData || clientData.type !== expectedType) throw verificationFailed("clientDataJSON is not a readable " + expectedType);
  const challenge = await findChallenge(tx, ceremony, clientData.challenge);
  if (!challenge || !isLive(challenge, now) || (userId !== undefined && challenge.userId !== userId)) throw challengeExpired();
  return challenge;
}

export async function registrationOptions(deps: Deps, actor: Actor): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return deps.db.write(async (tx) => {
    const rp = relyingParty(deps.config);
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: actor.email,
      userDisplayName: actor.email,
      // The user handle an authenticator returns at sign-in; checked against the credential's owner.
      userID: new TextEncoder().encode(actor.userId),
      attestationType: "none",
      excludeCredentials: descriptorsOf(await passkeysOf(tx, actor.userId)),
      // Discoverable credentials, so sign-in needs no user name first.
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      timeout: CHALLENGE_TTL_MS,
    });
    await storeChallenge(tx, { challenge: options.challenge, ceremony: "register", userId: actor.userId }, deps.clock.now());
    return options;
  });
}

export async function registerPasskey(
  deps: Deps,
  actor: Actor,
  input: { response: RegistrationResponseJSON; name?: string; sealAssertion: unknown },
): Promise<PasskeyView> {
  return deps.db.write(async (tx) => {
    const now = deps.clock.now();
    if (await hasPersonalSeal(tx, actor.userId)) {
      await verifyPersonalSeal(tx, deps, { userId: actor.userId, purpose: SealPurposes.passkeyRegister, subject: actor.userId, assertion: input.sealAssertion });
    }
    const challenge = await liveChallenge(tx, "register", input.response.response.clientDataJSON, "webauthn.create", now, actor.userId);
    const rp = relyingParty(deps.config);
    const info = await verifiedRegistration(input.response, expectationsOf(challenge, rp), verificationFailed);
    if (await findPasskey(tx, info.credential.id)) {
      throw passkeyErrors.error("alreadyRegistered", { message: "this credential is already registered" });
    }
    if (!(await consumeChallenge(tx, challenge, now))) throw challengeExpired();
    const [row] = await tx
      .insert(passkeys)
      .values({
        id: info.credential.id,
        userId: actor.userId,
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

/** Options for signing in with any discoverable passkey; rate-limited per client address. */
export async function loginOptions(deps: Deps, clientIp: string | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).id,
    allowCredentials: [],
    userVerification: "preferred",
    timeout: CHALLENGE_TTL_MS,
  });
  await deps.db.write(async (tx) => {
    const now = deps.clock.now();
    await enforceRateLimits(tx, [{ key: `passkey-login-options:ip:${clientIp ?? "unknown"}`, limit: LOGIN_OPTIONS_PER_MINUTE, windowMs: 60_000 }], now);
    await storeChallenge(tx, { challenge: options.challenge, ceremony: "login" }, now);
  });
  return options;
}

/** Verifies a sign-in assertion and returns the user it signs in; the caller starts the session. */
export async function authenticateWithPasskey(deps: Deps, response: AuthenticationResponseJSON): Promise<{ id: string; email: string }> {
  return deps.db.write(async (tx) => {
    const now = deps.clock.now();
    const challenge = await liveChallenge(tx, "login", response.response.clientDataJSON, "webauthn.get", now);
    const passkey = await findPasskey(tx, response.id);
    if (!passkey) throw passkeyErrors.error("unknownPasskey", { message: "this passkey is not registered here" });
    const handle = response.response.userHandle;
    if (handle && Buffer.from(handle, "base64url").toString("utf8") !== passkey.userId) {
      throw verificationFailed("the user handle does not match the credential's account");
    }
    const check = await checkAssertion(response, expectationsOf(challenge, relyingParty(deps.config)), passkey, false);
    if (!check.ok) throw verificationFailed(check.message);
    if (!(await consumeChallenge(tx, challenge, now))) throw challengeExpired();
    await recordPasskeyUse(tx, passkey.id, check.newCounter, now);
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, passkey.userId));
    return user!;
  });
}

export async function listPasskeys(deps: Pick<AppContext, "db">, actor: Actor): Promise<PasskeyView[]> {
  return (await passkeysOf(deps.db.read, actor.userId)).map(passkeyView);
}

/** Deletes one of the caller's passkeys, sealed by the caller (with any of their passkeys, this one included). */
export async function deletePasskey(deps: Deps, actor: Actor, input: { id: string; sealAssertion: unknown }): Promise<void> {
  await deps.db.write(async (tx) => {
    const [own] = await tx.select({ id: passkeys.id }).from(passkeys).where(and(eq(passkeys.id, input.id), eq(passkeys.userId, actor.userId)));
    if (!own) throw passkeyErrors.error("notFound", { message: "no such passkey" });
    await verifyPersonalSeal(tx, deps, { userId: actor.userId, purpose: SealPurposes.passkeyDelete, subject: input.id, assertion: input.sealAssertion });
    await tx.delete(passkeys).where(eq(passkeys.id, input.id));
  });
}
