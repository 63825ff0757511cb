/**
 * The SCIM schemas Signet serves (RFC 7643 §4, §7, §8.7): the attributes it really keeps
 * and returns, no more, as /Schemas publishes them, and the definitions the filter, the
 * attribute projection and PATCH consult for an attribute's type, `caseExact` and
 * canonical spelling (attribute names are case-insensitive, RFC 7643 §2.1).
 */

export const SCHEMA = {
  user: "urn:ietf:params:scim:schemas:core:2.0:User",
  enterpriseUser: "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User",
  group: "urn:ietf:params:scim:schemas:core:2.0:Group",
  listResponse: "urn:ietf:params:scim:api:messages:2.0:ListResponse",
  patchOp: "urn:ietf:params:scim:api:messages:2.0:PatchOp",
  error: "urn:ietf:params:scim:api:messages:2.0:Error",
  serviceProviderConfig: "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig",
  resourceType: "urn:ietf:params:scim:schemas:core:2.0:ResourceType",
  schema: "urn:ietf:params:scim:schemas:core:2.0:Schema",
} as const;

export type AttributeType = "string" | "boolean" | "complex" | "dateTime" | "reference";

export interface AttributeDef {
  name: string;
  type: AttributeType;
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: "readOnly" | "readWrite" | "immutable" | "writeOnly";
  returned: "always" | "never" | "default" | "request";
  uniqueness: "none" | "server" | "global";
  canonicalValues?: string[];
  referenceTypes?: string[];
  subAttributes?: AttributeDef[];
}

type Options = Partial<Omit<AttributeDef, "name" | "type" | "description">>;

function attr(name: string, type: AttributeType, description: string, options: Options = {}): AttributeDef {
  const def: AttributeDef = {
    name,
    type,
    multiValued: false,
    description,
    required: false,
    caseExact: false,
    mutability: "readWrite",
    returned: "default",
    uniqueness: "none",
    ...options,
  };
  // RFC 7643 §7: subAttributes only for complex attributes; referenceTypes only for references.
  if (type !== "complex") delete def.subAttributes;
  return def;
}

const str = (name: string, description: string, options: Options = {}) => attr(name, "string", description, options);
const primary = (what: string) => attr("primary", "boolean", `Whether this is the preferred ${what}; at most one is true`);

const NAME = attr("name", "complex", "The components of the user's real name", {
  subAttributes: [
    str("formatted", "The full name, formatted for display"),
    str("familyName", "The family name (last name in most Western languages)"),
    str("givenName", "The given name (first name in most Western languages)"),
    str("middleName", "The middle name(s)"),
    str("honorificPrefix", "The honorific prefix(es), such as Ms."),
    str("honorificSuffix", "The honorific suffix(es), such as III"),
  ],
});

const EMAILS = attr("emails", "complex", "E-mail addresses. The primary one (else the first work one, else the first) is the member's dashboard account", {
  multiValued: true,
  subAttributes: [
    str("value", "An e-mail address"),
    str("display", "A human-readable name for the address"),
    str("type", "work, home or other", { canonicalValues: ["work", "home", "other"] }),
    primary("address"),
  ],
});

const PHONES = attr("phoneNumbers", "complex", "Phone numbers, as given", {
  multiValued: true,
  subAttributes: [str("value", "A phone number"), str("display", "A human-readable form"), str("type", "work, home, mobile, fax, pager or other", { canonicalValues: ["work", "home", "mobile", "fax", "pager", "other"] }), primary("number")],
});

const ADDRESSES = attr("addresses", "complex", "Physical mailing addresses, as given", {
  multiValued: true,
  subAttributes: [
    str("formatted", "The full address, formatted for display"),
    str("streetAddress", "The street address"),
    str("locality", "The city or locality"),
    str("region", "The state or region"),
    str("postalCode", "The postal code"),
    str("country", "The country (ISO 3166-1 alpha-2)"),
    str("type", "work, home or other", { canonicalValues: ["work", "home", "other"] }),
    primary("address"),
  ],
});

