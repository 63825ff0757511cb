/**
 * Permits: POST /api/org/{slug}/permits/issue. Rules in service.ts; docs/permits.md.
 *
 * The route authenticates the caller itself instead of using the org guard: 5.5 answers
 * an unknown organization with 400 and a caller without a badge with 404, where the
 * guard answers both with 404.
 */
import { Elysia, t, type Cookie } from "elysia";
import type { AppContext } from "../../../context";
import { declaresErrors } from "../../../platform/http/error-catalog";
import { MACHINE_TOKEN_ERRORS } from "../machine/errors";
import { strictBody } from "../../../platform/http/strict-body";
import { bearerToken, resolveSessionActor, SealAssertionBody, sealAssertionOf } from "../../identity/index";
import { authenticateMachineToken } from "../machine/m2m";
import { looksLikeM2mToken } from "../machine/m2m-token";
import { SCOPE_MAX_LENGTH, SlugParams } from "../../orgs/index";
import { issuePermit, PERMIT_CONTEXT_MAX_BYTES, PERMIT_SEAL_PURPOSE, PERMIT_TOKEN_TYPE, PERMIT_TTL, type PermitCaller } from "./service";

const PermitRequestBody = t.Object(
  {
    requestedScope: t.String({ minLength: 1, maxLength: SCOPE_MAX_LENGTH, description: "The scope the permit states the caller holds; wildcards in the caller's grants cover it" }),
    ttlSeconds: t.Optional(t.Number({ description: `Lifetime in seconds: default ${PERMIT_TTL.default}, clamped to ${PERMIT_TTL.min}..${PERMIT_TTL.max}` })),
    idempotencyKey: t.Optional(
      t.String({ minLength: 1, maxLength: 200, description: "The same key (per caller) within the permit's lifetime answers the identical permit" }),
    ),
    context: t.Optional(
      t.Record(t.String(), t.Unknown(), { description: `Any JSON object, carried in the permit's \`ctx\` claim; at most ${PERMIT_CONTEXT_MAX_BYTES} bytes` }),
    ),
    ...SealAssertionBody,
  },
  { additionalProperties: false },
);

const IssuedPermitView = t.Object({
  permit: t.String({ description: "The permit: a compact RS256 JWS (header typ permit+jwt, kid = the org's permit key)" }),
  permitId: t.String({ description: "The permit's jti" }),
  tokenType: t.Literal(PERMIT_TOKEN_TYPE),
  connectedId: t.String({ description: "The caller's badge: the permit's sub" }),
  scope: t.String(),
  sealTier: t.Union([t.Literal("credential"), t.Literal("personal_seal"), t.Literal("sealed_request")]),
  expiresIn: t.Integer({ description: "Seconds: the lifetime actually issued" }),
  expiresAt: t.String({ format: "date-time" }),
  kid: t.String(),
  jwksUri: t.String({ description: "Where verifiers fetch the organization's JWKS" }),
});

async function authenticate(ctx: AppContext, request: Request, cookie: Record<string, Cookie<unknown>>): Promise<PermitCaller> {
  const bearer = bearerToken(request);
  if (bearer && looksLikeM2mToken(bearer)) return { kind: "m2m", claims: await authenticateMachineToken(ctx, bearer) };
  const session = await resolveSessionActor(ctx.sessions, request, cookie);
  return { kind: "user", userId: session.userId, email: session.email, sessionToken: session.token };
}

export function permitRoutes(ctx: AppContext) {
  return new Elysia({ name: "permits" }).post(
    "/api/org/:slug/permits/issue",
    async ({ params, body, request, cookie, set }) => {
      const caller = await authenticate(ctx, request, cookie);
      set.headers["cache-control"] = "no-store";
      return issuePermit(ctx, caller, {
        slug: params.slug,
        requestedScope: body.requestedScope,
        ttlSeconds: body.ttlSeconds,
        idempotencyKey: body.idempotencyKey,
        context: body.context,
        sealAssertion: sealAssertionOf(body),
      });
    },
    {
      params: SlugParams,
      ...strictBody(PermitRequestBody),
      response: IssuedPermitView,
      detail: {
        ...declaresErrors("unauthorized", "badge_suspended", "session_too_old", "passkey_required", ...MACHINE_TOKEN_ERRORS, "no_organization_context", "badge_not_found", "badge_revoked", "scope_not_held", "invalid_scope", "personal_seal_required", "step_up_required", "step_up_failed", "signing_key_missing", "idempotency_key_reused", "context_too_large"),
        tags: ["Permits"],
        summary: "Issue a signed permit for the caller's own badge",
        description:
          "A dashboard session, or an M2M token whose API key acts as a service account. The checks of 5.5 run in order: " +
          "the organization (400 no_organization_context), the caller's ConnectedId (404 badge_not_found), the badge active (403 badge_suspended) " +
          "and not revoked (403 badge_revoked), the scope held, wildcards allowed (403 scope_not_held; 400 invalid_scope when malformed), " +
          "the seal tier from the org's securityMode (standard: the credential; elevated: a person must have a passkey, 403 personal_seal_required; " +
          `strict: a person seals each request, purpose \`${PERMIT_SEAL_PURPOSE}\` and subject the org slug, in assertionResponseJson, and machines are refused), ` +
          "then RS256 with the org's permit key (500 signing_key_missing before the Org Master Seal). " +
          `ttlSeconds defaults to ${PERMIT_TTL.default} and is clamped to ${PERMIT_TTL.min}..${PERMIT_TTL.max}. The same idempotencyKey within the permit's lifetime ` +
          "answers the identical permit (409 idempotency_key_reused for another request). Verify with the JWKS at jwksUri; a signing-key rotation voids every earlier permit.",
      },
    },
  );
}
