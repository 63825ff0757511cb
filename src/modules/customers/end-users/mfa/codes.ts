/**
 * SMS codes of end-user MFA (spec 4.1, §8). A pending sign-in is an `mfa` flow token (its
 * "session"); every code sent on it is a row of end_user_mfa_codes.
 *
 * A send is two writes around the SMS adapter, which opens its own transaction (as the
 * organization OTP does, src/modules/orgs/otp.ts):
 *   1. under the token's lock, then the number's, then the fuse's: check the cooldown,
 *      the §8 per-number cap, the shared fuse and the per-IP limit, and insert the code
 *      row undelivered;
 *   2. send; then mark the row delivered, or void it (expiry pulled in to now) when the
 *      adapter refused, so a failed send counts toward nothing, not even the cooldown.
 */
import { and, count, desc, eq, gt, gte, inArray, isNull, or } from "drizzle-orm";
import type { AppContext } from "../../../../context";
import type { Tx } from "../../../../platform/db/database";
import { enforceRateLimits } from "../../../../platform/http/rate-limit";
import { newId } from "../../../../platform/ids";
import { readFlowToken } from "../flow-tokens";
import { endUserMfaCodes, type EndUserFlowTokenRow } from "../schema";
import type { SignInClient } from "../sign-in";
import { codeHash, randomCode, sameHash } from "../../../orgs/index";
import { assertNumberCap, assertSmsFuse, composeText, coveredNumber, endUserSignInCodeText, FUSED_GROUPS, smsNumberLock, type SmsCodeLedger } from "../../../messaging/index";
import { mfaErrors } from "./errors";

export const MFA_TOKEN_TTL_MS = 10 * 60_000;
export const MFA_CODE_TTL_MS = 10 * 60_000;
export const MFA_MAX_ATTEMPTS = 5;
/** One send per MFA session per 60 s (§8 "MFA resend"). */
export const MFA_RESEND_COOLDOWN_MS = 60_000;
/** Against SMS pumping through many sessions from one place (kept in rate_counters). */
export const MFA_SENDS_PER_IP_PER_HOUR = 20;

/**
 * sms, or alimtalk when the app group has linked a Kakao business channel and the number
 * is Korean (spec 4.4): commerce, above this domain, hands the sender down as the
 * context's `alimtalkCodes` port. It answers which channel carried the code (its
 * provider falls back to SMS itself), or null when the group has no channel or the
 * provider cannot be reached; then the code goes as SMS.
 */
export type MfaChannel = "sms" | "alimtalk";
const CHANNEL: MfaChannel = "sms";

export interface AlimtalkCodes {
  send(input: { orgId: string; appGroupId: string; phone: string; code: string; text: string }): Promise<MfaChannel | null>;
}

export type MfaMode = "challenge" | "enroll";

/** What an `mfa` flow token carries: the sign-in that completes once the code is right. */
export interface PendingSignInData {
  mode: MfaMode;
  /** The first factor's method and amr (end_user_sign_ins.method keeps the first factor). */
  method: string;
  amr: string[];
  created: boolean;
  redirectUrl: string | null;
  /** Challenge mode: the enrolled number, fixed when the sign-in started. Null in enroll mode. */
  phone: string | null;
}

const HOUR_MS = 3_600_000;

export function pendingSignInOf(token: EndUserFlowTokenRow): PendingSignInData {
  return token.data as unknown as PendingSignInData;
}

/**
 * The live `mfa` token of this application, locked for the transaction; 400 mfa_locked
 * once five wrong codes were given (plus readFlowToken's invalid/used/expired codes).
 */
export async function readMfaToken(tx: Tx, mfaToken: string, client: SignInClient, now: number): Promise<EndUserFlowTokenRow> {
  const token = await readFlowToken(tx, "mfa", mfaToken, { appGroupId: client.appGroup.id, applicationId: client.application.id }, now);
  if (token.attempts >= MFA_MAX_ATTEMPTS) {
    throw mfaErrors.error("locked", { field: "code", attemptsLeft: 0, message: "too many wrong codes; sign in again" });
  }
  return token;
}

