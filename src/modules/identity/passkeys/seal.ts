/**
 * The Personal Seal (DESIGN §5): a passkey assertion bound to (user, purpose,
 * subject). `sealOptions` issues the single-use challenge; `verifyPersonalSeal` is the
 * one check every sealed action in every module calls, inside its own transaction, so
 * the challenge is used up if and only if the sealed action commits.
 */
import { t } from "elysia";
import { generateAuthenticationOptions, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { AppContext } from "../../../context";
import type { Tx } from "../../../platform/db/database";
import { ApiError } from "../../../platform/http/errors";
import {
  CHALLENGE_TTL_MS,
  clientDataOf,
  consumeChallenge,
  descriptorsOf,
  findChallenge,
  findPasskey,
  parseAuthenticationResponse,
  passkeysOf,
  recordPasskeyUse,
  storeChallenge,
  checkAssertion,
  expectationsOf,
} from "./ceremonies";
import { passkeyErrors, SealRefusal, type SealRefusalReason } from "./errors";
import { relyingParty } from "./relying-party";

/** Purposes are short machine names such as `api_key.long_lifetime` or `linked_identity.switch`. */
export const SEAL_PURPOSE_PATTERN = "^[a-z0-9_.:-]+$";

/** The seal purposes this module's own routes use. */
export const SealPurposes = {
  /** Registering another passkey once the user has one; subject = the user's id. */
  passkeyRegister: "passkey.register",
  /** Deleting a passkey; subject = the passkey's id. */
  passkeyDelete: "passkey.delete",
} as const;

// The object form names `id` so that Elysia does not coerce a number or an array into `{}`.
const assertionValue = t.Union([t.String({ maxLength: 65536 }), t.Object({ id: t.String() }, { additionalProperties: true }), t.Null()], {
  description:
    "Personal seal: the WebAuthn AuthenticationResponseJSON answering a challenge from POST /api/auth/seal/options for this action's purpose and subject, as a JSON string or an object.",
});

/**
 * The body fields that carry a personal seal; spread them into a route's body schema:
 * `body: t.Object({ ...SealAssertionBody, name: t.String() })`.
 */
export const SealAssertionBody = {
  assertionResponseJson: t.Optional(assertionValue),
  SealAssertionJson: t.Optional(assertionValue),
};

/** The assertion a sealed route's body carries, under either of its names (spec 5.1). */
export function sealAssertionOf(body: { assertionResponseJson?: unknown; SealAssertionJson?: unknown } | null | undefined): unknown {
  return body?.assertionResponseJson ?? body?.SealAssertionJson;
}

/** Request options for a seal, with the challenge stored for (user, purpose, subject). */
export async function sealOptions(
  deps: Pick<AppContext, "db" | "clock" | "config">,
  userId: string,
  input: { purpose: string; subject: string },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return deps.db.write(async (tx) => {
    const keys = await passkeysOf(tx, userId);
    if (keys.length === 0) throw passkeyErrors.error("noPersonalSeal", { message: "register a passkey first: it is your personal seal" });
    const options = await generateAuthenticationOptions({
      rpID: relyingParty(deps.config).id,
      allowCredentials: descriptorsOf(keys),
      userVerification: "required",
      timeout: CHALLENGE_TTL_MS,
    });
    await storeChallenge(tx, { challenge: options.challenge, ceremony: "seal", userId, purpose: input.purpose, subject: input.subject }, deps.clock.now());
    return options;
  });
}

function refused(reason: SealRefusalReason): ApiError {
  return passkeyErrors.error("stepUpFailed", { reason });
}

function isMissing(assertion: unknown): boolean {
  if (assertion === undefined || assertion === null) return true;
  if (typeof assertion === "string") return assertion.trim() === "";
  return typeof assertion === "object" && !Array.isArray(assertion) && Object.keys(assertion).length === 0;
}

/**
 * Verifies a personal seal for `purpose` and `subject` by `userId`, in the caller's
 * transaction, and uses up its challenge. Throws 403 `step_up_required` when there is
 * no assertion, else 403 `step_up_failed` with a `reason` (see SealRefusal).
 */
export async function verifyPersonalSeal(
  tx: Tx,
  deps: Pick<AppContext, "clock" | "config">,
  input: { userId: string; purpose: string; subject: string; assertion: unknown },
): Promise<{ credentialId: string }> {
  if (isMissing(input.assertion)) {
    throw passkeyErrors.error("stepUpRequired", { message: `this action needs a personal seal for ${input.purpose}` });
  }
  const response = parseAuthenticationResponse(input.assertion);
  const clientData = response && clientDataOf(response.response.clientDataJSON);
  if (!response || !clientData || clientData.type !== "webauthn.get") throw refused(SealRefusal.malformed);

  const now = deps.clock.now();
  const challenge = await findChallenge(tx, "seal", clientData.challenge);
  if (!challenge) throw refused(SealRefusal.unknownChallenge);
  if (challenge.userId !== input.userId) throw refused(SealRefusal.userMismatch);
  if (challenge.purpose !== input.purpose) throw refused(SealRefusal.purposeMismatch);
  if (challenge.subject !== input.subject) throw refused(SealRefusal.subjectMismatch);
  if (challenge.consumedAt !== null) throw refused(SealRefusal.replayed);
  if (challenge.expiresAt <= now) throw refused(SealRefusal.expired);

  const rp = relyingParty(deps.config);
  if (clientData.origin !== rp.origin) throw refused(SealRefusal.wrongOrigin);
  const passkey = await findPasskey(tx, response.id);
  if (!passkey) throw refused(SealRefusal.unknownCredential);
  if (passkey.userId !== input.userId) throw refused(SealRefusal.foreignCredential);

  const check = await checkAssertion(response, expectationsOf(challenge, rp), passkey, true);
  if (!check.ok) throw refused(check.badSignature ? SealRefusal.badSignature : SealRefusal.verificationFailed);

  if (!(await consumeChallenge(tx, challenge, now))) throw refused(SealRefusal.replayed);
  await recordPasskeyUse(tx, passkey.id, check.newCounter, now);
  return { credentialId: passkey.id };
}