const USER_GROUPS = attr("groups", "complex", "The Group (custom role) the member holds, if any; changed through Groups", {
  multiValued: true,
  mutability: "readOnly",
  subAttributes: [
    str("value", "The Group's id", { mutability: "readOnly", caseExact: true }),
    attr("$ref", "reference", "The Group's URI", { mutability: "readOnly", referenceTypes: ["Group"], caseExact: true }),
    str("display", "The Group's displayName", { mutability: "readOnly" }),
    str("type", "direct (Signet has no nested groups)", { mutability: "readOnly", canonicalValues: ["direct"] }),
  ],
});

export const USER_ATTRIBUTES: AttributeDef[] = [
  str("userName", "Unique identifier for the User within the organization, compared without regard to case", { required: true, uniqueness: "server" }),
  NAME,
  str("displayName", "The name shown for the member (their badge's display name)"),
  str("nickName", "The casual name"),
  str("title", "The job title"),
  str("userType", "The relationship to the organization, as the identity provider names it"),
  str("preferredLanguage", "The preferred language (RFC 7231 Accept-Language form)"),
  str("locale", "The default location, for localisation"),
  str("timezone", "The time zone (IANA name)"),
  attr("active", "boolean", "false suspends the member's badge; true reactivates it"),
  EMAILS,
  PHONES,
  ADDRESSES,
  USER_GROUPS,
];

export const ENTERPRISE_ATTRIBUTES: AttributeDef[] = [
  str("employeeNumber", "The employee number"),
  str("costCenter", "The cost center"),
  str("organization", "The organization"),
  str("division", "The division"),
  str("department", "The department"),
  attr("manager", "complex", "The manager, as the identity provider names them (kept as given; not a reporting line in Signet)", {
    subAttributes: [
      str("value", "The manager's id", { caseExact: true }),
      attr("$ref", "reference", "The manager's URI", { referenceTypes: ["User"], caseExact: true }),
      str("displayName", "The manager's name", { mutability: "readOnly" }),
    ],
  }),
];

export const GROUP_ATTRIBUTES: AttributeDef[] = [
  str("displayName", "The custom role's name", { required: true }),
  attr("members", "complex", "The members who hold the role, with an active badge", {
    multiValued: true,
    subAttributes: [
      str("value", "A User's id", { mutability: "immutable", caseExact: true }),
      attr("$ref", "reference", "The User's URI", { mutability: "immutable", referenceTypes: ["User"], caseExact: true }),
      str("display", "The User's displayName", { mutability: "readOnly" }),
      str("type", "User (Signet has no nested groups)", { mutability: "immutable", canonicalValues: ["User"] }),
    ],
  }),
];

/** The attributes every resource has (RFC 7643 §3.1); not listed in /Schemas. */
export const COMMON_ATTRIBUTES: AttributeDef[] = [
  str("id", "Signet's identifier of the resource", { mutability: "readOnly", returned: "always", caseExact: true, uniqueness: "server" }),
  str("externalId", "The identity provider's identifier; unique per organization for Users", { caseExact: true }),
  attr("meta", "complex", "Resource metadata", {
    mutability: "readOnly",
    subAttributes: [
      str("resourceType", "User or Group", { mutability: "readOnly", caseExact: true }),
      attr("created", "dateTime", "When the resource was created", { mutability: "readOnly" }),
      attr("lastModified", "dateTime", "When the resource last changed", { mutability: "readOnly" }),
      attr("location", "reference", "The resource's URI", { mutability: "readOnly", caseExact: true }),
    ],
  }),
];

export type ResourceKind = "User" | "Group";

/** The schemas of a resource kind: its core schema and the extensions it takes. */
export const RESOURCE_SCHEMAS: Record<ResourceKind, { core: string; extensions: Record<string, AttributeDef[]>; attributes: AttributeDef[] }> = {
  User: { core: SCHEMA.user, extensions: { [SCHEMA.enterpriseUser]: ENTERPRISE_ATTRIBUTES }, attributes: USER_ATTRIBUTES },
  Group: { core: SCHEMA.group, extensions: {}, attributes: GROUP_ATTRIBUTES },
};

