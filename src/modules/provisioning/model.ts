/**
 * Wire shapes of provisioning (DESIGN §3), once. The token routes' shapes are strict; SCIM
 * bodies are loose by nature (any attribute case, extensions keyed by URN), so their
 * schemas say what they carry and let anything else through to input.ts and patch.ts,
 * which read them against the SCIM schema and refuse what Signet cannot honour.
 */
import { t, type Static } from "elysia";
import { OrgSlug } from "../orgs/index";

export const ScimTokenView = t.Object({
  id: t.String(),
  prefix: t.String({ description: "The start of the token (ah_scim_ and 8 characters), to recognise it" }),
  status: t.Union([t.Literal("active"), t.Literal("revoked")]),
  createdAt: t.String({ format: "date-time" }),
  createdBy: t.String({ description: "The user id of the owner or admin who created it" }),
  revokedAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
});
export type ScimTokenView = Static<typeof ScimTokenView>;

export const CreatedScimToken = t.Composite([
  ScimTokenView,
  t.Object({
    token: t.String({ description: "The token itself: shown in this response only, never again. Send it as Authorization: Bearer on /scim/v2/{slug}" }),
    scimBaseUrl: t.String({ description: "The SCIM base URL to configure in the identity provider" }),
  }),
]);

export const TokenQuery = t.Object({
  tokenId: t.Optional(t.String({ minLength: 1, maxLength: 100, description: "Only this token; omitted: every token of the organization" })),
});

export const RevokedTokens = t.Object({ revoked: t.Array(ScimTokenView, { description: "The tokens this request revoked (none when all already were)" }) });
export const ErasedTokens = t.Object({ erased: t.Array(t.String(), { description: "The ids of the erased tokens" }) });

export const ScimParams = t.Object({ orgSlug: OrgSlug });
export const ScimResourceParams = t.Object({ orgSlug: OrgSlug, id: t.String({ maxLength: 200, description: "The resource's id" }) });
export const ScimSchemaParams = t.Object({ orgSlug: OrgSlug, id: t.String({ maxLength: 200, description: "A schema URN" }) });

/** Query parameters of a resource list and of a single resource (RFC 7644 §3.4.2, §3.9). */
export const ScimListQuery = t.Object({
  filter: t.Optional(t.String({ maxLength: 4096, description: 'A SCIM filter: userName eq "ada@example.com", emails[type eq "work" and value co "@example.com"], …' })),
  startIndex: t.Optional(t.Integer({ description: "1-based index of the first result (below 1: 1)" })),
  count: t.Optional(t.Integer({ description: "Results per page, at most 200 (negative: 0, which answers only totalResults)" })),
  attributes: t.Optional(t.String({ maxLength: 2048, description: "Comma-separated attributes to return (id and schemas always come)" })),
  excludedAttributes: t.Optional(t.String({ maxLength: 2048, description: "Comma-separated attributes to leave out" })),
  sortBy: t.Optional(t.String({ maxLength: 200, description: "Ignored: sorting is not supported (ServiceProviderConfig says so); results come oldest first" })),
  sortOrder: t.Optional(t.String({ maxLength: 20, description: "Ignored, as sortBy" })),
});

export const ScimProjectionQuery = t.Object({
  attributes: ScimListQuery.properties.attributes,
  excludedAttributes: ScimListQuery.properties.excludedAttributes,
});

const loose = { additionalProperties: true } as const;

export const ScimUserBody = t.Object(
  {
    schemas: t.Optional(t.Array(t.String({ maxLength: 200 }), { maxItems: 10 })),
    userName: t.Optional(t.Unknown({ description: "Required: unique in the organization, compared without regard to case" })),
    externalId: t.Optional(t.Unknown({ description: "The identity provider's id; unique in the organization" })),
    active: t.Optional(t.Unknown({ description: 'A boolean ("True" and "False" are read too); false suspends the badge' })),
    emails: t.Optional(t.Unknown({ description: "The primary (else first work, else first) address is the member's dashboard account" })),
  },
  { ...loose, description: "A SCIM User (RFC 7643 §4.1), with the enterprise extension under its URN. Attribute names in any case." },
);

export const ScimGroupBody = t.Object(
  {
    schemas: t.Optional(t.Array(t.String({ maxLength: 200 }), { maxItems: 10 })),
    displayName: t.Optional(t.Unknown({ description: "Required: the custom role's name" })),
    externalId: t.Optional(t.Unknown()),
    members: t.Optional(t.Unknown({ description: "[{ value: a User's id }]: the members who hold the role" })),
  },
  { ...loose, description: "A SCIM Group (RFC 7643 §4.2): an organization's custom role" },
);

export const ScimPatchBody = t.Object(
  {
    schemas: t.Optional(t.Array(t.String({ maxLength: 200 }), { maxItems: 10 })),
    Operations: t.Optional(t.Unknown({ description: "add, remove, replace (any case), with or without a path" })),
  },
  { ...loose, description: "A PatchOp message (RFC 7644 §3.5.2)" },
);

export const ScimResource = t.Object({ schemas: t.Array(t.String()), id: t.Optional(t.String()) }, { ...loose, description: "A SCIM resource" });
export const ScimListResponse = t.Object(
  { schemas: t.Array(t.String()), totalResults: t.Integer(), Resources: t.Array(t.Unknown()) },
  { ...loose, description: "A ListResponse (RFC 7644 §3.4.2)" },
);
