/**
 * The MFA step of every sign-in (spec 4.1): openSignIn asks `holdForMfa` whether the
 * proven first factor may open a session, and deliverSignIn answers a held sign-in with
 * `deliverMfaRequired`. Nothing here opens a session: mfa/verify does, once the code is right.
 */
import type { AppContext } from "../../../../context";
import type { Tx } from "../../../../platform/db/database";
import { ApiError } from "../../../../platform/http/errors";
import type { AppGroupLoginMethods } from "../../apps/schema";
import { createFlowToken } from "../flow-tokens";
import type { MfaRequiredResponse } from "../model";
import type { EndUserRow } from "../schema";
import type { ProvenIdentity, SignInClient } from "../sign-in";
import { MFA_TOKEN_TTL_MS, sendSessionCode, type MfaMode, type PendingSignInData } from "./codes";

export type MfaRequired = typeof MfaRequiredResponse.static;

/** A sign-in held for its SMS second factor: no session yet, only the mfa token. */
export interface PendingMfa {
  kind: "mfa";
  mode: MfaMode;
  mfaToken: string;
  endUser: EndUserRow;
}

/**
 * The MFA step a sign-in needs under the app group's smsMfa setting: off → none;
 * optional → a challenge when the end user has a verified phone; required → a challenge
 * when enrolled, else enrollment.
 */
export function mfaModeFor(smsMfa: AppGroupLoginMethods["smsMfa"], endUser: Pick<EndUserRow, "mfaPhone" | "mfaPhoneVerifiedAt">): MfaMode | null {
  const enrolled = endUser.mfaPhone !== null && endUser.mfaPhoneVerifiedAt !== null;
  if (smsMfa === "off") return null;
  if (enrolled) return "challenge";
  return smsMfa === "required" ? "enroll" : null;
}

/**
 * Inside the sign-in's write: when the app group wants the second factor, stores the
 * pending sign-in as an `mfa` flow token (10 minutes) and returns it instead of a session.
 * A proof that already carries "mfa" (mfa/verify completing the sign-in) passes through.
 */
export async function holdForMfa(tx: Tx, client: SignInClient, proven: ProvenIdentity, now: number): Promise<PendingMfa | null> {
  if (proven.amr.includes("mfa")) return null;
  const mode = mfaModeFor(client.appGroup.loginMethods.smsMfa, proven.endUser);
  if (!mode) return null;
  const pending: PendingSignInData = {
    mode,
    method: proven.method,
    amr: proven.amr,
    created: proven.created,
    redirectUrl: proven.redirectUrl ?? null,
    phone: mode === "challenge" ? proven.endUser.mfaPhone : null,
  };
  const mfaToken = await createFlowToken(
    tx,
    {
      kind: "mfa",
      orgId: client.appGroup.orgId,
      appGroupId: client.appGroup.id,
      applicationId: client.application.id,
      endUserId: proven.endUser.id,
      email: proven.endUser.email,
      data: { ...pending },
      ttlMs: MFA_TOKEN_TTL_MS,
    },
    now,
  );
  return { kind: "mfa", mode, mfaToken, endUser: proven.endUser };
}

/**
 * After the commit: the mfaRequired answer. A challenge texts its code at once; a refused
 * send does not fail the sign-in, it is reported in smsDelivered/smsError and the client
 * may resend. Enrollment sends nothing until the end user names a phone.
 */
export async function deliverMfaRequired(deps: Pick<AppContext, "db" | "clock" | "sms" | "config" | "alimtalkCodes">, client: SignInClient, pending: PendingMfa): Promise<MfaRequired> {
  const held = { mfaRequired: true as const, mode: pending.mode, mfaToken: pending.mfaToken };
  if (pending.mode === "enroll") return { ...held, smsDelivered: null, smsError: null, smsChannel: null };
  try {
    const sent = await sendSessionCode(deps, client, { mfaToken: pending.mfaToken });
    return { ...held, smsDelivered: true, smsError: null, smsChannel: sent.channel };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ...held, smsDelivered: false, smsError: error.code, smsChannel: null };
  }
}
