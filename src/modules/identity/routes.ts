/**
 * Dashboard account routes: magic-link sign-in, sessions (list, revoke, sign out) and
 * the dashboard login page with the 5.7 hand-over (`/login`; the hosted end-user portal
 * owns `/login/{appKey}`).
 */
import { Elysia, t, type Cookie } from "elysia";
import type { AppContext } from "../../context";
import { ApiError } from "../../platform/http/errors";
import { requestInfo } from "../../platform/http/kernel";
import { requestLanguage } from "../../platform/languages";
import { strictBody } from "../../platform/http/strict-body";
import { accountLanguage, setAccountLanguage } from "./service";
import { AccountErrors, RateLimitedError } from "./errors";
import { resolveSessionActor, sessionGuard } from "./guard";
import { decideHandOver, loginHint, loginPath, returnThroughLogin } from "./login";
import { MAGIC_LINK_LIMITS, MAGIC_LINK_TTL_MS, MAGIC_LINK_VERIFY_PATH, redeemMagicLink, sendMagicLink } from "./magic-link";
import { checkInboxPage, chooseAccountPage, htmlPage, linkProblemPage, rateLimitedPage, seeOther, signInPage } from "./pages";
import { MAX_RETURN_URL_LENGTH, safeReturnUrl } from "./return-url";
import {
  clearSessionCookie,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  SESSION_COOKIE,
  SESSION_LIFETIME_DAYS,
  signIn,
  signOut,
  sessionClientOf,
  type SessionManager,
} from "./sessions";

type Deps = Pick<AppContext, "config" | "db" | "clock" | "mail" | "sessions">;
type Cookies = Record<string, Cookie<unknown>>;

const WINDOW_MINUTES = MAGIC_LINK_LIMITS.windowMs / 60_000;

/** The session this browser is signed in with, or null; a cookie that no longer works is cleared. */
async function browserSession(sessions: SessionManager, request: Request, cookie: Cookies) {
  try {
    return await resolveSessionActor(sessions, request, cookie);
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) throw e;
    if (cookie[SESSION_COOKIE]?.value) clearSessionCookie(sessions, cookie);
    return null;
  }
}

const SignedIn = t.Object({
  token: t.String({ description: "The session token, for API clients (`Authorization: Bearer`); browsers use the cookie" }),
  expiresAt: t.String({ format: "date-time" }),
  user: t.Object({ id: t.String(), email: t.String() }),
  returnUrl: t.Optional(t.String({ description: "The returnUrl given when the link was sent, if it was on this deployment" })),
});

const SessionInfo = t.Object({
  id: t.String({ description: "Opaque id of the session (not its token)" }),
  createdAt: t.String({ format: "date-time" }),
  expiresAt: t.String({ format: "date-time" }),
  current: t.Boolean({ description: "The session making this request" }),
  userAgent: t.Optional(t.String()),
  ip: t.Optional(t.String()),
});

const AccountLanguage = t.Union([t.Literal("en"), t.Literal("ko"), t.Literal("ja"), t.Null()], {
  description: "The account's chosen language (null: none; mails then follow the organization's locale or the request)",
});

const RateLimited = t.Object({ error: t.Literal(AccountErrors.rateLimited), retryAfterSeconds: t.Integer() });