/** The end user names the number to enroll (enroll mode only). */
export function sendEnrollmentCode(deps: SendDeps, client: SignInClient, input: { mfaToken: string; phone: string }) {
  return sendCode(deps, client, input.mfaToken, async (_tx, token) => {
    if (pendingSignInOf(token).mode !== "enroll") {
      throw mfaErrors.error("modeMismatch", { field: "mfaToken", message: "this sign-in challenges the enrolled phone; use mfa/challenge/resend" });
    }
    return input.phone;
  });
}

/**
 * A fresh code to the phone on the session: the enrolled number in challenge mode (also
 * the first code of a challenge), the last number named in enroll mode.
 */
export function sendSessionCode(deps: SendDeps, client: SignInClient, input: { mfaToken: string }) {
  return sendCode(deps, client, input.mfaToken, async (tx, token) => {
    const pending = pendingSignInOf(token);
    if (pending.phone) return pending.phone;
    const [last] = await tx.select({ phone: endUserMfaCodes.phone }).from(endUserMfaCodes).where(eq(endUserMfaCodes.flowTokenId, token.id)).orderBy(desc(endUserMfaCodes.createdAt)).limit(1);
    if (!last) throw mfaErrors.error("phoneRequired", { field: "phone", message: "name the phone to enroll with mfa/enroll/send first" });
    return last.phone;
  });
}

