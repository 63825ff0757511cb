/**
 * Organization OTP (spec 4.4): an owner or admin proves that a phone number (by SMS)
 * or an e-mail address belongs to the organization. Phone sends follow the SMS rules of
 * §8 (sms-coverage.ts); docs/sms-coverage.md records the readings made here.
 *
 * A send is two writes around the outbound call, because the mail and SMS adapters open
 * their own transaction:
 *   1. under locks, check the throttles and caps and insert the code row, undelivered;
 *   2. send; then mark the row delivered, or void it (expiry pulled in to now) if the
 *      adapter refused.
 * A row "counts" toward the cooldown and the caps while it is delivered or still in
 * flight (undelivered and unexpired): a parallel send cannot slip past a cap that an
 * in-flight code is about to fill, and a refused send stops counting at once.
 */
import { timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, gt, gte, inArray, or } from "drizzle-orm";
import type { AppContext } from "../../context";
import { appendAudit } from "../../platform/audit/append";
import { auditEvent } from "../../platform/audit/catalog";
import { ORG_EVENTS } from "./events";
import { toIso } from "../../platform/clock";
import { sha256Hex } from "../../platform/crypto/hash";
import type { Tx } from "../../platform/db/database";
import { enforceRateLimits } from "../../platform/http/rate-limit";
import { newId } from "../../platform/ids";
import { normaliseEmail } from "../identity/index";
import { assertCan } from "./permissions/service";
import type { Caller, OrgActor } from "./access";
import { otpErrors } from "./errors";
import { organizations, otpCodes } from "./schema";
import {
  assertNumberCap,
  assertSmsFuse,
  composeMail,
  composeText,
  coveredNumber,
  FUSED_GROUPS,
  orgEmailCodeMail,
  orgPhoneCodeText,
  smsNumberLock,
  type CoverageGroup,
  type SmsCodeLedger,
} from "../messaging/index";
import { orgMailLanguage } from "./mail-language";

/** Held by Owner and Admin through `org.*`; a custom role may be given it. */
export const OTP_SCOPE = "org.contact.verify";

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
/** One send per organization and destination per 60 s (§8 "normal resend throttling"). */
export const OTP_COOLDOWN_MS = 60_000;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Limits on sends beyond §8, against abuse of the senders (kept in rate_counters). */
export const OTP_SEND_LIMITS = {
  phonePerIpPerHour: 20,
  emailPerIpPerHour: 20,
  /** Per address across organizations, per UTC day: an address is not a mail bomb target. */
  emailPerAddressPerDay: 10,
} as const;

/** Who asks, in which organization, from where. */
/** The client IP is for the per-IP limits; requests without one share one allowance. */
export type OtpCaller = Caller<OrgActor>;

export interface PhoneOtpSent {
  phone: string;
  country: string;
  group: CoverageGroup;
  expiresAt: string;
  resendAfter: string;
}

export interface EmailOtpSent {
  email: string;
  expiresAt: string;
  resendAfter: string;
}

type Channel = "phone" | "email";

/** Texts an OTP code to a covered number, within the §8 limits. */
export async function sendPhoneOtp(deps: Pick<AppContext, "db" | "clock" | "sms" | "config">, caller: OtpCaller, input: { phone: string }): Promise<PhoneOtpSent> {
  assertCan(caller.actor, OTP_SCOPE);
  const { phone, country } = coveredNumber(input.phone, 400);
  const issued = await issueCode(deps, caller, {
    channel: "phone",
    destination: phone,
    coverage: country.group,
    auditPayload: { country: country.iso, group: country.group },
    async checkLimits(tx, now) {
      await assertNumberCap(tx, phone, country.group, now);
      if (FUSED_GROUPS.includes(country.group)) await assertSmsFuse(tx, now, deps.config.smsDailyFuse, 503);
      await enforceRateLimits(tx, [{ key: `otp:phone:ip:${caller.ip ?? "unknown"}`, limit: OTP_SEND_LIMITS.phonePerIpPerHour, windowMs: HOUR_MS }], now, {
        message: "too many codes sent from this address; try again later",
      });
    },
  });
  // Codes only: §8's opt-in rule and +1 opt-out line are for texts other than codes.
  const language = await orgMailLanguage(deps.db.read, caller, null);
  await deliver(deps, issued.id, () => deps.sms.send({ to: phone, text: composeText(orgPhoneCodeText, language, { code: issued.code, minutes: OTP_TTL_MS / 60_000 }) }));
  return { phone, country: country.iso, group: country.group, ...issued.times };
}

