/**
 * Error codes of end-user SMS MFA (spec 4.1, §7, §8); docs/end-users.md "SMS MFA" lists
 * when each is given. The send failures reuse the codes of the organization OTP and of
 * the outbound kernel, so a client reads one vocabulary for every SMS code.
 */
import { defineErrors } from "../../../../platform/http/error-catalog";
import { OutboundErrors } from "../../../../platform/outbound/errors";
import { OtpErrors } from "../../../orgs/index";
import { SmsLimitErrors } from "../../../messaging/index";

export const mfaErrors = defineErrors({
  invalidNumber: { code: OtpErrors.invalidNumber, status: 502, message: `a "+" number that is not plausible E.164` },
  regionNotSupported: { code: OtpErrors.regionNotSupported, status: 502, message: `outside the §8 coverage list (a number without "+" included); nothing is sent or counted` },
  sendFailed: { code: OutboundErrors.sendFailed, status: [502, 503], message: "502 when the gateway refused the text; 503 when no SMS provider is configured" },
  cooldown: { code: OtpErrors.cooldown, status: 429, message: "a code went out on this MFA session less than 60 s ago" },
  regionDailyLimit: { code: SmsLimitErrors.regionDailyLimit, status: 429, message: "Limited 2, Restricted 1 delivered code per number per 24 h" },
  regionFuse: { code: SmsLimitErrors.regionFuse, status: 429, message: "the platform-wide daily fuse of Limited and Restricted is used up" },
  codeInvalid: { code: "mfa_code_invalid", status: 400, message: "wrong code; the body carries attemptsLeft" },
  codeNotSent: { code: "mfa_code_not_sent", status: 400, message: "no code has gone out on this MFA session yet (or the last one expired)" },
  locked: { code: "mfa_locked", status: 400, message: "five wrong codes: the MFA session is dead and the sign-in starts over" },
  modeMismatch: { code: "mfa_mode_mismatch", status: 400, message: "enroll/send on a session that challenges an enrolled phone" },
  phoneRequired: { code: "mfa_phone_required", status: 400, message: "resend in enroll mode before any enroll/send named a phone" },
});

export const MfaErrors = mfaErrors.codes;
