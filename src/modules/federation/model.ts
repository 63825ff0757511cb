/**
 * Federation's wire shapes (spec 2.11, 4.4), each once. Bodies use the spec's snake_case
 * field names; routes refuse unknown fields (strictBody).
 */
import { t, type Static } from "elysia";
import { OrgSlug } from "../orgs/index";
import { CONNECTION_TYPES } from "./providers";

const Url = (description: string) => t.String({ maxLength: 2048, description });
const Nullable = <T extends ReturnType<typeof t.String>>(schema: T) => t.Union([schema, t.Null()]);

export const ConnectionTypeSchema = t.Union(
  CONNECTION_TYPES.map((type) => t.Literal(type)),
  { description: "custom-oidc, custom-saml, or a named OIDC type: named-entra, named-google-workspace, named-okta, named-auth0, named-onelogin" },
);

export const AttributeMappingSchema = t.Object(
  {
    email: t.Optional(t.String({ minLength: 1, maxLength: 200, description: "The claim (OIDC) or attribute (SAML) holding the person's e-mail address" })),
    display_name: t.Optional(t.String({ minLength: 1, maxLength: 200, description: "The claim or attribute holding the name members see" })),
    role: t.Optional(
      t.Object(
        {
          attribute: t.String({ minLength: 1, maxLength: 200, description: "The claim or attribute whose values choose the role (e.g. groups)" }),
          values: t.Record(t.String({ maxLength: 200 }), t.String({ maxLength: 100 }), {
            description: "IdP value → role (member, org_director or a custom role's id); the first listed value the person has wins",
            maxProperties: 50,
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, description: "docs/federation.md \"Attribute mapping\"" },
);

export const ConnectionBody = t.Object(
  {
    id: t.Optional(t.String({ maxLength: 100, description: "PUT: the connection to replace" })),
    type: ConnectionTypeSchema,
    display_name: t.Optional(t.String({ maxLength: 200, description: "What the login hint and the audit trail call it (default: the type's name)" })),
    email_domain: t.Optional(Nullable(t.String({ maxLength: 253, description: "People with addresses here sign in through this connection, and only they may" }))),
    default_role: t.Optional(t.String({ maxLength: 100, description: "The role a person joining through this connection gets: member (default), org_director, or a custom role's id" })),
    attribute_mapping: t.Optional(AttributeMappingSchema),
    oidc_discovery_url: t.Optional(Nullable(Url("The IdP's /.well-known/openid-configuration"))),
    oidc_issuer: t.Optional(Nullable(Url("The IdP's issuer; with the endpoints below when there is no discovery"))),
    oidc_authorization_endpoint: t.Optional(Nullable(Url("Without discovery: the authorization endpoint"))),
    oidc_token_endpoint: t.Optional(Nullable(Url("Without discovery: the token endpoint"))),
    oidc_jwks_uri: t.Optional(Nullable(Url("Without discovery: the JWKS the id_tokens are signed with"))),
    oidc_client_id: t.Optional(t.String({ maxLength: 500 })),
    oidc_client_secret: t.Optional(t.String({ maxLength: 2000, description: "Write-only; sealed at rest. Left out on PUT: the stored one is kept" })),
    client_id: t.Optional(t.String({ maxLength: 500, description: "Same as oidc_client_id" })),
    client_secret: t.Optional(t.String({ maxLength: 2000, description: "Same as oidc_client_secret" })),
    saml_metadata_url: t.Optional(Nullable(Url("The IdP's SAML metadata, fetched at each sign-in (cached an hour)"))),
    saml_metadata_xml: t.Optional(Nullable(t.String({ maxLength: 200_000, description: "The IdP's SAML metadata document" }))),
    saml_sso_url: t.Optional(Nullable(Url("Without metadata: the IdP's single sign-on URL (HTTP-Redirect binding)"))),
    saml_entity_id: t.Optional(Nullable(t.String({ maxLength: 1024, description: "Without metadata: the IdP's entity id (the Issuer of its assertions)" }))),
    saml_certificate: t.Optional(Nullable(t.String({ maxLength: 20_000, description: "Without metadata: the IdP's signing certificate (PEM or base64 DER)" }))),
  },
  { additionalProperties: false },
);
export type ConnectionInput = Static<typeof ConnectionBody>;

export const ServiceProviderView = t.Object({
  entity_id: t.String({ description: "Signet's SAML entity id for this organization" }),
  acs_url: t.String({ description: "Assertion Consumer Service (HTTP-POST); also the OIDC redirect URI" }),
  metadata_url: t.String(),
});

export const ConnectionView = t.Object({
  id: t.String(),
  type: t.String(),
  display_name: t.String(),
  email_domain: t.Union([t.String(), t.Null()]),
  status: t.Union([t.Literal("active"), t.Literal("inactive")]),
  is_default: t.Boolean({ description: "The connection used when no e-mail domain matches" }),
  default_role: t.String(),
  attribute_mapping: AttributeMappingSchema,
  oidc_discovery_url: t.Union([t.String(), t.Null()]),
  oidc_issuer: t.Union([t.String(), t.Null()]),
  oidc_authorization_endpoint: t.Union([t.String(), t.Null()]),
  oidc_token_endpoint: t.Union([t.String(), t.Null()]),
  oidc_jwks_uri: t.Union([t.String(), t.Null()]),
  oidc_client_id: t.Union([t.String(), t.Null()]),
  oidc_client_secret_set: t.Boolean({ description: "Whether a client secret is stored; the secret itself is never returned" }),
  saml_metadata_url: t.Union([t.String(), t.Null()]),
  saml_metadata_xml_set: t.Boolean(),
  saml_sso_url: t.Union([t.String(), t.Null()]),
  saml_entity_id: t.Union([t.String(), t.Null()]),
  saml_certificate: t.Union([t.String(), t.Null()]),
  redirect_uri: t.String({ description: "Register this at the IdP: the OIDC redirect URI, or the SAML ACS URL" }),
  login_url: t.String({ description: "Starts a sign-in through this connection" }),
  service_provider: t.Union([ServiceProviderView, t.Null()], { description: "SAML only: what to register at the IdP" }),
  created_at: t.String({ format: "date-time" }),
  updated_at: t.String({ format: "date-time" }),
  deactivated_at: t.Union([t.String({ format: "date-time" }), t.Null()]),
});
export type ConnectionView = Static<typeof ConnectionView>;

export const ConnectionList = t.Object({
  connection: t.Union([ConnectionView, t.Null()], { description: "The default connection (used when no e-mail domain matches), or null" }),
  connections: t.Array(ConnectionView, { description: "Every connection, inactive ones too, oldest first" }),
  limit: t.Integer({ description: "Active connections the plan allows; -1 unlimited" }),
  used: t.Integer({ description: "Active connections" }),
});

export const ConnectionParams = t.Object({ slug: OrgSlug, connectionId: t.String({ maxLength: 100 }) });
export const PublicSlugParams = t.Object({ slug: t.String({ maxLength: 100 }) });

export const PolicyBody = t.Object(
  {
    default_connection_id: t.Optional(t.Union([t.String({ maxLength: 100 }), t.Null()], { description: "The connection used when no e-mail domain matches; null: the only active connection without a domain" })),
    jit_membership: t.Optional(t.Boolean({ description: "Sign-ins may add people who are not members yet (default true); false admits existing members only" })),
  },
  { additionalProperties: false },
);
export const PolicyView = t.Object({
  default_connection_id: t.Union([t.String(), t.Null()]),
  jit_membership: t.Boolean(),
  updated_at: t.Union([t.String({ format: "date-time" }), t.Null()]),
});
export type PolicyView = Static<typeof PolicyView>;

export const TestBody = t.Object(
  {
    connection_id: t.Optional(t.String({ maxLength: 100, description: "Test a stored connection" })),
    connection: t.Optional(ConnectionBody),
  },
  { additionalProperties: false, description: "Either a stored connection's id or an unsaved connection body" },
);
export const TestResult = t.Object({
  ok: t.Boolean(),
  protocol: t.Union([t.Literal("oidc"), t.Literal("saml")]),
  checks: t.Array(t.Object({ name: t.String(), ok: t.Boolean(), detail: t.String() })),
  problems: t.Array(t.String(), { description: "What is wrong, in plain words; empty when ok" }),
});
export type TestResult = Static<typeof TestResult>;

export const LoginQuery = t.Object({
  email: t.Optional(t.String({ maxLength: 254 })),
  domain: t.Optional(t.String({ maxLength: 253 })),
  connection: t.Optional(t.String({ maxLength: 100, description: "A connection's id, to pick one explicitly" })),
  returnUrl: t.Optional(t.String({ maxLength: 2048, description: "Where the dashboard goes after sign-in; kept only when it is on this deployment" })),
});
export const LoginHint = t.Object({ name: t.String(), type: t.String() });

export const CallbackQuery = t.Object({
  code: t.Optional(t.String({ maxLength: 4096 })),
  state: t.Optional(t.String({ maxLength: 512 })),
  iss: t.Optional(t.String({ maxLength: 2048 })),
  error: t.Optional(t.String({ maxLength: 200 })),
  error_description: t.Optional(t.String({ maxLength: 2000 })),
  session_state: t.Optional(t.String({ maxLength: 512 })),
});
export const SamlPostBody = t.Object({
  SAMLResponse: t.Optional(t.String({ maxLength: 1_000_000 })),
  RelayState: t.Optional(t.String({ maxLength: 512 })),
});