export function accountRoutes(ctx: Deps) {
  const { sessions } = ctx;
  return (
    new Elysia({ name: "accounts" })
      .use(sessionGuard(sessions))
      .get(
        "/api/auth/session",
        async ({ actor }) => ({
          user: { id: actor.userId, email: actor.email, language: await accountLanguage(ctx.db.read, actor.userId) },
          session: { expiresAt: actor.sessionExpiresAt.toISOString() },
        }),
        {
          session: true,
          response: t.Object({
            user: t.Object({ id: t.String(), email: t.String(), language: AccountLanguage }),
            session: t.Object({ expiresAt: t.String({ format: "date-time" }) }),
          }),
          detail: {
            tags: ["Auth"],
            summary: "The signed-in dashboard user",
            description: "Accepts the session cookie or `Authorization: Bearer <session token>`; 401 without a valid session. `language` is the one chosen with PATCH /api/auth/account (null: none).",
          },
        },
      )
      .patch(
        "/api/auth/account",
        async ({ actor, body }) => ({ language: await setAccountLanguage(ctx.db, actor.userId, body.language) }),
        {
          session: true,
          ...strictBody(t.Object({ language: AccountLanguage }, { additionalProperties: false })),
          response: t.Object({ language: AccountLanguage }),
          detail: {
            tags: ["Auth"],
            summary: "Your account's language",
            description:
              "Keeps the language chosen in the dashboard's switcher (`en`, `ko`, `ja`; null forgets it). Signet's mails to you use it: " +
              "sign-in links, invitations, approvals and notices; without one they follow the organization's locale or the request that caused them. " +
              "400 `invalid_request` for any other value or field.",
          },
        },
      )

      // ---- Magic link ----
      .post(
        "/api/auth/magic-link/send",
        async ({ body, request, set }) => {
          await sendMagicLink(ctx, { email: body.email, returnUrl: body.returnUrl, ip: requestInfo(request).ip, language: requestLanguage(request.headers) });
          set.status = 202;
          return { sent: true as const };
        },
        {
          body: t.Object({
            email: t.String({ maxLength: 254, description: "The account's e-mail address (case-insensitive)" }),
            returnUrl: t.Optional(
              t.String({
                maxLength: MAX_RETURN_URL_LENGTH,
                description: "Where to go after signing in; kept only when it is on this deployment's own origins, otherwise ignored",
              }),
            ),
          }),
          response: { 202: t.Object({ sent: t.Literal(true) }), 429: RateLimited },
          detail: {
            tags: ["Auth"],
            summary: "E-mail a dashboard sign-in link",
            description:
              `Always 202 for a well-formed address, whether or not an account exists (it is created when the link is first used). ` +
              `The link (${"`"}{dashboardBase}${MAGIC_LINK_VERIFY_PATH}?token=…${"`"}) works once and expires after ${MAGIC_LINK_TTL_MS / 60_000} minutes. ` +
              `At most ${MAGIC_LINK_LIMITS.perAddress} links per address and ${MAGIC_LINK_LIMITS.perIp} per client IP per ${WINDOW_MINUTES} minutes, ` +
              "else 429 `rate_limited` with `retryAfterSeconds` and Retry-After. 400 `invalid_email` with `field` for an address that is not one.",
          },
        },
      )
      .post(
        MAGIC_LINK_VERIFY_PATH,
        async ({ body, request, cookie }) => {
          const { user, returnUrl } = await redeemMagicLink(ctx, body.token);
          const session = await signIn(sessions, cookie, user.id, sessionClientOf(request));
          return { token: session.token, expiresAt: session.expiresAt.toISOString(), user, ...(returnUrl ? { returnUrl } : {}) };
        },
        {
          body: t.Object({ token: t.String({ minLength: 1, maxLength: 512, description: "The token from the mailed link" }) }),
          response: { 200: SignedIn },
          detail: {
            tags: ["Auth"],
            summary: "Sign in with a magic link",
            description:
              "Uses the link's token once and returns a session: an HttpOnly, SameSite=Lax cookie (Secure when the dashboard is on https) " +
              `valid ${SESSION_LIFETIME_DAYS} days and extended when used in its second half, and the token in the body for API clients. ` +
              "The account is created on first use. 400 with `field: token` and a stable code: `magic_link_invalid` (unknown), " +
              "`magic_link_used` (already used; of concurrent uses exactly one wins), `magic_link_expired`.",
          },
        },
      )
      .get(
        MAGIC_LINK_VERIFY_PATH,
        async ({ query, request, cookie, set }) => {
          let redeemed: Awaited<ReturnType<typeof redeemMagicLink>>;
          try {
            redeemed = await redeemMagicLink(ctx, query.token ?? "");
          } catch (e) {
            if (e instanceof ApiError && e.status === 400) {
              const language = requestLanguage(request.headers);
              return htmlPage(set, 400, linkProblemPage(e.code, language), language);
            }
            throw e;
          }
          await signIn(sessions, cookie, redeemed.user.id, sessionClientOf(request));
          return seeOther(set, redeemed.returnUrl ?? "/");
        },
        {
          query: t.Object({ token: t.Optional(t.String()) }),
          response: {
            303: t.String({ description: "Empty; Location is the returnUrl or /" }),
            400: t.String({ description: "An HTML page with the reason and a link back to /login" }),
          },
          detail: {
            tags: ["Auth"],
            summary: "The magic link a person clicks",
            description:
              "The link in the sign-in mail. Signs the browser in like the POST does, then 303 to the returnUrl kept with the link (or `/`). " +
              "A used, expired or unknown link answers 400 with a short HTML page giving the reason and a link back to `/login`.",
          },
        },
      )

      // ---- Sessions ----
      .get("/api/auth/sessions", async ({ actor }) => ({ sessions: await listSessions(ctx, actor) }), {
        session: true,
        response: t.Object({ sessions: t.Array(SessionInfo) }),
        detail: {
          tags: ["Auth"],
          summary: "Your dashboard sessions",
          description: "Your live sessions, newest first, with the one making the request marked `current`. `id` is opaque: it is not the token.",
        },
      })
      .delete(
        "/api/auth/sessions/:id",
        async ({ actor, params, cookie }) => {
          const { current } = await revokeSession(ctx, actor, params.id);
          if (current) clearSessionCookie(sessions, cookie);
          return { revoked: true as const, current };
        },
        {
          session: true,
          params: t.Object({ id: t.String({ pattern: "^[0-9a-f]{16}$", description: "A session id from the list" }) }),
          response: t.Object({ revoked: t.Literal(true), current: t.Boolean() }),
          detail: {
            tags: ["Auth"],
            summary: "Revoke one of your sessions",
            description:
              "Ends the session at once. 404 `session_not_found` for an id that is not one of your live sessions. " +
              "Revoking the session in use also clears its cookie.",
          },
        },
      )
      .post(
        "/api/auth/sign-out",
        async ({ actor, cookie }) => {
          await signOut(sessions, cookie, actor.token);
          return { signedOut: true as const };
        },
        {
          session: true,
          response: t.Object({ signedOut: t.Literal(true) }),
          detail: { tags: ["Auth"], summary: "Sign out", description: "Ends the session making the request and clears the session cookie." },
        },
      )
      .post("/api/auth/sign-out-everywhere", async ({ actor }) => ({ revoked: await revokeOtherSessions(ctx, actor) }), {
        session: true,
        response: t.Object({ revoked: t.Integer({ description: "How many sessions ended" }) }),
        detail: {
          tags: ["Auth"],
          summary: "Sign out everywhere else",
          description: "Ends every other live session of yours; the one making the request stays signed in.",
        },
      })

      // ---- The dashboard login page (5.7); pages stay out of the API reference ----
      .get(
        "/login",
        async ({ query, request, cookie, set }) => {
          const current = await browserSession(sessions, request, cookie);
          const hint = loginHint(query.login_hint);
          // Validated now, honoured only once the identity check below passes.
          const returnUrl = safeReturnUrl(ctx.config, query.returnUrl);
          const decision = decideHandOver(current?.email ?? null, hint, query.prompt);
          const language = requestLanguage(request.headers);
          switch (decision.kind) {
            case "forward":
              return seeOther(set, returnUrl ?? "/");
            case "choose-account":
              return htmlPage(
                set,
                200,
                chooseAccountPage(
                  {
                    current: current!.email,
                    hint: hint!,
                    continueUrl: returnUrl ?? "/",
                    // The default prompt: following it signs the current account out.
                    switchPath: loginPath({ returnUrl, hint, prompt: "login" }),
                  },
                  language,
                ),
                language,
              );
            case "sign-in":
              if (decision.signOutCurrent) await signOut(sessions, cookie, current!.token);
              return htmlPage(set, 200, signInPage({ email: hint ?? "", hint, returnUrl }, language), language);
          }
        },
        {
          query: t.Object({ returnUrl: t.Optional(t.String()), login_hint: t.Optional(t.String()), prompt: t.Optional(t.String()) }),
          detail: { hide: true },
        },
      )
      .post(
        "/login",
        async ({ body, request, set }) => {
          const hint = loginHint(body.login_hint);
          const returnUrl = safeReturnUrl(ctx.config, body.returnUrl);
          const email = body.email ?? "";
          const language = requestLanguage(request.headers);
          try {
            const sent = await sendMagicLink(ctx, { email, returnUrl: returnThroughLogin(ctx.config, returnUrl, hint), ip: requestInfo(request).ip, language });
            return htmlPage(set, 200, checkInboxPage(sent.email, loginPath({ returnUrl, hint }), language), language);
          } catch (e) {
            if (e instanceof RateLimitedError) {
              set.headers["retry-after"] = String(e.retryAfterSeconds);
              return htmlPage(set, 429, rateLimitedPage(e.retryAfterSeconds, loginPath({ returnUrl, hint }), language), language);
            }
            if (e instanceof ApiError && e.code === AccountErrors.invalidEmail) {
              return htmlPage(set, 400, signInPage({ email, hint, returnUrl, invalidEmail: true }, language), language);
            }
            throw e;
          }
        },
        {
          body: t.Object({
            email: t.Optional(t.String({ maxLength: 1000 })),
            login_hint: t.Optional(t.String({ maxLength: 1000 })),
            returnUrl: t.Optional(t.String({ maxLength: 4 * MAX_RETURN_URL_LENGTH })),
          }),
          detail: { hide: true },
        },
      )
  );
}