/** One step of an attribute path, resolved: its definition, and for an extension its schema URN. */
export interface ResolvedPath {
  /** The canonical spelling: `name.givenName`, `urn:…:enterprise:2.0:User:department`. */
  canonical: string;
  /** The canonical key path into a resource object: ["name", "givenName"], ["urn:…:User", "department"]. */
  keys: string[];
  def: AttributeDef;
  /** The top-level attribute's definition (the same as `def` for one without a sub-attribute). */
  top: AttributeDef;
}

function findIn(defs: readonly AttributeDef[] | undefined, name: string): AttributeDef | null {
  const lower = name.toLowerCase();
  return defs?.find((d) => d.name.toLowerCase() === lower) ?? null;
}

/** The extension URN a path starts with (compared without regard to case), and the rest. */
function splitUrn(kind: ResourceKind, path: string): { urn: string | null; rest: string } {
  const lower = path.toLowerCase();
  const schemas = RESOURCE_SCHEMAS[kind];
  for (const urn of [schemas.core, ...Object.keys(schemas.extensions)]) {
    const u = urn.toLowerCase();
    if (lower === u) return { urn, rest: "" };
    if (lower.startsWith(`${u}:`)) return { urn, rest: path.slice(urn.length + 1) };
  }
  return { urn: null, rest: path };
}

/**
 * Resolves an attribute path without a value filter (`userName`, `name.familyName`,
 * `emails.value`, `meta.created`, `urn:…:User:userName`, `urn:…:enterprise:2.0:User:manager.value`)
 * to its definition, or null when the schema has no such attribute.
 */
export function resolvePath(kind: ResourceKind, path: string): ResolvedPath | null {
  const { urn, rest } = splitUrn(kind, path);
  if (urn !== null && rest === "") return null;
  const schemas = RESOURCE_SCHEMAS[kind];
  const extension = urn !== null && urn !== schemas.core ? urn : null;
  const [first, second, ...more] = rest.split(".");
  if (!first || more.length > 0) return null;
  const pool = extension ? schemas.extensions[extension]! : [...schemas.attributes, ...COMMON_ATTRIBUTES];
  const top = findIn(pool, first);
  if (!top) return null;
  const keys = extension ? [extension, top.name] : [top.name];
  if (second === undefined) return { canonical: extension ? `${extension}:${top.name}` : top.name, keys, def: top, top };
  const sub = findIn(top.subAttributes, second);
  if (!sub) return null;
  return { canonical: `${extension ? `${extension}:` : ""}${top.name}.${sub.name}`, keys: [...keys, sub.name], def: sub, top };
}

/** The definition of a top-level attribute or extension key of a resource body, by name (any case). */
export function topLevel(kind: ResourceKind, key: string): { def: AttributeDef; name: string } | { extension: string } | null {
  const { urn, rest } = splitUrn(kind, key);
  if (urn !== null && rest === "" && urn !== RESOURCE_SCHEMAS[kind].core) return { extension: urn };
  const resolved = resolvePath(kind, key);
  if (!resolved || resolved.keys.length !== 1) return null;
  return { def: resolved.def, name: resolved.def.name };
}

function schemaDocument(id: string, name: string, description: string, attributes: AttributeDef[], location: string) {
  return { schemas: [SCHEMA.schema], id, name, description, attributes, meta: { resourceType: "Schema", location } };
}

/** The /Schemas documents (RFC 7643 §7), each with its absolute location under `base`. */
export function schemaDocuments(base: string) {
  return [
    schemaDocument(SCHEMA.user, "User", "User Account", USER_ATTRIBUTES, `${base}/Schemas/${SCHEMA.user}`),
    schemaDocument(SCHEMA.enterpriseUser, "EnterpriseUser", "Enterprise User", ENTERPRISE_ATTRIBUTES, `${base}/Schemas/${SCHEMA.enterpriseUser}`),
    schemaDocument(SCHEMA.group, "Group", "Group", GROUP_ATTRIBUTES, `${base}/Schemas/${SCHEMA.group}`),
  ];
}
