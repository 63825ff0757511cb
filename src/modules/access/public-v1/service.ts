/**
 * Public v1 organization lookups (spec 4.2). An org API key sees its own organization
 * only: a lookup that names another organization answers as if it did not exist (404,
 * or an empty list). The spec's "platform partner" keys, which would see further, do
 * not exist yet (docs/machine-access.md).
 */
import type { AppContext } from "../../../context";
import { kernelErrors } from "../../../platform/http/error-catalog";
import type { ApiError } from "../../../platform/http/errors";
import type { ApiKey } from "../machine/api-keys";
import { type Organization, ownerEmailOf, publicOrgView } from "../../orgs/index";

export interface PublicOrgView {
  id: string;
  name: string;
  slug: string;
  ready: boolean;
}

export interface PublicApiMe extends PublicOrgView {
  apiKey: {
    id: string;
    prefix: string;
    scopes: string[];
    appGroupId: string | null;
    serviceAccountId: string | null;
    maxTokenLifetimeSeconds: number;
  };
}

/** GET /api/public/v1/me: the organization behind the key, and the key. */
export async function describeKey(deps: Pick<AppContext, "db">, org: Organization, key: ApiKey): Promise<PublicApiMe> {
  return {
    ...(await publicOrgView(deps.db.read, org)),
    apiKey: {
      id: key.id,
      prefix: key.prefix,
      scopes: key.scopes,
      appGroupId: key.appGroupId,
      serviceAccountId: key.serviceAccountId,
      maxTokenLifetimeSeconds: key.maxTokenLifetimeSeconds,
    },
  };
}

function sameEmail(a: string | null, b: string): boolean {
  return a !== null && a.toLowerCase() === b.trim().toLowerCase();
}

/** Names compare as people type them: case, surrounding and repeated spaces do not matter. */
function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
  return norm(a) === norm(b);
}

function notFound(): ApiError {
  return kernelErrors.error("notFound", { message: "no such organization" });
}

/** POST /api/public/v1/orgs/by-owner: the key's organization when `ownerEmail` owns it, else none. */
export async function orgsByOwner(deps: Pick<AppContext, "db">, org: Organization, ownerEmail: string): Promise<PublicOrgView[]> {
  return sameEmail(await ownerEmailOf(deps.db.read, org), ownerEmail) ? [await publicOrgView(deps.db.read, org)] : [];
}

/** POST /api/public/v1/orgs/match: the key's organization when both its owner's e-mail and its name match, else 404. */
export async function matchOrg(deps: Pick<AppContext, "db">, org: Organization, input: { ownerEmail: string; orgName: string }): Promise<PublicOrgView> {
  if (!sameName(org.name, input.orgName) || !sameEmail(await ownerEmailOf(deps.db.read, org), input.ownerEmail)) throw notFound();
  return publicOrgView(deps.db.read, org);
}

/** POST /api/public/v1/orgs/by-id: the key's organization when `orgId` is its id, else 404. */
export async function orgById(deps: Pick<AppContext, "db">, org: Organization, orgId: string): Promise<PublicOrgView> {
  if (orgId.trim() !== org.id) throw notFound();
  return publicOrgView(deps.db.read, org);
}
