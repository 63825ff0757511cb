/**
 * End-user passkeys (spec 4.1): registration and login with the app group's
 * relying-party id, and the signed-in end user's own passkey list. docs/end-users.md
 * "Passkeys" describes the flow.
 */
import { Elysia, t } from "elysia";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { AppContext } from "../../../../context";
import { PUBLIC_APP_PREFIX, publicAppGuard } from "../../apps/cors";
import { signInClientOf } from "../client";
import { SignInResponse } from "../model";
import { respondSignIn } from "../respond";
import { AuthenticationResponse, CreationOptions, PasskeyView, RegistrationResponse, RequestOptions } from "../../../identity/index";
import { deletePasskey, listPasskeys, loginOptions, MAX_PASSKEYS_PER_END_USER, registerPasskey, registrationOptions, signInWithPasskey } from "./service";

// The schemas check shapes; the library's own types are narrower unions (transports,
// attachment) that @simplewebauthn/server verifies again itself.
const asRegistration = (response: unknown) => response as RegistrationResponseJSON;
const asAuthentication = (response: unknown) => response as AuthenticationResponseJSON;

const TAGS = ["End-user sign-in"];
const ACCESS_TOKEN_FIELD = t.String({ minLength: 1, maxLength: 8192, description: "The end-user access token; or send it as Authorization: Bearer" });
const SIGNED_IN =
  "Needs the signed-in end user's access token for this application (body `accessToken` or `Authorization: Bearer`) whose session is still live, else 401 `invalid_access_token`; " +
  "403 `end_user_disabled` for a disabled end user.";
const CHALLENGE_RULES =
  "The challenge is single-use, bound to this application and expires after 5 minutes: 400 `invalid_token` (never issued here), `token_used` (a replay), " +
  "`token_expired`, `token_application_mismatch` (issued for another application of the group).";
const METHOD_OFF = "403 `method_disabled` when the app group has passkeys switched off.";
const VERIFY_RULES =
  "The relying-party id is the app group's passkeyRpId, else the portal's host; the allowed origins are the application's Allowed Origins plus the portal's origin " +
  "(else 400 `passkey_origin_not_allowed`). 400 `passkey_verification_failed` when the response does not verify.";

/** The access token from the body, else from `Authorization: Bearer`. */
function accessTokenOf(request: Request, fromBody: string | undefined): string | null {
  if (fromBody) return fromBody;
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1]! : null;
}

