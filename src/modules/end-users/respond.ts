/**
 * How every sign-in route answers once the identity is proven and the session opened:
 * the SignedIn body, and for the hosted portal the cookie and exchange code of
 * portal.ts instead of a refresh token in the body.
 */
import type { Cookie } from "elysia";
import type { AppContext } from "../../context";
import type { SignedInResponse } from "./model";
import { fromPortal, issueExchangeCode, setPortalCookie, withCode } from "./portal";
import { deliverSignIn, type OpenedSignIn, type SignInClient } from "./sign-in";

export { portalVerifyUrl } from "./portal";

export type SignedInBody = typeof SignedInResponse.static;

export interface SignInHttp {
  request: Request;
  cookie: Record<string, Cookie<unknown>>;
}

/**
 * After the sign-in's write committed: signs the access token (deliverSignIn) and shapes
 * the answer. From the portal's origin, the refresh token goes into the portal cookie
 * and the body carries `code` (and `redirectTo`, the redirect with the code) instead.
 */
export async function respondSignIn(
  deps: Pick<AppContext, "db" | "secrets" | "keyring" | "config">,
  http: SignInHttp,
  client: SignInClient,
  opened: OpenedSignIn,
  now: number,
): Promise<SignedInBody> {
  const signedIn = await deliverSignIn(deps, client, opened, now);
  if (!fromPortal(deps.config, http.request)) return signedIn;
  const code = await deps.db.write((tx) =>
    issueExchangeCode(tx, client, opened.endUser.id, { amr: opened.session.amr, portalSessionId: opened.session.id }, now),
  );
  setPortalCookie(deps.config, http.cookie, client.appGroup, opened.refreshToken, opened.session.expiresAt);
  const { refreshToken: _keptInCookie, ...body } = signedIn;
  return { ...body, code, redirectTo: withCode(signedIn.redirectUrl, code) };
}
