/**
 * Dashboard passkeys (sign-in and Personal Seal) and the seal challenge route. The
 * relying party is the dashboard's origin (SIGNET_DASHBOARD_BASE).
 */
import { Elysia, t } from "elysia";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { AppContext } from "../../../context";
import { requestInfo } from "../../../platform/http/kernel";
import { sessionGuard } from "../guard";
import { sessionClientOf, signIn } from "../sessions";
import { AuthenticationResponse, CreationOptions, PasskeyView, RegistrationResponse, RequestOptions, SessionIssued } from "./model";
import { SEAL_PURPOSE_PATTERN, SealAssertionBody, SealPurposes, sealAssertionOf, sealOptions } from "./seal";
import { authenticateWithPasskey, deletePasskey, listPasskeys, loginOptions, registerPasskey, registrationOptions } from "./service";

// The schemas check shapes; the library's own types are narrower unions (transports,
// attachment) that @simplewebauthn/server verifies again itself.
const asRegistration = (response: unknown) => response as RegistrationResponseJSON;
const asAuthentication = (response: unknown) => response as AuthenticationResponseJSON;

const CHALLENGE_RULES =
  "The challenge is single-use and expires after 5 minutes; an unknown, expired or used challenge is 400 `challenge_expired`.";

export function passkeyRoutes(ctx: AppContext) {
  return new Elysia({ name: "passkeys" })
    .use(sessionGuard(ctx.sessions))
    .post("/api/auth/passkeys/register-options", ({ actor }) => registrationOptions(ctx, actor), {
      session: true,
      response: CreationOptions,
      detail: {
        tags: ["Auth"],
        summary: "Options to register a passkey",
        description:
          "WebAuthn creation options for the signed-in user: a discoverable credential for the dashboard's origin, excluding the user's registered passkeys. " +
          CHALLENGE_RULES,
      },
    })
    .post(
      "/api/auth/passkeys/register",
      async ({ actor, body, set }) => {
        const passkey = await registerPasskey(ctx, actor, { response: asRegistration(body.response), name: body.name, sealAssertion: sealAssertionOf(body) });
        set.status = 201;
        return { id: passkey.id, name: passkey.name, createdAt: passkey.createdAt };
      },
      {
        session: true,
        body: t.Object({
          response: RegistrationResponse,
          name: t.Optional(t.String({ minLength: 1, maxLength: 100, description: `shown in the passkey list; default "Passkey"` })),
          ...SealAssertionBody,
        }),
        response: { 201: t.Object({ id: t.String(), name: t.String(), createdAt: t.String({ format: "date-time" }) }) },
        detail: {
          tags: ["Auth"],
          summary: "Register a passkey",
          description:
            "Verifies the authenticator's response to register-options and stores the passkey; it becomes (one of) the user's Personal Seal. " +
            "A user who already has a passkey must seal this with one of them: purpose `passkey.register`, subject = the user's id " +
            "(403 `step_up_required` / `step_up_failed`). 400 `passkey_verification_failed` when the response does not verify, " +
            "409 `passkey_already_registered` for a credential registered before. " +
            CHALLENGE_RULES,
        },
      },
    )
    .post("/api/auth/passkeys/login-options", ({ request }) => loginOptions(ctx, requestInfo(request).ip), {
      response: RequestOptions,
      detail: {
        tags: ["Auth"],
        summary: "Options to sign in with a passkey",
        description:
          "WebAuthn request options for a discoverable passkey (empty allowCredentials, userVerification preferred). No session needed. " +
          `At most 60 per minute per client address, else 429 \`rate_limited\` with Retry-After. ${CHALLENGE_RULES}`,
      },
    })
    .post(
      "/api/auth/passkeys/login",
      async ({ body, cookie, request }) => {
        const user = await authenticateWithPasskey(ctx, asAuthentication(body.response));
        const session = await signIn(ctx.sessions, cookie, user.id, sessionClientOf(request));
        return { token: session.token, expiresAt: session.expiresAt.toISOString(), user };
      },
      {
        body: t.Object({ response: AuthenticationResponse }),
        response: SessionIssued,
        detail: {
          tags: ["Auth"],
          summary: "Sign in with a passkey",
          description:
            "Verifies the assertion against the challenge from login-options and signs the passkey's owner in, like magic-link verify: " +
            "an HttpOnly SameSite=Lax session cookie (Secure on https) and the token in the body. " +
            "400 `unknown_passkey` for a credential not registered here, 400 `passkey_verification_failed` when the assertion does not verify. " +
            CHALLENGE_RULES,
        },
      },
    )
    .get("/api/auth/passkeys", async ({ actor }) => ({ passkeys: await listPasskeys(ctx, actor) }), {
      session: true,
      response: t.Object({ passkeys: t.Array(PasskeyView) }),
      detail: { tags: ["Auth"], summary: "The signed-in user's passkeys", description: "Oldest first. Any of them is the user's Personal Seal." },
    })
    .delete(
      "/api/auth/passkeys/:id",
      async ({ actor, params, body }) => {
        await deletePasskey(ctx, actor, { id: params.id, sealAssertion: sealAssertionOf(body) });
        return { deleted: true as const, id: params.id };
      },
      {
        session: true,
        params: t.Object({ id: t.String({ minLength: 1, maxLength: 1024 }) }),
        body: t.Optional(t.Object({ ...SealAssertionBody })),
        response: t.Object({ deleted: t.Literal(true), id: t.String() }),
        detail: {
          tags: ["Auth"],
          summary: "Delete one of your passkeys",
          description:
            "Sealed: body `{assertionResponseJson}` with purpose `passkey.delete` and subject = the passkey's id (any of your passkeys may seal it, this one included). " +
            "404 `passkey_not_found` for an id that is not one of yours; 403 `step_up_required` / `step_up_failed` without a valid seal.",
        },
      },
    )
    .post("/api/auth/seal/options", ({ actor, body }) => sealOptions(ctx, actor.userId, body), {
      session: true,
      body: t.Object({
        purpose: t.String({ minLength: 1, maxLength: 100, pattern: SEAL_PURPOSE_PATTERN, description: "what the seal authorises, e.g. `linked_identity.switch`" }),
        subject: t.String({ minLength: 1, maxLength: 500, description: "what it is about, e.g. the target user's id; the sealed route names it" }),
      }),
      response: RequestOptions,
      detail: {
        tags: ["Seals"],
        summary: "Challenge for a personal seal",
        description:
          "WebAuthn request options whose challenge is bound to (you, purpose, subject), single-use and valid 5 minutes; allowCredentials lists your passkeys and user verification is required. " +
          "Answer with navigator.credentials.get and pass the JSON result as `assertionResponseJson` (or `SealAssertionJson`) to the sealed route. " +
          `400 \`no_personal_seal\` when you have no passkey. Purposes used by this API include \`${SealPurposes.passkeyRegister}\`, \`${SealPurposes.passkeyDelete}\`, \`linked_identity.switch\`; see docs/seals.md.`,
      },
    });
}
