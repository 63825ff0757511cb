/**
 * Organization phone and e-mail OTP (4.4): /otp/send, /otp/verify, /otp/email/send,
 * /otp/email/verify. The rules live in otp.ts and sms-coverage.ts.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { callerOf } from "./access";
import { orgGuard } from "./guard";
import { sendEmailOtp, sendPhoneOtp, verifyEmailOtp, verifyPhoneOtp } from "./otp";

const Phone = t.String({ minLength: 1, maxLength: 32, description: "E.164, e.g. +14155550123; spaces, hyphens, dots and parentheses are ignored" });
const Email = t.String({ minLength: 1, maxLength: 320, description: "the address to confirm; compared lower-case" });
const Code = t.String({ pattern: "^[0-9]{6}$", description: "the six digits that were sent" });
const IsoTime = t.String({ format: "date-time" });

const Sent = {
  expiresAt: t.String({ format: "date-time", description: "the code is valid for 10 minutes" }),
  resendAfter: t.String({ format: "date-time", description: "the next send to this destination is refused (cooldown) before this time" }),
};

const LIMITS_TEXT =
  "Refusals change nothing and count toward nothing. 429 and 503 answers carry `retryAfterSeconds` and a `Retry-After` header. " +
  "Only owners and admins (scope `org.contact.verify`) may call it: others get 403 PERMISSION_DENIED; a non-member gets 404.";


export function otpRoutes(ctx: AppContext) {
  return new Elysia({ name: "orgs.otp" })
    .use(orgGuard(ctx))
    .post("/api/org/:slug/otp/send", ({ org, orgActor, body, request }) => sendPhoneOtp(ctx, callerOf(org, orgActor, request), body), {
      org: true,
      body: t.Object({ phone: Phone }),
      response: t.Object({
        phone: t.String({ description: "the number in E.164" }),
        country: t.String({ description: "ISO 3166-1 alpha-2" }),
        group: t.Union([t.Literal("standard"), t.Literal("limited"), t.Literal("restricted")]),
        ...Sent,
      }),
      detail: {
        tags: ["Organizations"],
        summary: "Text a verification code to the organization's phone",
        description:
          "Sends a six-digit code by SMS, under the SMS rules of section 8 (docs/sms-coverage.md). " +
          "400 `invalid_number` (a + number that is not E.164), 400 `region_not_supported` with `country` when known " +
          "(outside the 76 covered countries, Caribbean and Atlantic +1 area codes, or no leading +; nothing is sent or counted); " +
          "429 `cooldown` (this organization texted this number less than 60 s ago); " +
          "429 `region_daily_limit` with `group` and `limit` (Limited: 2, Restricted: 1 delivered code per number per 24 h, across organizations); " +
          "503 `region_fuse` (the platform-wide daily allowance shared by Limited and Restricted is used up until midnight UTC); " +
          "429 `rate_limited` (more than 20 sends per client IP per hour); 502 `send_failed` (the gateway refused; the code is void and counts toward nothing). " +
          LIMITS_TEXT,
      },
    })
    .post("/api/org/:slug/otp/verify", ({ org, orgActor, body, request }) => verifyPhoneOtp(ctx, callerOf(org, orgActor, request), body), {
      org: true,
      body: t.Object({ phone: Phone, code: Code }),
      response: t.Object({ verified: t.Literal(true), phone: t.String(), verifiedAt: IsoTime }),
      detail: {
        tags: ["Organizations"],
        summary: "Verify the organization's phone with the texted code",
        description:
          "Checks the latest code texted to the number for this organization; on success the number becomes the organization's " +
          "verified phone (audit `org.phone_verified`). 400 with `field: code`: `otp_invalid` (wrong code, with `attemptsLeft`; " +
          "also when no code was sent), `otp_locked` (5 wrong attempts: request a new code), `otp_expired` (after 10 minutes), `otp_used`. " +
          LIMITS_TEXT,
      },
    })
    .post("/api/org/:slug/otp/email/send", ({ org, orgActor, body, request }) => sendEmailOtp(ctx, callerOf(org, orgActor, request), body), {
      org: true,
      body: t.Object({ email: Email }),
      response: t.Object({ email: t.String(), ...Sent }),
      detail: {
        tags: ["Organizations"],
        summary: "Mail a verification code to the organization's contact address",
        description:
          "Sends a six-digit code by e-mail. 400 `invalid_email`; 429 `cooldown` (this organization mailed this address less than 60 s ago); " +
          "429 `rate_limited` (more than 10 codes to the address per UTC day, across organizations, or more than 20 sends per client IP per hour); " +
          "502 `send_failed` (the mail server refused; the code is void). " +
          LIMITS_TEXT,
      },
    })
    .post("/api/org/:slug/otp/email/verify", ({ org, orgActor, body, request }) => verifyEmailOtp(ctx, callerOf(org, orgActor, request), body), {
      org: true,
      body: t.Object({ email: Email, code: Code }),
      response: t.Object({ verified: t.Literal(true), email: t.String(), verifiedAt: IsoTime }),
      detail: {
        tags: ["Organizations"],
        summary: "Verify the organization's contact address with the mailed code",
        description:
          "On success the address becomes the organization's verified e-mail (audit `org.email_verified`). " +
          "400 with `field: code`: `otp_invalid` (with `attemptsLeft`), `otp_locked`, `otp_expired`, `otp_used`. " +
          LIMITS_TEXT,
      },
    });
}
