/** Who calls a SCIM route (an organization's SCIM token), and the helpers its services share. */
import type { AppContext } from "../../context";
import type { AuditActor } from "../../platform/audit/append";
import { toIso } from "../../platform/clock";
import type { EventOrigin, Organization } from "../orgs/index";
import { matchesFilter, parseFilter } from "./filter";
import { project, splitList, type Projection } from "./projection";
import { SCHEMA, type ResourceKind } from "./scim-schemas";

/** A SCIM resource as a route answers it. */
export type ScimJson = { schemas: string[]; id?: string } & Record<string, unknown>;

export type ProvisioningDeps = Pick<AppContext, "db" | "clock">;

/** A request on /scim/v2/{slug} with a live SCIM token of that organization. */
export interface ScimCaller {
  org: Organization;
  tokenId: string;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The organization's SCIM base URL (`{SIGNET_BASE_URL}/scim/v2/{slug}`), for meta.location. */
  base: string;
}

export function auditActorOfToken(caller: ScimCaller): AuditActor {
  return { kind: "scim", id: caller.tokenId };
}

/** How orgs' door records the org.* events of a SCIM change: the token is the actor. */
export function originOf(caller: ScimCaller): EventOrigin {
  return { org: { id: caller.org.id }, auditActor: auditActorOfToken(caller), requestId: caller.requestId, ip: caller.ip, userAgent: caller.userAgent };
}

export function meta(caller: ScimCaller, resourceType: ResourceKind, id: string, created: number, lastModified: number) {
  return { resourceType, created: toIso(created), lastModified: toIso(lastModified), location: `${caller.base}/${resourceType}s/${id}` };
}

/** Results per page when the client does not say, and at most (ServiceProviderConfig's filter.maxResults). */
export const DEFAULT_PAGE = 100;
export const MAX_RESULTS = 200;

export interface ListQuery {
  filter?: string;
  startIndex?: number;
  count?: number;
  attributes?: string;
  excludedAttributes?: string;
}

export function projectionOf(query: { attributes?: string; excludedAttributes?: string }): Projection {
  return { attributes: splitList(query.attributes), excluded: splitList(query.excludedAttributes) };
}

/**
 * A ListResponse (RFC 7644 §3.4.2): the resources matching the filter, oldest first,
 * the page from startIndex (1-based; below 1 is 1) of `count` (negative is 0; at most
 * MAX_RESULTS), each projected as asked.
 */
export function listResponse(kind: ResourceKind, resources: Record<string, unknown>[], query: ListQuery) {
  const filter = query.filter !== undefined && query.filter.trim() !== "" ? parseFilter(query.filter) : null;
  const projection = projectionOf(query);
  const matched = filter ? resources.filter((r) => matchesFilter(kind, r, filter)) : resources;
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const count = Math.min(MAX_RESULTS, Math.max(0, query.count ?? DEFAULT_PAGE));
  const page = matched.slice(startIndex - 1, startIndex - 1 + count).map((r) => project(kind, r, projection));
  return { schemas: [SCHEMA.listResponse], totalResults: matched.length, itemsPerPage: page.length, startIndex, Resources: page };
}
