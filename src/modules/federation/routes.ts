/**
 * Federation's routes (spec 4.4; docs/federation.md). The rules live in connections.ts,
 * signin.ts and test-connection.ts; this file holds none.
 *
 * - /api/org/{slug}/idp-connections (GET, POST, PUT, POST /deactivate, POST
 *   /{connectionId}/deactivate) and /api/org/{slug}/settings/federation (POST, DELETE,
 *   POST /test): a member's session or an M2M token, with the scope.
 * - /idp/{slug}/login-hint, /login, /callback (GET for OIDC, POST for SAML's HTTP-POST
 *   binding) and /saml/metadata: pre-auth, for browsers and IdPs.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { declaresErrors, kernelErrors } from "../../platform/http/error-catalog";
import { requestInfo } from "../../platform/http/kernel";
import { guardedFetch } from "../../platform/outbound/http";
import { strictBody } from "../../platform/http/strict-body";
import { MACHINE_TOKEN_ERRORS } from "../access/index";
import { sessionClientOf, signIn } from "../identity/index";
import { callerOf, ORG_GUARD_ERRORS, orgBySlug, type Organization, type OrgCaller, orgGuard, SlugParams } from "../orgs/index";
import { callbackUrl, createConnection, deactivateConnection, type FederationCaller, listConnections, readPolicy, replaceConnection, resetPolicy, setPolicy, spEntityId } from "./connections";
import { clearFlowCookie, FLOW_COOKIE, FLOW_TTL_MS, setFlowCookie } from "./flows";
import * as M from "./model";
import { serviceProviderMetadata } from "./saml-metadata";
import { finishOidcSignIn, finishSamlSignIn, loginHint, type RequestMeta, startSignIn } from "./signin";
import { certificateBody, spKeyOf } from "./sp-keys";
import { testConnection } from "./test-connection";

const CONNECTIONS = ["IdP connections"];
const SIGN_IN = ["IdP sign-in"];
const GUARD = [...ORG_GUARD_ERRORS, "org_wide_key_required", ...MACHINE_TOKEN_ERRORS, "PERMISSION_DENIED"];
const WHO = " A member's session or an M2M token whose key holds the scope (the Owner and Admin hold it; a Member gets 403 PERMISSION_DENIED).";
const BODY_ERRORS = ["invalid_idp_connection", "invalid_role", "email_domain_public", "email_domain_in_use", "UPGRADE_REQUIRED"];

function caller(context: { org: Organization; orgCaller: OrgCaller; request: Request }): FederationCaller {
  return callerOf(context.org, context.orgCaller, context.request);
}

function metaOf(request: Request): RequestMeta {
  const info = requestInfo(request);
  return { requestId: info.id, ip: info.ip, userAgent: request.headers.get("user-agent") };
}

export function federationRoutes(ctx: AppContext) {
  const fetcher = guardedFetch({ allowPrivateNetworks: ctx.config.federationAllowPrivateNetworks });
  return [connectionRoutes(ctx), policyRoutes(ctx, fetcher), signInRoutes(ctx, fetcher)];
}

function connectionRoutes(ctx: AppContext) {
  return new Elysia({ name: "federation.connections", prefix: "/api/org/:slug/idp-connections" })
    .use(orgGuard(ctx))
    .get("", (c) => listConnections(ctx, caller(c)), {
      orgOrMachine: true,
      params: SlugParams,
      response: M.ConnectionList,
      detail: {
        tags: CONNECTIONS,
        summary: "List identity-provider connections",
        description: `connection (the default: used when no e-mail domain matches), connections (every one, inactive too), limit (-1 unlimited) and used (active ones). Client secrets are never returned: oidc_client_secret_set says whether one is stored. Needs org.idp_connection.read.${WHO}`,
        ...declaresErrors(...GUARD),
      },
    })
    .post("", async (c) => c.status(201, await createConnection(ctx, caller(c), c.body)), {
      orgOrMachine: true,
      params: SlugParams,
      ...strictBody(M.ConnectionBody),
      response: { 201: M.ConnectionView },
      detail: {
        tags: CONNECTIONS,
        summary: "Create an identity-provider connection",
        description:
          "Body per spec 2.11 (docs/federation.md). OIDC types need oidc_client_id and oidc_discovery_url, or oidc_issuer (discovery at its /.well-known/openid-configuration), or oidc_issuer with the authorization, token and JWKS endpoints; named types fill in what their shape allows. " +
          "custom-saml needs saml_metadata_url, saml_metadata_xml, or saml_sso_url with saml_entity_id and saml_certificate. A failing field is 400 invalid_idp_connection naming it. " +
          "Active connections are capped by the plan (Free 0, Pro 1, Pro+ 3, Business 10, Enterprise unlimited): 403 UPGRADE_REQUIRED with feature sso_connections, limit and current. " +
          `An e-mail domain another active connection routes is 409 email_domain_in_use. Emits org.idp.connection_created. Needs org.idp_connection.create.${WHO}`,
        ...declaresErrors(...GUARD, ...BODY_ERRORS),
      },
    })
    .put("", (c) => replaceConnection(ctx, caller(c), c.body), {
      orgOrMachine: true,
      params: SlugParams,
      ...strictBody(M.ConnectionBody),
      response: M.ConnectionView,
      detail: {
        tags: CONNECTIONS,
        summary: "Replace an identity-provider connection",
        description:
          "Replaces the connection `id` names with the body, as create checks it (a left-out field takes its default; a left-out client secret keeps the stored one). " +
          `An inactive connection becomes active again, within the plan's cap. Unknown id: 404 idp_connection_not_found. Emits org.idp.connection_updated. Needs org.idp_connection.update.${WHO}`,
        ...declaresErrors(...GUARD, ...BODY_ERRORS, "idp_connection_not_found"),
      },
    })
    .post("/deactivate", (c) => deactivateConnection(ctx, caller(c), null), {
      orgOrMachine: true,
      params: SlugParams,
      response: M.ConnectionView,
      detail: {
        tags: CONNECTIONS,
        summary: "Deactivate the default connection",
        description: `Deactivates the default connection (the list's connection); 404 idp_not_configured when there is none. The row stays. Emits org.idp.connection_deactivated. Needs org.idp_connection.deactivate.${WHO}`,
        ...declaresErrors(...GUARD, "idp_not_configured"),
      },
    })
    .post("/:connectionId/deactivate", (c) => deactivateConnection(ctx, caller(c), c.params.connectionId), {
      orgOrMachine: true,
      params: M.ConnectionParams,
      response: M.ConnectionView,
      detail: {
        tags: CONNECTIONS,
        summary: "Deactivate a connection",
        description: `The connection stops signing people in; its row stays, and a PUT makes it active again. Already inactive: no change. Unknown id, or another organization's: 404 idp_connection_not_found. Emits org.idp.connection_deactivated. Needs org.idp_connection.deactivate.${WHO}`,
        ...declaresErrors(...GUARD, "idp_connection_not_found"),
      },
    });
}

function policyRoutes(ctx: AppContext, fetcher: ReturnType<typeof guardedFetch>) {
  return new Elysia({ name: "federation.policy", prefix: "/api/org/:slug/settings/federation" })
    .use(orgGuard(ctx))
    .get("", (c) => readPolicy(ctx, caller(c)), {
      orgOrMachine: true,
      params: SlugParams,
      response: M.PolicyView,
      detail: { tags: CONNECTIONS, summary: "Read the federation policy", description: `The default connection and whether sign-ins may add members. Needs org.idp_connection.read.${WHO}`, ...declaresErrors(...GUARD) },
    })
    .post("", (c) => setPolicy(ctx, caller(c), c.body), {
      orgOrMachine: true,
      params: SlugParams,
      ...strictBody(M.PolicyBody),
      response: M.PolicyView,
      detail: {
        tags: CONNECTIONS,
        summary: "Set the federation policy",
        description:
          "default_connection_id: the connection used when no e-mail domain matches (an active connection of this organization, else 400 default_connection_invalid; null: the only active connection without a domain). " +
          `jit_membership: whether a sign-in may add someone who is not a member yet (default true). Fields left out keep their value. Emits org.idp.policy_updated. Needs org.setting.update.${WHO}`,
        ...declaresErrors(...GUARD, "default_connection_invalid"),
      },
    })
    .delete("", (c) => resetPolicy(ctx, caller(c)), {
      orgOrMachine: true,
      params: SlugParams,
      response: M.PolicyView,
      detail: { tags: CONNECTIONS, summary: "Reset the federation policy", description: `Back to the defaults (no default connection named, sign-ins may add members). Emits org.idp.policy_reset when there was a policy. Needs org.setting.update.${WHO}`, ...declaresErrors(...GUARD) },
    })
    .post("/test", (c) => testConnection(ctx, fetcher, caller(c), c.body), {
      orgOrMachine: true,
      params: SlugParams,
      ...strictBody(M.TestBody),
      response: M.TestResult,
      detail: {
        tags: CONNECTIONS,
        summary: "Test a connection against its IdP",
        description:
          "Fetches what a sign-in would (OIDC: the discovery document and the JWKS; SAML: the metadata) and checks it; answers ok and, when not, problems in plain words. " +
          "Loopback and private addresses are reported as refused unless the operator allows private networks. Nothing is stored. " +
          `Body: connection_id (a stored connection; unknown: 404 idp_connection_not_found) or connection (a create body). Needs org.idp_connection.read.${WHO}`,
        ...declaresErrors(...GUARD, ...BODY_ERRORS, "idp_connection_not_found"),
      },
    });
}

const SIGN_IN_ERRORS = ["idp_not_configured", "idp_ambiguous", "idp_connection_not_found", "idp_unavailable"];
const CALLBACK_ERRORS = [
  "invalid_state",
  "state_used",
  "state_expired",
  "idp_not_configured",
  "idp_error",
  "idp_unavailable",
  "idp_email_missing",
  "email_domain_mismatch",
  "email_domain_not_allowed",
  "idp_account_exists",
  "idp_membership_required",
];

function signInRoutes(ctx: AppContext, fetcher: ReturnType<typeof guardedFetch>) {
  const orgOf = (slug: string) => orgBySlug(ctx.db.read, slug.toLowerCase());
  const finish = async (
    context: { cookie: Record<string, any>; request: Request; set: { status?: number | string; headers: Record<string, string | number> } },
    slug: string,
    person: { userId: string; returnUrl: string | null },
  ) => {
    clearFlowCookie(context.cookie, slug);
    await signIn(ctx.sessions, context.cookie, person.userId, sessionClientOf(context.request));
    context.set.status = 303;
    context.set.headers.location = person.returnUrl ?? `${ctx.config.dashboardBase.replace(/\/+$/, "")}/`;
    context.set.headers["cache-control"] = "no-store";
    return "";
  };
  return new Elysia({ name: "federation.sign-in", prefix: "/idp/:slug" })
    .get("/login-hint", async ({ params, query }) => loginHint(ctx, await orgOf(params.slug), { email: query.email, domain: query.domain, connectionId: query.connection }), {
      params: M.PublicSlugParams,
      query: t.Omit(M.LoginQuery, ["returnUrl"]),
      response: M.LoginHint,
      detail: {
        tags: SIGN_IN,
        summary: "Which identity provider a sign-in would use",
        description: "Pre-auth. The name and type of the connection /login would choose for ?email= or ?domain= (or none), by the same rule; nothing else about the organization. 404 idp_not_configured, 400 idp_ambiguous.",
        ...declaresErrors("idp_not_configured", "idp_ambiguous", "idp_connection_not_found"),
      },
    })
    .get(
      "/login",
      async ({ params, query, cookie, set }) => {
        const slug = params.slug.toLowerCase();
        const started = await startSignIn(ctx, fetcher, await orgOf(slug), { email: query.email, domain: query.domain, connectionId: query.connection, returnUrl: query.returnUrl });
        setFlowCookie(ctx, cookie, slug, started.browserSecret);
        set.status = 302;
        set.headers.location = started.location;
        set.headers["cache-control"] = "no-store";
        return "";
      },
      {
        params: M.PublicSlugParams,
        query: M.LoginQuery,
        response: { 302: t.String({ description: "Empty; Location is the IdP" }) },
        detail: {
          tags: SIGN_IN,
          summary: "Sign in to the dashboard through the organization's IdP",
          description:
            "Chooses the connection (?connection=id; else the one whose email_domain matches ?email= or ?domain=; else the default; else the only active one; else 400 idp_ambiguous; none: 404 idp_not_configured), " +
            `remembers the flow for ${FLOW_TTL_MS / 60_000} minutes (single use, bound to this browser by the ${FLOW_COOKIE} cookie) and redirects to the IdP: OIDC with PKCE, state and nonce; SAML with a signed AuthnRequest (HTTP-Redirect). ` +
            "returnUrl is kept only when it is on this deployment.",
          ...declaresErrors(...SIGN_IN_ERRORS),
        },
      },
    )
    .get(
      "/callback",
      async (c) => {
        const slug = c.params.slug.toLowerCase();
        const person = await finishOidcSignIn(ctx, fetcher, await orgOf(slug), c.query, c.cookie[FLOW_COOKIE]?.value as string | undefined, metaOf(c.request));
        return finish(c, slug, person);
      },
      {
        params: M.PublicSlugParams,
        query: M.CallbackQuery,
        response: { 303: t.String({ description: "Empty; Location is the returnUrl or the dashboard" }) },
        detail: {
          tags: SIGN_IN,
          summary: "OIDC redirect URI: finish a sign-in",
          description:
            "Claims the flow (state; single use, this browser only), trades the code (PKCE) and verifies the id_token (signature against the IdP's JWKS, issuer, audience, expiry, nonce), " +
            "admits the person (finds or creates the dashboard account and the membership, just in time; docs/federation.md), opens a dashboard session (the same cookie a magic link sets) and answers 303 to the returnUrl or the dashboard. " +
            "Emits org.idp.sign_in (and org.member.added for a new member).",
          ...declaresErrors(...CALLBACK_ERRORS, "invalid_id_token"),
        },
      },
    )
    .post(
      "/callback",
      async (c) => {
        const slug = c.params.slug.toLowerCase();
        const person = await finishSamlSignIn(ctx, fetcher, await orgOf(slug), c.body, c.cookie[FLOW_COOKIE]?.value as string | undefined, metaOf(c.request));
        return finish(c, slug, person);
      },
      {
        params: M.PublicSlugParams,
        body: M.SamlPostBody,
        response: { 303: t.String({ description: "Empty; Location is the returnUrl or the dashboard" }) },
        detail: {
          tags: SIGN_IN,
          summary: "SAML Assertion Consumer Service (HTTP-POST): finish a sign-in",
          description:
            "Form fields SAMLResponse and RelayState. Claims the flow (RelayState; single use, this browser only), verifies the response (signature on the Response or the Assertion with the IdP's certificate, issuer, audience, recipient, destination, validity window with 60 s skew, InResponseTo naming this flow's request), " +
            "then admits the person and opens a session as the OIDC callback does. IdP-initiated responses are refused (400 unsolicited_saml_response).",
          "x-body-limit": 1_048_576,
          ...declaresErrors(...CALLBACK_ERRORS, "invalid_saml_response", "unsolicited_saml_response"),
        },
      },
    )
    .get(
      "/saml/metadata",
      async ({ params, set }) => {
        const org = await orgOf(params.slug);
        if (!org) throw kernelErrors.error("notFound", { message: "no such organization" });
        const key = await spKeyOf(ctx, org);
        set.headers["content-type"] = "application/samlmetadata+xml";
        return serviceProviderMetadata({ entityId: spEntityId(ctx.config, org.slug), acsUrl: callbackUrl(ctx.config, org.slug), certificateBody: certificateBody(key.certificatePem) });
      },
      {
        params: M.PublicSlugParams,
        response: { 200: t.String({ description: "SAML 2.0 metadata (application/samlmetadata+xml)" }) },
        detail: {
          tags: SIGN_IN,
          summary: "The organization's SAML service-provider metadata",
          description: "Entity id (this URL), the Assertion Consumer Service (/idp/{slug}/callback, HTTP-POST) and the organization's SP signing certificate (made on first use). Give this URL or document to the IdP. Unknown organization: 404.",
          ...declaresErrors("not_found"),
        },
      },
    );
}