/** The latest delivered, live, unused code of the session, or null. */
export async function liveCodeOf(tx: Tx, flowTokenId: string, now: number) {
  const [row] = await tx
    .select()
    .from(endUserMfaCodes)
    .where(and(eq(endUserMfaCodes.flowTokenId, flowTokenId), eq(endUserMfaCodes.delivered, true), isNull(endUserMfaCodes.usedAt), gt(endUserMfaCodes.expiresAt, now)))
    .orderBy(desc(endUserMfaCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** Codes are made, salted and compared exactly as the organization OTP's are. */
export function codeMatches(row: { id: string; codeHash: string }, code: string): boolean {
  return sameHash(row.codeHash, codeHash(row.id, code));
}

type SendDeps = Pick<AppContext, "db" | "clock" | "sms" | "config" | "alimtalkCodes">;

async function sendCode(
  deps: SendDeps,
  client: SignInClient,
  mfaToken: string,
  choosePhone: (tx: Tx, token: EndUserFlowTokenRow) => Promise<string>,
): Promise<{ sent: true; channel: MfaChannel }> {
  assertSmsProvider(deps);
  const issued = await deps.db.write(async (tx) => {
    const now = deps.clock.now();
    const token = await readMfaToken(tx, mfaToken, client, now);
    const { phone, country } = coveredNumber(await choosePhone(tx, token), 502);
    await assertCooldown(tx, token.id, now);
    await tx.lock(smsNumberLock(phone));
    await assertNumberCap(tx, phone, country.group, now);
    if (FUSED_GROUPS.includes(country.group)) await assertSmsFuse(tx, now, deps.config.smsDailyFuse, 429);
    await enforceRateLimits(tx, [{ key: `mfa:sms:ip:${client.ip ?? "unknown"}`, limit: MFA_SENDS_PER_IP_PER_HOUR, windowMs: HOUR_MS }], now, {
      message: "too many codes sent from this address; try again later",
    });
    const id = newId();
    const code = randomCode();
    await tx.insert(endUserMfaCodes).values({
      id,
      flowTokenId: token.id,
      orgId: client.appGroup.orgId,
      endUserId: token.endUserId!,
      phone,
      country: country.iso,
      coverageGroup: country.group,
      channel: CHANNEL,
      codeHash: codeHash(id, code),
      delivered: false,
      expiresAt: now + MFA_CODE_TTL_MS,
      createdAt: now,
    });
    return { id, code, phone, korean: country.iso === "KR" };
  });
  let channel: MfaChannel;
  try {
    // Codes only: §8's opt-in rule and +1 opt-out line are for texts other than codes.
    // No brand name in the text, so nobody can put their own words into an SMS.
    const text = composeText(endUserSignInCodeText, client.language ?? "en", { code: issued.code, minutes: MFA_CODE_TTL_MS / 60_000 });
    channel = (issued.korean ? await viaAlimtalk(deps, client, issued.phone, issued.code, text) : null) ?? (await deps.sms.send({ to: issued.phone, text }), CHANNEL);
  } catch (error) {
    await deps.db.write((tx) => tx.update(endUserMfaCodes).set({ expiresAt: deps.clock.now() }).where(eq(endUserMfaCodes.id, issued.id)));
    throw error;
  }
  await deps.db.write((tx) => tx.update(endUserMfaCodes).set({ delivered: true, channel }).where(eq(endUserMfaCodes.id, issued.id)));
  return { sent: true, channel };
}

/** The code as alimtalk when the group has a channel; null (send it as SMS) when it has none or the provider cannot be reached (the port logs why). */
async function viaAlimtalk(deps: SendDeps, client: SignInClient, phone: string, code: string, text: string): Promise<MfaChannel | null> {
  if (!deps.alimtalkCodes) return null;
  return deps.alimtalkCodes.send({ orgId: client.appGroup.orgId, appGroupId: client.appGroup.id, phone, code, text });
}

/**
 * 503 send_failed without an SMS gateway: the dev outbox only records texts, so a code
 * would reach nobody. In developer mode (SIGNET_DEV=1) the outbox is the provider, and
 * codes can be read at /api/dev/outbox.
 */
function assertSmsProvider(deps: Pick<AppContext, "sms" | "config">): void {
  if (deps.sms.delivers || deps.config.dev) return;
  throw mfaErrors.error("sendFailed", { status: 503, channel: CHANNEL, message: "no SMS provider is configured" });
}

/** 429 cooldown while a delivered or in-flight code of this session is less than 60 s old. */
async function assertCooldown(tx: Tx, flowTokenId: string, now: number): Promise<void> {
  const [last] = await tx
    .select({ createdAt: endUserMfaCodes.createdAt })
    .from(endUserMfaCodes)
    .where(
      and(
        eq(endUserMfaCodes.flowTokenId, flowTokenId),
        gt(endUserMfaCodes.createdAt, now - MFA_RESEND_COOLDOWN_MS),
        or(eq(endUserMfaCodes.delivered, true), gt(endUserMfaCodes.expiresAt, now)),
      ),
    )
    .orderBy(desc(endUserMfaCodes.createdAt))
    .limit(1);
  if (!last) return;
  throw mfaErrors.error("cooldown", {
    retryAfterSeconds: Math.max(1, Math.ceil((last.createdAt + MFA_RESEND_COOLDOWN_MS - now) / 1000)),
    message: "one code per 60 seconds",
  });
}

/** End-user SMS MFA codes, for the §8 limits shared with every kind of texted code (messaging). */
export const mfaSmsLedger: SmsCodeLedger = {
  async sentTo(tx, phone, since, now) {
    const rows = await tx
      .select({ createdAt: endUserMfaCodes.createdAt })
      .from(endUserMfaCodes)
      .where(and(eq(endUserMfaCodes.phone, phone), gt(endUserMfaCodes.createdAt, since), mfaCodeCounts(now)));
    return rows.map((row) => row.createdAt);
  },
  async sentToGroups(tx, groups, dayStart, now) {
    const [row] = await tx
      .select({ n: count() })
      .from(endUserMfaCodes)
      .where(and(inArray(endUserMfaCodes.coverageGroup, [...groups]), gte(endUserMfaCodes.createdAt, dayStart), mfaCodeCounts(now)));
    return row?.n ?? 0;
  },
};

function mfaCodeCounts(now: number) {
  return or(eq(endUserMfaCodes.delivered, true), gt(endUserMfaCodes.expiresAt, now));
}
