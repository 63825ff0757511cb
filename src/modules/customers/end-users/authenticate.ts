/**
 * The end user behind an access token presented to one application's routes, checked
 * the strict way: the signature and audience (this application), and the session still
 * live, so a sign-out counts at once. What to do with a disabled end user is the
 * caller's choice (a 403 to act, a 401 to ask who is signed in).
 */
import type { AppContext } from "../../../context";
import { orgById } from "../../orgs/index";
import { endUserErrors } from "./errors";
import type { EndUserRow, EndUserSessionRow } from "./schema";
import { findEndUserById } from "./service";
import { liveSession } from "./sessions";
import type { SignInClient } from "./sign-in";
import { verifyAccessToken, type EndUserClaims } from "./tokens";

export interface AuthenticatedEndUser {
  claims: EndUserClaims;
  session: EndUserSessionRow;
  endUser: EndUserRow;
}

/** Throws 401 invalid_access_token when the token is missing, invalid, expired, another application's, or its session ended. */
export async function authenticateEndUser(
  deps: Pick<AppContext, "db" | "clock" | "config" | "keyring">,
  client: SignInClient,
  token: string | null,
): Promise<AuthenticatedEndUser> {
  const invalid = () => endUserErrors.error("invalidAccessToken", { message: "sign in first: a valid end-user access token for this application is required" });
  if (!token) throw invalid();
  const org = await orgById(deps.db.read, client.appGroup.orgId);
  if (!org) throw invalid();
  const claims = await verifyAccessToken(deps, org.slug, token, { audience: client.application.clientKey });
  const session = await liveSession(deps.db.read, claims.sid, deps.clock.now());
  if (!session || session.endUserId !== claims.sub || session.applicationId !== client.application.id) throw invalid();
  const endUser = await findEndUserById(deps.db.read, client.appGroup.id, claims.sub);
  if (!endUser) throw invalid();
  return { claims, session, endUser };
}
