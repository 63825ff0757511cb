/**
 * Wire shapes shared by every end-user sign-in route: what a completed sign-in answers,
 * and what a sign-in that still needs its SMS second factor answers instead (spec 4.1).
 */
import { t } from "elysia";

const Nullable = <S extends Parameters<typeof t.Nullable>[0]>(schema: S) => t.Union([schema, t.Null()]);

export const EndUser = t.Object({
  id: t.String(),
  email: Nullable(t.String()),
  emailVerified: t.Boolean(),
  displayName: Nullable(t.String()),
  status: t.String({ description: "invited | active | disabled" }),
  mfaEnrolled: t.Boolean(),
  createdAt: t.String({ format: "date-time" }),
  lastSignInAt: Nullable(t.String({ format: "date-time" })),
});

export const SignedInResponse = t.Object(
  {
    status: t.Literal("signed_in"),
    tokenType: t.Literal("Bearer"),
    accessToken: t.String({ description: "RS256 end-user JWT (typ end-user+jwt), 15 minutes; verify with the org's JWKS" }),
    expiresIn: t.Number({ description: "Seconds" }),
    refreshToken: t.Optional(t.String({ description: "eurt_…: rotates at each refresh. Left out on the hosted portal, which keeps it in an HttpOnly cookie" })),
    sessionExpiresAt: t.String({ format: "date-time", description: "The session's absolute end" }),
    sessionId: t.String(),
    endUser: EndUser,
    newUser: t.Boolean({ description: "This sign-in created the end user" }),
    redirectUrl: Nullable(t.String({ description: "The post-sign-in redirect, when one was asked for and is a registered Callback URL" })),
    code: t.Optional(t.String({ description: "Hosted portal only: a one-time code (60 s) the application exchanges at auth/session/exchange" })),
    redirectTo: t.Optional(Nullable(t.String({ description: "Hosted portal only: redirectUrl with the code appended; where the portal sends the browser" }))),
  },
  { description: "A completed sign-in" },
);

export const MfaRequiredResponse = t.Object(
  {
    mfaRequired: t.Literal(true),
    mode: t.Union([t.Literal("challenge"), t.Literal("enroll")]),
    mfaToken: t.String({ description: "Carries the pending sign-in to mfa/enroll/send, mfa/verify and mfa/challenge/resend" }),
    smsDelivered: Nullable(t.Boolean({ description: "Challenge mode: whether the code went out; null in enroll mode" })),
    smsError: Nullable(t.String({ description: "Why the code did not go out: invalid_number | region_not_supported | send_failed | region_daily_limit | region_fuse | rate_limited; null when it did" })),
    smsChannel: Nullable(t.String({ description: "sms | alimtalk; null when nothing was sent" })),
  },
  { description: "The sign-in needs the SMS second factor first" },
);

/** What every route that can finish a sign-in answers. */
export const SignInResponse = t.Union([SignedInResponse, MfaRequiredResponse]);
