/**
 * The partner routes of public v1 (spec 4.2) that act for a person: an org API key plus
 * `Authorization: Bearer <end-user access token>` the key's organization signed.
 *
 * - The person is the token's verified e-mail address. The token must verify against
 *   the key's organization's JWKS, and its session must still be live (a signed-out
 *   token is refused at once, not 15 minutes later): else 401 invalid_access_token.
 * - Spec 5.7: an end user and a dashboard user are separate identities, and only a
 *   matching e-mail address connects them.
 * - A platform partner's key is an org-wide key the operator issued (`signet admin
 *   bootstrap`, createOperatorApiKey: it has no creating user). No dashboard or API route
 *   can make one, so only the deployment's operator decides who is a partner.
 */
import type { AppContext } from "../../../../context";
import { ApiError } from "../../../../platform/http/errors";
import { normaliseEmail, userByEmail } from "../../../identity/index";
import { appErrors } from "../../apps/errors";
import type { AppGroupCreateInput, AppGroupSummaryView } from "../../apps/model";
import { createAppGroup } from "../../apps/service";
import { endUserErrors } from "../errors";
import { liveSession } from "../sessions";
import { verifyAccessToken } from "../tokens";
import type { ApiKey, KeyCaller } from "../../../access/index";
import { type Organization, orgById, ownerStatus, type OwnerStatus, resolveOrgAccess } from "../../../orgs/index";
import { importErrors } from "./errors";

type TokenDeps = Pick<AppContext, "db" | "clock" | "keyring" | "config">;

/** True for a key the operator issued (no creating user) that covers the whole organization. */
export function isPlatformPartnerKey(key: Pick<ApiKey, "createdBy" | "appGroupId">): boolean {
  return key.createdBy === null && key.appGroupId === null;
}

function invalidAccessToken(): ApiError {
  return endUserErrors.error("invalidAccessToken", { message: "send the end-user access token the key's organization signed as Authorization: Bearer; it is missing, invalid, expired or signed out" });
}

/** The verified e-mail address of the person behind the request's end-user token. */
export async function personEmail(deps: TokenDeps, org: Organization, token: string | null): Promise<string> {
  if (!token) throw invalidAccessToken();
  const claims = await verifyAccessToken(deps, org.slug, token);
  if (claims.org !== org.id) throw invalidAccessToken();
  const session = await liveSession(deps.db.read, claims.sid, deps.clock.now());
  if (!session || session.endUserId !== claims.sub) throw invalidAccessToken();
  if (!claims.email || claims.email_verified !== true) {
    throw importErrors.error("verifiedEmailRequired", { message: "the end user has no verified e-mail address, which is what names a dashboard person" });
  }
  return normaliseEmail(claims.email);
}

/** POST /api/public/v1/orgs/owner-status: {state, orgs} of the person behind the token. */
export async function ownerStatusOfPerson(deps: TokenDeps, caller: KeyCaller, endUserToken: string | null): Promise<OwnerStatus> {
  return ownerStatus(deps.db.read, await personEmail(deps, caller.org, endUserToken));
}

export type PartnerAppGroupInput = Pick<AppGroupCreateInput, "name" | "description" | "iconUrl" | "brandColor"> & { orgId: string };

function ownerRequired(): ApiError {
  return importErrors.error("ownerRequired", { field: "orgId", message: "the person behind the end-user token does not own this organization" });
}

/**
 * POST /api/public/v1/orgs/app-groups/create: the dashboard's creation (permission
 * check, first application, audit event, owner e-mail after commit), run as the
 * dashboard user whose e-mail is the token's, in the organization `orgId`, which that
 * user must own.
 */
export async function createAppGroupForPerson(deps: TokenDeps & Pick<AppContext, "secrets" | "mail" | "logger">, caller: KeyCaller,
  endUserToken: string | null,
  input: PartnerAppGroupInput,
): Promise<AppGroupSummaryView> {
  if (!isPlatformPartnerKey(caller.key)) {
    throw importErrors.error("platformPartnerRequired", { message: "this route takes a platform partner's key, one the operator issued" });
  }
  const email = await personEmail(deps, caller.org, endUserToken);
  const org = await orgById(deps.db.read, input.orgId);
  if (!org) throw appErrors.error("notFound", { field: "orgId", message: "no such organization" });
  const user = await userByEmail(deps.db.read, email);
  if (!user) throw ownerRequired();
  const access = await resolveOrgAccess(deps.db.read, org.slug, { userId: user.id, email: user.email });
  if (!access?.actor.isOwner) throw ownerRequired();
  // The owner acts through the partner's request: its id and origin go on the audit trail.
  const group = await createAppGroup(deps, { org: access.org, actor: access.actor, requestId: caller.requestId, ip: caller.ip, userAgent: caller.userAgent }, input);
  return { groupKey: group.groupKey, id: group.id, orgId: group.orgId, name: group.name, description: group.description, iconUrl: group.iconUrl, brandColor: group.brandColor };
}
