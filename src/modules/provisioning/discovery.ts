/**
 * Discovery (RFC 7644 §4; RFC 7643 §5–7): what this service provider does, advertised as
 * it is. PATCH yes; filter yes (maxResults 200); bulk, sort, changePassword and ETags no;
 * one authentication scheme, the organization's SCIM bearer token.
 */
import { provisioningErrors } from "./errors";
import { MAX_RESULTS, type ScimCaller } from "./caller";
import { schemaDocuments, SCHEMA } from "./scim-schemas";

const DOCS = "https://www.rfc-editor.org/rfc/rfc7644";

export function serviceProviderConfig(caller: ScimCaller) {
  return {
    schemas: [SCHEMA.serviceProviderConfig],
    documentationUri: DOCS,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "SCIM bearer token",
        description: "The organization's SCIM token (ah_scim_…), created by its owner or an admin in the dashboard, as Authorization: Bearer",
        primary: true,
      },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: `${caller.base}/ServiceProviderConfig` },
  };
}

function resourceTypes(caller: ScimCaller) {
  return [
    {
      schemas: [SCHEMA.resourceType],
      id: "User",
      name: "User",
      endpoint: "/Users",
      description: "The organization's members (their Person badges); agents and service accounts are not Users",
      schema: SCHEMA.user,
      schemaExtensions: [{ schema: SCHEMA.enterpriseUser, required: false }],
      meta: { resourceType: "ResourceType", location: `${caller.base}/ResourceTypes/User` },
    },
    {
      schemas: [SCHEMA.resourceType],
      id: "Group",
      name: "Group",
      endpoint: "/Groups",
      description: "The organization's custom roles; members are the Users who hold the role",
      schema: SCHEMA.group,
      schemaExtensions: [],
      meta: { resourceType: "ResourceType", location: `${caller.base}/ResourceTypes/Group` },
    },
  ];
}

function list(resources: unknown[]) {
  return { schemas: [SCHEMA.listResponse], totalResults: resources.length, itemsPerPage: resources.length, startIndex: 1, Resources: resources };
}

export function resourceTypeList(caller: ScimCaller) {
  return list(resourceTypes(caller));
}

export function resourceType(caller: ScimCaller, id: string) {
  const found = resourceTypes(caller).find((r) => r.id.toLowerCase() === id.toLowerCase());
  if (!found) throw provisioningErrors.error("resourceNotFound", { message: `no resource type ${id.slice(0, 100)}` });
  return found;
}

export function schemaList(caller: ScimCaller) {
  return list(schemaDocuments(caller.base));
}

export function schemaById(caller: ScimCaller, id: string) {
  const found = schemaDocuments(caller.base).find((s) => s.id.toLowerCase() === id.toLowerCase());
  if (!found) throw provisioningErrors.error("resourceNotFound", { message: `no schema ${id.slice(0, 200)}` });
  return found;
}
