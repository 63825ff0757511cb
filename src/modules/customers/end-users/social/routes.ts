/**
 * Social sign-in for end users (spec 4.1): start, callback, exchange, and the native SDK
 * sign-in. docs/end-users.md "Social sign-in" describes the flow and the endpoints config.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../../context";
import { requestInfo } from "../../../../platform/http/kernel";
import { PUBLIC_APP_PREFIX, publicAppGuard } from "../../apps/cors";
import { SOCIAL_PROVIDERS } from "../../apps/validation";
import { signInClientOf } from "../client";
import { SignInResponse } from "../model";
import { respondSignIn } from "../respond";
import { exchangeSocialCode, finishSocialCallback, nativeSocialSignIn, startSocialSignIn, type CallbackInput } from "./service";

const TAGS = ["End-user sign-in"];
const PROVIDER_LIST = SOCIAL_PROVIDERS.join(", ");
const NOT_ENABLED = "404 `provider_not_enabled` when the provider is unknown, or not configured and switched on for the app group.";
const CODE_RULES =
  "The code is single-use and lives 60 seconds: 400 `invalid_token` (never issued, or issued to another app group), `token_used` (a replay), `token_expired`, " +
  "`token_application_mismatch` (issued for another application of the group).";

/** A redirect nobody caches or refers onward (the Location may carry a one-time code). */
function redirect(set: { status?: unknown; headers: Record<string, unknown> }, location: string): string {
  set.status = 302;
  set.headers.location = location;
  set.headers["cache-control"] = "no-store";
  set.headers["referrer-policy"] = "no-referrer";
  return "";
}

/** The body of a redirect: empty; the Location header is the answer. */
const RedirectResponse = (location: string) => ({ 302: t.String({ description: `Empty. Location: ${location}` }) });

const CallbackFields = {
  state: t.Optional(t.String({ description: "The state this service issued at start" })),
  code: t.Optional(t.String({ description: "The provider's authorization code" })),
  error: t.Optional(t.String({ description: "The provider's error (the user cancelled, …)" })),
  error_description: t.Optional(t.String()),
};

const CALLBACK_LOCATION = "the validated redirect (or the portal's sign-in page) with ?code= or ?error=";
const CALLBACK_DESCRIPTION =
  "Where every provider sends the browser back (register {base_url}/api/public/auth/social/callback with the provider). " +
  "A missing, unknown or tampered `state` is 400 `invalid_state`; a replayed one 400 `token_used`; one older than 10 minutes 400 `token_expired`: " +
  "these answer JSON and redirect nowhere. Past the state, the browser goes to the redirect validated at start (else the portal's /login/{applicationKey}): " +
  "on success with `?code=` (one-time, 60 s, for auth/social/exchange), otherwise with `?error=` (the provider's own error such as access_denied, or " +
  "`missing_code`, `provider_not_enabled`, `provider_token_rejected`, `invalid_id_token`, `provider_unavailable`, `end_user_disabled`).";

