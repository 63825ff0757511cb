/**
 * SMS MFA for end users (spec 4.1, §8): enroll, verify, resend. A sign-in that needs the
 * second factor answers mfaRequired with an mfaToken (see pending.ts); these routes take
 * that token. docs/end-users.md "SMS MFA" describes the rules.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../../context";
import { PUBLIC_APP_PREFIX, publicAppGuard } from "../../apps/cors";
import { signInClientOf } from "../client";
import { SignInResponse } from "../model";
import { respondSignIn } from "../respond";
import { sendEnrollmentCode, sendSessionCode } from "./codes";
import { verifyMfaCode } from "./service";

const TAGS = ["End-user sign-in"];
const MFA_TOKEN = t.String({ minLength: 1, maxLength: 200, description: "The mfaToken of the mfaRequired answer (10 minutes)" });
const Sent = t.Object({
  sent: t.Literal(true),
  channel: t.Union([t.Literal("sms"), t.Literal("alimtalk")], { description: "Always sms for now: alimtalk needs a linked business-messenger channel" }),
});

const ErrorBody = t.Object({ error: t.String() }, { additionalProperties: true });
const SendAnswers = { 200: Sent, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody, 502: ErrorBody, 503: ErrorBody };

const TOKEN_RULES =
  "The mfaToken is bound to this application: 400 `invalid_token`, `token_used`, `token_expired` (10 minutes), `token_application_mismatch`; " +
  "400 `mfa_locked` after five wrong codes.";
const SEND_RULES =
  "Failures: 502 `invalid_number` (a + number that is not E.164), 502 `region_not_supported` (outside the 76-country list of §8, a number without + included, " +
  "Caribbean and Atlantic +1 area codes; nothing is sent or counted), 502 `send_failed` (the gateway refused; not counted, no cooldown), " +
  "503 `send_failed` (no SMS provider configured); 429 `cooldown` within 60 s of the session's last code, " +
  "429 `region_daily_limit` (Limited 2, Restricted 1 delivered code per number per 24 h), 429 `region_fuse` (the platform-wide daily fuse of Limited and Restricted), " +
  "429 `rate_limited` (20 sends per client IP per hour); every 429 carries Retry-After.";

export function endUserMfaRoutes(ctx: AppContext) {
  return new Elysia({ name: "end-user-mfa" })
    .use(publicAppGuard(ctx))
    .post(
      `${PUBLIC_APP_PREFIX}/auth/mfa/enroll/send`,
      ({ application, appGroup, request, body }) => sendEnrollmentCode(ctx, signInClientOf(request, { application, appGroup }), body),
      {
        publicApp: true,
        body: t.Object({ mfaToken: MFA_TOKEN, phone: t.String({ minLength: 1, maxLength: 32, description: "E.164, for example +821012345678" }) }),
        response: SendAnswers,
        detail: {
          tags: TAGS,
          summary: "Text an enrollment code",
          description:
            "Enroll mode only (400 `mfa_mode_mismatch` on a challenge): texts a six-digit code (10 minutes) to the phone the end user names; " +
            `mfa/verify with it enrolls the phone and completes the sign-in. Naming another phone replaces the code. ${SEND_RULES} ${TOKEN_RULES}`,
        },
      },
    )
    .post(
      `${PUBLIC_APP_PREFIX}/auth/mfa/challenge/resend`,
      ({ application, appGroup, request, body }) => sendSessionCode(ctx, signInClientOf(request, { application, appGroup }), body),
      {
        publicApp: true,
        body: t.Object({ mfaToken: MFA_TOKEN }),
        response: SendAnswers,
        detail: {
          tags: TAGS,
          summary: "Text a fresh code",
          description:
            "Texts a fresh code to the phone on the session: the enrolled phone (challenge), or the phone last named with enroll/send " +
            `(enroll; 400 \`mfa_phone_required\` before any). The new code replaces the previous one. ${SEND_RULES} ${TOKEN_RULES}`,
        },
      },
    )
    .post(
      `${PUBLIC_APP_PREFIX}/auth/mfa/verify`,
      async ({ application, appGroup, request, cookie, body }) => {
        const client = signInClientOf(request, { application, appGroup });
        const opened = await verifyMfaCode(ctx, client, body);
        return respondSignIn(ctx, { request, cookie }, client, opened, ctx.clock.now());
      },
      {
        publicApp: true,
        body: t.Object({ mfaToken: MFA_TOKEN, code: t.String({ pattern: "^[0-9]{6}$", description: "The six digits texted" }) }),
        response: { 200: SignInResponse, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody },
        detail: {
          tags: TAGS,
          summary: "Complete a sign-in with the texted code",
          description:
            "The right code completes the held sign-in: the session opens with amr of the first factor plus `sms` and `mfa`, and the answer is the first factor's would have been. " +
            "In enroll mode the phone becomes the end user's verified MFA phone. " +
            "400 `mfa_code_invalid` with attemptsLeft for a wrong code; the fifth wrong code answers 400 `mfa_locked` and the session is dead (sign in again). " +
            `400 \`mfa_code_not_sent\` when no code went out yet. 503 \`signing_key_missing\` when the organization cannot sign tokens. ${TOKEN_RULES}`,
        },
      },
    );
}
