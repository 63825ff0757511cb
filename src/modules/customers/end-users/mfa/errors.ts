/**
 * Error codes of end-user SMS MFA (spec 4.1, §7, §8); docs/end-users.md "SMS MFA" lists
 * when each is given. The send failures reuse the codes of the organization OTP and of
 * the outbound kernel, so a client reads one vocabulary for every SMS code.
 */
import { OutboundErrors } from "../../../../platform/outbound/errors";
import { OtpErrors } from "../../../orgs/index";
import { SmsLimitErrors } from "../../../messaging/index";

export const MfaErrors = {
  /** 502: a "+" number that is not plausible E.164. */
  invalidNumber: OtpErrors.invalidNumber,
  /** 502: outside the §8 coverage list (a number without "+" included); nothing is sent or counted. */
  regionNotSupported: OtpErrors.regionNotSupported,
  /** 502 when the gateway refused the text; 503 when no SMS provider is configured. */
  sendFailed: OutboundErrors.sendFailed,
  /** 429: a code went out on this MFA session less than 60 s ago. */
  cooldown: OtpErrors.cooldown,
  /** 429: Limited 2, Restricted 1 delivered code per number per 24 h. */
  regionDailyLimit: SmsLimitErrors.regionDailyLimit,
  /** 429: the platform-wide daily fuse of Limited and Restricted is used up. */
  regionFuse: SmsLimitErrors.regionFuse,
  /** 400: wrong code; the body carries attemptsLeft. */
  codeInvalid: "mfa_code_invalid",
  /** 400: no code has gone out on this MFA session yet (or the last one expired). */
  codeNotSent: "mfa_code_not_sent",
  /** 400: five wrong codes: the MFA session is dead and the sign-in starts over. */
  locked: "mfa_locked",
  /** 400: enroll/send on a session that challenges an enrolled phone. */
  modeMismatch: "mfa_mode_mismatch",
  /** 400: resend in enroll mode before any enroll/send named a phone. */
  phoneRequired: "mfa_phone_required",
} as const;
