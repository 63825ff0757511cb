/**
 * The §8 SMS limits that span every kind of code the platform texts: the per-number cap
 * of Limited and Restricted numbers and the platform-wide daily fuse they share. Codes
 * are counted across every kind together (the organization OTP and end-user SMS MFA
 * today), so no kind can spend another's allowance twice. Each domain that texts codes
 * keeps them in its own table and registers an `SmsCodeLedger` that counts them.
 *
 * A code counts while it is delivered or in flight (undelivered and unexpired): a refused
 * send is voided by pulling its expiry in to the failure, and stops counting at once.
 * Callers hold `smsNumberLock(phone)` before checking a number, and these functions take
 * the fuse lock after it: always number, then fuse, so parallel sends cannot deadlock.
 */
import type { Tx } from "../../platform/db/database";
import { smsLimitErrors } from "./errors";
import { classifyPhone, DAILY_CODES_PER_NUMBER, FUSED_GROUPS, type CoverageGroup, type CoveredCountry } from "./sms-coverage";

const DAY_MS = 86_400_000;

/** The lock every sender of codes to `phone` takes first (the organization OTP's destination lock). */
export function smsNumberLock(phone: string): string {
  return `otp:phone:${phone}`;
}

/** One kind of texted code, counted where it is kept; only codes that still count (see above). */
export interface SmsCodeLedger {
  /** When the codes sent to `phone` after `since` were created. */
  sentTo(tx: Tx, phone: string, since: number, now: number): Promise<number[]>;
  /** How many codes went to numbers of `groups` since `dayStart`. */
  sentToGroups(tx: Tx, groups: readonly CoverageGroup[], dayStart: number, now: number): Promise<number>;
}

const ledgers = new Map<string, SmsCodeLedger>();

/** Adds (or replaces) the ledger of one kind of code; called by the owning domain's init. */
export function registerSmsCodeLedger(kind: string, ledger: SmsCodeLedger): void {
  ledgers.set(kind, ledger);
}

function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

/**
 * §8 per-number cap of a Limited or Restricted number over the last 24 hours, across
 * organizations and code kinds: 429 region_daily_limit with the wait until room returns.
 */
export async function assertNumberCap(tx: Tx, phone: string, group: CoverageGroup, now: number): Promise<void> {
  const cap = DAILY_CODES_PER_NUMBER[group];
  if (cap === null) return;
  const since = now - DAY_MS;
  const sent: number[] = [];
  for (const ledger of ledgers.values()) sent.push(...(await ledger.sentTo(tx, phone, since, now)));
  sent.sort((a, b) => a - b);
  if (sent.length < cap) return;
  // Room returns when enough of the oldest codes have left the 24-hour window.
  const freesUpAt = sent[sent.length - cap]! + DAY_MS;
  throw smsLimitErrors.error("regionDailyLimit", {
    field: "phone",
    group,
    limit: cap,
    retryAfterSeconds: secondsUntil(freesUpAt, now),
    message: `at most ${cap} code${cap === 1 ? "" : "s"} per number per 24 hours in this country`,
  });
}

/**
 * The platform-wide safety fuse that Limited and Restricted share: codes to those groups,
 * every organization and code kind together, per UTC day. Refused with `status` and
 * region_fuse until midnight UTC (the organization OTP answers 503, end-user MFA 429).
 */
export async function assertSmsFuse(tx: Tx, now: number, fuse: number, status: 429 | 503): Promise<void> {
  await tx.lock("otp:sms-fuse");
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  let sent = 0;
  for (const ledger of ledgers.values()) sent += await ledger.sentToGroups(tx, FUSED_GROUPS, dayStart, now);
  if (sent < fuse) return;
  throw smsLimitErrors.error("regionFuse", {
    status,
    field: "phone",
    retryAfterSeconds: secondsUntil(dayStart + DAY_MS, now),
    message: "the daily allowance of codes to this country group is used up; try again after midnight UTC",
  });
}

/**
 * The number in E.164 and its covered country, else invalid_number / region_not_supported
 * naming the field `phone`: 400 for the org OTP, 502 for end-user MFA (spec 4.1).
 */
export function coveredNumber(input: string, status: 400 | 502): { phone: string; country: CoveredCountry } {
  const coverage = classifyPhone(input);
  switch (coverage.kind) {
    case "covered":
      return { phone: coverage.phone, country: coverage.country };
    case "invalid":
      throw smsLimitErrors.error("invalidNumber", { status, field: "phone", message: coverage.reason });
    case "not_supported":
      throw smsLimitErrors.error("regionNotSupported", {
        status,
        field: "phone",
        country: coverage.region,
        message:
          coverage.phone === null
            ? "phone numbers are E.164: + and the country code"
            : `codes are not texted to ${coverage.regionName ?? "this country"}; see the SMS coverage list`,
      });
  }
}
