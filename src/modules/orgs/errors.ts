/**
 * Error codes of organizations (create, types, representative, sub-organizations, plans),
 * the plan gates, the settings sections orgs checks and the contact OTP, with their
 * statuses (DESIGN §7); docs/organizations.md and docs/sms-coverage.md list when each is given.
 */
import { defineErrors } from "../../platform/http/error-catalog";
import { SmsLimitErrors } from "../messaging/index";

export const orgErrors = defineErrors({
  invalidName: { code: "invalid_name", status: 400, message: "a name that is blank, over 200 characters or carries control characters" },
  invalidSlug: { code: "invalid_slug", status: 400, message: "a slug that is not 1 to 48 of a-z, 0-9 and inner single hyphens, or is a reserved word" },
  slugTaken: { code: "slug_taken", status: 409, message: "the slug belongs to another organization" },
  notFound: { code: "not_found", status: 404, message: "no such organization" },
  invalidPhone: { code: "invalid_phone", status: 400, message: "a phone number that is not E.164: + then the country code and number, 8 to 15 digits" },
  representativeNotApplicable: { code: "representative_not_applicable", status: 409, message: "a personal organization has no representative director; upgrade its type first" },
  typeDowngradeNotAllowed: { code: "type_downgrade_not_allowed", status: 409, message: "an organization's type does not go back to personal" },
  typeChangeNotAllowed: { code: "type_change_not_allowed", status: 409, message: "a type change off the allowed upgrades (allowed lists them)" },
  subOrgNestingLimit: { code: "sub_org_nesting_limit", status: 409, message: "a sub-organization cannot have sub-organizations of its own" },
  subOrgLimitReached: { code: "sub_org_limit_reached", status: 409, message: "the organization holds as many sub-organizations as it may (limit, current)" },
  invalidPlan: { code: "invalid_plan", status: 400, message: "a plan that is not one of free, pro, pro_plus, business, enterprise" },
  planFollowsParent: { code: "plan_follows_parent", status: 409, message: "a sub-organization follows its parent's plan (parentSlug)" },
});

/** The plan gates of plans.ts (spec §7 bodies). */
export const planErrors = defineErrors({
  upgradeRequired: { code: "UPGRADE_REQUIRED", status: 403, message: "the organization's plan does not include this: `feature` names what needs a higher plan (with limit and current for a counted limit)" },
  addonRequired: { code: "ADDON_REQUIRED", status: 402, message: "the add-on (addon) is not enabled for the organization" },
});

/** The checks the settings sections make beyond their schemas, with the failing `field`. */
export const settingsErrors = defineErrors({
  invalidHostname: { code: "invalid_hostname", status: 400, message: "not a public DNS hostname such as login.example.com (IPs and single labels are refused)" },
  duplicateValue: { code: "duplicate_value", status: 400, message: "a list entry that must appear once appears twice" },
  invalidUrl: { code: "invalid_url", status: 400, message: "not an http or https URL" },
  invalidLocale: { code: "invalid_locale", status: 400, message: "not a BCP 47 language tag such as en or ko-KR" },
  invalidTimezone: { code: "invalid_timezone", status: 400, message: "not an IANA time zone such as Asia/Seoul or UTC" },
  invalidEmail: { code: "invalid_email", status: 400, message: "not an e-mail address" },
});

/**
 * The organization's contact OTP (docs/sms-coverage.md). The number checks and the SMS
 * limits are messaging's (sms-usage.ts), thrown with the statuses the OTP picks.
 */
export const otpErrors = defineErrors({
  invalidNumber: { code: SmsLimitErrors.invalidNumber, status: 400, message: `a "+" number that is not plausible E.164` },
  regionNotSupported: { code: SmsLimitErrors.regionNotSupported, status: 400, message: "the number is outside the SMS coverage list; nothing is sent, stored or counted" },
  cooldown: { code: "cooldown", status: 429, message: "this organization sent a code to this destination less than 60 s ago" },
  regionDailyLimit: { code: SmsLimitErrors.regionDailyLimit, status: 429, message: "Limited 2, Restricted 1 delivered code per number per 24 h" },
  regionFuse: { code: SmsLimitErrors.regionFuse, status: 503, message: "the platform-wide daily allowance that Limited and Restricted share is used up" },
  rateLimited: { code: "rate_limited", status: 429, message: "too many sends from this client IP, or codes to this address today; retry after Retry-After seconds" },
  otpInvalid: { code: "otp_invalid", status: 400, message: "a wrong code (attemptsLeft), or no live code for this destination" },
  otpExpired: { code: "otp_expired", status: 400, message: "the code is more than 10 minutes old" },
  otpUsed: { code: "otp_used", status: 400, message: "the code was already verified" },
  otpLocked: { code: "otp_locked", status: 400, message: "5 wrong attempts; request a new code" },
});

export const OtpErrors = otpErrors.codes;
