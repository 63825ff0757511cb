/**
 * How every sign-in route answers once the identity is proven (openSignIn committed):
 * the SignedIn body, or mfaRequired when the sign-in is held for its second factor; and
 * for the hosted portal, the cookie and exchange code of portal.ts instead of a refresh
 * token in the body.
 */
import type { Cookie } from "elysia";
import type { AppContext } from "../../../context";
import type { MfaRequiredResponse, SignedInResponse } from "./model";
import { fromPortal, issueExchangeCode, portalOf, setPortalCookie, withCode } from "./portal";
import { deliverSignIn, type OpenedSignIn, type SignInClient } from "./sign-in";

export { portalVerifyUrl } from "./portal";

export type SignedInBody = typeof SignedInResponse.static;
export type SignInResponseBody = SignedInBody | typeof MfaRequiredResponse.static;

export interface SignInHttp {
  request: Request;
  cookie: Record<string, Cookie<unknown>>;
}

/**
 * After the sign-in's write committed: deliverSignIn signs the access token (or answers
 * mfaRequired). From the portal's origin, a completed sign-in's refresh token goes into
 * the portal cookie and the body carries `code` (and `redirectTo`, the redirect with the
 * code appended) instead.
 */
export async function respondSignIn(
  deps: Pick<AppContext, "db" | "secrets" | "keyring" | "config" | "clock" | "sms">,
  http: SignInHttp,
  client: SignInClient,
  opened: OpenedSignIn,
  now: number,
): Promise<SignInResponseBody> {
  const delivered: SignInResponseBody = await deliverSignIn(deps, client, opened, now);
  if (!("session" in opened) || !("accessToken" in delivered) || !fromPortal(portalOf(deps.config, client), http.request)) return delivered;
  const { session, refreshToken, endUser } = opened;
  const code = await deps.db.write((tx) => issueExchangeCode(tx, client, endUser.id, { amr: session.amr, portalSessionId: session.id }, now));
  setPortalCookie(portalOf(deps.config, client), http.cookie, client.appGroup, refreshToken, session.expiresAt);
  const { refreshToken: _keptInCookie, ...body } = delivered;
  return { ...body, code, redirectTo: withCode(delivered.redirectUrl, code) };
}