/** Checks a texted code; on success the number becomes the organization's verified phone. */
export async function verifyPhoneOtp(deps: Pick<AppContext, "db" | "clock">, caller: OtpCaller, input: { phone: string; code: string }) {
  assertCan(caller.actor, OTP_SCOPE);
  const { phone } = coveredNumber(input.phone, 400);
  const verifiedAt = await consumeCode(deps, caller, "phone", phone, input.code, async (tx, now) => {
    const [org] = await tx.select({ verifiedPhone: organizations.verifiedPhone }).from(organizations).where(eq(organizations.id, caller.org.id));
    await tx.update(organizations).set({ verifiedPhone: phone, phoneVerifiedAt: now }).where(eq(organizations.id, caller.org.id));
    await appendAudit(tx, {
      orgId: caller.org.id,
      ...auditEvent(ORG_EVENTS.orgPhoneVerified, { phone, previousPhone: org?.verifiedPhone ?? null }),
      actor: { kind: "user", id: caller.actor.userId },
      requestId: caller.requestId,
      at: now,
    });
  });
  return { verified: true as const, phone, verifiedAt: toIso(verifiedAt) };
}

/** Mails an OTP code to an address, within the cooldown and the per-address and per-IP limits. */
export async function sendEmailOtp(deps: Pick<AppContext, "db" | "clock" | "mail">, caller: OtpCaller, input: { email: string }): Promise<EmailOtpSent> {
  assertCan(caller.actor, OTP_SCOPE);
  const email = normaliseEmail(input.email);
  const issued = await issueCode(deps, caller, {
    channel: "email",
    destination: email,
    coverage: null,
    auditPayload: {},
    async checkLimits(tx, now) {
      await enforceRateLimits(tx, [{ key: `otp:email:address:${email}`, limit: OTP_SEND_LIMITS.emailPerAddressPerDay, windowMs: DAY_MS }], now, {
        field: "email",
        message: `at most ${OTP_SEND_LIMITS.emailPerAddressPerDay} codes per address per day`,
      });
      await enforceRateLimits(tx, [{ key: `otp:email:ip:${caller.ip ?? "unknown"}`, limit: OTP_SEND_LIMITS.emailPerIpPerHour, windowMs: HOUR_MS }], now, {
        message: "too many codes sent from this address; try again later",
      });
    },
  });
  const language = await orgMailLanguage(deps.db.read, caller, email);
  await deliver(deps, issued.id, () =>
    deps.mail.send({ to: email, ...composeMail(orgEmailCodeMail, language, { code: issued.code, minutes: OTP_TTL_MS / 60_000, org: caller.org.name }) }),
  );
  return { email, ...issued.times };
}

/** Checks a mailed code; on success the address becomes the organization's verified e-mail. */
export async function verifyEmailOtp(deps: Pick<AppContext, "db" | "clock">, caller: OtpCaller, input: { email: string; code: string }) {
  assertCan(caller.actor, OTP_SCOPE);
  const email = normaliseEmail(input.email);
  const verifiedAt = await consumeCode(deps, caller, "email", email, input.code, async (tx, now) => {
    const [org] = await tx.select({ verifiedEmail: organizations.verifiedEmail }).from(organizations).where(eq(organizations.id, caller.org.id));
    await tx.update(organizations).set({ verifiedEmail: email, emailVerifiedAt: now }).where(eq(organizations.id, caller.org.id));
    await appendAudit(tx, {
      orgId: caller.org.id,
      ...auditEvent(ORG_EVENTS.orgEmailVerified, { email, previousEmail: org?.verifiedEmail ?? null }),
      actor: { kind: "user", id: caller.actor.userId },
      requestId: caller.requestId,
      at: now,
    });
  });
  return { verified: true as const, email, verifiedAt: toIso(verifiedAt) };
}

/** Delivered, or in flight: a row that holds a place under the cooldown and the caps. */
function counts(now: number) {
  return or(eq(otpCodes.delivered, true), gt(otpCodes.expiresAt, now));
}

function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

interface CodeRequest {
  channel: Channel;
  destination: string;
  coverage: CoverageGroup | null;
  auditPayload: Record<string, unknown>;
  /** Checks and takes the channel's limits inside the transaction; throws to refuse. */
  checkLimits(tx: Tx, now: number): Promise<void>;
}

/**
 * Step 1 of a send: under the destination's lock, refuse within the cooldown, apply the
 * channel's limits, and insert the code (undelivered) with its audit event. A refusal
 * throws, so the transaction rolls back and nothing is counted.
 */
async function issueCode(deps: Pick<AppContext, "db" | "clock">, caller: OtpCaller, request: CodeRequest) {
  const { channel, destination } = request;
  return deps.db.write(async (tx) => {
    const now = deps.clock.now();
    // One lock per destination (caps are per number or address, across organizations);
    // fixed order (destination, fuse, rate counters, audit) so parallel sends cannot deadlock.
    await tx.lock(channel === "phone" ? smsNumberLock(destination) : `otp:email:${destination}`);
    const [last] = await tx
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.orgId, caller.org.id),
          eq(otpCodes.channel, channel),
          eq(otpCodes.destination, destination),
          gt(otpCodes.createdAt, now - OTP_COOLDOWN_MS),
          counts(now),
        ),
      )
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    if (last) {
      throw otpErrors.error("cooldown", {
        field: channel,
        retryAfterSeconds: secondsUntil(last.createdAt + OTP_COOLDOWN_MS, now),
        message: "one code per 60 seconds",
      });
    }
    await request.checkLimits(tx, now);

    const id = newId();
    const code = randomCode();
    const expiresAt = now + OTP_TTL_MS;
    await tx.insert(otpCodes).values({
      id,
      orgId: caller.org.id,
      userId: caller.actor.userId,
      channel,
      destination,
      coverage: request.coverage,
      codeHash: codeHash(id, code),
      attempts: 0,
      delivered: false,
      expiresAt,
      consumedAt: null,
      createdAt: now,
    });
    await appendAudit(tx, {
      orgId: caller.org.id,
      ...auditEvent(ORG_EVENTS.orgOtpRequested, { channel, destination, ...request.auditPayload }),
      actor: { kind: "user", id: caller.actor.userId },
      requestId: caller.requestId,
      at: now,
    });
    return { id, code, times: { expiresAt: toIso(expiresAt), resendAfter: toIso(now + OTP_COOLDOWN_MS) } };
  });
}

