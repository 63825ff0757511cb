/**
 * What every WebAuthn ceremony here shares: single-use challenges that expire after
 * five minutes, reading the client data an authenticator signed, and the stored
 * credential in the shape @simplewebauthn/server verifies against.
 */
import { and, eq, isNull, lt } from "drizzle-orm";
import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
} from "@simplewebauthn/server";
import type { RelyingParty } from "./relying-party";
import type { Queryable, Tx } from "../../../platform/db/database";
import { newId } from "../../../platform/ids";
import { passkeys, webauthnChallenges } from "../schema";

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Expired challenges are kept a day (so a late answer still gets "expired", not "unknown"), then pruned. */
const CHALLENGE_RETENTION_MS = 24 * 60 * 60 * 1000;

export type Ceremony = (typeof webauthnChallenges.$inferSelect)["ceremony"];
export type Challenge = typeof webauthnChallenges.$inferSelect;
export type Passkey = typeof passkeys.$inferSelect;

export async function storeChallenge(
  tx: Tx,
  input: { challenge: string; ceremony: Ceremony; userId?: string; purpose?: string; subject?: string },
  now: number,
): Promise<void> {
  await tx.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now - CHALLENGE_RETENTION_MS));
  await tx.insert(webauthnChallenges).values({
    id: newId(),
    challenge: input.challenge,
    ceremony: input.ceremony,
    userId: input.userId ?? null,
    purpose: input.purpose ?? null,
    subject: input.subject ?? null,
    expiresAt: now + CHALLENGE_TTL_MS,
    createdAt: now,
  });
}

/**
 * The stored challenge an answer names. Holds a lock on it for the rest of the
 * transaction, so parallel answers to one challenge are judged one after the other:
 * the second sees the first's consumption (a replay), not a half-updated passkey.
 */
export async function findChallenge(tx: Tx, ceremony: Ceremony, challenge: string): Promise<Challenge | null> {
  await tx.lock(`webauthn-challenge:${challenge}`);
  const [row] = await tx
    .select()
    .from(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.ceremony, ceremony)));
  return row ?? null;
}

export function isLive(challenge: Challenge, now: number): boolean {
  return challenge.consumedAt === null && challenge.expiresAt > now;
}

/** Marks a challenge used; false when it already was (the conditional update is the final word). */
export async function consumeChallenge(tx: Tx, challenge: Challenge, now: number): Promise<boolean> {
  const used = await tx
    .update(webauthnChallenges)
    .set({ consumedAt: now })
    .where(and(eq(webauthnChallenges.id, challenge.id), isNull(webauthnChallenges.consumedAt)))
    .returning({ id: webauthnChallenges.id });
  return used.length === 1;
}

export interface ClientData {
  type: string;
  challenge: string;
  origin: string;
}

/** The client data the authenticator signed over, or null when it is not readable. */
export function clientDataOf(clientDataJSON: unknown): ClientData | null {
  if (typeof clientDataJSON !== "string" || !/^[A-Za-z0-9_-]+={0,2}$/.test(clientDataJSON)) return null;
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    if (typeof data?.type !== "string" || typeof data.challenge !== "string" || typeof data.origin !== "string") return null;
    return { type: data.type, challenge: data.challenge, origin: data.origin };
  } catch {
    return null;
  }
}

const isText = (v: unknown, max = 16384): v is string => typeof v === "string" && v.length > 0 && v.length <= max;