export function socialRoutes(ctx: AppContext) {
  const callback = async (request: Request, set: Parameters<typeof redirect>[0], input: CallbackInput) => {
    const client = { ip: requestInfo(request).ip, userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null };
    return redirect(set, await finishSocialCallback(ctx, client, input));
  };

  return new Elysia({ name: "social" })
    .use(publicAppGuard(ctx))
    .get(
      `${PUBLIC_APP_PREFIX}/auth/social/:provider/start`,
      async ({ application, appGroup, request, params, query, set }) =>
        redirect(set, await startSocialSignIn(ctx, signInClientOf(request, { application, appGroup }), params.provider, { redirectUrl: query.redirect_url, portalOrigin: query.portal_origin })),
      {
        publicApp: true,
        params: t.Object({ applicationKey: t.String(), provider: t.String({ description: PROVIDER_LIST }) }),
        query: t.Object({
          redirect_url: t.Optional(t.String({ description: "Where to land after sign-in: one of the application's Callback URLs (exact or same origin) or a page of the hosted portal; anything else is dropped" })),
          portal_origin: t.Optional(t.String({ description: "The hosted portal's origin; honoured only when it is the configured portal's" })),
        }),
        response: RedirectResponse("the provider's authorization URL"),
        detail: {
          tags: TAGS,
          summary: "Start a social sign-in (redirect to the provider)",
          description:
            `302 to the provider's authorization page (${PROVIDER_LIST}) with a fresh single-use \`state\` (10 minutes), PKCE (S256) where the provider supports it ` +
            "(Google, Microsoft) and a nonce for OpenID providers (Google, Microsoft, Apple; Apple answers by form_post). " +
            `An unregistered redirect_url is dropped, not refused: the portal's own sign-in page is then where the flow ends. ${NOT_ENABLED}`,
        },
      },
    )
    .get("/api/public/auth/social/callback", ({ request, query, set }) => callback(request, set, query), {
      query: t.Object(CallbackFields),
      response: RedirectResponse(CALLBACK_LOCATION),
      detail: { tags: TAGS, summary: "Social sign-in callback (GET)", description: CALLBACK_DESCRIPTION },
    })
    .post("/api/public/auth/social/callback", ({ request, body, set }) => callback(request, set, body ?? {}), {
      body: t.Optional(t.Object({ ...CallbackFields, user: t.Optional(t.String({ description: "Apple: the name, as JSON, on the first sign-in" })), id_token: t.Optional(t.String()) })),
      response: RedirectResponse(CALLBACK_LOCATION),
      detail: { tags: TAGS, summary: "Social sign-in callback (POST, Apple's form_post)", description: `${CALLBACK_DESCRIPTION} Apple posts the form (application/x-www-form-urlencoded).` },
    })
    .post(
      `${PUBLIC_APP_PREFIX}/auth/social/exchange`,
      async ({ application, appGroup, request, cookie, body }) => {
        const client = signInClientOf(request, { application, appGroup });
        const opened = await exchangeSocialCode(ctx, client, body.code);
        return respondSignIn(ctx, { request, cookie }, client, opened, ctx.clock.now());
      },
      {
        publicApp: true,
        body: t.Object({ code: t.String({ minLength: 1, maxLength: 200, description: "The `code` the callback put on the redirect" }) }, { description: "AppSocialExchangeRequest" }),
        response: SignInResponse,
        detail: {
          tags: TAGS,
          summary: "Exchange a social sign-in code for tokens",
          description:
            `The sign-in answer (amr ["fed"], method social:<provider>), or mfaRequired when the app group asks for SMS MFA. ${CODE_RULES} ` +
            "403 `end_user_disabled`; 503 `signing_key_missing` when the organization has no Org Master Seal yet.",
        },
      },
    )
    .post(
      `${PUBLIC_APP_PREFIX}/auth/social`,
      async ({ application, appGroup, request, cookie, body }) => {
        const client = signInClientOf(request, { application, appGroup });
        const opened = await nativeSocialSignIn(ctx, client, body);
        return respondSignIn(ctx, { request, cookie }, client, opened, ctx.clock.now());
      },
      {
        publicApp: true,
        body: t.Object(
          {
            provider: t.Union(
              SOCIAL_PROVIDERS.map((p) => t.Literal(p)),
              { description: PROVIDER_LIST },
            ),
            idToken: t.Optional(t.String({ minLength: 1, maxLength: 8192, description: "Google, Microsoft, Apple: the id_token the provider's SDK gave the app" })),
            accessToken: t.Optional(t.String({ minLength: 1, maxLength: 4096, description: "GitHub, Kakao, Naver: the provider's access token" })),
            nonce: t.Optional(t.String({ minLength: 1, maxLength: 512, description: "The nonce the app gave the provider (its SHA-256 hex in the token is accepted too); required when the id_token carries one" })),
          },
          { description: "AppSocialLoginRequest" },
        ),
        response: SignInResponse,
        detail: {
          tags: TAGS,
          summary: "Sign in with a provider token (native SDKs)",
          description:
            "For apps that ran the provider's own SDK. OpenID providers (Google, Microsoft, Apple): `idToken`, verified against the provider's JWKS with the app group's client id " +
            "as audience, its issuer, expiry and nonce (else 400 `id_token_required`, 401 `invalid_id_token`). GitHub, Kakao, Naver: `accessToken`, read at the provider's user API " +
            `(else 400 \`access_token_required\`, 401 \`provider_token_rejected\`; 502 \`provider_unavailable\` when it cannot be reached). ${NOT_ENABLED} ` +
            "The identity signs in as its linked end user, else by an address the provider vouches for, else as a new end user (without an address the provider does not vouch for).",
        },
      },
    );
}
