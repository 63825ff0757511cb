/**
 * Error codes of the §8 SMS checks every texted code shares (sms-usage.ts), with their
 * statuses (DESIGN §7). A caller picks the status where a code has two: the organization
 * OTP answers the number checks 400 and the fuse 503, end-user SMS MFA 502 and 429.
 * Messaging mounts no module: the domains that text codes declare the codes in their own
 * catalogs with the statuses they answer (orgs' otpErrors, customers' mfaErrors).
 */
import { defineErrors } from "../../platform/http/error-catalog";

export const smsLimitErrors = defineErrors({
  invalidNumber: { code: "invalid_number", status: [400, 502], message: `a "+" number that is not plausible E.164` },
  regionNotSupported: { code: "region_not_supported", status: [400, 502], message: "the number is outside the SMS coverage list; nothing is sent or counted" },
  regionDailyLimit: { code: "region_daily_limit", status: 429, message: "Limited 2, Restricted 1 delivered code per number per 24 h" },
  regionFuse: { code: "region_fuse", status: [429, 503], message: "the platform-wide daily allowance that Limited and Restricted share is used up" },
});

export const SmsLimitErrors = smsLimitErrors.codes;