/**
 * Step 2 of a send. Only delivered codes count (§8): a refusal by the adapter voids the
 * code at once (it never reached anyone, and a failed attempt may be recorded with its
 * text) and is answered as the adapter's send_failed.
 */
async function deliver(deps: Pick<AppContext, "db" | "clock">, codeId: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    await deps.db.write(async (tx) => {
      await tx.update(otpCodes).set({ expiresAt: deps.clock.now() }).where(eq(otpCodes.id, codeId));
    });
    throw error;
  }
  await deps.db.write(async (tx) => {
    await tx.update(otpCodes).set({ delivered: true }).where(eq(otpCodes.id, codeId));
  });
}

type CheckOutcome = { ok: true; at: number } | { ok: false; error: "otpInvalid" | "otpUsed" | "otpExpired" | "otpLocked"; attemptsLeft?: number };

/**
 * Checks `code` against the latest live code the organization sent to the destination.
 * A wrong guess is counted (and committed) before the refusal; the 5th wrong guess
 * locks the code. On success the code is consumed and `onVerified` runs in the same
 * transaction. Returns when it was verified.
 */
async function consumeCode(
  deps: Pick<AppContext, "db" | "clock">,
  caller: OtpCaller,
  channel: Channel,
  destination: string,
  code: string,
  onVerified: (tx: Tx, now: number) => Promise<void>,
): Promise<number> {
  const outcome = await deps.db.write(async (tx): Promise<CheckOutcome> => {
    const now = deps.clock.now();
    await tx.lock(`otp:verify:${caller.org.id}:${channel}:${destination}`);
    // Voided codes (refused sends) are skipped; an expired or used one is found and named.
    const [row] = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.orgId, caller.org.id), eq(otpCodes.channel, channel), eq(otpCodes.destination, destination), counts(now)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    if (!row) return { ok: false, error: "otpInvalid" };
    if (row.consumedAt !== null) return { ok: false, error: "otpUsed" };
    if (row.expiresAt <= now) return { ok: false, error: "otpExpired" };
    if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, error: "otpLocked" };
    if (!sameHash(row.codeHash, codeHash(row.id, code))) {
      await tx.update(otpCodes).set({ attempts: row.attempts + 1 }).where(eq(otpCodes.id, row.id));
      return { ok: false, error: "otpInvalid", attemptsLeft: OTP_MAX_ATTEMPTS - row.attempts - 1 };
    }
    await tx.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, row.id));
    await onVerified(tx, now);
    return { ok: true, at: now };
  });
  if (!outcome.ok) {
    const { error, attemptsLeft } = outcome;
    throw otpErrors.error(error, { field: "code", ...(attemptsLeft === undefined ? {} : { attemptsLeft }) });
  }
  return outcome.at;
}

/** Six digits, uniform: rejection sampling keeps 000000-999999 equally likely. */
export function randomCode(): string {
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0]! < limit) return String(buffer[0]! % 1_000_000).padStart(6, "0");
  }
}

/** SHA-256 of the code salted with its row id: equal codes never share a hash. */
export function codeHash(rowId: string, code: string): string {
  return sha256Hex(`${rowId}:${code}`);
}

export function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a, "hex"), Buffer.from(b, "hex"));
}

/** Phone codes of the organization OTP, for the §8 limits shared with every kind of texted code (messaging). */
export const otpSmsLedger: SmsCodeLedger = {
  async sentTo(tx, phone, since, now) {
    const rows = await tx.select({ createdAt: otpCodes.createdAt }).from(otpCodes).where(and(eq(otpCodes.destination, phone), gt(otpCodes.createdAt, since), phoneCodeCounts(now)));
    return rows.map((row) => row.createdAt);
  },
  async sentToGroups(tx, groups, dayStart, now) {
    const [row] = await tx.select({ n: count() }).from(otpCodes).where(and(inArray(otpCodes.coverage, [...groups]), gte(otpCodes.createdAt, dayStart), phoneCodeCounts(now)));
    return row?.n ?? 0;
  },
};

function phoneCodeCounts(now: number) {
  return and(eq(otpCodes.channel, "phone"), or(eq(otpCodes.delivered, true), gt(otpCodes.expiresAt, now)));
}
