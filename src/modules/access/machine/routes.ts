/**
 * The Org Master Seal and the organization's keys: signing keys and their rotation,
 * the public JWKS, API keys and M2M tokens, partner assertions, the webhook secret and
 * plugin tokens. Rules live in the module's other files; docs/machine-access.md
 * describes the design.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../../context";
import { declaresErrors } from "../../../platform/http/error-catalog";
import { requestInfo } from "../../../platform/http/kernel";
import { ORG_GUARD_ERRORS, orgGuard, OrgSlug, SlugParams } from "../../orgs/index";
import { ApiKeyView, CreatedApiKey } from "./model";
import { SealAssertionBody, sealAssertionOf } from "../../identity/index";
import { publicApiGuard, requiresScope } from "../public-v1/guard";
import { strictBody } from "../../../platform/http/strict-body";
import { API_KEY_NAME_MAX, createApiKey, LONG_LIFETIME_SEAL_PURPOSE, listApiKeys, MAX_LIVE_API_KEYS, revokeApiKey, TOKEN_CEILING } from "./api-keys";
import { machineErrors, MACHINE_TOKEN_ERRORS } from "./errors";
import { callerView, exchangeApiKey, M2M_LIFETIME } from "./m2m";
import { createMasterSeal, etagMatches, JWKS_CACHE_CONTROL, jwksOf, MASTER_SEAL_PURPOSE, masterSealStatus, MAX_RETIRING_SIGNING_KEYS, MAX_SIGNED_TOKEN_LIFETIME_SECONDS, rotateSigningKeys, signingKeysView } from "../../trust/index";
import { AUDIENCE_MAX_LENGTH, issuePartnerAssertion, PARTNER_ASSERTION_TTL, PARTNER_ASSERTION_TYPE } from "./partner-assertion";
import { PREVIOUS_SECRET_GRACE_MS, regenerateWebhookSecret, WebhookSecretScopes, webhookSecretStatus } from "./webhook-secret";
import {
  createPluginToken,
  listPluginTokens,
  MAX_LIVE_PLUGIN_TOKENS,
  PLUGIN_TOKEN_EXPIRY_DAYS,
  PLUGIN_TOKEN_NAME_MAX,
  PluginTokenScopes,
  revokePluginToken,
} from "./plugin-tokens";

const tags = ["Keys"];

const MasterSealView = t.Object({
  exists: t.Boolean(),
  method: t.Union([t.Literal("passkey"), t.Literal("operator"), t.Null()]),
  createdAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
  signingKeyId: t.Union([t.String(), t.Null()]),
  readiness: t.Object({
    ready: t.Boolean(),
    missing: t.Array(t.Union([t.Literal("owner_personal_seal"), t.Literal("org_master_seal")])),
  }),
});

const SigningKeysView = t.Object({
  signingKeyId: t.Union([t.String(), t.Null()], { description: "The current token key (end-user tokens and other org signatures)" }),
  permitKeyId: t.Union([t.String(), t.Null()], { description: "The current permit key" }),
  published: t.Array(
    t.Object({
      kid: t.String(),
      use: t.Union([t.Literal("token"), t.Literal("permit")]),
      createdAt: t.String({ format: "date-time" }),
      retireAt: t.Union([t.String({ format: "date-time" }), t.Null()], { description: "When a rotated token key leaves the JWKS; null for current keys" }),
    }),
    { description: "Exactly the keys the JWKS publishes now" },
  ),
});

const Jwks = t.Object({
  keys: t.Array(
    t.Object({ kty: t.String(), kid: t.String(), alg: t.String(), use: t.String(), n: t.Optional(t.String()), e: t.Optional(t.String()) }, { additionalProperties: true }),
  ),
});

const CreateApiKeyBody = t.Object({
  name: t.Optional(t.Union([t.String({ maxLength: API_KEY_NAME_MAX }), t.Null()], { description: `A label for people, at most ${API_KEY_NAME_MAX} characters` })),
  scopes: t.Optional(
    t.Array(t.String({ maxLength: 200 }), {
      maxItems: 200,
      description: "The key's scopes, each within the caller's own (and the service account's role). Omitted: the organization's default API key scopes",
    }),
  ),
  appGroupId: t.Optional(
    t.Union([t.String({ pattern: "^[A-Za-z0-9_-]{1,100}$" }), t.Null()], {
      description: "Scopes the key to one app group (an opaque id until app groups exist); omitted or null: an org-wide key",
    }),
  ),
  serviceAccountId: t.Optional(t.Union([t.String({ maxLength: 100 }), t.Null()], { description: "An active service account of this organization the key acts as" })),
  maxTokenLifetimeSeconds: t.Optional(
    t.Integer({
      minimum: TOKEN_CEILING.min,
      maximum: TOKEN_CEILING.max,
      description: `Ceiling of the M2M token lifetimes, ${TOKEN_CEILING.min} to ${TOKEN_CEILING.max} s, fixed for the key's life. Omitted: the organization's default (at most 300). Above 300: owner and personal seal`,
    }),
  ),
  ...SealAssertionBody,
});

const TokenRequest = t.Object({
  orgSlug: t.String({ maxLength: 100, description: "The organization the key belongs to" }),
  apiKey: t.String({ maxLength: 200, description: "The org API key (ah_live_…)" }),
  scope: t.Optional(
    t.Union([t.String({ maxLength: 8192 }), t.Array(t.String({ maxLength: 200 }), { maxItems: 200 })], {
      description: "Scopes for the token, space-separated (or a list); each must be within the key's. Omitted: all of the key's",
    }),
  ),
  lifetimeSeconds: t.Optional(
    t.Number({ description: `Asked lifetime; issued min(this, key ceiling, 7 days), at least 60. Omitted: ${M2M_LIFETIME.default}` }),
  ),
});

const TokenResponse = t.Object({
  accessToken: t.String(),
  tokenType: t.Literal("Bearer"),
  expiresIn: t.Integer({ description: "Seconds: the lifetime actually issued" }),
  org: t.Object({ id: t.String(), name: t.String(), slug: t.String() }),
  scope: t.String({ description: "The token's scopes, space-separated" }),
});

const CallerView = t.Object({
  kind: t.Union([t.Literal("user"), t.Literal("m2m")]),
  org: t.Object({ id: t.String(), slug: t.String(), name: t.String() }),
  userId: t.Union([t.String(), t.Null()]),
  role: t.Union([t.String(), t.Null()]),
  isOwner: t.Boolean(),
  connectedId: t.Union([t.String(), t.Null()]),
  scopes: t.Array(t.String()),
  keyId: t.Union([t.String(), t.Null()]),
  serviceAccountId: t.Union([t.String(), t.Null()]),
  appGroupId: t.Union([t.String(), t.Null()]),
  expiresAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
  agentId: t.Union([t.String({ description: "Set when the machine is an agent acting with its credential (its id and badge)" }), t.Null()]),
});

export function keyRoutes(ctx: AppContext) {
  return new Elysia({ name: "keys" })
    .use(signingKeyRoutes(ctx))
    .use(apiKeyRoutes(ctx))
    .use(jwksRoutes(ctx))
    .use(machineRoutes(ctx))
    .use(partnerAssertionRoutes(ctx))
    .use(webhookSecretRoutes(ctx))
    .use(pluginTokenRoutes(ctx));
}

function machineRoutes(ctx: AppContext) {
  return new Elysia({ name: "keys.machine" })
    .use(orgGuard(ctx))
    .post(
      "/api/m2m/token",
      ({ body, request, set }) => {
        set.headers["cache-control"] = "no-store";
        const info = requestInfo(request);
        return exchangeApiKey(ctx, { ...body, requestId: info.id, ip: info.ip, userAgent: request.headers.get("user-agent") });
      },
      {
        body: TokenRequest,
        response: TokenResponse,
        detail: {
        ...declaresErrors("invalid_scope", "invalid_api_key", "api_key_revoked", "service_account_inactive", "rate_limited"),
          tags: ["Machine access"],
          summary: "Exchange an org API key for an M2M access token",
          description:
            "Send the token as `Authorization: Bearer <accessToken>` to /api/org/{slug}/* routes that machines may use. " +
            `Lifetime (5.2): omitted → ${M2M_LIFETIME.default}; otherwise min(lifetimeSeconds, the key's ceiling, 604800), at least 60; expiresIn is what was issued. ` +
            "scope only narrows the key's scopes (400 invalid_scope). 401 invalid_api_key (unknown, malformed, or another organization's key), " +
            "401 api_key_revoked, 401 service_account_inactive (the bound service account is suspended or deleted). Emits org.m2m_token.issued.",
        },
      },
    )
    .get("/api/org/:slug/me", ({ org, orgCaller }) => callerView(org, orgCaller), {
      orgOrGroupMachine: true,
      params: SlugParams,
      response: CallerView,
      detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS, ...MACHINE_TOKEN_ERRORS),
        tags: ["Machine access"],
        summary: "Who is calling in this organization",
        description:
          "For a dashboard session: the member (userId, role, badge, scopes). For an M2M token: the machine (the API key, its service account and badge, " +
          "app group, the token's scopes as capped by the account's role now, and when it expires). Every request with an M2M token re-checks that the token's " +
          "organization is this slug, that its key is not revoked and that its service account is active: 401 otherwise. For an agent's credential: the agent " +
          "(agentId, its badge, its app group), its gate as scopes and its expiry.",
      },
    });
}

function apiKeyRoutes(ctx: AppContext) {
  return new Elysia({ name: "keys.api-keys", prefix: "/api/org/:slug/settings/keys/api-keys" })
    .use(orgGuard(ctx))
    .post(
      "",
      async ({ org, orgActor, body, request, set }) => {
        const created = await createApiKey(ctx, orgActor, org, { ...body, assertion: sealAssertionOf(body), requestId: requestInfo(request).id });
        set.status = 201;
        return created;
      },
      {
        org: true,
        params: SlugParams,
        body: CreateApiKeyBody,
        response: { 201: CreatedApiKey },
        detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED", "invalid_scope", "service_account_not_found", "app_group_not_found", "owner_required", "step_up_required", "step_up_failed", "too_many_api_keys"),
          tags,
          summary: "Create an org API key",
          description:
            "Needs org.api_key.create. The key (`ah_live_` and 256 random bits) is in this response only; Signet keeps its SHA-256. " +
            "Scopes only narrow what the caller holds (403 PERMISSION_DENIED naming `scopes[i]`; 400 invalid_scope for a malformed one). " +
            "A bound service account must be active here (404 service_account_not_found) and the scopes within its role. " +
            `maxTokenLifetimeSeconds above ${TOKEN_CEILING.withoutSeal} needs the owner (403 owner_required) and the owner's personal seal: ` +
            `POST /api/auth/seal/options with purpose \`${LONG_LIFETIME_SEAL_PURPOSE}\` and subject the org slug, sent as assertionResponseJson (403 step_up_required / step_up_failed). ` +
            `409 too_many_api_keys beyond ${MAX_LIVE_API_KEYS} live keys. Emits org.api_key.created.`,
        },
      },
    )
    .get("", ({ org, orgActor, query }) => listApiKeys(ctx, orgActor, org, { includeRevoked: query.includeRevoked }), {
      org: true,
      params: SlugParams,
      query: t.Object({ includeRevoked: t.Optional(t.BooleanString({ description: "Also list revoked keys" })) }),
      response: t.Array(ApiKeyView),
      detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED"),
        tags,
        summary: "List org API keys",
        description: "Needs org.api_key.list. Live keys, oldest first (revoked ones too with ?includeRevoked=true). The key itself is never shown again, only its prefix.",
      },
    })
    .delete("/:keyId", ({ org, orgActor, params, request }) => revokeApiKey(ctx, orgActor, org, params.keyId, { requestId: requestInfo(request).id }), {
      org: true,
      params: t.Object({ slug: OrgSlug, keyId: t.String({ maxLength: 100 }) }),
      response: ApiKeyView,
      detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED"),
        tags,
        summary: "Revoke an org API key",
        description:
          "Needs org.api_key.revoke. The key stops working at once, and every M2M token it issued is refused from the next request on, on every node. " +
          "Revoking a revoked key changes nothing. 404 for an unknown key or another organization's. Emits org.api_key.revoked.",
      },
    });
}

function signingKeyRoutes(ctx: AppContext) {
  return new Elysia({ name: "keys.signing" })
    .use(orgGuard(ctx))
    .get("/api/org/:slug/master-seal", ({ org }) => masterSealStatus(ctx, org), {
      org: true,
      response: MasterSealView,
      detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS),
        tags: ["Keys"],
        summary: "Org Master Seal status and readiness",
        description:
          "Whether the organization has its Org Master Seal, how it was made (the owner's passkey, or the operator at bootstrap), " +
          "the signing key it signs with now (the seal's own key until a rotation), and `readiness`: `ready` is true only with the Master Seal and an owner passkey; `missing` lists what is left. Any member may read it.",
      },
    })
    .post(
      "/api/org/:slug/master-seal",
      async ({ org, orgActor, body, request, set }) => {
        const view = await createMasterSeal(ctx, orgActor, org, { assertion: sealAssertionOf(body), requestId: requestInfo(request).id });
        set.status = 201;
        return view;
      },
      {
        org: true,
        // Optional: a bare POST is a request without a seal (403 step_up_required), not malformed input.
        body: t.Optional(t.Object({ ...SealAssertionBody })),
        response: { 201: MasterSealView },
        detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS, "owner_required", "step_up_required", "step_up_failed", "master_seal_exists"),
          tags: ["Keys"],
          summary: "Create the Org Master Seal (owner, with a personal seal)",
          description:
            `The owner's ceremony. Ask POST /api/auth/seal/options with purpose \`${MASTER_SEAL_PURPOSE}\` and subject the org slug, answer it with a passkey, ` +
            "and send the assertion as `assertionResponseJson` (or `SealAssertionJson`). Creates the organization's RS256 signing key, encrypted at rest. " +
            "403 owner_required for anyone but the owner; 403 step_up_required without an assertion; 403 step_up_failed when it does not verify; " +
            "409 master_seal_exists when the organization already has one.",
        },
      },
    
    )
    .get("/api/org/:slug/settings/keys/signing-keys", ({ org }) => signingKeysView(ctx.db.read, org.id, ctx.clock.now()), {
      org: true,
      params: SlugParams,
      response: SigningKeysView,
      detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS),
        tags,
        summary: "The organization's signing keys",
        description: "The current token key, the current permit key, and the rotated token keys still published until their retireAt: exactly what the JWKS carries. Any member may read it.",
      },
    })
    .post(
      "/api/org/:slug/settings/keys/signing-key/rotate",
      ({ org, orgActor, body, request }) =>
        rotateSigningKeys(ctx, orgActor, org, { retireImmediately: body?.retireImmediately, requestId: requestInfo(request).id }),
      {
        org: true,
        params: SlugParams,
        body: t.Optional(
          t.Object(
            {
              retireImmediately: t.Optional(
                t.Boolean({ description: "Take the previous token key out of the JWKS at once (a compromised key): end-user tokens it signed stop verifying too" }),
              ),
            },
            { additionalProperties: false },
          ),
        ),
        response: SigningKeysView,
        detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS, "admin_required", "ORG_SEAL_REQUIRED", "too_many_signing_keys"),
          tags,
          summary: "Rotate the signing keys",
          description:
            "Owner or admin (403 admin_required); no personal seal. Replaces both current keys. The previous permit key leaves the JWKS at once, so every permit it signed stops verifying. " +
            `The previous token key stays published for ${MAX_SIGNED_TOKEN_LIFETIME_SECONDS / 3600} h and 5 min (the longest an end-user token lives), so tokens signed before the rotation verify until they expire; ` +
            "retireImmediately removes it at once instead. 409 ORG_SEAL_REQUIRED before the Org Master Seal; " +
            `409 too_many_signing_keys (with retryAt) when ${MAX_RETIRING_SIGNING_KEYS} rotated keys are still published. Emits org.signing_key.rotated.`,
        },
      },
    );
}

function jwksRoutes(ctx: AppContext) {
  return new Elysia({ name: "keys.jwks" }).get(
    "/api/public/orgs/:slug/jwks.json",
    async ({ params, request }) => {
      const jwks = await jwksOf(ctx, params.slug);
      if (!jwks) throw machineErrors.error("notFound", { message: "no such organization" });
      const headers = { etag: jwks.etag, "cache-control": JWKS_CACHE_CONTROL, "content-type": "application/json" };
      if (etagMatches(request.headers.get("if-none-match"), jwks.etag)) return new Response(null, { status: 304, headers });
      return new Response(jwks.bytes, { headers });
    },
    {
      params: SlugParams,
      response: { 200: Jwks, 304: t.Void(), 404: t.Object({ error: t.String(), message: t.String() }) },
      detail: {
        ...declaresErrors("not_found"),
        tags,
        summary: "The organization's JWKS",
        description:
          "No auth. The public keys that verify the organization's RS256 signatures: its current token key, its current permit key, and rotated token keys until they retire. " +
          "Served as precomputed bytes with a strong ETag; send If-None-Match for a 304. Cache-Control allows 60 s of caching, so a rotation reaches verifiers within a minute. " +
          "An organization without its Org Master Seal has an empty set; an unknown slug is 404.",
      },
    },
  );
}

const PartnerAssertionRequest = t.Object(
  {
    audience: t.String({
      minLength: 1,
      maxLength: AUDIENCE_MAX_LENGTH,
      pattern: "^\\S+$",
      description: "Who the assertion is for (its aud): the partner's URL or identifier, without spaces",
    }),
    ttlSeconds: t.Optional(
      t.Number({
        description: `Lifetime in seconds, clamped to ${PARTNER_ASSERTION_TTL.min}..${PARTNER_ASSERTION_TTL.max} and to the key's maxTokenLifetimeSeconds (whole seconds). Omitted: ${PARTNER_ASSERTION_TTL.default}`,
      }),
    ),
  },
  { additionalProperties: false },
);

const PartnerAssertionResponse = t.Object({
  assertion: t.String({ description: "The RS256 JWT (compact JWS), header typ partner-assertion+jwt and the signing key's kid" }),
  tokenType: t.Literal(PARTNER_ASSERTION_TYPE),
  expiresIn: t.Integer({ description: "Seconds: the lifetime actually issued" }),
  expiresAt: t.String({ format: "date-time" }),
  issuer: t.String({ description: "The assertion's iss: the deployment's base URL and /orgs/{slug}" }),
  jwksUri: t.String({ description: "The organization's JWKS, which verifies the assertion" }),
});

function partnerAssertionRoutes(ctx: AppContext) {
  return new Elysia({ name: "keys.partner-assertion" }).use(publicApiGuard(ctx)).post(
    "/api/public/orgs/:slug/partner-assertion",
    ({ keyOrg, apiKey, params, body, request, set }) => {
      set.headers["cache-control"] = "no-store";
      const info = requestInfo(request);
      return issuePartnerAssertion(ctx, { keyOrg, apiKey }, params.slug, {
        ...body,
        requestId: info.id,
        ip: info.ip,
        userAgent: request.headers.get("user-agent"),
      });
    },
    {
      apiKey: true,
      params: SlugParams,
      ...strictBody(PartnerAssertionRequest),
      response: PartnerAssertionResponse,
      detail: {
        ...declaresErrors("api_key_required", "invalid_api_key", "api_key_revoked", "service_account_inactive", "PERMISSION_DENIED", "ORG_SEAL_REQUIRED"),
        // The organization vouches for the key itself: no scope beyond holding a live key.
        ...requiresScope("none"),
        tags: ["Machine access"],
        summary: "Exchange an org API key for a partner assertion",
        description:
          "Send the organization's API key as `X-Api-Key` (or `Authorization: Bearer`). Answers a short-lived RS256 JWT in which the organization vouches for the key's holder to one partner " +
          "(aud = audience). Claims: iss (issuer), sub and org (the organization's id), org_slug, key_id, scope (the key's scopes, capped by its service account's role), " +
          "iat, nbf, exp, jti, and service_account / connected_id / app_group when the key has them. Verify with the JWKS at jwksUri: it is signed with the current token key, " +
          "so it still verifies for its lifetime after a rotation. 401 api_key_required, invalid_api_key (unknown, or another organization's key, or an unknown slug), " +
          "api_key_revoked, service_account_inactive; 409 ORG_SEAL_REQUIRED before the Org Master Seal. Emits org.partner_assertion.issued (never the assertion).",
      },
    },
  );
}

const WebhookSecretStatusView = t.Object({
  exists: t.Boolean(),
  createdAt: t.Union([t.String({ format: "date-time" }), t.Null()], { description: "When the current secret was generated" }),
  previousValidUntil: t.Union([t.String({ format: "date-time" }), t.Null()], { description: "Until when the replaced secret still verifies; null when none does" }),
});

const RegeneratedWebhookSecret = t.Object({
  secret: t.String({ description: "The new secret (whsec_ and 256 random bits): shown in this response only, never again" }),
  createdAt: t.String({ format: "date-time" }),
  previousValidUntil: t.Union([t.String({ format: "date-time" }), t.Null()], {
    description: "Until when the replaced secret still verifies; null when there was none or revokePrevious ended it",
  }),
});

const RegenerateWebhookSecretBody = t.Object(
  { revokePrevious: t.Optional(t.Boolean({ description: "End the replaced secret at once (a leaked secret) instead of after the cutover" })) },
  { additionalProperties: false },
);
const strictRegenerateBody = strictBody(RegenerateWebhookSecretBody);

function webhookSecretRoutes(ctx: AppContext) {
  const graceHours = PREVIOUS_SECRET_GRACE_MS / 3_600_000;
  return new Elysia({ name: "keys.webhook-secret", prefix: "/api/org/:slug/settings/keys/webhook-secret" })
    .use(orgGuard(ctx))
    .get("", ({ org, orgActor }) => webhookSecretStatus(ctx, orgActor, org), {
      org: true,
      params: SlugParams,
      response: WebhookSecretStatusView,
      detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED"),
        tags,
        summary: "The webhook signing secret's status",
        description: `Needs ${WebhookSecretScopes.read} (Owner and Admin). Whether a secret exists, when it was generated and until when the replaced one still verifies. Never the secret.`,
      },
    })
    .post(
      "/regenerate",
      async ({ org, orgActor, body, request, set }) => {
        set.headers["cache-control"] = "no-store";
        const created = await regenerateWebhookSecret(ctx, orgActor, org, { revokePrevious: body?.revokePrevious, requestId: requestInfo(request).id });
        set.status = 201;
        return created;
      },
      {
        org: true,
        params: SlugParams,
        // Optional: a bare POST regenerates with the default cutover; a body sent is checked strictly.
        body: t.Optional(RegenerateWebhookSecretBody),
        transform: ({ body }) => (body === undefined ? undefined : strictRegenerateBody.transform({ body })),
        response: { 201: RegeneratedWebhookSecret },
        detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED"),
          tags,
          summary: "Regenerate the webhook signing secret",
          description:
            `Needs ${WebhookSecretScopes.regenerate} (Owner and Admin). A new secret signs the organization's outgoing webhooks from now on; it is in this response only. ` +
            "Signet keeps it encrypted with the master key (it must sign with it), never in clear. " +
            `The replaced secret keeps verifying for ${graceHours} h (previousValidUntil), so receivers can switch without losing events; revokePrevious ends it at once. ` +
            "A second regeneration within that time ends the older secret. Emits org.webhook_secret.regenerated (never the secret).",
        },
      },
    );
}

const PluginTokenView = t.Object({
  id: t.String(),
  name: t.String(),
  prefix: t.String({ description: "The start of the token (ah_plugin_ and 8 characters), to recognise it" }),
  scopes: t.Array(t.String()),
  status: t.Union([t.Literal("active"), t.Literal("expired"), t.Literal("revoked")]),
  createdAt: t.String({ format: "date-time" }),
  createdBy: t.String(),
  expiresAt: t.String({ format: "date-time" }),
  revokedAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
});

const CreatedPluginToken = t.Composite([PluginTokenView, t.Object({ token: t.String({ description: "The token itself: shown in this response only, never again" }) })]);

const CreatePluginTokenBody = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: PLUGIN_TOKEN_NAME_MAX, description: `A label for people, 1 to ${PLUGIN_TOKEN_NAME_MAX} characters` }),
    scopes: t.Optional(
      t.Array(t.String({ maxLength: 200 }), {
        maxItems: 200,
        description: "The token's scopes, each within the caller's own. Omitted: the organization's default API key scopes",
      }),
    ),
    expiresInDays: t.Optional(
      t.Integer({
        minimum: PLUGIN_TOKEN_EXPIRY_DAYS.min,
        maximum: PLUGIN_TOKEN_EXPIRY_DAYS.max,
        description: `Days until the token expires, ${PLUGIN_TOKEN_EXPIRY_DAYS.min} to ${PLUGIN_TOKEN_EXPIRY_DAYS.max}. Omitted: ${PLUGIN_TOKEN_EXPIRY_DAYS.default}`,
      }),
    ),
  },
  { additionalProperties: false },
);

function pluginTokenRoutes(ctx: AppContext) {
  return new Elysia({ name: "keys.plugin-tokens", prefix: "/api/org/:slug/settings/keys/plugin-tokens" })
    .use(orgGuard(ctx))
    .post(
      "",
      async ({ org, orgActor, body, request, set }) => {
        const created = await createPluginToken(ctx, orgActor, org, { ...body, requestId: requestInfo(request).id });
        set.headers["cache-control"] = "no-store";
        set.status = 201;
        return created;
      },
      {
        org: true,
        params: SlugParams,
        ...strictBody(CreatePluginTokenBody),
        response: { 201: CreatedPluginToken },
        detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED", "invalid_scope", "too_many_plugin_tokens"),
          tags,
          summary: "Create a plugin token",
          description:
            `Needs ${PluginTokenScopes.create}. The token (\`ah_plugin_\` and 256 random bits) is in this response only; Signet keeps its SHA-256. ` +
            "Scopes only narrow what the caller holds (403 PERMISSION_DENIED naming `scopes[i]`; 400 invalid_scope for a malformed one or when none is given and the organization has no default). " +
            `400 invalid_name for a blank name. 409 too_many_plugin_tokens beyond ${MAX_LIVE_PLUGIN_TOKENS} live (unrevoked, unexpired) tokens. Emits org.plugin_token.created.`,
        },
      },
    )
    .get("", ({ org, orgActor, query }) => listPluginTokens(ctx, orgActor, org, { includeRevoked: query.includeRevoked }), {
      org: true,
      params: SlugParams,
      query: t.Object({ includeRevoked: t.Optional(t.BooleanString({ description: "Also list revoked tokens" })) }),
      response: t.Array(PluginTokenView),
      detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED"),
        tags,
        summary: "List plugin tokens",
        description: `Needs ${PluginTokenScopes.list}. Unrevoked tokens, expired ones included (status), oldest first; revoked ones too with ?includeRevoked=true. Never the token itself.`,
      },
    })
    .delete("/:tokenId", ({ org, orgActor, params, request }) => revokePluginToken(ctx, orgActor, org, params.tokenId, { requestId: requestInfo(request).id }), {
      org: true,
      params: t.Object({ slug: OrgSlug, tokenId: t.String({ maxLength: 100 }) }),
      response: PluginTokenView,
      detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED"),
        tags,
        summary: "Revoke a plugin token",
        description: `Needs ${PluginTokenScopes.revoke}. The token stops working at once. Revoking a revoked token changes nothing. 404 for an unknown token or another organization's. Emits org.plugin_token.revoked.`,
      },
    })
    // The spec's form (4.4): DELETE on the collection, naming the token in the query.
    .delete("", ({ org, orgActor, query, request }) => revokePluginToken(ctx, orgActor, org, query.tokenId, { requestId: requestInfo(request).id }), {
      org: true,
      params: SlugParams,
      query: t.Object({ tokenId: t.String({ minLength: 1, maxLength: 100, description: "The token's id" }) }),
      response: PluginTokenView,
      detail: {
        ...declaresErrors(...ORG_GUARD_ERRORS, "PERMISSION_DENIED"),
        tags,
        summary: "Revoke a plugin token (by ?tokenId=)",
        description: `The same as DELETE …/plugin-tokens/{tokenId}: needs ${PluginTokenScopes.revoke}; 400 without tokenId; 404 for an unknown token or another organization's. Emits org.plugin_token.revoked.`,
      },
    });
}
