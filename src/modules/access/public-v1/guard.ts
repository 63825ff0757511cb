/**
 * The public v1 guard (spec 4.2, 5.1): an org API key in `X-Api-Key: ah_live_…` or
 * `Authorization: Bearer ah_live_…`. Missing, invalid or revoked: 401; a key bound to a
 * service account that is no longer active: 401.
 *
 * - `{ apiKey: true }`: any key of the organization, app-group-scoped ones included.
 * - `{ orgWideKey: true }`: an org-wide key; an app-group-scoped key is refused with
 *   401 org_wide_key_required, as the spec answers it on file routes.
 *
 * The handler gets `keyOrg` (the organization behind the key) and `apiKey` (the key).
 * Every request reads the key afresh, so a revocation applies to the next one.
 */
import { Elysia } from "elysia";
import type { AppContext } from "../../../context";
import { ApiError } from "../../../platform/http/errors";
import { bearerToken } from "../../identity/guard";
import { findApiKeyBySecret, type ApiKey } from "../machine/api-keys";
import { KeyErrors } from "../machine/errors";
import { orgById } from "../machine/hot-queries";
import { activeServiceAccount } from "../../orgs/members/service-accounts";
import type { Organization } from "../../orgs/access";

export const PublicApiErrors = {
  apiKeyRequired: "api_key_required",
} as const;

export interface PublicApiAccess {
  keyOrg: Organization;
  apiKey: ApiKey;
}

function unauthorized(code: string, message: string): ApiError {
  return new ApiError(401, code, { message });
}

/** The key a request presents: X-Api-Key first, else a bearer credential. */
function presentedKey(request: Request): string | null {
  return request.headers.get("x-api-key")?.trim() || bearerToken(request);
}

export async function resolvePublicApiKey(deps: Pick<AppContext, "db">, request: Request, options: { orgWide: boolean }): Promise<PublicApiAccess> {
  const secret = presentedKey(request);
  if (!secret) throw unauthorized(PublicApiErrors.apiKeyRequired, "send an org API key in X-Api-Key (or Authorization: Bearer)");
  const key = await findApiKeyBySecret(deps.db.read, secret);
  if (!key) throw unauthorized(KeyErrors.invalidApiKey, "the API key is not valid");
  // Spec 5.1: a revoked key answers 401; callers treat it as an outage, not as "no organization".
  if (key.revokedAt !== null) throw unauthorized(KeyErrors.apiKeyRevoked, "the API key has been revoked");
  if (key.serviceAccountId && !(await activeServiceAccount(deps.db.read, key.orgId, key.serviceAccountId))) {
    throw unauthorized(KeyErrors.serviceAccountInactive, "the key's service account is suspended or deleted");
  }
  if (options.orgWide && key.appGroupId !== null) throw unauthorized(KeyErrors.orgWideKeyRequired, "this route needs an org-wide API key, not an app-group-scoped one");
  const org = await orgById(deps.db.read, key.orgId);
  if (!org) throw unauthorized(KeyErrors.invalidApiKey, "the API key is not valid");
  return { keyOrg: org, apiKey: key };
}

export function publicApiGuard(ctx: Pick<AppContext, "db">) {
  return new Elysia({ name: "public-v1.guard" }).macro({
    apiKey: {
      async resolve({ request }) {
        const { keyOrg, apiKey } = await resolvePublicApiKey(ctx, request, { orgWide: false });
        return { keyOrg, apiKey };
      },
    },
    orgWideKey: {
      async resolve({ request }) {
        const { keyOrg, apiKey } = await resolvePublicApiKey(ctx, request, { orgWide: true });
        return { keyOrg, apiKey };
      },
    },
  });
}