/** An AuthenticationResponseJSON given as a JSON string or an object, or null when it is not one. */
export function parseAuthenticationResponse(value: unknown): AuthenticationResponseJSON | null {
  let candidate = value;
  if (typeof value === "string") {
    try {
      candidate = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const r = candidate as any;
  if (typeof r !== "object" || r === null || Array.isArray(r)) return null;
  if (!isText(r.id, 1024) || !isText(r.rawId, 1024) || r.type !== "public-key") return null;
  const response = r.response;
  if (typeof response !== "object" || response === null) return null;
  if (!isText(response.clientDataJSON) || !isText(response.authenticatorData) || !isText(response.signature)) return null;
  if (response.userHandle != null && typeof response.userHandle !== "string") return null;
  return {
    id: r.id,
    rawId: r.rawId,
    type: "public-key",
    response: {
      clientDataJSON: response.clientDataJSON,
      authenticatorData: response.authenticatorData,
      signature: response.signature,
      userHandle: response.userHandle ?? undefined,
    },
    clientExtensionResults: typeof r.clientExtensionResults === "object" && r.clientExtensionResults !== null ? r.clientExtensionResults : {},
    authenticatorAttachment: r.authenticatorAttachment ?? undefined,
  };
}

export async function findPasskey(reader: Queryable, credentialId: string): Promise<Passkey | null> {
  const [row] = await reader.select().from(passkeys).where(eq(passkeys.id, credentialId));
  return row ?? null;
}

export async function passkeysOf(reader: Queryable, userId: string): Promise<Passkey[]> {
  return reader.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
}

/** A stored passkey (a person's or an end user's) as @simplewebauthn/server verifies against it. */
export function credentialOf(passkey: Pick<Passkey, "id" | "publicKey" | "counter" | "transports">): WebAuthnCredential {
  return {
    id: passkey.id,
    publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
    counter: passkey.counter,
    transports: passkey.transports as AuthenticatorTransport[],
  };
}

/** allowCredentials / excludeCredentials entries for a user's passkeys. */
export function descriptorsOf(keys: Pick<Passkey, "id" | "transports">[]): { id: string; transports: AuthenticatorTransport[] }[] {
  return keys.map((k) => ({ id: k.id, transports: k.transports as AuthenticatorTransport[] }));
}

/** After a verified assertion: the authenticator's new signature counter, and when the key was last used. */
export async function recordPasskeyUse(tx: Tx, passkeyId: string, counter: number, now: number): Promise<void> {
  await tx.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, passkeyId));
}

/** What a response must match: its challenge, one of the allowed origins, the relying-party id. */
export interface CeremonyExpectations {
  challenge: string;
  origin: string | string[];
  rpId: string;
}

export function expectationsOf(challenge: Pick<Challenge, "challenge">, rp: RelyingParty): CeremonyExpectations {
  return { challenge: challenge.challenge, origin: rp.origin, rpId: rp.id };
}

/**
 * Verifies a registration (attestation) response; `refuse(reason)` builds the caller's
 * own error, thrown for a response the library rejects or does not verify.
 */
export async function verifiedRegistration(
  response: RegistrationResponseJSON,
  expected: CeremonyExpectations,
  refuse: (reason: string) => Error,
): Promise<NonNullable<Awaited<ReturnType<typeof verifyRegistrationResponse>>["registrationInfo"]>> {
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: expected.challenge,
      expectedOrigin: expected.origin,
      expectedRPID: expected.rpId,
      requireUserVerification: false,
    });
  } catch (e) {
    throw refuse((e as Error).message);
  }
  if (!verification.verified) throw refuse("the attestation did not verify");
  return verification.registrationInfo;
}

export type AssertionCheck = { ok: true; newCounter: number; userVerified: boolean } | { ok: false; badSignature: boolean; message: string };

/**
 * The WebAuthn check of an assertion against its expected challenge and stored passkey,
 * shared by dashboard sign-in, seals and end-user sign-in; each maps a failure to its
 * own refusal.
 */
export async function checkAssertion(
  response: AuthenticationResponseJSON,
  expected: CeremonyExpectations,
  passkey: Pick<Passkey, "id" | "publicKey" | "counter" | "transports">,
  requireUserVerification: boolean,
): Promise<AssertionCheck> {
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: expected.challenge,
      expectedOrigin: expected.origin,
      expectedRPID: expected.rpId,
      credential: credentialOf(passkey),
      requireUserVerification,
    });
    if (!verification.verified) return { ok: false, badSignature: true, message: "the signature did not verify" };
    return { ok: true, newCounter: verification.authenticationInfo.newCounter, userVerified: verification.authenticationInfo.userVerified };
  } catch (e) {
    return { ok: false, badSignature: false, message: (e as Error).message };
  }
}
