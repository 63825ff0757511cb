/**
 * mfa/verify (spec 4.1): the right code completes the held sign-in. Sending codes is in
 * codes.ts; holding the sign-in in pending.ts.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "../../../../context";
import { endUserErrors } from "../errors";
import { consumeFlowToken, countFlowTokenAttempt } from "../flow-tokens";
import { endUserMfaCodes, endUsers } from "../schema";
import { assertCanSignIn, findEndUserById } from "../service";
import { completeSignIn, recordFailedSignIn, type OpenedSession, type SignInClient, type SignInMethod } from "../sign-in";
import { requireTokenSigner } from "../tokens";
import { codeMatches, liveCodeOf, MFA_MAX_ATTEMPTS, pendingSignInOf, readMfaToken } from "./codes";
import { MfaErrors, mfaErrors } from "./errors";

/** RFC 8176 methods a completed SMS second factor adds to the first factor's. */
export const SMS_MFA_AMR = ["sms", "mfa"] as const;

type Refusal = { error: "codeNotSent" | "codeInvalid" | "locked"; attemptsLeft?: number; endUserId: string | null };

/**
 * Checks the code against the session's latest delivered code. Right: the mfa token is
 * consumed, an enrollment stores the phone as the end user's verified mfaPhone, and the
 * sign-in completes with amr + ["sms", "mfa"] (the method stays the first factor's).
 * Wrong: the guess is counted and committed first; the fifth locks the session (mfa_locked).
 */
export async function verifyMfaCode(
  deps: Pick<AppContext, "db" | "clock" | "secrets" | "keyring">,
  client: SignInClient,
  input: { mfaToken: string; code: string },
): Promise<OpenedSession> {
  await requireTokenSigner(deps, client.appGroup.orgId);
  const outcome = await deps.db.write(async (tx): Promise<{ opened: OpenedSession } | { refused: Refusal }> => {
    const now = deps.clock.now();
    const token = await readMfaToken(tx, input.mfaToken, client, now);
    const code = await liveCodeOf(tx, token.id, now);
    if (!code) return { refused: { error: "codeNotSent", endUserId: token.endUserId } };
    if (!codeMatches(code, input.code)) {
      const attemptsLeft = MFA_MAX_ATTEMPTS - (await countFlowTokenAttempt(tx, token));
      return { refused: { error: attemptsLeft > 0 ? "codeInvalid" : "locked", attemptsLeft, endUserId: token.endUserId } };
    }
    const found = token.endUserId ? await findEndUserById(tx, client.appGroup.id, token.endUserId) : null;
    if (!found) throw endUserErrors.error("invalidToken", { field: "mfaToken", message: "this sign-in is no longer valid; sign in again" });
    assertCanSignIn(found);
    await consumeFlowToken(tx, "mfa", input.mfaToken, { appGroupId: client.appGroup.id, applicationId: client.application.id }, now);
    await tx.update(endUserMfaCodes).set({ usedAt: now }).where(eq(endUserMfaCodes.id, code.id));
    const pending = pendingSignInOf(token);
    let endUser = found;
    if (pending.mode === "enroll") {
      [endUser] = await tx.update(endUsers).set({ mfaPhone: code.phone, mfaPhoneVerifiedAt: now, updatedAt: now }).where(eq(endUsers.id, found.id)).returning();
    }
    const opened = await completeSignIn(
      tx,
      client,
      { endUser: endUser!, created: pending.created, method: pending.method as SignInMethod, amr: [...pending.amr, ...SMS_MFA_AMR], redirectUrl: pending.redirectUrl },
      now,
    );
    return { opened };
  });
  if ("opened" in outcome) return outcome.opened;
  const { error, attemptsLeft, endUserId } = outcome.refused;
  await recordFailedSignIn(deps, client, { method: "mfa_sms", reason: MfaErrors[error], endUserId });
  throw mfaErrors.error(error, {
    field: "code",
    ...(attemptsLeft === undefined ? {} : { attemptsLeft }),
    message: error === "codeNotSent" ? "no code has been sent for this sign-in yet" : attemptsLeft ? "wrong code" : "too many wrong codes; sign in again",
  });
}