export function endUserPasskeyRoutes(ctx: AppContext) {
  return new Elysia({ name: "end-user-passkeys" })
    .use(publicAppGuard(ctx))
    .post(
      `${PUBLIC_APP_PREFIX}/auth/passkey/register-options`,
      ({ application, appGroup, request, body }) =>
        registrationOptions(ctx, signInClientOf(request, { application, appGroup }), accessTokenOf(request, body?.accessToken), { displayName: body?.displayName }),
      {
        publicApp: true,
        body: t.Optional(
          t.Object({
            accessToken: t.Optional(ACCESS_TOKEN_FIELD),
            displayName: t.Optional(t.String({ maxLength: 200, description: "Shown by the authenticator; default the end user's name or address" })),
          }),
        ),
        response: CreationOptions,
        detail: {
          tags: TAGS,
          summary: "Options to add a passkey",
          description:
            "WebAuthn creation options for the signed-in end user: a discoverable credential for the app group's relying-party id, excluding their registered passkeys. " +
            "A passkey never creates an account: sign up by magic link or social sign-in, then add one. " +
            `${SIGNED_IN} ${METHOD_OFF}`,
        },
      },
    )
    .post(
      `${PUBLIC_APP_PREFIX}/auth/passkey/register`,
      async ({ application, appGroup, request, body, set }) => {
        const client = signInClientOf(request, { application, appGroup });
        const passkey = await registerPasskey(ctx, client, accessTokenOf(request, body.accessToken), { response: asRegistration(body.response), name: body.name });
        set.status = 201;
        return passkey;
      },
      {
        publicApp: true,
        body: t.Object({
          response: RegistrationResponse,
          name: t.Optional(t.String({ maxLength: 100, description: `Shown in the passkey list; default "Passkey"` })),
          accessToken: t.Optional(ACCESS_TOKEN_FIELD),
        }),
        response: { 201: PasskeyView },
        detail: {
          tags: TAGS,
          summary: "Add a passkey",
          description:
            "Verifies the authenticator's answer to register-options and stores the passkey for the signed-in end user. " +
            `${VERIFY_RULES} 409 \`passkey_already_registered\` for a credential registered before; 409 \`passkey_limit_reached\` past ${MAX_PASSKEYS_PER_END_USER} passkeys. ` +
            `${SIGNED_IN} ${METHOD_OFF} ${CHALLENGE_RULES}`,
        },
      },
    )
    .post(
      `${PUBLIC_APP_PREFIX}/auth/passkey/login-options`,
      ({ application, appGroup, request, body }) => loginOptions(ctx, signInClientOf(request, { application, appGroup }), { email: body?.email }),
      {
        publicApp: true,
        body: t.Optional(t.Object({ email: t.Optional(t.String({ maxLength: 320, description: "Optional: lists that person's passkeys in allowCredentials" })) })),
        response: RequestOptions,
        detail: {
          tags: TAGS,
          summary: "Options to sign in with a passkey",
          description:
            "WebAuthn request options for the app group's relying-party id. Without `email`, or for an address with no passkey here, allowCredentials is empty " +
            "(a discoverable login; an unknown address is answered like that, never refused). With a known address it lists that person's passkeys. " +
            `At most 60 per minute per application and client address, else 429 \`rate_limited\`. ${METHOD_OFF}`,
        },
      },
    )
    .post(
      `${PUBLIC_APP_PREFIX}/auth/passkey/login`,
      async ({ application, appGroup, request, cookie, body }) => {
        const client = signInClientOf(request, { application, appGroup });
        const opened = await signInWithPasskey(ctx, client, asAuthentication(body.response));
        return respondSignIn(ctx, { request, cookie }, client, opened, ctx.clock.now());
      },
      {
        publicApp: true,
        body: t.Object({ response: AuthenticationResponse }),
        response: SignInResponse,
        detail: {
          tags: TAGS,
          summary: "Sign in with a passkey",
          description:
            "Verifies the assertion against the challenge from login-options and signs its owner in (amr `hwk`, plus `user` when the authenticator verified the person). " +
            "Answers like every sign-in: tokens, or on the hosted portal a cookie and an exchange code. " +
            `${VERIFY_RULES} 400 \`passkey_unknown\` for a credential not registered in this app group; 400 \`passkey_counter_regressed\` when the signature counter ` +
            `did not increase (a cloned authenticator); 403 \`end_user_disabled\`; 503 \`signing_key_missing\`. ${METHOD_OFF} ${CHALLENGE_RULES}`,
        },
      },
    )
    .get(
      `${PUBLIC_APP_PREFIX}/auth/passkeys`,
      async ({ application, appGroup, request }) => ({
        passkeys: await listPasskeys(ctx, signInClientOf(request, { application, appGroup }), accessTokenOf(request, undefined)),
      }),
      {
        publicApp: true,
        response: t.Object({ passkeys: t.Array(PasskeyView) }),
        detail: {
          tags: TAGS,
          summary: "The signed-in end user's passkeys",
          description: `Oldest first, whether or not the app group offers passkeys now. Needs Authorization: Bearer <end-user access token>: ${SIGNED_IN}`,
        },
      },
    )
    .delete(
      `${PUBLIC_APP_PREFIX}/auth/passkeys/:credentialId`,
      async ({ application, appGroup, request, params }) => {
        await deletePasskey(ctx, signInClientOf(request, { application, appGroup }), accessTokenOf(request, undefined), params.credentialId);
        return { deleted: true as const, id: params.credentialId };
      },
      {
        publicApp: true,
        params: t.Object({ applicationKey: t.String(), credentialId: t.String({ minLength: 1, maxLength: 1024 }) }),
        response: t.Object({ deleted: t.Literal(true), id: t.String() }),
        detail: {
          tags: TAGS,
          summary: "Delete one of the signed-in end user's passkeys",
          description:
            "Works whether or not the app group offers passkeys now. 404 `passkey_not_found` for an id that is not one of the caller's passkeys. " +
            `Needs Authorization: Bearer <end-user access token>: ${SIGNED_IN}`,
        },
      },
    );
}
