/**
 * End-user sign-in (spec 4.1): login methods, magic links, and the session routes of
 * the hosted portal and the SDKs. docs/end-users.md describes each flow; the rules live
 * in login-methods.ts, magic-link.ts and session-flows.ts.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../context";
import { PUBLIC_APP_PREFIX, publicAppGuard } from "../apps/cors";
import { LIMITS } from "../apps/validation";
import { turnstileVerifier, TURNSTILE_TOKEN_MAX } from "./bot-check";
import { signInClientOf } from "./client";
import { loginMethodsOf } from "./login-methods";
import { brandPortal } from "./portal";
import { sendEndUserMagicLink, verifyEndUserMagicLink } from "./magic-link";
import { EndUser, SignedInResponse, SignInResponse } from "./model";
import { respondSignIn } from "./respond";
import { currentSession, exchange, handshake, signOut } from "./session-flows";

const TAGS = ["End-user sign-in"];
const Nullable = <S extends Parameters<typeof t.Nullable>[0]>(schema: S) => t.Union([schema, t.Null()]);
const Url = (description: string) => t.String({ minLength: 1, maxLength: LIMITS.urlLength, description });
const Secret = (description: string) => t.String({ minLength: 1, maxLength: 512, description });
const ErrorBody = t.Object({ error: t.String() }, { additionalProperties: true });

const COMMON =
  "An unknown or disabled application key is 404; CORS answers only the application's Allowed Origins. Malformed bodies are 400 `invalid_request` naming the field.";
const TOKEN_REFUSALS =
  "400 `invalid_token` (never issued, or another app group's), `token_used` (a replay), `token_expired`, `token_application_mismatch` (another application of the group).";

const LoginMethodsResponse = t.Object({
  application: t.Object({ key: t.String(), name: t.String(), platform: t.String(), environment: t.String() }),
  appGroup: t.Object({ key: t.String(), name: t.String(), description: Nullable(t.String()) }),
  methods: t.Object({
    magicLink: t.Boolean(),
    passkey: t.Boolean(),
    social: t.Array(t.String(), { description: "Enabled providers with complete credentials: google, github, microsoft, apple, kakao, naver" }),
    smsMfa: t.String({ description: "off | optional | required" }),
    botProtection: t.Object({
      enabled: t.Boolean(),
      provider: Nullable(t.Literal("turnstile")),
      siteKey: Nullable(t.String({ description: "The Turnstile site key the page renders its widget with" })),
    }),
  }),
  branding: t.Object({
    name: t.String(),
    iconUrl: Nullable(t.String()),
    brandColor: Nullable(t.String()),
    primaryColor: Nullable(t.String()),
    backgroundColor: Nullable(t.String()),
    textColor: Nullable(t.String()),
    heroTitle: Nullable(t.String()),
    heroSubtitle: Nullable(t.String()),
  }),
  portal: t.Object({ loginUrl: t.String(), verifyUrl: t.String() }),
});

const SessionView = t.Object({
  id: t.String(),
  amr: t.Array(t.String()),
  createdAt: t.String({ format: "date-time" }),
  lastRefreshedAt: t.String({ format: "date-time" }),
  idleExpiresAt: t.String({ format: "date-time" }),
  expiresAt: t.String({ format: "date-time" }),
});

export function endUserRoutes(ctx: AppContext) {
  const botVerifier = turnstileVerifier(ctx.config);
  return new Elysia({ name: "end-users" })
    .use(publicAppGuard(ctx))
    .get(`${PUBLIC_APP_PREFIX}/login-methods`, async ({ application, appGroup, request }) => loginMethodsOf(ctx.config, { application, appGroup }, await brandPortal(ctx, request, appGroup)), {
      publicApp: true,
      response: { 200: LoginMethodsResponse, 404: ErrorBody },
      detail: {
        tags: TAGS,
        summary: "Sign-in methods and branding of an application",
        description:
          "No auth. The methods the app group offers (magic link, passkey, social providers that are enabled with complete credentials, the SMS MFA mode, " +
          "bot protection with the public Turnstile site key), the brand's look, and the hosted portal's login and verify URLs. Never a secret or client id. " +
          COMMON,
      },
    })
    .post(
      `${PUBLIC_APP_PREFIX}/auth/magic-link/send`,
      async ({ application, appGroup, request, body }) => {
        await sendEndUserMagicLink(ctx, botVerifier, signInClientOf(request, { application, appGroup }), body);
        return { sent: true as const };
      },
      {
        publicApp: true,
        body: t.Object({
          email: t.String({ maxLength: 254, description: "The end user's address (case-insensitive)" }),
          redirectUrl: t.Optional(Url("Where the link lands: the hosted portal's verify route (the default) or one of the application's Callback URLs")),
          postSignInRedirectUrl: t.Optional(Url("Where to go once signed in: kept (as the link's redirect_url) only when it is a Callback URL, exact or same origin; otherwise dropped")),
          turnstileToken: t.Optional(t.String({ minLength: 1, maxLength: TURNSTILE_TOKEN_MAX, description: "Required when the app group's bot protection is on" })),
        }),
        response: { 200: t.Object({ sent: t.Literal(true) }), 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody },
        detail: {
          tags: TAGS,
          summary: "E-mail a magic link",
          description:
            "Mails a single-use link (15 minutes) to the address: `redirectUrl` with `token` (and `redirect_url`) appended. The answer is the same whether or not " +
            "the address has an account (a disabled one gets no mail). 400 `redirect_not_allowed` (field redirectUrl) when redirectUrl is neither the portal's " +
            "verify route nor a Callback URL; an unregistered postSignInRedirectUrl is dropped, not refused. 400 `invalid_email`; 400 `bot_check_failed` " +
            "(field turnstileToken) when bot protection is on and the token is missing or refused; 403 `method_disabled`; 429 `rate_limited` with Retry-After " +
            "(5 sends per address per app group and 20 per client IP, per 15 minutes). " +
            COMMON,
        },
      },
    )
    .post(
      `${PUBLIC_APP_PREFIX}/auth/magic-link/verify`,
      async ({ application, appGroup, request, cookie, body }) => {
        const client = signInClientOf(request, { application, appGroup });
        const opened = await verifyEndUserMagicLink(ctx, client, body);
        return respondSignIn(ctx, { request, cookie }, client, opened, ctx.clock.now());
      },
      {
        publicApp: true,
        body: t.Object({
          token: Secret("The link's token parameter"),
          redirectUrl: t.Optional(Url("The link's redirect_url: honoured only while it is a Callback URL (exact or same origin); otherwise dropped")),
        }),
        response: { 200: SignInResponse, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody },
        detail: {
          tags: TAGS,
          summary: "Sign in with a magic link",
          description:
            "Uses the link once: finds or creates the end user with the address verified (an invited or imported one becomes active), re-checks the " +
            "post-sign-in redirect against today's Callback URLs (dropped when not allowed), and answers a signed-in session with an RS256 end-user access " +
            "token, or mfaRequired when the app group's SMS MFA asks for it. From the hosted portal's origin the refresh token goes into an HttpOnly cookie " +
            `and the answer carries a one-time \`code\` and \`redirectTo\` instead. ${TOKEN_REFUSALS} 403 \`end_user_disabled\`, \`method_disabled\`; ` +
            "503 `signing_key_missing` when the organization cannot sign yet. " +
            COMMON,
        },
      },
    )
    .post(`${PUBLIC_APP_PREFIX}/auth/session/handshake`, ({ application, appGroup, request, cookie }) => handshake(ctx, cookie, signInClientOf(request, { application, appGroup })), {
      publicApp: true,
      response: {
        200: t.Union([
          t.Object({ signedIn: t.Literal(true), code: t.String({ description: "One-time, 60 s, for this application: trade it at auth/session/exchange" }), endUser: EndUser }),
          t.Object({ signedIn: t.Literal(false), loginUrl: t.String({ description: "The hosted login of this application" }) }),
        ]),
        404: ErrorBody,
      },
      detail: {
        tags: TAGS,
        summary: "Reuse the portal session",
        description:
          "No body. Reads the browser's portal cookie (set when someone signed in on the hosted portal): a live session of this app group whose end user " +
          "may still sign in answers signedIn true with a fresh exchange code for THIS application (and slides the portal session's idle expiry); " +
          "anything else answers signedIn false with the login URL, and clears a cookie that no longer works. " +
          COMMON,
      },
    })
    .post(
      `${PUBLIC_APP_PREFIX}/auth/session/exchange`,
      ({ application, appGroup, request, body }) => exchange(ctx, signInClientOf(request, { application, appGroup }), body),
      {
        publicApp: true,
        body: t.Object({
          grantType: t.Optional(t.Union([t.Literal("code"), t.Literal("refresh_token")], { description: "code (default) or refresh_token" })),
          code: t.Optional(Secret("grantType code: the one-time code from a portal sign-in or a handshake")),
          refreshToken: t.Optional(Secret("grantType refresh_token: the current eurt_… refresh token")),
        }),
        response: { 200: SignedInResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody },
        detail: {
          tags: TAGS,
          summary: "Trade a code for a session, or refresh one",
          description:
            "grantType code: the one-time exchange code (60 s, bound to this application) becomes a new session of the application: access token (15 minutes) " +
            `and refresh token. ${TOKEN_REFUSALS} A code whose portal session was signed out is \`invalid_token\`. ` +
            "grantType refresh_token: rotates the refresh token (the old one stops; idle expiry 14 days, never past 30 days after sign-in) and issues a new " +
            "access token. 401 `invalid_refresh_token` (unknown, expired, revoked, another application's); 401 `refresh_token_reused` when an already-rotated " +
            "token comes back: the session is ended. 400 `invalid_request` (field code or refreshToken) when the grant's field is missing; " +
            "403 `end_user_disabled`; 503 `signing_key_missing`. " +
            COMMON,
        },
      },
    )
    .post(
      `${PUBLIC_APP_PREFIX}/auth/session/sign-out`,
      ({ application, appGroup, request, cookie, body }) => signOut(ctx, { request, cookie }, signInClientOf(request, { application, appGroup }), body ?? {}),
      {
        publicApp: true,
        body: t.Optional(t.Object({ refreshToken: t.Optional(Secret("The session's current refresh token")) })),
        response: { 200: t.Object({ signedOut: t.Literal(true), revokedSessions: t.Integer() }), 401: ErrorBody, 404: ErrorBody },
        detail: {
          tags: TAGS,
          summary: "Sign out",
          description:
            "Revokes the session named by `refreshToken` (this application's) and/or by `Authorization: Bearer <end-user access token>`, and the portal " +
            "session of the portal cookie, which is cleared. Revoked sessions refresh no more and GET auth/session refuses their access tokens at once. " +
            "Idempotent: unknown or already-ended sessions answer 200 too. 401 `invalid_access_token` for a Bearer token that is not a valid one of this application. " +
            COMMON,
        },
      },
    )
    .get(`${PUBLIC_APP_PREFIX}/auth/session`, ({ application, appGroup, request }) => currentSession(ctx, request, signInClientOf(request, { application, appGroup })), {
      publicApp: true,
      response: { 200: t.Object({ endUser: EndUser, session: SessionView }), 401: ErrorBody, 404: ErrorBody },
      detail: {
        tags: TAGS,
        summary: "The session behind an access token",
        description:
          "`Authorization: Bearer <end-user access token>` of this application: the end user and the session while the session is live. 401 " +
          "`invalid_access_token` for a missing, invalid or expired token, or once the session is signed out, revoked or expired, or the end user " +
          "disabled: how an application sees a sign-out before the token runs out. " +
          COMMON,
      },
    });
}
